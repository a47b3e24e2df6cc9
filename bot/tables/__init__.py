"""The table service, by concern. Handlers call the room that owns a
request (`context.service.match.play`, `context.service.lobby.new_table`):

- `core`: what the rooms share, and the guard that opens a request;
- `kinds`: what a kind of table does (ordinary, practice, a rematch's lobby,
  a tournament's round), and a table's typed settings;
- `events`: what the rooms publish (a table ended, ...), subscribed below;
- `moves`: how a move is committed, and the one way a table ends;
- `here`: what /join, /leave, /start and /stop mean where they were sent;
- `lobby`: opening a table, joining, leaving, settings, computer seats;
- `rematch`: a finished match's rematch, and confirming a seat;
- `lifecycle`: starting, practice, stopping, seats passing to the computer;
- `match`: taps on a hand;
- `turns`: deadlines, reminders, computer and stand-in moves, take-back;
- `fanout`: who is told what once a change is committed;
- `recovery`: catching up and redrawing after a restart;
- `stats`: a finished match's results and ratings, /stats and /top;
- `seasons`, `finale`: a group's season, achievements, reliability, and the
  season's finale (issue 68);
- `history`: /history and a finished match replayed in private;
- `coach`: 🔍, a review of a player's deal (issue 66), queued in
  `review_queue` for the reviews' lane of `thinking`;
- `privacy`: erasing a person on request, pruning old action logs;
- `outbox`: the per-table queues of message jobs;
- `tournament`: a tournament's registration, and its rounds run as
  tournament-round tables.
"""

from __future__ import annotations

from bot.clock import AsyncioScheduler, Scheduler
from bot.storage import Shared, Store, TableRecord
from bot.tables.coach import Coach
from bot.tables.core import AdminCheck, Limits, Person, Refused, Reply, Rights, Tables, Timing
from bot.tables.events import TableEvents
from bot.tables.fanout import Fanout
from bot.tables.finale import Finale
from bot.tables.here import Here
from bot.tables.hints import Hints
from bot.tables.history import History
from bot.tables.lifecycle import Lifecycle
from bot.tables.lobby import Lobby
from bot.tables.match import Match
from bot.tables.members import Memberships
from bot.tables.moves import Moves
from bot.tables.outbox import Outcome, Sender
from bot.tables.privacy import Privacy
from bot.tables.recovery import Recovery
from bot.tables.rematch import Rematches
from bot.tables.seasons import Seasons
from bot.tables.stats import Stats
from bot.tables.thinking import Thinking
from bot.tables.tournament.registration import Tournaments
from bot.tables.tournament.runner import Rounds
from bot.tables.turns import Turns
from bot.tables.verifying import Verifier
from engine import RuleSet


