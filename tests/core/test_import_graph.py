"""The import graph of the package and the development stack: no cycles, no moto shipped.

Every import counts, at module level or inside a function, and so does a module named
in a string for `importlib` (the converter registry's "module:Class").
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ROOTS = {"webfold": REPO / "shared" / "webfold", "devstack": REPO / "devstack"}


def modules() -> dict[str, Path]:
    found = {}
    for top, root in ROOTS.items():
        for path in root.rglob("*.py"):
            parts = [top, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.startswith(tuple(f"{top}." for top in ROOTS)):
            names.add(node.value.partition(":")[0])
    return names


def import_graph() -> dict[str, set[str]]:
    known = modules()

    def owner(name: str) -> str | None:  # `a.b.C` -> the module `a.b`
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in known.items():
        targets = {owner(name) for name in imported_names(path)}
        # A module importing its own package's __init__ is not a cycle worth naming.
        graph[module] = {t for t in targets
                         if t and t != module and not module.startswith(t + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles_in_the_package_or_the_dev_stack():
    assert cycles(import_graph()) == []


def test_no_shipped_module_imports_moto_or_the_dev_stack():
    shipped = {m: p for m, p in modules().items() if m.startswith("webfold")}
    offenders = {m for m, p in shipped.items()
                 if any(n == top or n.startswith(top + ".") for n in imported_names(p)
                        for top in ("moto", "devstack"))}
    assert offenders == set()
