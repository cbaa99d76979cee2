"""Run by .ci/run in fresh venvs outside the checkout, each with the built wheel and one extra
installed (``pip install 'ttr_teach-*.whl[EXTRA]'``): every module of the package that the extra
(with what it includes) is for imports there. ``python extras_check.py EXTRA`` ("" for none)."""

import importlib
import pkgutil
import sys

import ttr

FOR = {  # module prefix -> the extra it needs; a module matches its longest prefix
    "ttr.views.plot": "plot",
    "ttr.lessons.figures": "plot",
    "ttr.views.widgets": "widgets",
    "ttr.apps": "widgets",
    "ttr.lessons": "notebooks",
    "ttr.env": "rl",
    "ttr.tools.cluster": "cluster",
}
INCLUDES = {"notebooks": {"notebooks", "widgets", "plot"}}
"""An extra that installs others (pyproject.toml: notebooks = ttr-teach[widgets,plot] ...)."""


def needs(module: str) -> str:
    """The extra ``module`` needs ("" for none)."""
    found = [p for p in FOR if module == p or module.startswith(p + ".")]
    return FOR[max(found, key=len)] if found else ""


def main() -> None:
    extra = sys.argv[1]
    allowed = {"", *INCLUDES.get(extra, {extra} if extra else set())}
    modules = [m.name for m in pkgutil.walk_packages(ttr.__path__, "ttr.")]
    assert "site-packages" in ttr.__file__, ttr.__file__
    wanted = sorted(m for m in modules if needs(m) in allowed and not m.endswith("__main__"))
    failed = []
    for name in wanted:
        try:
            importlib.import_module(name)
        except Exception as err:  # noqa: BLE001 - every failure is reported, then the exit code
            failed.append(f"{name}: {type(err).__name__}: {err}")
    print(f"[{extra or 'no extra'}] {len(wanted) - len(failed)} of {len(wanted)} modules import")
    for line in failed:
        print("  " + line)
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
