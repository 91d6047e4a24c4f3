"""The rules, rulings and record format live in the repository (docs/), and everything cites them there:
no path outside the repository, no ruling number that docs/rules/RULINGS.md does not have."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULINGS = DOCS / "rules" / "RULINGS.md"
TEXT_SUFFIXES = {".py", ".md", ".txt", ".toml", ".cfg", ".html", ".js", ".css", ".json", ".yml", ".yaml", ""}
OUTSIDE = re.compile(r"\.\./shared|\bshared/(?:rules|specs)\b")
CITED = re.compile(r"\brulings? ((?:\d+(?:-\d+)?)(?:(?:, and |, | and )\d+(?:-\d+)?)*)|ruling_(\d+)", re.I)


def repository_files() -> list[Path]:
    """Every file of the repository (tracked or new), without build output or virtual environments."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.splitlines()
        paths = [ROOT / name for name in listed]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk it
        paths = [path for path in ROOT.rglob("*") if not any(
            part.startswith(".") or part.endswith(".egg-info") for part in path.relative_to(ROOT).parts)]
    return [path for path in paths if path.is_file() and path.suffix in TEXT_SUFFIXES and path.stat().st_size < 2**20]


def ruling_numbers() -> set[int]:
    return {int(number) for number in re.findall(r"^(\d+)\. ", RULINGS.read_text(encoding="utf-8"), re.M)}


def cited_rulings(text: str) -> set[int]:
    """Ruling numbers cited in ``text``: ``ruling 8``, ``rulings 12, 17``, ``rulings 3-5, 20 and 27``,
    ``test_ruling_9_...``.

    >>> sorted(cited_rulings("(rulings 3-5, 20 and 27) ... test_ruling_9_go"))
    [3, 4, 5, 9, 20, 27]
    """
    numbers: set[int] = set()
    for listed, test_name in CITED.findall(text):
        for part in re.split(r", and |, | and ", listed) if listed else [test_name]:
            first, _, last = part.partition("-")
            numbers.update(range(int(first), int(last or first) + 1))
    return numbers


def test_the_rules_rulings_and_record_format_are_in_the_repository() -> None:
    for name in ("RULINGS.md", "cribbage-2-3-4-players.md", "cribbage.txt", "five-card-cribbage.txt",
                 "snailspace.txt", "cribbage-square-solitaire.txt"):
        assert (DOCS / "rules" / name).is_file(), name
    assert "pegboard/1" in (DOCS / "record-format.md").read_text(encoding="utf-8")
    assert ruling_numbers() == set(range(1, len(ruling_numbers()) + 1))


def test_nothing_refers_outside_the_repository_for_rules_or_specs() -> None:
    this = Path(__file__).resolve()
    offenders = [f"{path.relative_to(ROOT)}:{number}" for path in repository_files() if path.resolve() != this
                 for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
                 if OUTSIDE.search(line)]
    assert offenders == []


def test_every_docs_path_the_readme_and_package_name_exists() -> None:
    named = set()
    for path in repository_files():
        if path.suffix in (".md", ".py"):
            named |= set(re.findall(r"\bdocs/[\w./-]*[\w/]", path.read_text(encoding="utf-8", errors="replace")))
    assert "docs/rules/RULINGS.md" in named and "docs/record-format.md" in named
    assert [name for name in sorted(named) if not (ROOT / name).exists()] == []


def test_every_ruling_cited_in_the_package_and_tests_exists_in_the_rulings() -> None:
    cited: dict[int, str] = {}
    for path in repository_files():
        if path.suffix == ".py" or path.name == "README.md":
            for number in cited_rulings(path.read_text(encoding="utf-8")):
                cited.setdefault(number, str(path.relative_to(ROOT)))
    assert len(cited) >= 20  # the scan finds the citations (there are many)
    assert {number: where for number, where in cited.items() if number not in ruling_numbers()} == {}
