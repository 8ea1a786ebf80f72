"""How trials looks on the table: presenter, card faces, words."""
