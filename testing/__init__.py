"""Test doubles shipped with the project, importable by the tests and the load benchmark.

``testing.fake_telegram`` is an offline fake of the Telegram Bot API server.
"""
