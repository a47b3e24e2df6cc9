"""The bot's handlers, one module per kind of chat or update, kept apart from
the wire so that reading what a command does never means reading HTTP code.
`routes` is the one table of which handler takes which update; `context`
gives every handler the service and messenger, typed."""
