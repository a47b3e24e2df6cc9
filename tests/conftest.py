"""Fixtures shared by every test module.

The fake Bot API's fixtures (``fake_telegram``, ``fake_bot``) are registered here once, so a
test asks for them by parameter name without importing them.
"""

pytest_plugins = ["testing.fake_telegram.fixtures"]
