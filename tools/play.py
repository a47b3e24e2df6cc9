"""`python -m tools play`: a match in a terminal against computer players.

The terminal game exists so that a person can try the rules without
Telegram, and so that tests can drive a whole match through plain text. It
shows seat 0 exactly what `engine.view` lets seat 0 see, and every event
passes through `engine.view.event_for` first, like the bot's messages do.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from engine.actions import Action, Kind
from engine.ai import EasyPlayer, Player, choose_for, make_player, pending_declarations
from engine.ai.base import priority_distance
from engine.cards import Card, format_cards
from engine.errors import IllegalAction
from engine.events import DealStarted, Event
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from engine.view import TableView, event_for, view_for
from tools.play_text import EventText

InputFn = Callable[[str], str]

HELP_TEXT = """\
How to play: the numbers in [brackets] pick cards from your hand.
  1 3 lead        lead cards 1 and 3 (one suit; the word may also come first)
  2 beat          answer with card 2; it must beat the cards that own the trick
  4 discard       answer with card 4; discarded cards never win the trick
  declare 1 2 3 4 lead a combination (also out of turn, when you are offered it)
  pass            let an out-of-turn chance go by
  claim           bura: "I have 31" (only on your turn, before leading)
  hint            what a simple computer player would do
  auto            let that computer player make this move for you
  show            show the table and your hand again
  help            this text
  quit            leave the game
