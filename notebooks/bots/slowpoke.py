"""Example of a bot that thinks too long: its third decision burns 3 CPU seconds, over the
tournament's limit (1 s by default), so it loses the game there."""

import time


class Bot:
    def __init__(self, seed: int):
        self.decisions = 0

    def choose(self, observation, legal):
        self.decisions += 1
        if self.decisions == 3:
            start = time.process_time()
            while time.process_time() - start < 3.0:
                pass
        return legal[-1]
