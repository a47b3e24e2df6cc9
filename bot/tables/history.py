"""/history: a group's last matches, and any of them replayed trick by trick
in private from its action log through the engine's replay.

A replay shows what the group was shown, frame by frame (a trick's record,
the news of the move that ended it): `news.trick_record` and
`news.announcements` render the public view, so nothing hidden appears before
the deal it belongs to is over. Who sat at the table or is a member of its
group may watch it.
"""

from __future__ import annotations

import time
from itertools import groupby

from bot.storage import FINISHED, ResultRow, TableRecord
from bot.tables.core import Person, Reply, Tables
from bot.view import callbacks, news, render
from bot.view.i18n import esc, t
from bot.view.screen import Button, Screen
from engine import apply, new_match
from engine.events import DealScored, DealVoid, MatchOver, TrickTaken

HISTORY_LENGTH = 5  # matches /history lists


class History:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    async def history(self, chat_id: int, lang: str) -> Reply:
        rows = await self.store.recent_results(chat_id, HISTORY_LENGTH)
        if not rows:
            return Reply(t(lang, "history.none"))
        lines: list[str] = [t(lang, "history.title")]
        buttons = []
        for table_id, seats in groupby(rows, key=lambda row: row.table_id):
            match = list(seats)
            lines.append(self._line(lang, table_id, match))
            link = f"https://t.me/{self.tables.bot_username}?start="
            link += callbacks.replay_link_payload(table_id)
            buttons.append((Button(t(lang, "history.button", table=table_id), url=link),))
        return Reply(screen=Screen("\n".join(lines), tuple(buttons)))

    @staticmethod
    def _line(lang: str, table_id: int, match: list[ResultRow]) -> str:
        when = time.strftime("%d.%m.%Y", time.gmtime(match[0].finished_at))
        places: dict[int, list[str]] = {}
        for row in sorted(match, key=lambda row: (row.result.place, row.result.seat)):
            seat = row.result
            name = "🤖 " + t(lang, f"level.{seat.level}") if seat.level else esc(seat.name)
            places.setdefault(seat.place, []).append(name)
        medals = {1: "🥇", 2: "🥈", 3: "🥉"}
        standing = ", ".join(
            f"{medals.get(place, f'{place}.')} {' + '.join(names)}"
            for place, names in sorted(places.items())
        )
        game = t(lang, f"preset.{match[0].game}")
        return t(lang, "history.line", table=table_id, date=when, game=game, standing=standing)

    async def replay(self, table_id: int, frame: int, person: Person, lang: str) -> Reply:
        """One frame of a finished match's replay, with ◀ ▶ to the next ones."""
        table = await self.store.get_table(table_id)
        if table is None or table.status != FINISHED or table.state is None or table.seed is None:
            return Reply(t(lang, "replay.gone"), alert=True)
        if table.seat_of(person.user_id) is None and not await self.tables.out.is_member(
            table.chat_id, person.user_id
        ):
            return Reply(t(lang, "replay.gone"), alert=True)
        frames = await self._frames(table, lang)
        if not frames:
            return Reply(t(lang, "replay.gone"), alert=True)
        frame = max(0, min(frame, len(frames) - 1))
        head = t(
            lang,
            "replay.title",
            preset=render.preset_name(lang, table.rules),
            table=table.id,
            frame=frame + 1,
            frames=len(frames),
        )
        row = []
        if frame > 0:
            row.append(Button("◀", callbacks.replay(table.id, frame - 1)))
        if frame < len(frames) - 1:
            row.append(Button("▶", callbacks.replay(table.id, frame + 1)))
        return Reply(screen=Screen(head + "\n\n" + frames[frame], (tuple(row),) if row else ()))

    async def _frames(self, table: TableRecord, lang: str) -> list[str]:
        """What the group was told, one frame per trick (and per deal's end)."""
        assert table.state is not None and table.seed is not None
        log = await self.store.action_log(table.id)
        state = new_match(table.state.rules, table.names, table.seed)
        info = self.tables.info(table)
        frames = []
        for _, _, action in log:
            previous = state
            state, events = apply(state, action)
            taken = next((e for e in events if isinstance(e, TrickTaken)), None)
            ends = any(isinstance(e, DealScored | DealVoid | MatchOver) for e in events)
            if taken is None and not ends:
                continue
            parts = []
            if taken is not None:
                parts.append(news.trick_record(info, lang, previous, events, taken, state).text)
            parts += news.announcements(info, lang, events, state)
            frames.append("\n\n".join(parts))
        return frames
