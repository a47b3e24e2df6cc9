"""`/verify <secret> <public>` (docs/RULES.md 9): anyone, in a group or in
private, checks a match's shuffle.

Which commitment the secret is checked against: the bot looks the match up
by its public value (`Store.shuffled_tables`), which it stored when the
match started, and compares the typed secret's SHA-256 with the one that
match was dealt from, the one its group was shown. A duplicate tournament's
tables of a size share a public value, each round with its own secret: the
one whose secret it is answers, else the first. A public value the bot never
dealt (another bot's, or mistyped) is answered with the typed secret's hash,
to compare by eye. The answer names the table it found; a wrong secret gets
only the two hashes.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from bot.storage import TableRecord
from bot.tables.core import Reply, Tables
from bot.view.i18n import Html, t
from bot.view.verify import verify_answer
from engine.shuffle import ShuffleError, commitment, read_public, read_secret


class Verifier:
    def __init__(self, tables: Tables) -> None:
        self.store = tables.store

    async def verify(self, words: Sequence[str], lang: str) -> Reply:
        table = await self._match(words)
        if table is None or table.state is None or table.state.shuffle is None:
            return Reply(verify_answer(lang, words))
        state = table.state
        assert state.shuffle is not None
        answer = verify_answer(
            lang, words, commitment(state.shuffle.secret), max(1, state.deals_dealt), table.names
        )
        return Reply(Html(t(lang, "verify.which", table=table.id) + "\n" + answer))

    async def _match(self, words: Sequence[str]) -> TableRecord | None:
        """The stored match the public value names, if the words are well
        formed (a malformed line is answered without a look-up)."""
        if len(words) != 2:
            return None
        try:
            secret = read_secret(words[0])
            read_public(words[1])
        except ShuffleError:
            return None
        found = [
            table
            for table in await self.store.shuffled_tables(words[1].strip())
            if table.state is not None and table.state.shuffle is not None
        ]
        for table in found:
            assert table.state is not None and table.state.shuffle is not None
            if secrets.compare_digest(table.state.shuffle.secret, secret):
                return table
        return found[0] if found else None
