"""A bot for the class tournament: copy this file, rename it (your name, letters and _), and
make ``choose`` better. It sees only its own seat's view of the game."""

import random


class Bot:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)  # use this for every random choice: same seed, same game

    def choose(self, observation: dict, legal: list):
        """Return one of ``legal`` (the actions you may take now).

        ``observation`` is your view: ``observation["hand"]`` (your cards by colour),
        ``observation["tickets"]``, ``observation["trains"]`` (everyone's), ``["owners"]`` (who
        owns each route, by route id), ``["market"]`` (the face-up cards), ``["rules"]`` (the
        board) and more: see notebooks/bot_competition.ipynb.
        """
        return self.rng.choice(legal)
