"""The teacher's view of a class: who passed which check of each lesson, and the class's own
simulations pooled, so that the class sees the law of large numbers in its own work.

    from classroom import gradebook as view
    course = view.course_directory()                  # nbgrader's own configuration (its SQLite gradebook)
    course = view.course_directory(db_url="postgresql://…")   # or any database URL nbgrader accepts
    marks = view.checks(course)                       # one row per lesson × check × student
    view.grid(marks)                                  # the chart: students × checks, a panel per lesson
    view.totals(marks)                                # per lesson and student: checks passed, points
    answers = view.class_answers(course, "01-will-the-card-i-need-come")
    view.pooled(answers)                              # the class's trials together: n and 95% interval
    view.funnel(answers)                              # every student a dot, against the exact value

**Marks** come from nbgrader's gradebook through its own API (`nbgrader.api.Gradebook`).

**Answers** come from the students' handed-in notebooks: the autograded copy where there is one (its
check cells are the teacher's again, whatever the student did to them), else the submitted one. A
"simulate" exercise (the format docs/teaching.md describes) holds the student's seed and their own
list of trials; the lesson's check cell names them (`seed_form(seed)`, `graded_trials(trials, engine call)`,
`graded_share(estimate, values, event)` or `graded_mean(estimate, values)`), and those are what is
read. Each notebook is run (as nbgrader's autograder runs it, in a kernel of its own) up to its last
simulate exercise, and a last cell reports those variables; the engine call is run again with the
student's seed, so only trials the engine made with that seed count (a typed list does not), and
trials two students share (one seed twice, or overlapping runs of deals) count once. The result is
kept beside the course, keyed by the notebook's contents, so each submission runs once.

The exact value each exercise estimates is the lesson's own exact computation, named in the teacher's
table `classroom/teacher/exact.json` (an expression evaluated in the lesson's namespace once its cells
have run). That table and the teacher notebook stay out of the installed kit, which every student's
server imports.

This module and the teacher notebook that uses it (`classroom/teacher/gradebook.ipynb`) are the
teacher's: the class server puts the notebook in the grading account's home, never in the course's
source folder, so nbgrader never releases it, and the Voila class site serves only `notebooks/`.
"""

from __future__ import annotations

import ast
import hashlib
import json
import math
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import altair as alt
import polars as pl
from sqlalchemy.engine import make_url

from kit.sim import stats
from widgets.charts import INK, INK_SOFT, natural_key
from widgets.probability import EXACT as EXACT_COLOUR
from widgets.probability import SIMULATED

#: what became of one check for one student
PASSED, NOT_YET, NOT_GRADED, NOT_HANDED_IN = "passed", "not yet", "not graded yet", "not handed in"
STATUS_COLOURS = {PASSED: "#1e88e5", NOT_YET: "#f4511e", NOT_GRADED: "#bdbdbd", NOT_HANDED_IN: "#eeeeee"}

#: where the teacher's table of exact values lives: beside the teacher notebook (the grading account's
#: home, where the class server copies both), else in this source tree. Never in the installed kit,
#: which every student's server imports: the wheel leaves classroom/teacher/ out.
EXACT_FILE = "exact.json"


def exact_values(folder: str | Path | None = None) -> dict[str, dict[str, str]]:
    """The exact value each simulate exercise estimates, per lesson and exercise: an expression in the
    lesson's own names, evaluated after its cells ran (the lesson computes it the same way)."""
    places = [Path(folder)] if folder is not None else [Path.cwd(), Path(__file__).resolve().parent / "teacher"]
    for place in places:
        if (place / EXACT_FILE).is_file():
            return json.loads((place / EXACT_FILE).read_text(encoding="utf-8"))
    return {}

#: the MIME type of the report the last cell of a run notebook displays
REPORT = "application/vnd.tablekit.class-answers+json"
CACHE = ".teacher-view"  # in the course folder (the grading account's; students cannot read it)


# --- the course -------------------------------------------------------------------------------------


def course_directory(root: str | Path | None = None, db_url: str | None = None):
    """nbgrader's `CourseDirectory` as nbgrader itself configures it (nbgrader_config.py in the
    working folder and on Jupyter's config path), with `root` and `db_url` overriding it. The
    gradebook defaults to the course's SQLite file, `<root>/gradebook.db`."""
    from nbgrader.apps import NbGrader
    from nbgrader.coursedir import CourseDirectory

    app = NbGrader()
    app.load_config_file()
    course = CourseDirectory(config=app.config)
    if root is not None:
        course.root = str(Path(root).resolve())
    if db_url is not None:
        course.db_url = db_url
    return course


