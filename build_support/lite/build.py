"""Builds the browser edition (JupyterLite with the Pyodide kernel, #27) into a static site.

    python -m build_support.lite.build --out _build/lite

Run with the build venv (`make lite` makes it from build_support/lite/requirements.txt). It
reaches only the package registries, every version pinned here or in requirements.txt:

1. npm: the Pyodide core, ``pyodide@PYODIDE_VERSION`` (the version jupyterlite-pyodide-kernel
   pins), checked against its registry integrity, unpacked into ``static/pyodide``.
2. PyPI: the pure-Python wheels the kernel and the notebooks need, at exactly the versions the
   Pyodide lock names (:data:`FROM_LOCK` and their dependencies), plus :data:`EXTRA_WHEELS`
   (the widget stack, not in the lock); then the project's own wheel, and a wheel of the
   checkout's ``data/`` (the scenarios and positions, which the notebooks find beside the
   installed ``ttr``). A new ``pyodide-lock.json`` lists exactly these files, with their sha256.
3. ``jupyter lite build``: the notebooks (``build_support.notebook_lists.TRANSLATED``: 00-09,
   the play table and the score sheet, English and Korean) and a start page, PyPI fallback
   disabled, the packages above loaded at kernel start.

The Korean notebooks are copied unchanged but for their kernel (the Pyodide kernel here, not
``ttr-ko``) and a first line the build puts at the top of their first code cell, which sets
``TTR_LANG=ko`` as the desktop kernel ``ttr-ko`` does.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from build_support.notebook_lists import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]

PYODIDE_VERSION = "314.0.6"
PYODIDE_INTEGRITY = "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="  # noqa: E501
PYTHON_VERSION = "3.14"  # the CPython of that Pyodide

FROM_LOCK = ("micropip", "ipython", "jedi", "networkx", "tqdm", "typing-extensions", "packaging")
"""What the kernel (IPython, jedi, micropip) and the engine (networkx, tqdm) take from the lock."""

DEPENDS_OVERRIDE = {"networkx": ["decorator"]}
"""Lock dependencies we drop: networkx needs neither numpy nor matplotlib (nor setuptools)."""

EXTRA_WHEELS = {
    "comm": ("0.2.3", ["traitlets"], ["comm"]),
    "jupyterlab-widgets": ("3.0.17", [], ["jupyterlab_widgets"]),
    "ipywidgets": ("8.1.9", ["comm", "ipython", "traitlets", "jupyterlab-widgets"], ["ipywidgets"]),
    "psygnal": ("0.16.1", [], ["psygnal"]),
    "anywidget": ("0.11.0", ["ipywidgets", "psygnal", "typing-extensions"], ["anywidget"]),
}
"""Wheels from PyPI the lock lacks: name -> (version, lock dependencies, import names). The same
versions as the build's labextensions (requirements.txt), so both sides of a widget agree."""

PRELOAD = ["ipython", "jedi", "comm", "ipywidgets", "anywidget", "ttr-teach", "ttr-teach-data"]
"""Loaded when the kernel starts, so that the notebooks' imports work as on the desktop."""

KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
KOREAN_LINE = (
    'import os; os.environ["TTR_LANG"] = "ko"  # 브라우저판: 한국어 (데스크톱의 ttr-ko 커널)\n'
)

HERE = Path(__file__).resolve().parent


def run(*command: object, cwd: Path | None = None) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pyodide(work: Path, dest: Path) -> dict:
    """The npm core into ``dest``; returns its lock (the list of what Pyodide was built with)."""
    run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", work, cwd=work)
    tgz = work / f"pyodide-{PYODIDE_VERSION}.tgz"
    algo, digest = PYODIDE_INTEGRITY.split("-", 1)
    got = base64.b64encode(hashlib.new(algo, tgz.read_bytes()).digest()).decode()
    if got != digest:
        raise SystemExit(f"pyodide@{PYODIDE_VERSION}: integrity mismatch ({got})")
    with tarfile.open(tgz) as tar:
        tar.extractall(work / "npm", filter="data")
    dest.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(work / "npm" / "package" / name, dest / name)
    shutil.copy2(work / "npm" / "package" / "python_stdlib.zip", dest / "python_stdlib.zip")
    return json.loads((work / "npm" / "package" / "pyodide-lock.json").read_text())


