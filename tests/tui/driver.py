"""Drive the pegboard app headlessly: wait for the computer, then press the keys a person would
press for a chosen legal action (number keys, g, typed cards and cells, arrows, Enter)."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen

from pegboard.engine.actions import Action
from pegboard.engine.solitaire import CELL_NAMES
from pegboard.tui.app import PegboardApp
from pegboard.tui.controller import Controller, Setup
from pegboard.tui.screens.game import GameScreen
from pegboard.tui.screens.modals import HandoverScreen
from pegboard.tui.screens.summary import SummaryScreen
from pegboard.tui.store import Store

SIZE = (80, 24)


async def screen_text(pilot: Pilot[None]) -> str:
    """What the terminal shows once the layout has settled, as plain text (a screenshot without colours)."""
    await pilot.pause(0.05)
    app = pilot.app
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def make_app(tmp: Path, game: str, opponent: str = "random", seed: int = 1, **options: object) -> PegboardApp:
    """An app with no pauses for the computer, saving under ``tmp``."""
    names = options.pop("names", ("Ann",) if opponent != "human" else ())
    setup = Setup(game, opponent, names=names, seed=seed, **options)  # type: ignore[arg-type]
    return PegboardApp(Controller.start(setup), Store(tmp), pace=0)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the computer (and any hint) is done and the app waits for a person."""
    app = pilot.app
    assert isinstance(app, PegboardApp)
    for _ in range(5000):
        screen = app.game_screen
        if screen is None or not screen.busy:
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the computer never finished")


_CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t"}


async def tap(pilot: Pilot[None], *keys: str) -> None:
    """Press keys like ``pilot.press``, without its fixed idle waits (whole games press hundreds):
    each key event goes to the app and the screen is given time to handle it."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else _CHARACTERS.get(key))
        event.set_sender(app)
        app.post_message(event)
        await pilot.pause(0)


def keys_for(screen: GameScreen, action: Action) -> list[str]:
    """The keys that make ``action`` on the game screen."""
    ctl = screen.ctl
    hand = ctl.hand(action.seat)
    if action.verb == "go":
        return ["g"]
    if action.verb == "pass":
        return ["p"]
    if action.verb in ("count", "muggins"):
        return [*str(action.target), "enter"]
    if ctl.game.rules.family == "solitaire":
        if action.verb == "discard":
            return ["x"]
        cell = CELL_NAMES.index(str(action.target))
        if len(ctl.game.events) % 3 == 0:  # now and then type the cell; else walk the cursor to it
            return [*str(action.target), "enter"]
        here = screen.cursor
        across, down = cell % 4 - here % 4, cell // 4 - here // 4
        return ["right" if across > 0 else "left"] * abs(across) + ["down" if down > 0 else "up"] * abs(down) + \
            ["enter"]
    positions = [hand.index(card) for card in action.cards]
    if action.verb == "discard":
        return [str(p + 1) for p in positions] + ["enter"]
    (position,) = positions
    if len(hand) > 9:  # card numbers past 9: typed, then Enter
        return [*str(position + 1), "enter"]
    if position < 9:
        return [str(position + 1)]
    steps = (position - screen.cursor) % len(hand)
    return ["right"] * steps + ["enter"]


async def play_out(pilot: Pilot[None], rng: random.Random, max_steps: int = 3000,
                   choose: object = None, presses: list[tuple[str, int]] | None = None) -> SummaryScreen:
    """Play the game to its end through the keyboard, choosing legal actions with ``rng``.

    ``presses`` collects every key pressed with the number of legal actions the person had then
    (a handover's Enter counts those of the person taking the keyboard)."""
    end = await play_until(pilot, rng, (SummaryScreen,), max_steps, choose, presses)
    assert isinstance(end, SummaryScreen)
    return end


async def play_until(pilot: Pilot[None], rng: random.Random, ends: tuple[type[Screen[Any]], ...],
                     max_steps: int = 3000, choose: object = None,
                     presses: list[tuple[str, int]] | None = None) -> Screen[Any]:
    """:func:`play_out` until one of the screens ``ends`` is shown (a duplicate set's half-time...)."""
    app = pilot.app
    assert isinstance(app, PegboardApp)
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ends):
            return screen
        if isinstance(screen, HandoverScreen):
            game_screen = app.game_screen
            assert game_screen is not None
            person = game_screen.ctl.human_to_act()
            if presses is not None:
                presses.append(("enter", len(game_screen.ctl.game.legal_actions(person)) if person is not None else 0))
            await tap(pilot, "enter")
            for _ in range(20):
                if pilot.app.screen is not screen:
                    break
                await pilot.pause(0)
            continue
        assert isinstance(screen, GameScreen), screen
        seat = screen.human()
        assert seat is not None, f"nobody to act: {screen.ctl.game.to_act()}"
        legal = screen.ctl.game.legal_actions(seat)
        action = choose(screen, legal) if callable(choose) else rng.choice(legal)
        before = len(screen.ctl.game.events)
        keys = keys_for(screen, action)
        if presses is not None:
            presses.extend((key, len(legal)) for key in keys)
        await tap(pilot, *keys)
        for _ in range(20):
            if len(screen.ctl.game.events) > before:
                break
            await pilot.pause(0)
        box = screen.query_one("#command")
        assert len(screen.ctl.game.events) > before, \
            f"{action} did nothing: {screen.note} {keys} {box.value!r} {screen.app.focused} {screen._typing}"
    raise AssertionError("the game did not end")
