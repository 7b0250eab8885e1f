"""A still SVG picture of an Overbooking view: the hotel column with each back door and queue, the
backs of face-down cards (colour, crest, size), and the viewer's hand. Byte-stable for nbval."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Plural, Term, gettext, render
from kit.overbooking import Overbooking
from kit.overbooking.components import rule_words
from kit.overbooking.rules import card_words, guest_name

from ..colours import ink_for
from ..svg import Picture, document, rect, text, title
from ..words import speaks

WIDTH, CARD_W, CARD_H = 700, 40, 50
#: why everyone starts below zero on the advanced score card (OB-8)
ADVANCED_START = N_("Advanced score card: −2 for each family with no booked guest, so everyone starts at −8 (OB-8).")


@speaks
def picture(game: Overbooking, viewer: int | None = None) -> Picture:
    """The teaching view (viewer None: every card face up) or what `viewer` may see."""
    view = game.open_view() if viewer is None else game.view(viewer)
    return Picture(svg(view), gettext("Overbooking picture"))


def _card(view: dict[str, Any], slot: dict[str, Any], x: float, y: float) -> str:
    colour = view["colour_codes"][slot["owner"]]
    if "card" in slot:
        ink = ink_for(colour)
        return (
            "<g>"
            + title(f"{Term(slot['colour'])} {Term(slot['crest'])} {guest_name(slot['kind'])}")
            + rect(x, y, CARD_W, CARD_H, colour)
            + text(x + CARD_W / 2, y + 20, slot["beds"], 16, "middle", "bold", ink)
            + text(x + CARD_W / 2, y + 33, format(guest_name(slot["kind"])), 8, "middle", fill=ink)
            + text(x + CARD_W / 2, y + 44, format(Term(slot["crest"])), 8, "middle", fill=ink)
            + "</g>"
        )
    size = gettext("S") if slot["size"] == "small" else gettext("L")
    return (
        "<g>"
        + title(
            render(
                N_("{colour}: face down, {crest}, {size}"),
                colour=Term(slot["colour"]),
                crest=Term(slot["crest"]),
                size=Term(slot["size"]),
            )
        )
        + rect(x, y, CARD_W, CARD_H, colour, extra="fill-opacity='0.55' stroke-dasharray='3 2'")
        + text(x + CARD_W / 2, y + 24, size, 16, "middle", "bold", "#ffffff")
        + text(x + CARD_W / 2, y + 42, format(Term(slot["crest"])), 8, "middle", fill="#ffffff")
        + "</g>"
    )


@speaks
def svg(view: dict[str, Any]) -> str:
    body = []
    stages = {
        1: N_("stage 1: placing cards"),
        2: N_("stage 2: checking bookings"),
        3: N_("stage 3"),
        4: N_("game over"),
    }
    heading = render(
        N_("Overbooking · round {round} of {rounds} · {stage}"),
        round=view["round"],
        rounds=view["rounds"],
        stage=gettext(stages[view["stage"]]),
    )
    body.append(text(10, 22, heading, 14, weight="bold"))
    y = 36
    for number, hotel in enumerate(view["hotels"], 1):
        body.append(text(10, y + 12, gettext("back door"), 9, fill="#6b5a44"))
        for i, slot in enumerate(reversed(hotel["back"])):
            body.append(_card(view, slot, 10 + i * (CARD_W + 4), y + 16))
        body.append(rect(110, y + 6, 160, 60, "#fffaf2", "#8d6e4a", 6))
        body.append(
            text(
                118,
                y + 22,
                render(N_("hotel {hotel} · {beds} beds"), hotel=number, beds=hotel["beds"]),
                12,
                weight="bold",
            )
        )
        body.append(text(118, y + 38, rule_words(hotel["rule"]), 10))
        body.append(
            text(
                118,
                y + 54,
                gettext("point token waiting") if hotel["token"] else gettext("token taken"),
                9,
                fill="#6b5a44",
            )
        )
        body.append(text(280, y + 12, gettext("booking queue"), 9, fill="#6b5a44"))
        for i, slot in enumerate(hotel["queue"]):
            body.append(_card(view, slot, 280 + i * (CARD_W + 4), y + 16))
        y += 76
    scores = " · ".join(
        render(
            Plural(
                "P{seat} {colour}: {points} point, {booked} booked",
                "P{seat} {colour}: {points} points, {booked} booked",
                abs(s),
            ),
            seat=p,
            colour=Term(c),
            points=s,
            booked=len(b),
        )
        for p, (c, s, b) in enumerate(zip(view["colours"], view["scores"], view["booked"]))
    )
    body.append(text(10, y + 10, scores, 11))
    y += 22
    if view["score_card"] == "advanced":
        body.append(text(10, y + 8, gettext(ADVANCED_START), 10, fill="#6b5a44"))
        y += 18
    hands = (
        [(p, h) for p, h in enumerate(view["hands"])]
        if view["open"]
        else ([(view["viewer"], view["hand"])] if view["viewer"] is not None else [])
    )
    for player, hand in hands:
        body.append(
            text(
                10,
                y + 12,
                render(
                    N_("Hand of P{seat} ({colour}): {cards}")
                    if view["open"]
                    else N_("Your hand of P{seat} ({colour}): {cards}"),
                    seat=player,
                    colour=Term(view["colours"][player]),
                    cards=", ".join(map(card_words, hand)),
                ),
                10,
            )
        )
        y += 16
    if view["open"]:
        body.append(text(10, y + 12, gettext("Open teaching view: every card is shown face up."), 10, weight="bold"))
        y += 16
    return document(WIDTH, y + 8, body, gettext("Overbooking board"), background="#f4efe6")
