"""Saves and settings on disk: JSON only, atomic writes, schema versions."""
