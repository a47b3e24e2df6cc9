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

from bot.storage import Store, TableRecord
from bot.tables.kinds import kind_of
from bot.view.i18n import t
from bot.view.verify import reveal_line
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey, commitment, public_value


async def match_key(
    store: Store, table: TableRecord, rules: RuleSet, started_by: int | None
) -> ShuffleKey | None:
    """The key a match starting now is dealt from (None: the table predates
    the checkable shuffle). `started_by`: the message that started it, when
    the table has no lobby message (a practice match's /play).

    A duplicate tournament round's tables of a size must deal alike: they
    share the secret (bot/tables/tournament/runner.py) and name the
    tournament's own message, not each its lobby."""
    if table.shuffle_secret is None:
        return None
    kind = kind_of(table)
    link = kind.link(table)
    message = table.lobby_message_id or started_by or 0
    if link is not None and kind.deal_seed(table) is not None:
        tournament = await store.get_tournament(link.tournament_id)
        message = 0 if tournament is None else tournament.message_id or 0
    public = public_value(rules.preset, len(table.seats), rules.trump_card, table.chat_id, message)
    return ShuffleKey(table.shuffle_secret, public)


def shuffle_commitment(table: TableRecord) -> str | None:
    """The SHA-256 the group is shown: of the key the match is dealt from,
    else of the secret drawn for it (None: no checkable shuffle)."""
    state = table.state
    if state is not None:
        return None if state.shuffle is None else commitment(state.shuffle.secret)
    return None if table.shuffle_secret is None else commitment(table.shuffle_secret)


# Telegram cuts a message at 4,096 characters; a key's two lines take ~200.
_MESSAGE = 3_500


async def tournament_reveal(store: Store, tournament_id: int, lang: str) -> list[str]:
    """The messages that reveal every key a tournament's matches were dealt
    from, once it ended: each key once (a duplicate round's tables of a size
    share theirs) with the tables it dealt; none when no match had one."""
    keys: dict[ShuffleKey, list[int]] = {}
    for played in await store.tournament_rounds(tournament_id):
        for table_id in sorted(played.tables.values()):
            table = await store.get_table(table_id)
            if table is not None and table.state is not None and table.state.shuffle is not None:
                keys.setdefault(table.state.shuffle, []).append(table_id)
    messages: list[str] = []
    lines = [t(lang, "verify.tournament_title")]
    for key, ids in keys.items():
        tables = ", ".join(f"#{number}" for number in ids)
        named = t(lang, "verify.tournament_tables", tables=tables, count=len(ids))
        block = [named, reveal_line(lang, key)]
        if sum(len(line) + 1 for line in lines + block) > _MESSAGE:
            messages.append("\n".join(lines))
            lines = []
        lines += block
    if keys:
        messages.append("\n".join(lines))
    return messages
