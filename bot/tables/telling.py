"""What a committed move tells, decided without talking to anyone: the plan.

`plan_move` reads the table as stored (the newest state: a later move may
already be committed), the move's `MoveNews` and what the executor read
besides (`Reading`: languages, who blocked the bot), and returns a `Telling`:
the group's messages in order, the deal's live message closed beside them,
and each seat's private operations. `hand_update` is the one rule for a
hand: whether it rings, is sent fresh, is edited, or is left alone, and at
which priority. bot/tables/teller.py runs a plan; bot/tables/fanout.py queues
the jobs that do.

Who hears a table is an `Audience` (bot/tables/audience.py), chosen once per
table.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.seats import has_buttons
from bot.storage import PLAYING, Seat, TableRecord
from bot.tables.audience import Audience
from bot.tables.outbox import Priority
from bot.view import callbacks, news, render
from bot.view import hand as hand_view
from bot.view.forced import forced_action
from bot.view.i18n import t
from bot.view.screen import Button, Screen, TableInfo
from engine import MatchState, TableView, view_for
from engine.actions import Kind
from engine.events import Event, MatchOver

# -- what is told, and to whom ----------------------------------------------------------


def deals_played(events: Sequence[Event]) -> int:
    """The deals of a match that these events ended (0 if they did not)."""
    over = next((e for e in events if isinstance(e, MatchOver)), None)
    return 0 if over is None else over.deals


@dataclass(frozen=True)
class MoveNews:
    """One committed move as its telling needs it: the position before it
    (for the closing of its deal), its events, and news the commit added
    (a seat taken over, a computer's comment). Who moved is not here: what
    is told is drawn from the stored state."""

    table_id: int
    previous: MatchState
    events: tuple[Event, ...]
    extra_news: tuple[str, ...] = ()
    end_news: tuple[str, ...] = ()  # lines of the match's end message (achievements)

    @property
    def step(self) -> int:
        """The move's number in the table's log (what `told_step` counts)."""
        return self.previous.step + 1

    @property
    def deal_over(self) -> bool:
        return news.deal_ended(self.events)

    @property
    def match_over(self) -> bool:
        return any(isinstance(e, MatchOver) for e in self.events)

    @property
    def deals(self) -> int:
        return deals_played(self.events)

    def newer(self, table: TableRecord) -> bool:
        """A later move is already committed: its job draws the newest position."""
        return table.state is not None and table.state.step > self.step


@dataclass(frozen=True)
class Reading:
    """What the executor read for a plan besides the table: the table as
    rendering sees it (with the ratings when the match ended), the group's
    language, each person's by seat (only those told), and the seats the
    computer plays for a person who blocked the bot."""

    info: TableInfo
    lang: str
    langs: Mapping[int, str] = field(default_factory=dict)
    unreachable: frozenset[int] = frozenset()


# -- operations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Say:
    """A message to the group."""

    screen: Screen
    silent: bool = False
    priority: Priority = Priority.RECORD


@dataclass(frozen=True)
class EndMatch:
    """The match's end message, with its chart after enough deals."""

    screen: Screen
    deals: int


@dataclass(frozen=True)
class PostLive:
    """A new live table message (silent), its id kept."""

    screen: Screen
    priority: Priority = Priority.RECORD


@dataclass(frozen=True)
class RedrawLive:
    """The live message edited (sent anew when it is gone), its id kept."""

    screen: Screen
    priority: Priority = Priority.RECORD


GroupOp = Say | EndMatch | PostLive | RedrawLive


@dataclass(frozen=True)
class CloseLive:
    """The ended deal's live message becomes its record: its id forgotten
    first (nothing failing later can have it edited over), then the edit,
    beside the group's new messages (an edit keeps the chat's order)."""

    message_id: int
    screen: Screen


@dataclass(frozen=True)
class RecordDeal:
    """A hand becomes the ended deal's record in its person's language; the
    next hand is a new message, sent only after this edit: the record has no
    buttons, so no tap on the old deal's hand can be made once the new hand
    shows. `priority`: `Priority.NOW` in a private chat of its own (the new
    hand, which a person acts on, waits behind it), the group's record's in
    one chat."""

    message_id: int
    screen: Screen
    priority: Priority


@dataclass(frozen=True)
class PutHand:
    """A hand drawn: `fresh` a new message (else an edit of the one there is),
    `ring` with a notification, `old` the hand it replaces (deleted while the
    new one is sent)."""

    screen: Screen
    fresh: bool
    ring: bool
    priority: Priority
    old: int | None = None


@dataclass(frozen=True)
class CloseHand:
    """The match is over: the hand keeps its text and loses its buttons."""

    message_id: int


@dataclass(frozen=True)
class SeatTelling:
    seat: int
    record: RecordDeal | None = None
    hand: PutHand | CloseHand | None = None


@dataclass(frozen=True)
class Telling:
    """A move's telling. The group's `group` operations run in order, with
    `closing` beside them; each seat's record, then its hand. `over`: the
    hands close after the group's end message (else they go beside it)."""

    closing: CloseLive | None = None
    group: tuple[GroupOp, ...] = ()
    seats: tuple[SeatTelling, ...] = ()
    over: bool = False


# -- the rules ------------------------------------------------------------------------------


def people(table: TableRecord) -> list[Seat]:
    """The people at a table (computers have no chat), in seat order."""
    return sorted((s for s in table.seats if not s.is_computer), key=lambda s: s.seat)


def declarable(view: TableView) -> bool:
    return any(action.kind is Kind.DECLARE for action in view.legal)


def with_end_news(end: str, lines: Sequence[str], asks_again: bool) -> str:
    """The end message with what was earned: after the standing and the
    ratings, before the last line's call to play again (next to its button)."""
    if not asks_again:
        return "\n\n".join((end, *lines))
    head, _, call = end.rpartition("\n")
    return "\n".join((head.rstrip("\n"), "", *lines, "", call))


def match_end_screen(audience: Audience, table_id: int, lang: str, end: str) -> Screen:
    """The match's end, with the rematch button where one is offered."""
    if not audience.rematch:
        return Screen(end)
    again = Button(t(lang, "button.rematch"), callbacks.rematch(table_id))
    return Screen(end, ((again,),))


def hand_update(
    info: TableInfo,
    lang: str,
    state: MatchState,
    seat: Seat,
    previous: MatchState | None,
    refresh: bool = False,
) -> PutHand | None:
    """What a seat's hand message gets after a change (None: nothing).

    When the turn comes to a player, their hand is sent anew (an edit does
    not ring the phone) and the previous one is deleted, so a chat holds one
    hand and one ring per own turn. Everything else, their own move
    included, is a silent edit, made only when what they see changed. What
    a player must act on goes first when Telegram's limits hold messages back
    (`Priority.NOW`); the others' view of the table waits (`Priority.LATER`)
    and gives way to a newer one. `previous`: the position before the move
    (None: no move, as at the start); `refresh`: redrawn after a seat changed
    hands, ringing nobody anew."""
    view = view_for(state, seat.seat)
    screen = hand_view.hand(info, lang, view)
    before_deal = previous.deal if previous is not None else None
    same_deal = (
        previous is not None
        and before_deal is not None
        and state.deal is not None
        and before_deal.number == state.deal.number
    )
    acting = view.turn == seat.seat and bool(view.legal)
    was_acting = same_deal and before_deal is not None and before_deal.turn == seat.seat
    if refresh or seat.auto:
        # No new ring for an absent person; a returning one gets buttons.
        fresh = acting and not seat.auto and not has_buttons(seat)
    else:
        # A combination that becomes possible off turn rings once: not when
        # the seat could already declare before this move.
        declared_before = (
            same_deal and previous is not None and declarable(view_for(previous, seat.seat))
        )
        fresh = (acting and not was_acting) or (
            not acting and declarable(view) and not declared_before
        )
    shown = seat.hand_message_id is not None
    if not (fresh or acting or was_acting or refresh) and same_deal and shown:
        assert previous is not None
        before = view_for(previous, seat.seat)
        if before.hand == view.hand and before.legal == view.legal:
            # Only the table around the hand moved on: the group's live
            # message shows it, and this hand is drawn anew when its owner's
            # turn comes. One Bot API call a move saved.
            return None
    if not fresh and shown and screen.digest() == seat.hand_digest:
        return None  # the edit would change nothing
    if fresh or acting:
        priority = Priority.NOW
    elif not shown:
        priority = Priority.RECORD  # the player's only view of the deal
    else:
        priority = Priority.LATER
    # A move that plays itself in a moment (bot/view/forced.py) rings nobody.
    ring = fresh and not (acting and forced_action(view.legal, view.hand))
    old = seat.hand_message_id if fresh else None
    return PutHand(screen, fresh=fresh, ring=ring, priority=priority, old=old)


def record_screen(
    move: MoveNews, state: MatchState, seat: int, audience: Audience, info: TableInfo, lang: str
) -> Screen:
    """A hand as the ended deal's record: every trick's taker and points,
    then what the group was told of its end (in one chat, the group's own
    message says that)."""
    previous, events = move.previous, move.events
    view = render.deal_closed(
        view_for(previous, seat),
        news.last_trick(previous, events),
        news.last_play(previous, events, seat),
    )
    told: list[str] = []
    if not audience.one_chat:  # (in one chat the group's summary is the record)
        told = news.announcements(info, lang, events, state, live=True)
        end = news.match_end(info, lang, events)
        if end is not None:
            told.append(end)
    return hand_view.deal_record(info, lang, view, told)


def plan_seat(
    move: MoveNews,
    table: TableRecord,
    seat: Seat,
    audience: Audience,
    reading: Reading,
    superseded: bool,
    ended: bool,
) -> SeatTelling:
    """One seat's part of a move: its record when the deal ended, then its
    hand (closed when `ended`, left to the newer job when `superseded`)."""
    state = table.state
    assert state is not None
    record = None
    if move.deal_over and seat.hand_message_id is not None:
        lang = reading.langs[seat.seat]
        screen = record_screen(move, state, seat.seat, audience, reading.info, lang)
        priority = Priority.RECORD if audience.one_chat else Priority.NOW
        record = RecordDeal(seat.hand_message_id, screen, priority)
        seat = replace(seat, hand_message_id=None, hand_digest=None)
    hand: PutHand | CloseHand | None = None
    if superseded:
        pass
    elif ended:
        if seat.hand_message_id is not None and has_buttons(seat):
            hand = CloseHand(seat.hand_message_id)
    elif seat.seat not in reading.unreachable:
        lang = reading.langs[seat.seat]
        hand = hand_update(reading.info, lang, state, seat, move.previous)
    return SeatTelling(seat.seat, record, hand)


def plan_move(
    move: MoveNews,
    table: TableRecord,
    audience: Audience,
    reading: Reading,
    superseded: bool,
    seats: Collection[int] = (),
) -> Telling:
    """The group's part of a move, with the hands of `seats` (the one
    chat's, or every hand when moves are caught up after a restart).

    The group keeps one live message per deal: every move edits it, and each
    trick's result stays in it as a line. When a deal ends, its live message
    is closed with the deal's last trick, and the deal's summary (then the
    match's end, a message of its own) goes out; the next deal gets a new
    live message. `superseded`: a newer move's job draws the position, so
    this one only adds what is its own (the closing of a deal, the news, the
    deal's records): two jobs drawing one position made the second edit
    change nothing, and this keeps a fast table under the group's
    per-minute message limit."""
    state = table.state
    assert state is not None
    info, lang = reading.info, reading.lang
    previous, events = move.previous, move.events
    closing = None
    record: list[str] = []  # the deal's tricks, when no live message showed them
    if move.deal_over and audience.live:
        closed = render.deal_closed(
            view_for(previous, None),
            news.last_trick(previous, events),
            news.last_play(previous, events, None),
        )
        if table.live_message_id is not None:
            closing = CloseLive(table.live_message_id, render.live(info, lang, closed))
        else:
            # The live message could not be posted in time (the group's budget
            # was spent): the summary carries the deal's tricks, so the group's
            # record of the game has every one of them.
            record.append(render.live(info, lang, closed).text)
    lines = [*move.extra_news, *record, *news.announcements(info, lang, events, state, live=True)]
    if not audience.group_play:  # the play stays in the hands (a duplicate round)
        lines = []
    end = news.match_end(info, lang, events)
    if end is not None and move.end_news:
        end = with_end_news(end, move.end_news, info.tournament_round is None)
    group: list[GroupOp] = []
    if lines:  # silent before the end message, which rings
        group.append(Say(Screen("\n\n".join(lines)), silent=end is not None))
    if end is not None:  # with its chart (only this move's job sends it)
        group.append(EndMatch(match_end_screen(audience, table.id, lang, end), move.deals))
    quiet = state.over or superseded
    if not quiet and audience.live:
        screen = render.live(info, lang, view_for(state, None))
        if move.deal_over or table.live_message_id is None:
            group.append(PostLive(screen))
        else:
            group.append(RedrawLive(screen))
    told = tuple(
        plan_seat(move, table, seat, audience, reading, superseded and not state.over, state.over)
        for seat in people(table)
        if seat.seat in seats
    )
    return Telling(closing, tuple(group), told, over=state.over)


def plan_hand(
    move: MoveNews,
    table: TableRecord,
    seat: Seat,
    audience: Audience,
    reading: Reading,
    superseded: bool,
) -> Telling:
    """One hand's part of a move, from the seat's own lane; the hand closes
    when the match is over or the table stopped."""
    state = table.state
    assert state is not None
    ended = state.over or table.status != PLAYING
    return Telling(seats=(plan_seat(move, table, seat, audience, reading, superseded, ended),))


def speaking(
    move: MoveNews, seats: Sequence[Seat], quiet: bool, unreachable: Collection[int] = ()
) -> list[Seat]:
    """The seats of `seats` whose person's language the plan needs: a hand
    that becomes the deal's record, or one drawn anew (`quiet`: none is; nor
    one whose person blocked the bot)."""
    return [
        s
        for s in seats
        if (move.deal_over and s.hand_message_id is not None)
        or not (quiet or s.seat in unreachable)
    ]
