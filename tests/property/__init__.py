"""Property tests (Hypothesis) of the public API: see conftest.py for the profiles."""
