"""The wire to the Bot API: everything between a handler's answer and
Telegram, and between Telegram's updates and the handlers. It knows nothing
of commands or buttons, so the handlers can change without touching it:
`messenger` sends and edits, `replies` queues answers per chat, `limits`
keeps Telegram's flood limits, `updates` orders updates per chat, `rights`
caches admin lists, `transport` and `lean` are the HTTP clients and
`clients` picks one."""
