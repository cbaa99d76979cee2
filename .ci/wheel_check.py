"""Run by .ci/run in a fresh venv outside the checkout, with only the built wheel installed:
the board data and the message catalogues come with the package, a seeded game plays to its
end, a game's narration reads in Korean, a position scores."""

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
    ttr.set_language("ko")  # the Korean catalogue (ttr/locale/ko/LC_MESSAGES/ttr.mo) is packaged
    told = Game(rules, players, seed=1).events[0].text
    print(told)
    assert told.startswith("티켓 투 라이드"), told
    ttr.set_language("en")
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