def open_gradebook(course):
    """nbgrader's gradebook of `course`. A SQLite gradebook that does not exist yet is refused rather
    than made: the teacher's view reads a course, it does not start one."""
    from nbgrader.api import Gradebook

    url = make_url(course.db_url)
    if url.get_backend_name() == "sqlite" and url.database and not Path(url.database).is_file():
        raise FileNotFoundError(
            f"no gradebook at {url.database}: generate a lesson in the formgrader first (or give db_url=)"
        )
    return Gradebook(course.db_url, course.course_id)


# --- marks: who passed which check ----------------------------------------------------------------------


def checks(course) -> pl.DataFrame:
    """One row per lesson (nbgrader assignment), check (grade cell) and enrolled student: `status`
    (passed, not yet, not graded yet, not handed in), `score` and `max_score`."""
    from nbgrader.api import MissingEntry

    rows = []
    with open_gradebook(course) as gradebook:
        students = sorted(student.id for student in gradebook.students)
        for assignment in gradebook.assignments:
            for notebook in assignment.notebooks:
                cells = sorted(notebook.grade_cells, key=lambda cell: natural_key(cell.name))
                for student in students:
                    try:
                        handed_in = gradebook.find_submission_notebook(notebook.name, assignment.name, student)
                        grades = {grade.name: grade for grade in handed_in.grades}
                    except MissingEntry:
                        grades = {}
                    for cell in cells:
                        grade = grades.get(cell.name)
                        rows.append(
                            {
                                "lesson": assignment.name,
                                "notebook": notebook.name,
                                "check": cell.name,
                                "student": student,
                                "status": _status(grade),
                                "score": None if grade is None else float(grade.score),
                                "max_score": float(cell.max_score),
                            }
                        )
    schema = {"lesson": pl.String, "notebook": pl.String, "check": pl.String, "student": pl.String,
              "status": pl.String, "score": pl.Float64, "max_score": pl.Float64}  # fmt: skip
    return pl.DataFrame(rows, schema=schema)


def _status(grade) -> str:
    if grade is None:
        return NOT_HANDED_IN
    if grade.auto_score is None and grade.manual_score is None:
        return NOT_GRADED
    return PASSED if grade.score >= grade.max_score else NOT_YET


def totals(marks: pl.DataFrame) -> pl.DataFrame:
    """Per lesson and student: checks passed of the lesson's checks, and points of the most."""
    return (
        marks.group_by("lesson", "student")
        .agg(
            (pl.col("status") == PASSED).sum().alias("passed"),
            pl.len().alias("checks"),
            pl.col("score").sum().alias("points"),
            pl.col("max_score").sum().alias("of"),
            (pl.col("status") != NOT_HANDED_IN).any().alias("handed in"),
        )
        .sort(pl.col("lesson"), pl.col("student"))
    )


def by_check(marks: pl.DataFrame) -> pl.DataFrame:
    """Per lesson and check: how many of the students who handed the lesson in passed it."""
    return (
        marks.group_by("lesson", "check")
        .agg(
            (pl.col("status") == PASSED).sum().alias("passed"),
            (pl.col("status") != NOT_HANDED_IN).sum().alias("handed in"),
            pl.len().alias("students"),
        )
        .sort("lesson", pl.col("check").map_elements(lambda name: str(natural_key(name)), return_dtype=pl.String))
    )


