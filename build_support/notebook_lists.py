"""The notebooks by name (their stems): one list for the build and the tests (#26).

The browser edition (``build_support/lite/build.py``) ships :data:`TRANSLATED` in English and
Korean; the tests check that they exist, in ``notebooks/`` and in each translation
(``notebooks/ko/``, ``notebooks/zh/``).
"""

from __future__ import annotations

RULE_NOTEBOOKS = (
    "00_start_here",
    "01_setup",
    "02_drawing_cards",
    "03_claiming_routes",
    "04_tunnels_and_ferries",
    "05_stations",
    "06_destination_tickets",
    "07_longest_route",
    "08_end_of_game_and_scoring",
    "09_a_whole_game",
)
"""The start page and the notebooks that teach the rules, in order."""

APPS = ("play", "score_sheet")
"""The apps: the play table and the score sheet."""

TRANSLATED = RULE_NOTEBOOKS + APPS
"""The notebooks every translation has, and the browser edition's notebooks."""
