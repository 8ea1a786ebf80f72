"""The measurement lab: the arena, the bots' strength report (docs/BOTS.md), the balance of
starting choices (docs/BALANCE.md), the setup check, the oracle and the engine benchmarks, with
each game's plans (lab/games). Run from the command line and `make`; the app never imports it
(tests/test_architecture.py checks both the contract and the modules a running app loads)."""
