"""The shuffle anyone can check (docs/RULES.md 9): every deal of a match
decided by a secret the bot commits to before the match and a public value
the bot does not choose, through HMAC-SHA256 in counter mode and
Fisher-Yates.

Why this construction: HMAC-SHA256 and SHA-256 are in every language's
standard library, so a player can recompute a deal without our code; the
secret's commitment is a plain SHA-256 of the secret as written, which
`sha256sum` checks; one byte a draw with rejection keeps every draw exactly
uniform (no modulo bias) and is trivial to write again.

Pure: text in, cards out. Drawing the secret (`secrets.token_hex(32)`) and
finding the public value are the bot's side effects.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from typing import Final, NamedTuple

from engine.cards import DECK, Card
from engine.errors import EngineError
from engine.rules import OPTIONS, PLAYER_COUNTS, Preset

SECRET_HEX: Final = 64  # 32 random bytes, written as lowercase hex
_SECRET = re.compile(r"[0-9a-f]{64}")
_NUMBER = r"(?:0|[1-9][0-9]{0,19})"
_PUBLIC = re.compile(
    r"(?P<game>[a-z]+):(?P<players>[0-9]):(?P<trump>[a-z]+)"
    rf":(?P<chat>-?{_NUMBER}):(?P<message>{_NUMBER})"
)
TRUMP_CARDS: Final = OPTIONS["trump_card"].choices


class ShuffleError(EngineError, ValueError):
    """A secret or public value that is not written as docs/RULES.md 9 says.

    `code` names the mistake for a translated answer: `secret`, `public`,
    `game`, `players`, `trump`, `mismatch`."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class ShuffleKey(NamedTuple):
    """What decides a match's deals in the checkable shuffle: the secret (64
    lowercase hex digits) and the public value, both exactly as written."""

    secret: str
    public: str


class Public(NamedTuple):
    """The public value's fields: the table's game, player count and trump
    card option (what a checker needs to lay the deck out as hands), and
    the Telegram chat and message that started the match."""

    game: Preset
    players: int
    trump_card: str
    chat: int
    message: int


def commitment(secret: str) -> str:
    """SHA-256 of the secret's 64 ASCII characters, as 64 lowercase hex digits:
    what `printf %s <secret> | sha256sum` prints."""
    return hashlib.sha256(read_secret(secret).encode("ascii")).hexdigest()


def read_secret(text: str) -> str:
    """The secret as written, lowercased; `ShuffleError` if it is not 64 hex digits."""
    secret = text.strip().lower()
    if not _SECRET.fullmatch(secret):
        raise ShuffleError(
            f"the secret is {SECRET_HEX} hex digits (0-9, a-f), not {_short(text)!r}", "secret"
        )
    return secret


def public_value(game: Preset, players: int, trump_card: str, chat: int, message: int) -> str:
    """The public value's one written form: `game:players:trump_card:chat:message`."""
    text = f"{Preset(game).value}:{players}:{trump_card}:{int(chat)}:{int(message)}"
    read_public(text)  # the bot must never publish a value a checker would refuse
    return text


def read_public(text: str) -> Public:
    """The public value's fields; `ShuffleError` naming what is wrong."""
    found = _PUBLIC.fullmatch(text.strip())
    if found is None:
        raise ShuffleError(
            "the public value is written game:players:trump_card:chat:message, "
            f"e.g. burkozel:4:bottom:-1001234567890:4512, not {_short(text)!r}",
            "public",
        )
    try:
        game = Preset(found["game"])
    except ValueError:
        raise ShuffleError(
            f"unknown game {found['game']!r}: burkozel, kozel or bura", "game"
        ) from None
    players = int(found["players"])
    if players not in PLAYER_COUNTS[game]:
        counts = " or ".join(str(n) for n in PLAYER_COUNTS[game])
        raise ShuffleError(f"{game.value} is played by {counts} players, not {players}", "players")
    if found["trump"] not in TRUMP_CARDS:
        raise ShuffleError(f"trump_card is bottom or middle, not {found['trump']!r}", "trump")
    return Public(game, players, found["trump"], int(found["chat"]), int(found["message"]))


def read_key(secret: str, public: str) -> ShuffleKey:
    """Both halves checked; the public value kept exactly as written."""
    read_public(public)
    return ShuffleKey(read_secret(secret), public.strip())


# -- the byte stream and the draws ---------------------------------------------------


class Stream:
    """Bytes of HMAC-SHA256(key = secret's ASCII, message = "<public>/<stream>/<counter>"),
    counter 0, 1, 2, ... one 32-byte block after another; stream 0 draws the
    first dealer, stream n deals deal number n."""

    __slots__ = ("_block", "_counter", "_key", "_label", "_position")

    def __init__(self, key: ShuffleKey, stream: int) -> None:
        self._key = key.secret.encode("ascii")
        self._label = f"{key.public}/{stream}/"
        self._counter = 0
        self._block = b""
        self._position = 0

    def byte(self) -> int:
        if self._position == len(self._block):
            message = (self._label + str(self._counter)).encode("utf-8")
            self._block = hmac.new(self._key, message, hashlib.sha256).digest()
            self._counter += 1
            self._position = 0
        value = self._block[self._position]
        self._position += 1
        return value

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each equally likely: bytes at or
        above the largest multiple of n that fits in 256 are thrown away."""
        if not 1 <= n <= 256:
            raise ValueError(f"draws are from 1 to 256 numbers, not {n}")
        limit = 256 - 256 % n
        while True:
            value = self.byte()
            if value < limit:
                return value % n


def shuffled(stream: Stream, cards: Sequence[Card] = DECK) -> list[Card]:
    """Fisher-Yates: for i from the last place down to 1, swap place i with a
    place j drawn from 0..i."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deck_order(key: ShuffleKey, number: int) -> list[Card]:
    """Deal `number`'s deck, top card first, as it is dealt."""
    return shuffled(Stream(key, _deal_stream(number)))


def first_dealer(key: ShuffleKey, players: int) -> int:
    """The match's first dealer (a seat from 0): stream 0's first draw."""
    return Stream(key, 0).below(players)


def check_table(key: ShuffleKey, game: Preset, players: int, trump_card: str) -> None:
    """The public value must describe the table it deals: a checker lays the
    deck out as hands from it, so a mismatch would make every deal look wrong."""
    public = read_public(key.public)
    if (public.game, public.players, public.trump_card) != (game, players, trump_card):
        raise ShuffleError(
            f"the public value {key.public!r} is for {public.game.value} with "
            f"{public.players} players and trump_card={public.trump_card}, "
            f"not {Preset(game).value} with {players} and trump_card={trump_card}",
            "mismatch",
        )


def _deal_stream(number: int) -> int:
    if number < 1:
        raise ValueError(f"deals are numbered from 1, not {number}")
    return number


def _short(text: object) -> str:
    value = str(text)
    return value if len(value) <= 80 else value[:80] + "…"
