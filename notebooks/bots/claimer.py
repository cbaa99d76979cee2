"""Example bot: claims the longest route it can pay (long routes score the most per train);
otherwise draws from the deck. Keeps every ticket it is offered: a function, not a class."""

from ttr import load_board, rule_set
from ttr.actions import Claim, DrawCard, KeepTickets

BOARDS = {}


def choose(observation, legal):
    rules = observation["rules"]
    board = BOARDS.setdefault(rules, load_board(rule_set(rules).map))
    claims = [a for a in legal if isinstance(a, Claim)]
    if claims:
        return max(claims, key=lambda a: (board.routes[a.route].length, -a.locomotives))
    keeps = [a for a in legal if isinstance(a, KeepTickets)]
    if keeps:
        return max(keeps, key=lambda a: len(a.keep))
    if DrawCard(None) in legal:
        return DrawCard(None)
    return legal[0]
