"""The rulebook's two worked examples, exactly (SA-4 and SA-5)."""

from __future__ import annotations

from kit.samoa import Samoa

ANNA, BJARNE, CARL, DOLLY = range(4)  # seated clockwise


def choose_all(game, cards):
    for player in range(game.players):
        assert game.current_player == player
        game.apply(f"choose {cards[player]}")


def test_sa4_tie_card_example():
    # The tie card lies between Anna and Bjarne: the hammer points to Bjarne (clockwise).
    game = Samoa(players=4, seed=1, tie_card=BJARNE, scenario={"offer": ["pool", "pool", "pool", "pool"]})
    choose_all(game, ["8/6", "6/5", "8/6", "12/9"])
    building = []
    while game.phase == "build":
        building.append(game.current_player)
        game.apply("pass")
    assert building == [DOLLY, CARL, ANNA, BJARNE]
    assert game.view(ANNA)["order"] == [BJARNE, ANNA, CARL, DOLLY]
    tourists = []
    while game.phase == "tourists":
        tourists.append(game.current_player)
        game.apply("done")
    assert tourists == [BJARNE, ANNA, CARL, DOLLY]
    # afterwards the tie card lies between Bjarne and Carl: the hammer points to Carl
    assert game.hammer == CARL
    assert game.view(DOLLY)["tie_card"] == {"hammer": CARL, "suitcase": BJARNE}


def test_sa5_worked_round():
    game = Samoa(
        players=4,
        seed=2,
        scenario={
            "round": 4,
            "flags": ["J", "U", "G", "N", "J", "U", "G", "N", "J", "U", "G", "N"],
            "groups": [["N plain"] * 4, ["N plain"] * 3],
            "offer": ["pool"],
            "hotels": {CARL: {"rooms": {1: ["J plain"], 2: ["U plain"], 3: ["G plain"]}}},
        },
    )
    assert game.view(ANNA)["nationality"] == "N" and game.view(ANNA)["groups"] == [["N plain"] * 4, ["N plain"] * 3]
    choose_all(game, ["2/3", "14/8", "grey", "6/5"])
    # building: Bjarne (14) passes, Dolly (6) buys the pool for 6; Anna's turn never comes (no tile left)
    assert game.current_player == BJARNE
    game.apply("pass")
    assert game.current_player == DOLLY
    game.apply("buy pool")
    assert game.phase == "tourists" and game.money[DOLLY] == 19
    # tourists: Anna (3) takes 3 of the group of 4
    assert game.current_player == ANNA
    game.play("place 1.1 in 1", "place 1.1 in 2", "place 1.1 in 3", "done")
    # Dolly (5) takes the group of 3
    assert game.current_player == DOLLY
    game.play("place 2.1 in 1", "place 2.1 in 2", "place 2.1 in 3", "done")
    # Bjarne (8) declines the last one; Carl (grey) removes two tourists
    assert game.current_player == BJARNE
    assert "place 1.1 in 1" in [str(a) for a in game.legal_actions()]
    game.apply("done")
    assert game.current_player == CARL
    game.play("remove 1", "remove 2", "done")
    assert game.round == 5  # the round is over
    assert game.money == [25 + 9, 25, 25, 25 - 6 + 15]
    assert "2/3" in game.used[ANNA] and "6/5" in game.used[DOLLY]
    assert "14/8" in game.hands[BJARNE] and "grey" in game.hands[CARL]
    assert [len(h.tourists()) for h in game.hotels] == [3, 0, 1, 3]
    game.check_invariants()
