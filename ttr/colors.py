"""The colours of train cards and routes.

Cards come in eight colours plus the locomotive (a wild card); routes are painted in one of the
eight colours or in gray (any single colour may pay for a gray route).
"""

CARD_COLORS: tuple[str, ...] = (
    "pink",
    "white",
    "blue",
    "yellow",
    "orange",
    "black",
    "red",
    "green",
)
"""The eight card colours, in a fixed order used everywhere (hands, legal actions, tables)."""

LOCOMOTIVE = "loco"
"""The wild train card. It pays for any colour (C2); the market resets at 3 of them (D6)."""

GRAY = "gray"
"""The colour of a route that any one card colour can pay for (C2)."""

CARD_KINDS: tuple[str, ...] = (*CARD_COLORS, LOCOMOTIVE)
ROUTE_COLORS: tuple[str, ...] = (*CARD_COLORS, GRAY)

CARDS_PER_COLOR = 12
LOCOMOTIVES_IN_DECK = 14
DECK_SIZE = CARDS_PER_COLOR * len(CARD_COLORS) + LOCOMOTIVES_IN_DECK  # 110
