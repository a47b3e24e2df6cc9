"""The lobby's screens: who sits where before a match, and the options a
creator can still change (pure: table in, text and buttons out)."""

from __future__ import annotations

from bot.view import callbacks, names
from bot.view.i18n import Html, esc, plain, t
from bot.view.labels import fit
from bot.view.render import option_button, options_lines, preset_name
from bot.view.screen import Button, Screen, TableInfo
from engine.rules import OPTIONS

# The turn times the settings button steps through, in seconds.
TURN_TIMES = (30, 60, 90, 120, 300)
# The stakes the settings button steps through: a tap sets one of these and
# nothing else (a forged value is refused: bot/tables/lobby.py).
STAKE_STEPS = (0, 10, 50, 100)


def lobby_screen(info: TableInfo, lang: str) -> Screen:
    rules = info.rules
    lines: list[str] = [
        t(lang, "lobby.title", preset=preset_name(lang, rules), table=info.id),
        t(lang, "lobby.limit", limit=rules.limit),
    ]
    # The limit has its own line just above: listing it again among the
    # changed rules said the same thing twice ("to 2 points", "limit: 2").
    changed = options_lines(lang, rules, only_changed=True, leave_out=("limit",))
    if changed:
        lines.append(t(lang, "lobby.options"))
        lines.extend(changed)
    if info.reliable is not None:
        lines.append(t(lang, "reliability.option", needed=info.reliable))
    lines.append("")
    counts = "/".join(str(n) for n in (len(info.names), info.max_players))
    lines.append(t(lang, "lobby.players", count=counts))
    if info.names:
        for index, name in enumerate(info.names):
            team = ""
            side = "AB"[index % 2] if rules.is_teams else None
            if index in info.computers:
                # One parenthesis for both: "(team A · computer, normal)".
                level = names.level_name(lang, info.computers[index])
                if side is None:
                    team = " " + t(lang, "lobby.computer", level=level)
                else:
                    team = " " + t(lang, "lobby.team_computer", team=side, level=level)
            elif side is not None:
                team = " " + t(lang, "lobby.team", team=side)
            if index in info.waiting:
                team += " ⏳"
            if index in info.marks:
                team += " " + t(lang, "reliability.mark", percent=info.marks[index])
            lines.append(Html(f"{index + 1}. {esc(name)}{team}"))
    else:
        lines.append(t(lang, "lobby.empty"))
    if info.commitment is not None:
        # Before anybody can start the match: the promise comes first.
        lines.append("")
        sealed = "verify.commitment" if info.tournament_round is None else "verify.sealed_round"
        lines.append(t(lang, sealed, commitment=info.commitment))
    if info.status == "lobby" and info.tournament_round is not None:
        lines.append("")
        lines.append(
            t(lang, "tournament.lobby_hint", round=info.tournament_round, seconds=info.turn_time)
        )
        # Its players are set: they confirm, nothing else is asked here.
        confirm = Button(
            t(lang, "button.rematch_join"), callbacks.lobby(info.id, info.version, "j")
        )
        return Screen("\n".join(lines), ((confirm,),) if info.waiting else ())
    if info.status == "lobby" and info.rematch_of is not None and info.waiting:
        lines.append("")
        lines.append(t(lang, "lobby.rematch_hint", table=info.rematch_of))
    elif info.status == "lobby":
        lines.append("")
        lines.append(t(lang, "lobby.hint", creator=info.creator_name))
    v = info.version
    join = "button.rematch_join" if info.waiting else "button.join"
    buttons = (
        (
            Button(t(lang, join), callbacks.lobby(info.id, v, "j")),
            Button(t(lang, "button.leave"), callbacks.lobby(info.id, v, "x")),
        ),
        (
            Button(t(lang, "button.add_computer"), callbacks.lobby(info.id, v, "a")),
            Button(t(lang, "button.remove_computer"), callbacks.lobby(info.id, v, "r")),
        ),
        (
            Button(t(lang, "button.settings"), callbacks.lobby(info.id, v, "o")),
            Button(t(lang, "button.start"), callbacks.lobby(info.id, v, "s")),
        ),
    )
    return Screen("\n".join(lines), buttons)


def settings_screen(info: TableInfo, lang: str) -> Screen:
    """One button per option; a tap sets the next value."""
    rules = info.rules
    lines: list[str] = [
        t(lang, "settings.title", preset=preset_name(lang, rules), table=info.id),
        t(lang, "settings.hint"),
    ]
    rows: list[tuple[Button, ...]] = []
    for name, value in rules.options().items():
        spec = OPTIONS[name]
        if spec.kind is bool:
            following: object = not value
        elif spec.choices:
            choices = list(spec.choices)
            following = choices[(choices.index(value) + 1) % len(choices)]
        else:
            following = next((s for s in STAKE_STEPS if s > int(str(value))), 0)
        label = option_button(lang, name, value)
        encoded = "on" if following is True else "off" if following is False else str(following)
        rows.append((Button(label, callbacks.set_option(info.id, info.version, name, encoded)),))
    following_time = (
        TURN_TIMES[(TURN_TIMES.index(info.turn_time) + 1) % len(TURN_TIMES)]
        if (info.turn_time in TURN_TIMES)
        else TURN_TIMES[0]
    )
    label = fit(
        plain(t(lang, "options.button", name=t(lang, "option.turn_time"), value=info.turn_time))
    )
    rows.append(
        (
            Button(
                label, callbacks.set_option(info.id, info.version, "turn_time", str(following_time))
            ),
        )
    )
    # One button per seat: the creator or an admin takes anybody out of the lobby.
    seats = [
        Button(
            fit(plain(t(lang, "button.remove_seat", name=name))),
            callbacks.remove_seat(info.id, info.version, n),
        )
        for n, name in enumerate(info.names)
    ]
    rows.extend(tuple(seats[i : i + 2]) for i in range(0, len(seats), 2))
    rows.append((Button(t(lang, "button.back"), callbacks.lobby(info.id, info.version, "b")),))
    return Screen("\n".join(lines), tuple(rows))
