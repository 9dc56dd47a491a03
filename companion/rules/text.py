"""Turning prose and questions into comparable search terms.

Entries and queries go through the same steps, so 'Condições', 'condicoes'
and 'condição' all meet on one term, and 'isles'/'isle' or 'heroes'/'hero'
do too. The stemmer is deliberately crude: it only has to be consistent
between the index and the query, never linguistically right.
"""
from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")

# Words that carry no meaning in a rules question, in both languages, including
# the frame of "how does X work" questions. A query made only of these is
# searched as typed.
_STOPWORDS = """
    a an and are as at be been but by can could do does for from had has have
    how i if in into is it its may me might my of on or so than that the their
    them then there these they this to was we were what when where which who
    why will with would you your yours our us
    work works happen happens mean means explain rule rules exactly
    o os as um uma uns umas e ou de da do das dos em no na nos nas ao aos à às
    por pelo pela pelos pelas para pra com sem que se eu ele ela eles elas voce
    você voces vocês meu minha meus minhas seu sua seus suas é ser sao são foi
    era pode posso podem quando onde como qual quais quanto quantos quantas
    isso isto esse essa este esta ja já mais muito ter tem têm tenho temos tinha há
    funciona funcionam acontece significa regra regras
"""


def fold(text: str) -> str:
    """Lowercase without accents, so typing on a keyboard without 'ç' still matches."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """The folded words of `text`, punctuation dropped ("Olympus'" -> "olympus")."""
    return _WORD.findall(fold(text))


def stem(word: str) -> str:
    """Strip plural and common verb endings from a folded word (English and Portuguese)."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("oes"):
        word = word[:-2]
    elif word.endswith("aes"):
        word = word[:-3] + "o"
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) > 6:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us")):
        word = word[:-1]
    if word.endswith("y"):
        word = word[:-1] + "i"
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if word.endswith("ao") and len(word) > 3:
        word = word[:-2] + "o"
    return word


STOPWORDS = frozenset(fold(_STOPWORDS).split())


def keywords(text: str) -> list[str]:
    """The meaningful words of `text`, folded but not stemmed, in order."""
    return [w for w in words(text) if w not in STOPWORDS and (len(w) > 1 or w.isdigit())]


def terms(text: str) -> list[str]:
    """The stemmed keywords of `text`: what the index stores and the query looks for."""
    return [stem(w) for w in keywords(text)]
