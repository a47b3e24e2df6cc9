"""Domain errors. Each carries a machine-readable `code` so the bot can say the
same thing in any language, and an English `message` for logs and the CLI."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class RulesError(EngineError, ValueError):
    """A preset, option or player count that the rules do not allow.

    `code` is one of `unknown_preset`, `players`, `unknown_option`,
    `not_applicable`, `bad_value`; `option` names what was wrong and `value`
    holds what was given, so the bot can explain it in the player's language.
    """

    def __init__(
        self, message: str, option: str, code: str = "bad_value", value: Any = None
    ) -> None:
        super().__init__(message)
        self.option = option
        self.code = code
        self.value = value


class IllegalAction(EngineError):
    """An action the rules refuse here; the state it was tried on is unchanged.

    `code` names the reason (`not_your_turn`, `wrong_count`, `does_not_beat`, ...)
    and `params` fills the bot's translated sentence for it.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
