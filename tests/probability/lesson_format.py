"""The graded-exercise format of the probability lessons (docs/teaching.md, "Writing a lesson's
exercises"), read from a lesson and its teacher guide: the exercises, their answer variables, the
visible and hidden parts of their checks, the wrong answers each guide lists, and what a student who
copies from the visible cells would try.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LESSON_FOLDER = ROOT / "notebooks" / "probability"
GUIDES = ROOT / "docs" / "teachers" / "probability"

GUIDE_HEADINGS = ("## 45-minute plan", "## Misconceptions this lesson targets", "## Answers",
                  "## Wrong answers the grading rejects")  # fmt: skip
HIDDEN = re.compile(r"^[ \t]*### BEGIN HIDDEN TESTS\n.*?^[ \t]*### END HIDDEN TESTS[ \t]*\n?", re.M | re.S)
SOLUTION = re.compile(r"^[ \t]*### BEGIN SOLUTION\n.*?^[ \t]*### END SOLUTION[ \t]*\n?", re.M | re.S)
WRONG = re.compile(r"^```python wrong (ex\d+)\n(.*?)^```", re.M | re.S)
PREDICT_FIRST = re.compile(r"^```text predict-first\n(.*?)^```", re.M | re.S)
COPIER_MAY_PASS = re.compile(r"^Copier may pass: (ex\d+)", re.M)


def lessons() -> list[Path]:
    return sorted(LESSON_FOLDER.glob("[0-9]*.ipynb"))


def converted() -> list[Path]:
    """The lessons in the graded format: all of them."""
    return lessons()


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def mark(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def guide_path(lesson: Path) -> Path:
    return GUIDES / f"{lesson.stem}.md"


def visible(check: str) -> str:
    """A check cell as the student version has it: the hidden tests removed."""
    return HIDDEN.sub("", check)


def answer_variables(answer: str) -> list[str]:
    """The names an answer cell sets to None before its solution: the cell's answer variables."""
    before = answer.split("### BEGIN SOLUTION")[0]
    names = []
    for statement in ast.parse(before).body:
        value = getattr(statement, "value", None)
        if isinstance(statement, ast.Assign) and isinstance(value, ast.Constant) and value.value is None:
            names += [target.id for target in statement.targets if isinstance(target, ast.Name)]
    return names


def blank_answer(answer: str) -> str:
    """The answer cell with its solution left out: the lines that set the answer variables to None."""
    return SOLUTION.sub("", answer)


@dataclass
class Exercise:
    name: str  # "ex1"
    answer: str  # the teacher's answer cell
    check: str  # the teacher's check cell, hidden tests included
    points: float
    variables: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)  # from the guide


def exercises(lesson: Path) -> list[Exercise]:
    """The lesson's exercises in order, each with the wrong answers its guide lists."""
    found: dict[str, dict] = {}
    for cell in cells(lesson):
        grade_id = mark(cell).get("grade_id", "")
        if match := re.fullmatch(r"(ex\d+)-(answer|check)", grade_id):
            found.setdefault(match[1], {})[match[2]] = cell
    guide = guide_path(lesson).read_text(encoding="utf-8") if guide_path(lesson).exists() else ""
    wrong: dict[str, list[str]] = {}
    for name, code in WRONG.findall(guide):
        wrong.setdefault(name, []).append(code)
    result = []
    for name in sorted(found, key=lambda n: int(n[2:])):
        pair = found[name]
        answer, check = source(pair["answer"]), source(pair["check"])
        result.append(Exercise(name, answer, check, mark(pair["check"])["points"], answer_variables(answer),
                               wrong.get(name, [])))  # fmt: skip
    return result


def predict_first(lesson: Path) -> list[str]:
    """What would answer the lesson's predict-first question, as its guide lists it."""
    guide = guide_path(lesson).read_text(encoding="utf-8")
    return [line.strip() for block in PREDICT_FIRST.findall(guide) for line in block.splitlines() if line.strip()]


def copier_may_pass(lesson: Path) -> set[str]:
    return set(COPIER_MAY_PASS.findall(guide_path(lesson).read_text(encoding="utf-8")))


# --- what a copier finds in the visible cells --------------------------------------------------------

NUMBER = re.compile(r"(?<![\w.])[-−+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])[-−+]?\d+(?:\.\d+)?(?:/\d+)?")
VULGAR = {"½": "Fraction(1, 2)", "⅓": "Fraction(1, 3)", "⅔": "Fraction(2, 3)", "¼": "Fraction(1, 4)",
          "¾": "Fraction(3, 4)", "⅙": "Fraction(1, 6)"}  # fmt: skip


def numbers_in(text: str) -> set[str]:
    """Every number in a text as a Python expression: 2,047 -> 2047, 7/16 -> Fraction(7, 16)."""
    found = {value for sign, value in VULGAR.items() if sign in text}
    for token in NUMBER.findall(text):
        token = token.replace(",", "").replace("−", "-").lstrip("+")
        if "/" in token:
            top, bottom = token.split("/")
            if int(bottom) != 0:
                found.add(f"Fraction({top}, {bottom})")
        else:
            found.add(token)
    return found


def expressions_in(code: str) -> set[str]:
    """Every expression in a piece of Python (each sub-expression too), as source text."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    found = set()
    # `name = expression` at the top: the name is a candidate with that very value, and evaluating
    # the expression again would rerun the lesson's simulations
    bound = {id(statement.value) for statement in tree.body
             if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets)}
    for node in ast.walk(tree):
        if id(node) in bound:
            continue
        if isinstance(node, ast.expr) and not isinstance(node.ctx if hasattr(node, "ctx") else None, ast.Store):
            if isinstance(node, (ast.Starred, ast.Slice)):
                continue
            found.add(ast.unparse(node))
    return found


def copied_candidates(student_version: Path, teacher_version: Path) -> list[str]:
    """What a copier pastes into every answer cell: every expression of the student version's code
    cells; every number, fraction and inline-code expression of its markdown (not the letters of
    multiple-choice questions: trying each is guessing, not copying); and every number the lesson's
    own cells print when run (the teacher version's stored outputs of the cells outside the
    exercises, which the student sees after running them)."""
    found: set[str] = set()
    for cell in cells(student_version):
        text = source(cell)
        if cell["cell_type"] == "code":
            found |= expressions_in(text)
        else:
            found |= numbers_in(text)
            for span in re.findall(r"`([^`\n]+)`", text):
                found |= {e for e in expressions_in(span) if not isinstance(_literal(e), str)}
    for cell in cells(teacher_version):
        if cell["cell_type"] == "code" and not mark(cell):
            for output in cell.get("outputs", []):
                text = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
                found |= numbers_in(text)
    return sorted(found)


def _literal(expression: str) -> object:
    try:
        return ast.literal_eval(expression)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
