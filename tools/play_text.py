"""The terminal game's event text: engine events as the lines a person reads.

`tools.play` runs the match and reads what the person types; how each thing
that happened is worded is a separate concern, and it needs nothing from the
match loop but the seat names and which seat is the person. Kept here, it
leaves `tools/play.py` about turns and typed commands. The events arrive
already passed through `engine.view.event_for`, so nothing here can show
seat 0 a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import format_cards
from engine.events import (
    CardsDrawn,
    CardsLed,
    CardsPlayed,
    ClaimMade,
    CombinationDeclared,
    DealScored,
    DealStarted,
    DealVoid,
    DealWonByCombination,
    DeclarationRefused,
    Event,
    MatchOver,
    SideEliminated,
    TrickRestarted,
    TrickTaken,
)

COMBINATION_NAMES = {
    "bura": "a bura",
    "molodka": "a molodka",
    "moscow": "a moscow",
    "golden_moscow": "a golden moscow",
    "four_ends": "four ends",
    "small_moscow": "a small moscow",
}
DEAL_END_REASONS = {
    "cards": "all cards played",
    "claim": "a claim of 31",
    "combination": "a combination in hand",
}


class EventText:
    """The words for one table: seat names, and the person addressed as "You".

    `lead_size` is the one thing remembered between events: another seat's
    face-down discard arrives without its cards (seat 0 may not see them), so
    its count is the size of the trick's lead.
    """

    def __init__(self, names: Sequence[str], human: int) -> None:
        self.names = tuple(names)
        self.human = human
        self.lead_size = 0

    def name(self, seat: int) -> str:
        return self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """ "You lead" / "Bot 1 leads": the person is addressed directly."""
        if seat == self.human:
            return f"You {verb}"
        if verb.endswith(("s", "sh", "ch")):
            return f"{self.names[seat]} {verb}es"
        return f"{self.names[seat]} {verb}s"

    def side_name(self, seats: Sequence[int]) -> str:
        return " & ".join(self.names[seat] for seat in seats)

    def describe(self, event: Event) -> list[str]:
        if isinstance(event, DealStarted):
            where = (
                f"{event.trump_card} was shown and stays hidden in the stock"
                if event.trump_hidden
                else f"{event.trump_card} lies at the bottom of the stock"
            )
            lines = [
                "",
                f"=== Deal {event.number} === dealer: {self.name(event.dealer)}",
                f"Trump: {event.trump} ({where}). Stock: {event.stock_left} cards.",
                f"{self.does(event.leader, 'lead')} first.",
            ]
            if event.multiplier > 1:
                lines.append(f"Penalties count x{event.multiplier} in this deal.")
            return lines
        if isinstance(event, CombinationDeclared):
            how = " out of turn" if event.out_of_turn else ""
            name = COMBINATION_NAMES.get(event.combination, event.combination)
            return [f"{self.does(event.seat, 'declare')} {name}{how}!"]
        if isinstance(event, DeclarationRefused):
            name = COMBINATION_NAMES.get(event.combination, event.combination)
            by = COMBINATION_NAMES.get(event.by or "", event.by or "a stronger combination")
            if event.reason == "leader_molodka":
                return [
                    f"{self.does(event.seat, 'declare')} {name} out of turn: refused, "
                    f"the player on lead holds {by} too and keeps the lead."
                ]
            return [
                f"{self.does(event.seat, 'declare')} {name} out of turn: refused, "
                f"somebody else holds {by}."
            ]
        if isinstance(event, TrickRestarted):
            return ["The trick restarts: every card played to it goes back to its owner."]
        if isinstance(event, CardsLed):
            self.lead_size = len(event.cards)
            return [f"{self.does(event.seat, 'lead')} {format_cards(event.cards)}"]
        if isinstance(event, CardsPlayed):
            if event.beat:
                return [f"{self.does(event.seat, 'beat')} it with {format_cards(event.cards)}"]
            if event.face_down and not event.cards:
                count = self.lead_size
                return [f"{self.does(event.seat, 'discard')} {count} card(s) face down"]
            down = " face down" if event.face_down else ""
            return [f"{self.does(event.seat, 'discard')} {format_cards(event.cards)}{down}"]
        if isinstance(event, TrickTaken):
            cards = format_cards(event.cards) or "only face-down cards"
            return [f"{self.does(event.seat, 'take')} the trick ({cards}): {event.points} points"]
        if isinstance(event, CardsDrawn):
            mine = next((cards for seat, cards in event.draws if seat == self.human), ())
            got = f"You draw {format_cards(mine)}. " if mine else ""
            return [f"{got}Stock: {event.stock_left} left."]
        if isinstance(event, ClaimMade):
            verdict = "correct: the deal is won!" if event.success else "a false claim!"
            return [
                f"{self.does(event.seat, 'claim')} 31: the pile holds {event.points} points, "
                f"{verdict}"
            ]
        if isinstance(event, DealWonByCombination):
            name = COMBINATION_NAMES.get(event.combination, event.combination)
            wins = "win" if event.seat == self.human else "wins"
            return [
                f"{self.does(event.seat, 'hold')} {name} ({format_cards(event.cards)}) "
                f"and {wins} the deal at once."
            ]
        if isinstance(event, DealVoid):
            if event.reason == "tie":
                return ["The deal ends level: it is void and dealt again."]
            holder = self.name(event.seat) if event.seat is not None else "somebody"
            return [f"{holder} was dealt a combination: the cards are dealt again."]
        if isinstance(event, DealScored):
            reason = DEAL_END_REASONS.get(event.reason, event.reason)
            lines = [f"--- Deal {event.number} is over ({reason}) ---"]
            if event.eggs:
                lines.append("Eggs: 60 to 60, the two at 60 get no penalty points.")
            if event.multiplier > 1:
                lines.append(f"Penalties counted x{event.multiplier}.")
            for result in event.results:
                lines.append(
                    f"  {self.side_name(result.seats)}: {result.points} points, "
                    f"{result.tricks} trick(s), +{result.penalty} penalty → {result.total}"
                )
            return lines
        if isinstance(event, SideEliminated):
            who = self.side_name(event.seats)
            verb = "are" if who == "You" or len(event.seats) > 1 else "is"
            return [f"{who} {verb} out with {event.penalties} penalty points."]
        if isinstance(event, MatchOver):
            lines = ["", f"=== Match over after {event.deals} deal(s) ===", "Final standing:"]
            for placing in event.standing:
                split = " + ".join(str(share) for share in placing.shares)
                each = f" ({split})" if len(placing.shares) > 1 else ""
                payout = f", {placing.payout} chips{each}" if event.bank else ""
                lines.append(
                    f"  {placing.rank}. {self.side_name(placing.seats)}: "
                    f"{placing.penalties} penalty points{payout}"
                )
            return lines
        return [str(event)]
