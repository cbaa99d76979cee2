"""The colours of train cards and routes.

Cards come in eight colours plus the locomotive (a wild card); routes are painted in one of the
eight colours or in gray (any single colour may pay for a gray route). Inside the engine a hand is
a tuple of nine counts in ``CARD_KINDS`` order (``hand[KIND_INDEX["red"]]``, ``hand[LOCO]``).
"""

from typing import Final

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

LOCOMOTIVE: Final = "loco"
"""The wild train card. It pays for any colour (C2); the market resets at 3 of them (D6)."""

GRAY: Final = "gray"
"""The colour of a route that any one card colour can pay for (C2)."""

CARD_KINDS: tuple[str, ...] = (*CARD_COLORS, LOCOMOTIVE)
ROUTE_COLORS: tuple[str, ...] = (*CARD_COLORS, GRAY)
KIND_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(CARD_KINDS)}
"""The position of each card kind in a hand tuple."""
LOCO: Final = 8
"""The locomotive's position in a hand tuple (``CARD_KINDS[LOCO] == LOCOMOTIVE``). ``Final``
literals are inlined by the compiled build (mypyc), where a plain module global is a dict
lookup at every use."""
COLOR_SET = frozenset(CARD_COLORS)

CARDS_PER_COLOR = 12
LOCOMOTIVES_IN_DECK = 14
DECK_SIZE = CARDS_PER_COLOR * len(CARD_COLORS) + LOCOMOTIVES_IN_DECK  # 110

Hand = tuple[int, ...]
"""Nine card counts in ``CARD_KINDS`` order."""
EMPTY_HAND: Hand = (0,) * len(CARD_KINDS)


def hand_of(cards: dict[str, int]) -> Hand:
    """The hand tuple of ``{kind: count}`` (missing kinds count 0)."""
    return tuple(cards.get(kind, 0) for kind in CARD_KINDS)


def hand_dict(hand: Hand) -> dict[str, int]:
    """``{kind: count}`` for every kind, in ``CARD_KINDS`` order."""
    return dict(zip(CARD_KINDS, hand, strict=True))


CARD_WORDS: dict[str, str] = {
    **{color: color for color in CARD_COLORS},
    "purple": "pink",
    "violet": "pink",
    **dict.fromkeys(("loco", "locos", "locomotive", "locomotives", "wild"), LOCOMOTIVE),
}
"""Every word a person may write for a card kind (lower case): the one table of card words."""


def card_kind(word: str) -> str | None:
    """The card kind ``word`` names (``"Purple"`` -> ``"pink"``), or None."""
    return CARD_WORDS.get(word.lower())
