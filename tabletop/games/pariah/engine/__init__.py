"""The pariah rules: state, flow, cards. No Qt, no pygame."""
