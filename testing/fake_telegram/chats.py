"""Chats and their members: getChat, getChatMember, getChatAdministrators,
getChatMemberCount, sendChatAction and leaveChat, and the test-side changes of membership
(admins, the bot kicked or added back, a group upgraded to a supergroup).
"""

from __future__ import annotations

from aiohttp import web

from .models import FakeChat, FakeUser, JSONDict
from .protocol import Params, bad_request
from .records import RequestRecord
from .state import FakeState

CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)


class ChatsMixin(FakeState):
    """Chat members and administrators, as the bot asks and as the test changes them."""

    # ------------------------------------------------------------------ test side

    def make_admin(self, group: FakeChat, user: FakeUser, *, creator: bool = False) -> None:
        """Make ``user`` an administrator (or the creator) of ``group``."""
        group.member_ids.add(user.id)
        if creator:
            group.creator_id = user.id
        else:
            group.admin_ids.add(user.id)
        self._notify()

    def set_bot_admin(self, group: FakeChat, admin: bool = True) -> None:
        """Promote (or demote) the bot in ``group``; admins may delete others' messages."""
        if group.bot_is_member:
            group.bot_status = "administrator" if admin else "member"
        self._notify()

    def remove_bot_from(self, group: FakeChat, by: FakeUser | None = None) -> int:
        """Kick the bot from ``group``: queues ``my_chat_member``; later sends get 403."""
        old = self._bot_member_json(group)
        group.bot_status = "kicked"
        new = {"status": "kicked", "user": self.bot_user_json(), "until_date": 0}
        return self._queue_my_chat_member(group, by, old, new)

    def add_bot_to(self, group: FakeChat, by: FakeUser | None = None) -> int:
        """Add the bot (back) to ``group``: queues ``my_chat_member``."""
        old = self._bot_member_json(group)
        group.bot_status = "member"
        new = {"status": "member", "user": self.bot_user_json()}
        return self._queue_my_chat_member(group, by, old, new)

    def set_bot_blocked(self, user: FakeUser, blocked: bool, *, update: bool) -> int | None:
        """Implementation of :meth:`FakeUser.block_bot` / :meth:`FakeUser.unblock_bot`.

        The update is the one Telegram sends when a person blocks ("Stop and block bot")
        or unblocks ("Restart bot") a bot: ``my_chat_member`` in the private chat, from
        the person, with the bot as the member ("member" <-> "kicked", until_date 0).
        Nothing is queued when the state does not change.
        """
        if user.blocked_bot == blocked:
            self._notify()
            return None
        user.blocked_bot = blocked
        if blocked:
            user.block_announced = update
        if not update:
            self._notify()
            return None
        bot = self.bot_user_json()
        member: JSONDict = {"user": bot, "status": "member"}
        kicked: JSONDict = {"user": bot, "status": "kicked", "until_date": 0}
        return self.queue_update(
            {
                "my_chat_member": {
                    "chat": self.private_chat(user).to_json(),
                    "from": user.to_json(),
                    "date": int(self.clock()),
                    "old_chat_member": member if blocked else kicked,
                    "new_chat_member": kicked if blocked else member,
                }
            }
        )

    def migrate(self, group: FakeChat, new_chat_id: int, by: FakeUser | None = None) -> FakeChat:
        """Upgrade a basic group to a supergroup with id ``new_chat_id``.

        Queues the ``migrate_to_chat_id`` service message in the old chat and the
        ``migrate_from_chat_id`` one in the new chat. Later bot calls on the old id fail
        with 400 "group chat was upgraded to a supergroup chat" (PTB: ChatMigrated).
        """
        if group.type != "group":
            raise ValueError("only basic groups can be migrated")
        if new_chat_id in self._chats:
            raise ValueError(f"chat {new_chat_id} already exists")
        actor = by or self._group_actor(group)
        new = self.group(new_chat_id, group.title or "", supergroup=True)
        new.creator_id = group.creator_id
        new.admin_ids = set(group.admin_ids)
        new.member_ids = set(group.member_ids)
        new.bot_status = group.bot_status
        new.migrated_from = group.id
        old_msg = self._new_message(group, actor, service={"migrate_to_chat_id": new_chat_id})
        group.migrated_to = new_chat_id
        new_msg = self._new_message(new, actor, service={"migrate_from_chat_id": group.id})
        self.queue_update({"message": old_msg.to_json(self)})
        self.queue_update({"message": new_msg.to_json(self)})
        return new

    # ------------------------------------------------------------------ Bot API methods

    async def _get_chat(self, p: Params, record: RequestRecord, request: web.Request) -> JSONDict:
        chat = self._resolve_chat(p, for_sending=False)
        return {
            **chat.to_json(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    async def _get_chat_member(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        chat = self._resolve_chat(p, for_sending=False)
        user_id = p.get_int("user_id", error="user not found")
        if user_id is None:
            raise bad_request("user_id is empty")
        if user_id == self.bot_id:
            return self._bot_member_json(chat)
        user = self._users.get(user_id)
        if user is None:
            raise bad_request("user not found")
        return self._member_json(chat, user)

    async def _get_chat_administrators(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            raise bad_request("there are no administrators in the private chat")
        result = []
        ids = ([chat.creator_id] if chat.creator_id is not None else []) + sorted(chat.admin_ids)
        for uid in ids:
            user = self._users.get(uid)
            if user is not None:
                result.append(self._member_json(chat, user))
        if chat.bot_status == "administrator":
            result.append(self._bot_member_json(chat))
        return result

    async def _get_chat_member_count(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> int:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            return 2
        return len(chat.member_ids) + (1 if chat.bot_is_member else 0)

    async def _send_chat_action(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        self._resolve_chat(p)
        action = p.get_str("action")
        if not action:
            raise bad_request("action is empty")
        if action not in CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        return True

    async def _leave_chat(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            raise bad_request("chat member status can't be changed in private chats")
        old = self._bot_member_json(chat)
        chat.bot_status = "left"
        self.queue_update(
            {
                "my_chat_member": {
                    "chat": chat.to_json(),
                    "from": self.bot_user_json(),
                    "date": int(self.clock()),
                    "old_chat_member": old,
                    "new_chat_member": {"status": "left", "user": self.bot_user_json()},
                }
            }
        )
        return True

    # ------------------------------------------------------------------ internals

    def _member_json(self, chat: FakeChat, user: FakeUser) -> JSONDict:
        user_json = user.to_json()
        if chat.is_private:
            return {"status": "member", "user": user_json}
        if chat.creator_id == user.id:
            return {"status": "creator", "user": user_json, "is_anonymous": False}
        if user.id in chat.admin_ids:
            return _admin_json(user_json, forum=chat.is_forum)
        if user.id in chat.member_ids:
            return {"status": "member", "user": user_json}
        return {"status": "left", "user": user_json}

    def _bot_member_json(self, chat: FakeChat) -> JSONDict:
        bot = self.bot_user_json()
        if chat.bot_status == "administrator":
            return _admin_json(bot, forum=chat.is_forum)
        if chat.bot_status == "kicked":
            return {"status": "kicked", "user": bot, "until_date": 0}
        return {"status": chat.bot_status, "user": bot}

    def _queue_my_chat_member(
        self, group: FakeChat, by: FakeUser | None, old: JSONDict, new: JSONDict
    ) -> int:
        actor = by or self._group_actor(group)
        return self.queue_update(
            {
                "my_chat_member": {
                    "chat": group.to_json(),
                    "from": actor.to_json(),
                    "date": int(self.clock()),
                    "old_chat_member": old,
                    "new_chat_member": new,
                }
            }
        )


def _admin_json(user: JSONDict, *, forum: bool) -> JSONDict:
    rights = {
        "status": "administrator",
        "user": user,
        "can_be_edited": False,
        "is_anonymous": False,
        "can_manage_chat": True,
        "can_delete_messages": True,
        "can_manage_video_chats": True,
        "can_restrict_members": True,
        "can_promote_members": False,
        "can_change_info": True,
        "can_invite_users": True,
        "can_post_stories": False,
        "can_edit_stories": False,
        "can_delete_stories": False,
        "can_pin_messages": True,
    }
    if forum:  # the right that lets an admin post in closed topics
        rights["can_manage_topics"] = True
    return rights
