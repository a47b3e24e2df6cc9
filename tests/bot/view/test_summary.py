"""The deal's summary says why each side got its penalty, and puts the
deal's winner first with 🏆, in every language."""

from __future__ import annotations

import pytest
from grammar import findings
from render_support import check_telegram_html, info_for

from bot.view import summary
from bot.view.i18n import LANGUAGES, t
from engine import RuleSet
from engine.events import ClaimMade, DealScored, DealWonByCombination, Event, SideResult

NAMES = ("Аня", "Борис", "Вика", "Глеб")


def scored(*results: tuple[int, int, int], eggs: bool = False, reason: str = "cards") -> DealScored:
    """(points, tricks, penalty) per side, one seat each."""
    return DealScored(
        number=3,
        results=tuple(
            SideResult(side, (side,), points, tricks, penalty, penalty)
            for side, (points, tricks, penalty) in enumerate(results)
        ),
        eggs=eggs,
        multiplier=1,
        reason=reason,
        piles=(),
    )


def lines(
    lang: str, preset: str, event: DealScored, others: tuple[Event, ...] = (), **options: object
) -> list[str]:
    rules = RuleSet.create(preset, {"limit": 12, **options})
    info = info_for(rules, NAMES[: len(event.results)])
    plain = check_telegram_html(summary.deal_summary(info, lang, event, rules, others))
    found = plain.splitlines()
    for line in found:
        assert not findings(lang, line), line
    return [line for line in found if any(name in line for name in NAMES)]


def why(lang: str, key: str, **params: object) -> str:
    return f"({t(lang, key, **params)})"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_burkozel_penalty_names_its_rule_and_the_winner_comes_first(lang: str) -> None:
    event = scored((20, 2, 4), (0, 0, 6), (60, 8, 0), (40, 4, 2))
    shown = lines(lang, "burkozel", event)
    assert shown[0].startswith("🏆 Вика") and why(lang, "deal.why.most", sides=4) in shown[0]
    assert [line.split(":")[0].lstrip("🏆 ") for line in shown] == ["Вика", "Глеб", "Аня", "Борис"]
    assert why(lang, "deal.why.pass", **{"pass": 31}) in shown[1]
    assert t(lang, "deal.penalty", penalty=2) in shown[1]
    assert why(lang, "deal.why.under", **{"pass": 31}) in shown[2]
    assert why(lang, "deal.why.no_tricks") in shown[3]
    assert sum("🏆" in line for line in shown) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pass_21_and_six_for_zero_points_are_named(lang: str) -> None:
    event = scored((90, 6, 0), (25, 2, 2), (0, 1, 6))
    shown = lines(lang, "burkozel", event, pass_21=True, six_for_zero_points=True)
    assert why(lang, "deal.why.pass", **{"pass": 21}) in shown[1]
    assert why(lang, "deal.why.zero_points") in shown[2]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_eggs_have_no_winner(lang: str) -> None:
    shown = lines(lang, "burkozel", scored((60, 8, 0), (60, 8, 0), eggs=True))
    assert not any("🏆" in line for line in shown)
    assert all(why(lang, "deal.why.eggs") in line for line in shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bura_claims_and_combinations(lang: str) -> None:
    true_claim = (ClaimMade(seat=1, points=33, success=True),)
    shown = lines(lang, "bura", scored((50, 3, 2), (33, 2, 0), reason="claim"), true_claim)
    assert shown[0].startswith("🏆 Борис") and why(lang, "deal.why.claim_true") in shown[0]
    assert why(lang, "deal.why.lost") in shown[1]
    false_claim = (ClaimMade(seat=0, points=25, success=False),)
    shown = lines(lang, "bura", scored((25, 2, 4), (30, 2, 0), reason="claim"), false_claim)
    assert not any("🏆" in line for line in shown)
    claimant = next(line for line in shown if line.startswith("Аня"))
    assert why(lang, "deal.why.claim_false") in claimant
    assert "(" not in next(line for line in shown if line.startswith("Борис"))
    won = (DealWonByCombination(seat=0, combination="moscow", cards=()),)
    shown = lines(lang, "bura", scored((0, 0, 0), (0, 0, 2), reason="combination"), won)
    moscow = t(lang, "combo.moscow")
    assert shown[0].startswith("🏆 Аня") and moscow in shown[0]
    shown = lines(lang, "bura", scored((40, 3, 2), (80, 5, 0)))
    assert shown[0].startswith("🏆 Борис") and why(lang, "deal.why.most", sides=2) in shown[0]


@pytest.mark.parametrize("lang", ("ru", "be", "uk"))
def test_penalty_words_take_their_plural_forms(lang: str) -> None:
    few = {"ru": "+2 штрафных", "be": "+2 штрафныя", "uk": "+2 штрафні"}[lang]
    many = {"ru": "+6 штрафных", "be": "+6 штрафных", "uk": "+6 штрафних"}[lang]
    assert t(lang, "deal.penalty", penalty=2) == few
    assert t(lang, "deal.penalty", penalty=6) == many
