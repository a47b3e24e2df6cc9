"""The documents a newcomer reads first stay short enough to be read whole
(issue 56 set these bounds): a new feature earns its paragraph by making an
old one shorter, and details live next to the code they explain."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOUNDS = {"README.md": 12_000, "docs/ARCHITECTURE.md": 25_000, "docs/PERFORMANCE.md": 30_000}


@pytest.mark.parametrize(("name", "limit"), sorted(BOUNDS.items()))
def test_a_newcomers_document_stays_within_its_size(name: str, limit: int) -> None:
    size = len((ROOT / name).read_bytes())
    assert size <= limit, f"{name} is {size} bytes, over {limit}: say it in fewer words"
