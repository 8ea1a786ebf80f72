"""Paragons on the table: the presenter, the draft room, card faces and the home tile."""
