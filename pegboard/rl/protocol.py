"""The engine protocol: pegboard's bots for other programs, one text line per command (``pegboard engine``).

In the spirit of UCI (chess) and GTP (Go); docs/engine-protocol.md is the full description. Every
command gets a reply that ends with a line ``ok``, ``bestmove ...`` or ``error <why>``, so a client can
always read up to it. ``quit`` ends the session.

>>> engine = EngineSession(seed=3)
>>> engine.handle("identify")[0].startswith("id name pegboard ")
True
>>> engine.handle("setoption name game value five-card"), engine.handle("newgame seed 7 dealer 1")
(['ok'], ['ok'])
>>> engine.handle("go nodes 8")[-1].startswith("bestmove North discard ")
True
>>> engine.handle("setoption name level value wizard")[0]
"error setoption level: unknown level 'wizard': expected one of random, greedy, expert, classic, hoyle"
>>> engine.handle("setoption name objective value game-points")[0]
'ok'
"""

from __future__ import annotations

import json
import random
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from pegboard import __version__
from pegboard.analysis.evaluate import Assessor
from pegboard.bots import make_bot
from pegboard.bots.base import BOTS, Bot
from pegboard.cards import Card, full_deck, parse_cards
from pegboard.engine import Action, Deal, GameState, new_game
from pegboard.errors import PegboardError, RulesError
from pegboard.objectives import WIN, Objective
from pegboard.records import read_record, replay
from pegboard.rules import PRESET_NAMES, Rules
from pegboard.session import check_computer_objective

__all__ = ["EngineSession", "Evaluation", "evaluate", "analyse", "serve", "ProtocolError", "MAX_NODES",
           "MAX_MOVETIME"]

LEVELS = ("random", "greedy", "expert", "classic", "hoyle")
DEFAULT_NODES = 64
MAX_ALTERNATIVES = 30
MAX_NODES = 20_000
"""The most rollouts ``go nodes`` takes (a few seconds to a minute, by the game and the machine)."""
MAX_MOVETIME = 60_000
"""The most milliseconds ``go movetime`` takes, and the longest any budgeted search runs: every ``go``
with a budget ends within a minute, or at once on ``stop``."""
MAX_SEED = 2**63 - 1
"""Seeds are 64-bit integers, as on the command line (``--seed``)."""
MAX_OPTION_DIGITS = 9
"""The most digits of a number given to a rules option (no rule takes a larger one)."""
_NUMBER = re.compile(r"-?[0-9]+")
"""A whole number as the protocol writes one: ASCII digits (``²`` is none), an optional minus sign."""


class ProtocolError(PegboardError):
    """A command the engine cannot carry out: bad syntax, an unknown name, an illegal move."""


def _shown(word: str) -> str:
    """A word as an error line names it: at most 24 characters (a number of 5,000 digits is cut)."""
    return word if len(word) <= 24 else word[:20] + "..."


def whole_number(word: str, what: str, low: int, high: int) -> int:
    """``word`` as a whole number from ``low`` to ``high``, else a :class:`ProtocolError` naming it.

    >>> whole_number("12", "nodes", 1, 20000)
    12
    >>> whole_number("--5", "nodes", 1, 20000)
    Traceback (most recent call last):
    ...
    pegboard.rl.protocol.ProtocolError: : nodes --5: expected a whole number from 1 to 20000
    """
    if _NUMBER.fullmatch(word) and len(word) <= len(str(high)) + 1:
        value = int(word)
        if low <= value <= high:
            return value
    raise ProtocolError(f": {what} {_shown(word)}: expected a whole number from {low} to {high}")


