"""What the bots know of Champions' Brawl: the policy (evaluation, playouts, pruning, search
budgets) and its heuristics: table judgements (tactics), playouts (playbook), the set-up
choices (setupcraft)."""
