"""Small helpers for the engine's English: narration and error messages."""


def count(number: int, noun: str) -> str:
    """``count(1, "train")`` is ``"1 train"``; ``count(2, "train")`` is ``"2 trains"``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
