"""Any pegboard bot against the real BSD cribbage program (``/usr/games/cribbage``, Debian's bsdgames).

    python -m benchmarks.external.bsd_cribbage --bot expert --games 200 [--jobs 2] [--seed 0]

Each game runs the program in a pseudo-terminal (:mod:`benchmarks.external.bsd_terminal`): our bot
sits in the human's chair, gets a proper per-player view of the deal mirrored in a pegboard engine
game (:mod:`benchmarks.external.bsd_mirror`), throws and plays through the program's prompts and
answers its hand counts exactly with our scorer; the starter is cut at random (``-r``). Games are
121 points, one program run each, its shuffles seeded from ``--seed`` (when a C compiler can build
the seeding shim; otherwise from the clock, and the run cannot be repeated exactly).

Reported: games, our win rate with its 95% interval, points per complete deal by source for both
sides, seconds, our bot's time per decision; and, since the program's six cards are known after the
show, how often our ``classic`` bot (its model) throws and plays as it did in the same situation.
``--log FILE`` writes every deal read off the screen (JSON lines), with those decisions.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from benchmarks.external.bsd_mirror import (BSD, RULES, US, Agreement, DealRecord, MirrorError,
                                            classic_agreement, deal_sources, mirror)
from benchmarks.external.bsd_terminal import BSD_PROGRAM, BsdError, BsdTerminal, seeded_program
from pegboard.bots import make_bot
from pegboard.cards import Card
from pegboard.scoring.show import show_items
from pegboard.sim.stats import mean_interval, wilson_interval

__all__ = ["GameResult", "play_bsd_game", "run", "main"]

_PLAYING = re.compile(r"I get (\d+) points? playing (\w+) of (\w+)")
_CLAIM = re.compile(r"My (hand|crib) scores (\d+)")


@dataclass
class GameResult:
    """One game against the program, as our side saw it."""

    index: int
    won: bool | None = None  # None: the game could not be finished (see error)
    scores: tuple[int, int] = (0, 0)  # ours, the program's
    deals: list[DealRecord] = field(default_factory=list)
    decisions: int = 0
    decision_seconds: float = 0.0
    seconds: float = 0.0
    error: str = ""


class _Driver:
    """Plays one game: answers each of the program's questions from the screen and our bot."""

    def __init__(self, terminal: BsdTerminal, bot: Any, result: GameResult, max_deals: int | None = None) -> None:
        self.terminal = terminal
        self.bot = bot
        self.result = result
        self.max_deals = max_deals
        self.deal: DealRecord | None = None

    def run(self) -> None:
        term = self.terminal
        answers = {"instructions": "n", "length": "l"}
        while True:
            kind = term.wait()
            if kind in answers:
                term.send(answers[kind])
            elif kind == "discard":
                if self.max_deals is not None and len(term.our_hand()) == 6 \
                        and len(self.result.deals) == self.max_deals:
                    if self.deal is not None:
                        self.deal.end_scores = term.scores()
                    return  # enough deals: the game is left unfinished
                self._discard()
            elif kind == "play":
                self._read_play()
                term.send(f"{self._choose_play()}\n")
            elif kind == "more":
                self._read_play()
                self._read_show()
                term.send(" ")
            elif kind in ("hand", "crib"):
                self._read_play()
                self._read_show()
                term.send(f"{self._our_count(kind)}\n")
            elif kind == "again":
                ours, theirs = term.scores()
                self.result.scores = (ours, theirs)
                self.result.won = ours > theirs
                if self.deal is not None:
                    self.deal.end_scores = (ours, theirs)
                term.send("n", last=True)
                return

    # ------------------------------------------------------------------ our decisions
    def _decide(self, view: Any) -> Any:
        started = time.perf_counter()
        action = self.bot.choose(view)
        self.result.decision_seconds += time.perf_counter() - started
        self.result.decisions += 1
        return action

    def _discard(self) -> None:
        term = self.terminal
        hand = term.our_hand()
        if len(hand) == 6:  # a new deal
            if self.deal is not None:
                self.deal.end_scores = term.scores()
            dealer = term.their_crib()
            if dealer is None:
                raise BsdError(f"whose crib? no CRIB on the screen:\n{term.dump()}")
            self.deal = DealRecord(bsd_deals=dealer, start_scores=term.scores(), ours=tuple(hand))
            self.result.deals.append(self.deal)
            self.deal.our_throw = tuple(self._decide(mirror(self.deal).view(US)).cards)
            term.send(f"{self.deal.our_throw[0]}\n")
        else:
            assert self.deal is not None
            term.send(f"{self.deal.our_throw[1]}\n")

    def _choose_play(self) -> Card:
        assert self.deal is not None
        game = mirror(self.deal)
        if game.to_act() != (US,):
            raise MirrorError(f"the program asks for our card but the mirror waits for seat {game.to_act()}: "
                              f"{self.deal.to_json()}")
        legal = game.legal_actions(US)
        action = legal[0] if len(legal) == 1 else self._decide(game.view(US))
        card: Card = action.cards[0]
        self.deal.plays.append(card)
        return card

    def _our_count(self, what: str) -> int:
        deal = self.deal
        assert deal is not None and deal.starter is not None
        if what == "hand":
            kept = [card for card in deal.ours if card not in deal.our_throw]
            return show_items(kept, deal.starter).total
        return show_items(deal.crib, deal.starter, crib=True).total

    # ------------------------------------------------------------------ reading the screen
    def _read_play(self) -> None:
        """New cards on the table (in order), and the cards a reset hid: the program's 31 (named in
        its message) and our forced last card when it scored (the screen is not redrawn first)."""
        deal = self.deal
        term = self.terminal
        if deal is None or not deal.our_throw or len(deal.plays) == 8:
            return
        if deal.starter is None:
            deal.starter = term.starter()
        for card in term.table():
            if card not in deal.plays:
                deal.plays.append(card)
        if term.prompt() != "more":
            return
        message = term.latest_message()
        playing = _PLAYING.search(message)
        if playing:
            card = term.card_named(playing.groups()[1:])
            if card not in deal.plays:
                deal.plays.append(card)
        elif message.startswith("You got"):
            left = [card for card in deal.ours if card not in deal.our_throw and card not in deal.plays]
            if len(left) == 1:
                deal.plays.append(left[0])

    def _read_show(self) -> None:
        deal = self.deal
        term = self.terminal
        if deal is None or len(deal.plays) < 8:
            return
        shown = term.their_cards()
        if len(shown) == 4:
            if any(card in deal.our_throw for card in shown):
                deal.crib = tuple(shown)
            else:
                deal.bsd_kept = tuple(shown)
        if term.prompt() == "crib":
            deal.crib = tuple(term.our_hand())
        for message in term.messages()[-3:]:
            claim = _CLAIM.search(message)
            if claim:
                points = int(claim.group(2))
                deal.bsd_claims[claim.group(1)] = 0 if points == 19 else points


