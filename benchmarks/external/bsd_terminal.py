"""The BSD cribbage program (``/usr/games/cribbage``) in a pseudo-terminal, and its screen read back.

The program is a curses application: :class:`BsdTerminal` runs it under :mod:`pexpect`, keeps a
:mod:`pyte` emulation of its 24x80 screen, and returns each time the program waits for a key
(it is blocked reading its terminal, seen in ``/proc/PID/syscall``, and has nothing left to draw).
The screen is then read by window, at the places the program draws them (its ``cribcur.h``): our
hand on the left, the cards of the current count in the middle, its hand on the right, the board
and the messages on the right, the starter under "CRIB" on the dealer's side.

Its shuffles are seeded from the clock; :func:`seeded_program` builds a copy whose ``srand`` takes a
given seed instead (``bsd_seed.c`` through ``LD_PRELOAD``), so that games can be replayed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pegboard.cards import Card

__all__ = ["BSD_PROGRAM", "BsdError", "BsdTerminal", "seeded_program", "PROMPTS"]

BSD_PROGRAM = Path("/usr/games/cribbage")
SEED_SOURCE = Path(__file__).with_name("bsd_seed.c")

PROMPTS: dict[str, str] = {
    "--More--": "more",
    "Discard a card --> ": "discard",
    "Your play: ": "play",
    "Your hand scores ": "hand",
    "Your crib scores ": "crib",
    "Another game? ": "again",
    "Do you need instructions for cribbage? ": "instructions",
    "Long (to 121) or Short (to 61)? ": "length",
}
"""What the program asks, and the name the driver gives each question."""

ROWS, COLUMNS = 24, 80
_PLAY_X, _TABLE_X, _COMP_X = 0, 12, 26  # the three card windows' left columns
_MESSAGE_X = 39  # messages; a '*' in the column before marks the latest
_CRIB_Y = 17
_SCORE_ROWS = {"you": 1, "me": 7}
_CARD = re.compile(r"[A2-9TJQK][SHDC]")


class BsdError(RuntimeError):
    """The program did something the driver does not understand (the screen is in the message)."""


def seeded_program(workdir: Path, program: Path = BSD_PROGRAM) -> Path | None:
    """Build ``bsd_seed.so`` and a plain (not setgid) copy of the program in ``workdir``; None when
    there is no C compiler (the games are then seeded by the clock)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    library = workdir / "bsd_seed.so"
    built = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(SEED_SOURCE)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        return None
    copy = workdir / "cribbage"
    copy.write_bytes(program.read_bytes())
    copy.chmod(0o755)
    return copy


