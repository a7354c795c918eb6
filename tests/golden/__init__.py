"""Golden seeded playthroughs of the engine (see ``regenerate.py``)."""
