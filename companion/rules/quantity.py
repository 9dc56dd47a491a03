"""Questions about a number ("how many", "quantos", a limit, a cost) want the entry holding it.

Such words are stop words or filler to the index, so "quantos lacaios posso
recrutar" was searched as "lacaios recrutar" and the recruiting entries beat
the Minion limit, which holds the number asked for. A question with a
quantity word gets one more group of alternatives: the words entries use for a
limit, a maximum or a cost. Entries about a quantity then cover more of the
question, and their titles say so.
"""
from __future__ import annotations

from companion.rules.fts import Index
from companion.rules.query import Alternative, Group
from companion.rules.text import fold, stem, words

# Phrases (folded, as word tuples) that ask for a number, in both languages.
ASKS = {("how", "many"), ("how", "much"), ("quantos",), ("quantas",), ("quanto",), ("quanta",),
        ("limit",), ("limite",), ("maximum",), ("max",), ("maximo",), ("minimum",), ("minimo",),
        ("cost",), ("costs",), ("custo",), ("custa",), ("custam",), ("price",), ("preco",)}
# What entries holding a number call it; weighted as a synonym of the question word.
ANSWERS = ("limit", "limite", "maximum", "maximo", "max", "most", "cost", "custo", "minimum", "minimo")
WEIGHT = 0.7


def asks_quantity(query: str) -> bool:
    typed = words(query)
    return any(tuple(typed[i:i + len(a)]) == a for a in ASKS for i in range(len(typed)))


def quantity_group(index: Index) -> Group:
    """The limit words the index holds, as one group of alternatives."""
    held = sorted({stem(fold(w)) for w in ANSWERS} & set(index.doc_freq))
    return tuple(Alternative(t, False, WEIGHT) for t in held)
