"""The checkable shuffle's bot side (docs/RULES.md 9, issue 66): which key a
table's match is dealt from, and the commitment its group is shown.

A table gets its secret when it is created (`TableRecord.shuffle_secret`,
drawn by the store) and shows the secret's SHA-256 in its lobby from then on,
before anybody can start the match. The public value is fixed when the match
starts: the table's game, player count and trump option, its chat, and the
message that started the match: the lobby message whose button (or /start
below it) started it, or the /play message of a practice match. The key then
lives in the engine state (`MatchState.shuffle`), so every later deal, every
replay and a restart deal from it; a table opened before the checkable
shuffle has no secret and deals from its seed, as it always did.
"""

from __future__ import annotations

from bot.storage import TableRecord
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey, commitment, public_value


def match_key(table: TableRecord, rules: RuleSet, started_by: int | None) -> ShuffleKey | None:
    """The key a match starting now is dealt from (None: the table predates
    the checkable shuffle). `started_by`: the message that started it, when
    the table has no lobby message (a practice match's /play)."""
    if table.shuffle_secret is None:
        return None
    message = table.lobby_message_id or started_by or 0
    public = public_value(rules.preset, len(table.seats), rules.trump_card, table.chat_id, message)
    return ShuffleKey(table.shuffle_secret, public)


def shuffle_commitment(table: TableRecord) -> str | None:
    """The SHA-256 the group is shown: of the key the match is dealt from,
    else of the secret drawn for it (None: no checkable shuffle)."""
    state = table.state
    if state is not None:
        return None if state.shuffle is None else commitment(state.shuffle.secret)
    return None if table.shuffle_secret is None else commitment(table.shuffle_secret)
