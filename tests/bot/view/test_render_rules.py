"""What the group reads about the rules' finer points (issue 59): a bura
molodka refused because the rightful leader holds one too."""

from __future__ import annotations

import pytest
from engine_builders import table as build_table
from grammar import findings
from render_support import NAMES, check_telegram_html, info_for, plain_of

from bot.view import news
from bot.view.i18n import LANGUAGES, t
from engine import Action, apply


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
