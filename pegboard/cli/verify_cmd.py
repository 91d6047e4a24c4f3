"""``pegboard verify``: check that a record's deals are the ones its revealed, committed seed deals."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from pegboard.errors import RecordError, VerifyError
from pegboard.fairness import verify_record
from pegboard.files import JSONProblem, decode_json, read_limited, read_stream
from pegboard.records import FORMAT, MAX_RECORD_BYTES

__all__ = ["verify_command"]

WHAT = f"a {FORMAT} record"


def _read(record_file: Path) -> Any:
    """The record file's JSON (standard input for ``-``); :class:`RecordError` if it cannot be read."""
    source = "stdin" if str(record_file) == "-" else str(record_file)
    try:
        data = (read_stream(sys.stdin.buffer, MAX_RECORD_BYTES, WHAT) if source == "stdin"
                else read_limited(record_file, MAX_RECORD_BYTES, WHAT))
        return decode_json(data, WHAT)
    except OSError as error:
        raise RecordError(f"{source}: cannot read the record ({error.strerror or error})") from None
    except JSONProblem as error:
        raise RecordError(f"{source}: {error}") from None


@click.command("verify", short_help="Check a game record's shuffle: commitment, seed and every deal.")
@click.argument("record_file", type=click.Path(allow_dash=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"ok": true, "deals": N} or {"ok": false, "reason": ...}.')
def verify_command(record_file: Path, as_json: bool) -> None:
    """Check that RECORD_FILE's deals are the ones its revealed server seed and the players'
    contributions deal (docs/fairness.md).

    Exit 0 with an "ok: ..." line when the revealed server seed matches the commitment, the record's
    seed is the one the seed and contributions give, and every deal's cards (and the cut for the first
    dealer) are what that seed deals. Exit 1 with "failed: <reason>" when any of that does not hold.
    Exit 2 with one line on stderr when the file cannot be read or is not a pegboard/1 record.
    RECORD_FILE '-' reads standard input.
    """
    data = _read(record_file)
    try:
        summary = verify_record(data)
    except VerifyError as error:
        click.echo(json.dumps({"ok": False, "reason": str(error)}) if as_json else f"failed: {error}")
        raise click.exceptions.Exit(1) from None
    if as_json:
        deals = len(data.get("deals", [])) if isinstance(data, dict) else 0
        click.echo(json.dumps({"ok": True, "deals": deals, "summary": summary}))
    else:
        click.echo(summary)