def grid(marks: pl.DataFrame) -> alt.VConcatChart:
    """Students × checks, one panel per lesson, each cell coloured by what became of the check; the
    last column of each panel is the student's total (checks passed of the lesson's)."""
    if marks.is_empty():
        raise ValueError("the gradebook holds no lessons yet: generate an assignment in the formgrader first")
    students = sorted(marks["student"].unique().to_list())
    panels = []
    for lesson in sorted(marks["lesson"].unique().to_list(), key=natural_key):
        rows = marks.filter(pl.col("lesson") == lesson).with_columns(
            pl.col("check").str.replace(r"-check$", "").alias("exercise")
        )
        order = sorted(rows["exercise"].unique().to_list(), key=natural_key)
        sums = totals(rows).with_columns(
            pl.when(pl.col("handed in"))
            .then(pl.format("{}/{}", pl.col("passed"), pl.col("checks")))
            .otherwise(pl.lit("–"))
            .alias("label")
        )
        y = alt.Y("student:N", sort=students, title=None)
        cells = (
            alt.Chart(rows)
            .mark_rect(stroke="#9e9e9e", strokeWidth=0.5)
            .encode(
                x=alt.X("exercise:N", sort=order, title=None, axis=alt.Axis(orient="top")),
                y=y,
                color=alt.Color(
                    "status:N",
                    scale=alt.Scale(domain=list(STATUS_COLOURS), range=list(STATUS_COLOURS.values())),
                    title=None,
                    legend=alt.Legend(orient="bottom"),
                ),
                tooltip=["student", "check", "status", "score", "max_score"],
            )
            .properties(width=36 * len(order), height=alt.Step(20))
        )
        total = (
            alt.Chart(sums)
            .mark_text(color=INK, align="left")
            .encode(y=alt.Y("student:N", sort=students, axis=None), text="label:N")
            .properties(width=36, height=alt.Step(20), title=alt.Title("total", fontSize=11, color=INK_SOFT))
        )
        panels.append(alt.hconcat(cells, total, spacing=4).properties(title=alt.Title(lesson, fontSize=12)))
    lessons = marks.filter(pl.col("status") != NOT_HANDED_IN)["lesson"].n_unique()
    subtitle = f"{len(students)} students · {lessons} of {marks['lesson'].n_unique()} lessons handed in by someone"
    return alt.vconcat(*panels, spacing=18).properties(title=alt.Title("Who passed which check", subtitle=subtitle))


# --- answers: the class's own trials ------------------------------------------------------------------------


@dataclass(frozen=True)
class SimulateExercise:
    """What a lesson's check cell says a simulate exercise holds (each an expression in the lesson)."""

    exercise: str  # "ex4"
    what: str  # the grading call's own words, e.g. "your estimate of P(at least 3 Himalaya)"
    seed: str
    trials: str
    engine: str  # the engine call the hidden test reruns with the student's seed
    estimate: str
    values: str  # what the estimate is the share (or mean) of
    event: str | None  # a share's event; None for a mean
    exact: str | None  # its exact value's expression (`exact_values`), if any


