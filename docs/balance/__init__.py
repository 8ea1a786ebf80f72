"""The balance records (`tabletop balance GAME` writes GAME.json here), shipped with the app
as the package tabletop.balance so that the new-match dialog can show them."""
