"""Rule sets: every parameter of a way to play, in one place.

The two boards share most rules and differ in a handful of numbers (stations, the opening ticket
deal, the tie-break chain). Europe's anniversary variants change only the tickets (V1-V4). So a
variant is a :class:`RuleSet` preset, not new code: look one up with :func:`rule_set`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ttr.errors import UnknownRuleSet, preview
from ttr.i18n import N_


@dataclass(frozen=True)
class OpeningDeal:
    """One round of the opening ticket choice (S4, S5, V2, V4), made by each player in seat order.

    Each player is dealt ``long`` long tickets and ``regular`` regular ones and keeps between
    ``keep_min`` and ``keep_max`` of them. ``keep_min_after_long`` replaces ``keep_min`` for a
    player who kept a long ticket in an earlier round (V2). Unkept tickets go ``"bottom"`` (under
    the ticket deck in the order dealt), ``"bottom_shuffled"`` (shuffled, then under the deck) or
    ``"box"`` (out of the game).
    """

    long: int = 0
    regular: int = 3
    keep_min: int = 2
    keep_max: int | None = None
    keep_min_after_long: int | None = None
    unkept: str = "bottom"

    @property
    def size(self) -> int:
        return self.long + self.regular


ROUTE_POINTS: Mapping[int, int] = MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21})
"""Points for a route of each length (C3); read-only, shared by every rule set."""


@dataclass(frozen=True)
class RuleSet:
    """The parameters of one way to play; see docs/rules.md for the rule ids."""

    name: str
    map: str
    title: str
    tickets: tuple[str, ...] = ("base",)
    """Ticket sets (see ``ttr.board.TICKET_FILES``) shuffled together into the ticket pool."""
    trains: int = 45  # S1
    stations: int = 0  # S1, ST1
    station_costs: tuple[int, ...] = ()  # ST2: cards for the 1st, 2nd, 3rd station
    station_points: int = 4  # ST6, F4
    hand_size: int = 4  # S2
    market_size: int = 5  # S3
    market_locomotive_limit: int = 3  # D6: this many face-up locomotives reset the market
    redeal_limit: int = 10  # D9
    opening: tuple[OpeningDeal, ...] = (OpeningDeal(),)  # S4, S5, V1-V4
    opening_rule: str = "S4"  # the rule id cited when an opening choice is refused
    ticket_draw: int = 3  # K1
    ticket_rule: str = "K1"  # the rule id cited when a ticket draw choice is refused
    ticket_keep_min: int = 1  # K1
    double_lock_max_players: int = 3  # C5: at this many players or fewer, a double is one route
    tunnel_reveal: int = 3  # C7
    end_trigger_trains: int = 2  # E1
    route_points: Mapping[int, int] = field(default_factory=lambda: ROUTE_POINTS, hash=False)  # C3
    longest_bonus: int = 10  # F3
    longest_bonus_name: str = "Longest Route"
    tie_breaks: tuple[str, ...] = ("tickets_completed", "longest_bonus")  # F5
    min_players: int = 2
    max_players: int = 5

    @property
    def has_stations(self) -> bool:
        return self.stations > 0


USA = RuleSet(name="usa", map="usa", title="Ticket to Ride (USA)")

EUROPE = RuleSet(
    name="europe",
    map="europe",
    title="Ticket to Ride: Europe",
    stations=3,
    station_costs=(1, 2, 3),
    opening=(OpeningDeal(long=1, regular=3, keep_min=2, unkept="box"),),
    opening_rule="S5",
    longest_bonus_name="European Express",
    tie_breaks=("tickets_completed", "fewest_stations", "longest_bonus"),
)

MEGA_EUROPE = replace(
    EUROPE,
    name="mega_europe",
    title="Ticket to Ride: Europe, Mega Europe",
    tickets=("base", "1912"),
    opening_rule="V2",
    opening=(
        OpeningDeal(long=2, regular=0, keep_min=0, keep_max=1, unkept="box"),
        OpeningDeal(long=0, regular=5, keep_min=3, keep_min_after_long=2, unkept="bottom_shuffled"),
    ),
)

EUROPA_1912 = replace(
    EUROPE,
    name="europa_1912",
    title="Ticket to Ride: Europe, Europa 1912",
    tickets=("1912",),
    opening_rule="V3",
)

BIG_CITIES = replace(
    EUROPE,
    name="big_cities",
    title="Ticket to Ride: Europe, Big Cities",
    tickets=("big_cities",),
    opening=(OpeningDeal(long=0, regular=5, keep_min=2, unkept="bottom_shuffled"),),
    ticket_draw=4,
    opening_rule="V4",
    ticket_rule="V4",
)

RULE_SETS: dict[str, RuleSet] = {
    rules.name: rules for rules in (USA, EUROPE, MEGA_EUROPE, EUROPA_1912, BIG_CITIES)
}


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def rule_set(name: str | RuleSet, variant: str | None = None) -> RuleSet:
    """The preset called ``name`` (``"usa"``, ``"europe"``, ``"mega_europe"``...).

    ``rule_set("europe", variant="big_cities")`` picks a variant of a map; ``variant="europe"``
    or ``None`` is the base game. Unknown names raise :class:`UnknownRuleSet`.
    """
    if isinstance(name, RuleSet):
        if variant is None:
            return name
        name = name.map
    if not isinstance(name, str) or len(name) > 40:
        raise UnknownRuleSet(
            "a rule set is named by text, e.g. 'europe', not {name}", name=preview(name)
        )
    key = _key(name)
    if variant is not None:
        if not isinstance(variant, str) or len(variant) > 40:
            raise UnknownRuleSet(
                "a variant is named by text, e.g. 'big_cities', not {variant}",
                variant=preview(variant),
            )
        rules = RULE_SETS.get(_key(variant))
        base = RULE_SETS.get(key)
        if rules is None or (base is not None and rules.map != base.map):
            known = ", ".join(r.name for r in RULE_SETS.values() if base and r.map == base.map)
            unknown = N_("unknown variant {variant} for the {name} map (known: {known})")
            if not known:
                unknown = N_("unknown variant {variant} for the {name} map")
            raise UnknownRuleSet(unknown, variant=preview(variant), name=preview(name), known=known)
        return rules
    if key not in RULE_SETS:
        raise UnknownRuleSet(
            "unknown rule set {name} (known: {known})",
            name=preview(name),
            known=", ".join(RULE_SETS),
        )
    return RULE_SETS[key]
