"""Every rule section is taught and checked: each rule id of the digests (shared/rules/*.md) appears in a
notebook heading and is tested by at least one check a notebook uses; every rule notebook asks a
predict-first question; and no check passes on a fresh board (the stored outputs, which nbval proves
are what a fresh run gives, all say ✗).

The table rule id → notebook → check is generated here into docs/lesson-coverage.md.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest

from kit.core.lessons import rules_of

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TABLE = ROOT / "docs" / "lesson-coverage.md"
GAMES = {
    "lost-cities": ("LC", "kit.lostcities.lessons"),
    "samoa": ("SA", "kit.samoa.lessons"),
    "overbooking": ("OB", "kit.overbooking.lessons"),
}
RULE_ID = r"(?:LC|SA|OB)-\d+(?:\.\d+)?"


def _rules_dir() -> Path | None:
    """The digests: beside the clone in CI (../shared/rules), or named by TABLEKIT_RULES."""
    candidates = [Path(os.environ["TABLEKIT_RULES"])] if os.environ.get("TABLEKIT_RULES") else []
    candidates += [ROOT.parent / "shared" / "rules", ROOT / "shared" / "rules"]
    return next((path for path in candidates if path.is_dir() and any(path.glob("*.md"))), None)


RULES_DIR = _rules_dir()
needs_rules = pytest.mark.skipif(
    RULES_DIR is None, reason=f"the rules digests are not here: looked for {ROOT.parent / 'shared' / 'rules'}"
)


def digest_rule_ids() -> list[str]:
    """The ids a digest defines: in a heading (`## LC-3 ...`) or at the start of a bullet (`- SA-8.1 Rich`)."""
    ids: list[str] = []
    for path in sorted(RULES_DIR.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(rf"^(?:#+|-)\s+({RULE_ID})\b", line)
            if match and match.group(1) not in ids:
                ids.append(match.group(1))
    return ids


def rule_notebooks() -> list[Path]:
    """The rule path's notebooks: 01-08 of each game (09 are analyses)."""
    return sorted(p for game in GAMES for p in (NOTEBOOKS / game).glob("0[1-8]-*.ipynb"))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def headings(path: Path) -> set[str]:
    found = set()
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    found.update(re.findall(RULE_ID, line))
    return found


def checks(path: Path) -> list[dict]:
    """Every `live(board, lessons.X, ...)` and `predict(..., rules=...)` in a notebook, with its rules and
    the text its cell stored."""
    lessons = importlib.import_module(GAMES[path.parent.name][1])
    found = []
    for cell in _cells(path):
        if cell["cell_type"] != "code":
            continue
        stored = [
            "".join(output["data"]["text/plain"])
            for output in cell.get("outputs", [])
            if "data" in output and "text/plain" in output["data"]
        ]
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "live":
                name = node.args[1].attr
                found.append(
                    {"kind": "live", "name": name, "rules": rules_of(getattr(lessons, name)), "stored": stored}
                )
            elif node.func.id == "predict":
                rules = next((ast.literal_eval(k.value) for k in node.keywords if k.arg == "rules"), ())
                text = _text(node.args[0])
                found.append({"kind": "predict", "name": text, "rules": tuple(rules), "stored": stored})
    return found


def _text(node: ast.expr) -> str:
    """A question's words: a literal as it is (inside `tr(...)` too), an f-string with "…" where it
    computes something."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr" and node.args:
        return _text(node.args[0])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return re.sub(r"\{[^{}]*\}", "…", _text(node.func.value))  # tr("… {n} …").format(n=...)
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(str(part.value) if isinstance(part, ast.Constant) else "…" for part in node.values)
    return ast.unparse(node)


def coverage() -> dict[str, list[tuple[Path, dict]]]:
    table: dict[str, list[tuple[Path, dict]]] = defaultdict(list)
    for path in rule_notebooks():
        for check in checks(path):
            for rule in check["rules"]:
                table[rule].append((path, check))
    return table


@needs_rules
def test_every_rule_id_is_in_a_notebook_heading():
    seen = set().union(*(headings(path) for path in rule_notebooks()))
    missing = [rule for rule in digest_rule_ids() if rule not in seen]
    assert len(digest_rule_ids()) > 30  # the three digests were read
    assert not missing, f"rule ids in no notebook heading: {missing}"


@needs_rules
def test_every_rule_id_is_covered_by_a_check():
    table = coverage()
    missing = [rule for rule in digest_rule_ids() if not table.get(rule)]
    assert not missing, f"rule ids no notebook check tests: {missing}"


def test_every_check_names_rules_of_its_own_game_and_a_heading_of_its_notebook():
    for path in rule_notebooks():
        prefix = GAMES[path.parent.name][0]
        taught = headings(path)
        for check in checks(path):
            assert check["rules"], f"{path.name}: {check['name']} is tagged with no rule"
            assert all(rule.startswith(prefix) for rule in check["rules"]), (path.name, check)
            assert set(check["rules"]) & taught, f"{path.name}: {check['name']} tests {check['rules']}, not taught here"


def test_every_rule_notebook_asks_a_prediction_and_has_a_live_check_or_a_board_free_lesson():
    for path in rule_notebooks():
        kinds = [check["kind"] for check in checks(path)]
        assert "predict" in kinds, f"{path.name} asks no predict-first question"
        source = "".join("".join(c["source"]) for c in _cells(path) if c["cell_type"] == "code")
        if "Board(" in source and 'mode="open", seed=1' not in source:
            assert "live" in kinds, f"{path.name} has a board but no live check"


def test_no_check_passes_on_a_fresh_board():
    """The stored outputs are a fresh run (nbval re-runs every notebook and compares): all say ✗, or
    wait for the prediction above them (`after`), which a fresh run has not made."""
    from widgets.lessons import AFTER_PREDICTION

    count = 0
    for path in rule_notebooks():
        for check in checks(path):
            assert check["stored"], f"{path.name}: the cell of {check['name']!r} stored no output"
            fresh = (text.startswith("✗ Not yet") or text == AFTER_PREDICTION for text in check["stored"])
            assert all(fresh), (path.name, check["stored"])
            count += 1
    assert count >= 48


@needs_rules
def test_the_coverage_table_in_docs_is_current():
    """docs/lesson-coverage.md is generated here; an out-of-date one is rewritten (commit it)."""
    table = coverage()
    lines = [
        "# Rule coverage of the lesson notebooks",
        "",
        "Generated by `tests/test_lesson_coverage.py` from the rules digests (`shared/rules/*.md`) and the",
        "notebooks: for every rule id, the notebooks whose headings teach it and the checks that test it —",
        "live checks (`kit/*/lessons.py`, turning to ✓ as the board is played) and predict-first questions.",
        "",
        "| rule | taught in | checks |",
        "|---|---|---|",
    ]
    for rule in digest_rule_ids():
        taught = [f"{p.parent.name}/{p.name}" for p in rule_notebooks() if rule in headings(p)]
        tests = []
        for path, check in table.get(rule, []):
            name = f"`{check['name']}`" if check["kind"] == "live" else f"predict: “{check['name'][:60]}”"
            tests.append(f"{path.name[:2]}: {name}".replace("|", "\\|"))
        lines.append(f"| {rule} | {'<br>'.join(taught) or '—'} | {'<br>'.join(tests) or '—'} |")
    text = "\n".join(lines) + "\n"
    if not TABLE.exists() or TABLE.read_text(encoding="utf-8") != text:
        TABLE.write_text(text, encoding="utf-8")
        pytest.fail(f"{TABLE.relative_to(ROOT)} was out of date and has been rewritten: commit it")