Cards may also be named instead of numbered: 10h, QS, A♠."""

VERBS = {
    "lead": Kind.LEAD,
    "beat": Kind.BEAT,
    "discard": Kind.DISCARD,
    "declare": Kind.DECLARE,
    "claim": Kind.CLAIM,
}
COMMANDS = {"pass", "help", "?", "quit", "exit", "hint", "auto", "show"}


class QuitGame(Exception):
    """The person typed quit or the input ended: leave the match politely."""


class PlaySession:
    """One terminal match: seat 0 is the person, every other seat a computer.

    `input_fn` reads one line (the builtin `input`, or a test's scripted
    responder) and `out` receives everything printed, so the whole game can
    be driven without a terminal.
    """

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        seed: int,
        level: str = "greedy",
        input_fn: InputFn = input,
        out: TextIO | None = None,
    ) -> None:
        self.rules = rules
        self.human = 0
        self.names = ("You", *(f"Bot {seat}" for seat in range(1, players)))
        self.state: MatchState = new_match(rules, self.names, seed)
        self.computers: dict[int, Player] = {
            seat: make_player(level, seed * 31 + seat) for seat in range(1, players)
        }
        self.advisor = EasyPlayer(seed)
        self.level = level
        self.input_fn = input_fn
        self.out = out if out is not None else sys.stdout
        self.passed: tuple[int, int] | None = None  # the out-of-turn window declined
        self.text = EventText(self.names, self.human)

    # -- output -------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def view(self) -> TableView:
        return view_for(self.state, self.human)

    # -- the match loop ---------------------------------------------------------

    def run(self) -> int:
        preset = self.rules.preset.value
        self.say(
            f"{preset.capitalize()} for {len(self.names)}: you are seat 0 against "
            f"{len(self.computers)} computer player(s) ({self.level}). "
            f"Penalty limit {self.rules.limit}."
        )
        if self.rules.is_teams:
            self.say("Teams: You & Bot 2 against Bot 1 & Bot 3.")
        changed = self.rules.changed_options()
        if changed:
            self.say("Options: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
        self.say("Type `help` for how to play.")
        self._announce_first_deal()
        try:
            while not self.state.over:
                self.step()
        except QuitGame:
            self.say("Bye.")
            return 0
        return 0

    def _announce_first_deal(self) -> None:
        view = self.view()
        if view.deal_number > 1 or any(view.penalties):
            self.say("(Earlier deals ended before play began; penalties so far are shown below.)")
        if view.dealer is None or view.trump is None or view.trump_card is None:
            return
        self.show_events(
            [
                DealStarted(
                    number=view.deal_number,
                    dealer=view.dealer,
                    trump=view.trump,
                    trump_card=view.trump_card,
                    trump_hidden=view.trump_hidden,
                    leader=view.turn if view.turn is not None else view.dealer,
                    stock_left=view.stock_left,
                    multiplier=view.multiplier,
                )
            ]
        )

    def step(self) -> None:
        """Let exactly one action happen (or one out-of-turn chance be declined)."""
        state = self.state
        deal = state.deal
        assert deal is not None
        turn = deal.turn
        if turn == self.human:
            view = self.view()
            has_combo = not view.trick and any(a.kind is Kind.DECLARE for a in view.legal)
            if not has_combo:
                # The rightful leader has priority only through a combination;
                # computers holding one jump in before the person leads.
                declarations = pending_declarations(state, self.computers)
                if declarations:
                    self.perform(declarations[0])
                    return
            self.ask(out_of_turn=False)
            return
        own = choose_for(state, turn, self.computers[turn])
        if own is not None and own.kind is Kind.DECLARE:
            self.perform(own)
            return
        declarations = pending_declarations(state, self.computers)
        window = (deal.number, state.step)
        if self.passed != window and any(a.kind is Kind.DECLARE for a in self.view().legal):
            mine = priority_distance(state, self.human)
            nearer = [d for d in declarations if priority_distance(state, d.seat) < mine]
            if nearer:
                self.perform(nearer[0])
                return
            if self.ask(out_of_turn=True):
                return
            self.passed = window
        if declarations:
            self.perform(declarations[0])
            return
        if own is None:
            raise RuntimeError(f"computer seat {turn} found no action")
        self.perform(own)

    def perform(self, action: Action) -> None:
        self.state, events = apply(self.state, action)
        self.show_events(events)

    # -- the person's turn --------------------------------------------------------

    def ask(self, out_of_turn: bool) -> bool:
        """Prompt until the person acts. Returns False if they passed."""
        self.show_table(out_of_turn)
        while True:
            try:
                line = self.input_fn("> ")
            except EOFError:
                self.say("(end of input)")
                raise QuitGame from None
            words = line.replace(",", " ").split()
            if not words:
                if out_of_turn:
                    return False
                self.say("Type card numbers and an action word, e.g. `1 lead`; `help` explains.")
                continue
            lowered = [word.lower() for word in words]
            command = next((word for word in lowered if word in COMMANDS), None)
            if command is not None:
                if len(words) > 1:
                    self.say(f"`{command}` stands alone; type it without anything else.")
                    continue
                if command in ("quit", "exit"):
                    raise QuitGame
                if command in ("help", "?"):
                    self.say(HELP_TEXT)
                    continue
                if command == "show":
                    self.show_table(out_of_turn)
                    continue
                if command == "pass":
                    if out_of_turn:
                        return False
                    self.say("You cannot pass on your own turn: lead, beat or discard.")
                    continue
                suggestion = self.advisor.choose(self.view())
                if command == "hint":
                    self.say("Hint: " + (self.describe_choice(suggestion) or "pass"))
                    continue
                if suggestion is None:
                    return False
                self.perform(suggestion)
                return True
            action = self.parse_action(lowered, words, out_of_turn)
            if action is None:
                continue
            try:
                self.perform(action)
            except IllegalAction as error:
                self.say(f"Not allowed: {error}.")
                continue
            return True

    def parse_action(
        self, lowered: list[str], words: list[str], out_of_turn: bool
    ) -> Action | None:
        """The action a line names, or None after explaining what is wrong."""
        view = self.view()
        verbs = [word for word in lowered if word in VERBS]
        if len(verbs) > 1:
            self.say("Name one action per line: lead, beat, discard, declare or claim.")
            return None
        cards: list[Card] = []
        for word in (w for w, low in zip(words, lowered, strict=True) if low not in VERBS):
            card = self.parse_card(word, view.hand)
            if card is None:
                return None
            cards.append(card)
        if verbs:
            kind = VERBS[verbs[0]]
        elif out_of_turn:
            kind = Kind.DECLARE
        elif not view.trick:
            kind = Kind.LEAD
        else:
            self.say("Say what the cards do: add `beat` or `discard`, e.g. `1 beat`.")
            return None
        if out_of_turn and kind is not Kind.DECLARE:
            self.say("It is not your turn: `declare` your combination, or `pass`.")
            return None
        if kind is Kind.CLAIM:
            if cards:
                self.say("`claim` takes no cards.")
                return None
            return Action.claim(self.human)
        if not cards:
            self.say(f"Which cards? Add their numbers, e.g. `1 {kind.value}`.")
            return None
        return Action.make(kind, self.human, cards)

    def parse_card(self, word: str, hand: tuple[Card, ...]) -> Card | None:
        if word.isdigit():
            index = int(word)
            if 1 <= index <= len(hand):
                return hand[index - 1]
            self.say(f"There is no card {index}: your cards are numbered 1 to {len(hand)}.")
            return None
        try:
            return Card.parse(word)
        except ValueError:
            self.say(f"`{word}` is neither a card number nor an action; `help` lists them.")
            return None

    def describe_choice(self, action: Action | None) -> str | None:
        """An action as the person would type it, e.g. `2 3 beat` (Q♠ K♠)."""
        if action is None:
            return None
        if action.kind is Kind.CLAIM:
            return "claim"
        hand = self.view().hand
        numbers = " ".join(str(hand.index(card) + 1) for card in action.cards)
        return f"{numbers} {action.kind.value} ({format_cards(action.cards)})"

    def show_table(self, out_of_turn: bool) -> None:
        view = self.view()
        trump_where = "hidden in the stock" if view.trump_hidden else "at the bottom of the stock"
        self.say()
        self.say(
            f"Deal {view.deal_number} · trump {view.trump} ({view.trump_card} {trump_where})"
            f" · stock {view.stock_left}"
        )
        sides = self.rules.sides(len(self.names))
        self.say(
            "Penalty points: "
            + " · ".join(
                f"{self.text.side_name(seats)} {view.penalties[side]}"
                + (" (out)" if side in view.out else "")
                for side, seats in enumerate(sides)
            )
        )
        tricks = []
        for seat in view.active:
            pile = view.pile_points[seat]
            shown = f", {pile} pts" if pile is not None else ""
            tricks.append(f"{self.text.name(seat)} {view.tricks_won[seat]}{shown}")
        self.say("Tricks taken: " + " · ".join(tricks))
        if view.trick:
            parts = []
            for play in view.trick:
                if play.face_down and None in play.cards:
                    parts.append(f"{self.text.name(play.seat)}: {len(play.cards)} face down")
                else:
                    word = {"lead": "led", "beat": "beat with", "discard": "discarded"}[play.kind]
                    cards = format_cards(c for c in play.cards if c is not None)
                    parts.append(f"{self.text.name(play.seat)} {word} {cards}")
            self.say("On the table: " + "; ".join(parts))
            if view.owner is not None:
                self.say(f"The trick belongs to {self.text.name(view.owner)}.")
        elif view.turn is not None and view.turn != self.human:
            self.say(f"{self.text.name(view.turn)} is to lead.")
        self.say("Your hand: " + "  ".join(f"[{i}] {c}" for i, c in enumerate(view.hand, 1)))
        declarations = [a for a in view.legal if a.kind is Kind.DECLARE]
        combos = "; ".join(f"`{self.describe_choice(a)}`" for a in declarations)
        if out_of_turn:
            self.say(f"You may lead a combination out of turn: {combos} — or `pass`.")
            return
        if not view.trick:
            most = max((len(a.cards) for a in view.legal if a.kind is Kind.LEAD), default=1)
            if most == 1:
                self.say("Your lead: one card, e.g. `1 lead`.")
            else:
                self.say(f"Your lead: 1 to {most} cards of one suit, e.g. `1 2 lead`.")
            if declarations:
                self.say(f"You hold a combination: {combos}.")
            if any(a.kind is Kind.CLAIM for a in view.legal):
                self.say("Or `claim` if your pile holds 31 points (a false claim costs you).")
            return
        need = len(view.trick[0].cards)
        self.say(f"Answer with {need} card(s): `… beat` to take over the trick, or `… discard`.")

    # -- events -----------------------------------------------------------------

    def show_events(self, events: Sequence[Event]) -> None:
        for event in events:
            for line in self.text.describe(event_for(event, self.human, self.rules)):
                self.say(line)
