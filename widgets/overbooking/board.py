"""The live Overbooking board (anywidget): place cards by clicking, then watch stage 2 (OB-5) step
by step — the reveal, every ability with the free beds before and after, every booking and why it
fits or not.

    from widgets.overbooking import OverbookingBoard
    board = OverbookingBoard(players=3, mode="bot", seed=7)
"""

from __future__ import annotations

from typing import Any

import traitlets

from kit.i18n import N_, Message, Term, gettext, render
from kit.overbooking import Overbooking
from kit.overbooking.actions import Place, Target
from kit.overbooking.components import GUEST_NAMES, Components, rule_words
from kit.overbooking.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from ..review import ReviewedBoard
from .picture import svg as still_svg
from .summary import end_of_round

STAGE_2_KINDS = ("reveal", "ability", "book", "no-room")


class OverbookingBoard(ReviewedBoard, AnalysedBoard):
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
    words_extra = {
        "ob_small_mark": N_("S"),
        "ob_large_mark": N_("L"),
        "ob_card_title": N_("{colour} {crest} {kind}: {beds} bed(s), {coins} coin(s){hidden}"),
        "ob_face_down_suffix": N_(" (face down: only you see it)"),
        "ob_back_title": N_("{colour}'s face-down card: {crest}, {size} ({beds} beds)"),
        "ob_back_door": N_("back door"),
        "ob_booking_queue": N_("booking queue"),
        "ob_token_there": N_("● point token at the back door"),
        "ob_token_taken": N_("token taken"),
        "ob_hand_title": N_("{hand} ({colour}) · deck {deck}"),
        "your_hand": N_("Your hand"),
        "ob_stage2_label": N_("stage 2 on the table"),
        "ob_fate_ability": N_("★ ability"),
        "ob_fate_booked": N_("✓ booked {beds}"),
        "ob_fate_no_room": N_("✗ needs {beds}, {free} free"),
        "ob_fate_replaced": N_("↩ replaced"),
        "ob_empty": N_("(empty)"),
        "ob_next_step": N_("Next step"),
        "ob_all_steps_shown": N_("All steps shown"),
        "ob_show_all": N_("Show all"),
        "ob_booked": N_("booked"),
        "ob_tokens": N_("tokens"),
        "ob_points": N_("points"),
        "ob_stage2_on_table": N_("Stage 2 is on the table: step through it, then press Continue."),
        "ob_step_of": N_("{title} · step {shown} of {total}: press Next step to see each check."),
        "ob_all_shown": N_("{title} · all {total} steps shown: the bookings and points are below; press {button}."),
        "ob_game_over": N_("The game is over (OB-8)."),
        "ob_choose_target": N_("{who}: your {guest} at hotel {hotel} — choose its target in the queue (OB-5)."),
        "ob_stage1_status": N_(
            "Round {round} of {rounds} · stage 1 · {who}: place a card face down in a queue or at a back door (OB-4)."
        ),
        "ob_hotel_label": N_("hotel {hotel}: {beds} beds, {rule}"),
        "ob_hotel": N_("hotel {hotel}"),
        "ob_beds": N_("{beds} beds"),
        "ob_tile_side": N_("tile {tile}, side {side}"),
        "ob_target_label": N_("{card}, position {position} of hotel {hotel}'s queue: choose as the target"),
        "ob_area_label": N_("hotel {hotel}'s {area}, {cards} card(s)"),
        "ob_stage1_only": N_("Cards are placed in stage 1 only (OB-4)."),
        "ob_choose_first": N_("Choose a card of your hand first, then click this {area}."),
        "ob_hand_card_title": N_("{crest} {kind}: {beds} bed(s). At a back door: {ability}."),
        "ob_hand_card_label": N_("{crest} {kind}, {beds} bed(s), in your hand{selected}"),
        "ob_now_click_hotel": N_("Now click a hotel's booking queue (right) or back door (left)."),
        "ob_beds_free": N_("{free} of {beds} beds free"),
        "ob_still_face_down": N_("cards still face down"),
        "ob_step_now": N_("Step {step} of {total}: [{rule}] {text}"),
        "ob_open_banner": N_("every card is face up, and the hand shown is the player to move's (each hand in turn)."),
        "ob_stage2_title": N_("{title}: the cards of every hotel turn face up, hotel by hotel"),
        "ob_skip": N_("Skip to the bookings and points"),
        "ob_player_colour": N_("player {seat} ({colour})"),
        "ob_placed_by": N_("placed by {who}"),
    }

    #: the stage 2 on show as public steps, as far as the page has been shown them (all of them once
    #: the step-through is over), and how many are shown
    stage2 = traitlets.List().tag(sync=True)
    steps_shown = traitlets.Int(0).tag(sync=True)
    _stage2_full: dict | None = None  # the whole end-of-round screen, kept back until its last step
    _stage2_at: int | None = None  # where in the log the stage 2 on the screen begins
    _shown_game: tuple[int, Overbooking] | None = None  # (steps, the game before stage 2), cached

    message_kinds = {**AnalysedBoard.message_kinds, "next-step": frozenset(), "all-steps": frozenset()}

    # Until the last step of stage 2 is shown, the page learns only the steps shown so far: the
    # screen's hotels not yet revealed show only their cards' backs, its bookings and points wait,
    # the log and "Since your last move" stop at the step shown, and the side panel and the lesson
    # checks (`game_as_shown`) show the game as it was before stage 2.
    def summarise(self, log_from: int) -> dict:
        summary = super().summarise(log_from)
        stage = summary.get("stage2")
        if not stage:
            return summary
        stage["total"] = len(stage["steps"])
        # stage 2 may have begun some actions ago (a noble's or a maid's target is chosen in it)
        self._stage2_at = max(i for i, entry in enumerate(self.game.log) if entry[1] == "stage-2")
        self._stage2_full = summary
        # the screen on show worded again (a change of language) keeps the steps already shown
        again = bool(self.summary) and log_from == self._summary_from
        with self._quietly():
            self.steps_shown = min(self.steps_shown, stage["total"]) if again else min(1, stage["total"])
        return self._stage2_as_shown()

    def _withholding(self) -> bool:
        """True while stage 2 is on the screen and not every step of it has been shown."""
        stage = self.summary.get("stage2")
        return bool(stage) and self.steps_shown < stage["total"]

    def _stage2_as_shown(self) -> dict:
        full = self._stage2_full
        stage = full["stage2"]
        if self.steps_shown >= stage["total"]:
            return full
        steps = stage["steps"][: self.steps_shown]
        revealed = {step["hotel"] for step in steps if step["kind"] == "reveal"}
        beds = self.game.components.beds
        hotels = [hotel if hotel["hotel"] in revealed else _backs(hotel, beds) for hotel in stage["hotels"]]
        return {**full, "stage2": {**stage, "hotels": hotels, "steps": steps}, "tables": [], "lines": []}

    def next_step(self, everything: bool = False) -> bool:
        """Show the next step of stage 2 (or all of them)."""
        if not self.summary.get("stage2"):
            return self._error(Message("there is no stage 2 to step through"))
        total = self.summary["stage2"]["total"]
        self.steps_shown = total if everything else min(total, self.steps_shown + 1)
        self.summary = self._stage2_as_shown()
        self._tell("")
        self._refresh()
        return True

    def game_as_shown(self) -> Overbooking:
        if not self._withholding():
            return self.game
        steps = len(self.game.history)
        if self._shown_game is None or self._shown_game[0] != steps:
            # back to before the action that began stage 2 (the placement that ended stage 1)
            starts = self._steps.of(self.game).log_starts
            began = max(index for index, start in enumerate(starts) if start <= self._stage2_at)
            before = self.game.clone()
            before.undo(steps - began)
            self._shown_game = (steps, before)
        return self._shown_game[1]

    def _log_as_shown(self, log: list[dict]) -> list[dict]:
        return log[: self._stage2_at + 1 + self.steps_shown] if self._withholding() else log

    def _compute_synced(self) -> None:
        super()._compute_synced()
        events = self.game.events_for(None)  # stage 2 is public: every card is face up by then
        starts = [i for i, e in enumerate(events) if e["kind"] == "stage-2"]
        steps = []
        for entry in events[starts[-1] + 1 :] if starts else []:
            if entry["kind"] not in STAGE_2_KINDS:
                break
            step = {"kind": entry["kind"], "text": f"[{entry['rule']}] {entry['text']}"}
            if "beds_before" in entry:
                step.update(beds_before=entry["beds_before"], beds_after=entry["beds_after"])
            steps.append(step)
        if self._withholding():
            before = self.game_as_shown().public_view()
            self.view = {**self.view, **{key: before[key] for key in ("booked", "tokens", "scores")}}
            self.stage2 = steps[: self.steps_shown]
            return
        self.stage2 = steps
        self.steps_shown = len(steps)  # once the last step is shown or the screen closed, all of it

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus the words and numbers of the component files: every card face
        (beds, coins, size: printed on each card, so public), the bed range of each size, each
        hotel's rule in words, and the score card's note. A face-down card in the view still
        names only its owner, crest and size: the faces add nothing about which card it is."""
        components = self.game.components
        return {
            **view,
            "hotels": [{**hotel, "rule_words": rule_words(hotel["rule"])} for hotel in view["hotels"]],
            "abilities": {kind: gettext(text) for kind, text in view["abilities"].items()},
            **board_words(components, view["score_card"]),
        }

    def _handle(self, kind: str, content: dict) -> None:
        if kind in ("next-step", "all-steps"):
            self.next_step(everything=kind == "all-steps")
        else:
            super()._handle(kind, content)

    def action_places(self, action, view: dict[str, Any]) -> list[str]:
        """The advisor's preview: the hand card and the queue or back door it goes to, or the queue
        position chosen as the target (the page's focus keys, board.js)."""
        seat = view["to_move"] if view.get("open") else view.get("viewer")
        hand = (view["hands"][seat] if view.get("open") else view.get("hand")) or []
        if isinstance(action, Place):
            card = [f"hand-{hand.index(action.card)}"] if action.card in hand else []
            return [*card, f"{action.where}-{action.hotel}"]
        if isinstance(action, Target) and view.get("checking") is not None:
            return [f"target-{view['checking']}-{action.position}"]
        return []


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
        note = render(
            N_(
                "{card} score card: {penalty} for each family with no booked guest, "
                "so everyone starts at {start} (OB-8)."
            ),
            card=Term(score_card.capitalize()),
            penalty=signed(penalty),
            start=start,
        )
    hold = render(N_("Keep my card number {number} (hold)"), number=components.cards_per_round)
    if components.cards_per_round in ORDINALS:
        hold = gettext(ORDINALS[components.cards_per_round])
    # the codes of the component files as the board names them (guests, crests, colours, sizes)
    codes = [*components.colours, *components.crests, *GUEST_NAMES, "small", "large"]
    names = {code: format(Term(GUEST_NAMES[code][0] if code in GUEST_NAMES else code)) for code in codes}
    return {"card_faces": faces, "size_beds": sizes, "score_note": note, "hold_words": hold, "names": names}


#: the button for keeping the last card of a round's placements (OB-4: the last player may keep it)
ORDINALS = {
    1: N_("Keep my first card (hold)"),
    2: N_("Keep my second card (hold)"),
    3: N_("Keep my third card (hold)"),
    4: N_("Keep my fourth card (hold)"),
    5: N_("Keep my fifth card (hold)"),
    6: N_("Keep my sixth card (hold)"),
    7: N_("Keep my seventh card (hold)"),
    8: N_("Keep my eighth card (hold)"),
}
N_("small"), N_("large"), N_("Beginner"), N_("Advanced")


def _backs(hotel: dict, beds: dict[str, int]) -> dict:
    """A hotel of the stage-2 screen before its reveal: its cards' backs only (owner, crest, and
    size: small 1-3 beds, large 4-6, OB-1)."""

    def back(card: dict) -> dict:
        crest, guest = card["card"].split("-")
        return {"colour": card["colour"], "crest": crest, "size": "small" if beds[guest] <= 3 else "large"}

    return {**hotel, "queue": [back(c) for c in hotel["queue"]], "back": [back(c) for c in hotel["back"]]}
