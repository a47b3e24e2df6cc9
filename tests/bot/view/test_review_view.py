"""The coach's review as a message (bot/view/review.py), in every language:
the costliest moves with the card played, the better card and what it cost
in penalty and card points; the luck line; "no costly mistakes"; the team in
kozel; and no card the reader could not have seen."""

from __future__ import annotations

import random

import pytest
from render_support import check_telegram_html, shown_cards

from bot.view.i18n import LANGUAGES, plain
from bot.view.review import review_screen
from engine import Action, MatchState, RuleSet, apply, new_match, view_for
from engine.ai.players.easy import EasyPlayer
from engine.ai.review import DealReview, Decision, HandKind, Luck, review_deal
from engine.cards import Card, Suit


def decision(played: str, better: str, penalty: float, points: float, trick: int = 2) -> Decision:
    return Decision(
        step=10,
        trick=trick,
        played=Action.beat(0, played),
        better=Action.beat(0, better),
        cost=penalty + points / 10,
        penalty_cost=penalty,
        points_cost=points,
        z=9.0,
        costly=True,
        candidates=3,
    )


def made(
    costliest: tuple[Decision, ...],
    seats: tuple[int, ...] = (0,),
    hand: HandKind = HandKind.STRONG,
    penalty: int = 2,
) -> DealReview:
    luck = Luck(hand, 0.4, 70.0, 1.5, penalty, 40, -2.0)
    return DealReview(
        seat=0,
        side=0,
        seats=seats,
        preset="kozel" if len(seats) > 1 else "burkozel",
        deal_number=3,
        decisions=costliest or (decision("7♠", "A♠", 0.0, 0.0),),
        costliest=costliest,
        clean=not costliest,
        total_cost=sum(d.cost for d in costliest),
        luck=luck,
        worlds=48,
        seed=0,
    )


EXPECTED = {
    # lang: (title, the move line's words, the cost, "no costly mistakes", the team)
    "ru": (
        "Разбор сдачи 3",
        "Взятка 3: вы сыграли",
        "штраф больше примерно на 1,2",
        "Дорогих ошибок нет",
        "команд",
    ),
    "be": (
        "Разбор раздачы 3",
        "Узятка 3: вы згулялі",
        "штраф большы прыкладна на 1,2",
        "Дарагіх памылак няма",
        "каманд",
    ),
    "uk": (
        "Розбір роздачі 3",
        "Взятка 3: ви зіграли",
        "штраф більший приблизно на 1,2",
        "Дорогих помилок немає",
        "команд",
    ),
    "en": (
        "Review of deal 3",
        "Trick 3: you played",
        "a penalty about 1.2 higher",
        "No costly mistakes",
        "team",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_costliest_moves_with_the_better_card_and_the_cost(lang: str) -> None:
    title, move, cost, clean, team = EXPECTED[lang]
    costly = (decision("7♠", "A♠", 1.2, 14.0), decision("K♥", "9♥", 0.0, 8.0, trick=5))
    text = check_telegram_html(review_screen(lang, made(costly), 12, Suit.HEARTS))
    assert title in text and "#12" in text
    assert move in text and cost in text
    # The cards as the bot writes them, the trumps starred.
    assert shown_cards(text) == {Card.parse(c) for c in ("7♠", "A♠", "K♥", "9♥")}
    assert "★" in text
    # Card points: beside the penalty, then alone in their plural form.
    both = {"ru": "меньше на 14", "be": "менш на 14", "uk": "менше на 14", "en": "14 fewer points"}
    assert both[lang] in text
    assert {"ru": "8 очков", "be": "8 ачкоў", "uk": "8 очок", "en": "8 points"}[lang] in text
    assert clean not in text and team not in text.lower()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_clean_deal_says_so_and_the_luck_line_tells_the_hand(lang: str) -> None:
    _, _, _, clean, _ = EXPECTED[lang]
    text = check_telegram_html(review_screen(lang, made(()), 1, None))
    assert clean in text
    strong = {"ru": "Сильная рука", "be": "Моцная рука", "uk": "Сильна рука", "en": "strong hand"}
    assert strong[lang] in text
    # Expected about 0.4, got 2 (the plural form of 2).
    assert ("0.4" if lang == "en" else "0,4") in text
    got = {"ru": "2 штрафных", "be": "2 штрафныя", "uk": "2 штрафні", "en": "got 2"}
    assert got[lang] in text
    weak = made((), hand=HandKind.WEAK, penalty=1)
    one = {"ru": "1 штрафное", "be": "1 штрафное", "uk": "1 штрафне", "en": "got 1"}
    assert one[lang] in check_telegram_html(review_screen(lang, weak, 1, None))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_kozel_speaks_of_the_team(lang: str) -> None:
    *_, team = EXPECTED[lang]
    costly = (decision("7♠", "A♠", 1.2, 0.0),)
    text = check_telegram_html(review_screen(lang, made(costly, seats=(0, 2)), 1, None))
    assert team in text.lower()
    solo = check_telegram_html(review_screen(lang, made(costly), 1, None))
    assert team not in solo.lower()


def _played_deal(preset: str, players: int, seed: int) -> tuple[MatchState, list[Action]]:
    rules = RuleSet.create(preset, {}, players=players)
    start = new_match(rules, [f"P{s}" for s in range(players)], seed)
    assert start.deal is not None
    easy = [EasyPlayer(seed * 10 + s) for s in range(players)]
    state, log = start, []
    while state.deal is not None and state.deal.number == start.deal.number:
        action = easy[state.deal.turn].choose(view_for(state, state.deal.turn))
        assert action is not None
        state, _ = apply(state, action)
        log.append(action)
    return start, log


@pytest.mark.parametrize(("preset", "players"), [("burkozel", 2), ("kozel", 4), ("bura", 2)])
def test_a_real_review_shows_only_cards_the_reader_held_or_saw(preset: str, players: int) -> None:
    """Every card a review names was the reader's own or shown on the table
    during the deal: never one of another's hand that stayed hidden."""
    seed = random.Random(preset).randrange(1000)
    start, log = _played_deal(preset, players, seed)
    assert start.deal is not None
    review = review_deal(start, log, 0, worlds=8)
    seen = set(start.deal.hands[0]) | {start.deal.trump_card}
    state = start
    for action in log:
        if action.seat == 0 or action.kind.value in ("lead", "beat", "declare"):
            seen |= set(action.cards)
        state, _ = apply(state, action)
        if state.deal is not None and state.deal.number == start.deal.number:
            seen |= set(state.deal.hands[0])
    for lang in LANGUAGES:
        text = check_telegram_html(review_screen(lang, review, 1, start.deal.trump))
        assert shown_cards(text) <= seen, (lang, text)
        assert plain(text).count("\n") < 16  # a few lines