@dataclass(frozen=True)
class Evaluation:
    """A move's value for the side that makes it: expected points and, where known, the chance to win
    and (with an objective other than ``win``) the objective's expected value."""

    action: Action
    points: float
    win: float | None
    samples: int | None
    """The rollouts behind the numbers; None for the analysis' values (:func:`analyse`)."""
    value: float | None = None
    objective: Objective = WIN

    def line(self, game: GameState) -> str:
        win = "-" if self.win is None else f"{self.win:.3f}"
        value = ""
        if self.objective != WIN:
            value = f" value {'-' if self.value is None else f'{self.value:+.3f}'}"
        source = "by analysis" if self.samples is None else f"nodes {self.samples}"
        return f"points {self.points:.2f} win {win}{value} {source} move {game.record_text(self.action)}"


def _board(rules: Rules, objective: Objective = WIN) -> Any:
    """The board table of ``objective`` for these rules (two players to 121), else None."""
    try:
        from pegboard.bots.board import BoardTable

        return BoardTable.for_rules(rules, objective)
    except (FileNotFoundError, ImportError, ValueError):  # pragma: no cover - a broken install
        return None


def _objective_value(game: GameState, side: int, dealing: bool, objective: Objective) -> float | None:
    """``objective``'s expected value for ``side`` at the end of a rollout: what the game paid if it is
    over, else the objective's board table at these scores (None where there is none)."""
    rules = game.rules
    target = rules.target or 121
    scores = game.score_list
    mine, theirs = target - scores[side], target - scores[1 - side]
    board = _board(rules, objective)
    if board is not None:
        return float(board.value(mine, theirs, dealing=dealing))
    if game.finished and not objective.needs_outcomes:
        return objective.value(scores[side], scores[1 - side], rules)
    return None


def _rollout(game: GameState, seat: int, action: Action, rng: random.Random, objective: Objective = WIN
             ) -> tuple[float, float | None, float | None]:
    """Play ``action`` in a resampled copy (:meth:`GameState.resample`), then greedy play to the end of the
    deal: (net points, win, the objective's value: None for ``win``)."""
    rules = game.rules
    side = game.side_of(seat)
    before = game.score_list
    deal = game.deal_number
    game.apply(action)
    bots = {other: make_bot("greedy", rules, other, rng.getrandbits(30)) for other in range(rules.players)}
    while not game.finished and game.deal_number == deal:
        acting = game.to_act()[0]
        game.apply(bots[acting].choose(game.view(acting)))
    gained = [now - then for now, then in zip(game.score_list, before)]
    if rules.solo:
        return float(game.score_list[0]), 1.0 if game.winner_side == 0 else 0.0, None
    others = [gained[other] for other in range(len(gained)) if other != side]
    points = gained[side] - sum(others) / len(others)
    dealing = getattr(game, "dealer", -1) == seat
    value = _objective_value(game, side, dealing, objective) if objective != WIN else None
    if game.finished:
        return points, 1.0 if game.winner_side == side else 0.0, value
    board = _board(rules)
    if board is None:
        return points, None, value
    target = rules.target or 121
    mine, theirs = target - game.score_list[side], target - game.score_list[1 - side]
    return points, board.win_probability(mine, theirs, dealing=dealing), value


def evaluate(game: GameState, seat: int, candidates: Iterable[Action], *, nodes: int, deadline: float | None,
             rng: random.Random, objective: Objective = WIN, stop: threading.Event | None = None
             ) -> list[Evaluation]:
    """Each candidate's expected value for ``seat``'s side, best first: ``nodes`` rollouts shared among the
    candidates (at least one each), each in a game dealt again from what ``seat`` may see, played to the
    end of the deal by greedy bots; stops early at ``deadline`` (``time.perf_counter()``) or once ``stop``
    is set (after a round: every candidate keeps at least one rollout). With an
    ``objective`` other than ``win``, each also gets the objective's expected value at the rollouts' ends
    (the board table's, two players to 121; what the game paid where it ended)."""
    moves = list(candidates)
    totals = {move: [0.0, 0.0, 0, 0, 0.0, 0] for move in moves}  # points, wins, samples, with a win, values, with one
    done = 0
    while True:
        for move in moves:
            twin = game.resample(seat, rng)
            points, win, value = _rollout(twin, seat, move, rng, objective)
            entry = totals[move]
            entry[0] += points
            entry[2] += 1
            if win is not None:
                entry[1] += win
                entry[3] += 1
            if value is not None:
                entry[4] += value
                entry[5] += 1
            done += 1
        if done >= nodes or (deadline is not None and time.perf_counter() >= deadline) \
                or (stop is not None and stop.is_set()):
            break
    results = [Evaluation(move, entry[0] / entry[2], entry[1] / entry[3] if entry[3] else None, int(entry[2]),
                          entry[4] / entry[5] if entry[5] else None, objective)
               for move, entry in totals.items()]
    return sorted(results, key=lambda result: -result.points)


