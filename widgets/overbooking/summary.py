"""The Overbooking end-of-round screen: stage 2 (OB-5) played out on the table, step by step —
each hotel's cards turned face up, the free beds at every ability and booking, booked cards marked,
cards that do not fit with the reason — then each player's bookings and points. After the reveal
every card of stage 2 is face up, so all of it is public."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Term, gettext, render
from kit.overbooking import Overbooking
from kit.overbooking.components import rule_code, rule_words

STEP_KINDS = ("reveal", "ability", "book", "no-room")
ROUND_ENDS = ("prepare", "end")

#: the columns of the end-of-stage table, words of the catalogs
HEADER = (N_("player"), N_("bookings"), N_("beds booked"), N_("point tokens"), N_("points"))


def end_of_round(game: Overbooking, events: list[dict[str, Any]]) -> dict[str, Any]:
    if not any(event["kind"] in ROUND_ENDS for event in events):
        return {}
    stage = stage_2(game.events_for(None))
    view = game.public_view()
    finished = view["round"] - (0 if game.is_over else 1)
    booked = {player: [0, 0] for player in range(view["players"])}  # bookings, beds
    for step in stage["steps"]:
        if step["kind"] == "book":
            booked[step["player"]][0] += 1
            booked[step["player"]][1] += step["beds"]
    rows = [
        [
            render(N_("player {seat} ({colour})"), seat=p, colour=Term(view["colours"][p])),
            count,
            beds,
            view["tokens"][p],
            view["scores"][p],
        ]
        for p, (count, beds) in booked.items()
    ]
    return {
        "title": render(N_("Round {round}, stage 2: the bookings (OB-5)"), round=finished),
        "round": finished,  # the round on show (the engine has already laid out the next one)
        "stage2": stage,
        "tables": [
            {
                "caption": gettext("Bookings this round, and points so far"),
                "header": [gettext(word) for word in HEADER],
                "rows": rows,
            }
        ],
        "lines": [],
        "button": gettext("See the final result")
        if game.is_over
        else render(N_("Continue to round {round}"), round=finished + 1),
    }


def stage_2(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The latest stage 2 as hotels (what each revealed) and steps (public events, in order)."""
    start = max(i for i, event in enumerate(events) if event["kind"] == "stage-2")
    laid = [i for i, e in enumerate(events[:start]) if e["kind"] in ("setup", "prepare")]
    # each hotel as the log wrote it: "tile 7B: 14 beds, <its rule in words>"; a scenario that laid
    # out its own hotels after that leaves their rules out of the log
    written = events[laid[-1]]["hotels"] if laid else []
    if any(e["kind"] == "scenario" and "hotels" in e["scenario"] for e in events[laid[-1] if laid else 0 : start]):
        written = []
    rules = [_rule_words(text.split(", ", 1)[1]) if ", " in text else rule_words("none") for text in written]
    hotels, steps = [], []
    for event in events[start + 1 :]:
        if event["kind"] not in STEP_KINDS:
            break
        if event["kind"] == "reveal":
            number = event["hotel"]
            named = event.get("hotel_rule", "")  # the reveal names the hotel's own rule
            words = rule_words(named) if named else (rules[number - 1] if number - 1 < len(rules) else "")
            hotels.append(
                {
                    "hotel": number,
                    "beds": event["beds"],
                    "rule": words,
                    "queue": [_card(text) for text in event["queue"]],
                    "back": [_card(text) for text in event["back"]],
                }
            )
        steps.append(_step(event))
    return {"hotels": hotels, "steps": steps}


def _rule_words(english: str) -> str:
    """A hotel's rule as the log wrote it (the engine's English), in the reader's language."""
    code = rule_code(english)
    return english if code is None else rule_words(code)


def _card(text: str) -> dict[str, str]:
    card, colour = text.split("/")
    return {"card": card, "colour": colour}


def _step(event: dict[str, Any]) -> dict[str, Any]:
    keep = ("kind", "player", "hotel", "card", "beds", "beds_before", "beds_after", "effect", "text", "rule")
    return {key: event[key] for key in keep if key in event}
