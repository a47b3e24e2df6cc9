"""The lobby: opening a table, joining and leaving it, its settings, and
computer seats, until the match starts (bot/tables/lifecycle.py)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from bot.seasons import reliability
from bot.seats import (
    computer_name,
    distinct_name,
    free_computer_id,
    gender,
    turn_time,
)
from bot.storage import COMPUTER, LOBBY, OPEN_STATUSES, PLAYING, Seat, TableRecord
from bot.tables.chips import stake_change_refused, staking
from bot.tables.core import Person, Refused, Reply, Rights, Tables, join_payload, refusals
from bot.tables.fanout import Fanout
from bot.tables.kinds import confirmed, kind_of, set_settings, settings_of, waiting
from bot.tables.members import Memberships
from bot.tables.notices import Notices
from bot.tables.outbox import Outcome
from bot.tables.seasons import Seasons
from bot.tables.turns import Turns
from bot.view import callbacks, names, render, rules_help
from bot.view import seasons as seasons_view
from bot.view.i18n import Html, short, t
from bot.view.screen import Button, Screen
from engine import RulesError, RuleSet
from engine.rules import PLAYER_COUNTS, Preset


def renumber(table: TableRecord) -> None:
    """Seats numbered 0, 1, 2, ... in their order after someone left (and a
    rematch no longer waits for whoever left)."""
    for index, seat in enumerate(sorted(table.seats, key=lambda s: s.seat)):
        seat.seat = index
    if waiting(table):
        seated = {seat.user_id for seat in table.seats}
        confirmed(table, [u for u in waiting(table) if u in seated])


def read_words(
    lang: str, args: Sequence[str], usage: Callable[[Preset], str]
) -> tuple[Preset, dict[str, str], dict[str, Any]]:
    """`[game] [option=value ...]` as `/new` and `/tournament` take them: the
    game, its options as typed, and the tables' own settings (turn time).
    `Refused` names the word that is wrong, followed by `usage(game)`."""
    preset_name = "burkozel"
    words = list(args)
    if words and "=" not in words[0]:
        preset_name = words.pop(0).lower()
    preset = names.preset_named(preset_name)
    if preset is None:
        raise Refused(
            Reply(
                t(
                    lang,
                    "new.bad_preset",
                    preset=short(preset_name),
                    presets=rules_help.presets_list(lang),
                )
            )
        )
    options: dict[str, str] = {}
    settings: dict[str, Any] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            bad = t(lang, "new.bad_word", word=short(word))
            raise Refused(Reply(bad + "\n\n" + usage(preset)))
        key = name.strip().lower()
        if key == "turn_time":
            seconds = turn_time(value)
            if seconds is None:
                raise Refused(Reply(t(lang, "new.bad_turn_time", value=short(value))))
            settings[key] = seconds
        elif key == reliability.OPTION:
            percent = reliability.parse_reliable(value)
            if percent is None:
                raise Refused(Reply(seasons_view.bad_option(lang, short(value))))
            settings[key] = percent
        else:
            options[key] = value.strip()
    return preset, options, settings


def parse_new(lang: str, args: Sequence[str]) -> tuple[RuleSet, dict[str, Any]]:
    """`/new [game] [option=value ...]` as rules and the bot's own settings;
    `Refused` names the word that is wrong."""
    preset, options, settings = read_words(
        lang, args, lambda game: rules_help.options_help(lang, game)
    )
    try:
        return RuleSet.create(preset, options), settings
    except RulesError as error:
        raise Refused(
            Reply(
                t(lang, "new.bad_option", error=Html(rules_help.rules_error(lang, error)))
                + "\n\n"
                + rules_help.options_help(lang, preset)
            )
        ) from None


class Lobby:
    def __init__(
        self,
        tables: Tables,
        fanout: Fanout,
        turns: Turns,
        members: Memberships,
        seasons: Seasons | None = None,
    ) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns
        self.notices = Notices(tables, fanout, members)
        self.seasons = seasons  # reliability: the lobby's marks and `reliable=N`

    def _redraw(self, table_id: int, settings: bool = False) -> None:
        self.fanout.redraw_lobby_later(table_id, settings=settings)

    # -- opening a table ------------------------------------------------------------------

    @refusals
    async def new_table(
        self,
        chat_id: int,
        chat_title: str,
        person: Person,
        args: Sequence[str],
        thread: int | None = None,
    ) -> Reply:
        """`thread`: the forum topic `/new` was sent in (None: the chat itself,
        or a forum's General); the table lives there, one open table a topic."""
        lang = await self.store.get_chat_lang(chat_id)
        if lang is None:
            # A group speaks the language of whoever opens its first table
            # (until /lang says otherwise), not the bot's default.
            lang = await self.tables.user_lang(person.user_id, person.language_code)
            await self.store.set_chat_lang(chat_id, chat_title, lang)
        rules, settings = parse_new(lang, args)
        if rules.stake > 0:  # the creator sits down at once: they stake too
            balance = await self.tables.chips.balance(chat_id, person.user_id)
            if balance < rules.stake:
                return Reply(t(lang, "chips.short_new", balance=balance, stake=rules.stake))
        async with self.tables.person_lock(person.user_id), self.tables.lock(("chat", chat_id)):
            existing = await self.store.open_table_in_chat(chat_id, thread)
            if existing is not None:
                return Reply(t(lang, "new.exists", table=existing.id))
            await self.tables.require_room(person.user_id, lang)
            table = await self.store.create_table(
                chat_id,
                chat_title,
                person.user_id,
                rules.preset.value,
                rules.changed_options(),
                settings,
                thread_id=thread,
            )
            if table is None:
                return Reply(t(lang, "new.exists", table="?"))
            reply = Reply()
            user = await self.store.get_user(person.user_id)
            if user is not None and user.started:
                table.seats.append(Seat(0, person.user_id, person.name))
                table = await self.store.save_table(table)
            else:
                text = t(lang, "join.need_start_group", name=person.name)
                link = Button(t(lang, "button.open_private"), url=self.tables.join_link(table))
                reply = Reply(text, screen=Screen(text, ((link,),)))
            self.fanout.redraw_lobby_later(table.id, send_new=True)
            self.turns.arm_lobby(table)
            self.notices.opened(table, person.user_id)
            return reply

    # -- /notify ----------------------------------------------------------------------------

    async def toggle_notify(self, chat_id: int, person: Person, lang: str) -> Reply:
        """/notify in a group (bot/tables/notices.py)."""
        return await self.notices.toggle(chat_id, person, lang)

    # -- joining and leaving ----------------------------------------------------------------

    @refusals
    async def join(
        self,
        table_id: int,
        person: Person,
        chat_lang: str | None = None,
        version: int | None = None,
    ) -> Reply:
        """Seat `person` if the bot can reach them in private; else a link to open the chat.

        `version`: the lobby drawing a join button was tapped on. At a chip
        table an older drawing may show another stake than the table has
        now: that tap is stale, so nobody sits for a stake they did not see.

        The seat is committed first and the private "you sit at table N"
        sent after, holding no lock, as a job of its own lane: a private chat
        that is slow, or paused by Telegram, must stall neither the table
        nor the group's taps waiting behind this one in the chat's turn
        (security review S17: they waited 3 s behind a 3 s send). Whom it
        cannot reach (they blocked the bot since) is unseated by a second
        commit, and the group is told with the link to start the bot."""
        async with (
            self.tables.person_lock(person.user_id),
            self.tables.opened(table_id, OPEN_STATUSES, lang=chat_lang) as found,
        ):
            table, lang = found.table, found.lang
            if table.seat_of(person.user_id) is not None:
                return Reply(t(lang, "join.already"))
            if table.status != LOBBY:
                raise found.refuse("join.started")
            if staking(table) > 0:
                found.require_version(version)
            if len(table.seats) >= max(PLAYER_COUNTS[table.rules.preset]):
                raise found.refuse("join.full")
            await self.tables.require_chips(found, person.user_id)
            if self.seasons is not None:
                await self.seasons.require_reliable(found, person.user_id)
            await self.tables.require_room(person.user_id, lang)
            user = await self.store.get_user(person.user_id)
            if user is None or not user.started:
                return Reply(t(lang, "join.need_start"), url=self.tables.join_link(table))
            name = distinct_name(person.name, table.names, person.username)
            table.seats.append(Seat(len(table.seats), person.user_id, name))
            table = await self.store.save_table(table)
            self.turns.arm_lobby(table)
        seated = table

        async def tell_seated() -> None:
            await self._tell_seated(seated, person, name, lang)

        self.tables.outbox.later(table_id, tell_seated, lane=f"seated:{person.user_id}")
        self._redraw(table_id)
        return Reply(t(lang, "join.done"))

    async def _tell_seated(self, table: TableRecord, person: Person, name: str, lang: str) -> None:
        """The private "you sit at table N"; whom it cannot reach is unseated."""
        private_lang = await self.tables.user_lang(person.user_id, person.language_code)
        outcome, _ = await self.tables.out.send(
            person.user_id,
            Screen(t(private_lang, "join.private", table=table.id, chat=table.chat_title)),
            silent=True,
        )
        if outcome is not Outcome.FORBIDDEN:
            return
        await self.store.set_started(person.user_id, False)
        if await self._unseat(table.id, person.user_id):
            self._redraw(table.id)
            text = t(lang, "join.need_start_group", name=name)
            link = Button(t(lang, "button.open_private"), url=self.tables.join_link(table))
            await self.tables.out.send(
                table.chat_id, Screen(text, ((link,),)), thread=table.thread_id
            )

    async def _unseat(self, table_id: int, user_id: int) -> bool:
        """Take back a seat just given to someone the bot cannot reach, while
        the table is still a lobby (once started, their hand says they are
        unreachable, as for anyone who blocks the bot mid-match); whether
        it did."""
        async with self.tables.lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or table.status != LOBBY or table.seat_of(user_id) is None:
                return False
            table.seats = [s for s in table.seats if s.user_id != user_id]
            renumber(table)
            await self.store.save_table(table)
            return True

    async def join_by_link(self, payload: str, person: Person, lang: str) -> Reply:
        """`/start j<id>_<token>` in private: seat a member of the table's group.

        Every link that does not seat the person gets the same one sentence,
        whatever the reason (a forged, cut or old link, no such table, a
        closed one, not in its group): an outsider learns neither that the
        table exists nor which group owns it."""
        refused = Reply(t(lang, "join.link_refused"))
        parsed = join_payload(payload)
        if parsed is None:
            return refused
        table_id, token = parsed
        table = await self.store.get_table(table_id)
        if (
            table is None
            or not kind_of(table).members_only
            or kind_of(table).fixed_seats  # a round's players confirm in the group
            or table.status not in OPEN_STATUSES
            or not table.join_token
            or not secrets.compare_digest(table.join_token, token)
            or not await self.tables.out.is_member(table.chat_id, person.user_id)
        ):
            return refused
        return await self.join(table_id, person, chat_lang=lang)

    @refusals
    async def leave(self, table_id: int, person: Person) -> Reply:
        async with self.tables.opened(table_id, OPEN_STATUSES) as found:
            table, lang = found.table, found.lang
            found.require_open_lobby()
            if table.seat_of(person.user_id) is None:
                return Reply(t(lang, "leave.not_seated"))
            if table.status == PLAYING:
                # The confirmation is posted in the group: it names who asked.
                data = callbacks.quit_match(table.id, table.version, person.user_id)
                confirm = Button(t(lang, "button.leave_confirm"), data)
                return Reply(
                    t(lang, "leave.confirm"),
                    screen=Screen(t(lang, "leave.confirm"), ((confirm,),)),
                )
            table.seats = [s for s in table.seats if s.user_id != person.user_id]
            renumber(table)
            await self.store.save_table(table)
            self._redraw(table_id)
            return Reply(t(lang, "leave.done"))

    # -- settings ---------------------------------------------------------------------------

    @refusals
    async def show_settings(
        self, table_id: int, person: Person, is_admin: Rights, show: bool
    ) -> Reply:
        """The settings screen (`show`) or back to the lobby: either way the
        creator's or an admin's, like the settings themselves."""
        is_admin = await self.tables.ask_rights(table_id, person, is_admin)
        async with self.tables.opened(table_id, (LOBBY,)) as found:
            found.require_open_lobby()
            await found.require_rights(person, is_admin, "settings.not_allowed")
            self._redraw(table_id, settings=show)
            return Reply()

    @refusals
    async def set_option(
        self, payload: callbacks.SetOption, person: Person, is_admin: Rights
    ) -> Reply:
        is_admin = await self.tables.ask_rights(payload.table, person, is_admin)
        async with self.tables.opened(payload.table, (LOBBY,)) as found:
            table, lang = found.table, found.lang
            found.require_open_lobby()
            await found.require_rights(person, is_admin, "settings.not_allowed")
            found.require_version(payload.version)
            if payload.option == "stake":
                refused = stake_change_refused(table, person.user_id, payload.value)
                if refused is not None:
                    raise found.refuse(refused[0], True, **refused[1])
            if payload.option == "turn_time":
                seconds = turn_time(payload.value)
                if seconds is None:
                    raise found.refuse("new.bad_turn_time", value=payload.value)
                set_settings(table, settings_of(table).but(turn_time=seconds))
                await self.store.save_table(table)
                self._redraw(table.id, settings=True)
                return Reply(
                    t(lang, "settings.changed", name=t(lang, "option.turn_time"), value=seconds)
                )
            try:
                rules = table.rules.with_options({payload.option: payload.value})
            except RulesError as error:
                return Reply(rules_help.rules_error(lang, error), alert=True)
            table.options = rules.changed_options()
            await self.store.save_table(table)
            self._redraw(table.id, settings=True)
            value = render.option_value(lang, payload.option, getattr(rules, payload.option))
            return Reply(
                t(lang, "settings.changed", name=t(lang, f"option.{payload.option}"), value=value)
            )

    @refusals
    async def remove_player(
        self, payload: callbacks.RemoveSeat, person: Person, is_admin: Rights
    ) -> Reply:
        """A seat's button on the settings screen: the creator or an admin
        takes anybody out of the lobby (an outsider who came with a link
        cannot be /kick-ed: there is no message of theirs to reply to)."""
        is_admin = await self.tables.ask_rights(payload.table, person, is_admin)
        async with self.tables.opened(payload.table, (LOBBY,)) as found:
            table, lang = found.table, found.lang
            found.require_open_lobby()
            await found.require_rights(person, is_admin, "kick.not_allowed")
            found.require_version(payload.version)
            gone = next((s for s in table.seats if s.seat == payload.seat), None)
            if gone is None:
                raise found.refuse("tap.stale", alert=False)
            table.seats = [s for s in table.seats if s is not gone]
            renumber(table)
            await self.store.save_table(table)
            self._redraw(table.id, settings=True)
            return Reply(t(lang, "kick.lobby", name=gone.name))

    # -- computer seats ---------------------------------------------------------------------

    @refusals
    async def add_computer(
        self, table_id: int, person: Person, is_admin: Rights, level: str | None = None
    ) -> Reply:
        is_admin = await self.tables.ask_rights(table_id, person, is_admin)
        async with self.tables.opened(table_id, (LOBBY,)) as found:
            table, lang = found.table, found.lang
            found.require_open_lobby()
            await found.require_rights(person, is_admin, "computer.not_allowed")
            chosen = names.level_named(level) if level else self.tables.timing.standin_level
            if chosen is None:
                raise found.refuse("computer.bad_level", levels=names.levels_list(lang))
            if len(table.seats) >= max(PLAYER_COUNTS[table.rules.preset]):
                raise found.refuse("join.full")
            await self.tables.require_chips(found, person.user_id)
            name = computer_name(table, lang)
            number, user_id = len(table.seats), free_computer_id(table)
            seat = Seat(number, user_id, name, kind=COMPUTER, level=chosen)
            table.seats.append(seat)
            table = await self.store.save_table(table)
            self._redraw(table.id)
            self.turns.arm_lobby(table)
            level_name = names.level_name(lang, chosen)
            return Reply(
                t(lang, "computer.added", name=name, level=level_name, gender=gender(seat))
            )

    @refusals
    async def remove_computer(self, table_id: int, person: Person, is_admin: Rights) -> Reply:
        is_admin = await self.tables.ask_rights(table_id, person, is_admin)
        async with self.tables.opened(table_id, (LOBBY,)) as found:
            table, lang = found.table, found.lang
            found.require_open_lobby()
            await found.require_rights(person, is_admin, "computer.not_allowed")
            computers = [s for s in table.seats if s.is_computer]
            if not computers:
                raise found.refuse("computer.none")
            gone = computers[-1]
            table.seats = [s for s in table.seats if s is not gone]
            renumber(table)
            await self.store.save_table(table)
            self._redraw(table.id)
            return Reply(t(lang, "computer.removed", name=gone.name, gender=gender(gone)))
