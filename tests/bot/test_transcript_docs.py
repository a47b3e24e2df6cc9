"""docs/transcripts/ is what the golden transcripts say players see: it fails
when a golden file changed and the docs were not regenerated, so every change
to what players read shows in review as readable text."""

from __future__ import annotations

from tools import transcripts


def test_docs_transcripts_are_up_to_date() -> None:
    stale = [
        path.name
        for path, text in transcripts.outputs().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run: python -m tools.transcripts"


def test_the_quiet_group_and_private_measures_hold() -> None:
    """The issue's targets, read from the seeded matches: at most two new
    group messages per deal, at most one ring per own move, no hand left
    with buttons once a match is over."""
    for name, data in transcripts.cases().items():
        measures = transcripts.measure(data)
        assert measures.group_per_deal <= 2, (name, measures)
        assert measures.rings_per_move <= 1, (name, measures)
        assert measures.hands_left == 0 and measures.snapshots == 0, (name, measures)
