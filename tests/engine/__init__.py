"""The engine's test suite: rule-clause scenarios, playouts, bad input, layering."""