def simulate_exercises(notebook: dict, lesson: str, exact: dict | None = None) -> list[SimulateExercise]:
    """The simulate exercises of a lesson notebook (its check cells' calls, read with `ast`): a check
    that regrades the student's trials (`graded_trials`) and an estimate from them."""
    exact = exact_values() if exact is None else exact
    found = []
    for cell in notebook["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        if cell["cell_type"] != "code" or not grade_id.endswith("-check"):
            continue
        source = "".join(cell["source"])
        try:
            calls = _calls(source)
        except SyntaxError:
            continue
        estimate = calls.get("graded_share") or calls.get("graded_mean")
        if "graded_trials" not in calls or estimate is None:
            continue
        exercise = grade_id.removesuffix("-check")
        share = "graded_share" in calls
        found.append(
            SimulateExercise(
                exercise=exercise,
                what=_literal(estimate[3 if share else 2]) or exercise,
                seed=calls["seed_form"][0] if "seed_form" in calls else "None",
                trials=calls["graded_trials"][0],
                engine=calls["graded_trials"][1],
                estimate=estimate[0],
                values=estimate[1],
                event=estimate[2] if share else None,
                exact=exact.get(lesson, {}).get(exercise),
            )
        )
    return found


def _calls(source: str) -> dict[str, list[str]]:
    """The first call of each function in `source`: its positional arguments' source text."""
    calls: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id not in calls:
            calls[node.func.id] = [ast.get_source_segment(source, arg) or "" for arg in node.args]
    return calls


def _literal(text: str) -> str | None:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _report_code(exercises: list[SimulateExercise]) -> str:
    """The last cell of a run notebook: each exercise's seed, values, estimate and exact value, and
    whether the engine makes those very trials from that seed, displayed as one JSON report."""
    lines = [
        "import contextlib as _tk_contextlib, io as _tk_io",
        "from IPython.display import display as _tk_display",
        "from kit.probability.exercises import graded_trials as _tk_graded_trials",
        "_tk_report = {}",
        "import zlib as _tk_zlib",
        "def _tk_list(values):",
        "    return values.to_list() if hasattr(values, 'to_list') else list(values)",
        "def _tk_keys(trials):  # a fingerprint per trial, in order: which trials two students share",
        "    rows = trials.rows() if hasattr(trials, 'rows') and hasattr(trials, 'columns') else _tk_list(trials)",
        "    return [_tk_zlib.crc32(repr(row).encode()) for row in rows]",
    ]
    for exercise in exercises:
        values = (
            f"[float(bool(({exercise.event})(_tk_v))) for _tk_v in _tk_list({exercise.values})]"
            if exercise.event is not None
            else f"[float(_tk_v) for _tk_v in _tk_list({exercise.values})]"
        )
        lines += [
            "try:",
            "    try:",
            "        with _tk_contextlib.redirect_stdout(_tk_io.StringIO()):",
            f"            _tk_graded_trials({exercise.trials}, {exercise.engine}, '')",
            "        _tk_made = True",
            "    except AssertionError:",
            "        _tk_made = False",
            f"    _tk_seed = {exercise.seed}",
            f"    _tk_estimate = {exercise.estimate}",
            f"    _tk_report[{exercise.exercise!r}] = {{",
            f"        'values': {values},",
            f"        'keys': _tk_keys({exercise.trials}),",
            "        'seed': _tk_seed if isinstance(_tk_seed, int) and not isinstance(_tk_seed, bool) else None,",
            "        'estimate': None if _tk_estimate is None else float(_tk_estimate),",
            "        'engine_made': _tk_made,",
            f"        'exact': {f'float({exercise.exact})' if exercise.exact else 'None'},",
            "    }",
            "except Exception as _tk_error:",
            f"    _tk_report[{exercise.exercise!r}] = "
            "{'error': f'{type(_tk_error).__name__}: {_tk_error}'[:300]}",
        ]
    lines.append(f"_tk_display({{{REPORT!r}: _tk_report}}, raw=True)")
    return "\n".join(lines) + "\n"


def handed_in(course, lesson: str, student: str) -> Path | None:
    """The student's notebook of `lesson`: autograded if it has been, else as submitted; None if
    neither exists. (A lesson is one notebook named like the lesson, as the class server sets up.)"""
    for step in (course.autograded_directory, course.submitted_directory):
        path = Path(course.format_path(step, student, lesson)) / f"{lesson}.ipynb"
        if path.is_file():
            return path
    return None


def lesson_source(course, lesson: str) -> dict | None:
    """The teacher's version of the lesson (the course's source folder), which names its exercises."""
    path = Path(course.format_path(course.source_directory, ".", lesson)) / f"{lesson}.ipynb"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def simulating_lessons(course) -> list[str]:
    """The lessons of the course's source folder that hold a simulate exercise."""
    source = Path(course.format_path(course.source_directory, ".", "x")).parent
    lessons = sorted((folder.name for folder in source.glob("*") if folder.is_dir()), key=natural_key)
    return [lesson for lesson in lessons if (nb := lesson_source(course, lesson)) and simulate_exercises(nb, lesson)]


def read_answers(path: Path, exercises: list[SimulateExercise], timeout: int = 120) -> dict[str, dict]:
    """Run the handed-in notebook at `path` in a kernel of its own, from the top to its last simulate
    exercise's answer cell (check cells skipped: they only judge), then report each exercise."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    answers = {f"{exercise.exercise}-answer" for exercise in exercises}
    ids = [cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "") for cell in notebook.cells]
    last = max((i for i, grade_id in enumerate(ids) if grade_id in answers), default=len(ids) - 1)
    notebook.cells = [
        cell
        for cell, grade_id in zip(notebook.cells[: last + 1], ids)
        if cell.cell_type == "code" and not grade_id.endswith("-check")
    ] + [nbformat.v4.new_code_cell(_report_code(exercises))]
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute()
    for output in notebook.cells[-1].get("outputs", []):
        if REPORT in output.get("data", {}):
            return output["data"][REPORT]
    failed = [o for o in notebook.cells[-1].get("outputs", []) if o.get("output_type") == "error"]
    reason = f"{failed[0]['ename']}: {failed[0]['evalue']}" if failed else "the notebook gave no report"
    return {exercise.exercise: {"error": reason[:300]} for exercise in exercises}


def _cached(course, lesson: str, student: str, path: Path, exercises: list[SimulateExercise],
            timeout: int) -> dict[str, dict]:  # fmt: skip
    key = hashlib.sha256(path.read_bytes() + json.dumps([asdict(e) for e in exercises]).encode()).hexdigest()
    cache = Path(course.root) / CACHE / lesson / f"{student}.json"
    if cache.is_file():
        kept = json.loads(cache.read_text())
        if kept.get("key") == key:
            return kept["answers"]
    answers = read_answers(path, exercises, timeout)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"key": key, "answers": answers}))
    return answers


ANSWER_SCHEMA = {
    "lesson": pl.String, "exercise": pl.String, "what": pl.String, "kind": pl.String, "student": pl.String,
    "seed": pl.Int64, "n": pl.Int64, "estimate": pl.Float64, "from_trials": pl.Float64, "low": pl.Float64,
    "high": pl.Float64, "engine_made": pl.Boolean, "in_pool": pl.Boolean, "exact": pl.Float64,
    "values": pl.List(pl.Float64), "keys": pl.List(pl.Int64), "problem": pl.String,
}  # fmt: skip


def class_answers(course, lesson: str, students: Iterable[str] | None = None, *, workers: int = 1,
                  timeout: int = 120) -> pl.DataFrame:  # fmt: skip
    """Every student's answer to each simulate exercise of `lesson`, from their handed-in notebook:
    seed, n (the length of their trials), the estimate they handed in, the share (or mean) of their
    trials with its 95% interval, whether the engine made those trials from that seed, the exact
    value, their values (one per trial: 1/0 for a share), and `problem` when nothing could be read."""
    source = lesson_source(course, lesson)
    if source is None:
        raise FileNotFoundError(f"{lesson}: no such lesson in the course's source folder ({course.root})")
    exercises = simulate_exercises(source, lesson)
    if students is None:
        with open_gradebook(course) as gradebook:
            students = [student.id for student in gradebook.students]
    students = sorted(students)
    paths = {student: handed_in(course, lesson, student) for student in students}

    def answers_of(student: str) -> dict[str, dict]:
        path = paths[student]
        if path is None or not exercises:
            return {e.exercise: {"error": "not handed in"} for e in exercises}
        return _cached(course, lesson, student, path, exercises, timeout)

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:  # each run is a kernel of its own
        found = dict(zip(students, pool.map(answers_of, students)))
    rows = []
    for exercise in exercises:
        these = [
            _answer_row(lesson, exercise, student, found[student].get(exercise.exercise, {})) for student in students
        ]
        rows += pool_members(these)
    return pl.DataFrame(rows, schema=ANSWER_SCHEMA)


def _answer_row(lesson: str, exercise: SimulateExercise, student: str, answer: dict) -> dict:
    kind = "share" if exercise.event is not None else "mean"
    row: dict[str, Any] = {key: None for key in ANSWER_SCHEMA}
    row.update(lesson=lesson, exercise=exercise.exercise, what=exercise.what, kind=kind, student=student)
    if "error" in answer or not answer.get("values"):
        row["problem"] = answer.get("error") or "no trials"
        return row
    values = answer["values"]
    if kind == "share":
        from_trials = sum(values) / len(values)
        low, high = stats.wilson_interval(int(sum(values)), len(values))
    else:
        from_trials, low, high = stats.mean_interval(values)
    row.update(seed=answer["seed"], n=len(values), estimate=answer["estimate"], from_trials=from_trials,
               low=low, high=high, engine_made=bool(answer["engine_made"]), exact=answer["exact"],
               values=values, keys=answer.get("keys") or [])  # fmt: skip
    if not answer["engine_made"]:
        row["problem"] = "not the engine's trials for that seed: left out of the pooled answer"
    return row


def pool_members(rows: list[dict]) -> list[dict]:
    """Mark which students' trials pool (`in_pool`): the engine's, and none that another student's
    pooled trials already hold. Two students with one seed made the same trials, and a lesson whose
    seed starts a run of deals (seeds s, s+1, …) gives nearby seeds overlapping runs: a run of
    trials two lists share, in the same order, counts once. A shared run is one of `window` trials
    in a row whose fingerprints agree, `window` long enough that lists sharing nothing would agree
    by chance less than once in a billion (an overlap shorter than that goes unseen and counts twice)."""
    keyed = [row for row in rows if row["engine_made"]]
    window = _window([key for row in keyed for key in row["keys"]], max((len(row["keys"]) for row in keyed), default=1))
    seen: dict[tuple, str] = {}  # every run of `window` trials pooled so far, and whose it is
    for row in rows:
        row["in_pool"] = False
        if not row["engine_made"]:
            continue
        runs = [tuple(row["keys"][i : i + window]) for i in range(max(1, len(row["keys"]) - window + 1))]
        shared = next((seen[run] for run in runs if run in seen), None)
        if shared is not None:
            row["problem"] = f"shares trials with {shared}'s (counted once, with {shared}'s)"
            continue
        row["in_pool"] = True
        seen.update(dict.fromkeys(runs, row["student"]))
    return rows


def _window(keys: list[int], longest: int) -> int:
    """Trials in a row that two unrelated lists of up to `longest` trials share by chance with a
    probability below 1e-9, given how often each fingerprint occurs (at least 8)."""
    if not keys:
        return 1
    counts = pl.Series(keys).value_counts()["count"].to_numpy()
    same = float(((counts / len(keys)) ** 2).sum())  # chance that two trials look alike
    if same >= 1:
        return longest  # every trial looks alike: only whole lists can be told to be the same
    return min(longest, max(8, math.ceil(math.log(1e-9 / max(1, longest) ** 2) / math.log(same))))


def _pooled_trials(answers: pl.DataFrame) -> pl.DataFrame:
    """The students whose trials pool (see `pool_members`)."""
    return answers.filter(pl.col("in_pool").fill_null(False))


def pooled(answers: pl.DataFrame) -> pl.DataFrame:
    """Per exercise: the class's trials together (the engine's, shared ones once): students who
    answered, how many of them pooled, n, the pooled estimate with its 95% interval (Wilson for a
    share, Student t for a mean) and the exact value."""
    rows = []
    for (exercise,), group in answers.group_by(["exercise"], maintain_order=True):
        usable = _pooled_trials(group)
        values = [v for row in usable["values"].to_list() for v in row]
        kind = group["kind"][0]
        if not values:
            estimate = low = high = math.nan
        elif kind == "share":
            estimate = sum(values) / len(values)
            low, high = stats.wilson_interval(int(sum(values)), len(values))
        else:
            estimate, low, high = stats.mean_interval(values)
        exact = group["exact"].drop_nulls()
        rows.append(
            {
                "exercise": exercise,
                "what": group["what"][0],
                "students": group.filter(pl.col("n").is_not_null()).height,
                "pooled": usable.height,
                "n": len(values),
                "estimate": estimate,
                "low": low,
                "high": high,
                "exact": exact[0] if len(exact) else None,
            }
        )
    schema = {"exercise": pl.String, "what": pl.String, "students": pl.Int64, "pooled": pl.Int64, "n": pl.Int64,
              "estimate": pl.Float64, "low": pl.Float64, "high": pl.Float64, "exact": pl.Float64}  # fmt: skip
    return pl.DataFrame(rows, schema=schema)


def running(values: list[float], points: int = 12) -> list[tuple[int, float]]:
    """The running estimate of `values` after n = 10, …, len(values) trials, about `points` steps
    evenly spaced on a log scale (the first n trials, in the order the engine made them)."""
    n = len(values)
    if n == 0:
        return []
    start = min(10, n)
    steps = sorted({round(start * (n / start) ** (i / points)) for i in range(points + 1)} | {n})
    totals, total = {}, 0.0
    for i, value in enumerate(values, 1):
        total += value
        totals[i] = total
    return [(k, totals[k] / k) for k in steps]


def funnel(answers: pl.DataFrame, exercise: str | None = None) -> alt.LayerChart:
    """Every student's estimate at its n against the exact value, inside the funnel exact ± 2σ/√n
    (where about 95% of honest estimates fall; σ = √(p(1−p)) for a share, the class's own spread for a
    mean): each student a dot at their n, their running estimate on the way there as small dots, and
    the class's trials pooled (the engine's, shared ones once) as a diamond with its 95% interval."""
    exercise = exercise or answers["exercise"][0]
    rows = answers.filter(pl.col("exercise") == exercise)
    students = rows.filter(pl.col("values").is_not_null() & pl.col("engine_made"))
    if students.is_empty():
        raise ValueError(f"{exercise}: no student's trials to show yet")
    summary = pooled(rows).row(0, named=True)
    kind = rows["kind"][0]
    centre = summary["exact"] if summary["exact"] is not None else summary["estimate"]
    all_values = [v for row in _pooled_trials(rows)["values"].to_list() for v in row]
    if kind == "share":
        sigma = math.sqrt(centre * (1 - centre))
    else:
        sigma = float(pl.Series(all_values).std()) if len(all_values) > 1 else 0.0
    n_most = max(summary["n"], students["n"].max())
    low_end, high_end = (0.0, 1.0) if kind == "share" else (-math.inf, math.inf)  # a share stays a share
    band = pl.DataFrame(
        [
            {"n": n, "low": max(low_end, centre - 2 * sigma / math.sqrt(n)),
             "high": min(high_end, centre + 2 * sigma / math.sqrt(n))}
            for n in sorted({round(10 * (n_most / 10) ** (i / 60)) for i in range(61)})
        ]
    )  # fmt: skip
    paths = pl.DataFrame(
        [
            {"student": row["student"], "n": k, "estimate": value}
            for row in students.iter_rows(named=True)
            for k, value in running(row["values"])[:-1]
        ],
        schema={"student": pl.String, "n": pl.Int64, "estimate": pl.Float64},
    )
    finals = students.select("student", "seed", "n", pl.col("from_trials").alias("estimate"), "low", "high")
    inside = sum(abs(r["estimate"] - centre) <= 2 * sigma / math.sqrt(r["n"]) for r in finals.iter_rows(named=True))
    x = alt.X("n:Q", scale=alt.Scale(type="log", domain=[10, n_most * 1.5]), axis=alt.Axis(format=","),
              title="trials n (log scale)")  # fmt: skip
    y_title = "estimated chance" if kind == "share" else "estimated mean"
    layers = [
        alt.Chart(band)
        .mark_area(color=EXACT_COLOUR, opacity=0.18)
        .encode(x=x, y=alt.Y("low:Q", title=y_title, scale=alt.Scale(zero=False)), y2="high:Q"),
        alt.Chart(pl.DataFrame({"exact": [centre]}))
        .mark_rule(color=EXACT_COLOUR, strokeDash=[6, 4])
        .encode(y="exact:Q"),
        alt.Chart(paths)
        .mark_point(color=SIMULATED, opacity=0.35, size=12, filled=True)
        .encode(x=x, y="estimate:Q", detail="student:N", tooltip=["student", "n", "estimate"]),
        alt.Chart(finals)
        .mark_point(color=SIMULATED, size=60, filled=True)
        .encode(x=x, y="estimate:Q", tooltip=["student", "seed", "n", "estimate", "low", "high"]),
    ]
    if summary["n"]:
        whole = pl.DataFrame([{"n": summary["n"], "estimate": summary["estimate"], "low": summary["low"],
                               "high": summary["high"]}])  # fmt: skip
        layers += [
            alt.Chart(whole).mark_rule(color=INK, strokeWidth=2).encode(x=x, y="low:Q", y2="high:Q"),
            alt.Chart(whole)
            .mark_point(shape="diamond", color=INK, size=110, filled=True)
            .encode(x=x, y="estimate:Q", tooltip=["n", "estimate", "low", "high"]),
        ]
    what = "the exact value" if summary["exact"] is not None else "the pooled estimate (no exact value known)"
    subtitle = [
        f"dashed: {what} {centre:.4g}; band: ± 2σ/√n around it, where about 95% of estimates fall",
        f"big dots: each student's estimate at their n ({inside} of {finals.height} inside the band); "
        "small dots: their running estimate on the way",
        f"diamond: the class's trials pooled, n = {summary['n']:,}, "
        f"95% interval {summary['low']:.3f} to {summary['high']:.3f}",
    ]
    return alt.layer(*layers).properties(
        width=520, height=300, title=alt.Title(f"{exercise}: {rows['what'][0]}", subtitle=subtitle)
    )
