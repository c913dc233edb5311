"""What a PDF says about itself: its title, author, subject and language, as plain data.

A viewer shows the title in its title bar (the catalog's DisplayDocTitle), a screen reader
reads the text in the document's language (/Lang); none of it is drawn on a page.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DocInfo:
    title: str  # "<the game's name> — <what this document holds>", in the document's language
    lang: str  # the language's code as the pack names its catalog: "pt", "de"
    author: str = ""  # the game's designers
    subject: str = ""  # what this edition is: an unofficial fan print-and-play, and whose game


def untitled(title: str, lang: str = "en") -> DocInfo:
    """A document no pack speaks of (a temporary page pictures are rendered from)."""
    return DocInfo(title, lang)
