"""A screen is what one message shows: HTML text and rows of buttons. Plain
data, so that rendering is a pure function and its result can be compared,
hashed (to skip edits that change nothing) and sent by any `Sender`."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from bot.view.i18n import plain
from engine import RuleSet
from engine.shuffle import ShuffleKey

# Telegram's longest photo caption, in characters after the HTML is parsed
# (UTF-16 code units, as Telegram counts them).
CAPTION_LIMIT = 1024


@dataclass(frozen=True, slots=True)
class Button:
    text: str
    data: str | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Screen:
    text: str
    buttons: tuple[tuple[Button, ...], ...] = ()

    def digest(self) -> str:
        """Identity of what the user sees; unchanged screens are not re-sent."""
        rows = "|".join(
            ",".join(f"{b.text}>{b.data or b.url}" for b in row) for row in self.buttons
        )
        digest = hashlib.blake2b(f"{self.text}\x00{rows}".encode(), digest_size=8).hexdigest()
        # The first letter says whether the message carries buttons (b) or not (t).
        return ("b" if self.buttons else "t") + digest

    def fits_caption(self) -> bool:
        """Whether the text may be a photo's caption: Telegram counts UTF-16
        code units of the text after its HTML is parsed."""
        text = plain(self.text).strip()
        return len(text.encode("utf-16-le")) // 2 <= CAPTION_LIMIT


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What rendering needs to know about a table besides the engine state."""

    id: int
    version: int
    chat_title: str
    rules: RuleSet
    names: tuple[str, ...]
    creator_name: str = ""
    status: str = "lobby"
    min_players: int = 2
    max_players: int = 4
    bot_username: str = ""
    computers: dict[int, str] = field(default_factory=dict)  # seat -> level
    away: frozenset[int] = frozenset()  # people's seats the computer plays for now
    turn_time: int = 90
    practice: bool = False
    # A finished match's rating changes: (seat, mu before, mu after) per person.
    ratings: tuple[tuple[int, float, float], ...] = ()
    # A finished match's chips: (seat, change, balance after) per person paid.
    chips: tuple[tuple[int, int, int], ...] = ()
    # A rematch's lobby: the table it replays, and the seats not yet confirmed.
    rematch_of: int | None = None
    waiting: frozenset[int] = frozenset()
    # A tournament's table: the round it plays (its lobby waits for its
    # players; nobody else sits, nothing is set).
    tournament_round: int | None = None
    # 💡 offered on the hands (the table's kind says: practice only), and a
    # finished match's count of hints used.
    hints: bool = False
    hints_used: int = 0
    # A lobby's joiners who finish under 80% of their matches (seat -> percent),
    # and the share a `reliable=N` table asks of a joiner (issue 68).
    marks: dict[int, int] = field(default_factory=dict)
    reliable: int | None = None
    # The checkable shuffle (docs/RULES.md 9): the secret's SHA-256, shown
    # from the lobby on (before the first card); the key revealed in the end
    # message (None: nothing to reveal, or not yet: a tournament's tables
    # reveal when the tournament ends).
    commitment: str | None = None
    reveal: ShuffleKey | None = None
