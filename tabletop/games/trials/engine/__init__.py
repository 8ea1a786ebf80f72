"""The trials rules: state, flow, cards. No Qt, no pygame."""
