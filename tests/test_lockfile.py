"""The deploy lock (requirements.txt) pins, with hashes, a version of every
package pyproject.toml asks for that its bounds admit: a dependency added or
a floor raised without regenerating the lock fails here, not on a deploy."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def pins(text: str) -> dict[str, tuple[Version, int]]:
    """name -> (pinned version, number of hashes) of every `name==version` entry."""
    found: dict[str, tuple[Version, int]] = {}
    for block in re.split(r"\n(?=\S)", text):
        head = re.match(r"([A-Za-z0-9_.\-]+)==([^\s\\]+)", block)
        if head:
            hashes = len(re.findall(r"--hash=sha256:[0-9a-f]{64}", block))
            found[canonicalize_name(head.group(1))] = (Version(head.group(2)), hashes)
    return found


def test_the_reader_reads_a_pin() -> None:
    text = "# comment\nfoo-bar==1.2.3 \\\n    --hash=sha256:" + "a" * 64 + "\n    # via x\n"
    assert pins(text) == {"foo-bar": (Version("1.2.3"), 1)}


def test_every_dependency_is_pinned_with_hashes_inside_its_bounds() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    locked = pins((ROOT / "requirements.txt").read_text(encoding="utf-8"))
    assert locked and all(hashes >= 1 for _, hashes in locked.values()), "a pin without a hash"
    wrong = []
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        if name not in locked:
            wrong.append(f"{name}: not in the lock")
        elif locked[name][0] not in requirement.specifier:
            wrong.append(f"{name}: {locked[name][0]} outside {requirement.specifier}")
    assert not wrong, wrong