class TableService:
    """The rooms wired together, and the small lookups handlers need (handlers
    never touch the store)."""

    def __init__(
        self,
        store: Store,
        sender: Sender,
        bot_username: str,
        default_language: str = "ru",
        scheduler: Scheduler | None = None,
        timing: Timing | None = None,
        limits: Limits | None = None,
        thinking: Thinking | None = None,
        shared: Shared | None = None,
        events: TableEvents | None = None,
    ) -> None:
        """`shared`: locks and leases across the workers sharing the store
        (PostgreSQL); `events`: the hub, when the wiring gave parts built
        before the service (the messenger) what they publish on."""
        self.tables = Tables(
            store,
            sender,
            bot_username,
            default_language,
            scheduler or AsyncioScheduler(),
            timing or Timing(),
            limits,
            thinking,
            shared,
            events,
        )
        self.store = store
        tables = self.tables
        self.fanout = Fanout(tables)
        self.seasons = Seasons(tables, self.fanout)  # a group's season (issue 68)
        self.finale = Finale(tables, self.seasons)
        self.stats = Stats(tables, self.seasons)
        members = Memberships(sender, tables.clock)  # group membership, asked lately
        self.moves = Moves(tables, self.fanout, self.stats)
        self.turns = Turns(tables, self.fanout, self.moves)
        self.history_room = History(tables, members)
        self.hints = Hints(tables)
        self.coach = Coach(tables)  # 🔍: a deal's review, in the reviews' lane
        self.match = Match(tables, self.fanout, self.moves, self.turns)
        self.lobby = Lobby(tables, self.fanout, self.turns, members, self.seasons)
        self.lifecycle = Lifecycle(tables, self.fanout, self.turns, self.stats, self.moves)
        self.rematches = Rematches(
            tables, self.fanout, self.turns, self.lobby, self.lifecycle, members
        )
        self.recovery = Recovery(tables, self.fanout, self.turns)
        self.privacy = Privacy(tables)
        self.verifier = Verifier(tables)
        self.rounds = Rounds(tables, self.fanout, self.turns, self.lifecycle)
        self.tournaments = Tournaments(tables, self.rounds, self.lifecycle, members)
        self.here = Here(tables, self.lobby, self.lifecycle, self.rematches, self.tournaments)

        # What the rooms publish, and who hears it: the one place where a
        # room reaches a room above it.
        events = tables.events
        events.subscribe(ended=self.rounds.table_ended)  # a round's table ended
        events.subscribe(no_show=self.rounds.no_show)  # a round's players did not confirm
        events.subscribe(unreachable=self.turns.unreachable)  # a private chat refused us
        events.subscribe(tick=self.rounds.resume)  # the watchdog's round
        events.subscribe(tick=self.finale.tick)  # a season's finale, once it is due
        # The messenger's news: a group became a supergroup, a topic went away.
        events.subscribe(chat_moved=self.lifecycle.chat_moved, topic_gone=self.lifecycle.topic_gone)

        # The face's only aliases: languages, asked everywhere.
        self.chat_lang = tables.chat_lang
        self.user_lang = tables.user_lang

    async def redraw_all(self) -> int:
        """After a start: every running table redrawn (their number), and
        every running tournament's next step taken."""
        redrawn = await self.recovery.redraw_all()
        await self.rounds.resume(ended_too=True)
        return redrawn

    @property
    def default_language(self) -> str:
        return self.tables.default_language

    @property
    def busy(self) -> bool:
        """Message jobs are queued or running."""
        return bool(self.tables.outbox.tasks)

    async def drain(self, timeout: float | None = None) -> bool:
        """Wait until every queued message job has run (graceful shutdown,
        tests); see `Outbox.drain` for `timeout`."""
        return await self.tables.outbox.drain(timeout)

    def close(self) -> None:
        """Stop the computers' worker processes (at shutdown)."""
        self.tables.thinking.close()

    # -- people and chats --------------------------------------------------------------

    async def remember(self, person: Person, started: bool = False) -> None:
        """Note who wrote; `started`: they wrote in private, so the bot may write back."""
        await self.store.remember_user(
            person.user_id, person.name, person.username, person.language_code
        )
        if started:
            await self.store.set_started(person.user_id, True)

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self.store.set_chat_lang(chat_id, title, lang)

    async def set_user_lang(self, person: Person, lang: str) -> None:
        await self.remember(person)
        await self.store.set_user_lang(person.user_id, lang)

    # -- lookups -----------------------------------------------------------------------

    async def table_in_chat(self, chat_id: int, thread: int | None = None) -> TableRecord | None:
        """The open table of a chat, or of its forum topic `thread`."""
        return await self.store.open_table_in_chat(chat_id, thread)

    async def rules_for_chat(self, chat_id: int, thread: int | None = None) -> RuleSet | None:
        table = await self.store.open_table_in_chat(chat_id, thread)
        return table.rules if table else None

    async def chat_of_table(self, table_id: int) -> int | None:
        """The group a table belongs to (a lobby button must be tapped there)."""
        table = await self.store.get_table(table_id)
        return None if table is None else table.chat_id


__all__ = [
    "AdminCheck",
    "Limits",
    "Outcome",
    "Person",
    "Refused",
    "Reply",
    "Rights",
    "Sender",
    "TableService",
    "Thinking",
    "Timing",
]
