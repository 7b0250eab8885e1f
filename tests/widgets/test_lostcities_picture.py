"""Still pictures: stable byte for byte, and a player's picture shows only what they may see."""

from __future__ import annotations

from kit.core import Chance, random_playout
from kit.lostcities import LostCities
from widgets.lostcities import picture


def played(seed=3, players=2, steps=70):
    game = LostCities(seed=seed, players=players)
    random_playout(game, Chance(seed), steps)
    return game


def test_the_same_state_gives_the_same_bytes():
    assert picture(played()).svg == picture(played()).svg
    assert picture(played()).svg != picture(played(seed=4)).svg
    assert picture(played())._repr_svg_().startswith("<svg xmlns='http://www.w3.org/2000/svg'")


def test_a_players_picture_does_not_depend_on_hidden_cards():
    game = played()
    for viewer in (0, 1):
        svg = picture(game, viewer).svg
        for seed in range(4):
            assert picture(game.determinize(viewer, Chance(seed)), viewer).svg == svg
    assert "Your hand (player 1)" in picture(game, 1).svg and "Hand of player 0" not in picture(game, 1).svg


def test_the_open_picture_shows_every_hand_and_says_so():
    svg = picture(played(players=4)).svg
    assert svg.count("Hand of player") == 4 and "open teaching view" in svg
