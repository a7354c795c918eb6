"""Check yourself: questions the engine grades (``Quiz("05")``).

The questions and their grading (:mod:`.model`, no widgets) and their widgets (:mod:`.widget`).
"""

from .model import (
    ChoiceExercise,
    ClickExercise,
    Exercise,
    ExerciseError,
    Feedback,
    Prediction,
    Quiz,
)

__all__ = [
    "ChoiceExercise",
    "ClickExercise",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "Prediction",
    "Quiz",
]
