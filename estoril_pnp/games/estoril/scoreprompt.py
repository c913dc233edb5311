"""`score --interactive` for City of Spies: the questions are the score sheet's (scoreask.py); the
answers are then checked as a whole by the game's own record reader, after being offered for saving.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from ...errors import InputError
from ...i18n import Texts
from ...scoreask import offer_save
from ...yamlsrc import Located
from . import record as records
from .model import Estoril
from .record import Record


def settle(pack: Estoril, t: Texts, data: dict[str, Any], options: Mapping[str, Any]) -> Record:
    """The checked record; the answers are offered for saving first, even if the check then fails."""
    if options:
        data = {**data, "options": dict(options)}
    try:
        record = records.parse(pack, Located("<interactive>", data))
    except InputError:
        offer_save(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None), t)
        raise
    offer_save(records.dump(record), t)
    return record
