"""Playing across computers: the host is the referee, a guest holds only its seat's view
(docs/NETWORK.md). No Qt, no pygame: the shell drives these from its own thread."""
