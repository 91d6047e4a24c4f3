"""The README's promises, run as a user runs them: its plug-in bot example works as written."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_block(first_line: str) -> str:
    """The README's fenced code block that starts with ``first_line``."""
    match = re.search(rf"```\w*\n({re.escape(first_line)}\n.*?)```", README, re.S)
    assert match, f"README.md has no code block starting with {first_line!r}"
    return match.group(1)


def console_script() -> str:
    """The installed ``pegboard`` command, run from outside the repository as a user would."""
    found = shutil.which("pegboard", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the pegboard console script is not installed next to this Python")
    return found


@pytest.mark.slow
def test_the_readme_plug_in_bot_runs_from_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(readme_block("# mybots.py"), encoding="utf-8")
    command = next(line.removeprefix("$ ") for line in README.splitlines()
                   if line.startswith("$ pegboard sim --players mybots:Clever"))
    args = shlex.split(command)[1:] + ["--games", "2", "--json"]
    done = subprocess.run([console_script(), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["bots"] == ["mybots:Clever", "expert"] and result["games"] == 2


def test_the_readme_documents_the_bot_interface() -> None:
    section = README[README.index("### Your own bots"):]
    for promise in ("Class(rules, seat, seed)", "choose(view)", "view.legal_actions", "BaseBot"):
        assert promise in section
