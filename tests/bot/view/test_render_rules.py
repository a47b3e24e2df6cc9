"""What the group reads about the rules' finer points (issue 59): a bura
molodka refused because the rightful leader holds one too; two players put
out in one deal with equal penalties shown sharing second place."""

from __future__ import annotations

import pytest
from engine_builders import table as build_table
from grammar import findings
from render_support import NAMES, check_telegram_html, info_for, plain_of

from bot.stats.results import seat_numbers
from bot.view import final, news
from bot.view.i18n import LANGUAGES, t
from engine import Action, apply
from engine.events import MatchOver


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_molodka_refused_by_the_leaders_molodka_says_why(lang: str) -> None:
    hands = ("K♠ Q♠ 8♠", "7♣ 9♣ 8♦", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
    state = build_table(hands, preset="bura", trump="♦", turn=0)
    info = info_for(state, NAMES[:4])
    after, events = apply(state, Action.declare(3, "6♥ 8♥ K♥"))
    lines = news.announcements(info, lang, events, after)
    assert len(lines) == 1
    plain = check_telegram_html(lines[0])
    assert plain.startswith("✋ " + NAMES[3])
    assert plain.count(plain_of(t(lang, "combo.molodka"))) == 2
    molodka = t(lang, "combo.molodka")
    told = t(lang, "news.refused.leader_molodka", name=NAMES[3], combo=molodka, by=molodka)
    assert plain == plain_of(told)
    # Neither the declarer's cards nor the leader's are shown.
    assert "♥" not in plain and "♠" not in plain
    assert not findings(lang, plain)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_out_in_one_deal_share_second_place_and_its_chips(lang: str) -> None:
    # Four-player burkozel, stake 15, seat 3 already out; seats 1 and 2 reach
    # 12 in the last deal (piles 90/20/10): places 1, 2, 2, 4; chips 30/15/15/0.
    piles = ("A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦ K♠ K♥ K♦ K♣", "10♣ Q♠ Q♥ J♠ J♥", "Q♦ Q♣ J♦ J♣", "")
    state = build_table(
        ("6♠", "6♣", "6♦", ""),
        trump="♥",
        piles=piles,
        tricks_won=[1, 1, 1, 0],
        penalties=[0, 8, 8, 12],
        out=[3],
        options={"stake": "15"},
    )
    events = []
    for action in (Action.lead(0, "6♠"), Action.discard(1, "6♣"), Action.discard(2, "6♦")):
        state, happened = apply(state, action)
        events.extend(happened)
    over = next(e for e in events if isinstance(e, MatchOver))
    info = info_for(state, NAMES[:4])
    lines = check_telegram_html(final.match_over(info, lang, over).text).splitlines()
    placed = [line for line in lines if line[:1] in "🥇🥈🥉▫"]
    assert [line.split(" ")[:2] for line in placed] == [
        ["🥇", "1."],
        ["🥈", "2."],
        ["🥈", "2."],
        ["▫️", "4."],
    ]
    assert "30" in placed[0] and "15" in placed[1] and "15" in placed[2]
    assert NAMES[3] in placed[3] and "0" in placed[3]
    # The results the stats record place them alike.
    assert {n.seat: n.place for n in seat_numbers(state, events)} == {0: 1, 1: 2, 2: 2, 3: 4}
