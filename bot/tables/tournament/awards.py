"""A tournament's winners earn "tournament won" (issue 68's achievements)
when the tournament ends: the one achievement no single match can tell,
since only the tournament's end knows its champions. Granted once per
person and group (the store keeps what is held), so an end told again
after a crash grants and says nothing new."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import Store
from bot.storage.tournament_records import TournamentRecord
from bot.tables.core import Tables
from bot.tournaments.entrants import people_of
from bot.tournaments.model import Entrant
from bot.view import seasons as seasons_view
from bot.view.screen import Screen

TOURNAMENT_WON = "tournament_won"


async def grant_tournament_won(
    store: Store,
    record: TournamentRecord,
    winners: Sequence[Entrant],
    table_id: int,
    at: float,
    lang: str,
) -> str | None:
    """Grant the winners (each person of a winning team too); the group's
    line naming those who earned it now, or None when nobody new did."""
    people = [user_id for winner in winners for user_id in people_of(winner)]
    earned = []
    for user_id in people:
        if await store.grant_achievements(
            [(user_id, record.chat_id, TOURNAMENT_WON, table_id, at)]
        ):
            entry = record.entry_of(user_id)
            earned.append((entry.name if entry is not None else str(user_id), (TOURNAMENT_WON,)))
    return seasons_view.match_end_line(lang, earned) if earned else None


async def tell_the_winners(
    tables: Tables, record: TournamentRecord, winners: Sequence[Entrant]
) -> None:
    """Each winner hears of it in private too, explained, silently (as a
    match's achievements are told: bot/tables/seasons.py)."""
    group = str(record.settings.get("title", ""))
    for user_id in (u for winner in winners for u in people_of(winner)):
        lang = await tables.user_lang(user_id)
        text = seasons_view.private_text(lang, group, [TOURNAMENT_WON])
        if text:
            await tables.out.send(user_id, Screen(text), silent=True)
