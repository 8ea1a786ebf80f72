"""What the bots know of Paragon: Trials of the Chosen: the policy (evaluation, playouts, pruning, search budgets)."""
