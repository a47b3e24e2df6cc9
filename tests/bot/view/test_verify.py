"""`/verify <secret> <public>`'s answer (bot/view/verify.py): the promised
hash checked, the engine's own deals shown in the reader's language, and
every bad input answered without a deal."""

from __future__ import annotations

import pytest

from bot.view.cards import cards_text
from bot.view.i18n import LANGUAGES, plain, short, t
from bot.view.verify import SHOWN_DEALS, commitment_line, reveal_line, verify_answer
from engine import RuleSet, new_match
from engine.shuffle import ShuffleKey, commitment
from engine.state import Deal
from testing.fake_telegram import parse_html

SECRET = "c0ffee" * 10 + "c0de"
PUBLIC = "burkozel:4:bottom:-1001234567890:4512"
NAMES = ["Аня", "Bob", "Кім", "<Dee>"]


def first_deal(public: str = PUBLIC) -> tuple[list[str], Deal]:
    rules = RuleSet.create(public.split(":")[0], {"trump_card": public.split(":")[2]})
    players = int(public.split(":")[1])
    deal = new_match(rules, NAMES[:players], 0, ShuffleKey(SECRET, public)).deal
    assert deal is not None
    return [cards_text("en", hand, deal.trump) for hand in deal.hands], deal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_promised_hash_matches_and_the_first_deal_is_the_engines(lang: str) -> None:
    answer = verify_answer(lang, [SECRET, PUBLIC], commitment(SECRET), 3, NAMES)
    parse_html(answer)
    lines = answer.splitlines()
    assert lines[0] == t(lang, "verify.match", commitment=commitment(SECRET))
    _, deal = first_deal()
    for seat, name in enumerate(NAMES):
        hand = cards_text(lang, deal.hands[seat], deal.trump)
        assert t(lang, "verify.hand", who=name, cards=hand) in lines
    dealer = t(lang, "verify.dealer_name", name=NAMES[deal.dealer])
    assert t(lang, "verify.first_deal", deal=1, dealer=dealer) in lines
    assert t(lang, "verify.later_deal", deal=3) in lines
    assert t(lang, "verify.later_deal", deal=4) not in lines
    assert "&lt;Dee&gt;" in answer  # a name is text, never markup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_changed_secret_does_not_match_and_deals_nothing(lang: str) -> None:
    changed = "d" + SECRET[1:]
    answer = verify_answer(lang, [changed, PUBLIC], commitment(SECRET), 3, NAMES)
    parse_html(answer)
    expected = t(lang, "verify.mismatch", commitment=commitment(SECRET), actual=commitment(changed))
    assert answer == expected
    assert "♠" not in answer


def test_without_a_promised_hash_the_answer_gives_it_to_compare() -> None:
    answer = verify_answer("ru", [SECRET.upper(), PUBLIC])
    assert answer.splitlines()[0] == t("ru", "verify.unknown", actual=commitment(SECRET))
    hands, _ = first_deal()
    seat_one = t("en", "verify.hand", who=t("en", "verify.seat", number=1), cards=hands[0])
    assert seat_one in verify_answer("en", [SECRET, PUBLIC])
    # Names that do not fit the table are not guessed at: seats instead.
    assert seat_one in verify_answer("en", [SECRET, PUBLIC], names=["Аня", "Bob"])


def test_more_deals_than_a_message_holds_point_to_the_tool() -> None:
    answer = verify_answer("en", [SECRET, PUBLIC], commitment(SECRET), 40)
    assert t("en", "verify.later_deal", deal=SHOWN_DEALS) in answer.splitlines()
    assert t("en", "verify.later_deal", deal=SHOWN_DEALS + 1) not in answer.splitlines()
    more = t("en", "verify.more", secret=SECRET, public=PUBLIC, deals=40)
    assert answer.splitlines()[-1] == more
    assert "--deals 40" in plain(more)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_answer_fits_in_a_telegram_message(lang: str) -> None:
    names = ["Ж" * 64] * 4
    answer = verify_answer(lang, [SECRET, PUBLIC], commitment(SECRET), 500, names)
    assert len(plain(answer).encode("utf-16-le")) // 2 < 4096


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("words", "key"),
    [
        ([], "verify.usage"),
        ([SECRET], "verify.usage"),
        ([SECRET, PUBLIC, "3"], "verify.usage"),
        (["c0ffee", PUBLIC], "verify.bad_secret"),
        (["x" * 64, PUBLIC], "verify.bad_secret"),
        ([SECRET, "burkozel-4-bottom"], "verify.bad_public"),
        ([SECRET, "durak:4:bottom:1:2"], "verify.bad_public"),
        ([SECRET, "bura:4:top:1:2"], "verify.bad_public"),
        ([SECRET, "kozel:3:middle:1:2"], "verify.bad_players"),
    ],
)
def test_bad_input_gets_its_own_answer(lang: str, words: list[str], key: str) -> None:
    answer = verify_answer(lang, words, commitment(SECRET), 2)
    parse_html(answer)
    params: dict[str, object] = {}
    if key == "verify.bad_secret":
        params = {"text": short(words[0])}
    elif key == "verify.bad_public":
        params = {"text": short(words[1])}
    elif key == "verify.bad_players":
        params = {"players": 3, "game": t(lang, "preset.kozel"), "counts": "4"}
    assert answer == t(lang, key, **params)
    assert "♠" not in answer


def test_a_wrong_player_count_is_named() -> None:
    answer = verify_answer("ru", [SECRET, "kozel:3:middle:1:2"])
    assert answer == t(
        "ru", "verify.bad_players", players=3, game=t("ru", "preset.kozel"), counts="4"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_group_sees_the_hash_first_and_the_line_to_check_at_the_end(lang: str) -> None:
    key = ShuffleKey(SECRET, PUBLIC)
    before = commitment_line(lang, key)
    parse_html(before)
    assert commitment(SECRET) in before and SECRET not in before
    after = reveal_line(lang, key)
    parse_html(after)
    line = f"/verify {SECRET} {PUBLIC}"
    assert f"<code>{line}</code>" in after
    # What the group copies is what /verify reads back, and it matches the hash shown.
    words = line.split()[1:]
    answer = verify_answer(lang, words, commitment(SECRET), 1)
    assert answer.splitlines()[0] == t(lang, "verify.match", commitment=commitment(SECRET))
