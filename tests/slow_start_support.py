"""Imported by a bot worker in tests: a process that takes a while to start."""

import time

import test_bots_support  # noqa: F401  (registers the test bots)

time.sleep(1.5)
