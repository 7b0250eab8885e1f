"""widgets/__init__.py defers jsonschema's `rfc3987_syntax` (a 2-3 s grammar build at import) until
an `iri` format is really checked: `import altair` in a lesson no longer pays for it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# a stand-in for the real package (whose import is the slow part): it records when it is imported
FAKE = """
import sys
sys.imported_fake_rfc3987 = True
def is_valid_syntax(rule, text):
    return text.startswith("ok:")
"""

SCRIPT = """
import sys
import widgets
import jsonschema
assert not hasattr(sys, "imported_fake_rfc3987"), "rfc3987_syntax was imported with jsonschema"
import rfc3987_syntax.helpers  # a submodule still imports through the stand-in
checker = jsonschema.Draft7Validator.FORMAT_CHECKER
print(checker.conforms("ok:a", "iri"), checker.conforms("bad", "iri"), checker.conforms("ok:b", "iri-reference"))
print(hasattr(sys, "imported_fake_rfc3987"), type(sys.modules["rfc3987_syntax"]).__name__)
"""


def test_rfc3987_syntax_is_imported_on_first_use_and_answers_as_itself(tmp_path):
    package = tmp_path / "rfc3987_syntax"
    package.mkdir()
    (package / "__init__.py").write_text(FAKE)
    (package / "helpers.py").write_text("")
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCRIPT)],
        cwd=ROOT,
        env={"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    # jsonschema asks the real module (here the fake) once an iri is checked, and gets its answers
    assert run.stdout.split() == ["True", "False", "True", "True", "module"]
