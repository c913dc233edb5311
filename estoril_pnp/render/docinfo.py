"""What a PDF says about itself: its title, author, subject and language, as plain data.

A viewer shows the title in its title bar (the catalog's DisplayDocTitle), a screen reader
reads the text in the document's language (/Lang); none of it is drawn on a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class DocInfo:
    title: str  # "<the game's name> — <what this document holds>", in the document's language
    lang: str  # the language's code as the pack names its catalog: "pt", "de"
    authors: tuple[str, ...] = ()  # the game's designers
    subject: str = ""  # what this edition is: an unofficial fan print-and-play, and whose game

    @property
    def author(self) -> str:
        return ", ".join(self.authors)


def untitled(title: str, lang: str = "en") -> DocInfo:
    """A document no pack speaks of (a temporary page pictures are rendered from)."""
    return DocInfo(title, lang)


def xmp(info: DocInfo) -> bytes:
    """The document's XMP packet (what `pdfinfo -meta` and a library's catalogue read): its title
    and description tagged with the language, its creators, and dc:language, which the document
    info dictionary has no field for."""
    lang = escape(info.lang, {'"': "&quot;"})
    creators = "".join(f"<rdf:li>{escape(name)}</rdf:li>" for name in info.authors)
    parts = [
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(info.title)}</rdf:li>'
        f'<rdf:li xml:lang="{lang}">{escape(info.title)}</rdf:li></rdf:Alt></dc:title>',
        f"<dc:language><rdf:Bag><rdf:li>{escape(info.lang)}</rdf:li></rdf:Bag></dc:language>",
    ]
    if creators:
        parts.append(f"<dc:creator><rdf:Seq>{creators}</rdf:Seq></dc:creator>")
    if info.subject:
        parts.append(
            f'<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{escape(info.subject)}</rdf:li>'
            f"</rdf:Alt></dc:description>"
        )
    body = "".join(parts)
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        f'<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">{body}</rdf:Description>'
        '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
    ).encode()