def play_bsd_game(bot_name: str, index: int, seed: int, program: Path = BSD_PROGRAM,
                  max_deals: int | None = None) -> GameResult:
    """Play game ``index`` of a match: a fresh program run (seeded when ``program`` is a seeded
    copy), our bot seeded from ``seed`` and ``index``; with ``max_deals``, only that many deals
    (``won`` stays None)."""
    game_seed = seed * 1_000_003 + index
    result = GameResult(index)
    started = time.perf_counter()
    bot = make_bot(bot_name, RULES, US, seed=game_seed * 16)
    try:
        with BsdTerminal(program, seed=game_seed) as terminal:
            _Driver(terminal, bot, result, max_deals).run()
    except (BsdError, MirrorError) as error:
        result.error = str(error)
        result.won = None
    result.seconds = time.perf_counter() - started
    return result


def _play(args: tuple[str, int, int, str]) -> GameResult:
    bot_name, index, seed, program = args
    return play_bsd_game(bot_name, index, seed, Path(program))


def run(bot_name: str, games: int, seed: int = 0, jobs: int = 1, program: Path = BSD_PROGRAM) -> Iterator[GameResult]:
    """Play ``games`` games (``jobs`` at a time), yielding each result in game order."""
    with tempfile.TemporaryDirectory(prefix="pegboard-bsd-") as workdir:
        seeded = seeded_program(Path(workdir), program)
        if seeded is None:
            print("note: no C compiler for the seeding shim: the program's deals follow its clock", file=sys.stderr)
        path = str(seeded or program)
        tasks = [(bot_name, index, seed, path) for index in range(games)]
        if jobs <= 1:
            yield from map(_play, tasks)
            return
        with Pool(jobs) as pool:
            yield from pool.imap(_play, tasks)


