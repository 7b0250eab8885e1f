"""A still SVG picture of a Samoa view: the flag row, the arrivals, the tiles on offer, the price
cards, every hotel and (for a player's view) their hand and money. Byte-stable for nbval."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Term, Terms, gettext, render
from kit.samoa import Samoa
from kit.samoa.components import nationality_letters, price_card_words, tourist_words

from ..colours import ink_for
from ..svg import Picture, attr, document, rect, text, title
from ..words import speaks

ICONS = {"plain": "", "rich": "$$", "lovers": "♥", "celebrity": "★", "bather": "≈"}
WIDTH = 720


@speaks
def picture(game: Samoa, viewer: int | None = None) -> Picture:
    """The teaching view (viewer None: every hand and purse) or what `viewer` may see."""
    view = game.open_view() if viewer is None else game.view(viewer)
    return Picture(svg(view), gettext("Samoa picture"))


def _tourist(view: dict[str, Any], label: str, x: float, y: float, radius: int = 12) -> str:
    nationality, kind, *ring = label.split()
    colour = view["nationality_colours"][nationality]
    icon = f"≈{ring[0]}" if kind == "bather" and ring else ICONS.get(kind, "")
    ink = ink_for(colour)
    letter = nationality_letters(view["nationalities"])[nationality]
    words = tourist_words(label, view["nationalities"])
    return (
        f"<g>{title(words)}<circle cx='{x:g}' cy='{y:g}' r='{radius}' fill='{attr(colour)}' stroke='#333'/>"
        + text(x, y - 1, letter, size=9, anchor="middle", weight="bold", fill=ink)
        + text(x, y + 9, icon, size=8, anchor="middle", fill=ink)
        + "</g>"
    )


@speaks
def svg(view: dict[str, Any]) -> str:
    body = []
    phase = {
        "choose": N_("choosing price cards"),
        "swap": N_("swap tiles"),
        "build": N_("building phase"),
        "tourists": N_("tourist phase"),
        "over": N_("game over"),
    }[view["phase"]]
    phase = gettext(phase)
    nation = format(Term(view["nationalities"][view["nationality"]]))
    body.append(
        text(
            10,
            22,
            render(
                N_("Samoa · round {round} of {rounds} · {nationality} · {phase}"),
                round=view["round"],
                rounds=view["rounds"],
                nationality=nation,
                phase=phase,
            ),
            14,
            weight="bold",
        )
    )
    letters = nationality_letters(view["nationalities"])
    for index, nationality in enumerate(view["flags"]):
        x, round_ = 10 + index * 38, index + 1
        colour = view["nationality_colours"][nationality]
        stroke = "#000" if round_ == view["round"] else "#777"
        opacity = " opacity='0.45'" if round_ < view["round"] else ""
        body.append(
            f"<g{opacity}>"
            + rect(x, 32, 34, 22, colour, stroke, 3)
            + text(x + 17, 47, f"{letters[nationality]}{round_}", 10, "middle", "bold", ink_for(colour))
            + "</g>"
        )
        if round_ in view["doubled_rounds"]:
            body.append(text(x + 30, 31, "2X", 9, "middle", "bold", "#8a1c12"))
    y = 76
    body.append(
        text(10, y, render(N_("Tourists arriving (card {card})"), card=view["tourist_card"]), 12, weight="bold")
    )
    for g, group in enumerate(view["groups"]):
        y += 28
        body.append(text(10, y + 4, render(N_("group {group}"), group=g + 1), 11))
        for t, label in enumerate(group):
            body.append(_tourist(view, label, 80 + t * 28, y))
    offer = format(Terms(k.replace("_", " ") for k in view["offer"]))
    y += 30
    body.append(
        text(
            10,
            y,
            render(N_("Building tiles on offer: {offer} ({deck} face down)"), offer=offer, deck=view["building_deck"]),
            12,
        )
    )
    y += 22
    cards = []
    for p in range(view["players"]):
        shown = view["played"][p] or (view.get("chosen") or [None] * view["players"])[p]
        if shown is None and p == view["viewer"]:
            shown = view["my_card"]
        hidden = gettext("chosen") if view["has_chosen"][p] else "…"
        cards.append(f"P{p}: {price_card_words(shown) if shown else hidden}")
    tie_card = view["tie_card"]
    tie = render(
        N_("tie card: hammer → P{hammer}, suitcase → P{suitcase}"),
        hammer=tie_card["hammer"],
        suitcase=tie_card["suitcase"],
    )
    body.append(text(10, y, gettext("Price cards") + "  " + "   ".join(cards) + f"   ({tie})", 11))
    y += 14
    room_w, room_h = 34, 30
    for p, hotel in enumerate(view["hotels"]):
        column, row = p % 3, p // 3
        hx, hy = 10 + column * 236, y + 10 + row * 104
        guests = sum(len(r) for r in hotel["rooms"])
        extras = [render(N_("{pools} pool(s)"), pools=hotel["pools"])] if hotel["pools"] else []
        extras += [format(Term(k.replace("_", " "))) for k in hotel["specials"]]
        label = render(N_("P{seat} hotel · {guests} guest(s)"), seat=p, guests=guests) + (
            f" · {', '.join(extras)}" if extras else ""
        )
        body.append(text(hx, hy + 10, label, 10, weight="bold"))
        for room, occupants in enumerate(hotel["rooms"]):
            if room < hotel["board_rooms"]:
                r, c = divmod(room, hotel["columns"])
                rx, ry = hx + c * (room_w + 3), hy + 16 + r * (room_h + 3)
            else:
                rx, ry = hx + (hotel["columns"] + room - hotel["board_rooms"]) * (room_w + 3) + 6, hy + 16
            fill = "#f6d6ea" if room + 1 in hotel["suites"] else "#ffffff"
            body.append(rect(rx, ry, room_w, room_h, fill, "#b79a5d", 3))
            for i, label in enumerate(occupants):
                body.append(_tourist(view, label, rx + 10 + i * 14, ry + room_h / 2, 9))
    rows = (view["players"] + 2) // 3
    y += 10 + rows * 104
    if view["open"]:
        money = ", ".join(f"P{p} {m}" for p, m in enumerate(view["money_all"]))
        body.append(text(10, y, render(N_("Open teaching view — money: {money}"), money=money), 11, weight="bold"))
        y += 16
        for p, hand in enumerate(view["hands"]):
            body.append(
                text(
                    10, y, render(N_("P{seat} hand: {cards}"), seat=p, cards=" ".join(map(price_card_words, hand))), 10
                )
            )
            y += 14
    elif view["viewer"] is not None:
        body.append(
            text(
                10,
                y,
                render(
                    N_("Your hand (P{seat}, {money} Tala): {cards}"),
                    seat=view["viewer"],
                    money=view["money"],
                    cards=" ".join(map(price_card_words, view["hand"])),
                ),
                11,
                weight="bold",
            )
        )
        y += 16
    return document(WIDTH, y + 6, body, gettext("Samoa board"), background="#f3e3bd")
