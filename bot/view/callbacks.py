"""Button payloads: short, versioned, and parsed without trusting them.

Telegram gives a button at most 64 bytes. Every payload names the table and
the table's version when the button was drawn, so a stale or repeated tap is
recognised and changes nothing. Hand buttons also carry the card selection
they lead to, so selecting cards needs no server-side state and a double tap
on a card is applied once.

Formats (table id and version in base 36, cards as a 36-bit mask in base 36):
  s:<table>:<version>:<mask>[:c|:m]  select these cards in my hand (:c also asks to
                                      confirm bura's claim: a false one costs points;
                                      :m picks cards one by one instead of playing a
                                      card with one tap, bot/view/hand.py)
  p:<table>:<version>:<kind>:<mask>   play: l lead, b beat, d discard, c declare, k claim
  l:<table>:<version>:<op>            lobby: j join, x leave, s start, o settings, b back,
                                      a add a computer, r remove one
  q:<table>:<version>:<user>          leave a running match for good: only <user>, who
                                      asked with /leave, may confirm it
  o:<table>:<version>:<option>:<val>  lobby settings: set an option
  k:<table>:<version>:<seat>          lobby settings: take this seat's player out
  t:<table>                           take my seat back from the computer
  f:<y|n>                             /forget: erase what the bot keeps about me, or not
  r:<table>:<frame>                   /history: show this frame of a finished match's replay
  m:<table>                           rematch: a new table like this finished one
  v:<table>:<deal>                    the coach's review of my play in this deal (issue 66):
                                      the tapper's seat is looked up, never carried
  u:<tournament>:<op>                 a tournament's registration: j register, x leave,
                                      s start
  h:<table>:<version>                 💡 a hint for my move (practice tables only)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Kind
from engine.cards import DECK, Card
from engine.rules import OPTIONS

MAX_BYTES = 64

KIND_CODES: dict[Kind, str] = {
    Kind.LEAD: "l",
    Kind.BEAT: "b",
    Kind.DISCARD: "d",
    Kind.DECLARE: "c",
    Kind.CLAIM: "k",
}
CODE_KINDS = {code: kind for kind, code in KIND_CODES.items()}
# Options a settings button may set: the rules' options and the bot's turn time.
SETTABLE = frozenset({*OPTIONS, "turn_time"})
LOBBY_OPS = frozenset({"j", "x", "s", "o", "b", "a", "r"})


class BadPayload(ValueError):
    """Not a payload this bot makes: forged, truncated or from an old release."""


@dataclass(frozen=True, slots=True)
class Select:
    table: int
    version: int
    cards: frozenset[Card]
    claim: bool = False  # show the claim's confirmation
    manual: bool = False  # pick cards one by one (a selection of cards always is)


@dataclass(frozen=True, slots=True)
class Play:
    table: int
    version: int
    kind: Kind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Lobby:
    table: int
    version: int
    op: str


@dataclass(frozen=True, slots=True)
class SetOption:
    table: int
    version: int
    option: str
    value: str


@dataclass(frozen=True, slots=True)
class TakeBack:
    table: int


@dataclass(frozen=True, slots=True)
class RemoveSeat:
    table: int
    version: int
    seat: int


@dataclass(frozen=True, slots=True)
class Forget:
    confirm: bool


@dataclass(frozen=True, slots=True)
class Replay:
    table: int
    frame: int


@dataclass(frozen=True, slots=True)
class Quit:
    """The confirmation of /leave mid-match: it names who asked, so that the
    button, posted in the group for all to see, acts for nobody else."""

    table: int
    version: int
    user: int


@dataclass(frozen=True, slots=True)
class Rematch:
    table: int  # the finished table to play again


@dataclass(frozen=True, slots=True)
class Review:
    """🔍 under a deal's record: the review of the tapper's own seat (the
    payload names no seat, so a forwarded button reviews nobody else's)."""

    table: int
    deal: int


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament: int
    op: str


@dataclass(frozen=True, slots=True)
class HintTap:
    """💡 on a practice hand: the hard player's move for the tapper's seat
    at this version of the table."""

    table: int
    version: int


TOURNAMENT_OPS = frozenset({"j", "x", "s"})

Payload = (
    Select
    | Play
    | Lobby
    | SetOption
    | TakeBack
    | RemoveSeat
    | Forget
    | Replay
    | Rematch
    | Quit
    | Tournament
    | HintTap
    | Review
)


def replay_link_payload(table: int) -> str:
    """The /start payload of a replay link: `r<table in base 36>`."""
    return "r" + _b36(table)


def parse_replay_link(payload: str) -> int | None:
    """The table of a replay link's payload, or None."""
    if not payload.startswith("r"):
        return None
    try:
        return _int36(payload[1:])
    except BadPayload:
        return None


def _b36(number: int) -> str:
    if number < 0:
        raise ValueError("negative")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


def _token(text: str) -> bool:
    """An option value as this bot writes one: short, ASCII letters, digits, '_'."""
    return 0 < len(text) <= 20 and text.isascii() and text.replace("_", "").isalnum()


def _int36(text: str) -> int:
    if not text or len(text) > 12 or not text.isalnum() or not text.isascii():
        raise BadPayload(f"bad number {text!r}")
    return int(text, 36)


def card_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def mask_cards(mask: int) -> tuple[Card, ...]:
    if mask >> len(DECK):
        raise BadPayload("card mask out of range")
    return tuple(card for card in DECK if mask >> card.id & 1)


def _check(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


def select(
    table: int, version: int, cards: Iterable[Card], claim: bool = False, manual: bool = False
) -> str:
    tail = ":c" if claim else ":m" if manual else ""
    return _check(f"s:{_b36(table)}:{_b36(version)}:{_b36(card_mask(cards))}{tail}")


def play(table: int, version: int, kind: Kind, cards: Iterable[Card]) -> str:
    return _check(f"p:{_b36(table)}:{_b36(version)}:{KIND_CODES[kind]}:{_b36(card_mask(cards))}")


def lobby(table: int, version: int, op: str) -> str:
    assert op in LOBBY_OPS
    return _check(f"l:{_b36(table)}:{_b36(version)}:{op}")


def quit_match(table: int, version: int, user: int) -> str:
    return _check(f"q:{_b36(table)}:{_b36(version)}:{_b36(user)}")


def set_option(table: int, version: int, option: str, value: str) -> str:
    return _check(f"o:{_b36(table)}:{_b36(version)}:{option}:{value}")


def remove_seat(table: int, version: int, seat: int) -> str:
    return _check(f"k:{_b36(table)}:{_b36(version)}:{_b36(seat)}")


def takeback(table: int) -> str:
    return _check(f"t:{_b36(table)}")


def replay(table: int, frame: int) -> str:
    return _check(f"r:{_b36(table)}:{_b36(frame)}")


def rematch(table: int) -> str:
    return _check(f"m:{_b36(table)}")


def review(table: int, deal: int) -> str:
    return _check(f"v:{_b36(table)}:{_b36(deal)}")


def tournament(tournament_id: int, op: str) -> str:
    assert op in TOURNAMENT_OPS
    return _check(f"u:{_b36(tournament_id)}:{op}")


def hint(table: int, version: int) -> str:
    return _check(f"h:{_b36(table)}:{_b36(version)}")


def forget(confirm: bool) -> str:
    return _check(f"f:{'y' if confirm else 'n'}")


def parse(data: str | None) -> Payload:
    """The payload, or `BadPayload` for anything this bot did not make."""
    if not data or len(data.encode()) > MAX_BYTES:
        raise BadPayload("empty or oversized")
    parts = data.split(":")
    head = parts[0]
    try:
        if head == "s" and (len(parts) == 4 or (len(parts) == 5 and parts[4] in ("c", "m"))):
            cards = frozenset(mask_cards(_int36(parts[3])))
            flag = parts[4] if len(parts) == 5 else ""
            return Select(
                _int36(parts[1]),
                _int36(parts[2]),
                cards,
                claim=flag == "c",
                manual=flag == "m",
            )
        if head == "p" and len(parts) == 5 and parts[3] in CODE_KINDS:
            return Play(
                _int36(parts[1]),
                _int36(parts[2]),
                CODE_KINDS[parts[3]],
                mask_cards(_int36(parts[4])),
            )
        if head == "l" and len(parts) == 4 and parts[3] in LOBBY_OPS:
            return Lobby(_int36(parts[1]), _int36(parts[2]), parts[3])
        if head == "q" and len(parts) == 4:
            return Quit(_int36(parts[1]), _int36(parts[2]), _int36(parts[3]))
        if head == "k" and len(parts) == 4:
            return RemoveSeat(_int36(parts[1]), _int36(parts[2]), _int36(parts[3]))
        if head == "f" and len(parts) == 2 and parts[1] in ("y", "n"):
            return Forget(parts[1] == "y")
        if head == "r" and len(parts) == 3:
            return Replay(_int36(parts[1]), _int36(parts[2]))
        if head == "t" and len(parts) == 2:
            return TakeBack(_int36(parts[1]))
        if head == "v" and len(parts) == 3:
            return Review(_int36(parts[1]), _int36(parts[2]))
        if head == "m" and len(parts) == 2:
            return Rematch(_int36(parts[1]))
        if head == "h" and len(parts) == 3:
            return HintTap(_int36(parts[1]), _int36(parts[2]))
        if head == "u" and len(parts) == 3 and parts[2] in TOURNAMENT_OPS:
            return Tournament(_int36(parts[1]), parts[2])
        if head == "o" and len(parts) == 5 and parts[3] in SETTABLE and _token(parts[4]):
            return SetOption(_int36(parts[1]), _int36(parts[2]), parts[3], parts[4])
    except ValueError as error:
        raise BadPayload(str(error)) from None
    raise BadPayload(f"unknown payload {data!r}")
