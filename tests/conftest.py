import json
import os
from pathlib import Path

import pytest
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


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: absent under `-p no:xdist`
def pytest_xdist_make_scheduler(config, log):
    """`python3 dev.py test` runs the suite on every core with pytest-xdist's `--dist loadscope`: a
    test module (or class) stays on one worker, so its module fixtures are built once, and a notebook's
    cells stay together and in order (nbval's advice for xdist). The browser tests are one unit across
    their files: they share one JupyterLab server (session fixtures in tests/browser/conftest.py), so
    one worker starts it and runs them all, starting first: they are the longest unit (minutes), and
    the other workers share the rest meanwhile. Other --dist modes are left as xdist makes them."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ScopesWithOneBrowserUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(BROWSER_TESTS):
                return BROWSER_TESTS
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            if BROWSER_TESTS in self.workqueue:
                self.workqueue.move_to_end(BROWSER_TESTS, last=False)
            super()._assign_work_unit(node)

    return ScopesWithOneBrowserUnit(config, log)


#: node ids of the browser tests start so (ids are relative to the repository, where pyproject.toml is)
BROWSER_TESTS = "tests/browser/"
