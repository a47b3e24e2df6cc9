"""Results and what is read from them: a finished match's rows and the
ratings they move, written with its last move (`Stats.result_of`, called by
`Moves.commit`).

The numbers come from the engine's replay of the seed and the action log
(bot/stats/results.py); this room only adds who sat where (a person by their
id, a computer by its level) and hands the rows to the store. `/stats` and
`/top` read them back through the store and render with bot/view/stats.py.
"""

from __future__ import annotations

import functools

from bot.stats.ratings import rate
from bot.stats.results import replay_events, seat_numbers
from bot.stats.summary import Played, record
from bot.storage import MatchResult, SeatResult, TableRecord, computer_key, person_key
from bot.tables.core import Person, Reply, Tables
from bot.tables.kinds import kind_of
from bot.tables.pictures import Pictures
from bot.tables.seasons import Seasons
from bot.view import stats as stats_view
from bot.view.screen import Screen
from engine import Action, Preset

TOP_LENGTH = 10  # players on each game's leaderboard
# /top's boards are kept this long per scope (a group, or the whole bot):
# anyone may send /top in private as often as they like, and each answer
# costs one query per game (S7). A match that ends in this process drops
# its group's and the bot's boards at once.
TOP_SECONDS = 60.0
TOP_SCOPES = 1000  # scopes kept at most; the oldest goes first

Boards = list[tuple[str, list[stats_view.Leader]]]


