"""Tabletop: offline card and board games with every rule enforced."""

from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("tabletop")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
