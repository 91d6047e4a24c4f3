"""The bot interface: a bot sees one player's view (never the full state) and returns one action.

Bots are built with the rules, their seat and a seed, so every decision is reproducible.
User bots plug in as ``module:Class`` wherever a bot name is accepted (:func:`make_bot`). A bot that
plays for an objective (:mod:`pegboard.objectives`: the expert) takes it as ``objective=``, or as a
suffix of its name: ``expert@game-points``.

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=1)
>>> bot = make_bot("random", game.rules, seat=0, seed=5)
>>> bot.choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import sys
from functools import lru_cache
from typing import Any, ClassVar, Protocol, runtime_checkable

from pegboard.engine.actions import Action
from pegboard.engine.views import SeatView
from pegboard.errors import ObjectiveError, PegboardError
from pegboard.objectives import WIN, Objective
from pegboard.rules import Rules

__all__ = ["Bot", "BaseBot", "RandomBot", "make_bot", "BOTS", "register_bot", "split_objective"]


def split_objective(spec: str) -> tuple[str, str]:
    """A bot name and the objective named after its ``@`` (empty if none).

    >>> split_objective("expert@match:to=7"), split_objective("mybots:Clever")
    (('expert', 'match:to=7'), ('mybots:Clever', ''))
    """
    base, at, objective = spec.partition("@")
    return (base, objective) if at else (spec, "")


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view) -> Action``: ``view`` is what the bot's seat sees (a
    :class:`~pegboard.engine.views.SeatView`; a bot narrows it to its game's view for the rest), and
    its ``legal_actions`` lists the choices."""

    def choose(self, view: SeatView) -> Action: ...


class BaseBot:
    """Convenience base: keeps the rules, seat, a seeded ``random.Random`` and the objective it plays
    for (:attr:`objective`: ``win`` unless given; read it to play for another)."""

    name: ClassVar[str] = "bot"

    def __init__(self, rules: Rules, seat: int, seed: int | None = None, *,
                 objective: Objective | str | None = None) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = random.Random(seed)
        self.objective = WIN if objective is None else \
            objective if isinstance(objective, Objective) else Objective.from_name(objective)

    def choose(self, view: SeatView) -> Action:
        raise NotImplementedError


class RandomBot(BaseBot):
    """Any legal action, uniformly at random."""

    name = "random"

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        return self.rng.choice(actions)


BOTS: dict[str, str] = {
    "random": "pegboard.bots.base:RandomBot",
    "greedy": "pegboard.bots.greedy:GreedyBot",
    "expert": "pegboard.bots.expert:ExpertBot",
    "classic": "pegboard.bots.classic:ClassicBot",
    "hoyle": "pegboard.bots.hoyle:HoyleBot",
}
"""Built-in bots by name, as ``module:Class``."""

OBJECTIVE_BLIND = ("random", "greedy", "classic", "hoyle")
"""The built-in bots that play alike whatever the objective (they keep it, but do not play by it): an
objective named for one after an ``@`` is refused, as it would change nothing."""


def register_bot(name: str, target: str) -> None:
    """Make a bot class (``module:Class``) available under ``name``."""
    BOTS[name] = target


