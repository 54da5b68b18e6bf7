"""What a handler reads from its environment once, at cold start."""

from __future__ import annotations

from collections.abc import Mapping

from webfold.convert import ConvertOptions
from webfold.settings import Settings


def convert_options(environ: Mapping[str, str]) -> ConvertOptions:
    """Converter options from `WEBFOLD_*` variables; raises ValueError on a bad value.

    A bad setting should stop the function at cold start, loudly, rather than convert
    with a limit nobody asked for.
    """
    settings = Settings.from_env(environ)
    return ConvertOptions(select=settings.select, settings=settings)
