"""`estoril-pnp watch`: the gallery served, then every save in the pack followed.

Each look at the pack reads it, lays out its pieces and shows in the gallery the pictures that
changed (redrawing only those), then builds the set as `build` does (the PDFs, the rulebook and
the score page the gallery links to; only what changed is drawn). Bad input is shown in the page
and the terminal, located, and the last good pictures stay; the next save is looked at again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..build.extras import extras
from ..build.parallel import cores
from ..build.printset import build_set, lay_out_languages
from ..errors import Finding, InputError
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

    look()
    for changes in watchfiles.watch(pack_dir, step=20, rust_timeout=500):
        names = sorted({str(Path(path).relative_to(pack_dir.resolve())) for _, path in changes})
        say(f"saved: {', '.join(names)}")
        look()


def _look(
    pack_dir: Path, lang: str, out_dir: Path, paper: str, options: SheetOptions, gallery: Gallery, say: Say
) -> list[str]:
    """One look at the pack: the gallery brought up to date, then the set built; the findings."""
    from ..pack.load import load_pack

    findings: list[str] = []
    links = None  # the built files, once the build is done

    def warn(line: str) -> None:
        if f"warning: {line}" not in findings:  # the build lays out again, and says the same
            findings.append(f"warning: {line}")

    try:
        pack = load_pack(pack_dir)
        languages = pack.languages if lang == "all" else [lang]
        if lang != "all" and lang not in pack.catalogs:
            have = ", ".join(pack.languages)
            raise InputError([Finding("--lang", None, "", f"no catalog for '{lang}' (this pack has: {have})")])
        pictures = one_of_each(pack)  # copies are one picture
        drawn = gallery.show(lay_out_languages(pictures, languages, warn), findings)
        if drawn:
            names = list(dict.fromkeys(s.name for s in drawn))
            more = f" and {len(names) - 4} more" if len(names) > 4 else ""
            say(f"drawn: {', '.join(names[:4])}{more}")
        build_set(
            pack,
            languages,
            options,
            out_dir,
            lambda _: None,
            warn=warn,
            extras=extras(pack, paper),
            jobs=cores(),
        )
        links = _links(out_dir, languages, paper)
    except InputError as exc:
        findings = [f"error: {finding}" for finding in exc.findings]
    gallery.say(findings, links)
    return findings


def _links(out_dir: Path, languages: list[str], paper: str) -> dict[str, dict[str, str]]:
    """Per language, the built files a designer opens: the rulebook, the score page, the PDFs."""
    out: dict[str, dict[str, str]] = {}
    for code in languages:
        folder = out_dir / code
        files = [folder / "rulebook.html", folder / "score.html", *sorted((folder / paper).glob("*.pdf"))]
        out[code] = {f.name: f"/out/{f.relative_to(out_dir).as_posix()}" for f in files if f.is_file()}
    return out