def _import(module_name: str) -> Any:
    """Import a plug-in's module; the current folder is searched too (after everything installed), so
    ``mybots.py`` next to the user plugs in as ``mybots:Clever`` as it would with ``python -m``."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    return importlib.import_module(module_name)


_LOADED: dict[str, type] = {}
"""Bot classes found so far, by ``module:Class`` (a match builds two bots a game: import once)."""


def _load(target: str) -> Any:
    found = _LOADED.get(target)
    if found is not None:
        return found
    module_name, _, class_name = target.partition(":")
    if not module_name or not class_name:
        raise PegboardError(f"bot {target!r}: expected a built-in name ({', '.join(BOTS)}) or module:Class")
    try:
        module = _import(module_name)
    except ImportError as error:
        raise PegboardError(f"bot {target!r}: cannot import {module_name!r} ({error})") from None
    try:
        cls = getattr(module, class_name)
    except AttributeError:
        raise PegboardError(f"bot {target!r}: {module_name!r} has no {class_name!r}") from None
    if not isinstance(cls, type):
        what = "a module" if inspect.ismodule(cls) else f"a {type(cls).__name__}"
        raise PegboardError(f"bot {target!r}: {class_name!r} in {module_name!r} is {what}, not a bot class")
    _LOADED[target] = cls
    return cls


@lru_cache(maxsize=256)
def _constructor_problem(cls: type) -> str | None:
    """Why ``cls`` cannot be called as ``Class(rules, seat, seed)``, or None (worked out once per class)."""
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):  # no signature to read (some built-in types): the call will tell
        return None
    try:
        signature.bind(None, 0, 0)
    except TypeError as error:
        plain = signature.replace(parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
                                  return_annotation=signature.empty)
        return f"{cls.__name__}{plain} cannot be built as {cls.__name__}(rules, seat, seed): {error}"
    return None


def _check_constructor(spec: str, cls: type) -> None:
    """A clear error if ``cls`` cannot be called as ``Class(rules, seat, seed)``."""
    problem = _constructor_problem(cls)
    if problem is not None:
        raise PegboardError(f"bot {spec!r}: {problem}")


@lru_cache(maxsize=256)
def _takes_objective(cls: type) -> bool:
    """Whether ``cls`` can be built with ``objective=`` (a keyword of its own, or ``**kwargs``)."""
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "objective" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def make_bot(spec: str, rules: Rules, seat: int, seed: int | None = None, *,
             objective: Objective | str | None = None) -> Bot:
    """Build a bot by name (``random``, ``greedy``, ``expert``) or as ``module:Class``.

    The class is called as ``Class(rules, seat, seed)`` and must have a ``choose(view)`` method; a
    class that cannot be, or does not, is a :class:`~pegboard.errors.PegboardError` naming it. A
    class that takes ``objective=`` (every :class:`BaseBot`) is given one: the one named after an ``@``
    in ``spec`` (``expert@game-points``), else ``objective``, else ``win``.
    Only the expert plays by it; the other built-in bots play as they always do. Naming an objective
    for a class that cannot take one is an error.

    >>> make_bot("expert@spread", Rules.preset("cribbage"), seat=0).objective.name
    'spread'
    >>> make_bot("expert@points", Rules.preset("cribbage"), seat=0)
    Traceback (most recent call last):
    ...
    pegboard.errors.ObjectiveError: bot 'expert@points': objective 'points': expected win, game-points, spread or \
match (e.g. game-points, spread:cap=31, match:to=7)
    >>> make_bot("greedy@game-points", Rules.preset("cribbage"), seat=0)
    Traceback (most recent call last):
    ...
    pegboard.errors.ObjectiveError: bot 'greedy@game-points': greedy plays alike for every objective; only expert \
(or a plug-in module:Class) plays for the one named after an @
    >>> make_bot("os:path", Rules.preset("cribbage"), seat=0)
    Traceback (most recent call last):
    ...
    pegboard.errors.PegboardError: bot 'os:path': 'path' in 'os' is a module, not a bot class
    """
    base, named = split_objective(spec)
    chosen = objective
    if "@" in spec and not named.strip():
        raise ObjectiveError(f"bot {spec!r}: expected an objective after the @ (e.g. expert@game-points)")
    if named and base in OBJECTIVE_BLIND:
        raise ObjectiveError(f"bot {spec!r}: {base} plays alike for every objective; only expert (or a plug-in "
                             f"module:Class) plays for the one named after an @")
    if named:
        try:
            chosen = Objective.from_name(named)
        except ObjectiveError as error:
            raise ObjectiveError(f"bot {spec!r}: {error}") from None
    elif isinstance(chosen, str):
        chosen = Objective.from_name(chosen)
    cls = _load(BOTS.get(base, base))
    _check_constructor(spec, cls)
    if _takes_objective(cls):
        bot: Bot = cls(rules, seat, seed, objective=chosen if chosen is not None else WIN)
    elif named:
        raise ObjectiveError(f"bot {spec!r}: {cls.__name__} cannot be built with an objective (no objective= "
                             "keyword)")
    else:
        bot = cls(rules, seat, seed)
    if not callable(getattr(bot, "choose", None)):  # what isinstance(bot, Bot) checks, without typing's slow path
        raise PegboardError(f"bot {spec!r}: {cls.__name__} has no choose(view) method")
    if getattr(cls, "choose", None) is BaseBot.choose:  # refused now, not in the middle of a game
        raise PegboardError(f"bot {spec!r}: {cls.__name__} has no choose(view) method of its own "
                            "(BaseBot's only raises NotImplementedError)")
    return bot
