"""Rules entries that say what the rulebook line says, in both languages (issue 27).

Each test names the rulebook line it follows; the checks read the entry's own
prose (title, answer, detail), folded so accents and capitals do not matter.
"""
from __future__ import annotations

import re

from companion.rules.library import all_entries
from companion.rules.text import fold


def prose(game: str, eid: str, lang: str) -> str:
    entry = next(e for e in all_entries() if (e.game, e.id, e.lang) == (game, eid, lang))
    return " ".join(fold(f"{entry.title} {entry.answer} {entry.detail}").split())


def test_heroic_moves_climb_a_ladder_per_hero_with_pericles_and_leto_in_the_cost_table():
    """cyclades-rules.txt 296-299: each hero's moves cost 1, 2, 3... gold; 328: Pericles pays 1 for each;
    323: Leto moves under Apollo. The cost table and the heroic-move entry both say so."""
    for eid in ("heroic-move", "god-costs"):
        en, pt = prose("cyclades", eid, "en"), prose("cyclades", eid, "pt")
        assert "per hero" in en and "por heroi" in pt, eid
        assert "pericles" in en and "pericles" in pt, eid
    assert "leto" in prose("cyclades", "god-costs", "en") and "leto" in prose("cyclades", "god-costs", "pt")
    assert "1 + 1" in prose("cyclades", "heroic-move", "en") and "1 + 1" in prose("cyclades", "heroic-move", "pt")


def test_the_heroes_entry_names_leto_as_the_apollo_exception():
    """cyclades-rules.txt 323 (with 306): under Apollo heroes neither move nor are sacrificed, except Leto."""
    assert "leto" in prose("cyclades", "heroes", "en") and "apollo" in prose("cyclades", "heroes", "en")
    assert "leto" in prose("cyclades", "heroes", "pt") and "apolo" in prose("cyclades", "heroes", "pt")


def test_a_temples_discount_counts_once_a_round():
    """cyclades-rules.txt 115: a temple's creature discount can be used only once per round."""
    assert "once a round" in prose("cyclades", "buying-creatures", "en")
    assert "uma vez por rodada" in prose("cyclades", "buying-creatures", "pt")


def test_three_metropolises_end_the_game_at_the_end_of_the_round():
    """cyclades-rules.txt 183-192: the game ends at the end of the round in which someone holds 3
    metropolises (or a player was eliminated); most metropolises win, then most gold, then a shared win."""
    en, pt = prose("cyclades", "metropolis", "en"), prose("cyclades", "metropolis", "pt")
    assert "end the game at the end of that round" in en and "encerram a partida no fim daquela rodada" in pt
    assert "does not win on the spot" in en and "nao vence na hora" in pt
    assert "most gold" in en and "mais ouro" in pt and "share the win" in en and "divide a vitoria" in pt
    assert "win the game" not in en and "vencem a partida" not in pt


def test_a_finished_pawn_takes_the_last_free_slot():
    """cyclades-rules.txt 100: after its god, a pawn goes to the track's slot for the player count (slot 3 of
    3), which the code reads as the last free slot: the first to finish bids last next round."""
    assert "last free slot" in prose("cyclades", "turn-order", "en")
    assert "ultimo espaco livre" in prose("cyclades", "turn-order", "pt")


def test_two_player_factions_share_only_their_gold():
    """cyclades-rules.txt 26-28: with 2 players each runs 2 factions, and the 10 gold is what they share;
    the entry says so and says what the app's tracker does where it differs."""
    en, pt = prose("cyclades", "two-player-game", "en"), prose("cyclades", "two-player-game", "pt")
    assert "gold is the only thing" in en and "o ouro e a unica coisa" in pt
    assert "in this app" in en and "neste app" in pt


def test_achilles_and_croesus_entries_say_how_the_odds_read_them():
    """cyclades-rules.txt 314 (a lost round; 240: a tie takes a unit from both) and 317 (re-rolls while the
    gold lasts)."""
    assert "tied round is not a lost one" in prose("cyclades", "achilles", "en")
    assert "empatada nao conta como perdida" in prose("cyclades", "achilles", "pt")
    assert "no limit beyond your gold" in prose("cyclades", "croesus", "en")
    assert "sem limite alem do seu ouro" in prose("cyclades", "croesus", "pt")


