"""The one rule by which what a person types meets a name: case, accents, spaces and punctuation
set aside, so 'Araújo', 'araujo' and 'ARAUJO' are one name, and so are 'Straße' and 'STRASSE'.

The score page folds with the same steps (`fold` in templates/scorepage/i18n/folding.js), so a
name the command line understands the page understands too (tests/test_folding.py):

1. NFKD: accents come apart from their letters, ligatures and compatibility forms ('ﬁ', '²',
   full-width letters) become plain ones.
2. Unicode's lower case, as both Python and JavaScript have it (not `casefold`, which JavaScript
   lacks); then the two foldings lower case leaves out that players type: 'ß' is 'ss', a
   final 'ς' is 'σ'.
3. Only letters and digits stay (general categories L and N): the accents, spaces, dashes and
   dots go.
"""

from __future__ import annotations

import difflib
import unicodedata

BEYOND_LOWER = str.maketrans({"ß": "ss", "ς": "σ"})


def fold(text: str) -> str:
    lowered = unicodedata.normalize("NFKD", text).lower().translate(BEYOND_LOWER)
    return "".join(ch for ch in lowered if unicodedata.category(ch)[0] in "LN")


NEAR_MOST = 100  # longer words get no suggestion: difflib treats long texts its own way (autojunk)


def near(word: str, choices: list[str], n: int = 1) -> list[str]:
    """Up to `n` of `choices` that `word` may be a slip for (a "did you mean"): alike letter by
    letter (difflib's ratio) and of about its length, so that "prussia" is not offered "usa". The
    score page's `near` (templates/scorepage/i18n/folding.js) takes the same steps."""
    if len(word) > NEAR_MOST:
        return []
    close = difflib.get_close_matches(word, [c for c in choices if len(c) <= NEAR_MOST], n=n, cutoff=0.6)
    return [c for c in close if 3 * min(len(c), len(word)) >= 2 * max(len(c), len(word))]
