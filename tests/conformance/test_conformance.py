"""The conformance suite every game runs: random seeded games checked after every action.

Ideas from OpenSpiel's basic tests: legal actions are unique and all accepted, undo reaches every
earlier state, save/load round-trips, a player's view does not depend on what they cannot see,
the game's own invariants hold throughout, and the same seed gives the same game.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from kit.core import Chance, IllegalAction, loads, random_playout

from .cases import CASES

SEEDS = [1, 2]
STEP_CAP = 400  # the suite looks at the first actions of each game; the cap never ends a game early

cases = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
seeds = pytest.mark.parametrize("seed", SEEDS)


def walk(case, seed, steps=STEP_CAP):
    """Yield (game, step) along a random game; the game is advanced after each yield."""
    game = case.new_game(seed)
    chance = Chance(seed + 100)
    for step in range(steps):
        if game.is_over:
            return
        yield game, step
        game.apply(game.random_action(chance))


@cases
@seeds
def test_legal_actions_unique_accepted_and_readable(case, seed):
    for game, _ in walk(case, seed, 150):
        legal = game.legal_actions()
        texts = [str(a) for a in legal]
        assert legal, "a player to move always has a legal action"
        assert len(set(texts)) == len(texts), f"duplicate legal actions: {texts}"
        assert len(set(legal)) == len(legal)
        for action, text in zip(legal, texts):
            assert game.parse_action(text) == action, "an action's text must read back as the action"
            copy = game.clone()
            copy.apply(action)  # must not raise
            copy.check_invariants()


@cases
@seeds
def test_illegal_actions_raise_with_rule_id_and_change_nothing(case, seed):
    rule_id = re.compile(rf"^{re.escape(case.rule_prefix)}\d+(\.\d+)*: \S")
    rejected = 0
    for game, _ in walk(case, seed, 150):
        legal = {str(a) for a in game.legal_actions()}
        before = game.fingerprint()
        for text in case.probes(game):
            if text in legal:
                continue
            with pytest.raises(IllegalAction) as raised:
                game.apply(text)
            assert rule_id.match(str(raised.value)), f"{text!r}: message lacks a rule id: {raised.value}"
            # the reason says in words what is wrong: never a missing value shown as "None"
            assert isinstance(raised.value.reason, str) and "None" not in str(raised.value), raised.value
            rejected += 1
        assert game.fingerprint() == before, "a rejected action changed the game"
    assert rejected > 1000


@cases
@seeds
def test_invariants_hold_after_every_action_and_events_name_rules(case, seed):
    game = case.new_game(seed)
    chance = Chance(seed)
    game.check_invariants()
    while not game.is_over:
        game.apply(game.random_action(chance))
        game.check_invariants()
    for event in game.events():
        assert event.rule.startswith(case.rule_prefix), event
    assert game.winners()


@cases
def test_undo_returns_to_every_earlier_state(case):
    game = case.new_game(5)
    chance = Chance(5)
    prints = [game.fingerprint()]
    for _ in range(120):
        if game.is_over:
            break
        game.apply(game.random_action(chance))
        prints.append(game.fingerprint())
    for expected in reversed(prints[:-1]):
        game.undo()
        assert game.fingerprint() == expected
    assert not game.history


@cases
@seeds
def test_save_and_load_round_trip_mid_game(case, seed):
    game = case.new_game(seed)
    chance = Chance(seed)
    for stop in (0, 37, 101):
        while len(game.history) < stop and not game.is_over:
            game.apply(game.random_action(chance))
        text = game.dumps()
        loaded = loads(text)
        assert loaded.fingerprint() == game.fingerprint()
        assert json.loads(loaded.dumps()) == json.loads(text)
        # both continue identically
        a, b = game.clone(), loaded
        ca, cb = Chance(9), Chance(9)
        random_playout(a, ca, 60)
        random_playout(b, cb, 60)
        assert a.fingerprint() == b.fingerprint()


@cases
@seeds
def test_a_view_does_not_depend_on_hidden_information(case, seed):
    redealt_differently = checks = 0
    chance = Chance(seed * 7)
    for game, _ in walk(case, seed, 120):
        for player in range(game.settings.players):
            checks += 1
            view = game.view(player)
            assert view["open"] is False and "hands" not in view and "deck" not in view
            other = game.determinize(player, chance)
            other.check_invariants()
            assert other.view(player) == view
            assert other.public_view() == game.public_view()
            redealt_differently += other.open_view() != game.open_view()
    assert checks > 60 and redealt_differently > checks / 2, "determinize should actually redeal hidden cards"


@cases
def test_same_seed_same_game_and_different_seeds_differ(case):
    def run(seed):
        game = case.new_game(seed)
        random_playout(game, Chance(3))
        return game.fingerprint()

    assert run(11) == run(11)
    assert run(11) != run(12)


@cases
def test_random_action_is_uniform_over_the_legal_actions(case):
    chance = Chance(77)
    for game, step in walk(case, 4, 40):
        if step % 7:
            continue
        legal = [str(a) for a in game.legal_actions()]
        samples = 300 * len(legal)
        counts = Counter(str(game.random_action(chance)) for _ in range(samples))
        assert set(counts) == set(legal)
        for text in legal:  # each within 6 standard deviations of its expected 300
            assert abs(counts[text] - 300) < 6 * 300**0.5, (text, counts[text])


@cases
def test_every_legal_action_has_words_in_every_language(case):
    """What a table or a move list shows for a move: the learner's words, one set of words per move,
    never the notation (``str(action)``, which `parse_action` reads) in a language other than English."""
    from kit.i18n import LANGUAGES, language

    kinds: Counter = Counter()
    for game, step in walk(case, SEEDS[0], 150):
        legal = game.legal_actions()
        if step % 4 and not {type(action).__name__ for action in legal} - set(kinds):
            continue  # every fourth position, and each one where a kind of move shows first
        for lang in LANGUAGES:
            with language(lang):
                words = [game.action_words(action) for action in legal]
            assert all(isinstance(w, str) and w.strip() and "{" not in w for w in words), words
            assert len(set(words)) == len(legal), f"two moves with the same words in {lang}: {words}"
            if lang != "en":
                with language("en"):
                    english = [game.action_words(action) for action in legal]
                untranslated = [w for w, e, a in zip(words, english, legal) if w in (e, str(a))]
                assert not untranslated, f"moves left in English in {lang}: {untranslated}"
        kinds.update(type(action).__name__ for action in legal)
    assert kinds, "the walk met legal actions"
