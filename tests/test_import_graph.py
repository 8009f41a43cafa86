"""The floors of the code: no import cycle among the app's own modules, and the engine
imports nothing above it.

Every import counts, at every level (module top, inside a function, under
``TYPE_CHECKING``): a lazy import that closes a cycle is still a cycle, only hidden until it
runs. ``from pkg import name`` counts as an import of ``pkg.name`` when that is a module, else
of ``pkg`` itself. Importing a submodule also runs its package's ``__init__``, which Python
does for any import and is not counted: only what a file names is an edge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("piquet", "piquet_cli", "academy", "words", "store", "ui", "app_pages")
ABOVE_THE_ENGINE = ("piquet_cli", "academy", "words", "store", "ui", "app_pages", "app")


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def app_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the app under ``root``: the packages' files and ``app.py``."""
    found = {_module_name(p, root): p for pkg in PACKAGES for p in sorted((root / pkg).rglob(
        "*.py"))}
    if (root / "app.py").exists():
        found["app"] = root / "app.py"
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The app's module that ``name`` is, or the nearest package of the app holding it."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _imported(module: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (hit := _known(alias.name, modules)) is not None:
                    yield hit
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            for alias in node.names:
                hit = modules.get(f"{origin}.{alias.name}") and f"{origin}.{alias.name}"
                hit = hit or _known(origin, modules)
                if hit is not None:
                    yield hit


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the app and the modules of the app it imports (itself left out)."""
    modules = app_modules(root)
    return {m: set(_imported(m, p, modules)) - {m} for m, p in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), each sorted: every import cycle lies within one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_the_graph_sees_the_app() -> None:
    graph = import_graph()
    assert {"app", "piquet", "piquet_cli", "words.errors", "store.progress",
            "ui.storage"} <= set(graph)
    assert "ui.storage" in graph["ui.progress.identity"]  # `from ui import storage`
    assert "words.record" in graph["words.errors"]


def test_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_engine_imports_nothing_above_it() -> None:
    graph = import_graph()
    upward = {m: sorted(d for d in deps if d.split(".")[0] in ABOVE_THE_ENGINE)
              for m, deps in graph.items() if m.split(".")[0] == "piquet"}
    assert {m: d for m, d in upward.items() if d} == {}


def test_the_old_command_line_is_gone() -> None:
    assert not (ROOT / "piquet" / "__main__.py").exists()
    assert (ROOT / "piquet_cli" / "__main__.py").exists()


@pytest.mark.parametrize(("files", "expected"), [
    ({"a/__init__.py": "", "a/x.py": "from a import y", "a/y.py": "import a.x"},
     [["a.x", "a.y"]]),
    ({"a/__init__.py": "", "a/x.py": "def f():\n    from a.y import g", "a/y.py":
      "from . import x"}, [["a.x", "a.y"]]),
    ({"a/__init__.py": "from a.x import f", "a/x.py": "from a import y", "a/y.py": ""}, []),
    ({"a/__init__.py": "from a.x import f", "a/x.py": "from a import name_in_init"},
     [["a", "a.x"]]),
])
def test_cycles_are_found_at_every_level(tmp_path: Path, files: dict[str, str],
                                         expected: list[list[str]],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The detector itself: a lazy import and a relative one close a cycle; a package
    importing its own submodule does not, unless the submodule imports the package back."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGES", ("a",))
    assert cycles(import_graph(tmp_path)) == expected
