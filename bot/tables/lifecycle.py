"""A table's life beyond the lobby: starting the match, practice matches in
private, stopping, a person's seat passing to the computer (/kick, /leave
mid-match), and the group (or the table's forum topic) going away or moving."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from bot.seats import computer_name, distinct_name, free_computer_id
from bot.storage import (
    CLOSED,
    COMPUTER,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    PLAYING,
    ChipMoves,
    Seat,
    ShortOfChips,
    TableRecord,
)
from bot.tables.chips import staking
from bot.tables.core import Opened, Person, Reply, Rights, Tables, refusals
from bot.tables.fanout import Fanout
from bot.tables.kinds import kind_of, waiting
from bot.tables.lobby import renumber
from bot.tables.moves import Ending, Moves, Why
from bot.tables.shuffle import match_key
from bot.tables.stats import Stats
from bot.tables.turns import Turns
from bot.view import callbacks, names, render, rules_help
from bot.view.i18n import Html, t
from bot.view.screen import Screen
from bot.view.verify import reveal_line
from engine import RulesError, start_match
from engine.rules import PLAYER_COUNTS, Preset


def deal_seed() -> int:
    """64 bits from `secrets`, as a signed 64-bit number (what SQLite stores).

    The seed decides every deal of the match: nobody may guess it, and
    nothing else (computer players' dice included) is derived from it."""
    seed = secrets.randbits(64)
    return seed - (1 << 64) if seed >= 1 << 63 else seed


class Lifecycle:
    def __init__(
        self, tables: Tables, fanout: Fanout, turns: Turns, stats: Stats, moves: Moves
    ) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns
        self.stats = stats
        self.moves = moves

    @refusals
    async def start(
        self,
        table_id: int,
        person: Person,
        is_admin: Rights,
        version: int | None = None,
        by_bot: bool = False,
        started_by: int | None = None,
    ) -> Reply:
        """`by_bot`: the bot starts it (everyone confirmed, a round's no-show
        time), not a person's command or button. `started_by`: the message
        that started the match, when the table has no lobby message (a
        practice match's /play): the checkable shuffle's public value names
        it (bot/tables/shuffle.py)."""
        is_admin = await self.tables.ask_rights(table_id, person, is_admin)
        async with self.tables.opened(table_id, OPEN_STATUSES) as found:
            table, lang = found.table, found.lang
            if table.status == PLAYING:
                raise found.refuse("start.already")
            if not by_bot:
                found.require_open_lobby()
            await found.require_rights(person, is_admin, "start.not_allowed")
            found.require_version(version)
            kind = kind_of(table)
            if kind.confirms and waiting(table):  # it starts once everybody seated said so
                late = ", ".join(s.name for s in table.seats if s.user_id in waiting(table))
                raise found.refuse("rematch.waiting", names=late)
            rules = table.rules
            try:
                rules.check_players(len(table.seats))
            except RulesError:
                counts = " / ".join(str(n) for n in PLAYER_COUNTS[rules.preset])
                raise found.refuse(
                    "start.count",
                    preset=render.preset_name(lang, rules),
                    counts=counts,
                    now=len(table.seats),
                ) from None
            if all(seat.is_computer for seat in table.seats):
                # Computers alone would only burn the bot's time: nobody watches.
                raise found.refuse("start.no_person")
            # Balances may have moved since people sat (another table, the
            # stake changed in the lobby): asked again now, and the save
            # that takes the stakes refuses all of it if one is short.
            people = [seat.user_id for seat in table.seats if not seat.is_computer]
            await self._require_stakes(found, await self.tables.chips.short(table, people))
            # (A tournament's duplicate deals: every table of the round and
            # size is dealt from the same seed.)
            fixed_seed = kind.deal_seed(table)
            table.seed = deal_seed() if fixed_seed is None else fixed_seed
            key = await match_key(self.store, table, rules, started_by)
            table.state, dealt = start_match(rules, table.names, table.seed, key)
            table.status = FINISHED if table.state.over else PLAYING
            self.tables.prepare_turn(table)
            # Bura can end as it is dealt (a dealt bura against limit=2): the
            # results are written with that save, as with any last move.
            result = await self.stats.result_of(table, None) if table.state.over else None
            chips = self.tables.chips.on_start(table)

            async def tell(started: TableRecord) -> None:
                self.fanout.start_later(started, dealt)

            try:
                if table.status == PLAYING:
                    table = await self.store.save_table(table, result=result, chips=chips)
                else:
                    await self.moves.end(table, Why.OVER, tell, result=result, chips=chips)
                    return Reply(t(lang, "start.done_toast"))
            except ShortOfChips as short:
                await self._require_stakes(found, list(short.users))
                raise
            self.turns.disarm_lobby(table.id)
            self.turns.arm(table)
            await tell(table)
            return Reply(t(lang, "start.done_toast"))

    async def _require_stakes(self, found: Opened, short: list[int]) -> None:
        """Refuse the start, naming whoever cannot cover the stake."""
        if short:
            table = found.table
            names = ", ".join(s.name for s in table.seats if s.user_id in short)
            raise found.refuse("chips.short_start", names=names, stake=staking(table))

    @refusals
    async def stop(
        self, chat_id: int, person: Person, is_admin: Rights, thread: int | None = None
    ) -> Reply:
        """`thread`: the forum topic /stop was sent in; it stops that topic's table."""
        lang = await self.tables.chat_lang(chat_id)
        table = await self.store.open_table_in_chat(chat_id, thread)
        if table is None:
            return Reply(t(lang, "stop.none"))
        is_admin = await self.tables.ask_rights(table.id, person, is_admin)
        async with self.tables.opened(table.id, OPEN_STATUSES, "stop.none", False, lang) as found:
            table = found.table
            await found.require_rights(person, is_admin, "stop.not_allowed", alert=False)
            # A person playing at a chip table who stops it forfeits their
            # stake to the others (chips.py: never a way out of a lost match).
            forfeit = await self.tables.chips.on_stop(table, person.user_id)
            table, chips = await self._close(table, forfeit)
            text = t(lang, "stop.done", table=table.id, name=person.name)
            if forfeit is not None:
                lost = t(lang, "chips.stop_forfeit", name=person.name, stake=staking(table))
                text = Html(text + "\n" + lost)
            elif chips is not None:
                text = Html(text + "\n" + t(lang, "chips.returned", stake=staking(table)))
            key = None if table.state is None else table.state.shuffle
            if key is not None:  # a stopped match ended too: its deals can be checked
                text = Html(text + "\n" + reveal_line(lang, key))
            return Reply(text)

    async def close(self, table_id: int) -> None:
        """Close an open table as /stop does, whoever asks (its tournament
        was stopped)."""
        async with self.tables.lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or table.status not in OPEN_STATUSES:
                return
            await self._close(table)

    async def _close(self, table: TableRecord, chips: ChipMoves | None = None) -> Ending:
        """Close an open table, under its lock: the stakes of a match in play
        go back in the same save (or move as `chips` says), its timers stop,
        and everyone is told."""
        was_playing = table.status == PLAYING

        async def tell(closed: TableRecord) -> None:
            self.fanout.stop_later(closed, was_playing)

        return await self.moves.end(table, Why.STOPPED, tell, chips=chips)

    @refusals
    async def practice(
        self, person: Person, args: Sequence[str], message_id: int | None = None
    ) -> Reply:
        """/play in private: a match against computer players right in this
        chat; `message_id`: the /play message (the shuffle's public value)."""
        lang = await self.tables.user_lang(person.user_id, person.language_code)
        preset, players, level = Preset.BURKOZEL, 0, self.tables.timing.standin_level
        for word in args:
            low = word.lower()
            named, level_named = names.preset_named(low), names.level_named(low)
            if named is not None:
                preset = named
            elif low.isascii() and low.isdecimal() and len(low) <= 2:  # not "²"
                players = int(low)
            elif level_named is not None:
                level = level_named
            else:
                presets, levels_list = rules_help.presets_list(lang), names.levels_list(lang)
                return Reply(t(lang, "practice.usage", presets=presets, levels=levels_list))
        counts = PLAYER_COUNTS[preset]
        players = players or min(counts)
        if players not in counts:
            counts_text = " / ".join(str(n) for n in counts)
            name = t(lang, f"preset.{preset.value}")
            return Reply(t(lang, "start.count", preset=name, counts=counts_text, now=players))
        chat_id = person.user_id
        async with self.tables.person_lock(person.user_id), self.tables.lock(("chat", chat_id)):
            existing = await self.store.open_table_in_chat(chat_id)
            if existing is not None:
                return Reply(t(lang, "practice.exists", table=existing.id))
            await self.tables.require_room(person.user_id, lang, practice=True)
            table = await self.store.create_table(
                chat_id, t(lang, "practice.title"), person.user_id, preset.value, {}, practice=True
            )
            if table is None:
                return Reply(t(lang, "practice.exists", table="?"))
            table.seats.append(Seat(0, person.user_id, person.name))
            for number in range(1, players):
                table.seats.append(
                    Seat(
                        number,
                        free_computer_id(table),
                        computer_name(table, lang),
                        kind=COMPUTER,
                        level=level,
                    )
                )
            table = await self.store.save_table(table)
        return await self.start(table.id, person, is_admin=True, started_by=message_id)

    @refusals
    async def replace_with_computer(
        self,
        chat_id: int,
        target_user_id: int,
        person: Person,
        is_admin: Rights,
        thread: int | None = None,
    ) -> Reply:
        """/kick, and /leave during a match: a computer player takes the seat
        for good (at the table of the forum topic `thread`)."""
        lang = await self.tables.chat_lang(chat_id)
        table = await self.store.open_table_in_chat(chat_id, thread)
        if table is None:
            return Reply(t(lang, "no_table"))
        if person.user_id != target_user_id:
            is_admin = await self.tables.ask_rights(table.id, person, is_admin)
        async with self.tables.opened(table.id, OPEN_STATUSES, "no_table", False, lang) as found:
            leaving = person.user_id == target_user_id
            if not leaving:
                await found.require_rights(person, is_admin, "kick.not_allowed", alert=False)
            return await self._to_computer(found, target_user_id, leaving)

    @refusals
    async def quit_match(self, payload: callbacks.Quit, person: Person) -> Reply:
        """The confirmation of /leave mid-match, tapped. It is posted in the
        group, where anybody can tap it: it acts only for whoever asked, and
        only at the table it was drawn for (not whatever table the chat has
        now). A newer version is fine: moves go on while the person decides,
        and their wish to leave stands."""
        async with self.tables.opened(payload.table, (PLAYING,)) as found:
            if payload.user != person.user_id:
                raise found.refuse("leave.not_yours")
            if payload.version > found.table.version:  # forged: never drawn
                raise found.refuse("tap.stale")
            answer = await self._to_computer(found, person.user_id, leaving=True)
            return Reply(answer.text)

    async def _to_computer(self, found: Opened, target_user_id: int, leaving: bool) -> Reply:
        """A person's seat passes to a computer for good (in the lobby: the
        seat is simply freed); under the table's lock."""
        table, lang = found.table, found.lang
        seat = table.seat_of(target_user_id)
        if seat is None:
            return Reply(t(lang, "kick.not_seated"))
        if table.status == LOBBY:
            table.seats = [s for s in table.seats if s.user_id != target_user_id]
            renumber(table)
            table = await self.store.save_table(table)
            self.fanout.redraw_lobby_later(table.id)
            return Reply(t(lang, "kick.lobby", name=seat.name))
        old_user, old_message, old_name = seat.user_id, seat.hand_message_id, seat.name
        # A kick is not the person's resignation: their stake goes back to
        # them now, so it can never end up with whoever kicked (chips.py).
        refund = None if leaving else await self.tables.chips.on_kick(table, target_user_id)
        seat.kind = COMPUTER
        seat.level = self.tables.timing.standin_level
        seat.auto = False
        seat.user_id = free_computer_id(table)
        others = (s.name for s in table.seats if s is not seat)
        seat.name = distinct_name(f"🤖 {seat.name}", others)
        # Everyone left is a computer: the stakes go back, the leaver's too.
        closes = all(s.is_computer for s in table.seats) and kind_of(table).closes_when_all_away
        if closes:
            table.status = CLOSED
        self.tables.prepare_turn(table)
        text = t(lang, "kick.left" if leaving else "kick.done", name=seat.name)
        if refund is not None:
            back = t(lang, "chips.kick_returned", name=old_name, stake=staking(table))
            text = Html(text + "\n" + back)
        if closes:
            text = Html(text + "\n" + t(lang, "kick.closed"))

        async def tell(saved: TableRecord) -> None:
            await self.store.set_hand_message(saved.id, seat.seat, None, None)
            if old_message is not None:
                strip = self.fanout.hands.strip
                self.fanout.private_later(saved, lambda: strip(old_user, old_message))
            self.fanout.news_and_hands_later(saved, Screen(text))

        if closes:
            table = (await self.moves.end(table, Why.COMPUTERS, tell)).table
        else:
            table = await self.store.save_table(table, chips=refund)
            await tell(table)
        if self.stats.seasons is not None:  # it counts as a match not finished
            await self.stats.seasons.left(table, old_user)
        self.turns.arm(table)
        return Reply()

    async def chat_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: close its tables quietly (a
        forum has one a topic)."""
        for table in await self.store.open_tables_in_chat(chat_id):
            async with self.tables.lock(table.id):
                fresh = await self.store.get_table(table.id)
                if fresh is None or fresh.status not in OPEN_STATUSES:
                    continue
                await self.moves.end(fresh, Why.CHAT_GONE, self._hands_closed)

    async def _hands_closed(self, table: TableRecord) -> None:
        self.fanout.hands_closed_later(table)

    async def topic_gone(self, chat_id: int, thread: int | None) -> None:
        """The forum topic of a table was closed or deleted (its
        `forum_topic_closed` message came, or Telegram refused a message to
        it: bot/telegram/wire/topics.py). Nothing can be said there any more,
        so the table ends as with /stop, and each person at it hears why in
        private. Reopening the topic does not bring the table back. A
        tournament's tables there end too (their round counts them void)."""
        found = [
            table
            for table in await self.store.open_tables_in_chat(chat_id)
            if (table.thread_id or None) == (thread or None)
        ]
        for table in found:
            await self._topic_table_gone(table.id)

    async def _topic_table_gone(self, table_id: int) -> None:
        async with self.tables.lock(table_id):
            fresh = await self.store.get_table(table_id)
            if fresh is None or fresh.status not in OPEN_STATUSES:
                return
            was_playing = fresh.status == PLAYING

            async def tell(ended: TableRecord) -> None:
                self.fanout.stop_later(ended, was_playing, note="stop.topic_lobby")
                self.fanout.private_later(ended, lambda: self.tell_topic_gone(ended))

            await self.moves.end(fresh, Why.TOPIC_GONE, tell)

    async def tell_topic_gone(self, table: TableRecord) -> None:
        """Each person at a table whose topic went away, in their language."""
        for seat in table.seats:
            if seat.is_computer:
                continue
            lang = await self.tables.user_lang(seat.user_id)
            text = t(lang, "stop.topic_private", table=table.id, chat=table.chat_title)
            await self.fanout.hands.send_private(table.id, seat.user_id, Screen(text))

    async def chat_moved(self, old_chat_id: int, new_chat_id: int) -> None:
        """The group became a supergroup: its table moves along with it."""
        await self.store.move_chat(old_chat_id, new_chat_id)
