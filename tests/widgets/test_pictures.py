"""Still pictures of Samoa and Overbooking: stable bytes, and a player's picture shows only their view."""

from __future__ import annotations

import pytest

from kit.core import Chance, random_playout
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from widgets.overbooking import picture as overbooking_picture
from widgets.samoa import picture as samoa_picture

CASES = [
    (lambda: Samoa(players=4, seed=3), samoa_picture, 60),
    (lambda: Overbooking(players=3, seed=2), overbooking_picture, 7),
]


@pytest.mark.parametrize("new_game, picture, steps", CASES)
def test_stable_bytes_and_no_hidden_information(new_game, picture, steps):
    def played():
        game = new_game()
        random_playout(game, Chance(1), steps)
        return game

    game = played()
    assert picture(game).svg == picture(played()).svg and picture(game, 0).svg == picture(played(), 0).svg
    assert picture(game)._repr_svg_().startswith("<svg xmlns=")
    for viewer in range(game.settings.players):
        svg = picture(game, viewer).svg
        for seed in range(3):
            assert picture(game.determinize(viewer, Chance(seed)), viewer).svg == svg
    assert "Open teaching view" in picture(game).svg
