"""Every simulated column checked against the engine: each game is replayed with the same seeds and
bots, and the row's numbers are compared with what the player's own view showed at that moment
(and with the end of the game), not with the recorder's own bookkeeping."""

from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from kit.sim import simulate
from kit.sim.games import sim_game
from kit.sim.seeding import bot_seed, game_seed

SEED = 11


def replay(game_name: str, index: int, players: int, bots=("heuristic", "random"), **settings):
    """Yield (step, game, action) before each action of game `index`, as simulate played it."""
    sim = sim_game(game_name)
    game = sim.new_game(players=players, seed=game_seed(SEED, index), **settings)
    seats = [bots[(p + index) % len(bots)] for p in range(players)]
    playing = [sim.make_bot(name, {}, bot_seed(SEED, index, p)) for p, name in enumerate(seats)]
    step = 0
    while not game.is_over:
        action = playing[game.current_player].choose(game)
        yield step, game, action
        game.apply(action)
        step += 1


def finish(replaying):
    """Run a replay to its end: the finished game (the generator applies the last action too), steps."""
    game, steps = None, 0
    for steps, game, _ in replaying:  # noqa: B007
        pass
    return game, steps + 1


@pytest.mark.parametrize("name, players", [("lost-cities", 4), ("samoa", 5), ("overbooking", 4)])
def test_games_rows_match_a_replay(name, players):
    frame = simulate(name, games=4, seed=SEED, players=players, progress=False)
    for row in frame.iter_rows(named=True):
        last, steps = finish(replay(name, row["game"], players))
        assert row["seed"] == last.settings.seed and row["players"] == players
        bots = ["heuristic", "random"]
        assert row["bots"] == [bots[(p + row["game"]) % 2] for p in range(players)]
        assert row["steps"] == steps and not row["capped"]
        # the generator has applied the last action too: `last` is the finished game
        assert last.is_over and row["scores"] == last.scores() and row["winners"] == last.winners()


def test_lost_cities_decision_columns_match_the_players_view():
    frame = simulate("lost-cities", games=3, seed=SEED, rounds=2, record="decisions", progress=False)
    rows = {(r["game"], r["step"]): r for r in frame.iter_rows(named=True)}
    checked, expedition_ends = 0, {}
    for index in range(3):
        pending = []
        for step, game, action in replay("lost-cities", index, 2, rounds=2):
            view = game.view(game.current_player)
            letters = [e["key"] for e in view["legend"]]
            if view["phase"] == "draw" and view["deck_size"] == 1:  # this draw ends the round
                for row in pending:
                    letter, side = row["expedition"], row["player"] % 2
                    expedition_ends[index, row["step"]] = view["expedition_scores"][side][letters.index(letter)]
                    assert row["expedition_score"] == expedition_ends[index, row["step"]]
                    assert row["round_score"] == view["round_score"][side]
                pending = []
            row = rows.get((index, step))
            if row is None:
                assert view["phase"] == "draw"  # only plays and discards are decisions
                continue
            assert str(action) == f"{row['action']} {row['card']}"
            same = [c for c in view["hand"] if c[0] == row["expedition"]]
            assert row["hand_cards"] == len(same)
            assert row["hand_investments"] == sum(c[1:] == "x" for c in same)
            assert row["hand_value"] == sum(int(c[1:]) for c in same if c[1:] != "x")
            mine = view["expeditions"][row["player"] % 2][row["expedition"]]
            assert row["expedition_cards"] == len(mine) and row["expedition_investments"] == sum(
                c.endswith("x") for c in mine
            )
            numbers = [int(c[1:]) for c in mine if not c.endswith("x")]
            assert row["top"] == (numbers[-1] if numbers else 0)
            assert row["deck_size"] == view["deck_size"] and row["round"] == view["round"]
            seen = len(same) + sum(len(side[row["expedition"]]) for side in view["expeditions"])
            assert row["unseen"] == 12 - seen - view["discard_sizes"][row["expedition"]]
            pending.append(row)
            checked += 1
    assert checked == frame.height and len(expedition_ends) == frame.height


