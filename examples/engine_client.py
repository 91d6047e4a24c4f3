"""A client of ``pegboard engine`` in another process: it plays a whole game, the engine on every seat.

Run: ``python examples/engine_client.py [game]``. Any language that can start a process and read its
output lines can do the same (docs/engine-protocol.md).
"""

from __future__ import annotations

import subprocess
import sys


def main(game: str = "five-card") -> None:
    engine = subprocess.Popen([sys.executable, "-m", "pegboard", "engine", "--seed", "1"], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert engine.stdin is not None and engine.stdout is not None

    def ask(command: str) -> list[str]:
        engine.stdin.write(command + "\n")  # type: ignore[union-attr]
        engine.stdin.flush()  # type: ignore[union-attr]
        lines = [engine.stdout.readline().strip()]  # type: ignore[union-attr]
        while lines[-1].split(" ")[0] not in ("ok", "bestmove", "error", "identifyok", "readyok", "bye"):
            lines.append(engine.stdout.readline().strip())  # type: ignore[union-attr]
        return lines

    print(ask("identify")[0])
    ask(f"setoption name game value {game}")
    ask("newgame seed 7")
    while (reply := ask("go nodes 16"))[-1].startswith("bestmove"):
        move = reply[-1].removeprefix("bestmove ")
        print(move, "|", reply[-2].split(" move ")[0].removeprefix("info "))
        ask(f"move {move}")
    print(ask("view")[0][:120], "...")
    ask("quit")
    engine.wait()


if __name__ == "__main__":
    main(*sys.argv[1:])
