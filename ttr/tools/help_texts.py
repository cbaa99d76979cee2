"""The command line's help texts that ``simulate``, ``tournament`` and the others share."""

from ttr.i18n import N_

VARIANT_HELP = N_("a Europe variant (V1-V4): europe, mega_europe, europa_1912 or big_cities")
PLAYERS_HELP = N_("players a game, 2-5 (default 2)")
SEED_HELP = N_("the seed of the first game (default 0)")
