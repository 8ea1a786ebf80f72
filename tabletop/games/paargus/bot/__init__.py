"""What the bots know of Paargus: the policy (evaluation, playouts, pruning, search budgets)."""
