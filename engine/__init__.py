"""Burkozel, Kozel and Bura: pure, deterministic game rules.

Where each rule lives:
- cards, ranks, points ........ engine/cards.py
- what beats what ............. engine/beating.py
- presets and table options ... engine/rules.py
- combinations ................ engine/combos.py
- leads, answers, draws, turns  engine/game.py
- deals, end of deal, bura .... engine/dealing.py
- the checkable shuffle ....... engine/shuffle.py
- out-of-turn combinations .... engine/priority.py
- seats, sides, lead size ..... engine/seating.py
- penalty points, standing .... engine/scoring.py
- what a seat may see ......... engine/view.py
"""

from engine.actions import Action, Kind
from engine.beating import beats
from engine.cards import DECK, Card, Suit, parse_cards
from engine.combos import Combo
from engine.errors import EngineError, IllegalAction, RulesError
from engine.events import Event, event_to_json
from engine.game import active_seats, apply, legal_actions, new_match, start_match
from engine.replay import replay
from engine.rules import OPTIONS, Preset, RuleSet
from engine.state import MatchState
from engine.view import TableView, event_for, view_for

__all__ = [
    "DECK",
    "OPTIONS",
    "Action",
    "Card",
    "Combo",
    "EngineError",
    "Event",
    "IllegalAction",
    "Kind",
    "MatchState",
    "Preset",
    "RuleSet",
    "RulesError",
    "Suit",
    "TableView",
    "active_seats",
    "apply",
    "beats",
    "event_for",
    "event_to_json",
    "legal_actions",
    "new_match",
    "parse_cards",
    "replay",
    "start_match",
    "view_for",
]
