import json
import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# Property-based tests: a fixed derandomized profile in CI (the same examples on every run), a
# random one on developers' machines (new examples each run, so more of the space gets explored).
settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
# Mutation runs only (`dev.py mutate` sets HYPOTHESIS_PROFILE=mutation; docs/mutation-testing.md): the
# same derandomized examples as CI, fewer of them, since every surviving mutant re-runs every
# property test that calls the mutated function (2,600 mutants on 2 cores).
MUTATION = os.environ.get("HYPOTHESIS_PROFILE") == "mutation"
settings.register_profile(
    "mutation", derandomize=True, deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(
    "mutation" if MUTATION else "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev")
)


def pytest_collection_modifyitems(items):
    """In mutation runs, the quickest tests first: mutmut stops at the first failure, so a mutant a
    quick rule test kills should not wait for the slow properties that would also catch it. The
    order is by the durations mutmut measured (mutants/mutmut-stats.json), else property tests last."""
    if MUTATION:
        stats = Path("mutmut-stats.json")
        durations = json.loads(stats.read_text())["duration_by_test"] if stats.exists() else {}
        hypothesis_last = lambda item: float(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))  # noqa: E731
        items.sort(key=lambda item: durations.get(item.nodeid, hypothesis_last(item)))


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden playthroughs in tests/golden/ instead of comparing against them",
    )
