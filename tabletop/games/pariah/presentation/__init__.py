"""How pariah looks on the table: presenter, card faces, words."""
