"""Example of a broken bot: it raises on its fifth decision (it loses those games, and the
leaderboard says why)."""


class Bot:
    def __init__(self, seed: int):
        self.decisions = 0

    def choose(self, observation, legal):
        self.decisions += 1
        if self.decisions == 5:
            raise RuntimeError("oops: a bug in my bot")
        return legal[0]
