"""Scores 10,000 random legal game records through the score sheet and prints how many records per second.

Run from the repository root: python -m bench.score
"""

from __future__ import annotations

import random
import time

from estoril_pnp.files.resources import default_pack
from estoril_pnp.games.estoril.sample import random_record
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring.calc import score
from estoril_pnp.scoring.record import parse
from estoril_pnp.source.yamlsrc import Located

RECORDS = 10_000


def main() -> None:
    shipped = load_pack(default_pack())
    pack, sheet = shipped.model.data, shipped.sheet  # type: ignore[union-attr]  # the shipped pack is City of Spies
    rng = random.Random(1942)
    records = [parse(sheet, Located("record", random_record(pack, rng)), {}, {}) for _ in range(RECORDS)]
    start, cpu = time.perf_counter(), time.process_time()
    for record in records:
        score(sheet, record)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    # CPU time too: on a machine busy with other work, wall time measures the neighbours
    print(
        f"scored {RECORDS:,} records in {elapsed:.3f} s wall, {used:.3f} s CPU: "
        f"{RECORDS / elapsed:,.0f} records/s wall, {RECORDS / used:,.0f} records/s CPU"
    )


if __name__ == "__main__":
    main()
