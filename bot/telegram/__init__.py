"""The Telegram edge: handlers per chat kind, buttons routed by their payload,
the messenger and the HTTP transport. Only this package imports `telegram`;
handlers parse, ask the table service (bot/tables/) and answer."""