def analyse(game: GameState, seat: int, choice: Action, *, every: bool, assessor: Assessor, rng: random.Random
            ) -> list[Evaluation]:
    """The analysis' values of ``choice`` (with ``every``, of every legal move, at most
    :data:`MAX_ALTERNATIVES`, best first as the analysis ranks them): the numbers ``pegboard analyse`` and
    the hints give (:class:`~pegboard.analysis.evaluate.Assessor`: discards exactly over every starter, the
    play by the expert's search over samples of the unseen cards, the chance to win wherever a board table
    applies, and ``assessor``'s objective)."""
    found = assessor.assess(game.view(seat), rng, every_chance=True)
    chosen = found.option(choice)  # the choice as the bot wrote it (a discard's cards in its order)
    options = found.options[:MAX_ALTERNATIVES] if every else (chosen,)
    return [Evaluation(choice if option is chosen else option.action, option.points, option.win, None, option.worth,
                       assessor.objective) for option in options]


class EngineSession:
    """One engine: options, a position, and the commands of the protocol (:meth:`handle`).

    A refused command answers one ``error`` line and changes nothing; no input ends the session but
    ``quit`` (:attr:`finished`). :attr:`stop_event` set ends a running budgeted ``go`` early (``serve``
    sets it on ``stop``).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.preset = "cribbage"
        self.options: dict[str, Any] = {}
        self.level = "expert"
        self.objective: Objective = WIN
        self.game: GameState | None = None
        self.finished = False
        self.stop_event = threading.Event()
        self._bots: dict[int, Bot] = {}
        self._assessor: Assessor | None = None
        self.commands: dict[str, Callable[[list[str]], list[str]]] = {
            "identify": self._identify, "isready": self._isready, "setoption": self._setoption,
            "newgame": self._newgame, "position": self._position, "move": self._move, "view": self._view,
            "go": self._go, "stop": self._stop, "quit": self._quit,
        }

    # ------------------------------------------------------------------ the loop
    def handle(self, line: str) -> list[str]:
        """The reply lines to one command line (the last is ``ok``, ``bestmove ...``, ``readyok``, ``bye``,
        the identification's ``identifyok`` or ``error <why>``)."""
        words = line.strip().split()
        if not words:
            return []
        command, args = words[0].lower(), words[1:]
        handler = self.commands.get(command)
        if handler is None:
            return [f"error unknown command {_shown(command)!r}: expected one of {', '.join(self.commands)}"]
        try:
            return handler(args) if command not in ("position", "move") else handler([line.strip()])
        except PegboardError as error:
            text = " ".join(str(error).split())  # one line, whatever the message held
            return [f"error {command} {text}" if isinstance(error, ProtocolError) else f"error {command}: {text}"]
        except Exception as error:  # a bug: answered, never fatal (the fuzz test fails on this line)
            return [f"error {command}: internal error ({type(error).__name__}); nothing was changed"]

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset, **self.options)

    # ------------------------------------------------------------------ commands
    @staticmethod
    def _no_arguments(command: str, args: list[str]) -> None:
        if args:
            raise ProtocolError(f": {_shown(' '.join(args))}: expected nothing after {command}")

    def _identify(self, args: list[str]) -> list[str]:
        self._no_arguments("identify", args)
        rules = Rules.preset("cribbage")
        return [f"id name pegboard {__version__}", "id author the pegboard developers",
                f"option name game type combo default cribbage {' '.join('var ' + name for name in PRESET_NAMES)}",
                f"option name level type combo default expert {' '.join('var ' + name for name in LEVELS)}",
                f"option name target type spin default {rules.target} (and every rules option, by name)",
                "option name objective type string default win (win, game-points, spread, match; e.g. "
                "spread:cap=31, match:to=7)",
                "identifyok"]

    def _isready(self, args: list[str]) -> list[str]:
        self._no_arguments("isready", args)
        return ["readyok"]

    def _quit(self, args: list[str]) -> list[str]:
        self._no_arguments("quit", args)
        self.finished = True
        self.stop_event.set()
        return ["bye"]

    def _stop(self, args: list[str]) -> list[str]:
        """``stop`` with no search running (``serve`` handles it during one): nothing to stop."""
        self._no_arguments("stop", args)
        return ["ok"]

    def _setoption(self, args: list[str]) -> list[str]:
        if len(args) < 4 or args[0] != "name" or "value" not in args:
            raise ProtocolError(": expected 'setoption name NAME value VALUE'")
        at = args.index("value")
        name, value = " ".join(args[1:at]), " ".join(args[at + 1:])
        if name == "game":
            Rules.preset(value)
            self.preset, self.options = value, {}
        elif name == "level":
            if value not in LEVELS and value not in BOTS and ":" not in value:
                raise ProtocolError(f"level: unknown level {_shown(value)!r}: expected one of {', '.join(LEVELS)}")
            self.level = value
            self._bots = {}
        elif name == "objective":
            objective = Objective.from_name(value)
            check_computer_objective(self.game.rules if self.game is not None else self.rules, objective)
            self.objective = objective
            self._bots, self._assessor = {}, None
        else:
            parsed: Any = value
            if value.lower() in ("true", "false"):
                parsed = value.lower() == "true"
            elif _NUMBER.fullmatch(value):
                parsed = whole_number(value, name, -10**MAX_OPTION_DIGITS + 1, 10**MAX_OPTION_DIGITS - 1)
            try:  # only the documented option names (never an internal field such as deal_size)
                Rules.from_options(self.preset, {**self.options, name: parsed})  # set again, it replaces
            except RulesError as error:
                more = "; or game, level, objective" if "unknown option" in str(error) else ""
                raise RulesError(f"{error}{more}") from None
            self.options[name] = parsed
        return ["ok"]

    def _newgame(self, args: list[str]) -> list[str]:
        rules = self.rules
        pairs = self._pairs(args, {"seed": (-MAX_SEED - 1, MAX_SEED), "dealer": (0, rules.players - 1)})
        seed = pairs.get("seed", self.rng.getrandbits(31))
        self._start(new_game(rules, seed=seed, first_dealer=pairs.get("dealer")))
        return ["ok"]

    @staticmethod
    def _pairs(args: list[str], ranges: dict[str, tuple[int, int]]) -> dict[str, int]:
        """``NAME NUMBER`` pairs, each name one of ``ranges`` at most once, each number in its range."""
        names = " or ".join(ranges)
        if len(args) % 2:
            raise ProtocolError(f": {_shown(' '.join(args))}: expected pairs NAME NUMBER ({names})")
        pairs: dict[str, int] = {}
        for name, value in zip(args[::2], args[1::2]):
            if name not in ranges:
                raise ProtocolError(f": {_shown(name)} {_shown(value)}: expected {names} followed by a number")
            if name in pairs:
                raise ProtocolError(f": {name}: given twice")
            pairs[name] = whole_number(value, name, *ranges[name])
        return pairs

    def _start(self, game: GameState) -> None:
        check_computer_objective(game.rules, self.objective)  # the objective set earlier must suit the new rules
        self.game = game
        self._bots, self._assessor = {}, None  # a new game: the analysis' experts read its players afresh

    def _position(self, args: list[str]) -> list[str]:
        _, _, rest = args[0].partition(" ")
        kind, _, data = rest.strip().partition(" ")
        if kind == "record":
            record = read_record(data, "the record")
            game = replay(record)
            self._start(game)  # refused here, nothing is changed
            self.preset, self.options = record.rules.name, record.rules.options()
            return ["ok"]
        if kind == "deal":
            self._start(self._described(data.split()))
            return ["ok"]
        raise ProtocolError(": expected 'position record JSON' or 'position deal hand CARDS... [seat N] [dealer N] "
                            "[scores N N...]'")

    def _described(self, words: list[str]) -> GameState:
        """A deal's start as described: one seat's hand (the rest dealt at random), the dealer, the scores."""
        rules = self.rules
        if not rules.holds_hand:
            raise ProtocolError(": solitaire has no hands: use 'newgame seed N' or 'position record JSON'")
        keys = ("hand", "seat", "dealer", "scores")
        values: dict[str, list[str]] = {}
        current = None
        for word in words:
            if word in keys:
                if word in values:
                    raise ProtocolError(f": {word}: given twice")
                current = word
                values[current] = []
            elif current is None:
                raise ProtocolError(f": {_shown(word)!r}: expected one of {', '.join(keys)} first")
            else:
                values[current].append(word)
        hand = parse_cards(values.get("hand", []))
        if len(hand) != rules.deal_size:
            raise ProtocolError(f": a hand of {len(hand)} cards: {rules.name} deals {rules.deal_size}")
        last = rules.players - 1
        seat, dealer = (self._one(values, key, last) for key in ("seat", "dealer"))
        scores = None
        if "scores" in values:
            target = rules.target or 121
            given = values["scores"]
            if len(given) != rules.sides:
                raise ProtocolError(f": scores {_shown(' '.join(given))}: expected {rules.sides} numbers from 0 to "
                                    f"{target - 1}, one a side")
            scores = [whole_number(value, "score", 0, target - 1) for value in given]
        pack = [card for card in full_deck() if card not in hand]
        self.rng.shuffle(pack)
        hands: list[tuple[Card, ...]] = []
        for other in range(rules.players):
            if other == seat:
                hands.append(hand)
            else:
                hands.append(tuple(pack[:rules.deal_size]))
                del pack[:rules.deal_size]
        crib, pack = tuple(pack[:rules.crib_from_pack]), pack[rules.crib_from_pack:]
        deal = Deal(hands=tuple(hands), crib=crib, starter=pack[0])
        return new_game(rules, seed=self.rng.getrandbits(31), first_dealer=dealer, dealt=[deal], start_scores=scores)

    @staticmethod
    def _one(values: dict[str, list[str]], key: str, last: int) -> int:
        """The one seat number after ``key`` (0 if the key is not given), 0 to ``last``."""
        given = values.get(key, ["0"])
        if len(given) != 1:
            raise ProtocolError(f": {key} {_shown(' '.join(given))}: expected one seat number from 0 to {last}")
        return whole_number(given[0], key, 0, last)

    def _need_game(self) -> GameState:
        if self.game is None:
            raise ProtocolError(": no position yet: send 'newgame' or 'position ...' first")
        return self.game

    def _move(self, args: list[str]) -> list[str]:
        game = self._need_game()
        _, _, text = args[0].partition(" ")
        game.apply_text(text)  # solitaire's parse_action takes it with or without the player's name
        return ["ok"]

    def _view(self, args: list[str]) -> list[str]:
        game = self._need_game()
        acting = game.to_act()
        last = game.rules.players - 1
        if len(args) > 1:
            raise ProtocolError(f": {_shown(' '.join(args))}: expected at most one seat number from 0 to {last}")
        seat = whole_number(args[0], "seat", 0, last) if args else (acting[0] if acting else 0)
        data = game.view(seat).to_json()
        data.pop("events", None)
        data["moves"] = [game.record_text(action) for action in game.legal_actions(seat)]
        return ["view " + json.dumps(data, separators=(",", ":")), "ok"]

    def assessor(self, rules: Rules) -> Assessor:
        """The analysis of this game for the objective set (kept through the game: its experts' memos and
        their reading of the players)."""
        if self._assessor is None:
            self._assessor = Assessor(rules, self.objective)
        return self._assessor

    def _go(self, args: list[str]) -> list[str]:
        game = self._need_game()
        alternatives = "alternatives" in args
        pairs = self._pairs([word for word in args if word != "alternatives"],
                            {"nodes": (1, MAX_NODES), "movetime": (1, MAX_MOVETIME)})
        acting = game.to_act()
        if not acting:
            raise ProtocolError(": the game is over")
        seat = acting[0]
        started = time.perf_counter()
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.level, game.rules, seat, self.rng.getrandbits(31),
                                              objective=self.objective)
        choice = bot.choose(game.view(seat))
        legal = game.legal_actions(seat)
        candidates = [choice] + ([action for action in legal if action != choice][:MAX_ALTERNATIVES - 1]
                                 if alternatives else [])
        if pairs:  # a budget: greedy rollouts of that many nodes or milliseconds, never over MAX_MOVETIME
            deadline = started + min(pairs.get("movetime", MAX_MOVETIME), MAX_MOVETIME) / 1000
            nodes = pairs.get("nodes", DEFAULT_NODES if "movetime" not in pairs else MAX_NODES)
            results = evaluate(game, seat, candidates, nodes=nodes, deadline=deadline, rng=self.rng,
                               objective=self.objective, stop=self.stop_event)
        else:
            results = analyse(game, seat, choice, every=alternatives, assessor=self.assessor(game.rules),
                              rng=random.Random(self.rng.getrandbits(64)))
        elapsed = int((time.perf_counter() - started) * 1000)
        lines = [f"info alternative {rank} {result.line(game)}" for rank, result in enumerate(results, 1)] \
            if alternatives else []
        chosen = next(result for result in results if result.action == choice)
        lines.append(f"info seat {seat} time {elapsed} {chosen.line(game)}")
        lines.append(f"bestmove {game.record_text(choice)}")
        return lines


