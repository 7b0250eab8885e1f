"""The Samoa end-of-round screen (SA-3.6): what each hotel was paid, what became of the price
cards, where the tie card went.

What a seat may see of the payouts: every guest's payment is announced as the guest is placed
(SA-3.5, "pays 6" in everyone's log), so what each hotel was paid this round is the sum of its
announced payments, and the screen shows it for every hotel, as the log does. What stays hidden is
each purse (SA-3.6: money is hidden; the side panel says "secret"), which the screen never shows."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, gettext, render
from kit.samoa import Samoa

SHOWN = ("card", "tie-card", "leave", "end")


def end_of_round(game: Samoa, events: list[dict[str, Any]]) -> dict[str, Any]:
    payouts = [event for event in events if event["kind"] == "payout"]
    if not payouts:
        return {}
    rounds = [event["round"] for event in events if event["kind"] == "round"]
    finished = rounds[-1] - 1 if rounds else game.round  # a new round may already have begun
    announced = _announced_payments(game)
    paid = {event["player"]: event.get("earned") for event in payouts}
    rows = []
    for player in range(game.settings.players):
        guests = announced.get(player, [])
        if player not in paid:
            rows.append([render(N_("player {seat}"), seat=player), gettext("nothing: no new guests")])
        else:  # the reader's own payout as the engine told it; the others' as their guests paid aloud
            total = paid[player] if paid[player] is not None else sum(guests)
            each = " + ".join(map(str, guests))
            paid_words = (
                render(N_("{total} Tala ({each}, as announced)"), total=total, each=each)
                if len(guests) > 1
                else f"{total} Tala"
            )
            rows.append([render(N_("player {seat}"), seat=player), paid_words])
    lines = [event["text"] for event in events if event["kind"] in SHOWN]
    return {
        "title": render(N_("Round {round} is over: payouts (SA-3.6)"), round=finished),
        "round": finished,  # the round on show (the next one may have begun)
        "tables": [
            {
                "caption": gettext("Paid for the guests in each hotel"),
                "header": [gettext("player"), gettext("paid")],
                "rows": rows,
            }
        ],
        "lines": [*lines, gettext("Each purse stays hidden (SA-3.6): only what every guest paid was announced.")],
        "button": gettext("See the final result") if game.is_over else gettext("Continue to the next round"),
    }


def _announced_payments(game: Samoa) -> dict[int, list[int]]:
    """What each hotel's new guests of the round just paid, as announced to everyone (SA-3.5)."""
    public = game.events_for(None)
    start = max((i for i, event in enumerate(public) if event["kind"] == "payout"), default=len(public))
    begun = max((i for i, event in enumerate(public[:start]) if event["kind"] == "round"), default=0)
    payments: dict[int, list[int]] = {}
    for event in public[begun:start]:
        if event["kind"] == "place":
            payments.setdefault(event["player"], []).append(event["pays"])
    return payments
