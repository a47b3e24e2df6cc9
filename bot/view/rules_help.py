"""The texts of /rules, /help and the table options: what each game's rules
say, which options a preset takes and what they accept, and an engine
`RulesError` in the reader's language. Pure: language and rules in, text out."""

from __future__ import annotations

from bot.view import names
from bot.view.i18n import Html, short, t
from bot.view.render import options_lines
from engine import RulesError, RuleSet
from engine.rules import OPTIONS, Preset


def _switch(value: bool) -> str:
    return "on" if value else "off"


def rule_choices(rules: RuleSet) -> dict[str, str]:
    """What the rules texts select on: every option a sentence depends on, so
    that /rules at a table states that table's rules (face-up discards, own
    points shown, small Moscow of tens…), not the defaults."""
    return {
        "trump": rules.trump_card,
        "lead": rules.first_lead,
        "max3": _switch(rules.first_lead_max3),
        "closed": _switch(rules.closed_discard),
        "four_ends": _switch(rules.four_ends),
        "interrupt": _switch(rules.combo_interrupt),
        "zero": _switch(rules.six_for_zero_points),
        "pass": _switch(rules.pass_21),
        "eggs": _switch(rules.eggs_double),
        "false_double": _switch(rules.false_claim_double),
        "show_points": _switch(rules.show_own_points),
        "redeal": _switch(rules.redeal_on_initial_combo),
        "small_moscow": rules.small_moscow,
    }


def rules_text(lang: str, rules: RuleSet, at_table: bool = False) -> str:
    """A game's rules as `rules` set them, then how its match ends and the
    options. `at_table`: these are an open table's rules, so its own limit is
    told ("до 4 штрафных"); otherwise the limit is the table's choice, usually
    12, and the text is the preset's defaults."""
    limit = t(lang, "rules.limit", limit=rules.limit) if at_table else t(lang, "rules.limit_usual")
    end = "first" if rules.end_at_first_loser else "last"
    lines: list[str] = [t(lang, f"rules.{rules.preset.value}", **rule_choices(rules))]
    lines.append(t(lang, "rules.match", game=rules.preset.value, end=end, limit=limit))
    lines.append("")
    lines.append(t(lang, "rules.options_title"))
    # Each option with a line on what it does: "Проходной 21 (на 3–4)" alone
    # told a newcomer nothing (players-review-2 §3 item 3).
    for name, line in zip(rules.options(), options_lines(lang, rules), strict=True):
        lines.append(Html(f"{line} — {t(lang, f'option.about.{name}')}"))
    return "\n".join(lines)


def help_text(lang: str, start_chips: int = 1000) -> str:
    """The commands, the symbols the table and the hand use, then what chips
    are (a key of its own: chips.ftl)."""
    return "\n\n".join(
        (t(lang, "help"), t(lang, "help.legend"), t(lang, "help.chips", start=start_chips))
    )


def tournament_help(lang: str) -> str:
    """What `/help tournament` answers: the command, each format, place points,
    and what duplicate deals are and how they are scored (issue 67: the
    tournaments were only listed in /help)."""
    lines = [t(lang, "tournament.usage"), ""]
    lines.extend(
        t(lang, "tournament.explain", format=fmt) for fmt in ("roundrobin", "swiss", "knockout")
    )
    lines.append(t(lang, "tournament.place_points"))
    lines.append(t(lang, "tournament.duplicate"))
    return "\n".join(lines)


def presets_list(lang: str) -> str:
    return names.presets_list(lang)


def option_values(lang: str, name: str) -> str:
    """What an option takes, as a person types it: the codes themselves, in words."""
    spec = OPTIONS[name]
    if spec.kind is bool:
        return t(lang, "options.switch")
    if spec.choices:
        return ", ".join(str(choice) for choice in spec.choices)
    return t(lang, "options.range", min=spec.minimum, max=spec.maximum)


def rules_error(lang: str, error: RulesError) -> str:
    """An engine `RulesError` in the reader's language."""
    if error.code == "unknown_preset":
        return t(lang, "new.bad_preset", preset=short(error.value), presets=presets_list(lang))
    if error.code in ("unknown_option", "not_applicable"):
        return t(lang, f"rules_error.{error.code}", option=short(error.option))
    if error.option in OPTIONS:
        return t(
            lang,
            "rules_error.bad_value",
            option=error.option,
            value=short(error.value),
            values=option_values(lang, error.option),
        )
    return t(lang, "illegal.other", reason=short(error, 200))


def options_help(lang: str, preset: Preset) -> str:
    lines: list[str] = [t(lang, "options.help_title", preset=preset.value)]
    for name, spec in OPTIONS.items():
        if preset in spec.presets:
            lines.append(
                t(
                    lang,
                    "options.help_line",
                    name=name,
                    values=option_values(lang, name),
                    title=t(lang, f"option.{name}"),
                )
            )
    return "\n".join(lines)
