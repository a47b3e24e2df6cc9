"""Presets and table options (docs/RULES.md section 2 and every **[option]**).

`RuleSet` is the one place that knows which options exist, which preset they
belong to, what values they take and what they default to. The bot builds its
`/new` parser, its settings buttons and its `/rules` text from `OPTIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final

from engine.errors import RulesError


class Preset(StrEnum):
    BURKOZEL = "burkozel"
    KOZEL = "kozel"
    BURA = "bura"


# Enum class attributes (`Preset.BURA`) are slow to look up in Python 3.11;
# the properties the engine reads on every action compare with these instead.
_BURA: Final = Preset.BURA
_KOZEL: Final = Preset.KOZEL

PLAYER_COUNTS: Final[Mapping[Preset, tuple[int, ...]]] = {
    Preset.BURKOZEL: (2, 3, 4),
    Preset.KOZEL: (4,),
    Preset.BURA: (2, 3, 4),
}

ALL = (Preset.BURKOZEL, Preset.KOZEL, Preset.BURA)
TRICK_GAMES = (Preset.BURKOZEL, Preset.KOZEL)


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: type  # bool, int or str
    choices: tuple[Any, ...]  # allowed values; empty for a free int range
    presets: tuple[Preset, ...]
    minimum: int = 0
    maximum: int = 0

    def describe_values(self) -> str:
        if self.kind is bool:
            return "on, off"
        if self.choices:
            return ", ".join(str(choice) for choice in self.choices)
        return f"a whole number from {self.minimum} to {self.maximum}"


OPTIONS: Final[Mapping[str, OptionSpec]] = {
    spec.name: spec
    for spec in (
        OptionSpec("trump_card", str, ("bottom", "middle"), ALL),
        OptionSpec("first_lead", str, ("left_of_dealer", "lowest_trump"), ALL),
        OptionSpec("first_lead_max3", bool, (), TRICK_GAMES),
        OptionSpec("closed_discard", bool, (), ALL),
        OptionSpec("four_ends", bool, (), TRICK_GAMES),
        OptionSpec("combo_interrupt", bool, (), TRICK_GAMES),
        OptionSpec("six_for_zero_points", bool, (), TRICK_GAMES),
        OptionSpec("pass_21", bool, (), (Preset.BURKOZEL,)),
        OptionSpec("eggs_double", bool, (), TRICK_GAMES),
        OptionSpec("false_claim_double", bool, (), (Preset.BURA,)),
        OptionSpec("show_own_points", bool, (), (Preset.BURA,)),
        OptionSpec("redeal_on_initial_combo", bool, (), (Preset.BURA,)),
        OptionSpec("small_moscow", str, ("sixes", "tens"), (Preset.BURA,)),
        OptionSpec("limit", int, (2, 4, 6, 12), ALL),
        OptionSpec("end_at_first_loser", bool, (), ALL),
        OptionSpec("stake", int, (), ALL, minimum=0, maximum=1_000_000),
    )
}

_TRUE = frozenset({"on", "true", "yes", "1", "да", "вкл", "y", "так"})
_FALSE = frozenset({"off", "false", "no", "0", "нет", "выкл", "n", "не", "ні"})


def switch(text: str) -> bool | None:
    """An on/off word as people type it (on, да, так, 0, ...); None if it is
    neither. Table options and the bot's own (a tournament's) read it alike."""
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    return None


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A table's rules: a preset plus its options. Immutable and JSON-friendly."""

    preset: Preset = Preset.BURKOZEL
    trump_card: str = "bottom"
    first_lead: str = "left_of_dealer"
    first_lead_max3: bool = False
    closed_discard: bool = False
    four_ends: bool = True
    combo_interrupt: bool = False
    six_for_zero_points: bool = False
    pass_21: bool = False
    eggs_double: bool = False
    false_claim_double: bool = True
    show_own_points: bool = False
    redeal_on_initial_combo: bool = False
    small_moscow: str = "sixes"  # bura: three sixes (or tens) with the trump one
    limit: int = 12
    end_at_first_loser: bool = False
    stake: int = 0
    # Which edition of docs/RULES.md the table plays (not a table option). New
    # tables get the current one; a stored table written before editions
    # existed loads as 1 (`from_json`), so its log replays as it was played.
    # 2: docs/RULES.md "Editions"; 3: bura refuses an out-of-turn molodka
    # when the rightful leader holds a molodka too.
    edition: int = 3

    # -- construction -----------------------------------------------------

    @classmethod
    def create(
        cls,
        preset: str | Preset = Preset.BURKOZEL,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> RuleSet:
        """Validated rules; every mistake names the option and what it takes."""
        try:
            chosen = Preset(str(preset).strip().lower())
        except ValueError:
            raise RulesError(
                f"unknown preset {preset!r}: choose one of " + ", ".join(p.value for p in Preset),
                option="preset",
                code="unknown_preset",
                value=preset,
            ) from None
        values: dict[str, Any] = dict(cls.defaults_for(chosen))
        for name, raw in (options or {}).items():
            key = str(name).strip().lower()
            values[key] = parse_option(chosen, key, raw)
        rules = cls(preset=chosen, **{k: v for k, v in values.items() if k != "preset"})
        if players is not None:
            rules.check_players(players)
        return rules

    @staticmethod
    def defaults_for(preset: Preset) -> dict[str, Any]:
        """Defaults that differ by preset (docs/RULES.md, second edition): kozel
        shows its trump from the middle and lets a molodka interrupt (seed 004)."""
        defaults: dict[str, Any] = {"closed_discard": preset is not Preset.BURKOZEL}
        if preset is Preset.KOZEL:
            defaults.update(trump_card="middle", combo_interrupt=True)
        return defaults

    def with_options(self, options: Mapping[str, object]) -> RuleSet:
        changes = {
            str(name).strip().lower(): parse_option(self.preset, str(name).strip().lower(), raw)
            for name, raw in options.items()
        }
        return replace(self, **changes)

    def check_players(self, players: int) -> None:
        allowed = PLAYER_COUNTS[self.preset]
        if players not in allowed:
            raise RulesError(
                f"{self.preset.value} is played by "
                + " or ".join(str(n) for n in allowed)
                + f" players, not {players}",
                option="players",
                code="players",
                value=players,
            )

    # -- derived facts ----------------------------------------------------

    @property
    def hand_size(self) -> int:
        return 3 if self.preset is _BURA else 4

    @property
    def is_teams(self) -> bool:
        return self.preset is _KOZEL

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Who shares a pile and penalty points: partners opposite in kozel."""
        if self.is_teams:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(players))

    def passing_score(self, players: int) -> int:
        if self.pass_21 and players >= 3:
            return 21
        return 31

    def options(self) -> dict[str, Any]:
        """Every option that applies to this preset, with its value."""
        data = asdict(self)
        return {name: data[name] for name, spec in OPTIONS.items() if self.preset in spec.presets}

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from the preset's defaults (for lobby and /rules)."""
        default = RuleSet.create(self.preset)
        return {k: v for k, v in self.options().items() if getattr(default, k) != v}

    # -- JSON -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = _JSON.get(self)
        if data is None:
            # Every saved move writes its table's rules: worked out once a rule set.
            data = asdict(self)
            data["preset"] = self.preset.value
            if len(_JSON) < 4096:
                _JSON[self] = data
        return dict(data)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RuleSet:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values["preset"] = Preset(values.get("preset", Preset.BURKOZEL))
        values.setdefault("edition", 1)  # stored before the second edition
        return cls(**values)


_JSON: dict[RuleSet, dict[str, Any]] = {}


def applicable_options(preset: Preset) -> list[str]:
    return [name for name, spec in OPTIONS.items() if preset in spec.presets]


def parse_option(preset: Preset, name: str, raw: object) -> Any:
    """One option value from text or a Python value, or a `RulesError` naming it."""
    spec = OPTIONS.get(name)
    if spec is None:
        raise RulesError(
            f"unknown option {name!r}; {preset.value} options are: "
            + ", ".join(applicable_options(preset)),
            option=name,
            code="unknown_option",
        )
    if preset not in spec.presets:
        raise RulesError(
            f"option {name!r} does not apply to {preset.value}; its options are: "
            + ", ".join(applicable_options(preset)),
            option=name,
            code="not_applicable",
        )
    bad = RulesError(
        f"option {name!r} takes {spec.describe_values()}, not {raw!r}",
        option=name,
        code="bad_value",
        value=raw,
    )
    if spec.kind is bool:
        if isinstance(raw, bool):
            return raw
        on = switch(str(raw))
        if on is None:
            raise bad
        return on
    if spec.kind is int:
        if isinstance(raw, bool):
            raise bad
        try:
            value = raw if isinstance(raw, int) else int(str(raw).strip())
        except ValueError:
            raise bad from None
        if spec.choices and value not in spec.choices:
            raise bad
        if not spec.choices and not spec.minimum <= value <= spec.maximum:
            raise bad
        return value
    text = str(raw).strip().lower()
    if text not in spec.choices:
        raise bad
    return text
