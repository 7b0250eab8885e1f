"""Issue 9 point 12: still SVG pictures escape every value that comes from data, so a component file
(or a view edited by hand) cannot put markup, an event handler or a script into a picture."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from widgets.lostcities.picture import svg as lost_cities_svg
from widgets.overbooking.picture import svg as overbooking_svg
from widgets.samoa.picture import svg as samoa_svg

MARKUP = "</title><script>alert(1)</script><title>"
HANDLER = "#fff' onmouseover='alert(1)"


def assert_harmless(svg: str) -> None:
    root = ElementTree.fromstring(svg)  # well-formed: nothing broke out of an attribute or element
    for element in root.iter():
        assert not element.tag.endswith("script"), svg
        assert not [name for name in element.attrib if name.lower().startswith("on")], element.attrib
    assert "<script" not in svg


def lost_cities_view():
    game = LostCities(seed=2, rounds=1)
    game.apply("discard " + game.view(0)["hand"][0])
    view = game.open_view()
    for info in view["legend"]:
        info["name"], info["colour"] = MARKUP, HANDLER
    return view


def samoa_view():
    view = Samoa(players=3, seed=2).open_view()
    view["nationality_colours"] = {key: HANDLER for key in view["nationality_colours"]}
    view["nationalities"] = {key: MARKUP for key in view["nationalities"]}
    return view


def overbooking_view():
    game = Overbooking(players=2, seed=2)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[-2])
    view = game.open_view()
    view["colour_codes"] = [HANDLER] * len(view["colour_codes"])
    view["colours"] = [MARKUP] * len(view["colours"])
    for hotel in view["hotels"]:
        hotel["rule"] = MARKUP
        for slot in hotel["queue"] + hotel["back"]:
            slot["colour"], slot["crest"] = MARKUP, HANDLER
    return view


@pytest.mark.parametrize(
    "draw, view", [(lost_cities_svg, lost_cities_view), (samoa_svg, samoa_view), (overbooking_svg, overbooking_view)]
)
def test_hostile_data_values_are_escaped_in_still_pictures(draw, view):
    assert_harmless(draw(view()))
