"""The Samoa notebooks' checks: each says "not yet" on a fresh game and "done" once its rule was seen."""

from __future__ import annotations

from kit.samoa import Samoa, lessons


def _pass_round(game: Samoa, choose: dict[int, str] | None = None) -> None:
    """Every seat plays its first card (or the one given), buys nothing and takes no tourist."""
    this_round = game.round
    while game.round == this_round and not game.is_over:
        actions = [str(a) for a in game.legal_actions()]
        wanted = f"choose {choose[game.to_move]}" if choose and game.phase == "choose" else None
        game.apply(
            wanted if wanted in actions else next((a for a in actions if a in ("pass", "done", "keep")), actions[0])
        )


def test_unbought_tiles_stayed():
    game = Samoa(players=4, seed=2)
    assert not lessons.unbought_tiles_stayed(game).done
    _pass_round(game)
    check = lessons.unbought_tiles_stayed(game)
    assert check.done and "2 unbought" in str(check)


def test_equal_bids_ordered_needs_a_tie():
    game = Samoa(players=4, seed=3)
    _pass_round(game, {0: "8/6", 1: "6/5", 2: "4/4", 3: "2/3"})
    assert not lessons.equal_bids_ordered(game).done  # four different bids
    for _ in range(4):
        game.apply("choose 10/7")
    check = lessons.equal_bids_ordered(game)
    assert check.done and "10/7" in str(check)


def test_card_came_back_only_for_a_card_that_took_nothing():
    game = Samoa(players=4, seed=4, scenario={"groups": [["J plain"] * 4]})
    assert not lessons.card_came_back(game).done
    game.play("choose 2/3", "choose 4/4", "choose 6/5", "choose 8/6", "pass", "pass", "pass", "pass")
    game.play("place 1.1 in 1", "done")  # player 0 takes a guest: the 2/3 is discarded
    _pass_round(game)
    assert not lessons.card_came_back(game, 0).done
    assert lessons.card_came_back(game, 1).done


def test_lovers_share_a_room_and_the_bather_pays_the_pool():
    game = Samoa(
        players=3,
        seed=5,
        scenario={"groups": [["J bather 3", "J lovers"]], "hotels": {0: {"rooms": {3: ["U lovers"]}, "pools": 1}}},
    )
    assert not lessons.lovers_share_a_room(game).done
    assert not lessons.bather_paid_the_pool(game).done
    game.play("choose 2/3", "choose 4/4", "choose 6/5", "pass", "pass", "pass")
    game.play("place 1.2 in 3", "place 1.1 in 4")
    assert lessons.lovers_share_a_room(game).done
    check = lessons.bather_paid_the_pool(game)
    assert check.done and "paid 6" in str(check)  # price 3, plus ring 3 × 1 pool


def test_used_a_special_tile_and_the_unused_one_counts_at_the_end():
    game = Samoa(players=3, seed=6, scenario={"hotels": {0: {"specials": ["take_back"]}}, "used": {0: ["20/12"]}})
    assert not lessons.used_a_special_tile(game).done
    game.apply("take-back 20/12")
    assert lessons.used_a_special_tile(game).done
    ending = Samoa(players=3, seed=7, scenario={"round": 12, "hotels": {0: {"specials": ["send_home"]}}})
    assert not lessons.unused_tile_counted(ending).done
    _pass_round(ending)
    check = lessons.unused_tile_counted(ending)
    assert ending.is_over and check.done and "1 × 3" in str(check)
    assert str(check).endswith("you win" if ending.winners() == [0] else "win")  # words, not a list
    assert "[" not in str(check)


def test_bought_a_tile_names_the_tile_with_its_article():
    for tile, words in (("extra_room", "an extra room"), ("pool", "a pool")):
        game = Samoa(players=3, seed=6, scenario={"offer": [tile]})
        assert not lessons.bought_a_tile(game).done
        game.play("choose 20/12", "choose 2/3", "choose 4/4", f"buy {tile}")
        check = lessons.bought_a_tile(game)
        assert check.done and f"you bought {words} for 20" in str(check)
