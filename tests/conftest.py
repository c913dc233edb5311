from __future__ import annotations

import pytest

from estoril_pnp.model import Pack
from estoril_pnp.pack import load_pack
from estoril_pnp.resources import default_pack

PACK = load_pack(default_pack())  # module level too: hypothesis strategies need it at import


@pytest.fixture(scope="session")
def pack() -> Pack:
    return PACK
