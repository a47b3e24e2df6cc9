"""The group's screens of a deal, without Telegram: the live message, each
trick's line, trick records, deal summaries and the final standing.

The states are every configuration's random matches (`render_support`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest
from engine_builders import table as build_table
from grammar import findings
from render_support import (
    CONFIG_IDS,
    CONFIGS,
    LANGS,
    NAMES,
    Moment,
    check_telegram_html,
    hidden_from,
    info_for,
    moments,
    plain_of,
    playing,
    random_match,
    shown_cards,
)

from bot.view import final, news, render, summary
from bot.view import hand as hand_view
from bot.view.cards import FACE_DOWN, card_text
from bot.view.i18n import LANGUAGES, t
from bot.view.screen import Button, Screen
from engine import (
    Action,
    Preset,
    apply,
    view_for,
)
from engine.actions import Kind
from engine.cards import Card
from engine.events import CardsPlayed, DealScored, MatchOver, SideResult, TrickTaken
from engine.state import Play

# -- the group's live message ------------------------------------------------------------


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_live_message_never_shows_hidden_cards(preset: Preset, count: int) -> None:
    for state in playing(preset, count):
        view = view_for(state, None)
        info = info_for(state, state.players)
        for lang in LANGS:
            screen = render.live(info, lang, view)
            plain = check_telegram_html(screen)
            # One button only, the link to the bot's chat (no callback to flood the bot).
            mine = t(lang, "live.my_cards")
            if view.turn is not None:
                assert screen.buttons == ((Button(mine, url=f"https://t.me/{info.bot_username}"),),)
                # The clock is on the 👉 line, for a person to move.
                turn = next(line for line in plain.splitlines() if line.startswith("👉"))
                clock = plain_of(t(lang, "live.turn_time", seconds=info.turn_time))
                assert turn.endswith(clock)
            else:
                assert not screen.buttons
            leaked = shown_cards(plain) & hidden_from(state, None)
            assert not leaked, (leaked, plain)
            # The cards face up in the trick are all shown.
            deal = state.deal
            assert deal is not None
            if deal.trick is not None:
                for play in deal.trick.plays:
                    if not play.face_down:
                        assert all(card_text(lang, c) in plain for c in play.cards), plain
            if view.turn is not None:
                assert state.players[view.turn] in plain


@pytest.mark.parametrize("lang", LANGS)
def test_live_message_shows_face_down_discards_as_backs(lang: str) -> None:
    state = build_table(
        ("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "J♦ Q♦ K♦ 9♦"),
        options={"closed_discard": "on"},
        stock="A♣ A♠",
    )
    state, _ = apply(state, Action.lead(0, "9♣"))
    state, _ = apply(state, Action.discard(1, "10♦"))
    plain = check_telegram_html(
        render.live(info_for(state, NAMES[:3]), lang, view_for(state, None))
    )
    assert Card.parse("10♦") not in shown_cards(plain) and FACE_DOWN in plain
    assert card_text(lang, Card.parse("9♣")) in plain


# The points of the trick below, then what its line adds for the two face-down cards.
FACE_DOWN_NOTES = {
    "en": ("10 points", "(+ {} face down)"),
    "ru": ("10 очков", "(+ {} в закрытую)"),
    "be": ("10 ачкоў", "(+ {} кашуляй уверх)"),
    "uk": ("10 очок", "(+ {} сорочкою догори)"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tricks_line_says_its_points_leave_face_down_cards_out(lang: str) -> None:
    """Face-down cards count only when the deal is scored: a trick holding
    10♠ and two face-down cards (an ace and a queen) reads "10 points + two
    backs" in the deal's lines and in its /history record, not "10 points";
    the one who threw them sees his own cards there."""
    state = build_table(
        ("7♠ 8♠ 9♣ 8♦", "9♠ 10♠ Q♣ K♦", "A♣ Q♦ 10♦ 9♦"),
        options={"closed_discard": "on"},
        stock="6♥ 6♣ 6♦ 7♣ 7♦ 7♥",
    )
    state, _ = apply(state, Action.lead(0, "7♠ 8♠"))
    state, _ = apply(state, Action.beat(1, "9♠ 10♠"))
    before = state
    state, events = apply(state, Action.discard(2, "A♣ Q♦"))
    taken = next(e for e in events if isinstance(e, TrickTaken))
    info = info_for(state, NAMES[:3])
    points, note = FACE_DOWN_NOTES[lang]
    backs = f"{FACE_DOWN}×2"
    own = " ".join(card_text(lang, Card.parse(card)) for card in ("Q♦", "A♣"))
    # The group, the taker, the one who discarded.
    for viewer, hidden in ((None, backs), (1, backs), (2, own)):
        (line,) = render.results_lines(info, lang, view_for(state, viewer))
        assert points in line and line.endswith(note.format(hidden)), line
        assert not findings(lang, plain_of(line))
    record = check_telegram_html(news.trick_record(info, lang, before, events, taken, state))
    assert record.splitlines()[-1].endswith(f"{points} {note.format(backs)}"), record
    # A trick with nothing face down says nothing of the kind.
    state, _ = apply(state, Action.lead(1, "K♦"))
    state, _ = apply(state, Action.beat(2, "10♦"))
    state, _ = apply(state, Action.beat(0, "7♥"))  # the draw gave it a trump
    line = render.results_lines(info, lang, view_for(state, None))[1]
    assert FACE_DOWN not in line, line


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_live_message_places_the_trump_card_in_the_stock_only_while_it_is_there(
    preset: Preset, count: int
) -> None:
    states = [m.state for m in moments(preset, count) if m.state.deal is not None]
    left = set()
    for state in states:
        deal = state.deal
        assert deal is not None
        view = view_for(state, None)
        card = deal.trump_card
        # Where the card really is: still in the stock, or drawn (then the
        # table knows it only once it is played).
        in_stock = card in deal.stock
        played = card in view.seen or any(
            card in play.cards for play in view.trick if not play.face_down
        )
        for lang in LANGS:
            plain = check_telegram_html(render.live(info_for(state, state.players), lang, view))
            where = {
                plain_of(t(lang, key, card=card_text(lang, card)))
                for key in ("live.trump_hidden", "live.trump_bottom")
            }
            said = {phrase for phrase in where if phrase in plain}
            if not in_stock and (view.stock_left == 0 or played):
                assert not said, plain  # never "under the stock" once it is gone
            if in_stock:
                assert said, plain
            assert card_text(lang, card) in plain  # the card itself always names the trump
        left.add(in_stock)
    assert left == {True, False}  # the walk saw the card in the stock and out of it


def check_trick_line(moment: Moment, count: int) -> bool:
    """The line of the trick `moment` took names the cards that took it, for
    the group and two players (one the taker). False: no trick was taken."""
    taken = next((e for e in moment.events if isinstance(e, TrickTaken)), None)
    if taken is None or moment.before is None or moment.action is None:
        return False
    deal = moment.before.deal
    assert deal is not None and deal.trick is not None
    info = info_for(moment.state, moment.state.players)
    # What owns the trick after the closing move, by the engine's record.
    owner = moment.action.cards if moment.action.kind is Kind.BEAT else deal.trick.owner_cards
    ended = moment.state.deal is None or moment.state.deal.number != deal.number
    for viewer in (None, taken.seat, (taken.seat + 1) % count):
        if ended:
            view = render.deal_closed(
                view_for(moment.before, viewer),
                news.last_trick(moment.before, moment.events),
                news.last_play(moment.before, moment.events, viewer),
            )
        else:
            view = view_for(moment.state, viewer)
        for lang in LANGS:
            if viewer is None:
                screen = render.live(info, lang, view)
            elif ended:
                screen = hand_view.deal_record(info, lang, view, [])
            else:
                screen = hand_view.hand(info, lang, view)
            plain = check_telegram_html(screen)
            number = f"✅ {taken.trick_number}."
            line = next(line for line in plain.splitlines() if line.startswith(number))
            assert not findings(lang, line)
            plays: list[Play | CardsPlayed] = [
                *deal.trick.plays,
                *(e for e in moment.events if isinstance(e, CardsPlayed)),
            ]
            # Its points leave the face-down cards out, and it names them: the
            # viewer's own face up, the others' as backs.
            own_down = {
                card
                for play in plays
                if play.face_down and play.seat == viewer
                for card in play.cards
            }
            # And the face-up cards its points are made of, discards included
            # ("— 24 очка: Т♥️ Т♦️ В♣️"): they add up to the line's points.
            fallen = [
                card
                for play in plays
                if not play.face_down
                for card in play.cards
                if card is not None and card.points
            ]
            assert shown_cards(line) == set(owner) | own_down | set(fallen), (line, owner)
            points = int(re.search(r" — (\d+)", line).group(1))  # type: ignore[union-attr]
            assert points == sum(card.points for card in fallen), line
            down = sum(len(play.cards) for play in plays if play.face_down and play.seat != viewer)
            backs = "" if not down else FACE_DOWN if down == 1 else f"{FACE_DOWN}×{down}"
            assert line.count(FACE_DOWN) == (down > 0) and backs in line, (line, down)
            # The whole trick stays on the table (the deal's last move too).
            last = [line for line in plain.splitlines() if line.startswith("└ ")]
            seen = {
                card
                for play in plays
                if not play.face_down or play.seat == viewer
                for card in play.cards
            }
            assert len(last) == 1 and shown_cards(last[0]) == seen, (last, seen)
    return True


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_each_tricks_line_names_the_cards_that_took_it(preset: Preset, count: int) -> None:
    """The move that closes a trick is never on the table for anyone to read
    (the next draw shows the trick's result), so every trick's line names the
    cards that took it: in the group's live message and each player's hand."""
    assert sum(check_trick_line(moment, count) for moment in moments(preset, count))


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_a_deal_ended_by_a_beat_names_it_in_the_closed_messages(preset: Preset, count: int) -> None:
    """The deal's last move is in no view of the table: the closed live
    message and each deal record add it to the last trick themselves."""
    found = 0
    for seed in range(100, 400):
        for moment in random_match(preset, count, seed):
            before = moment.before
            if before is None or before.deal is None or moment.action is None:
                continue
            after = moment.state.deal
            ended = after is None or after.number != before.deal.number
            if ended and moment.action.kind is Kind.BEAT:
                found += check_trick_line(moment, count)
        if found >= 3:
            return
    raise AssertionError(f"only {found} deals ended with a beat")


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_the_trick_just_taken_lies_on_the_table_until_the_next_lead(
    preset: Preset, count: int
) -> None:
    """Its last answer is on no other screen: in two-player burkozel an open
    discard was never seen by anybody but its owner."""
    found = moments(preset, count)
    info = info_for(found[0].state, found[0].state.players)
    waiting = 0
    for moment in found:
        deal = moment.state.deal
        if deal is None:
            continue
        awaited = deal.trick is None and bool(deal.history)
        for viewer in (None, *range(count)):
            view = view_for(moment.state, viewer)
            for lang in LANGS:
                if viewer is None:
                    screen = render.live(info, lang, view)
                else:
                    screen = hand_view.hand(info, lang, view)
                lines = check_telegram_html(screen).splitlines()
                shown = [line for line in lines if line.startswith("└ ")]
                if not awaited:
                    assert not shown
                    continue
                assert len(shown) == 1
                # Every card of the trick as this viewer may see it, by the engine's record.
                plays = deal.history[-1]
                seen = {
                    card
                    for play in plays
                    if not play.face_down or play.seat == viewer
                    for card in play.cards
                }
                hidden = sum(
                    len(play.cards) for play in plays if play.face_down and play.seat != viewer
                )
                assert shown_cards(shown[0]) == seen
                assert shown[0].count(FACE_DOWN) == hidden
                # Each player by name; in a hand the reader as "you".
                you = plain_of(t(lang, "hand.you"))
                assert all(
                    (you if play.seat == viewer else info.names[play.seat]) in shown[0]
                    for play in plays
                )
        waiting += awaited
    assert waiting


def test_a_deal_stored_before_its_plays_were_kept_shows_its_first_tricks_without_cards() -> None:
    state = next(
        m.state
        for m in moments(Preset.KOZEL, 4)
        if m.state.deal is not None and len(m.state.deal.results) >= 2
    )
    view = view_for(state, None)
    old = dataclasses.replace(view, history=view.history[1:])
    info = info_for(state, state.players)
    for lang in LANGS:
        new_lines = render.results_lines(info, lang, view)
        old_lines = render.results_lines(info, lang, old)
        assert shown_cards(new_lines[0]) and not shown_cards(old_lines[0])
        assert old_lines[1:] == new_lines[1:]


# -- records, deal results, final standing -----------------------------------------------


def trick_records(moments_: list[Moment]) -> Iterator[Screen]:
    """Every trick's record, as /history replays it, in every language."""
    info = info_for(moments_[0].state, moments_[0].state.players)
    for moment in moments_:
        taken = next((e for e in moment.events if isinstance(e, TrickTaken)), None)
        if taken is None or moment.before is None:
            continue
        for lang in LANGS:
            yield news.trick_record(info, lang, moment.before, moment.events, taken, moment.state)


def _deal_line_args(result: SideResult, limit: int) -> dict[str, object]:
    return {
        "name": "",
        "points": result.points,
        "tricks": result.tricks,
        "penalty": result.penalty,
        "total": result.total,
        "limit": limit,
    }


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_trick_records_deal_summaries_and_final_standing(preset: Preset, count: int) -> None:
    found = moments(preset, count)
    names = found[0].state.players
    info = info_for(found[0].state, names)
    records = list(trick_records(found))
    if preset is not Preset.BURA:
        assert records
    for screen in records:
        check_telegram_html(screen)
    deals = [e for m in found for e in m.events if isinstance(e, DealScored)]
    overs = [(m.state, e) for m in found for e in m.events if isinstance(e, MatchOver)]
    assert deals
    passed_limit: set[bool] = set()
    assert len(overs) == (2 if preset is Preset.BURA else 3)  # one per random match
    for event in deals:
        for lang in LANGS:
            plain = check_telegram_html(summary.deal_summary(info, lang, event, info.rules))
            assert f"{event.number}" in plain
            for result in event.results:
                who = " + ".join(names[s] for s in result.seats)
                line = next(line for line in plain.splitlines() if who in line)
                assert f": {result.points} " in line and f", {result.tricks} " in line
                assert not findings(lang, line)
                assert (f"+{result.penalty} " if result.penalty else "→ 0") in line
                # Past the limit the line names the limit, never "8 of 6".
                args = _deal_line_args(result, info.rules.limit)
                of = plain_of(t(lang, "deal.line", **args))
                over = plain_of(t(lang, "deal.line_over", **args))
                past = result.total > info.rules.limit
                assert line.endswith((over if past else of).split(" · ", 1)[1])
                passed_limit.add(past)
    assert False in passed_limit
    if preset is not Preset.BURA:  # bura's 2 a lost deal often stops at its limit of 4
        assert True in passed_limit
    for state, ended in overs:
        assert state.standing == ended.standing
        with_stake = state.rules.stake > 0
        for lang in LANGS:
            plain = check_telegram_html(final.match_over(info_for(state, names), lang, ended))
            lines = plain.splitlines()
            for placing in ended.standing:
                who = " + ".join(names[s] for s in placing.seats)
                line = next(line for line in lines if who in line and f"{placing.rank}." in line)
                assert f" — {placing.penalties} " in line and not findings(lang, line)
                if with_stake and len(placing.seats) > 1:
                    each = placing.shares[0]
                    assert placing.shares == (each,) * len(placing.seats)
                    assert t(lang, "final.payout_each", chips=each) in line
                elif with_stake:
                    assert t(lang, "final.payout", chips=placing.payout) in line
            assert str(ended.deals) in plain
    # Ranks are ordered by penalties.
    for _state, ended in overs:
        ranks = [(p.rank, p.penalties) for p in ended.standing]
        assert ranks == sorted(ranks)


def _spectator_views(moment: Moment) -> Iterator[tuple[str, object]]:
    """The group's view after `moment`'s move, and each player's: the closed
    deal's when the move ended a deal (what its live message and the hands'
    records keep), else the live one."""
    before = moment.before
    for viewer in (None, *range(len(moment.state.players))):
        if before is not None and before.deal is not None and news.deal_ended(moment.events):
            yield (
                f"closed {viewer}",
                render.deal_closed(
                    view_for(before, viewer),
                    news.last_trick(before, moment.events),
                    news.last_play(before, moment.events, viewer),
                ),
            )
        elif moment.state.deal is not None:
            yield f"live {viewer}", view_for(moment.state, viewer)


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_points_line_is_the_sum_of_the_trick_lines(preset: Preset, count: int) -> None:
    """At every moment, the deal's closing one included, each seat's points
    in the live message and in every hand are what its trick lines add up to."""
    checked = 0
    for moment in moments(preset, count):
        for _kind, view in _spectator_views(moment):
            assert isinstance(view, type(view_for(moment.state, None)))
            sums = [0] * count
            for result in view.results:
                sums[result.seat] += result.points
            for seat, known in enumerate(view.pile_points):
                if known is not None:
                    assert known == sums[seat], (_kind, seat, view.pile_points, sums)
                    checked += 1
    if preset is Preset.BURKOZEL:  # kozel's discards are face down by default: no points line
        assert checked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clock_shows_only_for_a_person_on_their_own(lang: str) -> None:
    state = playing(Preset.BURKOZEL, 2)[3]
    view = view_for(state, None)
    assert view.turn is not None
    clock = plain_of(t(lang, "live.turn_time", seconds=45))
    for extra, shown in (
        ({}, True),
        ({"computers": {view.turn: "easy"}}, False),
        ({"away": frozenset({view.turn})}, False),
    ):
        info = info_for(state, state.players, turn_time=45, **extra)
        plain = check_telegram_html(render.live(info, lang, view))
        assert (clock in plain) is shown, plain
    closed = render.deal_closed(view, None)
    info = info_for(state, state.players)
    screen = render.live(info, lang, closed)
    assert not screen.buttons and "⏳" not in screen.text
