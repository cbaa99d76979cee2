"""Run by .ci/run in a fresh venv outside the checkout, with only the built wheel installed:
the board data comes with the package, a seeded game plays to its end, a position scores."""

import json
import random
import subprocess
import sys
from pathlib import Path

import ttr
from ttr import Game

assert "site-packages" in ttr.__file__, ttr.__file__
for rules, players in (("usa", 2), ("europe", 4)):
    game = Game(rules, players, seed=1, record=False)
    rng = random.Random(1)
    while not game.is_over:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    print(rules, players, "players:", [s.total for s in game.outcome().scores])
position = Path(sys.argv[1])
result = subprocess.run(
    [sys.executable, "-m", "ttr", "score", str(position), "--json"],
    capture_output=True,
    text=True,
    check=True,
)
totals = [p["total"] for p in json.loads(result.stdout)["players"]]
print(position.name, totals)
assert totals, "no scores"
