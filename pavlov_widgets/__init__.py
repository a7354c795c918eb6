"""pavlov_widgets: learn, teach and explore the rules of *Pavlov's House* in Jupyter.

The package has three layers whose imports point one way only:
``tutor`` → ``widget`` → ``engine``. The engine (:mod:`pavlov_widgets.engine`) is
pure Python and usable from any script.
"""

__version__ = "0.1.0"
