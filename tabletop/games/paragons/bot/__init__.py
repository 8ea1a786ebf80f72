"""What the bots know of Paragons: Age of Champions: the policy (evaluation, playouts,
pruning, search budgets) and its heuristics: card worth, class, draft and deck choices
(deckcraft), table judgements (tactics), playouts (playbook)."""
