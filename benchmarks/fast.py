"""Issue 11's targets in one run: the Lost Cities kernel, the advisor and the ISMCTS bot.

    python benchmarks/fast.py                      # everything (ISMCTS matches take minutes)
    python benchmarks/fast.py --ismcts-games 0     # skip the ISMCTS matches
    python benchmarks/fast.py --lc-rounds 1000 --samoa-games 300 --overbooking-games 300   # the full n
    python benchmarks/fast.py --only-ismcts --lc-rounds 1000 --samoa-games 0 --overbooking-games 0 \
        --processes 2 --save lc.jsonl                # one ISMCTS match, rows kept as they finish

The ISMCTS bot searches a fixed number of iterations per decision (ISMCTS_ITERATIONS, or
--iterations / --lc-iterations ...), so a match is the same games on a busy machine as on a quiet
one; --seconds gives it a time budget instead. Its CPU time per decision is printed beside the
0.2 s target (CPU time, not wall clock: on a shared machine it stands for a quiet core's time).
docs/simulation.md ("ISMCTS") has the recorded results and the commands that made them.

Every figure is printed beside its target; win rates with their 95% Wilson interval and n. One
process, one core. The tuned C engine (benchmarks/lostcities_reference.c: bit masks, the same
policy and the same generator) is built on the fly with gcc -O3 -march=native when a compiler is
found, and must play the very same games as the kernel (the benchmark checks a checksum of every
match's totals and the number of actions); without a compiler those lines are skipped. Random
2-player rounds are timed as one-round games and as rounds of 100-round matches, and once more in
the kernel's general loop (the bit-mask loop `_random_round` switched off by recording one entry),
which says what that loop earns. Timings on a machine shared with other work are noisy: rates are
the best of three runs, per CPU second (the kernel's process time, the C program's
CLOCK_PROCESS_CPUTIME_ID), the kernel and C run by turns; rates per wall-clock second follow in
parentheses. `--kernel-only` stops after the kernel.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from kit.bench import machine  # noqa: E402
from kit.bots.ismcts import BIAS, EXPLORATION, ISMCTSBot  # noqa: E402
from kit.core import Chance, random_playout  # noqa: E402
from kit.lostcities import LostCities, fast  # noqa: E402
from kit.overbooking import Overbooking  # noqa: E402
from kit.samoa import Samoa  # noqa: E402
from kit.sim.advice import advise  # noqa: E402
from kit.sim.stats import wilson_interval  # noqa: E402

#: ISMCTS iterations per decision in the matches (calibrated: see docs/simulation.md, "ISMCTS")
ISMCTS_ITERATIONS = {"lost-cities": 100, "samoa": 150, "overbooking": 160}
ISMCTS_REWARD = {"lost-cities": "win", "samoa": "margin", "overbooking": "margin"}
SHORT = {"lost-cities": "lc", "samoa": "samoa", "overbooking": "overbooking"}
CYTHON_ANCHOR = 6362  # random rounds/s of the best open (Cython) engine, as measured in issue 11 (not here)
KERNEL_TARGET = 290_000  # random rounds per CPU second on a quiet core
MATCH_ROUNDS = 100  # the longest match LostCities allows (MAX_ROUNDS): seeding weighs least


def line(label: str, figure: str, target: str, met: bool | None) -> None:
    verdict = "" if met is None else ("meets" if met else "MISSES")
    print(f"{label:<58} {figure:>26}   target {target:<22} {verdict}", flush=True)


@dataclass
class Rate:
    """Best rounds per second over the runs: per CPU second (what counts on a shared machine: the
    wall clock also counts the time other processes held the core) and per wall-clock second."""

    cpu: float = 0.0
    wall: float = 0.0
    checksum: int = 0

    def add(self, rounds: int, cpu: float, wall: float, checksum: int) -> None:
        self.cpu, self.wall = max(self.cpu, rounds / cpu), max(self.wall, rounds / wall)
        self.checksum = checksum


def kernel_run(rate: Rate, rounds: int, policy: str = "random", per_match: int = 1, record_cap: int = 0) -> None:
    """One timed run of `rounds` 2-player rounds in the kernel: rounds // per_match new matches of
    `per_match` rounds (game i: seed i, policy seed 1000003 + i, as the C program's); the checksum
    is the C program's (every match's totals). record_cap > 0 plays the general loop."""
    seeds = list(range(max(1, rounds // per_match)))
    policy_seeds = [1000003 + s for s in seeds]
    fast.play_new(seeds[:2], policy_seeds[:2], policy, rounds=per_match, record_cap=record_cap)  # compile first
    cpu, wall = time.process_time(), time.perf_counter()
    totals, _, _ = fast.play_new(seeds, policy_seeds, policy, rounds=per_match, record_cap=record_cap)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rate.add(len(seeds) * per_match, cpu, wall, int((totals[:, 0] * 1000 + totals[:, 1]).sum()))


def kernel_rate(rounds: int, policy: str = "random", runs: int = 3) -> Rate:
    """Best of `runs`: new 2-player rounds per second in the kernel."""
    rate = Rate()
    for _ in range(runs):
        kernel_run(rate, rounds, policy)
    return rate


def c_program(folder: str) -> Path | None:
    """benchmarks/lostcities_reference.c built with gcc -O3 -march=native (None without a compiler)."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        return None
    program = Path(folder) / "lostcities_reference"
    source = HERE / "lostcities_reference.c"
    subprocess.run([compiler, "-O3", "-march=native", "-o", str(program), str(source)], check=True)
    return program


