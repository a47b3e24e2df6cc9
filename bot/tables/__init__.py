"""The table service, by concern. Handlers call `TableService`; each request
goes to the room that owns it:

- `core`: what the rooms share, and the guard that opens a request;
- `lobby`: opening a table, joining, leaving, settings, computer seats;
- `lifecycle`: starting, practice, stopping, seats passing to the computer;
- `match`: taps on a hand and how a move is committed;
- `turns`: deadlines, reminders, computer and stand-in moves, take-back;
- `fanout`: who is told what once a change is committed;
- `recovery`: catching up and redrawing after a restart;
- `stats`: a finished match's results and ratings, /stats and /top;
- `history`: /history and a finished match replayed in private;
- `privacy`: erasing a person on request, pruning old action logs;
- `outbox`: the per-table queues of message jobs;
- `tourney`, `tourney_rounds`: a tournament's registration, and its rounds
  run as ordinary tables linked to them.
"""

from __future__ import annotations

from bot.clock import AsyncioScheduler, Scheduler
from bot.storage import Shared, Store, TableRecord
from bot.tables.core import AdminCheck, Limits, Person, Refused, Reply, Rights, Tables, Timing
from bot.tables.fanout import Fanout
from bot.tables.history import History
from bot.tables.lifecycle import Lifecycle
from bot.tables.lobby import Lobby
from bot.tables.match import Match
from bot.tables.minds import Minds
from bot.tables.moves import Moves
from bot.tables.outbox import Outcome, Sender
from bot.tables.privacy import Privacy
from bot.tables.recovery import Recovery
from bot.tables.rematch import Rematches
from bot.tables.stats import Stats
from bot.tables.thinking import Thinking
from bot.tables.tourney import Tourneys
from bot.tables.turns import Turns
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
    ) -> None:
        """`shared`: locks and leases across the workers sharing the store (PostgreSQL)."""
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
        )
        self.store = store
        tables = self.tables
        self.fanout = Fanout(tables)
        self.stats = Stats(tables)
        minds = Minds()
        self.moves = Moves(tables, self.fanout, self.stats, minds)
        self.turns = Turns(tables, self.fanout, minds, self.moves.commit, self.moves.end)
        self.history_room = History(tables)
        self.match = Match(tables, self.fanout, self.moves, self.turns)
        self.lobby = Lobby(tables, self.fanout, self.turns)
        self.lifecycle = Lifecycle(tables, self.fanout, self.turns, self.stats, self.moves)
        self.rematches = Rematches(tables, self.fanout, self.turns, self.lobby, self.lifecycle)
        self.recovery = Recovery(tables, self.fanout, self.turns)
        self.privacy = Privacy(tables)
        self.tourneys = Tourneys(tables, self.fanout, self.turns, self.lifecycle)

        # What the rooms publish, and who hears it: the one place a room
        # reaches a room above it.
        rounds = self.tourneys.rounds
        tables.events.subscribe(ended=rounds.table_ended, no_show=rounds.no_show)
        tables.events.subscribe(unreachable=self.turns.unreachable)  # a chat refused a message
        tables.events.subscribe(tick=rounds.resume)  # the watchdog's round

        # The entry points, by room.
        self.new_table = self.lobby.new_table
        self.join = self.rematches.join
        self.rematch = self.rematches.rematch
        self.join_by_link = self.lobby.join_by_link
        self.leave = self.lobby.leave
        self.show_settings = self.lobby.show_settings
        self.set_option = self.lobby.set_option
        self.add_computer = self.lobby.add_computer
        self.remove_computer = self.lobby.remove_computer
        self.remove_player = self.lobby.remove_player
        self.start = self.lifecycle.start
        self.stop = self.lifecycle.stop
        self.practice = self.lifecycle.practice
        self.replace_with_computer = self.lifecycle.replace_with_computer
        self.quit_match = self.lifecycle.quit_match
        self.chat_gone = self.lifecycle.chat_gone
        self.topic_gone = self.lifecycle.topic_gone
        self.chat_moved = self.lifecycle.chat_moved
        self.select = self.match.select
        self.play = self.match.play
        self.take_back = self.turns.take_back
        self.unreachable = self.turns.unreachable
        self.came_back = self.turns.came_back
        self.open_tournament = self.tourneys.open
        self.register = self.tourneys.register
        self.unregister = self.tourneys.leave
        self.start_tournament = self.tourneys.start
        self.stop_tournament = self.tourneys.stop
        self.tournament_in_chat = self.tourneys.in_chat
        self.registering_in = self.tourneys.registering_in
        self.chat_of_tournament = self.tourneys.chat_of
        self.stats_of = self.stats.stats
        self.top = self.stats.top
        self.history = self.history_room.history
        self.toggle_notify = self.lobby.toggle_notify
        self.replay = self.history_room.replay
        self.forget_prompt = self.privacy.forget_prompt
        self.forget = self.privacy.forget
        self.keep_pruning = self.privacy.keep_pruning
        self.start_watchdog = self.turns.start_watchdog
        self.chat_lang = self.tables.chat_lang
        self.user_lang = self.tables.user_lang

    async def redraw_all(self) -> int:
        """After a start: every running table redrawn (their number), and
        every running tournament's next step taken."""
        redrawn = await self.recovery.redraw_all()
        await self.tourneys.rounds.resume()
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
