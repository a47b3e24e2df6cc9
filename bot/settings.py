"""Settings from the environment and `.env` (every one listed in `.env.example`).

A missing or malformed setting stops the bot at start with one line naming
it (exit code 2), never a traceback; the token is a secret and never printed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.store import LOCK_CONNECTIONS
from bot.storage.url import DEFAULT_SQLITE, DatabaseUrl, parse_database_url
from bot.view.i18n import LANGUAGES

# BOT_WEBHOOK_SECRET: Telegram accepts 1-256 of these characters. It is the
# only thing that tells Telegram's posts from anyone's, and guessing it costs
# one request a try, unlimited (security review N16); 32 random characters of
# 64 are 192 bits, beyond any guessing.
SECRET_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
MIN_SECRET = 32


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    bot_token: SecretStr
    bot_api_url: str = "https://api.telegram.org/bot"
    # Where the tables live: sqlite:///relative.db or sqlite:////absolute/path.db
    # (SQLAlchemy's convention). DATABASE_PATH, a plain SQLite file name, is
    # still accepted; with neither, burkozel.db in the working directory.
    database_url: str | None = None
    database_path: Path | None = None
    # Write-through copies of tables and people in memory: right for one bot
    # process that alone writes its database. Unset: on for SQLite (one
    # process by design), off for PostgreSQL (several workers may share it).
    database_cache: bool | None = None
    # "full": every saved move is on the disk before anybody is told of it
    # (survives a power loss); "normal": SQLite's WAL default, which survives
    # a crash of the bot but may lose the last moves on a power loss.
    database_sync: Literal["full", "normal"] = "full"
    # PostgreSQL: connections each worker keeps for tables' locks, at most
    # (besides the store's one and one for message lanes' leases).
    database_locks: int = Field(default=LOCK_CONNECTIONS, ge=1, le=256)
    # Of groups and people who have not chosen one: a language of bot/view/locales.
    default_language: str = "ru"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # "text": one readable line a record; "json": one JSON object a line
    # (time, level, logger, message, table, chat), for a log collector.
    log_format: Literal["text", "json"] = "text"
    # Seconds a player has for one move (a table can override it with turn_time=).
    turn_timeout: int = Field(default=90, ge=15, le=3600)
    # A computer player's pause before it plays, so people can follow the game.
    computer_delay: float = Field(default=1.2, ge=0, le=30)
    # The pause before a person's forced move (the only one possible, with the
    # last cards of the hand) plays itself.
    forced_delay: float = Field(default=1.5, ge=0, le=30)
    # Turns in a row that the timer plays for a person before the computer
    # keeps the seat (the person takes it back with one tap).
    afk_turns: int = Field(default=2, ge=1, le=20)
    # Seconds after which a lobby that nobody starts is closed.
    lobby_timeout: int = Field(default=1800, ge=60)
    # The computer level that plays for absent people and replaced players.
    standin_level: str = "normal"
    # Worker processes in which computer players think, away from the event
    # loop that answers every chat: at most this many decisions at once over
    # the whole bot. 0 thinks in a thread of the bot's own process instead
    # (its search then slows every chat's answers: docs/PERFORMANCE.md).
    computer_workers: int = Field(default=2, ge=0, le=64)
    # Open tables (lobby or playing) one person may sit at or have opened at
    # once, practice included; and practice games open at once over the bot.
    max_tables_per_person: int = Field(default=3, ge=1, le=1000)
    max_practice_tables: int = Field(default=100, ge=0, le=100_000)
    # Rated matches of a game a player needs before /top lists them there.
    top_min_matches: int = Field(default=3, ge=1, le=1000)
    # Virtual chips (never money) each person holds in a group before their
    # first match there; a table's stake= is taken from them (bot/tables/chips.py).
    start_chips: int = Field(default=1000, ge=0, le=1_000_000_000)
    # A group's seasons (issue 68): a calendar month, a quarter, or none (one
    # endless season); a group's admin may choose otherwise with /season.
    season: str = "month"
    # Seconds to wait for one Bot API request, and how often a send that was
    # lost on the network is retried (with doubling pauses from send_backoff).
    request_timeout: float = Field(default=10.0, gt=0, le=120)
    send_retries: int = Field(default=5, ge=0, le=20)
    send_backoff: float = Field(default=0.5, ge=0, le=60)
    # The HTTP client for Bot API calls: "httpx" (PTB's own, the default) or
    # "lean" (this project's, cheaper per request: for a self-hosted Bot API
    # server under heavy load; see docs/PERFORMANCE.md).
    http_client: Literal["httpx", "lean"] = "httpx"
    # Webhook mode: set BOT_WEBHOOK_URL (the public https URL Telegram posts
    # to) and BOT_WEBHOOK_SECRET; the bot then listens on
    # BOT_WEBHOOK_LISTEN:BOT_WEBHOOK_PORT instead of long polling.
    bot_webhook_url: str | None = None
    bot_webhook_secret: SecretStr | None = None
    bot_webhook_listen: str = "0.0.0.0"
    bot_webhook_port: int = Field(default=8443, ge=1, le=65535)
    # /healthz and /metrics: in webhook mode on the webhook's port; when
    # polling only if HEALTH_PORT is set, on HEALTH_LISTEN (this host alone
    # by default: the metrics are for a local Prometheus or an SSH tunnel).
    health_port: int | None = Field(default=None, ge=1, le=65535)
    health_listen: str = "127.0.0.1"
    # Telegram's flood limits as the bot's rate limiter applies them: messages
    # per second over all chats, per minute into one group, and per second
    # into one private chat (a burst of three passes).
    rate_limit_overall: int = Field(default=30, ge=1)
    rate_limit_group: int = Field(default=20, ge=1)
    rate_limit_private: float = Field(default=1.0, gt=0)
    # A flood in one chat costs that chat only: updates of one chat that may
    # wait or run (more are dropped, a tap answered "slow down"), and the
    # answers to commands that may wait to be sent into one chat.
    chat_backlog: int = Field(default=8, ge=1, le=1000)
    reply_backlog: int = Field(default=3, ge=1, le=100)
    # Days after which an ended table's action log (every move, and who made
    # it) is deleted; 0 keeps the logs for ever.
    action_log_days: int = Field(default=90, ge=0)
    # Days after which a lobby closed before its match started (`/new` then
    # `/stop`, or nobody came) is deleted, seats and all (S21); 0 keeps them.
    closed_lobby_days: int = Field(default=7, ge=0)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        secret = value.get_secret_value().strip()
        head, _, tail = secret.partition(":")
        if not head.isdigit() or len(tail) < 8:
            raise ValueError("must look like 123456789:AA... (the token @BotFather gave you)")
        return SecretStr(secret)

    @field_validator("bot_api_url")
    @classmethod
    def _api_url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str | None) -> str | None:
        if value:
            parse_database_url(value)  # raises ValueError with the reason
        return value or None

    def database(self) -> DatabaseUrl:
        """The store to open: DATABASE_URL, else DATABASE_PATH, else burkozel.db."""
        if self.database_url:
            return parse_database_url(self.database_url)
        return DatabaseUrl.sqlite(self.database_path or DEFAULT_SQLITE)

    def use_cache(self) -> bool:
        """DATABASE_CACHE, or by default: on for SQLite, off for PostgreSQL."""
        if self.database_cache is not None:
            return self.database_cache
        return self.database().scheme == "sqlite"

    def database_setting(self) -> str:
        """The setting that chose the database, for messages about it."""
        if self.database_url or not self.database_path:
            return "DATABASE_URL"
        return "DATABASE_PATH"

    @field_validator("default_language")
    @classmethod
    def _language(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError("must be one of " + ", ".join(LANGUAGES))
        return value

    @field_validator("bot_webhook_url")
    @classmethod
    def _webhook_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("https://"):
            raise ValueError("must be an https:// URL that Telegram can reach")
        return value or None

    @field_validator("bot_webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return None
        secret = value.get_secret_value()
        if not set(secret) <= SECRET_ALPHABET or len(secret) > 256:
            raise ValueError("must be up to 256 characters of A-Z, a-z, 0-9, _ and -")
        if len(secret) < MIN_SECRET:
            raise ValueError(
                f"too short ({len(secret)} characters); use at least {MIN_SECRET} random"
                " ones (python -c 'import secrets; print(secrets.token_urlsafe(32))'):"
                " whoever guesses it can post forged updates in anyone's name"
            )
        return value

    @model_validator(mode="after")
    def _webhook_needs_secret(self) -> Settings:
        if self.bot_webhook_url and self.bot_webhook_secret is None:
            raise ValueError("BOT_WEBHOOK_SECRET is required with BOT_WEBHOOK_URL")
        return self

    @field_validator("standin_level")
    @classmethod
    def _level(cls, value: str) -> str:
        from engine.ai import levels

        level = value.strip().lower()
        if level not in levels():
            raise ValueError("must be one of " + ", ".join(levels()))
        return level

    @field_validator("season")
    @classmethod
    def _season(cls, value: str) -> str:
        from bot.seasons.calendar import SeasonKind, season_kind

        kind = season_kind(value)
        if kind is None:
            raise ValueError("must be one of " + ", ".join(k.value for k in SeasonKind))
        return kind.value

    @field_validator("database_sync", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value


def load_settings(**overrides: object) -> Settings:
    """Settings, or exit 2 with one line that names the first bad setting."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        first = error.errors()[0]
        if not first["loc"]:  # a rule across settings: its message names them
            message = str(first["msg"]).removeprefix("Value error, ")
            print(f"Settings are inconsistent: {message}.", file=sys.stderr)
            raise SystemExit(2) from None
        name = str(first["loc"][0]).upper()
        if first["type"] == "missing":
            reason = "is required (put it in .env or the environment)"
        else:
            reason = "is invalid: " + str(first["msg"]).removeprefix("Value error, ")
        print(f"Setting {name} {reason}.", file=sys.stderr)
        raise SystemExit(2) from None
