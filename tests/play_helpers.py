"""Playing the play table to the end by clicks, the same way from Python and in a browser;
and the worked example the score sheet's tests enter (:data:`WORKED_ROUTES`).

:func:`follow_hints` is one person's way of playing: choose "Nothing" on the map (so that only
the hint lights routes and cities), then on every decision press Hint and click what it points
at: the marked controls (a market slot, the deck, Tickets, the ticket boxes and Keep, a payment
or Decline) or, for a claim or a station, the lit route or city on the map and then the marked
payment. Once, after :data:`STATION_AFTER` hints and on a turn of its own, it builds a station in
:data:`STATION_CITY` (click the city, then the first payment offered), so the board must be a
Europe one.

A *UI* is anything with the methods of :class:`TableUI` (which drives a ``PlayTable`` from
Python); the browser tests give one that clicks a page in Chromium. Both play the same seeded
game to the same end.
"""

from __future__ import annotations

import re
from typing import Protocol

from ttr.apps import PlayTable

STATION_CITY = "Palermo"
STATION_AFTER = 30
WORKED_ROUTES = (
    "Los Angeles-San Francisco (yellow)",
    "San Francisco-Portland (green)",
    "Portland-Seattle",
    "Seattle-Calgary",
    "Calgary-Helena",
    "Helena-Salt Lake City",
    "Helena-Duluth",
    "Denver-Helena",
    "Denver-Omaha",
)
"""The routes of "You" in the USA guide's worked example (notebook 08): 62 points, and 80
with the tickets of :data:`WORKED_TICKETS` and the Longest Route bonus."""
WORKED_TICKETS = ("Seattle-Los Angeles", "Calgary-Salt Lake City", "Duluth-Houston")


class UI(Protocol):
    def phase(self) -> str: ...
    def over(self) -> bool: ...
    def show_nothing_on_the_map(self) -> None: ...
    def press(self, name: str) -> None: ...  # "Hint", "Keep"
    def hinted(self) -> int: ...  # how many controls the hint marks
    def click_hinted(self, index: int) -> None: ...
    def lit(self) -> list[str]: ...  # the map's lit routes and cities ("route-7", "city-Roma")
    def click_map(self, element: str) -> None: ...
    def options(self) -> int: ...  # how many payment options are shown
    def click_option(self, index: int) -> None: ...
    def scores(self) -> dict[str, int]: ...  # the final score table: name -> total


HINT_STEPS = 300
"""The coach's search budget in the tests that play whole games by its hints: the same coach
(its plan, its exact last turn), a smaller search, so that a game takes seconds."""


def follow_hints(ui: UI, limit: int = 1500, until=None) -> dict[str, int]:
    """Play the person's seat to the end, or until ``until(ui)`` is true (see the module's
    docstring); returns counts of the hints, tunnels and stations on the way."""
    seen = {"hints": 0, "tunnels": 0, "stations": 0}
    ui.show_nothing_on_the_map()
    while not ui.over() and not (until and until(ui)):
        assert seen["hints"] < limit, "the game does not end"
        phase = ui.phase()
        if phase == "tunnel":
            seen["tunnels"] += 1
        if phase == "turn" and seen["hints"] >= STATION_AFTER and not seen["stations"]:
            seen["stations"] = -1  # tried once
            ui.click_map(f"city-{STATION_CITY}")
            if ui.options():
                ui.click_option(0)
                seen["stations"] = 1
                continue
        ui.press("Hint")
        seen["hints"] += 1
        if not ui.hinted():  # a claim or a station: click its route or city
            lit = ui.lit()
            assert len(lit) == 1, lit
            ui.click_map(lit[0])
        for index in range(ui.hinted()):
            ui.click_hinted(index)
    return seen


class TableUI:
    """A :class:`PlayTable` clicked from Python (``button.click()``, ``map.click(...)``)."""

    def __init__(self, table: PlayTable):
        self.table = table

    def phase(self) -> str:
        return re.search(r'data-phase="(\w+)"', self.table.prompt.value).group(1)

    def over(self) -> bool:
        return "The game is over" in self.table.prompt.value

    def show_nothing_on_the_map(self) -> None:
        self.table.focus.value = "none"

    def press(self, name: str) -> None:
        {"Hint": self.table.hint_button, "Keep": self.table.keep_button}[name].click()

    def _marked(self) -> list:
        return [c for c in self.table.controls().values() if "ttr-hinted" in c._dom_classes]

    def hinted(self) -> int:
        return len(self._marked())

    def click_hinted(self, index: int) -> None:
        control = sorted(self._marked(), key=self._order)[index]
        if hasattr(control, "click"):
            control.click()
        else:  # a ticket box
            control.value = not control.value

    def _order(self, control) -> int:
        """Page order of the controls (the ticket boxes come before Keep)."""
        return list(self.table.controls().values()).index(control)

    def lit(self) -> list[str]:
        shown = self.table.map
        return [f"route-{r}" for r in shown.highlight_routes] + [
            "city-" + c.replace(" ", "_") for c in shown.highlight_cities
        ]

    def click_map(self, element: str) -> None:
        self.table.map.click(element)

    def options(self) -> int:
        return sum(b.layout.display != "none" for b in self.table.option_buttons)

    def click_option(self, index: int) -> None:
        self.table.option_buttons[index].click()

    def scores(self) -> dict[str, int]:
        outcome = self.table.model.outcome()
        assert outcome is not None
        return {s.name: s.total for s in outcome.scores}
