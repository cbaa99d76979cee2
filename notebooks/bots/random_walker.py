"""Example bot: any legal action, at random (the weakest sensible player)."""

import random


class Bot:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, observation, legal):
        return self.rng.choice(legal)
