"""Every "docs/RULES.md N" or "docs/RULES.md section N.M" in the code names a
section docs/RULES.md has, so a newcomer can follow the citation to the rule."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "RULES.md"
CITATION = re.compile(
    r"docs/RULES\.md(?:,? section)? (\d+(?:\.\d+)?)((?:(?:,| and) \d+(?:\.\d+)?)*)"
)


def sections(text: str) -> set[str]:
    """Numbers of the headings ("## 6. Scoring") and run-in labels ("**3.1 The dealer.**")."""
    found = set(re.findall(r"^#+ (\d+)\.", text, flags=re.M))
    found |= set(re.findall(r"^\*\*(\d+\.\d+) ", text, flags=re.M))
    return found


def citations(text: str) -> list[str]:
    cited = []
    for first, rest in CITATION.findall(text):
        cited.append(first)
        cited += re.findall(r"\d+(?:\.\d+)?", rest)
    return cited


def test_the_finder_reads_a_citation() -> None:
    assert citations("see docs/RULES.md 1 and 4.2, and docs/RULES.md section 5") == [
        "1",
        "4.2",
        "5",
    ]
    assert sections("## 4. A trick\n**4.2 The answer.** ...") == {"4", "4.2"}


def test_every_cited_section_exists() -> None:
    known = sections(RULES.read_text(encoding="utf-8"))
    missing = []
    count = 0
    for folder in ("engine", "bot", "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number in citations(path.read_text(encoding="utf-8")):
                count += 1
                if number not in known:
                    missing.append((str(path.relative_to(ROOT)), number))
    assert count > 20, "the citations were not found: has their form changed?"
    assert not missing, missing
