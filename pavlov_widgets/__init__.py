"""pavlov_widgets: learn, teach and explore the rules of *Pavlov's House* in Jupyter.

The package has three layers whose imports point one way only:
``tutor`` → ``widget`` → ``engine``. The engine (:mod:`pavlov_widgets.engine`) is
pure Python and usable from any script.
"""

__version__ = "0.1.0"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .widget import Board

__all__ = ["Board", "__version__"]


def __getattr__(name: str) -> object:
    """Import the board lazily: ``import pavlov_widgets.engine`` must not load anywidget."""
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'pavlov_widgets' has no attribute {name!r}")
