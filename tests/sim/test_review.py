"""Reviewing a game (kit.sim.review): the moves as a seat read them, its decisions valued from its
own information, and practice games branched from a moment without the real hidden cards."""

from __future__ import annotations

import pytest

from kit.core import Chance
from kit.core.practice import is_practice_start
from kit.games import game_type, names
from kit.sim.review import (
    MAX_ROLLOUTS,
    Review,
    biggest_costs,
    bounded_rollouts,
    practice_from,
    what_if,
)

SHORT = {"lost-cities": {"rounds": 1}, "samoa": {"players": 3}, "overbooking": {"players": 2}}


def played(name: str, seed: int, steps: int):
    """A game of `name` after `steps` actions of the game's heuristic bots (or its end)."""
    kind = game_type(name)
    game = kind(seed=seed, **SHORT[name])
    bots = [kind.heuristic_bot() for _ in range(game.settings.players)]
    while not game.is_over and len(game.history) < steps:
        game.apply(bots[game.current_player].choose(game))
    return game


@pytest.mark.parametrize("name", names())
def test_the_moves_and_moments_are_what_the_reader_was_told_and_shown(name):
    game = played(name, 2, 30)
    review = Review(game, reader=0)
    assert len(review) == len(game.history) + 1
    told = [entry["text"] for entry in game.told_to(0)]
    assert [line for move in review.moves for line in move.lines] == told[len(review.opening) :]
    replay = type(game)(game.settings)
    for moment, action in enumerate(game.history):
        assert review.view(moment) == replay.view(0)
        assert review.moves[moment].mine == (replay.current_player == 0)
        replay.apply(action)
    assert review.view(len(game.history)) == game.view(0)
    assert review.decisions == [move.step for move in review.moves if move.mine]
    with pytest.raises(ValueError, match="a moment of this game"):
        review.view(len(review))


def test_a_review_shows_everything_only_when_told():
    game = played("lost-cities", 2, 20)
    assert Review(game, reader=1).view(5) != Review(game, None, everything=True).view(5)
    assert Review(game, None, everything=True, seat=0).view(5)["open"]
    with pytest.raises(ValueError, match="read by a seat"):
        Review(game, None)


@pytest.mark.parametrize("name", names())
def test_an_evaluation_prices_the_action_taken_against_the_best_on_the_same_redeals(name):
    game = played(name, 3, 24)
    review = Review(game, reader=0)
    step = review.decisions[1]
    evaluation = review.evaluate(step, 6, engine="readable")
    assert evaluation.played.action == str(game.history[step])
    cost, low, high = evaluation.cost
    assert cost >= 0 and low <= cost <= high
    row = evaluation.row()
    assert row["n"] == 6 and row["difference_low"] <= row["difference"] <= row["difference_high"]
    best = evaluation.advice.actions[0].action
    if evaluation.played.action == best:
        assert cost == 0
    alternative = what_if(evaluation, best)
    assert alternative["played"]["n"] == alternative["alternative"]["n"] == 6
    assert sum(alternative["played"]["counts"]) == 6
    assert alternative["paired"]["mean"] == pytest.approx(cost, abs=0.02)  # best minus played
    with pytest.raises(ValueError, match="not one of the choices"):
        what_if(evaluation, "no such action")
    with pytest.raises(ValueError, match="decisions"):
        review.evaluate(review.decisions[0] + 1 if review.decisions[0] + 1 not in review.decisions else -1, 4)


def test_evaluations_use_only_the_readers_information():
    """Two games that differ only in what seat 0 cannot see get the same evaluations."""
    first, second = alternative_worlds("lost-cities", seed=4, moment=12, later=6)
    assert first.open_view() != second.open_view()
    one, two = Review(first, 0), Review(second, 0)
    assert [one.view(m) for m in range(len(one))] == [two.view(m) for m in range(len(two))]
    assert [m.lines for m in one.moves] == [m.lines for m in two.moves]
    for step in one.decisions[:3]:
        assert one.evaluate(step, 5, engine="readable").row() == two.evaluate(step, 5, engine="readable").row()


def test_the_biggest_costs_are_named_biggest_first():
    game = played("lost-cities", 5, 30)
    review = Review(game, 0)
    evaluations = [review.evaluate(step, 4, engine="readable") for step in review.decisions[:8]]
    biggest = biggest_costs(evaluations)
    assert len(biggest) <= 3 and all(e.cost[0] > 0 for e in biggest)
    assert [e.cost[0] for e in biggest] == sorted((e.cost[0] for e in biggest), reverse=True)
    rest = [e.cost[0] for e in evaluations if e not in biggest]
    assert not biggest or all(c <= biggest[-1].cost[0] for c in rest)


@pytest.mark.parametrize("rollouts", [0, 1, MAX_ROLLOUTS + 1, 2.5, True, "10", None])
def test_rollouts_are_bounded(rollouts):
    with pytest.raises(ValueError, match="rollouts must be"):
        bounded_rollouts(rollouts)
    assert bounded_rollouts(MAX_ROLLOUTS) == MAX_ROLLOUTS