class Stats:
    def __init__(self, tables: Tables, seasons: Seasons | None = None) -> None:
        self.tables = tables
        self.seasons = seasons  # a group match's season part (issue 68)
        self.store = tables.store
        self.pictures = Pictures(tables)
        self._boards: dict[int | None, tuple[float, Boards]] = {}
        self._ended = 0  # matches ended here: boards read across one are not kept

    def forget_top(self, chat_id: int) -> None:
        """A match of this group ended: its boards and the bot's are stale."""
        self._ended += 1
        self._boards.pop(chat_id, None)
        self._boards.pop(None, None)

    async def result_of(
        self, table: TableRecord, last: Action | None, by: int | None = None
    ) -> MatchResult:
        """The rows of a match that `last` (not yet in the log; `by` the
        person who made it, None: the computer) finishes; the caller holds
        the table's lock and saves them with the move."""
        state = table.state
        assert state is not None and table.seed is not None
        log = await self.store.action_log(table.id)
        actions = [action for _, _, action in log]
        if last is not None:
            actions.append(last)
        # A tournament's table where no person made a single move (nobody
        # came: the computer played every seat) moves no rating (N8): absent
        # people's ratings are not the computer's to win or lose.
        nobody = by is None and all(user_id is None for _, user_id, _ in log)
        unplayed = nobody and kind_of(table).link(table) is not None
        final, events = replay_events(
            state.rules, state.players, table.seed, actions, state.shuffle
        )
        numbers = seat_numbers(final, events)
        seats = []
        for seat in sorted(table.seats, key=lambda s: s.seat):
            n = numbers[seat.seat]
            computer = seat.is_computer
            level = seat.level or "normal"
            seats.append(
                SeatResult(
                    seat=seat.seat,
                    player=computer_key(level) if computer else person_key(seat.user_id),
                    user_id=None if computer else seat.user_id,
                    level=level if computer else None,
                    name=seat.name,
                    side=n.side,
                    place=n.place,
                    penalties=n.penalties,
                    deals=n.deals,
                    deals_won=n.deals_won,
                    trick_points=n.trick_points,
                    combinations=n.combinations,
                    claims_right=n.claims_right,
                    claims_wrong=n.claims_wrong,
                )
            )
        # A practice match (a person against computers in private) moves no
        # rating: its rows are kept apart and the end message says so.
        teams: dict[int, tuple[int, list[str]]] = {}
        for result in seats:
            teams.setdefault(result.side, (result.place, []))[1].append(result.player)
        rated = kind_of(table).rated and not unplayed
        rater = functools.partial(rate, list(teams.values())) if rated else None
        # Seats a person moved from: a stand-in that took one over is no
        # computer "from the start" (the hard-computer achievement).
        moved = {action.seat for _, user_id, action in log if user_id is not None}
        if by is not None and last is not None:
            moved.add(last.seat)
        season = (
            None
            if self.seasons is None
            else await self.seasons.match_part(table, events, frozenset(moved))
        )
        return MatchResult(
            game=table.preset,
            options=dict(table.options),
            chat_id=table.chat_id,
            practice=table.practice,
            seats=tuple(seats),
            rate=rater,
            season=season,
        )

    # -- /stats and /top ----------------------------------------------------------------

    async def stats(self, person: Person, chat_id: int | None, lang: str) -> Reply:
        """A person's record: in one group, or (None, in private) everywhere.
        Practice matches count apart: not here (they move no rating either).

        In a group (their own `/stats`, or as a reply to someone) only that
        group's matches are read: its record, and a chart of what its matches
        alone moved the ratings by. Ratings are the bot's (every group's
        matches move them), so their values and rated-match counts are shown
        only in private, to the person themselves: in a group they would
        tell how much, and so that, someone plays in other groups (S16)."""
        rows = await self.store.player_results(person.user_id, chat_id)
        played = [
            Played(r.game, r.result.place, r.result.penalties, r.result.deals, r.result.deals_won)
            for r in rows
            if not r.practice
        ]
        ratings = []
        if chat_id is None:
            ratings = [
                (rating.game, rating.mu, rating.matches)
                for rating in await self.store.player_ratings(person_key(person.user_id))
            ]
        chips = (
            None if chat_id is None else await self.tables.chips.balance(chat_id, person.user_id)
        )
        shown = stats_view.stats_text(
            lang, person.name, record(played), ratings, chat_id is None, chips
        )
        if self.seasons is not None and played:
            games = frozenset(Preset(p.game) for p in played)
            lines = await self.seasons.stats_lines(person.user_id, chat_id, lang, games)
            shown = "\n".join((shown, "", *lines))
        # The rating history as a picture, the text its caption (or, when too
        # long for one, the message before it); nobody rated: the text only.
        chart = await self.pictures.rating_chart(rows, person.user_id, person.name, lang, chat_id)
        return Reply(screen=Screen(shown), photo=chart)

    async def top(self, chat_id: int | None, lang: str, all_time: bool = False) -> Reply:
        """Each game's leaderboard: the group's, or (None, in private) the
        bot's. In a group with seasons, the season's (`all_time`: `/top all`)."""
        if chat_id is not None and not all_time and self.seasons is not None:
            season = await self.seasons.top(chat_id, lang)
            if season is not None:
                return season
        least = self.tables.limits.top_min_matches
        boards = await self._top_boards(chat_id, least)
        return Reply(screen=Screen(stats_view.top_text(lang, boards, chat_id is None, least)))

    async def _top_boards(self, chat_id: int | None, least: int) -> Boards:
        """Each game's leaders, from the store at most once a `TOP_SECONDS`."""
        now = self.tables.clock.now()
        kept = self._boards.get(chat_id)
        if kept is not None and now - TOP_SECONDS < kept[0] <= now:
            return kept[1]
        ended = self._ended
        boards: Boards = []
        for preset in Preset:
            rows = await self.store.leaderboard(preset.value, chat_id, least, TOP_LENGTH)
            if rows:
                boards.append(
                    (
                        preset.value,
                        [
                            stats_view.Leader(row.name, row.level, row.matches, row.wins, row.mu)
                            for row in rows
                        ],
                    )
                )
        if ended == self._ended:
            self._boards.pop(chat_id, None)
            self._boards[chat_id] = (now, boards)
        while len(self._boards) > TOP_SCOPES:
            del self._boards[next(iter(self._boards))]
        return boards
