"""Which private messages ring: a hand is sent anew (with a notification) when
the turn comes to its player, and when a combination becomes possible off
turn; the old hand is deleted; everything else is a silent edit."""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    fix_deals,
    open_private_chats,
    open_table,
    play_action,
    snapshot,
    start_match,
)

from engine import TableView, apply, legal_actions, view_for
from engine.actions import Kind
from testing.fake_telegram import FakeTelegram

# A seed whose 2-player burkozel deal, played by the first ordinary move each
# time, makes a combination possible for the seat that is not to move.
SEED = 1


def declarable(view: TableView) -> bool:
    return any(a.kind is Kind.DECLARE for a in view.legal)


def rang(fake: FakeTelegram, chat_id: int) -> dict[int, bool]:
    """The bot's messages to a chat: message id -> sent with a notification."""
    return {
        int(r.result["message_id"]): str(r.params.get("disable_notification")).lower()
        not in ("true", "1")
        for r in fake.calls("sendMessage")
        if r.ok and int(r.result["chat"]["id"]) == chat_id
    }


@pytest.mark.slow(reason="plays whole deals until a combination is possible off turn")
async def test_a_combination_possible_off_turn_rings_once(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, SEED)
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    users = [ann, bob]
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", users)
    await start_match(fake, group, ann, lobby)
    by_id = {u.id: u for u in users}
    for _ in range(60):
        snap = snapshot(runner.db_path, table_id)
        state = snap.match
        assert state.deal is not None
        seat = state.deal.turn
        action = next(
            a for a in legal_actions(state, seat) if a.kind not in (Kind.DECLARE, Kind.CLAIM)
        )
        after, _ = apply(state, action)
        assert after.deal is not None and after.deal.number == state.deal.number
        other = 1 - seat
        becomes = (
            after.deal.turn != other
            and declarable(view_for(after, other))
            and not declarable(view_for(state, other))
        )
        watcher = by_id[dict(snap.seats)[other]]
        chat = fake.private_chat(watcher)
        before = rang(fake, chat.id)
        await play_action(fake, runner.db_path, table_id, by_id[dict(snap.seats)[seat]], action)
        await runner.idle()
        new = {m: ring for m, ring in rang(fake, chat.id).items() if m not in before}
        if not becomes:
            # Nothing came to the watcher: their hand is edited, never sent anew.
            assert not any(new.values()) or after.deal.turn == other, new
            continue
        # The watcher's phone rings once, on a hand that offers the combination.
        (message_id,) = [m for m, ring in new.items() if ring]
        message = fake.find_message(chat.id, message_id)
        assert message is not None and not message.deleted
        assert any(d.startswith("p:") and ":c:" in d for d in message.callback_data), message
        older = [m for m in fake.messages(chat) if m.callback_data and m.message_id != message_id]
        assert older == [], "the hand before it is gone"
        return
    pytest.fail(f"seed {SEED} never made a combination possible off turn")
