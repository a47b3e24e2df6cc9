"""Running a tournament: its rounds' tables opened by the bot, started when
their players confirm (or, after the turn time, with the computer playing
for whoever did not), the standings after every round and the winner.

A round's table is a table of the kind `TournamentRound` (bot/tables/kinds.py)
linked to its round (the store's `tournament_tables`, read with the table
as `TableRecord.tournament`). Everything that moves
a tournament on is one idempotent step, `advance`: it reads what is stored
(the plan, the rounds, their tables' states and results), opens any table of
the current round not yet opened, records the round's results once every
table of it has ended, and opens the next round or names the winner. It runs
when a tournament starts, when one of its tables ends (after that table's
end has been told in the group) and at start-up, so a restart loses nothing:
a round is stored once, a table of a round opened once, results recorded
once (the store refuses a second time).

Telling is in the tournament's own message lane, in order; the tournament's
lock is held for its checks and writes, never while Telegram is asked.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.storage import CLOSED, FINISHED, LOBBY, OPEN_STATUSES, Seat, TableRecord
from bot.storage.tournament_records import ENDED, RUNNING, TableLink, TournamentRecord
from bot.tables.core import Person, Tables
from bot.tables.fanout import Fanout
from bot.tables.kinds import TableSettings, confirmed, kind_of, waiting
from bot.tables.lifecycle import Lifecycle
from bot.tables.shuffle import tournament_reveal
from bot.tables.tournament.awards import grant_tournament_won, tell_the_winners
from bot.tables.turns import Turns
from bot.tournaments import entrants as entrant_codec
from bot.tournaments import results
from bot.tournaments.entrants import duplicate_seed, seating
from bot.tournaments.formats import Format, Plan, champions, next_round
from bot.tournaments.model import (
    Entrant,
    Outcome,
    Played,
    Round,
    outcome_from_json,
    outcome_to_json,
    round_from_json,
    round_to_json,
)
from bot.tournaments.standings import places
from bot.tournaments.standings import table as standings_table
from bot.view import charts
from bot.view import tournament as view
from bot.view.i18n import Html, esc, plain, t
from bot.view.screen import Screen

log = logging.getLogger(__name__)

LANE = "tournament"  # the tournament's message lane (keyed by its id)
CHART_LINES = 8  # the standings chart draws the leaders only


Series = list[list[tuple[int, float]]]


class _NeedTopics(Exception):
    """The step needs these tables' forum topics (round, place) opened first."""

    def __init__(self, places: list[tuple[int, int]]) -> None:
        super().__init__(places)
        self.places = places
        self.chat_id = 0  # filled in by the step that raised it
        self.lang = ""


@dataclass(slots=True)
class _Telling:
    """What one step found to tell, in order, sent after the lock is let go:
    a text, or a chart (names and their points round by round)."""

    items: list[str | tuple[list[str], Series]] = field(default_factory=list)
    told_rounds: list[int] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.items.append(text)


