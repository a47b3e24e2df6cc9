"""`python -m bot backfill-achievements` (issue 68): grant achievements to
the past, from the stored moves of every group match, oldest first, as the
bot would have granted them at each match's end (bot/seasons/backfill.py
does the folding; this reads the store and writes the grants).

Run it once after a new achievement is added. It grants nothing twice: what
is held is read first, and each grant is the same unique insert a match's
end makes, so running it again, or while matches end, changes nothing more.
A match whose action log was pruned (ACTION_LOG_DAYS), or does not replay
to its end, still counts for "ten matches" and "a comeback" from its result
rows, and earns nothing that needs its moves.

The matches are read into memory before the fold (a table's seats, seed and
moves each): fine for a one-off over a group bot's history.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.seasons.backfill import StoredMatch, backfill, replay
from bot.storage import Store


class Granted(NamedTuple):
    matches: int  # group matches read
    replayed: int  # of them, replayed from their moves
    new: int  # achievements granted now


async def stored_match(store: Store, table_id: int, chat_id: int, at: float) -> StoredMatch | None:
    """One finished group match as the fold reads it; None if the table is gone."""
    table = await store.get_table(table_id)
    if table is None or table.state is None or table.seed is None:
        return None
    logged = await store.action_log(table_id)
    results = await store.match_results(table_id)
    match = StoredMatch(
        table_id=table_id,
        chat_id=chat_id,
        finished_at=at,
        rules=table.state.rules,
        players=table.state.players,
        seed=table.seed,
        key=table.state.shuffle,
        actions=tuple(action for _, _, action in logged) if logged else None,
        people={s.seat: s.user_id for s in table.seats if not s.is_computer and not s.auto},
        computers={s.seat: s.level or "normal" for s in table.seats if s.is_computer},
        winners=frozenset(r.result.seat for r in results if r.result.place == 1),
    )
    try:
        replay(match)
    except Exception:  # a log cut short, or moves this engine no longer takes
        return match._replace(actions=None)
    return match


async def backfill_achievements(store: Store) -> Granted:
    matches = []
    for table_id, chat_id, at in await store.group_matches():
        found = await stored_match(store, table_id, chat_id, at)
        if found is not None:
            matches.append(found)
    grants = backfill(matches, await store.all_achievements())
    rows = [(g.user_id, g.chat_id, g.achievement, g.table_id, g.earned_at) for g in grants]
    new = await store.grant_achievements(rows)
    return Granted(len(matches), sum(m.actions is not None for m in matches), new)
