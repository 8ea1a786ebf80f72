"""How paargus looks on the table: presenter, card faces, words."""
