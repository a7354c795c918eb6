"""Replays without a kernel, by their short name: ``from pavlov_widgets.replay import save_replay``.

The replay lives in the tutor (:mod:`pavlov_widgets.tutor.replay`), the layer that may use both
the board and the walkthroughs it replays; this module keeps the short import path that the
README and the teacher's guide give. See :func:`pavlov_widgets.tutor.replay.save_replay`.
"""

from pavlov_widgets.tutor.replay import (
    BUNDLE,
    CSS,
    LABELS,
    Moment,
    Replay,
    ReplayError,
    replay_of,
    save_replay,
)

__all__ = ["BUNDLE", "CSS", "LABELS", "Moment", "Replay", "ReplayError", "replay_of",
           "save_replay"]