@pytest.mark.parametrize("name", names())
def test_a_practice_game_redeals_what_the_reader_could_not_see_and_replays_from_its_start(name):
    game = played(name, 6, 20)
    position = Review(game, 0).position(14)
    seen = position.view(0)
    practice = practice_from(position, 0, seed=11)
    other = practice_from(position, 0, seed=12)
    assert practice.view(0) == other.view(0) == seen
    assert practice.open_view() != other.open_view() or name == "samoa"  # a seat may know everything
    assert practice.settings.seed == 11 and practice.history == []
    assert is_practice_start(practice) and not is_practice_start(game)
    # no secret of another seat from before its start reaches anyone who reads its events
    hidden = [e for e in practice.events() if e.secret is not None and 0 not in e.seen_by]
    assert hidden == []
    everything = practice.open_events()  # the all-seeing log, as the open mode would show it
    for index, event in enumerate(position.events()):
        if event.secret is not None and 0 not in event.seen_by:
            assert not set(event.secret) & set(everything[index]) - set(event.public)
    bots = [type(game).heuristic_bot() for _ in range(game.settings.players)]
    while not practice.is_over and len(practice.history) < 12:
        practice.apply(bots[practice.current_player].choose(practice))
    actions, fingerprint = list(practice.history), practice.fingerprint()
    practice.undo(len(actions))
    assert practice.view(0) == seen
    assert type(practice).replay(practice.settings, actions).fingerprint() == fingerprint


@pytest.mark.parametrize("settings", [{"players": 4}, {"edition": "six"}])
def test_a_practice_game_of_the_partner_game_and_the_sixth_expedition_plays_on(settings):
    game = game_type("lost-cities")(seed=4, rounds=1, **settings)
    bots = [type(game).heuristic_bot() for _ in range(game.settings.players)]
    while len(game.history) < 40:
        game.apply(bots[game.current_player].choose(game))
    practice = practice_from(game, 0, seed=5)
    assert practice.view(0) == game.view(0)
    while not practice.is_over:
        action = bots[practice.current_player].choose(practice)
        assert practice.first_reveal(len(practice.history)) is None
        practice.apply(action)
    assert practice.first_reveal(0) is not None  # replays from its own start, the partners' passes too


def test_a_practice_game_of_the_open_mode_is_the_position_itself():
    position = played("overbooking", 2, 10)
    practice = practice_from(position, None, seed=3)
    assert practice.open_view() == position.open_view()


# ------------------------------------------------------------------------------ shared helpers
def alternative_worlds(name: str, seed: int, moment: int, later: int):
    """Two games that seat 0 cannot tell apart: the same position as seat 0 knows it at `moment`,
    hidden cards redealt differently (`practice_from`), then up to `later` more actions legal in
    both that seat 0 reads the same in both (its own chosen at random, the others' the first such),
    ending on seat 0's turn. They stop early where every action would show seat 0 a difference (a
    new round dealt), and a second redeal is searched for among a few seeds when the first steps
    find no such action (other hands with no card in common)."""
    position = played(name, seed, moment)
    while position.current_player != 0:
        position.apply(position.legal_actions()[0])
    for second in range(202, 232):
        worlds = [practice_from(position, 0, seed=s) for s in (101, second)]
        if _in_lockstep(worlds, Chance(seed), later):
            assert worlds[0].view(0) == worlds[1].view(0) and worlds[0].current_player == 0
            return worlds
    raise AssertionError("no second redeal could follow the first")


def _in_lockstep(worlds, chance: Chance, later: int) -> bool:
    """Play `worlds` on together (see `alternative_worlds`); True once seat 0 acted at least once."""
    first, second = worlds
    turns, mine = [], 0  # the lengths at which seat 0 is to move, after one of its own actions
    for _ in range(later):
        if first.is_over:
            break
        common = [a for a in map(str, first.legal_actions()) if a in set(map(str, second.legal_actions()))]
        same = [a for a in common if _reads_the_same(first, second, a)]
        if not same:
            break
        mine += first.current_player == 0
        choice = same[chance.below(len(same))] if first.current_player == 0 else same[0]
        for world in worlds:
            world.apply(choice)
        if first.current_player == 0 and mine:
            turns.append(len(first.history))
    if not turns:
        return False
    for world in worlds:
        world.undo(len(world.history) - turns[-1])
    return True


def _reads_the_same(first, second, action: str) -> bool:
    from kit.core.reveals import seen_after

    return seen_after(first, action, 0) == seen_after(second, action, 0)


def test_without_the_ties_explained_the_advice_is_the_same_and_its_ties_give_no_reason():
    from kit.sim.advice import advise

    position = played("samoa", 2, 0)
    explained, quick = (advise(position, 0, 4, "heuristic", engine="readable", explain_ties=e) for e in (True, False))
    assert explained.actions == quick.actions and explained.ties and len(quick.ties) == len(explained.ties)
    assert [tie.actions for tie in quick.ties] == [tie.actions for tie in explained.ties]
    assert all(tie.reason == "" for tie in quick.ties) and any(tie.reason for tie in explained.ties)
