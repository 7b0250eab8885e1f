"""Undo never takes back a bot's action that showed anyone a hidden card (issue: undo against a bot
let the learner see the bot's card and replay the turn). Driven from the page's side: clicks arrive
as comm messages (page.py), the learner's actions drawn from the legal actions the page was sent,
and Undo is pressed right after every bot turn in which a bot showed a card from its hand.

Whether a bot's action showed a hidden card is decided by the definition on views
(kit.core.reveals.witness), not by the games' own `reveals()` that undo relies on."""

from __future__ import annotations

import pytest

from kit.core import Chance
from kit.core.reveals import witness
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard

from .page import Page

#: the bots' actions that take a card from their hand (a play, a discard, a placement)
FROM_HAND = {"lost-cities": ("Play", "Discard"), "overbooking": ("Place",)}


def bots_showed_a_card(game, start: int, human: int, chance: Chance) -> bool:
    """Whether a bot action from step `start` on took a card from the bot's hand and so showed
    someone a hidden card (a witness position exists)."""
    replay = type(game).replay(game.settings, game.history[:start])
    for action in game.history[start:]:
        bot = replay.current_player
        if bot != human and type(action).__name__ in FROM_HAND[game.name] and witness(replay, action, chance, 16):
            return True
        replay.apply(action)
    return False


def probe(board, seed: int, turns: int) -> tuple[int, int]:
    """Play the learner's seat from the page until `turns` bot turns showed a card, pressing Undo
    right after each; returns (those turns, how many of the undos were accepted)."""
    page, chance, worlds = Page(board), Chance(seed), Chance(seed + 1)
    shown = accepted = 0
    while shown < turns:
        if board.game.is_over:
            page.send({"kind": "new", "seed": str(chance.below(2**40))})
        elif board.summary:
            page.send({"kind": "continue"})
        else:
            legal = board.view["legal_actions"]
            start = len(board.game.history)
            page.send({"kind": "act", "action": legal[chance.below(len(legal))]})
            if board.game.is_over or not bots_showed_a_card(board.game, start + 1, board.human, worlds):
                continue
            shown += 1
            steps = board.steps
            page.send({"kind": "undo"})
            if board.steps != steps:
                accepted += 1
            else:  # refused, with the reason on the board
                assert board.message_kind == "error" and "revealed what was hidden" in board.message, board.message
    return shown, accepted


# the heuristic bot seldom follows a shown card with a draw from a discard pile (the case the old
# undo let through), so it takes more turns to meet it
@pytest.mark.parametrize(("bot", "turns"), [("random", 40), ("heuristic", 150)])
def test_lost_cities_undo_refuses_right_after_the_bot_showed_a_hand_card(bot, turns):
    board = LostCitiesBoard(seed=31, bot=bot, rounds=3)
    assert probe(board, seed=7, turns=turns) == (turns, 0)


def test_overbooking_undo_refuses_right_after_a_bot_placed_a_card():
    board = OverbookingBoard(players=3, seed=32)
    assert probe(board, seed=8, turns=30) == (30, 0)
