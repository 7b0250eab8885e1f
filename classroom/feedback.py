"""Feedback a student may keep: the marks and the check messages, never the hidden tests.

nbgrader's autograde puts the hidden tests back into each check cell, and `generate_feedback` shows
the autograded notebook as it is (jupyter/nbgrader#917): its HTML would hold the grading code, which
computes each answer, and a failed check's traceback quotes the very line that does. A student who
passes their feedback on would hand the next one every answer. So the feedback runs nbgrader's own
`ClearHiddenTests` over it and keeps of each error only its message (the hint the check wrote for the
learner), not the traceback.

`configure(c)` in a course's nbgrader_config.py sets this up:

    import classroom.feedback
    classroom.feedback.configure(c)
"""

from __future__ import annotations

from typing import Any

from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor, Preprocessor
from nbgrader.preprocessors import ClearHiddenTests, GetGrades


class MessagesOnly(Preprocessor):
    """Each error output keeps its message and loses its traceback (which quotes the grading code)."""

    enabled = True  # nbconvert runs a preprocessor only when it is enabled

    def preprocess_cell(self, cell: Any, resources: dict, index: int) -> tuple[Any, dict]:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources


#: what `generate_feedback` runs, in order: the grades first (they read the cells as graded)
FEEDBACK_PREPROCESSORS = [GetGrades, ClearHiddenTests, MessagesOnly, CSSHTMLHeaderPreprocessor]


def configure(c: Any) -> None:
    """Make a course's feedback show no hidden test: call it from nbgrader_config.py with its `c`."""
    c.GenerateFeedback.preprocessors = FEEDBACK_PREPROCESSORS
