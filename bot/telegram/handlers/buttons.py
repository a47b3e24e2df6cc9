"""Button taps, routed by their payload's head (bot/view/callbacks.py) with PTB's
own pattern matching: `s:` select cards, `p:` play, `t:` take a seat back,
`l:` lobby buttons, `q:` leaving a running match, `o:` lobby settings, `k:`
take a player out of the lobby, `f:` the answer to /forget, `u:` a
tournament's registration, `h:` 💡 a hint in practice, `v:` the coach's review of a
deal; anything else is not ours.

Every tap is answered, whatever happens: the client spins until it is.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import CallbackQuery, Update
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, BaseHandler, CallbackQueryHandler

from bot.tables import Person, Reply, Rights
from bot.telegram.handlers.common import admin_check, person_of, safe_answer
from bot.telegram.handlers.context import BotContext
from bot.telegram.wire.messenger import Messenger
from bot.telegram.wire.updates import tapped_message
from bot.view import callbacks
from bot.view.i18n import LANGUAGES, plain, t
from bot.view.screen import Screen

log = logging.getLogger(__name__)

Route = Callable[[CallbackQuery, callbacks.Payload, Person, str, BotContext], Awaitable[Reply]]


def _answered(route: Route | None) -> Callable[[Update, BotContext], Coroutine[Any, Any, None]]:
    """A route as a PTB callback: the payload parsed and the tapper noted
    first, the answer sent last, a generic one if anything went wrong."""

    async def handle(update: Update, context: BotContext) -> None:
        query = update.callback_query
        if query is None:
            return
        answered = False
        svc = context.service
        try:
            person = person_of(query.from_user)
            lang = await svc.user_lang(person.user_id, person.language_code)
            try:
                payload = callbacks.parse(query.data)
            except callbacks.BadPayload:
                payload = None
            if payload is None or route is None:
                result = Reply(t(lang, "tap.unknown"), alert=True)
            else:
                await svc.remember(person)
                result = await route(query, payload, person, lang, context)
            answered = True
            await safe_answer(context, query, result.text, alert=result.alert, url=result.url)
        finally:
            if not answered:
                lang = await svc.user_lang(query.from_user.id)
                await safe_answer(context, query, t(lang, "error.generic"), alert=True)

    return handle


async def on_select(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    assert isinstance(payload, callbacks.Select)
    origin = tapped_message(query)
    # A tapped hand message the bot lost track of becomes the hand again
    # (Fanout.show_selection), but only one in the tapper's own private chat:
    # a forged select on a group's message must not re-point their hand.
    own = origin[1] if origin is not None and origin[0] == person.user_id else None
    return await context.service.match.select(payload, person, own, lang)


async def on_play(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    assert isinstance(payload, callbacks.Play)
    return await context.service.match.play(payload, person, lang)


async def on_hint(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """💡 on a practice hand: the service asks the table's kind."""
    assert isinstance(payload, callbacks.HintTap)
    return await context.service.hints.hint(payload, person, lang)


