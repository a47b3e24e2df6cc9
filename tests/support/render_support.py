"""What the render tests share: states from the real engine (`new_match` plus
random legal moves, cached per configuration), the table info a screen
needs, and checks that a text is valid Telegram HTML and which cards it
shows."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.view import callbacks
from bot.view.screen import Screen, TableInfo
from engine import (
    Action,
    MatchState,
    Preset,
    RuleSet,
    apply,
    legal_actions,
    new_match,
)
from engine.actions import Kind
from engine.cards import Card
from engine.events import Event
from engine.rules import PLAYER_COUNTS
from testing.fake_telegram import parse_html, utf16_len

LANGS = ("ru", "en")
TELEGRAM_LIMIT = 4096
# Names that break careless HTML and look nothing like a card.
NAMES = ("<Ann>", "Bob & Co", 'Вася "Пупкин"', "Émile's")

CONFIGS = [(preset, count) for preset in Preset for count in PLAYER_COUNTS[preset]]
CONFIG_IDS = [f"{preset.value}-{count}" for preset, count in CONFIGS]


def info_for(
    state_or_rules: MatchState | RuleSet, names: tuple[str, ...], **extra: object
) -> TableInfo:
    rules = state_or_rules if isinstance(state_or_rules, RuleSet) else state_or_rules.rules
    counts = PLAYER_COUNTS[rules.preset]
    values: dict[str, object] = {
        "id": 4242,
        "version": 17,
        "chat_title": "Клуб <карт> & друзья",
        "rules": rules,
        "names": names,
        "creator_name": names[0] if names else "Creator",
        "status": "playing",
        "min_players": min(counts),
        "max_players": max(counts),
        "bot_username": "burkozel_test_bot",
    }
    values.update(extra)
    return TableInfo(**values)  # type: ignore[arg-type]


def plain_of(html: str) -> str:
    return parse_html(html)[0]


def check_telegram_html(screen: Screen | str) -> str:
    """The text Telegram would show; fails on markup Telegram would refuse."""
    text = screen.text if isinstance(screen, Screen) else screen
    plain, _entities = parse_html(text)
    assert plain.strip(), "an empty message"
    assert utf16_len(plain) < TELEGRAM_LIMIT, f"{utf16_len(plain)} characters"
    if isinstance(screen, Screen):
        for row in screen.buttons:
            assert 0 < len(row) <= 8
            for button in row:
                assert button.text.strip()
                assert (button.data is None) != (button.url is None)
                if button.data is not None:
                    assert len(button.data.encode()) <= callbacks.MAX_BYTES
                    callbacks.parse(button.data)
    return plain


@dataclass
class Moment:
    """A state of a match, the move that led to it and the events it caused."""

    before: MatchState | None
    action: Action | None
    state: MatchState
    events: list[Event]


def random_match(
    preset: Preset,
    count: int,
    seed: int,
    options: dict[str, object] | None = None,
    max_moves: int = 2000,
) -> Iterator[Moment]:
    """Every state of a random match to its end (declares taken when offered)."""
    limit = 4 if preset is Preset.BURA else 2
    rules = RuleSet.create(preset, {"limit": limit, **(options or {})})
    rng = random.Random(seed)
    state = new_match(rules, NAMES[:count], seed)
    yield Moment(None, None, state, [])
    for _ in range(max_moves):
        if state.over or state.deal is None:
            return
        seat = state.deal.turn
        legal = legal_actions(state, seat)
        others = [
            a
            for other in range(count)
            if other != seat
            for a in legal_actions(state, other)
            if a.kind is Kind.DECLARE
        ]
        special = [a for a in legal if a.kind in (Kind.DECLARE, Kind.CLAIM)]
        plain = [a for a in legal if a.kind not in (Kind.DECLARE, Kind.CLAIM)]
        if others and rng.random() < 0.2:
            pool = others
        elif special and (not plain or rng.random() < 0.05):
            pool = special
        else:
            pool = plain
        action = rng.choice(pool)
        before = state
        state, events = apply(state, action)
        yield Moment(before, action, state, events)
    raise AssertionError("the match did not end")


MATCHES: dict[tuple[Preset, int], list[Moment]] = {}


def moments(preset: Preset, count: int) -> list[Moment]:
    key = (preset, count)
    if key not in MATCHES:
        found: list[Moment] = []
        options: list[dict[str, object]] = [{}, {"closed_discard": "on", "stake": 100}]
        if preset is Preset.BURA:
            options[1]["show_own_points"] = "on"
        else:
            options.append({"trump_card": "middle", "combo_interrupt": "on"})
        for seed, extra in enumerate(options):
            found.extend(random_match(preset, count, seed + 10 * count, extra))
        MATCHES[key] = found
    return MATCHES[key]


def playing(preset: Preset, count: int) -> list[MatchState]:
    """States of running deals, thinned to keep the tests fast."""
    states = [m.state for m in moments(preset, count) if m.state.deal is not None]
    return states[::3] or states


def hidden_from(state: MatchState, viewer: int | None) -> set[Card]:
    """Cards `viewer` must not see: other hands and others' face-down cards.

    The trump card is public (everybody saw it turned up), wherever it is now.
    """
    deal = state.deal
    assert deal is not None
    hidden: set[Card] = set()
    for seat in range(state.seats):
        if seat == viewer:
            continue
        hidden.update(deal.hands[seat])
        hidden.update(deal.face_down[seat])
        if deal.trick is not None:
            for play in deal.trick.plays:
                if play.face_down and play.seat == seat:
                    hidden.update(play.cards)
    hidden.discard(deal.trump_card)
    return hidden


def shown_cards(text: str) -> set[Card]:
    """Every card written in `text` (like '10♥' or 'Q♠')."""
    found = re.findall(r"(?:10|[6-9JQKAВДКТ])[♠♥♦♣]", text.replace("\ufe0f", ""))
    return {Card.parse(m) for m in found}


def screen_cards(screen: Screen) -> set[Card]:
    """Cards a screen shows: in its text, on its buttons and inside its payloads."""
    found = shown_cards(screen.text)
    for row in screen.buttons:
        for button in row:
            found |= shown_cards(button.text)
            if button.data:
                payload = callbacks.parse(button.data)
                if isinstance(payload, callbacks.Select | callbacks.Play):
                    found |= set(payload.cards)
    return found
