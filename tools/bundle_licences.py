"""Put the licences of everything the frozen app bundles into its folder: LICENSES/ beside the program.

Usage (scripts/build-app.sh runs it after PyInstaller): python tools/bundle_licences.py dist/pie-table

What is bundled is read from the folder itself, not from a hand-kept list: each Python distribution
pie-table depends on (its own licence files, from its installed metadata), Python, the native
libraries pygame-ce's wheel carries, and the system libraries PyInstaller copied from the build
machine (on Debian, each one's /usr/share/doc/<package>/copyright). NOTICE.md lists them all, with
where the source of each LGPL part is to be had.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
_APP = "pie-table"
# The native libraries inside pygame-ce's wheel (pygame_ce.libs), by name: their licence, and its
# text in packaging/licences/ (None: the text is at the library's source). A library not named here
# is listed as unknown, for a person to add.
_TEXTS = ROOT / "packaging" / "licences"
_PYGAME_LIBS: dict[str, tuple[str, str | None]] = {
    "SDL2": ("Zlib", "sdl2.txt"), "SDL2_image": ("Zlib", "sdl2_image.txt"),
    "SDL2_mixer": ("Zlib", "sdl2_mixer.txt"), "SDL2_ttf": ("Zlib", None),
    "FLAC": ("BSD-3-Clause", "FLAC.txt"), "asound": ("LGPL-2.1-or-later", "alsa-lib.debian-copyright.txt"),
    "brotlicommon": ("MIT", "brotli.debian-copyright.txt"),
    "brotlidec": ("MIT", "brotli.debian-copyright.txt"),
    "fluidsynth": ("LGPL-2.1-or-later", "fluidsynth.txt"), "freetype": ("FTL", "freetype.txt"),
    "harfbuzz": ("MIT-Modern-Variant", "harfbuzz.debian-copyright.txt"),
    "jpeg": ("IJG AND BSD-3-Clause", "jpeg.txt"), "mpg123": ("LGPL-2.1-only", "mpg123.txt"),
    "ogg": ("BSD-3-Clause", "ogg-vorbis.txt"), "vorbis": ("BSD-3-Clause", "ogg-vorbis.txt"),
    "vorbisenc": ("BSD-3-Clause", "ogg-vorbis.txt"), "vorbisfile": ("BSD-3-Clause", "ogg-vorbis.txt"),
    "opus": ("BSD-3-Clause", "opus.txt"), "opusfile": ("BSD-3-Clause", "opusfile.txt"),
    "png16": ("Libpng-2.0", "png.txt"), "portmidi": ("as its text says", "portmidi.txt"),
    "sharpyuv": ("BSD-3-Clause", "webp.txt"), "webp": ("BSD-3-Clause", "webp.txt"),
    "webpdemux": ("BSD-3-Clause", "webp.txt"), "sndfile": ("LGPL-2.1-or-later", "LGPL-2.1.txt"),
    "tiff": ("libtiff", "tiff.txt"), "wavpack": ("BSD-3-Clause", None), "xmp": ("MIT", None),
}
# The full text for a distribution whose wheel carries no licence file (pygame-ce's says only
# "License: LGPL v2.1").
_STANDARD_TEXT = {"LGPL v2.1": "LGPL-2.1.txt"}
# auditwheel's names: lib<name>[-<soname version>]-<8 hex digits>.so... (libSDL2-2-50d19f93.0.so.0).
_LIB_NAME = re.compile(r"^lib(?P<name>.+?)(?:-\d+)?-[0-9a-f]{8}\.")


def runtime_distributions(name: str = _APP) -> list[metadata.Distribution]:
    """`name`'s distribution and every one it needs at run time (no extras), each once."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [name]
    while todo:
        dist = metadata.distribution(todo.pop())
        key = dist.metadata["Name"].lower()
        if key in seen:
            continue
        seen[key] = dist
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return sorted(seen.values(), key=lambda d: d.metadata["Name"].lower())


def licence_of(dist: metadata.Distribution) -> str:
    """The licence a distribution declares (its SPDX expression, else its License field)."""
    return dist.metadata["License-Expression"] or dist.metadata["License"] or "see its licence files"


def _source_url(dist: metadata.Distribution) -> str:
    urls = dict(url.split(", ", 1) for url in dist.metadata.get_all("Project-URL") or [])
    for key in ("Source", "source", "Source Code", "Repository", "repository", "Homepage", "homepage"):
        if key in urls:
            return urls[key]
    home = dist.metadata["Home-page"]
    return home if home and home != "UNKNOWN" else f"https://pypi.org/project/{dist.metadata['Name']}/"


def _copy_licence_files(dist: metadata.Distribution, out: Path) -> list[str]:
    """Copy a distribution's licence files into `out`; their names."""
    names = []
    for file in dist.files or []:
        parts = file.parts
        if len(parts) >= 2 and parts[0].endswith(".dist-info") and (
                parts[1] == "licenses" or re.match(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", parts[1], re.I)):
            target = out / Path(*parts[1:])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(str(dist.locate_file(file))), target)
            names.append(target.relative_to(out).as_posix())
    standard = _STANDARD_TEXT.get(licence_of(dist))
    if not names and standard is not None:
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_TEXTS / standard, out / standard)
        names.append(standard)
    return names