class BsdTerminal:
    """One run of the program: start it, wait for its questions, answer them, read the screen."""

    def __init__(self, program: Path = BSD_PROGRAM, *, seed: int | None = None, timeout: float = 30.0) -> None:
        import pexpect
        import pyte

        self.screen = pyte.Screen(COLUMNS, ROWS)
        self._stream = pyte.ByteStream(self.screen)
        env = {"TERM": "vt100", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/")}
        if seed is not None and program != BSD_PROGRAM:
            env["LD_PRELOAD"] = str(program.with_name("bsd_seed.so"))
            env["PEGBOARD_BSD_SEED"] = str(seed % (1 << 32))
        self._pexpect = pexpect
        self.child = pexpect.spawn(str(program), ["-r"], dimensions=(ROWS, COLUMNS), env=env)
        self.child.delaybeforesend = None  # pexpect waits 50 ms before each send by default
        self.timeout = timeout
        self.transcript: list[str] = []
        self._lines: list[str] | None = None  # the screen's text, cached until more output comes

    # ------------------------------------------------------------------ input and output
    def wait(self) -> str:
        """Read everything the program draws until it waits for a key; the name of its question."""
        deadline = time.monotonic() + self.timeout
        while True:
            self._drain(0.002)
            if self._reading():
                self._drain(0.0)
                kind = self.prompt()
                if kind is None:
                    raise BsdError(f"the program waits for a key at no question I know:\n{self.dump()}")
                return kind
            if time.monotonic() > deadline:
                raise BsdError(f"no question from the program in {self.timeout} s:\n{self.dump()}")

    def send(self, text: str, *, last: bool = False) -> None:
        """Type ``text`` (with a newline where the program reads a line); ``last``: the program
        ends on it, so do not wait for it to take the key."""
        self.transcript.append(text)
        self.child.send(text)
        if not last:
            self._wait_for_output()

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)

    def _drain(self, timeout: float) -> bool:
        got = False
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=timeout)
            except self._pexpect.TIMEOUT:
                return got
            except self._pexpect.EOF:
                raise BsdError(f"the program ended:\n{self.dump()}") from None
            self._stream.feed(data)
            self._lines = None
            got = True
            timeout = 0.0

    def _wait_for_output(self) -> None:
        """After a key: until the program has taken it (it leaves the read, or draws something)."""
        deadline = time.monotonic() + self.timeout
        while self._reading() and not self._drain(0.001):
            if time.monotonic() > deadline:
                raise BsdError(f"the program did not take {self.transcript[-1]!r}:\n{self.dump()}")

    def _reading(self) -> bool:
        """Whether the program is blocked reading its terminal (system call 0, read, on fd 0)."""
        try:
            with open(f"/proc/{self.child.pid}/syscall") as status:
                fields = status.read().split()
        except OSError:
            return False
        return len(fields) > 1 and fields[0] == "0" and fields[1] == "0x0"

    # ------------------------------------------------------------------ the screen
    def line(self, row: int) -> str:
        if self._lines is None:
            self._lines = list(self.screen.display)
        return self._lines[row]

    def dump(self) -> str:
        return "\n".join(f"{row:2d}|{self.line(row)}" for row in range(ROWS))

    def prompt(self) -> str | None:
        """The question the cursor sits after, if any."""
        row, column = self.screen.cursor.y, self.screen.cursor.x
        before = self.line(row)[_MESSAGE_X:column]
        for text, kind in PROMPTS.items():
            if before.endswith(text) or before.endswith(text.rstrip()):
                return kind
        return None

    def _cards(self, left: int, face_up: bool = True, limit: int = 8) -> list[Card]:
        """Cards of a window drawn as a fan: card i's top-left corner at (2i, left + i)."""
        cards = []
        for index in range(limit):
            row, column = 2 * index, left + index
            if row + 1 >= ROWS or self.line(row)[column:column + 2] not in ("+-", "+|"):
                break
            label = self.line(row + 1)[column + 1:column + 3]
            if face_up:
                if not _CARD.fullmatch(label):
                    break
                cards.append(Card.parse(label))
            else:
                cards.append(Card.from_code(0))  # a face-down card: only the number counts
        return cards

    def our_hand(self) -> list[Card]:
        return self._cards(_PLAY_X)

    def table(self) -> list[Card]:
        """The cards of the current count, in the order played."""
        return self._cards(_TABLE_X)

    def their_cards(self) -> list[Card]:
        """The program's window, face up (its hand or its crib at the show); [] while face down."""
        return self._cards(_COMP_X)

    def their_card_count(self) -> int:
        return len(self._cards(_COMP_X, face_up=False))

    def count(self) -> int:
        """The running count printed under the table's cards."""
        cards = len(self.table())
        text = self.line(2 * cards + 4)[_TABLE_X + cards + 1:_TABLE_X + cards + 3].strip()
        return int(text) if text.isdigit() else 0

    def their_crib(self) -> bool | None:
        """Whether the crib is the program's ("CRIB" on its side of the screen)."""
        line = self.line(_CRIB_Y)
        if line[_COMP_X + 1:_COMP_X + 5] == "CRIB":
            return True
        if line[_PLAY_X + 1:_PLAY_X + 5] == "CRIB":
            return False
        return None

    def starter(self) -> Card | None:
        mine = self.their_crib()
        if mine is None:
            return None
        left = _COMP_X if mine else _PLAY_X
        label = self.line(_CRIB_Y + 2)[left + 1:left + 3]
        return Card.parse(label) if _CARD.fullmatch(label) else None

    def scores(self) -> tuple[int, int]:
        """(ours, the program's) from the board."""
        values = []
        for who in ("you", "me"):
            match = re.search(r"Score:\s*(\d+)", self.line(_SCORE_ROWS[who]))
            values.append(int(match.group(1)) if match else 0)
        return values[0], values[1]

    def messages(self) -> list[str]:
        """The message window's lines, oldest first, ending with the latest (the starred line)."""
        rows = list(range(10, ROWS))
        star = next((i for i, row in enumerate(rows) if self.line(row)[_MESSAGE_X - 1] == "*"), len(rows) - 1)
        order = rows[star + 1:] + rows[:star + 1]
        texts = [self.line(row)[_MESSAGE_X:].rstrip() for row in order]
        more = self.line(self.screen.cursor.y)[_MESSAGE_X:].rstrip()
        if more == "--More--" and texts and texts[-1] != more:
            texts.append(more)
        return [text for text in texts if text]

    def latest_message(self) -> str:
        """The latest message without a trailing ``--More--``."""
        for text in reversed(self.messages()):
            text = text.removesuffix("--More--").rstrip()
            if text:
                return text
        return ""

    @staticmethod
    def card_named(words: Sequence[str]) -> Card:
        """A card from the program's words: ``("KING", "HEARTS")``."""
        ranks = ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN",
                 "KING")
        return Card(ranks.index(words[0]) + 1, words[1][0])

    def __enter__(self) -> BsdTerminal:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
