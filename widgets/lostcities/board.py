"""The live Lost Cities board (anywidget): click a card, then an expedition or a discard pile, then
where to draw from. The engine judges every click; an illegal one shows its rule and changes nothing.

    from widgets.lostcities import LostCitiesBoard
    board = LostCitiesBoard(mode="bot", bot="heuristic", seed=7)   # or mode="hotseat" / "open"
    board                                                          # shows the board
    board.game                                                     # the kit game behind it
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kit.i18n import N_, Term, gettext, render
from kit.lostcities import LostCities
from kit.lostcities.actions import Discard, Draw, Pass, Play
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.rules import PASS_MIN_HAND

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from ..review import ReviewedBoard
from ..words import counted
from .picture import svg as still_svg
from .summary import end_of_round


class LostCitiesBoard(ReviewedBoard, AnalysedBoard):
    """A live board for Lost Cities, 2 players or 4 as partners (`players=4`).

    Options: mode ("bot", "hotseat", "open"), bot ("heuristic" or "random"), human (the seat you
    play against bots), seed (none: an unguessable one; a chosen seed is a known deal), allow_peeking
    (the page may switch modes mid-game: logged, and the game marked as practice; docs/boards.md),
    and the game's own settings: players, rounds, first_player, deck, ...
    """

    _esm = bundle("lostcities/board.js")
    _css = bundle("lostcities/board.css")
    game_type = LostCities
    default_settings = {"rounds": 1}
    bots = bot_choices(HeuristicBot)
    still_picture = staticmethod(still_svg)
    end_of_round = staticmethod(end_of_round)
    words_extra = {
        "lc_help_play": N_("Choose a card, then your expedition of its colour (play) or its discard pile (discard)."),
        "lc_help_draw": N_("Now draw: click the draw pile or a discard pile."),
        "lc_investment_card_of": N_("{expedition} investment card"),
        "player_cap": N_("Player {seat}"),
        "lc_unseen_label": N_("unseen cards (LC-3.4)"),
        "lc_whose_you": N_("you cannot see"),
        "lc_whose_player": N_("player {seat} could not see"),
        "lc_whose_nobody": N_("nobody at the table can see"),
        "lc_match_over_draw": N_("The match is over: a draw (LC-6)."),
        "lc_match_over_won": N_("The match is over: {winner} wins (LC-6)."),
        "lc_expedition_label": N_("{expedition} expedition of {owner}: {cards}"),
        "lc_your_side_lower": N_("your side"),
        "lc_no_card_yet": N_("no card yet"),
        "lc_your_side": N_("Your side"),
        "lc_team": N_("Team {side}"),
        "lc_seats": N_("seats {seats}"),
        "lc_middle_label": N_("discard piles (only the top card shows) and the draw pile"),
        "lc_discard_piles": N_("Discard piles"),
        "lc_only_top": N_("only the top card shows"),
        "lc_cards": counted("{n} card", "{n} cards"),
        "lc_pile_label": N_("{expedition} discard pile: {top}, {cards}"),
        "lc_on_top": N_("{card} on top"),
        "lc_empty": N_("empty"),
        "lc_just_discarded": N_("just discarded"),
        "lc_deck_left": counted("{n} card left in the draw pile", "{n} cards left in the draw pile"),
        "lc_draw_pile": N_("draw pile"),
        "lc_next": N_("next:"),
        "lc_deck_label": counted("draw pile: {n} card left", "draw pile: {n} cards left"),
        "every_hand": N_("every player's hand"),
        "lc_your_hand_seat": N_("Your hand (player {seat})"),
        "lc_in_hand_of": N_("{card}, in player {seat}'s hand"),
        "lc_in_your_hand": N_("{card}, in your hand"),
        "lc_this_round": N_("this round"),
        "lc_match": N_("match"),
        "lc_hide_unseen": N_("Hide unseen cards"),
        "lc_show_unseen": N_("Show unseen cards (LC-3.4)"),
        "lc_team_seats": N_("Team {side} (seats {seats})"),
        "lc_no_card_yet_on": N_("{expedition}: no card yet"),
        "lc_unseen_title": N_(
            "Unseen cards (LC-3.4): {total} that {whose} — other hands, the draw pile, cards under a pile's top"
        ),
        "lc_round_over": N_("The round is over: read its scores, then press Continue."),
        "lc_match_over_new": N_("The match is over: press New game to play again."),
        "lc_now_draw": N_("You have played this turn: now draw, from the draw pile or a discard pile (LC-3.3)."),
        "lc_choose_then_expedition": N_(
            "Choose one card of your hand first, then click this {expedition} expedition to play it."
        ),
        "lc_wrong_expedition": N_("The {card} goes on your {own} expedition, not on {expedition}."),
        "lc_not_your_expedition": N_(
            "That is {owner}'s {expedition} expedition: you play on your own side, at the bottom."
        ),
        "lc_side_label": N_("{side}: expeditions, round score {score}"),
        "lc_round_score": N_("round score {score}"),
        "lc_choose_then_pile": N_(
            "Choose one card of your hand first, then click the {expedition} pile to discard it."
        ),
        "lc_wrong_pile": N_("The {card} is discarded on the {own} pile, not on {expedition}."),
        "lc_first_play": N_("First play or discard a card (choose it in your hand); then you draw (LC-3)."),
        "lc_chosen": N_("{card} chosen: now click your expedition of its colour (play) or its discard pile."),
        "players_turn": N_("It is player {seat}'s turn."),
        "lc_open_banner": N_("every card is visible — all hands and the order of the draw pile."),
        "lc_played_by": N_("played by {who}"),
        "lc_discarded_by": N_("discarded by {who}"),
        "lc_took_from_pile": N_("{who} took {card} from this pile"),
        "lc_card_you_drew": N_("the card you drew"),
        "lc_invest": N_("invest"),
    }

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus the rules' numbers the board shows: what investment cards multiply
        by (LC-5, from the deck's investment cards per expedition) and, in the partner game, how
        many cards a pass takes and the hand it may not go below (LC-7)."""
        game = self.game
        investments = Counter(card.expedition for card in game.components.deck(game.players) if card.is_investment)
        multipliers = ", ".join(f"×{1 + count}" for count in range(1, max(investments.values(), default=0) + 1))
        passing = None
        if any(len(seats) > 1 for seats in view["teams"]):
            passing = {
                "cards": 2,
                "button": gettext("Pass 2 cards to partner (LC-7)"),
                "title": render(
                    N_("select two cards first; your hand may not drop below {cards}"), cards=PASS_MIN_HAND
                ),
            }
        legend = [{**entry, "name": format(Term(entry["name"]))} for entry in view["legend"]]
        investment = render(N_("investment card ({multipliers})"), multipliers=multipliers)
        return {**view, "legend": legend, "investment_words": investment, "passing": passing}

    def action_places(self, action, view: dict[str, Any]) -> list[str]:
        """The advisor's preview: the hand card and the expedition or discard pile it goes to, or the
        pile drawn from (the page's focus keys, board.js)."""
        seat = view["to_move"] if view.get("open") else view.get("viewer")
        hand = (view["hands"][seat] if view.get("open") else view.get("hand")) or []

        def in_hand(card) -> list[str]:
            return [f"hand-{seat}-{hand.index(str(card))}"] if str(card) in hand else []

        if isinstance(action, Play):
            return [*in_hand(action.card), f"exp-{str(action.card)[0]}"]
        if isinstance(action, Discard):
            return [*in_hand(action.card), f"pile-{str(action.card)[0]}"]
        if isinstance(action, Draw):
            return ["deck" if action.pile is None else f"pile-{action.letter}"]
        if isinstance(action, Pass):
            return [place for card in action.cards for place in in_hand(card)]
        return []