# ---------------------------------------------------------------------------------------- the report
@dataclass
class Report:
    bot: str
    games: int = 0
    wins: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    decisions: int = 0
    decision_seconds: float = 0.0
    sources: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)  # (side, role, source)
    board_mismatches: int = 0
    claim_mismatches: int = 0
    agreement: Agreement = field(default_factory=Agreement)
    margins: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def add(self, game: GameResult) -> None:
        self.seconds += game.seconds
        self.decisions += game.decisions
        self.decision_seconds += game.decision_seconds
        if game.won is None:
            self.errors.append(f"game {game.index}: {game.error.splitlines()[0] if game.error else '?'}")
            return
        self.games += 1
        self.wins += game.won
        margin = game.scores[0] - game.scores[1]
        self.margins[0] += margin
        self.margins[1] += margin * margin
        for deal in game.deals:
            self._add_deal(deal)

    def _add_deal(self, deal: DealRecord) -> None:
        if not deal.revealed:
            return
        self.agreement.add(classic_agreement(deal))
        replay = mirror(deal, stop_at_our_turn=False)
        sources = deal_sources(replay)
        totals = [sum(points.values()) for points in sources]
        if deal.end_scores is not None and not replay.finished and \
                tuple(start + total for start, total in zip(deal.start_scores, totals)) != deal.end_scores:
            self.board_mismatches += 1
        assert deal.starter is not None
        for what, points in deal.bsd_claims.items():
            cards = deal.bsd_kept if what == "hand" else deal.crib
            self.claim_mismatches += points != show_items(cards, deal.starter, crib=what == "crib").total
        for seat, side in ((US, "ours"), (BSD, "bsd")):
            role = "dealer" if (seat == BSD) == deal.bsd_deals else "pone"
            for source, points in sources[seat].items():
                totals_ = self.sources.setdefault((side, role, source), [0.0, 0.0])
                totals_[0] += points
                totals_[1] += 1

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        agreement = self.agreement
        margin_low, margin_high = mean_interval(self.margins[0], self.margins[1], self.games)
        return {
            "bot": self.bot, "games": self.games, "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else None, "interval95": [low, high],
            "mean_margin": self.margins[0] / self.games if self.games else None,
            "margin_interval95": [margin_low, margin_high],
            "points_per_deal": {f"{side} {role} {source}": total / count
                                for (side, role, source), (total, count) in sorted(self.sources.items())},
            "seconds": self.seconds, "seconds_per_game": self.seconds / max(1, self.games + len(self.errors)),
            "decision_ms": 1000 * self.decision_seconds / max(1, self.decisions),
            "classic_agreement": {
                "discards": agreement.discards,
                "same_discard": agreement.same_discards / max(1, agreement.discards),
                "same_discard_ranks": agreement.same_discard_ranks / max(1, agreement.discards),
                "plays": agreement.plays, "same_play": agreement.same_plays / max(1, agreement.plays),
                "choices": agreement.choices, "same_choice": agreement.same_choices / max(1, agreement.choices),
            },
            "board_mismatches": self.board_mismatches, "claim_mismatches": self.claim_mismatches,
            "errors": self.errors,
        }

    def text(self) -> str:
        data = self.to_json()
        low, high = data["interval95"]
        lines = [f"{self.bot} vs BSD cribbage: {self.games} games, {self.wins} won = "
                 f"{100 * (data['win_rate'] or 0):.1f}% [95%: {100 * low:.1f}, {100 * high:.1f}], mean margin "
                 f"{data['mean_margin'] or 0:+.1f}",
                 f"{data['seconds']:.0f} s of play ({data['seconds_per_game']:.1f} s a game), our bot "
                 f"{data['decision_ms']:.1f} ms a decision"]
        lines.append("points per complete deal:  role    pegging  hand   crib   heels")
        for side in ("ours", "bsd"):
            for role in ("dealer", "pone"):
                values = [data["points_per_deal"].get(f"{side} {role} {source}", 0.0)
                          for source in ("pegging", "hand", "crib", "heels")]
                lines.append(f"  {side:>22}  {role:<6} " + " ".join(f"{value:6.2f}" for value in values))
        agreement = data["classic_agreement"]
        lines.append(f"classic as the program: same discard {100 * agreement['same_discard']:.1f}% "
                     f"(ranks {100 * agreement['same_discard_ranks']:.1f}%) of {agreement['discards']}; "
                     f"same play {100 * agreement['same_play']:.1f}% of {agreement['plays']} "
                     f"({100 * agreement['same_choice']:.1f}% of {agreement['choices']} real choices)")
        lines.append(f"checks: {self.board_mismatches} deals off the board, {self.claim_mismatches} program "
                     f"counts off our scorer, {len(self.errors)} games not finished")
        lines.extend(f"  {error}" for error in self.errors[:10])
        return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="expert", help="our bot: a built-in name or module:Class")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (one program run each)")
    parser.add_argument("--program", type=Path, default=BSD_PROGRAM)
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--log", type=Path, help="write every deal read off the screen here (JSON lines)")
    args = parser.parse_args(argv)
    if not args.program.exists():
        parser.error(f"--program {args.program}: not found (Debian: apt-get install bsdgames)")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    make_bot(args.bot, RULES, US)  # a bad name fails here, with the registry's message
    report = Report(args.bot)
    log = args.log.open("w") if args.log else None
    try:
        for game in run(args.bot, args.games, args.seed, args.jobs, args.program):
            report.add(game)
            if log is not None:
                for number, deal in enumerate(game.deals):
                    entry = {"game": game.index, "deal": number, **deal.to_json()}
                    if deal.revealed:
                        entry["classic_differs"] = classic_agreement(deal).differences
                    log.write(json.dumps(entry) + "\n")
                if game.error:
                    log.write(json.dumps({"game": game.index, "error": game.error}) + "\n")
    finally:
        if log is not None:
            log.close()
    print(json.dumps(report.to_json()) if args.json else report.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
