"""Sphinx configuration of the documentation site.

Build it with ``sphinx-build -W --keep-going -n -b html docs docs/_build/html`` after
``pip install -e '.[docs]'``. The pages are Markdown (MyST); pytest runs their examples as
doctests, so this file stays importable without Sphinx: it imports Sphinx only inside the
hooks that Sphinx calls.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import tictactoe

project = "tictactoe"
author = "tictactoe contributors"
copyright = "2026, tictactoe contributors"
release = tictactoe.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
html_theme = "furo"
html_title = f"tictactoe {release}"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4  # GitHub-style #anchors on headings, as the README's links use
suppress_warnings = ["myst.header"]  # the research log and the changelog start at any level

# Only names in __all__ are documented (autodoc follows __all__), each with a docstring, as
# _check_docstrings makes sure: undoc-members lets in the re-exported constants, whose
# docstrings autodoc cannot see where it looks (see _fill_constant_doc).
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autosummary_generate = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# Offline: no intersphinx, so references into the standard library and the RL packages
# cannot resolve. Private modules (a leading underscore) are named in docstrings on purpose,
# to say where something lives, but have no reference entry.
nitpick_ignore_regex = [
    ("py:.*", r"(tictactoe\.)?(\w+\.)*_\w+(\..*)?"),
    ("py:.*", r"(collections|typing|types|enum|threading|pathlib|os|io|re|json)\..*"),
    ("py:.*", r"(socket|shlex|contextlib|argparse|queue|select|signal)\..*"),
    ("py:.*", r"(random\.Random|datetime\..*|subprocess\..*|http\..*|socketserver\..*)"),
    ("py:.*", r"(numpy|np|gymnasium|pettingzoo|gym)(\..*)?"),
    ("py:.*", r"(Callable|Iterator|Iterable|Mapping|Sequence|Final|Any|TextIO|IO|Path)"),
    ("py:.*", r"(NDArray|SupportsIndex|Self|Literal|ClassVar)(\[.*)?"),
    # Named in docstrings but not exported: module internals, said for the reader's sake.
    ("py:.*", r"tictactoe\.limits\.Unset|MAX_BYTES|MAX_NEAR|MAX_TOTAL_CELLS"),
    ("py:.*", r"move_share|Explaining"),
]

# The public modules: each gets a page under api/, generated from its docstrings.
PUBLIC_MODULES = (
    "tictactoe",
    "tictactoe.game",
    "tictactoe.space",
    "tictactoe.limits",
    "tictactoe.players",
    "tictactoe.heuristic",
    "tictactoe.perfect",
    "tictactoe.threat",
    "tictactoe.solver",
    "tictactoe.counting",
    "tictactoe.records",
    "tictactoe.notation",
    "tictactoe.svg",
    "tictactoe.coordinates",
    "tictactoe.marks",
    "tictactoe.outcome",
    "tictactoe.errors",
    "tictactoe.engine",
    "tictactoe.specs",
    "tictactoe.human",
    "tictactoe.brain",
    "tictactoe.web",
    "tictactoe.rl",
)


def undocumented(module_name: str) -> list[str]:
    """The names in a module's ``__all__`` that have no docstring of their own."""
    module = importlib.import_module(module_name)
    missing = []
    for name in getattr(module, "__all__", ()):
        value = getattr(module, name)
        if _is_documentable(value):
            if not inspect.getdoc(value):
                missing.append(name)
        elif not constant_doc(module_name, name):
            missing.append(name)
    return missing


def constant_doc(module_name: str, name: str) -> list[str]:
    """A constant's docstring: the string after its assignment, where it is assigned.

    A module that imports the constant from another names that one in its source; the
    search follows such imports to the assignment.
    """
    from sphinx.pycode import ModuleAnalyzer, PycodeError

    seen = set()
    while module_name not in seen:
        seen.add(module_name)
        try:
            analyzer = ModuleAnalyzer.for_module(module_name)
        except PycodeError:
            return []
        doc = analyzer.find_attr_docs().get(("", name))
        if doc:
            return list(doc)
        source = _source_of(module_name, name, analyzer.code)
        if source is None:
            return []
        module_name = source
    return []


def _source_of(module_name: str, name: str, code: str) -> str | None:
    """The module that ``module_name`` imports ``name`` from, if it does."""
    import ast

    package = module_name if _is_package(module_name) else module_name.rpartition(".")[0]
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and any(
            (alias.asname or alias.name) == name for alias in node.names
        ):
            if node.level == 0:
                return node.module
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            return f"{base}.{node.module}" if node.module else base
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
            and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
        ):
            # NAME = module.NAME, as tictactoe.web re-exports specs.BEST
            return _source_of(module_name, node.value.value.id, code)
    return None


def _is_package(module_name: str) -> bool:
    return hasattr(importlib.import_module(module_name), "__path__")


