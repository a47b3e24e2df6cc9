"""The answer to `/verify <secret> <public>` (docs/RULES.md 9): whether the
secret is the one the group was promised, and the deals it decides, in the
reader's language.

Pure: the handler finds the commitment the bot showed for that public value
(None when it knows no such match: the answer then gives the hash to
compare by eye) and the table's names, and sends what this returns.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.view.cards import cards_text
from bot.view.i18n import Html, esc, short, t
from engine.rules import PLAYER_COUNTS, Preset, RuleSet
from engine.shuffle import ShuffleError, ShuffleKey, commitment, read_public, read_secret
from engine.verify import Dealt, recompute

# Deals shown in a message: a deal is about six lines, and Telegram cuts a
# message at 4,096 characters. The rest: `python -m tools verify --deals N`.
SHOWN_DEALS = 6


def commitment_line(lang: str, key: ShuffleKey) -> Html:
    """Shown to the group before the first card: the secret's hash only."""
    return t(lang, "verify.commitment", commitment=commitment(key.secret))


def reveal_line(lang: str, key: ShuffleKey) -> Html:
    """Shown when the match (a tournament: the tournament) ends: the one line
    `/verify` and `python -m tools verify` read, inside <code> so one tap copies it."""
    return t(lang, "verify.reveal", secret=key.secret, public=key.public)


def verify_answer(
    lang: str,
    words: Sequence[str],
    promised: str | None = None,
    deals: int = 1,
    names: Sequence[str] = (),
) -> Html:
    """`words` as typed after /verify; `promised` the commitment the group
    was shown; `deals` how many the match had; `names` the table's players in
    seat order (seats are numbered without them)."""
    if len(words) != 2:
        return t(lang, "verify.usage")
    try:
        secret = read_secret(words[0])
    except ShuffleError:
        return t(lang, "verify.bad_secret", text=short(words[0]))
    try:
        public = read_public(words[1])
    except ShuffleError as error:
        return _bad_public(lang, words[1], error)
    key = ShuffleKey(secret, words[1].strip())
    actual = commitment(secret)
    if promised is not None and promised.strip().lower() != actual:
        return t(lang, "verify.mismatch", commitment=promised.strip().lower(), actual=actual)
    head = (
        t(lang, "verify.unknown", actual=actual)
        if promised is None
        else t(lang, "verify.match", commitment=actual)
    )
    rules = RuleSet(preset=public.game, trump_card=public.trump_card)
    lines: list[str] = [
        head,
        t(
            lang,
            "verify.table",
            game=t(lang, f"preset.{public.game.value}"),
            players=public.players,
            trump=t(lang, f"value.trump_card.{rules.trump_card}"),
        ),
    ]
    shown = max(1, min(deals, SHOWN_DEALS))
    seat_names = list(names) if len(names) == public.players else []
    for dealt in recompute(key, shown):
        lines.append("")
        lines += _deal(lang, dealt, seat_names)
    if shown > 1:
        lines += ["", t(lang, "verify.note")]
    if deals > shown:
        lines += ["", t(lang, "verify.more", secret=secret, public=key.public, deals=deals)]
    return Html("\n".join(lines))


def _deal(lang: str, dealt: Dealt, names: Sequence[str]) -> list[str]:
    trump = dealt.trump_card.suit
    lines: list[str] = []
    if dealt.dealer is not None:
        dealer = (
            t(lang, "verify.dealer_name", name=names[dealt.dealer])
            if names
            else t(lang, "verify.dealer_seat", number=dealt.dealer + 1)
        )
        lines.append(t(lang, "verify.first_deal", deal=dealt.number, dealer=dealer))
        by_seat = {dealt.seat_of(p): hand for p, hand in enumerate(dealt.hands)}
        for seat in range(len(dealt.hands)):
            cards = Html(cards_text(lang, by_seat[seat], trump))
            lines.append(t(lang, "verify.hand", who=_who(lang, seat, names), cards=cards))
    else:
        lines.append(t(lang, "verify.later_deal", deal=dealt.number))
        last = len(dealt.hands) - 1
        for position, hand in enumerate(dealt.hands):
            who = (
                t(lang, "verify.position_dealer")
                if position == last
                else t(lang, "verify.position", number=position + 1)
            )
            lines.append(t(lang, "verify.hand", who=who, cards=Html(cards_text(lang, hand, trump))))
    shown_card = Html(cards_text(lang, [dealt.trump_card], trump))
    lines.append(t(lang, "verify.trump_card", card=shown_card))
    lines.append(t(lang, "verify.stock", cards=Html(cards_text(lang, dealt.stock, trump))))
    return lines


def _bad_public(lang: str, text: str, error: ShuffleError) -> Html:
    """A wrong player count is named; any other mistake shows the form."""
    fields = text.strip().split(":")
    if error.code == "players":
        game = Preset(fields[0])
        return t(
            lang,
            "verify.bad_players",
            players=int(fields[1]),
            game=t(lang, f"preset.{game.value}"),
            counts=" / ".join(str(n) for n in PLAYER_COUNTS[game]),
        )
    return t(lang, "verify.bad_public", text=short(text))


def _who(lang: str, seat: int, names: Sequence[str]) -> Html:
    if names:
        return esc(names[seat])
    return t(lang, "verify.seat", number=seat + 1)
