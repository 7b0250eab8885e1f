"""A static SVG picture of a Lost Cities view — the board without a live widget.

Like python-chess's board pictures: `picture(game)` (all cards, the teaching view) or
`picture(game, viewer=0)` (what player 0 may see) shows itself in a notebook. The picture is drawn
from a view, never from the game, so a player's picture holds only what that player may see. The
text is the same byte for byte for the same view, which keeps notebooks stable under nbval.
"""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Plural, Term, gettext, render
from kit.lostcities import LostCities

from ..colours import ink_for
from ..svg import Picture, attr, title
from ..svg import text as _text
from ..words import speaks

CARD_W, CARD_H, STACK = 44, 60, 19  # a card, and how much of a covered card shows
COLUMN = 60  # width of one expedition column
LEFT = 96  # room for the side labels
DECK_ROOM = 96  # the draw pile, right of the discard piles
HAND_ROW = 8  # cards per row of a hand (a partner can hold 10 or more, LC-7)
LEGEND_LINE = 3  # expedition names per line of the legend under the picture


def width(view: dict[str, Any]) -> int:
    """As wide as the view's expeditions (2 to 6 columns) and the draw pile, and never narrower than a
    hand of HAND_ROW cards."""
    columns = max(len(view["legend"]) * COLUMN + DECK_ROOM, HAND_ROW * (CARD_W + 4) + 8)
    return LEFT + columns


@speaks
def picture(game: LostCities, viewer: int | None = None) -> Picture:
    """The teaching view (viewer None: every card shown) or what `viewer` may see."""
    view = game.open_view() if viewer is None else game.view(viewer)
    return Picture(svg(view), gettext("Lost Cities picture"))


@speaks
def svg(view: dict[str, Any]) -> str:
    legend = [{**info, "name": format(Term(info["name"]))} for info in view["legend"]]
    me = 0 if view["viewer"] is None else view["viewer"] % 2
    sides = [1 - me, me]  # the other side on top, the viewer's side at the bottom
    rows = max([3] + [len(cards) for side in view["expeditions"] for cards in side.values()])
    side_h = CARD_H + (rows - 1) * STACK + 22
    parts: list[str] = []
    y = 10
    parts.append(_text(10, y + 14, _headline(view), size=14, weight="bold"))
    y += 26
    for position, side in enumerate(sides):
        if position == 1:
            parts.extend(_centre(view, legend, y))
            y += CARD_H + 34
        parts.extend(_side(view, legend, side, y, rows, me))
        y += side_h
    hands = _hands(view)
    for label, hand in hands:
        parts.append(_text(10, y + 14, label, size=12, weight="bold"))
        for start in range(0, max(len(hand), 1), HAND_ROW):
            for i, key in enumerate(hand[start : start + HAND_ROW]):
                parts.append(_card(LEFT + i * (CARD_W + 4), y + 20, key, legend))
            y += CARD_H + 6
        y += 24
    parts.append(_text(10, y + 12, _footer(view), size=12))
    names = [f"{info['key']} {info['name']}" for info in legend] + [gettext("× investment card")]
    y += 16
    for start in range(0, len(names), LEGEND_LINE):
        parts.append(_text(10, y + 14, " · ".join(names[start : start + LEGEND_LINE]), size=10, fill="#5a5346"))
        y += 14
    y += 10
    body = "\n".join(parts)
    wide = width(view)
    name = gettext("Lost Cities board")
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{wide}' height='{y}' viewBox='0 0 {wide} {y}' "
        f"role='img' aria-label='{attr(name)}'>\n"
        f"<rect width='{wide}' height='{y}' rx='8' fill='#f6f1e4' stroke='#c9bfa6'/>\n{body}\n</svg>"
    )


def _headline(view: dict[str, Any]) -> str:
    if view["phase"] == "over":
        state = gettext("the match is over")
    else:
        play = view["phase"] == "play"
        state = render(
            N_("player {seat} to play or discard") if play else N_("player {seat} to draw"), seat=view["to_move"]
        )
    return render(
        N_("Lost Cities · round {round} of {rounds} · {state}"), round=view["round"], rounds=view["rounds"], state=state
    )


def _side_name(view: dict[str, Any], side: int) -> str:
    seats = view["teams"][side]
    if len(seats) == 1:
        return render(N_("Player {seat}"), seat=seats[0])
    return render(N_("Team {side} ({seats})"), side=side, seats=" & ".join(str(s) for s in seats))