def test_kleos_tie_breakers_list_all_four_criteria_in_both_languages():
    """kleos-rulebook.txt 327-330: four tie-breakers, the last being the most Minions on City Locations."""
    for lang, last in (("en", "most minions in total on city locations"), ("pt", "mais lacaios no total em locais da cidade")):
        text = prose("kleos", "tie-breakers", lang)
        assert [n for n in ("1.", "2.", "3.", "4.") if n in text] == ["1.", "2.", "3.", "4."], lang
        assert last in text, lang


def test_kleos_portuguese_entries_keep_their_english_clauses():
    """kleos-rulebook.txt 129 (a killed Champion goes home and loses what is attached), 249 (leaving enemies
    gives them an Opportunity Attack, except from the Port), 225 (a fifth Minion: send one to Hades first;
    Cursed ones cannot be dropped)."""
    assert "campeao que seria morto tambem perde tudo" in prose("kleos", "blessing", "pt")
    movement = prose("kleos", "movement", "pt")
    assert "ataque de oportunidade" in movement and "exceto ao sair do porto" in movement
    champion = prose("kleos", "champion-in-combat", "pt")
    assert "templo do dono" in champion and "hades" in champion
    limit = prose("kleos", "minion-limit", "pt")
    assert "hades" in limit and "maldicao" in limit and "templo" in limit


def test_lords_of_hellas_priests_go_back_to_their_owners_reserve():
    """lords-of-hellas-summary-pt.txt 11: building a Monument sends every Priest on the Monuments back to
    its owner's supply (the app calls it the reserve, as the tracker does)."""
    for eid in ("build-monument", "priests"):
        text = prose("lords_of_hellas", eid, "pt")
        assert "reserva" in text and "dono" in text, eid
        assert not re.search(r"voltam aos donos|volta aos donos", text), eid


def test_athena_even_names_any_other_player_not_the_target():
    """fleecing-olympus-rulebook.txt 39-45: the power is used before the Target is chosen; 162: Athena's
    Even power looks at a player's hand, any other player."""
    answer = prose("fleecing_olympus", "athena-even", "pt").split(" voce ve")[0]
    assert "alvo" not in answer and "outro jogador" in answer
    assert "any other player" in prose("fleecing_olympus", "athena-even", "en")


def test_zeus_takes_up_to_three_gems_and_aphrodite_gives_each_player_a_card():
    """fleecing-olympus-rulebook.txt 203: Zeus takes up to three gems, not the whole Bank; 142: Aphrodite
    draws one card per player and gives each player one, alike in both languages."""
    deities = prose("fleecing_olympus", "deities", "pt")
    assert "esvazia o banco" not in deities and "ate tres gemas" in deities
    assert "as many as three gems" in prose("fleecing_olympus", "deities", "en")
    assert "give each player one card" in prose("fleecing_olympus", "aphrodite-even", "en")
    assert "de a cada jogador uma carta" in prose("fleecing_olympus", "aphrodite-even", "pt")


def test_lords_of_hellas_hunt_says_descarte():
    """lords-of-hellas-summary-pt.txt 9: Combat Cards are discarded ("descarte") to wound a Monster."""
    hunt = " ".join(prose("lords_of_hellas", e.id, "pt") for e in all_entries()
                    if e.game == "lords_of_hellas" and e.lang == "pt")
    assert "jogue fora" not in hunt and "descarte cartas de combate" in hunt


def test_lords_of_hellas_army_strength_counts_the_hoplites_and_the_cards():
    """lords-of-hellas-summary-pt.txt 13 only says to compare Army Strength (the defender wins a tie); the
    published rulebook counts one per Hoplite in the battle plus each Combat Card, and the entry says so."""
    en, pt = prose("lords_of_hellas", "battle", "en"), prose("lords_of_hellas", "battle", "pt")
    assert "one for each of the side's hoplites" in en and "um por hoplita" in pt
    assert "not our summary" in en and "nao do nosso resumo" in pt
    assert "the defender wins" in en and "o defensor leva" in pt
