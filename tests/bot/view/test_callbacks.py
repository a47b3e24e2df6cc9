"""Button payloads (bot/view/callbacks.py): round trips, the 64-byte limit, and forged data."""

from __future__ import annotations

import contextlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.view import callbacks
from bot.view.callbacks import BadPayload, Lobby, Play, Select, SetOption, TakeBack
from engine.actions import Kind
from engine.cards import DECK, Card
from engine.rules import OPTIONS

BIG_TABLE = 10**9
BIG_VERSION = 10**6
TABLES = (0, 1, 35, 36, 1295, 123_456, BIG_TABLE)
VERSIONS = (0, 1, 2, 99, BIG_VERSION)


def option_values() -> list[tuple[str, str]]:
    """Every (option, value) pair the settings screen can put on a button."""
    pairs: list[tuple[str, str]] = []
    for name, spec in OPTIONS.items():
        if spec.kind is bool:
            pairs += [(name, "on"), (name, "off")]
        elif spec.choices:
            pairs += [(name, str(choice)) for choice in spec.choices]
        else:
            pairs += [(name, str(spec.minimum)), (name, str(spec.maximum))]
            pairs += [(name, str(step)) for step in (10, 50, 100)]
    return pairs


def size(data: str) -> int:
    return len(data.encode())


# -- round trips ---------------------------------------------------------------------


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("version", VERSIONS)
def test_select_round_trip(table: int, version: int) -> None:
    for cards in ((), DECK[:1], DECK[-1:], DECK[3:7], DECK):
        data = callbacks.select(table, version, cards)
        assert size(data) <= callbacks.MAX_BYTES
        assert callbacks.parse(data) == Select(table, version, frozenset(cards))


@pytest.mark.parametrize("kind", list(Kind))
@pytest.mark.parametrize(("table", "version"), [(0, 0), (7, 3), (BIG_TABLE, BIG_VERSION)])
def test_play_round_trip(kind: Kind, table: int, version: int) -> None:
    for cards in ((), DECK[:1], DECK[30:34], DECK):
        data = callbacks.play(table, version, kind, cards)
        assert size(data) <= callbacks.MAX_BYTES
        parsed = callbacks.parse(data)
        assert parsed == Play(table, version, kind, tuple(sorted(cards, key=lambda c: c.id)))


def test_play_cards_come_back_in_canonical_order() -> None:
    cards = (Card.parse("A♣"), Card.parse("6♠"), Card.parse("10♥"))
    parsed = callbacks.parse(callbacks.play(5, 6, Kind.BEAT, cards))
    assert isinstance(parsed, Play)
    assert parsed.cards == tuple(sorted(cards, key=lambda c: c.id))


@pytest.mark.parametrize("op", sorted(callbacks.LOBBY_OPS))
@pytest.mark.parametrize(("table", "version"), [(0, 0), (12, 34), (BIG_TABLE, BIG_VERSION)])
def test_lobby_round_trip(op: str, table: int, version: int) -> None:
    data = callbacks.lobby(table, version, op)
    assert size(data) <= callbacks.MAX_BYTES
    assert callbacks.parse(data) == Lobby(table, version, op)


@pytest.mark.parametrize(("option", "value"), option_values())
def test_set_option_round_trip_for_every_option_value(option: str, value: str) -> None:
    for table, version in ((1, 1), (BIG_TABLE, BIG_VERSION)):
        data = callbacks.set_option(table, version, option, value)
        assert size(data) <= callbacks.MAX_BYTES
        assert callbacks.parse(data) == SetOption(table, version, option, value)


@pytest.mark.parametrize("table", TABLES)
def test_takeback_round_trip(table: int) -> None:
    data = callbacks.takeback(table)
    assert size(data) <= callbacks.MAX_BYTES
    assert callbacks.parse(data) == TakeBack(table)


def test_largest_payloads_fit_in_64_bytes() -> None:
    longest_option = max(OPTIONS, key=len)
    longest_value = max((value for _, value in option_values()), key=len)
    worst = [
        callbacks.select(BIG_TABLE, BIG_VERSION, DECK),
        *(callbacks.play(BIG_TABLE, BIG_VERSION, kind, DECK) for kind in Kind),
        *(callbacks.lobby(BIG_TABLE, BIG_VERSION, op) for op in callbacks.LOBBY_OPS),
        callbacks.set_option(BIG_TABLE, BIG_VERSION, longest_option, longest_value),
        callbacks.takeback(BIG_TABLE),
    ]
    for data in worst:
        assert data.isascii(), data
        assert size(data) <= callbacks.MAX_BYTES, data
    # Headroom: even a table id of 10**12 and version 10**9 fit.
    assert size(callbacks.select(10**12, 10**9, DECK)) <= callbacks.MAX_BYTES