def _side(view, legend, side: int, top: int, rows: int, me: int) -> list[str]:
    parts = [
        _text(10, top + 16, _side_name(view, side), size=12, weight="bold"),
        _text(10, top + 32, render(N_("round score {score}"), score=view["round_score"][side]), size=11),
    ]
    if view["viewer"] is not None and side == me:
        parts.append(_text(10, top + 48, gettext("(you)"), size=11))
    for e, info in enumerate(legend):
        x = LEFT + e * COLUMN + (COLUMN - CARD_W) // 2
        cards = view["expeditions"][side][info["key"]]
        if not cards:
            parts.append(_slot(x, top, info))
        for i, key in enumerate(cards):
            parts.append(_card(x, top + i * STACK, key, legend))
        if cards:
            score = view["expedition_scores"][side][e]
            y = top + CARD_H + (rows - 1) * STACK + 14
            parts.append(_text(x + CARD_W / 2, y, f"{score:+d}" if score else "0", size=11, anchor="middle"))
    return parts


def _centre(view, legend, top: int) -> list[str]:
    parts = [_text(10, top + 34, gettext("Discard piles"), size=11)]
    for e, info in enumerate(legend):
        x = LEFT + e * COLUMN + (COLUMN - CARD_W) // 2
        key = view["discard_tops"][info["key"]]
        if key is None:
            parts.append(_slot(x, top, info))
        else:
            parts.append(_card(x, top, key, legend))
        size = view["discard_sizes"][info["key"]]
        parts.append(_text(x + CARD_W / 2, top + CARD_H + 13, f"{size}", size=10, anchor="middle"))
    x = LEFT + len(legend) * COLUMN + 18
    parts.append(f"<rect x='{x}' y='{top}' width='{CARD_W}' height='{CARD_H}' rx='5' fill='#5b4636' stroke='#2e231a'/>")
    parts.append(
        _text(
            x + CARD_W / 2,
            top + CARD_H / 2 + 5,
            str(view["deck_size"]),
            size=15,
            anchor="middle",
            weight="bold",
            fill="#f6f1e4",
        )
    )
    parts.append(_text(x + CARD_W / 2, top + CARD_H + 13, gettext("draw pile"), size=10, anchor="middle"))
    return parts


def _hands(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    if view["open"]:
        note = gettext("open teaching view: every hand is shown")
        return [
            (render(N_("Hand of player {seat}"), seat=p) + (f" — {note}" if p == 0 else ""), hand)
            for p, hand in enumerate(view["hands"])
        ]
    if view["viewer"] is None:
        return []
    return [(render(N_("Your hand (player {seat})"), seat=view["viewer"]), view["hand"])]


def _footer(view: dict[str, Any]) -> str:
    totals = " · ".join(f"{_side_name(view, s)}: {t}" for s, t in enumerate(view["totals"]))
    finished = len(view["round_scores"])
    return render(
        Plural(
            "Match totals after {rounds} finished round(s) — {totals}",
            "Match totals after {rounds} finished round(s) — {totals}",
            finished,
        ),
        rounds=finished,
        totals=totals,
    )


def _slot(x: float, y: float, info: dict[str, str]) -> str:
    """An empty place for a card: tinted with the expedition's colour, lettered with its key."""
    return (
        f"<g>{title(render(N_('{expedition}: no card yet'), expedition=info['name']))}"
        f"<rect x='{x}' y='{y}' width='{CARD_W}' height='{CARD_H}' rx='5' fill='{attr(info['colour'])}' "
        f"fill-opacity='0.22' stroke='#8a8272' stroke-dasharray='3 3'/>"
        + _text(x + CARD_W / 2, y + CARD_H / 2 + 5, info["key"], size=14, anchor="middle", fill="#6b6355")
        + "</g>"
    )


def _card(x: float, y: float, key: str, legend: list[dict[str, str]]) -> str:
    info = next(i for i in legend if i["key"] == key[0])
    colour, ink = info["colour"], ink_for(info["colour"])
    investment = key[1:] == "x"
    label = "×" if investment else key[1:]
    name = (
        render(N_("{expedition} investment card"), expedition=info["name"])
        if investment
        else f"{info['name']} {key[1:]}"
    )
    parts = [
        f"<g>{title(name)}",
        f"<rect x='{x}' y='{y}' width='{CARD_W}' height='{CARD_H}' rx='5' fill='{attr(colour)}' stroke='#3a3a3a'/>",
        _text(x + 5, y + 15, label, size=14, weight="bold", fill=ink),
        _text(x + CARD_W - 5, y + 15, key[0], size=9, anchor="end", fill=ink),  # colour-blind friendly
    ]
    if investment:
        parts.append(_text(x + CARD_W / 2, y + CARD_H - 10, gettext("invest"), size=9, anchor="middle", fill=ink))
    parts.append("</g>")
    return "".join(parts)
