"""Check yourself: questions the engine grades (``Quiz("05")``).

The questions and their grading (:mod:`.model`, no widgets), the registry of every notebook's
questions (:mod:`.registry`: ``quiz.ask("fog-actions")``) and their widgets (:mod:`.widget`).
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
from .registry import Question, UnknownQuestionError, get_question, questions, register

__all__ = [
    "ChoiceExercise",
    "ClickExercise",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "Prediction",
    "Question",
    "Quiz",
    "UnknownQuestionError",
    "get_question",
    "questions",
    "register",
]