@given(
    table=st.integers(0, 10**12),
    version=st.integers(0, 10**9),
    mask=st.integers(0, 2**36 - 1),
    kind=st.sampled_from(list(Kind)),
)
@settings(max_examples=200, deadline=None)
def test_round_trip_property(table: int, version: int, mask: int, kind: Kind) -> None:
    cards = callbacks.mask_cards(mask)
    assert callbacks.card_mask(cards) == mask
    select = callbacks.select(table, version, cards)
    play = callbacks.play(table, version, kind, cards)
    assert callbacks.parse(select) == Select(table, version, frozenset(cards))
    assert callbacks.parse(play) == Play(table, version, kind, cards)


def test_every_card_has_its_own_bit() -> None:
    assert {callbacks.card_mask([card]) for card in DECK} == {1 << i for i in range(36)}
    assert callbacks.card_mask(DECK) == 2**36 - 1


# -- what the encoders refuse ----------------------------------------------------------


def test_encoders_refuse_negative_numbers() -> None:
    with pytest.raises(ValueError):
        callbacks.select(-1, 0, ())
    with pytest.raises(ValueError):
        callbacks.lobby(1, -5, "j")


def test_encoders_refuse_oversized_data() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        callbacks.set_option(1, 1, "x" * 60, "on")


def test_unknown_lobby_op_is_not_encoded() -> None:
    with pytest.raises(AssertionError):
        callbacks.lobby(1, 1, "z")


# -- garbage, forged, truncated, oversized -------------------------------------------------

GOOD = [
    callbacks.select(77, 5, DECK[:3]),
    callbacks.play(77, 5, Kind.LEAD, DECK[:2]),
    callbacks.lobby(77, 5, "s"),
    callbacks.set_option(77, 5, "limit", "6"),
]

BAD = [
    None,
    "",
    ":",
    "::::",
    "x",
    "hello",
    "s",
    "s:",
    "s:1",
    "s:1:2",
    "s:1:2:",
    "s:1:2:3:4",
    "s::2:3",
    "s:1::3",
    "s:-1:2:3",
    "s:1:2:-3",
    "s:1:2:zzzzzzzzzzzzz",  # 13 digits
    "s:1:2:zzzzzzzz",  # a mask beyond the 36 cards
    "s:1:2:3 ",
    "s: 1:2:3",
    "s:1_0:2:3",
    "s:1.5:2:3",
    "p:1:2:l",
    "p:1:2:q:3",  # unknown kind
    "p:1:2::3",
    "p:1:2:l:3:4",
    "p:1:2:L:3",
    "p:1:2:lead:3",
    "l:1:2",
    "l:1:2:z",
    "l:1:2:",
    "l:1:2:jj",
    "l:1:2:j:x",
    "o:1:2:limit",
    "o:1:2::6",
    "o:1:2:limit:",
    "o::2:limit:6",
    "t",
    "t:",
    "t:1:2",
    "t:1:2:j",
    "t:-1",
    "S:1:2:3",
    "z:1:2:3",
    "s:１:2:3",  # fullwidth digit
    "s:1:٢:3",  # Arabic-Indic digit
    "s:1:2:ß",
    "l:1:2:ј",  # Cyrillic je, not j
    "p:1:2:ⅼ:3",  # small roman numeral fifty, not l
    "s:1:2:3\x00",
    "s\x00:1:2:3",
    "s:" + "1" * 70,
    "o:1:1:limit:" + "6" * 60,
    "🃏:1:2:3",
    "s:🃏:2:3",
]


@pytest.mark.parametrize("data", BAD, ids=repr)
def test_bad_data_is_rejected(data: str | None) -> None:
    with pytest.raises(BadPayload):
        callbacks.parse(data)


@pytest.mark.parametrize("data", GOOD)
def test_every_truncation_of_a_good_payload_is_rejected_or_parses(data: str) -> None:
    """Cutting a payload short never crashes the parser; most cuts are refused."""
    refused = 0
    for cut in range(len(data)):
        try:
            callbacks.parse(data[:cut])
        except BadPayload:
            refused += 1
    assert refused >= len(data) // 2


