"""``pegboard play``: a full-screen terminal app (Textual) for every game.

The pieces that do not need Textual (:mod:`~pegboard.tui.controller`, :mod:`~pegboard.tui.explain`,
:mod:`~pegboard.tui.store`) import without it; :mod:`pegboard.tui.app` is the app itself.
"""
