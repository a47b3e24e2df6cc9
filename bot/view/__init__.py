"""What people read and tap, as pure functions: screens (text and buttons)
from a table and the engine's view (`render`, `news`), button payloads
(`callbacks`), and every sentence in every language (`i18n`, `locales/`).
Nothing here talks to Telegram or the database."""