def serve(lines: IO[str] | Iterable[str] | None = None, out: IO[str] | None = None, seed: int | None = None) -> int:
    """Run the protocol on ``lines`` (standard input) until ``quit`` or the end; replies to ``out``.

    A ``go`` runs in a thread while the input is still read: ``stop`` ends it early (its ``bestmove``
    follows), ``isready`` is answered at once, ``quit`` stops it and ends the engine; any other command
    waits for the search to end, then runs, in the order given.
    """
    source = lines if lines is not None else sys.stdin
    sink = out if out is not None else sys.stdout
    session = EngineSession(seed)
    writing = threading.Lock()

    def write(replies: list[str]) -> None:
        with writing:
            for reply in replies:
                sink.write(reply + "\n")
            sink.flush()

    search: threading.Thread | None = None
    for line in source:
        words = line.split()
        command = words[0].lower() if words else ""
        if search is not None and search.is_alive():
            if command == "stop" and len(words) == 1:
                session.stop_event.set()  # the search answers with its bestmove
                continue
            if command == "isready" and len(words) == 1:
                write(["readyok"])
                continue
            if command == "quit" and len(words) == 1:
                session.stop_event.set()
            search.join()
        if command == "go":
            session.stop_event.clear()  # before the thread starts: a stop read at once is not lost
            search = threading.Thread(target=lambda line=line: write(session.handle(line)), daemon=True)
            search.start()
            continue
        write(session.handle(line))
        if session.finished:
            break
    if search is not None:
        search.join()
    return 0
