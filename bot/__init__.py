"""The Telegram application and its storage."""