async def on_takeback(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    assert isinstance(payload, callbacks.TakeBack)
    return await context.service.turns.take_back(payload.table, person, lang)


async def on_rematch(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    assert isinstance(payload, callbacks.Rematch)
    if await _in_its_group(query, payload.table, context) is None:
        return Reply(t(lang, "table.gone"), alert=True)
    return await context.service.rematches.rematch(payload.table, person)


async def _in_its_group(query: CallbackQuery, table_id: int, context: BotContext) -> int | None:
    """The table's group, if the tapped message is in it (lobby buttons are)."""
    return _tapped_in(query, await context.service.chat_of_table(table_id))


def _tapped_in(query: CallbackQuery, chat_id: int | None) -> int | None:
    """`chat_id`, if the tapped message is in that chat."""
    origin = tapped_message(query)
    if chat_id is None or origin is None or origin[0] != chat_id:
        return None
    return chat_id


async def _admin_in_its_group(
    query: CallbackQuery, table_id: int, person: Person, context: BotContext
) -> Rights | None:
    """The person's rights in the table's group, if the tapped message is in
    it (None: it is not, and the table is gone for this tap)."""
    chat_id = await _in_its_group(query, table_id, context)
    return None if chat_id is None else admin_check(context, chat_id, person.user_id)


async def on_lobby_setting(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """An option's value or a seat removed: the lobby's settings, whose taps
    count only on the lobby's message in its own group."""
    assert isinstance(payload, callbacks.SetOption | callbacks.RemoveSeat)
    admin = await _admin_in_its_group(query, payload.table, person, context)
    if admin is None:
        return Reply(t(lang, "table.gone"), alert=True)
    if isinstance(payload, callbacks.SetOption):
        return await context.service.lobby.set_option(payload, person, admin)
    return await context.service.lobby.remove_player(payload, person, admin)


async def on_lobby(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    assert isinstance(payload, callbacks.Lobby)
    svc = context.service
    table_id, op = payload.table, payload.op
    chat_id = await _in_its_group(query, table_id, context)
    if chat_id is None:
        return Reply(t(lang, "table.gone"), alert=True)
    if op == "j":
        return await svc.rematches.join(table_id, person, version=payload.version)
    if op == "x":
        return await svc.lobby.leave(table_id, person)
    admin = admin_check(context, chat_id, person.user_id)
    if op == "a":
        return await svc.lobby.add_computer(table_id, person, admin)
    if op == "r":
        return await svc.lobby.remove_computer(table_id, person, admin)
    if op == "s":
        return await svc.lifecycle.start(table_id, person, admin, version=payload.version)
    return await svc.lobby.show_settings(table_id, person, admin, show=op == "o")


async def on_tournament(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """The registration message's buttons, in its own group only."""
    assert isinstance(payload, callbacks.Tournament)
    svc = context.service
    chat_id = _tapped_in(query, await svc.tournaments.chat_of(payload.tournament))
    if chat_id is None:
        return Reply(t(lang, "tournament.gone"), alert=True)
    if payload.op == "j":
        return await svc.tournaments.register(payload.tournament, person)
    if payload.op == "x":
        return await svc.tournaments.leave(payload.tournament, person)
    admin = admin_check(context, chat_id, person.user_id)
    return await svc.tournaments.start(payload.tournament, person, admin)


async def on_quit(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """Yes to /leave mid-match: the service checks it is the asker's own."""
    assert isinstance(payload, callbacks.Quit)
    if await _in_its_group(query, payload.table, context) is None:
        return Reply(t(lang, "table.gone"), alert=True)
    return await context.service.lifecycle.quit_match(payload, person)


async def on_forget(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """The answer to /forget's question, only in the person's own private
    chat; the question becomes the answer, without its buttons."""
    assert isinstance(payload, callbacks.Forget)
    origin = tapped_message(query)
    if origin is None or origin[0] != person.user_id:
        return Reply(t(lang, "tap.unknown"), alert=True)
    if payload.confirm:
        answer = await context.service.privacy.forget(person, lang)
    else:
        answer = Reply(t(lang, "forget.kept"))
    await context.messenger.edit(origin[0], origin[1], Screen(answer.text))
    return Reply()


async def on_replay(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """◀ ▶ of a replay: the frame replaces the tapped one, in the tapper's own
    private chat only."""
    assert isinstance(payload, callbacks.Replay)
    origin = tapped_message(query)
    if origin is None or origin[0] != person.user_id:
        return Reply(t(lang, "tap.unknown"), alert=True)
    answer = await context.service.history_room.replay(payload.table, payload.frame, person, lang)
    if answer.screen is None:
        return answer
    await context.messenger.edit(origin[0], origin[1], answer.screen)
    return Reply()


async def on_review(
    query: CallbackQuery, payload: callbacks.Payload, person: Person, lang: str, context: BotContext
) -> Reply:
    """🔍 under a deal's record or a replay's frame: in the tapper's own
    private chat only; the review is of their own seat."""
    assert isinstance(payload, callbacks.Review)
    origin = tapped_message(query)
    if origin is None or origin[0] != person.user_id:
        return Reply(t(lang, "tap.unknown"), alert=True)
    return await context.service.coach.ask(payload.table, payload.deal, person, lang)


async def slow_down(update: Update, context: BotContext) -> None:
    """A tap beyond its chat's backlog is never run (bot/telegram/wire/updates.py),
    only answered, in the tapper's app language: the store is not asked. The
    update goes no further than this, the first handler group."""
    query = update.callback_query
    messenger: Messenger | None = context.application.bot_data.get("messenger")
    if query is not None and messenger is not None:
        code = (query.from_user.language_code or "")[:2].lower()
        lang = code if code in LANGUAGES else context.service.default_language
        try:
            await messenger.answer(query.id, plain(t(lang, "tap.slow_down")))
        except TelegramError as error:
            log.info("could not answer an overflowing tap: %s", error)
    raise ApplicationHandlerStop


ROUTES: tuple[tuple[str, Route], ...] = (
    ("s", on_select),
    ("p", on_play),
    ("t", on_takeback),
    ("l", on_lobby),
    ("q", on_quit),
    ("o", on_lobby_setting),
    ("k", on_lobby_setting),
    ("f", on_forget),
    ("r", on_replay),
    ("m", on_rematch),
    ("u", on_tournament),
    ("h", on_hint),
    ("v", on_review),
)


def button_handlers() -> list[BaseHandler[Update, BotContext, None]]:
    """One handler per payload head, then one that answers anything else."""
    routed: list[BaseHandler[Update, BotContext, None]] = [
        CallbackQueryHandler(_answered(route), pattern=f"^{head}:") for head, route in ROUTES
    ]
    routed.append(CallbackQueryHandler(_answered(None)))
    return routed
