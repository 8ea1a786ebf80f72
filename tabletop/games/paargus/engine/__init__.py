"""The paargus rules: state, flow, cards. No Qt, no pygame."""
