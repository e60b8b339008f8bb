"""The engine's mechanics, one package each; each registers itself with `tmars.mechanic.register`
when `tmars.mechanic.load_plugins` imports it. A module's manifest switches one on by name."""