def c_run(rate: Rate, program: Path, rounds: int, per_match: int = 1) -> int:
    """One timed run of the C program on the kernel's games; returns the steps it took."""
    games = max(1, rounds // per_match)
    cpu_rate, checksum, steps, wall_rate = subprocess.run(
        [str(program), str(games), "0", str(per_match)], capture_output=True, text=True, check=True
    ).stdout.split()
    played = games * per_match
    rate.add(played, played / float(cpu_rate), played / float(wall_rate), int(checksum))
    return int(steps)


@dataclass
class Workload:
    """The kernel and the C reference on the same rounds, timed by turns (both see the same load)."""

    per_match: int
    kernel: Rate
    c: Rate | None
    steps: int = 0  # actions in one run (C's count)
    kernel_steps: int = 0  # the kernel's count: the same games take the same actions


def kernel_and_c(rounds: int, runs: int, per_match: int, program: Path | None) -> Workload:
    """The kernel and, when a compiler was found, the C reference (`program`), on `rounds` rounds
    played as matches of `per_match` rounds."""
    work = Workload(per_match, Rate(), None if program is None else Rate())
    for _ in range(runs):
        kernel_run(work.kernel, rounds, per_match=per_match)
        if program is not None:
            work.steps = c_run(work.c, program, rounds, per_match)
    seeds = list(range(max(1, rounds // per_match)))
    work.kernel_steps = int(fast.play_new(seeds, [1000003 + s for s in seeds], rounds=per_match)[1].sum())
    return work


def share_lines(label: str, work: Workload) -> None:
    """C's rate on a workload, and the kernel's as a share of it (met only on the very same games)."""
    kernel, c = work.kernel, work.c
    if c is None:
        line(f"kernel, {label}, rounds/s", f"{kernel.cpu:,.0f} ({kernel.wall:,.0f})", "(no C compiler)", None)
        return
    same_games = c.checksum == kernel.checksum and work.steps == work.kernel_steps
    same = "same games" if same_games else "DIFFERENT GAMES (checksum or actions differ)"
    line(f"C engine rounds/s, {label}", f"{c.cpu:,.0f} ({c.wall:,.0f}) {same}", "(the practical limit)", None)
    line(
        f"  kernel rounds/s, {label}, share of C",
        f"{kernel.cpu:,.0f} = {kernel.cpu / c.cpu:.0%} ({kernel.wall / c.wall:.0%})",
        ">= 65% of C",
        kernel.cpu >= 0.65 * c.cpu and same_games,
    )


def readable_rate(seconds: float = 3.0) -> float:
    """Random 2-player rounds per CPU second on the readable engine (for scale)."""
    chance, games, start = Chance(1), 0, time.process_time()
    while time.process_time() - start < seconds:
        random_playout(LostCities(seed=games, rounds=1), chance)
        games += 1
    return games / (time.process_time() - start)


def walked(game, steps: int, seed: int = 1, choices: int = 4):
    """`game` after `steps` random actions, and on until the player to move has `choices` or more."""
    chance = Chance(seed)
    taken = 0
    while not game.is_over and (taken < steps or len(game.legal_actions()) < choices):
        game.apply(game.random_action(chance))
        taken += 1
    return game


def advisor_lines(
    label: str, game, rollouts: int, limit: float, policy: str = "random", repeats: int = 1, readable: bool = False
) -> None:
    """The advisor's time (the best of `repeats` runs); readable=True also times the readable engine
    on the same work in the same run and prints the ratio (the same numbers are checked)."""
    advise(game, rollouts=4, policy=policy)  # warm up (compiled kernel, caches)
    advice, seconds, cpu = _best_advice(game, rollouts, policy, "auto", repeats)
    # the CPU time is printed too: on a machine shared with other work it is nearer a quiet core's
    best = f", best of {repeats}" if repeats > 1 else ""
    line(
        f"advisor, {label}, {policy} rollouts",
        f"{seconds:.2f} s ({cpu:.2f} s CPU{best}) for {len(advice.actions)} x {rollouts}",
        f"< {limit:g} s",
        seconds < limit,
    )
    if readable and advice.engine != "readable":
        reference, r_seconds, r_cpu = _best_advice(game, rollouts, policy, "readable", repeats)
        same = "same numbers" if reference.actions == advice.actions else "DIFFERENT NUMBERS"
        line(
            f"  {advice.engine} path vs readable engine ({same})",
            f"{r_seconds / seconds:.1f}x wall, {r_cpu / cpu:.1f}x CPU",
            f"readable {r_seconds:.2f} s",
            None,
        )


def _best_advice(game, rollouts: int, policy: str, engine: str, repeats: int):
    best = None
    for _ in range(repeats):
        cpu = time.process_time()
        advice = advise(game, rollouts=rollouts, policy=policy, engine=engine)
        cpu = time.process_time() - cpu
        if best is None or advice.seconds < best[1]:
            best = (advice, advice.seconds, cpu)
    return best


def win_line(label: str, wins: float, games: int, target: float) -> None:
    low, high = wilson_interval(wins, games)
    rate = wins / games
    # met only if the whole interval clears the target; "not shown" if it straddles it
    verdict = True if low >= target else (False if high < target else None)
    figure = f"{rate:.1%} (95% CI {low:.1%}–{high:.1%}, n = {games})"
    print(
        f"{label:<58} {figure:>26}   target >= {target:.1%}{'':<13} "
        + ({True: "meets", False: "MISSES"}.get(verdict, "not shown either way at this n")),
        flush=True,
    )


#: the ISMCTS matches of issue 11: label, game, players, target share of wins
MATCHES = {
    "lost-cities": ("Lost Cities 2p rounds vs heuristic (seats alternating)", 2, 0.60),
    "samoa": ("Samoa 4p vs 3 heuristic bots (seats rotating)", 4, 0.375),
    "overbooking": ("Overbooking 3p vs 2 heuristic bots (seats rotating)", 3, 0.50),
}


def _new_game(game: str, seed: int):
    if game == "lost-cities":
        return LostCities(seed=seed, rounds=1)
    return (Samoa if game == "samoa" else Overbooking)(players=MATCHES[game][1], seed=seed)


def match_chunk(game: str, start: int, stop: int, bot: dict) -> list[dict]:
    """Games `start`..`stop - 1` of an ISMCTS match: game i is dealt from seed i, the ISMCTS bot
    (seeded i, parameters `bot`) sits at seat i % players (Lost Cities: the seats alternate), the
    others are heuristic bots. Per game: its win share, its score minus the others' (Lost Cities:
    the opponent's; else the mean of the others'), and its decisions' CPU and wall-clock times."""
    from kit.bots.arena import play_game
    from kit.bots.rollout import heuristic_bot, win_shares

    ISMCTSBot(0, iterations=1).choose(_new_game(game, 0))  # load the compiled kernel before any timing
    rows = []
    for i in range(start, stop):
        world = _new_game(game, i)
        players = world.settings.players
        seat = i % players
        tally = {"cpu": [], "wall": [], "iterations": 0}
        hero = _Timed(ISMCTSBot(i, **bot), tally)
        result = play_game(world, [hero if p == seat else heuristic_bot(game) for p in range(players)])
        scores = result.scores
        others = [s for p, s in enumerate(scores) if p != seat]
        rows.append(
            {
                "seed": i,
                "win": win_shares(world)[seat],
                "difference": scores[seat] - sum(others) / len(others),
                "decisions": len(tally["cpu"]),
                "cpu": sum(tally["cpu"]),
                "wall": sum(tally["wall"]),
                "longest_cpu": max(tally["cpu"], default=0.0),
                "longest_wall": max(tally["wall"], default=0.0),
                "iterations": tally["iterations"],
                "capped": result.capped,
            }
        )
    return rows


class _Timed:
    """An ISMCTS bot that also records each decision's CPU and wall-clock time and its iterations
    (decisions with one legal action are not searched and not counted)."""

    def __init__(self, bot: ISMCTSBot, tally: dict):
        self.bot, self.tally, self.name = bot, tally, bot.name

    def choose(self, game):
        cpu, wall = time.process_time(), time.perf_counter()
        action = self.bot.choose(game)
        if self.bot.last_iterations:
            self.tally["cpu"].append(time.process_time() - cpu)
            self.tally["wall"].append(time.perf_counter() - wall)
            self.tally["iterations"] += self.bot.last_iterations
        return action


def play_match(game: str, games: int, bot: dict, processes: int = 1, first_seed: int = 0, save=None) -> list[dict]:
    """All rows of `match_chunk` for games first_seed.. first_seed + games - 1, in order, played in
    `processes` local processes (the rows do not depend on how the work is split). `save`: a file
    to which each finished chunk's rows are appended as JSON lines (a long run keeps what it did)."""
    import json

    from kit.sim.executors import chunks

    pieces = [(first_seed + a, first_seed + b) for a, b in chunks(games, 4 * processes, 10)]

    def keep(rows):
        if save is not None:
            with open(save, "a") as out:
                out.writelines(json.dumps({"game": game, "bot": bot} | row) + "\n" for row in rows)
        return rows

    if processes <= 1:
        return [row for a, b in pieces for row in keep(match_chunk(game, a, b, bot))]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(match_chunk, game, a, b, bot) for a, b in pieces]
        return [row for future in futures for row in keep(future.result())]


def ismcts_bot(args, game: str) -> dict:
    """The ISMCTS parameters for `game` from the command line: a fixed number of iterations per
    decision (reproducible, load-independent) or, with --seconds, a time budget."""
    iterations = args.iterations or getattr(args, f"{SHORT[game]}_iterations")
    reward = args.reward or ISMCTS_REWARD[game]
    bot = {"rollout": args.rollout, "reward": reward, "exploration": args.exploration, "bias": args.bias}
    return bot | ({"seconds": args.seconds} if args.seconds else {"iterations": iterations})


def ismcts_lines(args) -> None:
    for game, games in (
        ("lost-cities", args.lc_rounds),
        ("samoa", args.samoa_games),
        ("overbooking", args.overbooking_games),
    ):
        if games <= 0:
            print(f"{MATCHES[game][0]:<58} {'skipped (n = 0)':>26}", flush=True)
            continue
        bot = ismcts_bot(args, game)
        start = time.perf_counter()
        rows = play_match(game, games, bot, args.processes, args.first_seed, args.save)
        match_lines(game, bot, rows, f"{time.perf_counter() - start:.0f} s in {args.processes} process(es)")


def match_lines(game: str, bot: dict, rows: list[dict], how: str = "") -> None:
    """An ISMCTS match's figures beside their targets."""
    from kit.sim.stats import mean_interval

    label, _, target = MATCHES[game]
    budget = f"{bot['seconds']:g} s/move" if "seconds" in bot else f"{bot['iterations']} it./move"
    games = len(rows)
    win_line(f"ISMCTS {budget}: {label}", sum(r["win"] for r in rows), games, target)
    mean, low, high = mean_interval([r["difference"] for r in rows])
    line("  its score minus the others' (mean, 95% CI)", f"{mean:+.1f} ({low:+.1f} to {high:+.1f})", "", None)
    decisions = sum(r["decisions"] for r in rows)
    longest = max(r["longest_cpu"] for r in rows)
    line(
        "  ISMCTS CPU time per decision: mean, longest",
        f"{sum(r['cpu'] for r in rows) / max(1, decisions):.3f} s, {longest:.3f} s",
        "<= 0.2 s",
        longest <= 0.2,
    )
    line(
        "  wall clock per decision: mean, longest (machine load!)",
        f"{sum(r['wall'] for r in rows) / max(1, decisions):.3f} s, {max(r['longest_wall'] for r in rows):.3f} s",
        "",
        None,
    )
    line(
        "  iterations per decision; decisions",
        f"{sum(r['iterations'] for r in rows) / max(1, decisions):.0f}; {decisions:,}",
        how,
        None,
    )
    seeds = sorted(r["seed"] for r in rows)
    runs = [[seeds[0], seeds[0]]]
    for seed in seeds[1:]:
        if seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    print(f"  bot {bot}, seeds {', '.join(f'{a}..{b}' for a, b in runs)}", flush=True)


def summarize(paths: list[str]) -> None:
    """The figures of matches saved with --save (several files, e.g. parts of one match played in
    separate processes, are pooled per game and bot; a seed played twice counts once; a file
    ending in .gz is read compressed, as the recorded ones in benchmarks/results/)."""
    import gzip
    import json

    matches: dict[tuple, dict] = {}
    for path in paths:
        with (gzip.open(path, "rt") if str(path).endswith(".gz") else open(path)) as lines:
            for text in lines:
                row = json.loads(text)
                game, bot = row.pop("game"), row.pop("bot")
                matches.setdefault((game, json.dumps(bot, sort_keys=True)), {})[row["seed"]] = row
    for (game, bot), rows in matches.items():
        match_lines(game, json.loads(bot), list(rows.values()), f"from {len(paths)} file(s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30_000, help="rounds per kernel timing run")
    parser.add_argument("--runs", type=int, default=3, help="timing runs of the kernel and of C (best kept)")
    parser.add_argument("--kernel-only", action="store_true", help="only the kernel lines (no advisor, no ISMCTS)")
    parser.add_argument("--only-ismcts", action="store_true", help="skip the kernel and advisor lines")
    parser.add_argument("--ismcts-games", type=int, help="shortcut: the same n for all three ISMCTS matches")
    parser.add_argument("--lc-rounds", type=int, default=40)
    parser.add_argument("--samoa-games", type=int, default=8)
    parser.add_argument("--overbooking-games", type=int, default=12)
    parser.add_argument("--iterations", type=int, help="ISMCTS iterations per decision in every game")
    for game, short in SHORT.items():
        parser.add_argument(f"--{short}-iterations", type=int, default=ISMCTS_ITERATIONS[game], help=f"{game} only")
    parser.add_argument("--seconds", type=float, help="ISMCTS: a time budget per decision instead of iterations")
    parser.add_argument("--rollout", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument("--reward", choices=["win", "margin"], help="default: per game (ISMCTS_REWARD)")
    parser.add_argument("--exploration", type=float, default=EXPLORATION)
    parser.add_argument("--bias", type=float, default=BIAS)
    parser.add_argument("--processes", type=int, default=1, help="ISMCTS matches: local processes")
    parser.add_argument("--first-seed", type=int, default=0, help="ISMCTS matches: seed of the first game")
    parser.add_argument("--save", help="ISMCTS matches: append every game's row to this JSON-lines file")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="print the figures of --save files and stop")
    args = parser.parse_args(argv)
    if args.summarize:
        summarize(args.summarize)
        return 0
    if args.ismcts_games is not None:
        args.lc_rounds = args.samoa_games = args.overbooking_games = args.ismcts_games
    print(machine())
    if args.only_ismcts:
        ismcts_lines(args)
        return 0
    print(f"numba kernel: {'yes' if fast.AVAILABLE else 'NO (numba not installed: readable engine)'}\n")

    with tempfile.TemporaryDirectory() as folder:
        program = c_program(folder)
        print(f"best of {args.runs} runs of {args.rounds:,} rounds each, rates per CPU second (per wall-clock second)")
        if program is None:
            line("C engine (benchmarks/lostcities_reference.c)", "skipped: no C compiler", "", None)
        single = kernel_and_c(args.rounds, args.runs, 1, program)
        share_lines("one-round games", single)
        matches = kernel_and_c(args.rounds, args.runs, MATCH_ROUNDS, program)
        share_lines(f"{MATCH_ROUNDS}-round matches", matches)
    rate = matches.kernel.cpu
    line("kernel rounds/s (matches)", f"{rate:,.0f}", f">= {KERNEL_TARGET:,} (quiet core)", rate >= KERNEL_TARGET)
    general = Rate()
    for _ in range(args.runs):
        kernel_run(general, args.rounds, per_match=MATCH_ROUNDS, record_cap=1)
    line(
        "  the same in the general loop (no bit-mask loop)",
        f"{general.cpu:,.0f} ({general.cpu / rate:.0%} of the bit-mask loop)",
        "",
        None,
    )
    per_round = matches.kernel_steps / (max(1, args.rounds // MATCH_ROUNDS) * MATCH_ROUNDS)
    line("  actions per random round", f"{per_round:.0f}: kernel {rate * per_round / 1e6:.1f} M actions/s", "", None)
    line(
        "kernel rounds/s (matches) vs Cython anchor (issue's figure)",
        f"{rate / CYTHON_ANCHOR:.1f}x",
        ">= 45x",
        rate >= 45 * CYTHON_ANCHOR,
    )
    readable = readable_rate()  # one-round games: compared with the kernel's one-round games
    line(
        "  readable engine random 2p one-round games/s (for scale)",
        f"{readable:,.0f} (kernel {single.kernel.cpu / readable:.0f}x)",
        "",
        None,
    )
    heuristic = kernel_rate(max(1000, args.rounds // 3), "heuristic")
    line("  kernel heuristic 2p rounds/s (for scale)", f"{heuristic.cpu:,.0f} ({heuristic.wall:,.0f})", "", None)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    if args.kernel_only:
        return 0

    advisor_lines("Lost Cities 2p, first move", LostCities(seed=3, rounds=1), 1000, 1.0)
    advisor_lines("Lost Cities 2p, first move", LostCities(seed=3, rounds=1), 1000, 1.0, "heuristic")
    advisor_lines("Lost Cities 2p, mid-round", walked(LostCities(seed=4, rounds=1), 40), 1000, 1.0)
    samoa = walked(Samoa(players=4, seed=5), 30)
    advisor_lines("Samoa 4p, mid-game (30 actions in)", samoa, 200, 2.0, repeats=3, readable=True)
    advisor_lines("Samoa 4p, mid-game (30 actions in)", samoa, 200, 2.0, "heuristic", repeats=3, readable=True)
    advisor_lines("Overbooking 4p, mid-game (30 actions in)", walked(Overbooking(players=4, seed=6), 30), 200, 2.0)
    overbooking = walked(Overbooking(players=4, seed=6), 30)
    advisor_lines("Overbooking 4p, mid-game (30 actions in)", overbooking, 200, 2.0, "heuristic")
    print()
    ismcts_lines(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
