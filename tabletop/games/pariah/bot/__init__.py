"""What the bots know of Pariah: the policy (evaluation, playouts, pruning, search budgets)."""
