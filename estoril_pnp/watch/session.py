"""`estoril-pnp watch`: the gallery served, then every save in the pack followed.

Each look at the pack reads and checks it as `validate` does, shows in the gallery the pictures
that changed (redrawing only those), then builds the set as `build` does (the PDFs, the rulebook
and the score page the gallery links to; only what changed is drawn). Bad input is shown in the
page and the terminal, located; what `build` refuses (text that does not fit too) writes no
file, and the last good set stays, as do the last good pictures when the pack cannot be read or
laid out. The next save is looked at again.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from ..build.extras import extras
from ..build.parallel import cores
from ..build.printset import build_set, lay_out_languages
from ..errors import Finding, InputError
from ..files.resources import resource_dir
from ..pack.load import Pack
from ..pieces.selection import one_of_each
from ..render.options import SheetOptions, resolve_options
from .gallery import Gallery
from .server import HOST, serve

Say = Callable[[str], None]


def run(pack_dir: Path, lang: str, out_dir: Path, paper: str, port: int, say: Say, tell: Say) -> None:
    """Serves until Ctrl-C (KeyboardInterrupt). `say` prints news, `tell` a finding (on stderr)."""
    import watchfiles

    options = resolve_options(paper)  # a bad --paper stops here, before anything is served
    gallery = Gallery()
    server = serve(gallery, out_dir, port)
    say(f"The gallery: http://{HOST}:{server.server_port}/ (Ctrl-C to stop)")
    shown: list[str] = []

    def look() -> None:
        findings = _look(pack_dir, lang, out_dir, paper, options, gallery, say)
        for line in findings if findings != shown else []:  # each finding said once, not on every save
            tell(line)
        shown[:] = findings

    # the watcher starts before the first look (a first step waits up to rust_timeout for it): a
    # save made while the first set is built is looked at after it, not lost
    saves = watchfiles.watch(pack_dir, step=20, rust_timeout=500, yield_on_timeout=True)
    next(saves)
    look()
    for changes in saves:
        if not changes:
            continue  # a quiet half-second
        names = sorted({str(Path(path).relative_to(pack_dir.resolve())) for _, path in changes})
        say(f"saved: {', '.join(names)}")
        look()


def _look(
    pack_dir: Path, lang: str, out_dir: Path, paper: str, options: SheetOptions, gallery: Gallery, say: Say
) -> list[str]:
    """One look at the pack: the gallery brought up to date, then the set built as `build` would,
    refused for the same errors (the last good set stays); the findings."""
    from ..pack.load import load_pack
    from ..validate import checked, refuse_errors

    findings: list[str] = []
    links = None  # the built files, once the build is done

    def warn(line: str) -> None:
        if f"warning: {line}" not in findings:  # the build says again what the gallery said
            findings.append(f"warning: {line}")

    def page(lines: list[str]) -> list[str]:
        return [_without_paths(line, pack_dir, out_dir) for line in lines]

    try:
        pack = load_pack(pack_dir, keep_sheet_faults=True)  # a faulty score sheet is reported with the rest
        languages = pack.languages if lang == "all" else [lang]
        if lang != "all" and lang not in pack.catalogs:
            have = ", ".join(pack.languages)
            raise InputError([Finding("--lang", None, "", f"no catalog for '{lang}' (this pack has: {have})")])
        _show(gallery, pack, languages, warn, say)  # the pictures first: what a designer waits for
        # text that does not fit: in the pictures, not written
        made = refuse_errors(checked(pack, languages, options.bleed, options.paper))
        build_set(
            pack,
            languages,
            options,
            out_dir,
            lambda _: None,
            warn=warn,
            extras=extras(pack, paper, made.documents),
            jobs=cores(),
            pieces=made.pieces,
        )
        links = _links(out_dir, languages, paper)
    except InputError as exc:
        findings = [f"error: {finding}" for finding in exc.findings]
    gallery.say(page(findings), links)
    return findings


def _show(gallery: Gallery, pack: Pack, languages: list[str], warn: Say, say: Say) -> None:
    """Every language's pictures into the gallery, those drawn anew said; when the pack cannot be
    laid out, the last good pictures stay (the checks say why)."""
    try:
        laid = lay_out_languages(one_of_each(pack), languages, warn)  # copies are one picture
    except InputError:
        return
    drawn = gallery.show(laid)
    if drawn:
        names = list(dict.fromkeys(s.name for s in drawn))
        more = f" and {len(names) - 4} more" if len(names) > 4 else ""
        say(f"drawn: {', '.join(names[:4])}{more}")


def _links(out_dir: Path, languages: list[str], paper: str) -> dict[str, dict[str, str]]:
    """Per language, the built files a designer opens: the rulebook, the score page, the PDFs."""
    out: dict[str, dict[str, str]] = {}
    for code in languages:
        folder = out_dir / code
        files = [folder / "rulebook.html", folder / "score.html", *sorted((folder / paper).glob("*.pdf"))]
        out[code] = {f.name: f"/out/{f.relative_to(out_dir).as_posix()}" for f in files if f.is_file()}
    return out


# a path outside the pack and the build's folder (an installed file, one the system names): its last part
_ELSEWHERE = re.compile(r"(?<![\w.~-])/(?:[^\s/:'\"]+/)+(?=[^\s/:'\"])")


def _without_paths(line: str, pack_dir: Path, out_dir: Path) -> str:
    """A finding as the page shows it: a pack's file named from the pack (`characters.yaml:12`), a
    built one from the build's folder, no absolute path (the page's state can be read by any
    program on this computer, and tells nothing of its folders)."""
    shipped = resource_dir("templates").parent  # the shipped layouts read `templates/layouts/…`
    roots = {str(pack_dir.resolve()): "", str(out_dir.resolve()): f"{out_dir.resolve().name}/", str(shipped): ""}
    for root in sorted(roots, key=len, reverse=True):  # the deepest first: a build folder inside the pack
        line = line.replace(root + os.sep, roots[root])
    return _ELSEWHERE.sub("", line)
