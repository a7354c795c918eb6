"""The rules of *Pavlov's House*, one module per part of the rulebook.

Each module registers its automatic steps and decisions with the machine
(:func:`pavlov_widgets.engine.machine.step`, :func:`~pavlov_widgets.engine.machine.decision`):
``setup`` (Setup 1–11), ``soviet_cards`` (2.0), ``wehrmacht`` (3.0), ``combat`` (attacks on
the house, 3.0 and 5.0 First Aid), ``raids`` (3.0 Storm Group, 6.0 Milk House),
``counters`` (4.0), ``reinforcements`` (4.0 Request Reinforcements) and ``scoring`` (6.0).
The machine imports none of them; :mod:`pavlov_widgets.engine.game` loads them all.
"""