def _debian_package(library: Path) -> str | None:
    """The Debian package a system library came from, when dpkg knows it."""
    if shutil.which("dpkg") is None:
        return None
    # dpkg knows a file by the path its package put it at: with merged /usr, /lib/... not /usr/lib/...
    for folder in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib", "/usr/lib"):
        candidate = Path(folder) / library.name
        for path in {candidate, candidate.resolve()} if candidate.exists() else set():
            found = subprocess.run(["dpkg", "-S", str(path)], capture_output=True, text=True)
            if found.returncode == 0:
                return found.stdout.split(":", 1)[0]
    return None


def _rows_for_python(licences: Path) -> list[str]:
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    out = licences / "python"
    out.mkdir(parents=True, exist_ok=True)
    if python_licence.is_file():
        shutil.copyfile(python_licence, out / "LICENSE.txt")
    version = ".".join(map(str, sys.version_info[:3]))
    return [f"| Python {version} (the interpreter, libpython and its standard library) | PSF-2.0 "
            f"| `python/LICENSE.txt` | https://www.python.org/downloads/source/ |"]


def _rows_for_distributions(licences: Path) -> list[str]:
    rows = []
    pyinstaller = metadata.distribution("pyinstaller")  # its bootloader is the program's first part
    for dist in [*runtime_distributions(), pyinstaller]:
        name, version = dist.metadata["Name"], dist.version
        if name == _APP:
            continue  # the notice's first lines
        files = _copy_licence_files(dist, licences / name)
        listed = ", ".join(f"`{name}/{f}`" for f in files) or "none shipped: see the source"
        rows.append(f"| {name} {version} | {licence_of(dist)} | {listed} | {_source_url(dist)} |")
    return rows


def _rows_for_libraries(app: Path, licences: Path) -> list[str]:
    internal = app / "_internal"
    rows = []
    pygame_libs = internal / "pygame_ce.libs"
    for library in sorted(pygame_libs.glob("*.so*")):
        match = _LIB_NAME.match(library.name)
        name = match["name"] if match else library.name
        licence, text = _PYGAME_LIBS.get(name, ("unknown: add it to tools/bundle_licences.py", None))
        if text is not None:
            (licences / "pygame-ce-libs").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_TEXTS / text, licences / "pygame-ce-libs" / text)
        here = f"`pygame-ce-libs/{text}`" if text else "—: at its source"
        rows.append(f"| `{library.name}` (inside pygame-ce's wheel) | {licence} | {here} "
                    f"| pygame-ce's `buildconfig/manylinux-build` names each library's source |")
    for library in sorted(internal.glob("lib*.so*")):
        if library.is_symlink() or library.name.startswith("libpython"):
            continue  # a link into pygame_ce.libs, listed above; libpython is Python's
        package = _debian_package(library)
        copyright_file = Path("/usr/share/doc") / package / "copyright" if package else None
        if copyright_file is not None and copyright_file.is_file():
            (licences / "system").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(copyright_file, licences / "system" / f"{package}.copyright")
            rows.append(f"| `{library.name}` (from the build machine: Debian `{package}`) | see its "
                        f"copyright file | `system/{package}.copyright` | `apt-get source {package}` |")
        else:
            rows.append(f"| `{library.name}` (from the build machine) | see the build machine's "
                        f"distribution | — | — |")
    return rows


def write(app: Path) -> Path:
    """Fill `app`/LICENSES and write its NOTICE.md; returns the notice's path."""
    licences = app / "LICENSES"
    if licences.exists():
        shutil.rmtree(licences)
    (licences / "pie-table").mkdir(parents=True)
    shutil.copyfile(ROOT / "LICENSE", licences / "pie-table" / "LICENSE")
    shutil.copyfile(ROOT / "assets" / "CREDITS.md", licences / "pie-table" / "CREDITS.md")
    rows = [*_rows_for_python(licences), *_rows_for_distributions(licences),
            *_rows_for_libraries(app, licences)]
    notice = licences / "NOTICE.md"
    notice.write_text("\n".join([
        "# What this folder bundles, and under which licences",
        "",
        "pie-table itself is MIT (`pie-table/LICENSE`); its fonts, sounds and other assets are listed with",
        "their licences in `pie-table/CREDITS.md`. The program in this folder was frozen with PyInstaller",
        "(its bootloader is GPL-2.0 with an exception that allows this use) and carries the parts below.",
        "",
        "LGPL parts (pygame-ce, zeroconf, PyTMX and some of the libraries inside pygame-ce) stay",
        "replaceable: the native libraries are separate files in `_internal/`, and pie-table's own source",
        "is open, so anyone may rebuild this folder (`bash scripts/build-app.sh`) with modified versions",
        "of any of them, or install pie-table from its wheel beside them. Their sources are at the",
        "addresses below, for the versions named.",
        "",
        "| Part | Licence | Licence text here | Source |",
        "| --- | --- | --- | --- |",
        *rows,
        "",
    ]), encoding="utf-8")
    return notice


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", type=Path, help="the frozen app's folder, e.g. dist/pie-table")
    args = parser.parse_args()
    print(f"wrote {write(args.app)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
