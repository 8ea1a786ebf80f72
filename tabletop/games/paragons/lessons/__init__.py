"""Paragons lessons: the guided first match, as data (lesson.py; the format: tabletop/core/lesson.py)."""
