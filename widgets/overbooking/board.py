"""The live Overbooking board (anywidget): place cards by clicking, then watch stage 2 (OB-5) step
by step — the reveal, every ability with the free beds before and after, every booking and why it
fits or not.

    from widgets.overbooking import OverbookingBoard
    board = OverbookingBoard(players=3, mode="bot", seed=7)
"""

from __future__ import annotations

from typing import Any

import traitlets

from kit.overbooking import Overbooking
from kit.overbooking.components import Components, rule_words
from kit.overbooking.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from .picture import svg as still_svg
from .summary import end_of_round

STAGE_2_KINDS = ("reveal", "ability", "book", "no-room")


class OverbookingBoard(AnalysedBoard):
    """A live board for Overbooking, 2 to 4 players. Options: mode, bot, human, seed, allow_peeking (see
    LostCitiesBoard and docs/boards.md), and the game's own settings
    (players, score_card, first_player, scenario, ...)."""

    _esm = bundle("overbooking/board.js")
    _css = bundle("overbooking/board.css")
    game_type = Overbooking
    default_settings = {"players": 3}
    bots = bot_choices(HeuristicBot)
    analysis_rollouts = {"kernel": 200, "readable": 20}  # a longer game than Lost Cities: 200 per action
    still_picture = staticmethod(still_svg)
    end_of_round = staticmethod(end_of_round)

    #: the latest stage 2 as public steps (all cards are face up by then), and how many are shown
    stage2 = traitlets.List().tag(sync=True)
    steps_shown = traitlets.Int(0).tag(sync=True)
    _stage2_start: int | None = None  # where in the log the stage 2 on show begins

    def _compute_synced(self) -> None:
        super()._compute_synced()
        events = self.game.events_for(None)  # stage 2 is public: every card is face up by then
        starts = [i for i, e in enumerate(events) if e["kind"] == "stage-2"]
        if not starts:
            self._stage2_start, self.stage2, self.steps_shown = None, [], 0
            return
        start = starts[-1]
        steps = []
        for entry in events[start + 1 :]:
            if entry["kind"] not in STAGE_2_KINDS:
                break
            step = {"kind": entry["kind"], "text": f"[{entry['rule']}] {entry['text']}"}
            if "beds_before" in entry:
                step.update(beds_before=entry["beds_before"], beds_after=entry["beds_after"])
            steps.append(step)
        if start != self._stage2_start:
            self._stage2_start, self.steps_shown = start, min(1, len(steps))
        self.stage2 = steps

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus the words and numbers of the component files: every card face
        (beds, coins, size: printed on each card, so public), the bed range of each size, each
        hotel's rule in words, and the score card's note. A face-down card in the view still
        names only its owner, crest and size: the faces add nothing about which card it is."""
        components = self.game.components
        return {
            **view,
            "hotels": [{**hotel, "rule_words": rule_words(hotel["rule"])} for hotel in view["hotels"]],
            **board_words(components, view["score_card"]),
        }

    def next_step(self, everything: bool = False) -> None:
        """Show the next step of stage 2 (or all of them)."""
        self.steps_shown = len(self.stage2) if everything else min(len(self.stage2), self.steps_shown + 1)

    message_kinds = {**AnalysedBoard.message_kinds, "next-step": frozenset(), "all-steps": frozenset()}

    def _handle(self, kind: str, content: dict) -> None:
        if kind in ("next-step", "all-steps"):
            self.next_step(everything=kind == "all-steps")
        else:
            super()._handle(kind, content)


def board_words(components: Components, score_card: str | None) -> dict[str, Any]:
    """What the board shows of the component files, as the page draws it."""
    faces = {
        card.key: {"crest": card.crest, "kind": card.kind, "beds": card.beds, "coins": card.coins, "size": card.size}
        for card in components.decks[components.colours[0]]  # every deck holds the same 24 faces
    }
    beds: dict[str, list[int]] = {}
    for face in faces.values():
        beds.setdefault(face["size"], []).append(face["beds"])
    sizes = {size: f"{min(numbers)}-{max(numbers)}" for size, numbers in beds.items()}
    note = ""
    penalty = components.score_cards.get(score_card or "", {}).get(0, 0)
    if penalty:  # the advanced side: points for each family with no booked guest (OB-8)
        def signed(points: int) -> str:
            return f"{points:+d}".replace("-", "−")  # a minus sign, not a hyphen

        start = signed(penalty * len(components.crests))
        note = (
            f"{score_card.capitalize()} score card: {signed(penalty)} for each family with no booked guest, "
            f"so everyone starts at {start} (OB-8)."
        )
    last = ORDINALS.get(components.cards_per_round, f"{components.cards_per_round}th")
    return {"card_faces": faces, "size_beds": sizes, "score_note": note, "hold_words": f"Keep my {last} card (hold)"}


#: the last card of a round's placements, in words (OB-4: the last player may keep it)
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}