def closure(lock: dict, names: list[str]) -> list[str]:
    """``names`` and everything they depend on in the lock (with :data:`DEPENDS_OVERRIDE`)."""
    packages = {normal(k): v for k, v in lock["packages"].items()}
    seen: list[str] = []
    todo = [normal(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo += [normal(d) for d in DEPENDS_OVERRIDE.get(name, packages[name]["depends"])]
    return sorted(seen)


def normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def pip_download(dest: Path, specs: dict[str, str]) -> dict[str, Path]:
    """Pure wheels of ``{name: version}`` from PyPI into ``dest``, in one pip run; returns each
    name's wheel."""
    run(
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
        "--python-version", PYTHON_VERSION, "--platform", "any", "--implementation", "py",
        "-d", dest, *(f"{name}=={version}" for name, version in specs.items()),
    )  # fmt: skip
    wheels = {}
    for name, version in specs.items():
        stem = f"{normal(name).replace('-', '_')}-{version}-"
        (wheel,) = [p for p in dest.glob("*.whl") if p.name.lower().startswith(stem)]
        wheels[name] = wheel
    return wheels


def data_wheel(dest: Path, version: str) -> Path:
    """A wheel of the checkout's data/ (scenarios, positions), installed as site-packages/data:
    the notebooks find it at ``Path(ttr.__file__).parents[1] / "data"``, as in a checkout."""
    name = f"ttr_teach_data-{version}"
    wheel = dest / f"{name}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        files = sorted(p for p in (ROOT / "data").rglob("*") if p.is_file())
        for path in files:
            arc = path.relative_to(ROOT).as_posix()
            data = path.read_bytes()
            zf.writestr(arc, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{arc},sha256={digest.decode()},{len(data)}")
        meta = {
            "METADATA": f"Metadata-Version: 2.1\nName: ttr-teach-data\nVersion: {version}\n",
            "WHEEL": "Wheel-Version: 1.0\nGenerator: ttr-teach lite build\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n",
        }
        for file, text in meta.items():
            zf.writestr(f"{name}.dist-info/{file}", text)
            records.append(f"{name}.dist-info/{file},,")
        records.append(f"{name}.dist-info/RECORD,,")
        zf.writestr(f"{name}.dist-info/RECORD", "\n".join(records) + "\n")
    return wheel


def entry(wheel: Path, name: str, version: str, depends: list[str], imports: list[str]) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def build_lock(work: Path, pyodide_dir: Path, lock: dict) -> None:
    """The wheels and a lock listing exactly them."""
    packages = {normal(k): v for k, v in lock["packages"].items()}
    wanted = closure(lock, list(FROM_LOCK))
    out: dict[str, dict] = {}
    specs = {name: packages[name]["version"] for name in wanted}
    specs |= {name: version for name, (version, _, _) in EXTRA_WHEELS.items()}
    wheels = pip_download(pyodide_dir, specs)
    for name in wanted:
        pkg = packages[name]
        depends = [normal(d) for d in DEPENDS_OVERRIDE.get(name, pkg["depends"])]
        out[name] = entry(wheels[name], name, pkg["version"], depends, pkg["imports"])
    for name, (version, depends, imports) in EXTRA_WHEELS.items():
        out[name] = entry(wheels[name], name, version, depends, imports)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", work / "own", ROOT)
    (own,) = (work / "own").glob("ttr_teach-*.whl")
    version = own.name.split("-")[1]
    shutil.copy2(own, pyodide_dir / own.name)
    out["ttr-teach"] = entry(
        pyodide_dir / own.name, "ttr-teach", version, ["networkx", "tqdm"], ["ttr"]
    )
    data = data_wheel(pyodide_dir, version)
    out["ttr-teach-data"] = entry(data, "ttr-teach-data", version, [], [])
    new = {"info": lock["info"], "packages": dict(sorted(out.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(new, indent=1) + "\n")


def contents(dest: Path) -> None:
    """The notebooks (English, Korean) and the start page."""
    for lang, folder in (("en", ROOT / "notebooks"), ("ko", ROOT / "notebooks" / "ko")):
        target = dest / "notebooks" / ("ko" if lang == "ko" else "")
        target.mkdir(parents=True, exist_ok=True)
        for stem in TRANSLATED:
            nb = json.loads((folder / f"{stem}.ipynb").read_text(encoding="utf-8"))
            nb["metadata"]["kernelspec"] = dict(KERNELSPEC)
            if lang == "ko":
                first = next(c for c in nb["cells"] if c["cell_type"] == "code")
                source = first["source"]
                lines = source.splitlines(keepends=True) if isinstance(source, str) else source
                first["source"] = [KOREAN_LINE, *lines]
            text = json.dumps(nb, ensure_ascii=False, indent=1) + "\n"
            (target / f"{stem}.ipynb").write_text(text, encoding="utf-8")
    shutil.copy2(HERE / "START.md", dest / "START.md")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "lite")
    args = parser.parse_args()
    out = args.out.resolve()
    with tempfile.TemporaryDirectory(prefix="ttr-lite-") as tmp:
        work = Path(tmp)
        lite_dir = work / "lite"
        lite_dir.mkdir()
        for name in ("jupyter-lite.json", "overrides.json"):
            shutil.copy2(HERE / name, lite_dir / name)
        config = json.loads((lite_dir / "jupyter-lite.json").read_text())
        settings = config["jupyter-config-data"]["litePluginSettings"]
        kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
        kernel["loadPyodideOptions"] = {"packages": PRELOAD}
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        pyodide_dir = lite_dir / "static" / "pyodide"
        lock = fetch_pyodide(work, pyodide_dir)
        build_lock(work, pyodide_dir, lock)
        contents(work / "contents")
        if out.exists():
            shutil.rmtree(out)
        run(
            Path(sys.executable).parent / "jupyter", "lite", "build",
            "--lite-dir", lite_dir, "--contents", work / "contents", "--output-dir", out,
            "--apps", "lab", "--no-sourcemaps",  # JupyterLab alone; source maps are 45 MB
            cwd=lite_dir,  # its task database (.jupyterlite.doit.db) too: every build is whole
        )  # fmt: skip
    print(f"built {out}")


if __name__ == "__main__":
    main()
