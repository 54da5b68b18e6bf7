"""The README's usage block and habits table name only flags the commands have."""

from __future__ import annotations

import re
from pathlib import Path

from webfold.cli import build_parser

README = Path(__file__).resolve().parents[2] / "README.md"


def _options() -> dict[str, set[str]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return {name: {s for a in p._actions for s in a.option_strings}
            for name, p in sub.choices.items()}


def _section(text: str, title: str) -> str:
    start = text.index(title)
    return text[start:text.index("\n## ", start + 1)]


def test_usage_block_flags_exist() -> None:
    options = _options()
    usage = _section(README.read_text(encoding="utf-8"), "## Use it")
    block = usage[usage.index("```\nwebfold md"):].split("\n```", 1)[0]
    command = None
    checked = 0
    for line in block.splitlines():
        found = re.match(r"webfold (\w+) ", line)
        if found:
            command = found.group(1)
        elif not line.startswith(" "):
            command = None
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", line if command else ""):
            assert flag in options[command], f"webfold {command} has no {flag}"
            checked += 1
    assert checked > 40


def test_habits_table_commands_exist() -> None:
    options = _options()
    habits = _section(README.read_text(encoding="utf-8"), "### Coming from")
    commands = re.findall(r"`(?:cat \S+ \\\| )?webfold (\w+) ([^`]*)`", habits)
    assert len(commands) >= 9
    for command, rest in commands:
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert flag in options[command], f"webfold {command} has no {flag}"
