"""The Telegram edge, in two rooms. Only this package imports `telegram`.

- handlers/: what people do (commands, taps, the bot's membership) parsed,
  handed to the table service (bot/tables/) and answered;
- wire/: how the bot reaches the Bot API: the messenger, the answers'
  queues, flood limits, the per-chat update processor, the admin lists'
  cache and the HTTP clients.

Handlers may use the wire; the wire never imports a handler.
"""