@pytest.mark.parametrize("data", GOOD)
def test_oversized_data_is_rejected(data: str) -> None:
    padded = data + "0" * (callbacks.MAX_BYTES + 1 - len(data))
    with pytest.raises(BadPayload):
        callbacks.parse(padded)
    # 64 bytes of which some are multi-byte characters: counted in bytes, not characters.
    with pytest.raises(BadPayload):
        callbacks.parse("s:1:2:" + "я" * 30)


@pytest.mark.parametrize(
    "data", ["o:1:2:лимит:6", "o:1:2:limit:шесть", "o:1:2:🃏:on", "o:1:2:limit:6\x00"]
)
def test_non_ascii_option_payloads_are_rejected(data: str) -> None:
    with pytest.raises(BadPayload):
        callbacks.parse(data)


@pytest.mark.parametrize(
    "data", ["o:1:2:no_such_option:on", "o:1:2:preset:bura", "o:1:2:limit:6:7", "o:1:2:limit: 6"]
)
def test_unknown_option_names_are_rejected(data: str) -> None:
    with pytest.raises(BadPayload):
        callbacks.parse(data)


def test_bad_payload_is_a_value_error() -> None:
    assert issubclass(BadPayload, ValueError)


@given(st.text(max_size=80))
@settings(max_examples=300, deadline=None)
def test_arbitrary_text_parses_or_raises_bad_payload(data: str) -> None:
    try:
        parsed = callbacks.parse(data)
    except BadPayload:
        return
    assert isinstance(parsed, callbacks.Payload)
    assert size(data) <= callbacks.MAX_BYTES
    # Every payload but /forget's names a table, or a tournament.
    if isinstance(parsed, callbacks.Tournament):
        assert parsed.tournament >= 0 and parsed.op in callbacks.TOURNAMENT_OPS
    else:
        assert isinstance(parsed, callbacks.Forget) or parsed.table >= 0
    assert getattr(parsed, "version", 0) >= 0


_payload_alphabet = st.sampled_from([*"spolt:0123456789abcxyzjkd-_ .", "я", "🃏", "\x00"])


@given(st.lists(_payload_alphabet, max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_near_miss_text_parses_or_raises_bad_payload(data: str) -> None:
    """Text made of payload-like characters: the parser's branches are all exercised."""
    try:
        parsed = callbacks.parse(data)
    except BadPayload:
        return
    if isinstance(parsed, Select | Play):
        assert all(card in DECK for card in parsed.cards)
    if isinstance(parsed, Play):
        assert parsed.kind in callbacks.KIND_CODES


@given(
    st.sampled_from(GOOD),
    st.integers(0, 63),
    st.text(min_size=1, max_size=3),
)
@settings(max_examples=300, deadline=None)
def test_mutated_payloads_parse_or_raise_bad_payload(good: str, where: int, junk: str) -> None:
    where = min(where, len(good))
    for data in (good[:where] + junk + good[where:], good[:where] + junk + good[where + 1 :]):
        with contextlib.suppress(BadPayload):
            callbacks.parse(data)


def test_all_prefixes_and_field_counts() -> None:
    for head, count in itertools.product("splotxz", range(7)):
        data = ":".join([head, *["1"] * count])
        try:
            parsed = callbacks.parse(data)
        except BadPayload:
            continue
        # Only well-formed shapes parse.
        assert (head, count) in {("s", 3), ("o", 4), ("t", 1)}, (data, parsed)


def test_a_claim_confirmation_payload_round_trips() -> None:
    cards = [Card.parse("6♠"), Card.parse("A♥")]
    asked = callbacks.parse(callbacks.select(7, 9, cards, claim=True))
    assert asked == callbacks.Select(7, 9, frozenset(cards), claim=True)
    assert callbacks.parse(callbacks.select(7, 9, cards)) == callbacks.Select(
        7, 9, frozenset(cards)
    )
    for forged in ("s:7:9:0:x", "s:7:9:0:c:c", "s:7:9:0:"):
        with pytest.raises(callbacks.BadPayload):
            callbacks.parse(forged)


def test_a_tournament_payload_round_trips_and_refuses_other_ops() -> None:
    data = callbacks.tournament(1234, "s")
    assert callbacks.parse(data) == callbacks.Tournament(1234, "s")
    for bad in ("u:1:q", "u:1", "u:-1:j", "u:1:j:2"):
        with pytest.raises(BadPayload):
            callbacks.parse(bad)
