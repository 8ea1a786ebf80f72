"""Pariah: hidden armies, priority activations, dice combat, relics and evolutions."""
