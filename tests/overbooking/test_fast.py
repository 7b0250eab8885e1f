"""The compiled Overbooking playouts (kit/overbooking/fast.py) play exactly the readable engine's
games: the same actions, the same final scores and winners, from new games and from positions taken
from the middle of random games (stage 1 and stage 2 choices, 2 to 4 players, every score card)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kit.bots.rollout import win_shares
from kit.core import Chance
from kit.overbooking import Overbooking, fast
from kit.overbooking.heuristic import HeuristicBot
from tests.support import assert_playout_changes_nothing, copy_dataset, edit

needs_numba = pytest.mark.skipif(not fast.AVAILABLE, reason="numba not installed (extra 'fast')")


def _engine_game(game: Overbooking, chance: Chance, policy="random") -> tuple[list[int], list[int], list[int]]:
    """The readable engine's playout of `game` (a copy) with `chance` (a copy): its record, scores
    and winners."""
    copy, start = game.clone(), len(game.history)
    fast.reference_play(copy, chance.clone(), policy)
    return fast.engine_record(copy, start), copy.scores(), copy.winners()


def _same_game(game: Overbooking, chance: Chance, policy="random") -> int:
    out = fast.play_out(game, chance, policy, record=True)
    record, scores, winners = _engine_game(game, chance, policy)
    assert out.record == record, f"different actions from step {_first_difference(out.record, record)}"
    assert (out.scores, out.winners, out.steps) == (scores, winners, len(record))
    return out.steps


def _first_difference(a: list[int], b: list[int]) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_random_games_are_the_engines_games(players):
    score_cards = (None, "beginner", "advanced")
    for seed in range(40):
        game = Overbooking(players=players, seed=seed, score_card=score_cards[seed % 3], first_player=seed % players)
        _same_game(game, Chance(1000 + seed))


@needs_numba
def test_positions_from_the_middle_of_random_games():
    """Stage-1 positions and stage-2 choices of a maid, noble or worker (OB-5.2), any round."""
    targets = 0
    for seed in range(150):
        players = 2 + seed % 3
        game = Overbooking(players=players, seed=seed, score_card=(None, "advanced")[seed % 2])
        walk = Chance(seed)
        steps = int(walk.random() * 70)
        for _ in range(steps):
            if game.is_over:
                break
            game.apply(game.random_action(walk))
        while not game.is_over and game.stage != 2 and seed % 4 == 0:  # on to a target choice
            game.apply(game.random_action(walk))
        if game.is_over:
            continue
        targets += game.stage == 2
        _same_game(game, Chance(7 * seed + 1))
    assert targets >= 5, "the test must reach stage-2 choices"


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_policy_plays_the_engines_games(players):
    """The heuristic bot at every seat, with its parameters, or beside random seats."""
    bots = [
        "heuristic",
        HeuristicBot(keep_value=2.0, small_beds=1, large_beds=6, spare_beds=1, small_bonus=-0.2, card_cost=0.1),
        HeuristicBot(sure=0.5, likely=0.8, unlikely=0.35, keep_value=-1.0, card_cost=1.1),
    ]
    for seed in range(24):
        game = Overbooking(players=players, seed=seed, score_card=(None, "beginner")[seed % 2])
        walk = Chance(seed)
        for _ in range(seed * 3):
            if game.is_over:
                break
            game.apply(game.random_action(walk))
        if game.is_over:
            continue
        bot = bots[seed % 3]
        policy = bot if seed % 2 else [bot if p % 2 else "random" for p in range(players)]
        _same_game(game, Chance(100 + seed), policy)


SCENARIOS = [  # stage-2 positions of the rule tests: a maid's and a noble's choices, replaced priorities
    {
        "check": True,
        "hotels": [
            {
                "beds": 20,
                "queue": [["red", "bird-monk"], ["blue", "bird-worker"], ["red", "fish-monk"]],
                "back": [["red", "bird-maid"]],
            }
        ],
    },
    {
        "check": True,
        "hotels": [
            {
                "beds": 6,
                "queue": [["red", "bird-worker"], ["blue", "bird-soldier"]],
                "back": [["red", "bird-noble"], ["blue", "fish-worker"], ["blue", "rose-noble"], ["red", "rose-noble"]],
            },
            {"beds": 9, "rule": "first:monk", "queue": [["blue", "fish-monk"], ["red", "fish-soldier"]]},
        ],
    },
    {"hotels": [{"rule": "face_up", "queue": [["blue", "fish-maid"]]}, {"rule": "no:worker"}]},
]


@needs_numba
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_prearranged_positions_are_played_as_the_engine_plays_them(scenario, policy):
    for seed in range(6):
        game = Overbooking(players=2, seed=seed, scenario=scenario)
        _same_game(game, Chance(seed), policy)


@needs_numba
def test_other_component_files_and_players_who_cannot_place(tmp_path):
    """Tight limits from rules.csv (OB-4 Decision: a player who cannot place places nothing), more
    rounds than hotel tiles last for (OB-7), other beds and coins."""
    folder = copy_dataset(tmp_path, "overbooking")
    edit(folder / "rules.csv", "back_door_limit,2,rulebook", "back_door_limit,1,rulebook")
    edit(folder / "rules.csv", "queue_limit,4,rulebook", "queue_limit,2,rulebook")
    edit(folder / "rules.csv", "rounds,4,rulebook", "rounds,7,rulebook")
    edit(folder / "rules.csv", "bed_change,3,rulebook", "bed_change,2,rulebook")
    edit(folder / "coins.csv", "monk,4,3,3,4,assumed", "monk,9,3,1,4,assumed")
    stuck = 0
    for seed in range(24):
        players = 2 + seed % 3
        game = Overbooking(players=players, seed=seed, components=str(folder), score_card="advanced")
        _same_game(game, Chance(seed), "random" if seed % 2 else "heuristic")
        copy = game.clone()
        fast.reference_play(copy, Chance(seed))
        stuck += sum(e[1] == "no-placement" for e in copy.log)
    assert stuck > 0, "the test must reach players who cannot place"


@needs_numba
def test_a_playout_changes_neither_the_game_nor_either_chance():
    game = Overbooking(players=4, seed=5)
    chance = Chance(3)
    assert_playout_changes_nothing(fast.play_out, game, chance)
    assert fast.play_from(game, 11) == fast.play_out(game, Chance(11))
    last_round = game.clone()
    while last_round.round < 4:
        last_round.apply(last_round.random_action(chance))
    heuristic = fast.play_from(last_round, 12, "heuristic")
    copy = last_round.clone()
    fast.reference_play(copy, Chance(12), "heuristic")
    assert heuristic.scores == copy.scores() and heuristic.shares == win_shares(copy)


@needs_numba
def test_play_after_gives_the_reference_rollouts_on_determinized_positions():
    chance = Chance(2)
    game = Overbooking(players=3, seed=9)
    for _ in range(17):
        game.apply(game.random_action(chance))
    viewer = game.current_player
    worlds = [game.determinize(viewer, chance) for _ in range(4)]
    actions = game.legal_actions()
    game_seeds, policy_seeds = [11, 12, 13, 14], [21, 22, 23, 24]
    scores, counts = fast.play_after(worlds, actions, game_seeds, policy_seeds)
    ref_scores, ref_counts = fast.reference_play_after(worlds, actions, game_seeds, policy_seeds)
    assert scores.shape == (4, len(actions), 3)
    assert (scores == ref_scores).all() and (counts == ref_counts).all()
    assert len({tuple(s) for s in scores.reshape(-1, 3).tolist()}) > 1, "the rollouts must differ"


def test_the_kernel_refuses_a_policy_it_does_not_play():
    class Cautious(HeuristicBot):  # a subclass may choose otherwise: the kernel cannot know
        pass

    assert fast.fits("random") and fast.fits("heuristic") and fast.fits(["random", HeuristicBot()])
    assert not fast.fits(Cautious()) and not fast.fits("greedy")
    with pytest.raises(ValueError, match="heuristic"):
        fast.play_out(Overbooking(players=2, seed=1), Chance(1), policy=Cautious())
    with pytest.raises(ValueError, match="one policy per seat"):
        fast.play_out(Overbooking(players=2, seed=1), Chance(1), policy=["random"] * 3)


def test_without_numba_the_same_functions_play_the_readable_engine():
    """Block numba's import in a fresh interpreter: the module falls back and still plays."""
    script = (
        "import sys; sys.modules['numba'] = None\n"
        "from kit.core import Chance\n"
        "from kit.overbooking import Overbooking, fast\n"
        "assert not fast.AVAILABLE\n"
        "out = fast.play_out(Overbooking(players=3, seed=3), Chance(4), record=True)\n"
        "print(out.scores, out.steps, len(out.record))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    record, scores, _ = _engine_game(Overbooking(players=3, seed=3), Chance(4))
    assert done.stdout.split()[-1] == str(len(record))
    assert done.stdout.startswith(str(scores))


@needs_numba
def test_a_playout_past_the_step_cap_fails_loudly(monkeypatch):
    # the compiled loop's cap, lowered on the plain-Python twins of the kernel's loop (numba bakes globals in)
    monkeypatch.setattr(fast, "STEP_CAP", 5)
    monkeypatch.setattr(fast, "_play", fast._play.py_func)
    monkeypatch.setattr(fast, "_after_many", fast._after_many.py_func)
    game = Overbooking(players=3, seed=1)
    with pytest.raises(RuntimeError, match="could not finish 1 playout"):
        fast.play_out(game, Chance(1), policy="heuristic")
    with pytest.raises(RuntimeError, match="could not finish 2 playout"):
        fast.play_after([game], game.legal_actions()[:2], [1], [2])
