"""The Click command group and the one place where errors become one line and exit status 2."""

from __future__ import annotations

import sys
from typing import Any

import click

from pegboard import __version__
from pegboard.errors import PegboardError

__all__ = ["cli", "run"]


class OneLineErrors(click.Group):
    """A group whose bad-input errors print one line on stderr and exit 2, never a traceback."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as done:
            return done.exit_code
        except click.exceptions.Abort:
            click.echo("pegboard: aborted", err=True)
            return 130
        except click.exceptions.NoArgsIsHelpError as error:  # a bare ``pegboard``: help, not an error
            click.echo(error.ctx.get_help() if error.ctx else "pegboard --help")
            return 0
        except click.UsageError as error:
            where = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
            click.echo(f"pegboard: error: {error.format_message()}{where}", err=True)
            return 2
        except click.ClickException as error:
            click.echo(f"pegboard: error: {error.format_message()}", err=True)
            return error.exit_code
        except PegboardError as error:
            click.echo(f"pegboard: error: {error}", err=True)
            return 2
        except BrokenPipeError:
            return 0


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from pegboard.accelerator import accelerator_status

    click.echo(f"pegboard {__version__} ({accelerator_status()['mode']})")
    ctx.exit()


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version, and whether the compiled accelerator runs, and exit.")
def cli() -> None:
    """pegboard: cribbage, five-card cribbage, Snailspace and Cribbage Square Solitaire."""


COMMANDS = {
    "score": "pegboard.cli.score_cmd:score",
    "stats": "pegboard.cli.stats_cmd:stats",
    "replay": "pegboard.cli.replay_cmd:replay_command",
    "discard": "pegboard.cli.discard_cmd:discard",
    "sim": "pegboard.cli.sim_cmd:sim",
    "play": "pegboard.cli.play_cmd:play",
    "serve": "pegboard.cli.serve_cmd:serve",
    "engine": "pegboard.cli.engine_cmd:engine",
    "review": "pegboard.cli.review_cmd:review_command",
    "analyse": "pegboard.cli.analyse_cmd:analyse",
    "verify": "pegboard.cli.verify_cmd:verify_command",
    "accounts": "pegboard.cli.accounts_cmd:accounts_command",
    "puzzles": "pegboard.cli.puzzles_cmd:puzzles",
    "train": "pegboard.cli.train_cmd:train",
}
"""Every subcommand as ``module:object``; a command whose module is absent is simply not offered."""


def _register() -> None:
    import importlib

    for name, target in COMMANDS.items():
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                continue
            raise
        cli.add_command(getattr(module, attribute), name)


_register()


def run(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    result = cli.main(args=argv if argv is not None else sys.argv[1:], prog_name="pegboard")
    return result if isinstance(result, int) else 0