def test_samoa_decision_columns_match_the_players_view():
    frame = simulate("samoa", games=3, seed=SEED, players=4, record="decisions", progress=False)
    rows = {(r["game"], r["step"]): r for r in frame.iter_rows(named=True)}
    assert Counter(frame["game"].to_list()) == {0: 48, 1: 48, 2: 48}  # 4 players x 12 rounds
    for index in range(3):
        open_rows = {}
        for step, game, action in replay("samoa", index, 4):
            player = game.current_player
            view = game.view(player)
            if view["phase"] == "choose" and player == 0 and open_rows and view["round"] > 1:
                # a new round: last round's cards are back in hand (kept) or used (discarded)
                for p, (row, _) in open_rows.items():
                    in_hand = row["card"] in game.view(p)["hand"]
                    assert row["kept"] == (in_hand or row["grey"])
                open_rows = {}
            row = rows.get((index, step))
            if row is not None:
                hotel = view["hotels"][player]
                filled = sum(1 for room in hotel["rooms"] if room)
                assert str(action) == f"choose {row['card']}" or row["swapped"]
                assert (row["rooms"], row["rooms_filled"], row["rooms_free"]) == (
                    len(hotel["rooms"]),
                    filled,
                    len(hotel["rooms"]) - filled,
                )
                assert row["hand_cards"] == len(view["hand"]) and row["money"] == view["money"]
                assert row["tourists_offered"] == sum(len(g) for g in view["groups"])
                assert row["island_free_rooms"] == sum(1 for h in view["hotels"] for r in h["rooms"] if not r)
                open_rows[player] = (row, 0)
            if str(action).startswith("place"):
                row, placed = open_rows[player]
                open_rows[player] = (row, placed + 1)
            if str(action) == "done":
                row, placed = open_rows[player]
                assert row["tourists"] == placed
                hotel = view["hotels"][player]
                assert row["rooms_after"] == len(hotel["rooms"])
                assert row["filled_after"] == sum(1 for room in hotel["rooms"] if room)
                assert row["occupancy"] == pytest.approx(row["filled_after"] / row["rooms_after"])
    # every Tala earned by tourists reached the purses: earnings equal the SA-3.6 payouts
    payouts = Counter()
    for index in range(3):
        game, _ = finish(replay("samoa", index, 4))
        for event in game.open_events():
            if event["kind"] == "payout":
                payouts[index, event["player"]] += event["earned"]
    earned = frame.group_by("game", "player").agg(pl.col("earned").sum().alias("sum"))
    assert {(r["game"], r["player"]): r["sum"] for r in earned.iter_rows(named=True) if r["sum"]} == +payouts


def test_overbooking_decision_columns_match_the_players_view():
    frame = simulate("overbooking", games=3, seed=SEED, players=3, record="decisions", progress=False)
    rows = {(r["game"], r["step"]): r for r in frame.iter_rows(named=True)}
    for index in range(3):
        last = None
        for step, game, action in replay("overbooking", index, 3):
            last = (game, action)
            row = rows.get((index, step))
            if row is None:
                assert not str(action).startswith(("queue", "back"))
                continue
            view = game.view(row["player"])
            assert str(action) == f"{row['where']} {row['card']} at {row['hotel']}"
            hotel = view["hotels"][row["hotel"] - 1]
            assert (row["hotel_beds"], row["rule"]) == (hotel["beds"], hotel["rule"])
            assert row["ahead"] == len(hotel["queue"]) and row["back_door"] == len(hotel["back"])
            assert row["ahead_small"] == sum(s["size"] == "small" for s in hotel["queue"])
            assert row["ahead_large"] == sum(s["size"] == "large" for s in hotel["queue"])
            assert row["ahead_own"] == sum(s["owner"] == row["player"] for s in hotel["queue"])
            assert row["card_number"] == view["placed"][row["player"]] + 1 and row["round"] == view["round"]
            assert row["token"] == (row["where"] == "back" and hotel["token"])
        game, _ = last  # finished: the generator applied the last action too
        end = game.open_view()
        mine = frame.filter(frame["game"] == index)
        for player in range(3):
            booked = sorted(r["card"] for r in mine.iter_rows(named=True) if r["player"] == player and r["booked"])
            assert booked == sorted(end["booked"][player])  # each card is one of a kind in its deck
        queue = mine.filter(mine["where"] == "queue")
        for r in queue.iter_rows(named=True):
            later = queue.filter(
                (queue["round"] == r["round"]) & (queue["hotel"] == r["hotel"]) & (queue["step"] > r["step"])
            )
            assert r["after"] == later.height


def test_simulate_refuses_unknown_games_records_and_bot_parameters():
    with pytest.raises(ValueError, match="no game"):
        simulate("chess", games=1)
    with pytest.raises(ValueError, match="record"):
        simulate("samoa", games=1, record="moves")
    with pytest.raises(ValueError, match="no bot"):
        simulate("samoa", games=1, bots=["genius"])
    with pytest.raises(ValueError, match="bolder"):
        simulate("samoa", games=1, bots=["heuristic(bolder=2)"])
    assert simulate("samoa", games=0).height == 0


def test_games_are_real_engine_games():
    # the seed column deals the same game through the ordinary constructor
    frame = simulate("overbooking", games=2, seed=SEED, players=2, progress=False)
    for row in frame.iter_rows(named=True):
        assert (
            Overbooking(players=2, seed=row["seed"]).fingerprint()
            == Overbooking(players=2, seed=game_seed(SEED, row["game"])).fingerprint()
        )
    assert isinstance(sim_game("samoa").new_game(players=3, seed=1), Samoa)
    assert isinstance(sim_game("lost-cities").new_game(players=2, seed=1), LostCities)
