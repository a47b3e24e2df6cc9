"""A tournament before it runs: `/tournament` opens registration in a group
(one at a time there), people register with the message's button or /join,
and its creator or an admin starts it (/start, ▶️) or stops it (/stop, at any
time). Starting fixes the plan (bot/tournaments/formats.py): the entrants in
seed order, best rated first (kozel: teams of two in order of registration),
and the format the number registered calls for unless one was chosen; then
bot/tables/tournament/runner.py runs it.

Every change of the field bumps the tournament's version, so a start that
read the field before a late registration commits nothing and is told so.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from bot.storage import Conflict, person_key
from bot.storage.tournament_records import (
    REGISTERING,
    RUNNING,
    STOPPED,
    TournamentRecord,
)
from bot.tables.core import Person, Refused, Reply, Rights, Tables, refusals
from bot.tables.lifecycle import Lifecycle
from bot.tables.lobby import read_words
from bot.tables.members import Memberships
from bot.tables.tournament.runner import LANE, Rounds
from bot.tournaments import formats
from bot.tournaments.entrants import listed, people_of, team
from bot.tournaments.formats import Format, Settings, TournamentError
from bot.tournaments.seeding import seeded
from bot.view import render, rules_help
from bot.view import tournament as view
from bot.view.i18n import Html, short, t
from bot.view.screen import Screen
from engine import RulesError, RuleSet
from engine.rules import PLAYER_COUNTS, Preset

# People who may register at most (N11): as many as a plan takes
# (formats.MAX_ENTRANTS; in kozel half as many teams), and a list that still
# fits one message (past about 97 names it could no longer be edited).
PLACES = formats.MAX_ENTRANTS
MAX_ASKS = 10_000  # kozel partner asks remembered (the oldest forgotten first)


def parse_tournament(lang: str, args: Sequence[str]) -> tuple[Settings, RuleSet, dict[str, Any]]:
    """`/tournament [game] [option=value ...]`: the tournament's settings,
    the game's rules and the tables' own settings (turn time); `Refused`
    names what is wrong, and nothing is made."""
    preset, raw, table_settings = read_words(lang, args, lambda _: t(lang, "tournament.usage"))
    try:
        settings, game = formats.split_options(preset, raw)
    except TournamentError as error:
        raise Refused(Reply(_explain(lang, preset, error))) from None
    try:
        rules = RuleSet.create(preset, game)
    except RulesError as error:
        raise Refused(
            Reply(
                t(lang, "new.bad_option", error=Html(rules_help.rules_error(lang, error)))
                + "\n\n"
                + t(lang, "tournament.usage")
            )
        ) from None
    return settings, rules, table_settings


def _explain(lang: str, preset: Preset, error: TournamentError) -> str:
    if error.code == "format":
        return t(lang, "tournament.bad_format", value=short(error.value))
    if error.code == "rounds":
        return t(lang, "tournament.bad_rounds", max=formats.MAX_ROUNDS)
    if error.code == "size":
        counts = ", ".join(str(n) for n in PLAYER_COUNTS[preset])
        return t(lang, "tournament.bad_size", game=t(lang, f"preset.{preset.value}"), counts=counts)
    if error.code == "duplicate":
        return t(lang, "tournament.bad_duplicate")
    return t(lang, "tournament.bad_rounds_not_swiss")


class Tournaments:
    def __init__(
        self, tables: Tables, rounds: Rounds, lifecycle: Lifecycle, members: Memberships
    ) -> None:
        self.tables = tables
        self.members = members
        self.store = tables.store
        self.rounds = rounds
        self.lifecycle = lifecycle
        # Kozel: who asked whom to be partners (tournament, asker) -> asked;
        # a team forms only when the one asked answers (N12). In memory: a
        # restart forgets the asks, and they are made again.
        self._asks: dict[tuple[int, int], int] = {}

    def _lock(self, tournament_id: int) -> Any:
        return self.tables.lock(("tournament", tournament_id))

    # -- opening --------------------------------------------------------------------------

    @refusals
    async def open(
        self,
        chat_id: int,
        chat_title: str,
        person: Person,
        args: Sequence[str],
        thread: int | None = None,
        forum: bool = False,
    ) -> Reply:
        """`forum`: the group has topics, and each table gets one of its own."""
        lang = await self.store.get_chat_lang(chat_id)
        if lang is None:
            lang = await self.tables.user_lang(person.user_id, person.language_code)
            await self.store.set_chat_lang(chat_id, chat_title, lang)
        settings, rules, table_settings = parse_tournament(lang, args)
        record = await self.store.create_tournament(
            chat_id,
            thread,
            person.user_id,
            rules.preset.value,
            rules.changed_options(),
            {**settings.to_json(), **table_settings, "title": chat_title, "forum": forum},
        )
        if record is None:
            return Reply(t(lang, "tournament.exists"))
        self.redraw_later(record.id, send_new=True)
        return Reply()

    async def in_chat(self, chat_id: int) -> TournamentRecord | None:
        return await self.store.open_tournament_in_chat(chat_id)

    async def registering_in(self, chat_id: int, running_too: bool = False) -> int | None:
        """The group's tournament that takes registrations (or, `running_too`,
        that runs), if any."""
        record = await self.store.open_tournament_in_chat(chat_id)
        if record is None or (record.status != REGISTERING and not running_too):
            return None
        return record.id

    async def chat_of(self, tournament_id: int) -> int | None:
        record = await self.store.get_tournament(tournament_id)
        return None if record is None else record.chat_id

    # -- registration -------------------------------------------------------------------

    @refusals
    async def register(
        self, tournament_id: int, person: Person, partner: Person | None = None
    ) -> Reply:
        """`partner`: in kozel, /join in reply to a registered person without
        a partner asks them to be partners; the two are a team once they
        answer so too (N12: the one replied to was made a partner without
        being asked). Elsewhere it is only a /join."""
        record, lang = await self._registering(tournament_id)
        if not await self.members.is_member(record.chat_id, person.user_id):
            return Reply(t(lang, "join.not_member"), alert=True)
        teams = Settings.from_json(record.settings).teams
        if teams and partner is not None and partner.user_id != person.user_id:
            return await self._ask(record, lang, person, partner)
        if record.entry_of(person.user_id) is not None:
            return Reply(t(lang, "tournament.already"))
        if len(record.entries) >= PLACES:
            return Reply(t(lang, "tournament.full", max=PLACES), alert=True)
        refused = await self._enter(record, lang, person)
        if refused is not None:
            return refused
        self.redraw_later(tournament_id)
        return Reply(t(lang, "tournament.joined"))

    async def _enter(self, record: TournamentRecord, lang: str, person: Person) -> Reply | None:
        """Register the person on their own; a refusal, or None when they are in."""
        user = await self.store.get_user(person.user_id)
        if user is None or not user.started:
            # Hands come in private: the bot must be able to write there.
            return Reply(t(lang, "join.need_start"), url=self.tables.deep_link("hi"))
        # Each match takes the stake: whoever cannot cover it now does not
        # register (security review N3; a balance that falls later voids
        # that table: Rounds.no_show).
        stake = RuleSet.create(record.preset, record.options).stake
        if stake > 0:
            balance = await self.tables.chips.balance(record.chat_id, person.user_id)
            if balance < stake:
                return Reply(t(lang, "tournament.short_chips", balance=balance, stake=stake))
        if await self.store.enter_tournament(record.id, person.user_id, person.name, places=PLACES):
            return None
        fresh, _ = await self._registering(record.id)
        if fresh.entry_of(person.user_id) is not None:
            return None  # in already
        return Reply(t(lang, "tournament.full", max=PLACES), alert=True)

    async def _ask(
        self, record: TournamentRecord, lang: str, person: Person, partner: Person
    ) -> Reply:
        """Kozel: `person` replied /join to `partner`. If `partner` asked them
        before, the two are a team; otherwise `person` is registered (on
        their own until then) and the ask is said in the group."""
        taken = Reply(t(lang, "tournament.partner_taken", name=partner.name))
        theirs, mine = record.entry_of(partner.user_id), record.entry_of(person.user_id)
        if theirs is None or theirs.partner is not None:
            return taken
        if mine is not None and mine.partner is not None:
            return Reply(t(lang, "tournament.already"))
        if mine is None and len(record.entries) >= PLACES:
            return Reply(t(lang, "tournament.full", max=PLACES), alert=True)
        refused = await self._enter(record, lang, person)
        if refused is not None:
            return refused
        asked = self._asks.get((record.id, partner.user_id)) == person.user_id
        if asked and await self.store.pair_entries(record.id, person.user_id, partner.user_id):
            self._asks.pop((record.id, partner.user_id), None)
            self._asks.pop((record.id, person.user_id), None)
            self.redraw_later(record.id)
            return Reply(t(lang, "tournament.joined_team", name=partner.name))
        if asked:  # one of the two found a partner meanwhile
            return taken
        self._asks[(record.id, person.user_id)] = partner.user_id
        while len(self._asks) > MAX_ASKS:
            del self._asks[next(iter(self._asks))]
        self.redraw_later(record.id)
        return Reply(t(lang, "tournament.partner_asked", name=person.name, partner=partner.name))

    @refusals
    async def leave(self, tournament_id: int, person: Person) -> Reply:
        _, lang = await self._registering(tournament_id)
        if not await self.store.leave_tournament(tournament_id, person.user_id):
            return Reply(t(lang, "tournament.not_registered"))
        self.redraw_later(tournament_id)
        return Reply(t(lang, "tournament.left"))

    async def _registering(self, tournament_id: int) -> tuple[TournamentRecord, str]:
        record = await self.store.get_tournament(tournament_id)
        lang = self.tables.default_language
        if record is not None:
            lang = await self.tables.chat_lang(record.chat_id)
        if record is None or record.status not in (REGISTERING, RUNNING):
            raise Refused(Reply(t(lang, "tournament.gone"), alert=True))
        if record.status != REGISTERING:
            raise Refused(Reply(t(lang, "tournament.closed"), alert=True))
        return record, lang

    # -- starting and stopping -------------------------------------------------------------

    @refusals
    async def start(self, tournament_id: int, person: Person, is_admin: Rights) -> Reply:
        record, lang = await self._registering(tournament_id)
        if person.user_id != record.creator_id and not (
            is_admin if isinstance(is_admin, bool) else await is_admin()
        ):
            return Reply(t(lang, "tournament.not_allowed"), alert=True)
        odd_out: str | None = None
        async with self._lock(tournament_id):
            record, lang = await self._registering(tournament_id)
            settings = Settings.from_json(record.settings)
            people = [str(e.user_id) for e in record.entries]
            if settings.teams:
                partners = {
                    str(e.user_id): str(e.partner) for e in record.entries if e.partner is not None
                }
                teams = formats.teams_of(people, partners)
                entrants = [team(members) for members in teams]
                seated = {p for members in teams for p in members}
                left = [e.name for e in record.entries if str(e.user_id) not in seated]
                odd_out = left[0] if left else None
                needed = 2 * formats.TEAM_SIZE
            else:
                entrants, needed = people, 2
            if len(entrants) < 2:
                return Reply(
                    t(lang, "tournament.too_few", count=len(people), needed=needed), alert=True
                )
            ordered = await self._seeded(record.preset, entrants)
            try:
                plan = formats.plan(settings, ordered)
            except TournamentError:
                return Reply(
                    t(lang, "tournament.too_few", count=len(people), needed=needed), alert=True
                )
            record.plan = plan.to_json()
            record.status = RUNNING
            if plan.duplicate:
                record.settings = {**record.settings, "secret": secrets.randbits(62)}
            try:
                await self.store.save_tournament(record)
            except Conflict:  # someone registered or left meanwhile: the field moved
                return Reply(t(lang, "tap.stale"), alert=True)
        self.redraw_later(tournament_id)
        said = view.started(lang, plan.format.value, plan.rounds)
        if odd_out is not None:
            said += "\n" + t(lang, "tournament.odd_out", name=odd_out)
        self._say_later(record, said)
        self.rounds.advance_later(tournament_id)
        return Reply(t(lang, "start.done_toast"))

    async def _seeded(self, preset: str, entrants: list[str]) -> list[str]:
        """Best rated first (bot/tournaments/seeding.py), by the ratings stored
        for the tournament's game."""
        ratings: dict[str, list[float]] = {}
        for person in {p for e in entrants for p in people_of(e)}:
            rated = await self.store.player_ratings(person_key(person))
            ratings[str(person)] = [r.mu for r in rated if r.game == preset]
        return seeded(entrants, ratings)

    @refusals
    async def stop(self, chat_id: int, person: Person, is_admin: Rights) -> Reply:
        lang = await self.tables.chat_lang(chat_id)
        record = await self.store.open_tournament_in_chat(chat_id)
        if record is None:
            return Reply(t(lang, "tournament.none"))
        if person.user_id != record.creator_id and not (
            is_admin if isinstance(is_admin, bool) else await is_admin()
        ):
            return Reply(t(lang, "tournament.not_allowed"))
        async with self._lock(record.id):
            fresh = await self.store.get_tournament(record.id)
            if fresh is None or fresh.status not in (REGISTERING, RUNNING):
                return Reply(t(lang, "tournament.none"))
            fresh.status = STOPPED
            await self.store.save_tournament(fresh)
        await self._close_tables(fresh.id)
        self.redraw_later(fresh.id)
        return Reply(t(lang, "tournament.stopped", name=person.name))

    async def chat_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: its tournament stops there (N8:
        it went on opening rounds that computers played out for absent
        people, in a chat nobody could read). Its open tables close with the
        group's others, quietly (`Lifecycle.chat_gone`)."""
        record = await self.store.open_tournament_in_chat(chat_id)
        if record is None:
            return
        async with self._lock(record.id):
            fresh = await self.store.get_tournament(record.id)
            if fresh is None or fresh.status not in (REGISTERING, RUNNING):
                return
            fresh.status = STOPPED
            await self.store.save_tournament(fresh)

    async def _close_tables(self, tournament_id: int) -> None:
        """Its tables still open close as /stop closes a table."""
        for stored in await self.store.tournament_rounds(tournament_id):
            for table_id in stored.tables.values():
                await self.lifecycle.close(table_id)

    # -- the registration message ------------------------------------------------------

    def redraw_later(self, tournament_id: int, send_new: bool = False) -> None:
        self.tables.outbox.later(
            tournament_id,
            lambda: self.redraw(tournament_id, send_new),
            lane=LANE,
            kind="registration",
            coalesce=not send_new,
        )

    def _say_later(self, record: TournamentRecord, text: str) -> None:
        chat, thread = record.chat_id, record.thread_id

        async def say() -> None:
            await self.tables.out.send(chat, Screen(text), thread=thread)

        self.tables.outbox.later(record.id, say, lane=LANE)

    async def redraw(self, tournament_id: int, send_new: bool = False) -> None:
        record = await self.store.get_tournament(tournament_id)
        if record is None:
            return
        lang = await self.tables.chat_lang(record.chat_id)
        screen = view.registration(await self._registration(record, lang), lang)
        if send_new or record.message_id is None:
            _, message_id = await self.tables.out.send(
                record.chat_id, screen, thread=record.thread_id
            )
        else:
            _, message_id = await self.tables.out.edit_or_send(
                record.chat_id, record.message_id, screen, thread=record.thread_id
            )
        if message_id is None or message_id == record.message_id:
            return
        async with self._lock(tournament_id):
            for _ in range(5):  # registrations bump the version: read it again
                fresh = await self.store.get_tournament(tournament_id)
                if fresh is None:
                    return
                fresh.message_id = message_id
                try:
                    await self.store.save_tournament(fresh)
                    return
                except Conflict:
                    continue

    async def _registration(self, record: TournamentRecord, lang: str) -> view.Registration:
        settings = Settings.from_json(record.settings)
        rules = RuleSet.create(record.preset, record.options)
        plan = formats.Plan.from_json(record.plan) if record.plan else None
        fmt = plan.format if plan else settings.format
        rounds = plan.rounds if plan else settings.rounds
        size = plan.size if plan and not settings.teams else settings.size
        changed = tuple(render.options_lines(lang, rules, only_changed=True))
        creator = record.entry_of(record.creator_id)
        if creator is None:
            user = await self.store.get_user(record.creator_id)
            creator_name = user.name if user else "?"
        else:
            creator_name = creator.name
        return view.Registration(
            id=record.id,
            game=t(lang, f"preset.{record.preset}"),
            format=fmt.value if isinstance(fmt, Format) else None,
            rounds=rounds if fmt is Format.SWISS else None,
            size=size,
            duplicate=settings.duplicate,
            teams=settings.teams,
            options=changed,
            names=listed([(e.user_id, e.name, e.partner) for e in record.entries]),
            creator=creator_name,
            registered=len(record.entries),
            places=PLACES,
            open=record.status == REGISTERING,
        )
