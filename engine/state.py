"""The match as plain, immutable data that round-trips through JSON exactly.

The records are named tuples rather than frozen dataclasses: just as
immutable, and several times cheaper to build, which matters because `apply`
builds a new state for every action and the AI applies thousands per move.

Seats are numbered clockwise from 0. A *side* is who shares a pile and
penalty points: one seat in burkozel and bura, two partners in kozel.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from engine.cards import Card, Suit, parse_cards
from engine.events import Placing
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey


class PlayKind(StrEnum):
    LEAD = "lead"
    BEAT = "beat"
    DISCARD = "discard"


class Play(NamedTuple):
    seat: int
    kind: PlayKind
    cards: tuple[Card, ...]
    face_down: bool = False


class Trick(NamedTuple):
    origin: int  # the rightful leader: priority for combinations counts from here
    leader: int  # who actually led (differs after an out-of-turn combination)
    plays: tuple[Play, ...]
    owner: int  # who owns the trick now: the leader, or the last to beat
    owner_cards: tuple[Card, ...]
    combination: str | None = None


class TrickResult(NamedTuple):
    seat: int
    points: int
    combination: str | None = None


class Deal(NamedTuple):
    number: int  # counts every deal dealt in the match, void ones included
    dealer: int
    trump: Suit
    trump_card: Card
    trump_hidden: bool  # trump_card=middle: the shown card stays somewhere in the stock
    stock: tuple[Card, ...]  # stock[0] is drawn next
    hands: tuple[tuple[Card, ...], ...]  # per seat, canonical order
    piles: tuple[tuple[Card, ...], ...]  # per seat: the cards of tricks taken
    tricks_won: tuple[int, ...]  # per seat
    face_down: tuple[tuple[Card, ...], ...]  # per seat: discarded face down, hidden until scored
    turn: int  # who must act: the leader, or the next to respond
    trick: Trick | None  # None while a lead is awaited
    tricks_played: int
    last_taker: int | None
    multiplier: int
    # Seats whose out-of-turn declaration was refused while this lead is
    # awaited (bura: an opponent's hidden combination outranked it). The
    # refusal was announced, so not offering it again leaks nothing.
    refused: tuple[int, ...] = ()
    # The deal's finished tricks as everybody saw them taken, in order: who
    # took each, its points less the cards that went in face down, and the
    # combination it was led with. Public, so that the table can show every
    # trick's result after the cards have left it.
    results: tuple[TrickResult, ...] = ()
    # The plays of each finished trick, in order, as they were made (face-down
    # cards included: a view hides them from everybody but their owner).
    history: tuple[tuple[Play, ...], ...] = ()


class MatchState(NamedTuple):
    rules: RuleSet
    players: tuple[str, ...]
    seed: int
    penalties: tuple[int, ...]  # per side
    out: tuple[int, ...]  # sides eliminated, in order
    deal: Deal | None  # None once the match is over
    deals_dealt: int
    next_leader: int | None  # who leads the next deal (the last deal's last taker)
    next_multiplier: int
    step: int  # actions applied so far; the bot's version number
    standing: tuple[Placing, ...] | None = None
    # Per side in `out`: the number of the deal it went out in (docs/RULES.md 7:
    # sides put out in one deal with the same penalties share a place).
    out_deals: tuple[int, ...] = ()
    # The checkable shuffle's secret and public value (docs/RULES.md 9); None:
    # the match is dealt by the first shuffle edition, from `seed`.
    shuffle: ShuffleKey | None = None

    @property
    def over(self) -> bool:
        return self.standing is not None

    @property
    def seats(self) -> int:
        return len(self.players)

    # -- JSON -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "seed": self.seed,
            "penalties": list(self.penalties),
            "out": list(self.out),
            "deal": None if self.deal is None else _deal_to_json(self.deal),
            "deals_dealt": self.deals_dealt,
            "next_leader": self.next_leader,
            "next_multiplier": self.next_multiplier,
            "step": self.step,
            "standing": None
            if self.standing is None
            else [
                {
                    "rank": p.rank,
                    "side": p.side,
                    "seats": list(p.seats),
                    "penalties": p.penalties,
                    "payout": p.payout,
                    "shares": list(p.shares),
                }
                for p in self.standing
            ],
            "out_deals": list(self.out_deals),
        } | ({} if self.shuffle is None else {"shuffle": list(self.shuffle)})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchState:
        standing = data.get("standing")
        return cls(
            rules=RuleSet.from_json(data["rules"]),
            players=tuple(data["players"]),
            seed=int(data["seed"]),
            penalties=tuple(data["penalties"]),
            out=tuple(data["out"]),
            deal=None if data["deal"] is None else _deal_from_json(data["deal"]),
            deals_dealt=int(data["deals_dealt"]),
            next_leader=data["next_leader"],
            next_multiplier=int(data["next_multiplier"]),
            step=int(data["step"]),
            standing=None
            if standing is None
            else tuple(
                Placing(
                    rank=p["rank"],
                    side=p["side"],
                    seats=tuple(p["seats"]),
                    penalties=p["penalties"],
                    payout=p["payout"],
                    shares=tuple(p.get("shares", ())),
                )
                for p in standing
            ),
            out_deals=tuple(data.get("out_deals", ())),
            shuffle=None if data.get("shuffle") is None else ShuffleKey(*data["shuffle"]),
        )

    @classmethod
    def loads(cls, text: str) -> MatchState:
        return cls.from_json(json.loads(text))


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _deal_to_json(deal: Deal) -> dict[str, Any]:
    trick = deal.trick
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "trump": deal.trump.symbol,
        "trump_card": str(deal.trump_card),
        "trump_hidden": deal.trump_hidden,
        "stock": _cards(deal.stock),
        "hands": [_cards(hand) for hand in deal.hands],
        "piles": [_cards(pile) for pile in deal.piles],
        "tricks_won": list(deal.tricks_won),
        "face_down": [_cards(cards) for cards in deal.face_down],
        "turn": deal.turn,
        "trick": None
        if trick is None
        else {
            "origin": trick.origin,
            "leader": trick.leader,
            "plays": [_play_to_json(play) for play in trick.plays],
            "owner": trick.owner,
            "owner_cards": _cards(trick.owner_cards),
            "combination": trick.combination,
        },
        "tricks_played": deal.tricks_played,
        "last_taker": deal.last_taker,
        "multiplier": deal.multiplier,
        "refused": list(deal.refused),
        "results": [list(result) for result in deal.results],
        "history": [[_play_to_json(play) for play in plays] for plays in deal.history],
    }


def _play_to_json(play: Play) -> dict[str, Any]:
    return {
        "seat": play.seat,
        "kind": play.kind.value,
        "cards": _cards(play.cards),
        "face_down": play.face_down,
    }


def _play_from_json(data: Mapping[str, Any]) -> Play:
    return Play(
        seat=int(data["seat"]),
        kind=PlayKind(data["kind"]),
        cards=parse_cards(data["cards"]),
        face_down=bool(data["face_down"]),
    )


def _deal_from_json(data: Mapping[str, Any]) -> Deal:
    trick = data["trick"]
    return Deal(
        number=int(data["number"]),
        dealer=int(data["dealer"]),
        trump=Suit.parse(data["trump"]),
        trump_card=Card.parse(data["trump_card"]),
        trump_hidden=bool(data["trump_hidden"]),
        stock=parse_cards(data["stock"]),
        hands=tuple(parse_cards(hand) for hand in data["hands"]),
        piles=tuple(parse_cards(pile) for pile in data["piles"]),
        tricks_won=tuple(data["tricks_won"]),
        face_down=tuple(parse_cards(cards) for cards in data["face_down"]),
        turn=int(data["turn"]),
        trick=None
        if trick is None
        else Trick(
            origin=int(trick["origin"]),
            leader=int(trick["leader"]),
            plays=tuple(_play_from_json(play) for play in trick["plays"]),
            owner=int(trick["owner"]),
            owner_cards=parse_cards(trick["owner_cards"]),
            combination=trick["combination"],
        ),
        tricks_played=int(data["tricks_played"]),
        last_taker=data["last_taker"],
        multiplier=int(data["multiplier"]),
        refused=tuple(data.get("refused", ())),
        # A deal stored before the results were kept shows its later tricks only.
        results=tuple(TrickResult(*result) for result in data.get("results", ())),
        # A deal stored before the plays were kept shows its later tricks only.
        history=tuple(
            tuple(_play_from_json(play) for play in plays) for plays in data.get("history", ())
        ),
    )