class Rounds:
    def __init__(self, tables: Tables, fanout: Fanout, turns: Turns, lifecycle: Lifecycle) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns
        self.lifecycle = lifecycle

    # -- queueing ----------------------------------------------------------------------

    def advance_later(self, tournament_id: int) -> None:
        self.tables.outbox.later(tournament_id, lambda: self.advance(tournament_id), lane=LANE)

    def table_ended(self, table: TableRecord) -> None:
        """A tournament table's match ended (or the table closed): once its
        end is told in its group, the tournament moves on."""
        link = kind_of(table).link(table)
        if link is None:
            return
        tournament_id = link.tournament_id

        async def then() -> None:
            self.advance_later(tournament_id)

        self.tables.outbox.later(table.id, then)

    async def resume(self, ended_too: bool = False) -> int:
        """Once a minute: every running tournament takes its next step (a
        step that finds nothing new says nothing). At start-up (`ended_too`)
        also every tournament that ended but whose end was never told (the
        process died between saving the end and telling it, N9): its step
        tells the last standings and the 🏆 line again."""
        running = await self.store.tournaments_with_status(RUNNING)
        if ended_too:
            running += await self.store.ended_untold()
        for record in running:
            self.advance_later(record.id)
        return len(running)

    # -- the step ------------------------------------------------------------------------

    async def advance(self, tournament_id: int) -> None:
        """One step (runs in the tournament's lane: one at a time). In a
        forum each table gets a topic of its own: opening one asks Telegram,
        so the step stops short, the topics are opened holding no lock, and
        the step runs again with them."""
        topics: dict[tuple[int, int], int | None] = {}
        for _ in range(3):
            telling = _Telling()
            try:
                found = await self._locked_step(tournament_id, telling, topics)
            except _NeedTopics as need:
                for round_number, place in need.places:
                    name = t(need.lang, "tournament.topic", round=round_number, number=place + 1)
                    topics[(round_number, place)] = await self.tables.out.create_topic(
                        need.chat_id, plain(name)
                    )
                continue
            if found is None:
                return
            record, lang = found
            break
        else:
            return  # (topics asked three times: the watchdog tries again)
        for item in telling.items:
            if isinstance(item, str):
                await self._say(record, item)
            else:
                await self._chart(record, lang, *item)
        for number in telling.told_rounds:
            await self.store.set_round_told(tournament_id, number)

    async def _locked_step(
        self,
        tournament_id: int,
        telling: _Telling,
        topics: dict[tuple[int, int], int | None],
    ) -> tuple[TournamentRecord, str] | None:
        async with self.tables.lock(("tournament", tournament_id)):
            record = await self.store.get_tournament(tournament_id)
            if record is None or record.plan is None or record.status not in (RUNNING, ENDED):
                return None
            if record.status == ENDED:  # only an end never told is told again
                rounds = await self.store.tournament_rounds(tournament_id)
                if all(r.told for r in rounds):
                    return None
            lang = await self.tables.chat_lang(record.chat_id)
            try:
                await self._step(record, Plan.from_json(record.plan), lang, telling, topics)
            except _NeedTopics as need:
                need.chat_id, need.lang = record.chat_id, lang
                raise
            return record, lang

    async def _step(
        self,
        record: TournamentRecord,
        plan: Plan,
        lang: str,
        telling: _Telling,
        topics: dict[tuple[int, int], int | None],
    ) -> None:
        names = self._names(record)
        played: list[Played] = []
        final: dict[int, int] = {}  # the last round's tables (position -> id)
        for stored in await self.store.tournament_rounds(record.id):
            round_ = round_from_json(stored.round)
            final = stored.tables
            if stored.outcomes is None:
                opened = await self._open_tables(
                    record, plan, round_, stored.tables, topics, names, lang, telling
                )
                outcomes = await self._outcomes(round_, opened, lang, telling)
                if outcomes is None:
                    return  # tables still play
                await self.store.finish_round(
                    record.id, round_.number, [outcome_to_json(o) for o in outcomes]
                )
                told = False
            else:
                outcomes = [outcome_from_json(o) for o in stored.outcomes]
                told = stored.told
            played.append(Played(round_, tuple(outcomes)))
            if not told:
                self._tell_standings(plan, played, names, lang, telling)
                telling.told_rounds.append(round_.number)
        following = next_round(plan, played)
        if following is None:
            winners = champions(plan, played)
            if record.status != ENDED:  # (an end told again is saved once)
                record.status = ENDED
                await self.store.save_tournament(record)
            if winners:
                telling.say(view.winner(lang, [names.get(w, w) for w in winners]))
                last = next(iter(final.values()), None)  # where it was won
                if last is not None:
                    now = self.tables.clock.now()
                    earned = await grant_tournament_won(
                        self.store, record, winners, last, now, lang
                    )
                    if earned:
                        telling.say(earned)
                        await tell_the_winners(self.tables, record, winners)
            for reveal in await tournament_reveal(self.store, record.id, lang):
                telling.say(reveal)
            return
        await self.store.add_round(record.id, following.number, round_to_json(following))
        await self._open_tables(record, plan, following, {}, topics, names, lang, telling)

    # -- a round's tables ------------------------------------------------------------------

    async def _open_tables(
        self,
        record: TournamentRecord,
        plan: Plan,
        round_: Round,
        known: dict[int, int],
        topics: dict[tuple[int, int], int | None],
        entrant_names: dict[Entrant, str],
        lang: str,
        telling: _Telling,
    ) -> dict[int, int]:
        """Open every table of the round not yet opened (a crash may have come
        between two), seated and waiting for its players, and announce the
        round when this step opened any; their ids by place. In a forum, a
        table's topic must be opened first (`_NeedTopics`)."""
        opened = dict(known)
        missing = [p for p in range(len(round_.tables)) if p not in opened]
        if record.settings.get("forum"):
            wanted = [(round_.number, p) for p in missing if (round_.number, p) not in topics]
            if wanted:
                raise _NeedTopics(wanted)
        names = {e.user_id: e.name for e in record.entries}
        secret = int(record.settings.get("secret", 0))
        # A duplicate round's tables of a size are dealt alike: the first one
        # opened draws the shuffle's secret, the others take it.
        shared: dict[int, str] = {}
        if plan.duplicate:
            for place, table_id in opened.items():
                sibling = await self.store.get_table(table_id)
                if sibling is not None and sibling.shuffle_secret is not None:
                    size = len(seating(round_.tables[place]))
                    shared.setdefault(size, sibling.shuffle_secret)
        for place, entrants in enumerate(round_.tables):
            if place in opened:
                await self._seat(opened[place], entrants, names)
                continue
            people = seating(entrants)
            turn = record.settings.get("turn_time")
            settings = TableSettings(
                turn_time=None if turn is None else int(turn),
                waiting=tuple(people),
                deal_seed=duplicate_seed(secret, round_.number, len(people))
                if plan.duplicate
                else None,
            )
            created = await self.store.create_tournament_table(
                TableLink(record.id, round_.number, place),
                record.chat_id,
                str(record.settings.get("title", "")),
                # Opened in its first player's name, not the tournament
                # creator's: a person's cap of open tables counts theirs.
                people[0],
                record.preset,
                record.options,
                settings.to_json(),
                thread_id=topics.get((round_.number, place)) or record.thread_id,
                shuffle_secret=shared.get(len(people)),
            )
            if created is None:  # opened meanwhile (another worker): read it back
                rounds = await self.store.tournament_rounds(record.id)
                found = next(r.tables for r in rounds if r.number == round_.number)
                if place in found:
                    opened[place] = found[place]
                continue
            opened[place] = created.id
            if plan.duplicate and created.shuffle_secret is not None:
                shared.setdefault(len(people), created.shuffle_secret)
            await self._seat(created.id, entrants, names)
        if missing:
            telling.say(
                view.round_text(
                    lang,
                    round_.number,
                    plan.rounds,
                    [
                        (opened[i], [entrant_names.get(e, e) for e in entrants])
                        for i, entrants in enumerate(round_.tables)
                        if i in opened
                    ],
                    [entrant_names.get(e, e) for e in round_.byes],
                    numbers=[i + 1 for i in range(len(round_.tables)) if i in opened],
                )
            )
        return opened

    async def _seat(
        self, table_id: int, entrants: Sequence[Entrant], names: dict[int, str]
    ) -> None:
        """Seat a round's table's players if it has nobody yet, and show its lobby."""
        async with self.tables.lock(table_id):
            found = await self.store.get_table(table_id)
            if found is None or found.status != LOBBY or found.seats:
                return
            found.seats = [
                Seat(number, user_id, names.get(user_id, "?"))
                for number, user_id in enumerate(seating(entrants))
            ]
            found = await self.store.save_table(found)
            self.fanout.redraw_lobby_later(found.id, send_new=True)
            self.turns.arm_lobby(found)

    async def _outcomes(
        self, round_: Round, opened: dict[int, int], lang: str, telling: _Telling
    ) -> list[Outcome] | None:
        """Each table's result once all of the round's have ended; None before."""
        outcomes = []
        for place, entrants in enumerate(round_.tables):
            table_id = opened.get(place)
            found = None if table_id is None else await self.store.get_table(table_id)
            if found is None or found.status in OPEN_STATUSES:
                return None
            if found.status == FINISHED:
                outcomes.append(await self._result(found.id, entrants))
            else:  # closed without a result: nobody gains at it
                assert found.status == CLOSED
                telling.say(t(lang, "tournament.void", table=found.id))
                outcomes.append(results.void(entrants))
        return outcomes

    async def _result(self, table_id: int, entrants: Sequence[Entrant]) -> Outcome:
        """The table's stored results by side: side i is the round's entrant i."""
        rows = await self.store.match_results(table_id)
        return results.outcome_of(
            entrants, ((r.result.side, r.result.place, r.result.penalties) for r in rows)
        )

    # -- nobody came ----------------------------------------------------------------------

    async def no_show(self, table_id: int) -> None:
        """The turn time is up: whoever has not confirmed is played by the
        computer (the seat stays theirs; a tap on their hand takes it back),
        the group is told, and the match starts."""
        async with self.tables.lock(table_id):
            found = await self.store.get_table(table_id)
            if found is None or found.status != LOBBY or kind_of(found).link(found) is None:
                return
            absent = set(waiting(found))
            if not found.seats:
                return  # not seated yet: the tournament's step seats it and re-arms
            late = [seat.name for seat in found.seats if seat.user_id in absent]
            for seat in found.seats:
                if seat.user_id in absent:
                    seat.auto = True
            confirmed(found, ())
            found = await self.store.save_table(found)
            creator = found.creator_id
        if late:
            lang = await self.tables.chat_lang(found.chat_id)
            said = Screen(t(lang, "tournament.no_show", names=", ".join(late)))
            chat, thread = found.chat_id, found.thread_id

            async def tell() -> None:
                await self.tables.out.send(chat, said, thread=thread)

            self.tables.outbox.later(table_id, tell)
        answer = await self.lifecycle.start(table_id, Person(creator, ""), True, by_bot=True)
        await self._void_unstarted(table_id, answer.text)

    async def _void_unstarted(self, table_id: int, reason: str) -> None:
        """A round's table whose start was refused (a stake somebody cannot
        cover now, a seat count gone wrong) would wait for ever, and its
        tournament with it: it is closed, the group hears why, and its round
        counts it void (nobody gains at it), as a table closed for any other
        reason (security review N3)."""
        table = await self.store.get_table(table_id)
        if table is None or table.status != LOBBY:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        why = reason if isinstance(reason, Html) else Html(esc(reason))
        said = Screen(t(lang, "tournament.cannot_start", table=table_id, reason=why))
        chat, thread = table.chat_id, table.thread_id

        async def tell() -> None:  # before its end moves the tournament on
            await self.tables.out.send(chat, said, thread=thread)

        self.tables.outbox.later(table_id, tell)
        await self.lifecycle.close(table_id)

    # -- telling ------------------------------------------------------------------------

    @staticmethod
    def _names(record: TournamentRecord) -> dict[Entrant, str]:
        """Every entrant's name: a person's, or a team's two."""
        people = {str(e.user_id): e.name for e in record.entries}
        planned = record.plan.get("entrants", ()) if record.plan is not None else ()
        return entrant_codec.names(people, planned)

    def _tell_standings(
        self,
        plan: Plan,
        played: Sequence[Played],
        names: dict[Entrant, str],
        lang: str,
        telling: _Telling,
    ) -> None:
        number = played[-1].round.number
        if plan.format is Format.KNOCKOUT:
            winners, out = results.knockout_split(played[-1], plan.entrants)
            telling.say(
                view.knockout(
                    lang, [names.get(e, e) for e in winners], [names.get(e, e) for e in out]
                )
            )
            return
        rows = standings_table(plan.entrants, played, plan.duplicate)
        numbers = places(rows, plan.duplicate)
        lines = [
            view.Line(
                place,
                names.get(row.entrant, row.entrant),
                row.points,
                row.wins,
                row.duplicate if plan.duplicate else None,
            )
            for place, row in zip(numbers, rows, strict=True)
        ]
        telling.say(view.standings(lang, number, lines, plan.duplicate))
        leaders = rows[:CHART_LINES]
        telling.items.append(
            (
                [names.get(r.entrant, r.entrant) for r in leaders],
                [
                    [(0, 0.0)] + [(i + 1, float(p)) for i, p in enumerate(r.history)]
                    for r in leaders
                ],
            )
        )

    async def _say(self, record: TournamentRecord, text: str) -> None:
        await self.tables.out.send(record.chat_id, Screen(text), thread=record.thread_id)

    async def _chart(
        self,
        record: TournamentRecord,
        lang: str,
        names: list[str],
        series: Series,
    ) -> None:
        """The standings' picture; one that cannot be drawn is left out."""
        try:
            png: bytes = await self.tables.thinking.run(charts.standings_chart, lang, names, series)
        except Exception:
            log.exception("tournament %s: the standings chart could not be drawn", record.id)
            return
        await self.tables.out.send(
            record.chat_id, None, photo=png, silent=True, thread=record.thread_id
        )
