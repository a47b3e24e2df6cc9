"""/history: a group's last matches, and any of them replayed trick by trick
in private from its action log through the engine's replay.

A replay shows what the group was shown, frame by frame (a trick's record,
the news of the move that ended it): `news.trick_record` and
`news.announcements` render the public view, so nothing hidden appears before
the deal it belongs to is over. Who sat at the table or is a member of its
group may watch it.

A finished table never changes, so its replay is worked out once: the log is
replayed through the engine when somebody first opens it, and each frame is
rendered when first shown, in the watcher's language. Both are kept for the
`REPLAYS` tables watched last (a tap on ◀ ▶ then costs a lookup, not a
replay: several accounts tapping fast would otherwise keep the event loop
busy), and the membership of a watcher who did not sit there is asked once
a few minutes (bot/tables/members.py). A kept replay is worked out anew when
the seats' names changed (/forget erases one) or after `REPLAY_KEPT`
seconds, so a pruned action log is not shown from memory for long.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby

from bot.storage import FINISHED, OPEN_STATUSES, ResultRow, TableRecord
from bot.tables.core import Person, Reply, Tables
from bot.tables.kinds import kind_of
from bot.tables.members import Memberships
from bot.view import callbacks, news, render
from bot.view.i18n import esc, t
from bot.view.screen import Button, Screen, TableInfo
from engine import MatchState, apply, new_match
from engine.events import DealScored, DealVoid, Event, MatchOver, TrickTaken
from engine.game import active_seats

HISTORY_LENGTH = 5  # matches /history lists
REPLAYS = 32  # finished tables whose replay is kept
REPLAY_KEPT = 3600.0  # seconds a kept replay is shown before it is worked out anew


@dataclass(frozen=True, slots=True)
class _Step:
    """What one frame is rendered from: the move that took a trick or ended a deal."""

    previous: MatchState
    events: Sequence[Event]
    state: MatchState


@dataclass(slots=True)
class _Replay:
    """A finished table's frames: the steps, and each frame once rendered, by language."""

    names: tuple[str, ...]
    made: float  # when it was worked out (the clock's seconds)
    info: TableInfo
    steps: list[_Step]
    texts: dict[tuple[str, int], str] = field(default_factory=dict)


class History:
    def __init__(self, tables: Tables, members: Memberships) -> None:
        self.tables = tables
        self.store = tables.store
        self.members = members
        self._replays: OrderedDict[int, _Replay] = OrderedDict()

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
            # The seat's own name, computers' too: two computers of one level
            # are two players (their names differ at a table; bot/seats.py).
            name = esc(seat.name)
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
        if table.seat_of(person.user_id) is None and not await self.members.is_member(
            table.chat_id, person.user_id
        ):
            return Reply(t(lang, "replay.gone"), alert=True)
        if await self._round_plays_on(table):
            return Reply(t(lang, "replay.round_plays"), alert=True)
        replay = await self._replay(table)
        frames = replay.steps
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
        text = self._text(replay, lang, frame)
        rows = [tuple(row)] if row else []
        deal = self._deal_ended(frames[frame])
        seat = table.seat_of(person.user_id)
        if deal is not None and seat is not None and seat.seat in deal[1]:
            # The coach (bot/tables/coach.py): a review of the watcher's own deal.
            rows.append((Button(t(lang, "button.review"), callbacks.review(table.id, deal[0])),))
        return Reply(screen=Screen(head + "\n\n" + text, tuple(rows)))

    @staticmethod
    def _deal_ended(step: _Step) -> tuple[int, frozenset[int]] | None:
        """The deal this frame ends, and the seats that played in it."""
        deal = step.previous.deal
        if deal is None or not any(isinstance(e, DealScored | DealVoid) for e in step.events):
            return None
        return deal.number, frozenset(active_seats(step.previous))

    async def _round_plays_on(self, table: TableRecord) -> bool:
        """A duplicate round's table whose round still has a table open:
        its replay shows the cards that table holds (security review N5)."""
        kind = kind_of(table)
        link = kind.link(table)
        if link is None or kind.audience.group_play:
            return False
        for stored in await self.store.tournament_rounds(link.tournament_id):
            if stored.number != link.round:
                continue
            for table_id in stored.tables.values():
                other = await self.store.get_table(table_id)
                if other is not None and other.status in OPEN_STATUSES:
                    return True
        return False

    async def _replay(self, table: TableRecord) -> _Replay:
        """The finished table's steps: kept, or replayed from its log once."""
        replay = self._replays.get(table.id)
        now = self.tables.clock.now()
        if replay is None or replay.names != table.names or now - replay.made >= REPLAY_KEPT:
            info = self.tables.info(table)
            replay = _Replay(table.names, now, info, await self._steps(table))
            self._replays[table.id] = replay
            while len(self._replays) > REPLAYS:
                self._replays.popitem(last=False)
        self._replays.move_to_end(table.id)
        return replay

    async def _steps(self, table: TableRecord) -> list[_Step]:
        """The moves the group was told of as a frame: each trick, each deal's end."""
        assert table.state is not None and table.seed is not None
        log = await self.store.action_log(table.id)
        state = new_match(table.state.rules, table.names, table.seed, table.state.shuffle)
        steps = []
        for _, _, action in log:
            previous = state
            state, events = apply(state, action)
            taken = any(isinstance(e, TrickTaken) for e in events)
            ends = any(isinstance(e, DealScored | DealVoid | MatchOver) for e in events)
            if taken or ends:
                steps.append(_Step(previous, events, state))
        return steps

    @staticmethod
    def _text(replay: _Replay, lang: str, frame: int) -> str:
        """What the group was told at this frame, rendered once per language."""
        text = replay.texts.get((lang, frame))
        if text is None:
            step, info = replay.steps[frame], replay.info
            taken = next((e for e in step.events if isinstance(e, TrickTaken)), None)
            parts = []
            if taken is not None:
                parts.append(
                    news.trick_record(
                        info, lang, step.previous, step.events, taken, step.state
                    ).text
                )
            parts += news.announcements(info, lang, step.events, step.state)
            text = replay.texts[lang, frame] = "\n\n".join(parts)
        return text
