"""robots.txt as RFC 9309 reads it: groups by user agent, longest match wins, `*` and `$`.

Pure: `RobotsRules.parse(text)` and `allows(agent, path)`. Fetching and caching the
file per host is the fetch edge's job (`webfold.web.fetch`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

MAX_ROBOTS_BYTES = 500_000  # RFC 9309 asks parsers to read at least 500 KiB


@dataclass(frozen=True, slots=True)
class Rule:
    allow: bool
    path: str  # percent-encoding normalised
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class RobotsRules:
    """The rules of one robots.txt. `allow_all()` / `disallow_all()` stand in for a
    missing file (4xx) and an unreachable one."""

    groups: dict[str, tuple[Rule, ...]] = field(default_factory=dict)  # agent token -> rules
    disallow_everything: bool = False

    @classmethod
    def allow_all(cls) -> RobotsRules:
        return cls()

    @classmethod
    def disallow_all(cls) -> RobotsRules:
        return cls(disallow_everything=True)

    @classmethod
    def parse(cls, text: str) -> RobotsRules:
        """Read a robots.txt body; unknown lines are ignored, never an error."""
        groups: dict[str, list[Rule]] = {}
        agents: list[str] = []
        in_rules = False
        for raw in text[:MAX_ROBOTS_BYTES].splitlines():
            key, sep, value = raw.split("#", 1)[0].partition(":")
            if not sep:
                continue
            key, value = key.strip().lower(), value.strip()
            if key == "user-agent":
                if in_rules:  # a user-agent line after rules starts a new group
                    agents, in_rules = [], False
                agents.append(value.lower())
                for agent in agents:
                    groups.setdefault(agent, [])
            elif key in ("allow", "disallow") and agents:
                in_rules = True
                if key == "disallow" and not value:
                    continue  # "Disallow:" with no path allows everything
                rule = _rule(key == "allow", value)
                for agent in agents:
                    groups[agent].append(rule)
        return cls(groups={a: tuple(r) for a, r in groups.items()})

    def allows(self, user_agent: str, path: str) -> bool:
        """Whether `path` (path plus query of a URL) may be fetched by `user_agent`."""
        if self.disallow_everything:
            return False
        rules = self._rules_for(product_token(user_agent))
        target = _normalise(path or "/")
        if target == "/robots.txt":
            return True
        best: Rule | None = None
        for rule in rules:
            if rule.pattern.match(target) and (
                best is None or len(rule.path) > len(best.path)
                or (len(rule.path) == len(best.path) and rule.allow)
            ):
                best = rule
        return best is None or best.allow

    def _rules_for(self, token: str) -> tuple[Rule, ...]:
        # Agent groups are dict keys, so at most one matches the token exactly.
        if token not in ("*", "") and token in self.groups:
            return self.groups[token]
        return self.groups.get("*", ())


def product_token(user_agent: str) -> str:
    """`WebfoldBot/0.1 (+https://...)` -> `webfoldbot`: what robots groups are matched to."""
    return user_agent.split("/", 1)[0].split(" ", 1)[0].strip().lower()


def _normalise(path: str) -> str:
    # Decode then re-encode so %7E and ~ compare equal; keep reserved characters as they are.
    return quote(unquote(path), safe="/?=&;:@!$'()*+,-._~%")


def _rule(allow: bool, value: str) -> Rule:
    path = _normalise(value)
    anchored = path.endswith("$")
    body = path[:-1] if anchored else path
    regex = ".*".join(re.escape(part) for part in body.split("*"))
    return Rule(allow=allow, path=path, pattern=re.compile(regex + ("$" if anchored else "")))
