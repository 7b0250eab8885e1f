import os

from hypothesis import HealthCheck, settings

# Property-based tests: a fixed derandomized profile in CI (the same examples on every run), a
# random one on developers' machines (new examples each run, so more of the space gets explored).
settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden playthroughs in tests/golden/ instead of comparing against them",
    )
