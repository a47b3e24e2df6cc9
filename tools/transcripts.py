"""What players see, readable: the golden transcripts (tests/bot/golden/,
recorded through the fake Bot API by tests/bot/test_transcript.py) as
Markdown under docs/transcripts/, and the measures the issue counts.

    python -m tools.transcripts            # rewrite docs/transcripts/
    python -m tools.transcripts --check    # fail if they are out of date

The measures, per case:
* new group messages per deal: the bot's group messages from the match's
  start to its end message, the lobby, the end message and its chart aside;
* taps per move: a person's taps on their hand (card selections and moves)
  over the moves they made with a tap;
* rings per own move: private messages sent with a notification during the
  match (from the first hand on) over the moves people made (the issue's
  "notifying private messages per own turn");
* hand messages left: the bot's messages with card or move buttons in a
  private chat at the end (0: every hand turned into a record or was
  deleted; a record's 🔍, the coach's, is not a hand's).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.view.i18n import LANGUAGES, t

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "bot" / "golden"
DOCS = ROOT / "docs" / "transcripts"
BEFORE = {
    "bura_two_people": "5.50 | 2.00 | 1.06 | 8.0",
    "burkozel_person_and_computer": "16.00 | 2.00 | 1.06 | 15.0",
    "burkozel_two_people": "16.00 | 2.09 | 1.03 | 15.0",
    "kozel_two_people_two_computers": "8.00 | 2.00 | 1.12 | 8.5",
}
_DEAL = re.compile(r"(?:сдача|deal|здача|раздача) (\d+)")


@dataclass(frozen=True)
class Measures:
    deals: int
    group_per_deal: float
    taps_per_move: float
    rings_per_move: float
    hands_left: int
    snapshots: float  # hand snapshots left in a private chat at the end, per person


def bot_messages(chat: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in chat if "from" not in m]


def last_text(message: dict[str, Any]) -> str:
    return str(message["versions"][-1]["text"])


def _buttons(message: dict[str, Any]) -> list[list[list[str]]]:
    """The buttons of a message's last version: rows of [text, payload]."""
    buttons: list[list[list[str]]] = message["versions"][-1].get("buttons") or []
    return buttons


def _hand_button(button: list[str]) -> bool:
    """A card or move button of a hand (`s:`, `p:`: bot/view/callbacks.py)."""
    return len(button) > 1 and str(button[1])[:2] in ("s:", "p:")


def measure(data: dict[str, Any]) -> Measures:
    group = bot_messages(data["chats"]["group"])
    deals = max(
        (int(n) for m in group for v in m["versions"] for n in _DEAL.findall(v["text"])),
        default=1,
    )
    first = next(i for i, m in enumerate(group) if _DEAL.search(m["versions"][0]["text"]))
    end = next(
        i for i, m in enumerate(group) if any(x.startswith("🏁") for x in last_text(m).splitlines())
    )
    during = len(group[first:end])
    privates = {k: bot_messages(v) for k, v in data["chats"].items() if k != "group"}
    rings = 0
    for chat in privates.values():
        start = next(
            (i for i, m in enumerate(chat) if _DEAL.search(m["versions"][0]["text"])), len(chat)
        )
        rings += sum(1 for m in chat[start:] if not m.get("silent"))
    taps = [tap for person in data["taps"].values() for tap in person]
    hand_taps = [t for t in taps if t["chat"] != "group" and t["data"][:2] in ("s:", "p:")]
    moves = sum(1 for t in hand_taps if t["data"].startswith("p:"))
    left = sum(
        1
        for chat in privates.values()
        for m in chat
        if not m.get("deleted") and any(_hand_button(b) for row in _buttons(m) for b in row)
    )
    shown = [str(t(lang, "hand.cards", cards="")).strip() for lang in LANGUAGES]
    snapshots = sum(
        1
        for chat in privates.values()
        for m in chat
        if not m.get("deleted")
        and any(line.startswith(tuple(shown)) for line in last_text(m).splitlines())
    )
    return Measures(
        deals=deals,
        group_per_deal=during / deals,
        taps_per_move=len(hand_taps) / max(moves, 1),
        rings_per_move=rings / max(moves, 1),
        hands_left=left,
        snapshots=snapshots / max(len(privates), 1),
    )


def render_case(name: str, data: dict[str, Any]) -> str:
    lines = [f"# {name}", "", "```", json.dumps(data["case"], ensure_ascii=False), "```", ""]
    for chat, messages in data["chats"].items():
        lines += [f"## {chat}", ""]
        for message in messages:
            if "from" in message:
                lines += [f"**{message['from']}** ✏️ {message.get('text', '')}".rstrip(), ""]
                continue
            flags = [
                "silent" if message.get("silent") else "🔔",
                *(["photo {}x{}".format(*message["photo"])] if "photo" in message else []),
                *(["deleted"] if message.get("deleted") else []),
            ]
            lines.append(f"### #{message['n']} ({', '.join(flags)})")
            for index, version in enumerate(message["versions"]):
                lines.append(f"v{index}:" if index else "sent:")
                lines += ["```", version.get("text") or "(photo)", "```"]
                for row in version.get("buttons") or []:
                    lines.append("    " + " | ".join(f"[{b[0]}]" for b in row))
            lines.append("")
    for person, taps in data["taps"].items():
        lines += [f"## taps by {person}", ""]
        for tap in taps:
            answer = f" → {tap['answer']}" if tap.get("answer") else ""
            lines.append(f"- {tap['chat']} #{tap['n']} `{tap['data']}`{answer}")
        lines.append("")
    return "\n".join(lines) + "\n"


def report(measures: dict[str, Measures]) -> str:
    lines = [
        "# What players see: the golden transcripts",
        "",
        "Generated by `python -m tools.transcripts` from tests/bot/golden/ (the",
        "seeded whole matches tests/bot/test_transcript.py plays through the fake",
        "Bot API); `tests/bot/test_transcript_docs.py` fails when these files are",
        "out of date. Each case's file holds every message, edit, button and tap.",
        "",
        "| case | deals | new group messages per deal | taps per move"
        " | rings per own move | hand messages with buttons left"
        " | hand snapshots left per person |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, m in measures.items():
        lines.append(
            f"| [{name}]({name}.md) | {m.deals} | {m.group_per_deal:.2f} | "
            f"{m.taps_per_move:.2f} | {m.rings_per_move:.2f} | {m.hands_left} | {m.snapshots:.1f} |"
        )
    lines += [
        "",
        "Before this work (main at 1bc6187, the same measures on that day's golden",
        "files; the end message then carried the last deal's summary, so its group",
        "count is one low):",
        "",
        "| case | new group messages per deal | taps per move | rings per own move"
        " | hand snapshots left per person |",
        "|---|---|---|---|---|",
        *(f"| {name} | {row} |" for name, row in BEFORE.items()),
    ]
    return "\n".join(lines) + "\n"


def cases() -> dict[str, dict[str, Any]]:
    return {
        path.stem.removeprefix("transcript_"): json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(GOLDEN.glob("transcript_*.json"))
    }


def outputs() -> dict[Path, str]:
    files: dict[Path, str] = {}
    measures: dict[str, Measures] = {}
    for name, data in cases().items():
        files[DOCS / f"{name}.md"] = render_case(name, data)
        measures[name] = measure(data)
    files[DOCS / "README.md"] = report(measures)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if docs are out of date")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"out of date: {path.relative_to(ROOT)} (run python -m tools.transcripts)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
