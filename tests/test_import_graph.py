"""The import graph of ``python/majiang`` has no cycle, and no import hides inside a function
without a comment saying why.

The graph is read from the source with :mod:`ast`, never by importing: an edge runs from a
module to every module of the package that its module-level statements import (class bodies,
``if``/``try`` blocks included; ``if TYPE_CHECKING:`` bodies and function bodies not). The
edges follow what Python runs:

- ``import a.b.c`` runs ``a``, ``a.b`` and ``a.b.c`` (each package's ``__init__``);
- ``from a.b import name`` runs ``a``, ``a.b`` and, when ``name`` is a submodule, ``a.b.name``;
- ``import majiang`` or ``from majiang import RulesError`` inside the package is an edge to
  ``majiang/__init__.py`` (which imports most of the package: a cycle).

The one edge not counted: a module to its own enclosing packages when reached only on the way
to another module (``majiang.variants.gb.play`` importing ``majiang.variants.gb.hands`` runs
``majiang.variants.gb`` first, but Python has always begun that package before any of its
modules, so the edge is in every package and says nothing).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "majiang"


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root`` by dotted name (a package by its own name)."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_level_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported."""
    stack: list[ast.stmt] = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(reversed(node.orelse))
        else:
            body = [c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)]
            for handler in getattr(node, "handlers", ()):
                body.extend(handler.body)
            stack.extend(reversed(body))


def function_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports inside functions and methods (run when called, not when imported)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    yield inner


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _prefixes(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def import_edges(root: Path) -> dict[str, set[str]]:
    """Module → the package's modules it runs at import time (see the module docstring)."""
    files = module_files(root)
    graph: dict[str, set[str]] = {m: set() for m in files}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        own = set(_prefixes(module)) if is_package else set(_prefixes(module)[:-1])
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in module_level_imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _absolute(node, module, is_package)
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in files]
                if len(subs) < len(node.names):  # a name defined by ``base`` itself
                    targets.append(base)
                targets += subs
            for target in targets:
                for step in _prefixes(target):
                    explicit = step == target
                    if step in files and step != module and (explicit or step not in own):
                        graph[module].add(step)
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or None (iterative DFS)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path = [start]
        todo = [iter(sorted(graph[start]))]
        state[start] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(sorted(graph.get(nxt, ()))))
    return None


def _comment_lines(source: str) -> tuple[set[int], set[int]]:
    """The lines holding a comment, and those holding nothing else."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    comments = [t for t in tokens if t.type == tokenize.COMMENT]
    alone = {t.start[0] for t in comments if not t.line[: t.start[1]].strip()}
    return {t.start[0] for t in comments}, alone


def unexplained_function_imports(
    root: Path, allowed: frozenset[str] = frozenset()
) -> tuple[list[str], int]:
    """The function-level imports with no comment on their line or on a line of its own just
    above (as ``path:line: statement``) and not ``allowed`` (as ``path: statement``), and how
    many imports there are inside functions in all."""
    bad: list[str] = []
    total = 0
    for path in module_files(root).values():
        source = path.read_text(encoding="utf-8")
        comments, alone = _comment_lines(source)
        where = path.relative_to(root.parent).as_posix()
        for node in function_imports(ast.parse(source, str(path))):
            total += 1
            said = node.lineno in comments or node.lineno - 1 in alone
            if not said and f"{where}: {ast.unparse(node)}" not in allowed:
                bad.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return bad, total


def test_the_package_has_no_import_cycle() -> None:
    cycle = find_cycle(import_edges(PACKAGE))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_every_function_level_import_says_why() -> None:
    bad, total = unexplained_function_imports(PACKAGE)
    assert not bad, f"{len(bad)} of {total} imports inside functions lack a comment:\n" + (
        "\n".join(bad)
    )


def test_the_graph_sees_the_package_itself() -> None:
    graph = import_edges(PACKAGE)
    assert "majiang.errors" in graph["majiang"]
    assert "majiang.variants.registry" in graph["majiang.variants"]
    assert len(graph) > 100


def _write(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "fake"


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        (  # a submodule importing the package whose __init__ imports it
            {"fake/__init__.py": "from fake import a\n", "fake/a.py": "import fake\n"},
            ["fake", "fake.a", "fake"],
        ),
        (  # ``from fake import RulesError`` runs fake/__init__ too
            {
                "fake/__init__.py": "from fake.a import f\nRulesError = 1\n",
                "fake/a.py": "from fake import RulesError\ndef f() -> None: ...\n",
            },
            ["fake", "fake.a", "fake"],
        ),
        (  # two modules through a relative import and a ``from pkg import submodule``
            {
                "fake/__init__.py": "",
                "fake/a.py": "from . import b\n",
                "fake/b.py": "from fake.sub.c import x\n",
                "fake/sub/__init__.py": "",
                "fake/sub/c.py": "x = 1\nfrom fake import a\n",
            },
            ["fake.a", "fake.b", "fake.sub.c", "fake.a"],
        ),
        (  # importing a.b.c runs the package a.b, whose __init__ imports back
            {
                "fake/__init__.py": "",
                "fake/x.py": "import fake.p.q\n",
                "fake/p/__init__.py": "from fake.x import y\n",
                "fake/p/q.py": "",
            },
            ["fake.p", "fake.x", "fake.p"],
        ),
        (  # inside a class body and a try block: still at import time
            {
                "fake/__init__.py": "",
                "fake/a.py": "class A:\n    from fake.b import z\n",
                "fake/b.py": "try:\n    from fake.a import A\nexcept ImportError:\n    pass\n",
            },
            ["fake.a", "fake.b", "fake.a"],
        ),
    ],
)
def test_a_fake_package_cycle_is_reported(
    tmp_path: Path, files: dict[str, str], cycle: list[str]
) -> None:
    found = find_cycle(import_edges(_write(tmp_path, files)))
    assert found == cycle


@pytest.mark.parametrize(
    "files",
    [
        {  # TYPE_CHECKING and function bodies do not run at import time
            "fake/__init__.py": "from fake import a\n",
            "fake/a.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import fake\n"
                "def f() -> None:\n    import fake\n"
            ),
        },
        {  # a module reaching a sibling passes through its own package: not an edge
            "fake/__init__.py": "from fake import a\n",
            "fake/a.py": "from fake.b import x\n",
            "fake/b.py": "x = 1\n",
        },
    ],
)
def test_a_fake_package_without_a_cycle_passes(tmp_path: Path, files: dict[str, str]) -> None:
    assert find_cycle(import_edges(_write(tmp_path, files))) is None


def test_a_function_import_without_a_comment_is_reported(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "fake/__init__.py": (
                "def f() -> None:\n"
                "    # optional extra: gymnasium\n"
                "    import gymnasium\n"
                "    import json  # only the slow path reads JSON\n"
                "    import os\n"
            )
        },
    )
    bad, total = unexplained_function_imports(root)
    assert (bad, total) == (["fake/__init__.py:5: import os"], 3)
