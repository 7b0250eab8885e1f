"""The shared core: chance, undo, events, errors."""

from __future__ import annotations

import pytest

from kit.core import Chance, IllegalAction, NothingToUndo
from kit.lostcities import LostCities


def test_seeds_must_be_integers():
    with pytest.raises(TypeError):
        Chance("7")
    with pytest.raises(ValueError):
        LostCities(seed=1.5)


def test_undo_and_play_chain():
    game = LostCities(seed=1)
    before = game.fingerprint()
    game.play(f"discard {game.hands[0][0]}", "draw deck")
    game.undo(2)
    assert game.fingerprint() == before
    with pytest.raises(NothingToUndo):
        game.undo()


def test_illegal_action_carries_its_rule_and_reason():
    error = IllegalAction("LC-3.1", "a 7 cannot follow the 8 on Desert")
    assert str(error) == "LC-3.1: a 7 cannot follow the 8 on Desert"
    assert error.rule == "LC-3.1" and isinstance(error, ValueError)


def test_applying_a_foreign_object_is_an_illegal_action():
    game = LostCities(seed=1)
    with pytest.raises(IllegalAction, match="not an action of lost-cities"):
        game.apply(42)


def test_replay_reports_the_failing_step():
    with pytest.raises(IllegalAction, match="step 1"):
        LostCities.replay(LostCities(seed=1).settings, ["draw deck"])


def test_events_for_a_viewer_hide_secrets_and_every_event_has_text():
    game = LostCities(seed=1)
    game.play(f"discard {game.hands[0][0]}", "draw deck")
    mine, theirs = game.events_for(0), game.events_for(1)
    assert "card" in mine[-1] and "card" not in theirs[-1]
    assert all(entry["text"] and entry["rule"].startswith("LC-") for entry in mine + theirs)
    assert "hand" in game.events_for(0)[1] and "hand" not in game.events_for(1)[1]
    spectator, everything = game.events_for(None), game.open_events()
    assert "card" not in spectator[-1] and "hand" not in spectator[1] and "hand" not in spectator[2]
    assert everything[-1]["card"] == mine[-1]["card"] and "hand" in everything[2]
    assert "draws a card" in spectator[-1]["text"] and mine[-1]["card"] in everything[-1]["text"]
    assert repr(game).startswith("<LostCities seed=1 step 2")


def test_the_end_of_a_game_reads_as_words_with_every_score_and_a_shared_win():
    from kit.core.events import final_scores_in_words, winners_in_words

    assert final_scores_in_words("game", "player", [61, 33, 61], [0, 2]) == (
        "The game is over: player 0 61, player 1 33, player 2 61; player 0 and player 2 share the win."
    )
    side_wins = "The match is over: side 0 7, side 1 -90; side 0 wins."
    assert final_scores_in_words("match", "side", [7, -90], [0]) == side_wins
    assert winners_in_words(["you"]) == "you win"
    assert winners_in_words(["you", "player 1", "player 3"]) == "you, player 1 and player 3 share the win"