def _fill_constant_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give a constant the docstring written where it is assigned, not its type's."""
    if what == "data":
        module_name, _, attribute = name.rpartition(".")
        lines[:] = constant_doc(module_name, attribute) or lines


def _check_docstrings(app: Any) -> None:
    """Warn, so that ``-W`` fails the build, for every public name without a docstring."""
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    for module_name in PUBLIC_MODULES:
        try:
            names = undocumented(module_name)
        except ImportError as error:
            logger.warning("cannot import %s: %s", module_name, error)
            continue
        for name in names:
            logger.warning("public name without a docstring: %s.%s", module_name, name)


_ATTRIBUTES = {"attribute", "data", "property"}


def _keep_attribute_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Before napoleon: remember an attribute's docstring.

    Napoleon reads an attribute's first line as ``type: description``; ours are prose, where
    a colon is only punctuation.
    """
    if what in _ATTRIBUTES:
        _kept[name] = list(lines)


def _restore_attribute_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """After napoleon: put the attribute's docstring back as written."""
    if what in _ATTRIBUTES and name in _kept:
        lines[:] = _kept.pop(name)


_kept: dict[str, list[str]] = {}


def _resolve_by_name(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve ``Game`` or ``tictactoe.Game`` to the one public object of that name.

    A docstring names an object as its own module sees it; the reference documents it under
    the public module that exports it, so a short or re-exported name may need this search.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].removeprefix("~").removeprefix(".")
    name = target.removeprefix("tictactoe.")
    domain = env.domains["py"]
    matches = [
        full for full in domain.objects if full == f"tictactoe.{name}" or full.endswith(f".{name}")
    ]
    if len(matches) > 1:
        public = [full for full in matches if f"tictactoe.{full.rpartition('.')[2]}" in matches]
        module = node.get("py:module") or ""
        here = [full for full in matches if module and full.startswith(module + ".")]
        matches = here or public or matches
    if len(matches) != 1:
        return None
    from sphinx.util.nodes import make_refnode

    entry = domain.objects[matches[0]]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0]
    )


# Links that leave docs/ on GitHub, and the page that holds the same text on the site.
_SITE_LINKS = {"](../CHANGELOG.md)": "](changelog.md)", "](../README.md)": "](index.md)"}


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    """Point links at the site's pages; list a module's re-exported constants on its page."""
    for old, new in _SITE_LINKS.items():
        source[0] = source[0].replace(old, new)
    if docname == "api/index":
        source[0] += _package_names()
    module_name = "tictactoe." + docname.removeprefix("api/")
    if docname.startswith("api/") and module_name in PUBLIC_MODULES:
        names = reexported_constants(module_name)
        directives = "".join(f".. autodata:: {module_name}.{name}\n" for name in names)
        if directives:
            source[0] += f"\n```{{eval-rst}}\n{directives}```\n"


def _package_names() -> str:
    """A table of ``tictactoe.__all__``, each name linked to the module that documents it.

    A name that no public module exports (``LegalMoves``) is documented here in full.
    """
    homes: dict[str, str] = {}
    for module_name in PUBLIC_MODULES[1:]:
        for name in getattr(importlib.import_module(module_name), "__all__", ()):
            homes.setdefault(name, module_name.removeprefix("tictactoe."))
    rows = "".join(
        f"   ~{homes[name]}.{name}\n" if name in homes else f"   ~{name}\n"
        for name in tictactoe.__all__
    )
    table = f"\n```{{eval-rst}}\n.. autosummary::\n   :nosignatures:\n\n{rows}```\n"
    own = "".join(
        f"\n```{{eval-rst}}\n.. autoclass:: tictactoe.{name}\n```\n"
        for name in tictactoe.__all__
        if name not in homes
    )
    return table + own


def reexported_constants(module_name: str) -> list[str]:
    """The constants in ``__all__`` assigned in another module, which autodoc passes over."""
    from sphinx.pycode import ModuleAnalyzer

    module = importlib.import_module(module_name)
    own = ModuleAnalyzer.for_module(module_name).find_attr_docs()
    return [
        name
        for name in getattr(module, "__all__", ())
        if not _is_documentable(getattr(module, name)) and ("", name) not in own
    ]


def _is_documentable(value: Any) -> bool:
    return inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value)


def setup(app: Any) -> dict[str, Any]:
    """Hook the docstring check, the docstring fixes and the reference search into the build."""
    app.connect("builder-inited", _check_docstrings)
    app.connect("autodoc-process-docstring", _fill_constant_doc, priority=400)
    app.connect("autodoc-process-docstring", _keep_attribute_doc, priority=450)
    app.connect("autodoc-process-docstring", _restore_attribute_doc, priority=550)
    app.connect("missing-reference", _resolve_by_name)
    app.connect("source-read", _source_read)
    return {"parallel_read_safe": True}
