"""The rules coach: what a refusal means, which rules are in play, and where each is taught.

Every rule id of ``docs/rules.md`` is taught in a section of one of the rule notebooks (00-08);
:data:`LESSONS` names it, and :func:`lesson` gives its link. A :class:`Note` is one thing the
coach says: plain words, ending with the rule ids they rest on; :func:`note_html` shows it with
each rule id linked to the section that teaches it.

>>> from ttr.errors import IllegalAction
>>> note = refusal(IllegalAction("D4", "a face-up locomotive cannot be the second card"))
>>> print(note.text)  # doctest: +NORMALIZE_WHITESPACE
Not allowed: a face-up locomotive cannot be the second card (D4). Take another face-up card or
draw from the deck.
>>> note.rules
('D4',)
>>> lesson("D4").href
'02_drawing_cards.ipynb#Never-a-face-up-locomotive-second-(D4)'

The coach reads only the game's public API and the seat's own observation (see
:mod:`ttr.apps.view`), never another player's hand or tickets.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote

from ttr.actions import (
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr.board import Route
from ttr.colors import LOCOMOTIVE
from ttr.errors import IllegalAction
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL
from ttr.i18n import N_, Np_, fill, gettext, pgettext, prender, render
from ttr.text import listed, sentences
from ttr.views.widgets.claim import route_reasons

if TYPE_CHECKING:
    from ttr.agents.coach import Advice
    from ttr.game import Game

__all__ = [
    "LESSONS",
    "LESSON_LINKS",
    "NOTEBOOK_TITLES",
    "Lesson",
    "Note",
    "advice_text",
    "lesson",
    "lesson_links",
    "move_words",
    "note_html",
    "notebook_title",
    "notes_html",
    "refusal",
    "rules_cited",
    "rules_in_play",
    "served_alone",
]

NOTEBOOK_TITLES = {
    "00_start_here": Np_("heading", "00 · Start here"),
    "01_setup": Np_("heading", "01 · Setup"),
    "02_drawing_cards": Np_("heading", "02 · Drawing train cards"),
    "03_claiming_routes": Np_("heading", "03 · Claiming routes"),
    "04_tunnels_and_ferries": Np_("heading", "04 · Tunnels and ferries"),
    "05_stations": Np_("heading", "05 · Stations"),
    "06_destination_tickets": Np_("heading", "06 · Destination tickets"),
    "07_longest_route": Np_("heading", "07 · The longest route"),
    "08_end_of_game_and_scoring": Np_("heading", "08 · The end of the game and final scoring"),
}
"""Each rule notebook's title (its first heading)."""

LESSONS: dict[str, tuple[str, str]] = {
    "S1": ("01_setup", Np_("heading", "What each player gets (S1)")),
    "S2": ("01_setup", Np_("heading", "The deal (S2)")),
    "S3": ("01_setup", Np_("heading", "Checking the face-up cards (S3)")),
    "S4": ("01_setup", Np_("heading", "The opening tickets on the USA board (S4)")),
    "S5": ("01_setup", Np_("heading", "The opening tickets on the Europe board (S5)")),
    "S6": ("01_setup", Np_("heading", "Seat order (S6)")),
    "T1": ("00_start_here", Np_("heading", "A turn in two minutes (T1)")),
    "T2": ("00_start_here", Np_("heading", "One thing at a time (T3)")),
    "T3": ("00_start_here", Np_("heading", "One thing at a time (T3)")),
    "D1": ("02_drawing_cards", Np_("heading", "Two cards, one at a time (D1, D2)")),
    "D2": ("02_drawing_cards", Np_("heading", "Two cards, one at a time (D1, D2)")),
    "D3": ("02_drawing_cards", Np_("heading", "Locomotives: face up or blind (D3, D5)")),
    "D4": ("02_drawing_cards", Np_("heading", "Never a face-up locomotive second (D4)")),
    "D5": ("02_drawing_cards", Np_("heading", "Locomotives: face up or blind (D3, D5)")),
    "D6": ("02_drawing_cards", Np_("heading", "Three face-up locomotives: a fresh market (D6)")),
    "D7": ("02_drawing_cards", Np_("heading", "Out of cards (D7)")),
    "D8": ("02_drawing_cards", Np_("heading", "A draw of one card (D8)")),
    "D9": ("02_drawing_cards", Np_("heading", "The loop guard (D9)")),
    "D10": ("02_drawing_cards", Np_("heading", "No limit, and no peeking (D10)")),
    "C1": ("03_claiming_routes", Np_("heading", "Enough trains, to the very last one (C1)")),
    "C2": ("03_claiming_routes", Np_("heading", "Colours and locomotives (C2)")),
    "C3": ("03_claiming_routes", Np_("heading", "The cards go at once, and so do the points (C3)")),
    "C4": ("03_claiming_routes", Np_("heading", "Anywhere on the board (C4)")),
    "C5": ("03_claiming_routes", Np_("heading", "Double routes (C5)")),
    "C6": ("04_tunnels_and_ferries", Np_("heading", "Ferries need their locomotives (C6)")),
    "C7": ("04_tunnels_and_ferries", Np_("heading", "Tunnels: the worked example (C7)")),
    "C8": ("04_tunnels_and_ferries", Np_("heading", "Giving the tunnel up (C8)")),
    "C9": ("04_tunnels_and_ferries", Np_("heading", "A short deck (C9)")),
    "K1": ("06_destination_tickets", Np_("heading", "Drawing three, keeping at least one (K1)")),
    "K2": ("06_destination_tickets", Np_("heading", "A deck running low, and an empty deck (K2)")),
    "K3": ("06_destination_tickets", Np_("heading", "Secret, and never thrown away (K3)")),
    "K4": (
        "06_destination_tickets",
        Np_("heading", "At the end: any path of your own routes (K4)"),
    ),
    "ST1": ("05_stations", Np_("heading", "Building a station (ST1, ST2)")),
    "ST2": ("05_stations", Np_("heading", "Building a station (ST1, ST2)")),
    "ST3": ("05_stations", Np_("heading", "At the end: one borrowed route per station (ST3)")),
    "ST4": ("05_stations", Np_("heading", "Choosing exactly: all combinations (ST4)")),
    "ST5": ("05_stations", Np_("heading", "Borrowed routes never lengthen your trail (ST5)")),
    "ST6": ("05_stations", Np_("heading", "Stations left in the box (ST6)")),
    "E1": (
        "08_end_of_game_and_scoring",
        Np_("heading", "The end trigger and the final round (E1)"),
    ),
    "E2": ("08_end_of_game_and_scoring", Np_("heading", "Triggered only once (E2)")),
    "F1": ("08_end_of_game_and_scoring", Np_("heading", "The final score, item by item (F1–F4)")),
    "F2": ("08_end_of_game_and_scoring", Np_("heading", "The final score, item by item (F1–F4)")),
    "F3": ("07_longest_route", Np_("heading", "What is a continuous route? A trail")),
    "F4": ("08_end_of_game_and_scoring", Np_("heading", "The final score, item by item (F1–F4)")),
    "F5": ("08_end_of_game_and_scoring", Np_("heading", "Tie-breaks (F5)")),
    "V1": ("01_setup", Np_("heading", "Four ways to play Europe (V1–V4)")),
    "V2": ("01_setup", Np_("heading", "Mega Europe, step by step (V2)")),
    "V3": ("01_setup", Np_("heading", "Four ways to play Europe (V1–V4)")),
    "V4": ("01_setup", Np_("heading", "Big Cities: draw 4, keep 1 (V4)")),
}
"""For each rule id, the notebook and the heading of the section that teaches it."""

ADVICE = {
    "D4": N_("Take another face-up card or draw from the deck."),
    "T3": N_("Finish the decision in front of you first."),
    "C1": N_("Pick a shorter route: you cannot use more trains than you have left."),
    "C2": N_("Collect more cards of one colour (locomotives count as any colour), then try again."),
    "C5": N_("Look for another way between these cities."),
    "C6": N_("A ferry needs a locomotive for each locomotive symbol on it."),
    "ST1": N_("Choose a city without a station."),
    "ST2": N_("A station costs more cards the more you have built: collect cards of one colour."),
    **dict.fromkeys(
        ("S4", "S5", "K1", "V2", "V3", "V4"),
        N_("Tick at least as many tickets as the rule asks for, then keep them."),
    ),
    "K2": N_("There are no tickets left to draw: draw cards or claim a route instead."),
}
"""What to try instead, after a refusal under some rules."""

LESSON_LINKS = "{notebook}.ipynb#{anchor}"
"""Where a rule's section is, relative to the app's notebook: JupyterLab and the browser
edition (JupyterLite, whose JupyterLab opens a notebook link in a tab) and Voila serving the
notebooks' folder (``make play``: a new tab renders the lesson). Another place is a template
with ``{notebook}`` and ``{anchor}`` in the environment variable ``TTR_LESSON_LINKS`` (the book:
``{notebook}.html#{anchor}``; a JupyterLite site elsewhere:
``https://host/lab/index.html?path={notebook}.ipynb``), see :func:`lesson_links`."""

_RULE_ID = re.compile(r"\b(ST[1-6]|[STDCKEFV]\d{1,2})\b")
# ASCII or full-width parentheses (the Chinese messages cite rules as "（C5）")
_CITED = re.compile(r"[(（]([^()（）]*\b(?:ST[1-6]|[STDCKEFV]\d{1,2})\b[^()（）]*)[)）]")
_RANGE = re.compile(r"\b(ST|[STDCKEFV])(\d{1,2})\s*[–-]\s*(?:ST|[STDCKEFV])?(\d{1,2})\b")


@dataclass(frozen=True)
class Lesson:
    """The notebook section that teaches one rule."""

    rule: str
    notebook: str
    heading: str

    @property
    def anchor(self) -> str:
        """The heading's id in JupyterLab and in nbconvert's HTML: its text, spaces as ``-``."""
        return self.heading.replace(" ", "-")

    @property
    def href(self) -> str:
        """A link to the section, relative to the notebooks' folder. JupyterLab 4.6 opens it at
        the notebook's top: a new browser tab is moved to another workspace
        (``lab/workspaces/auto-…``), which drops the fragment, even in the ``X.ipynb?#heading``
        form its documentation gives; so :func:`note_html` names the notebook beside it."""
        return self.url(LESSON_LINKS)

    def url(self, template: str) -> str:
        """The section's address by ``template`` (see :data:`LESSON_LINKS`), with
        ``{notebook}`` (its file name without ``.ipynb``) and ``{anchor}`` filled in."""
        anchor = quote(self.anchor, safe="()-,.:;!?")
        return template.replace("{notebook}", self.notebook).replace("{anchor}", anchor)

    @property
    def label(self) -> str:
        """The heading, with the rule id in front when the heading does not name it."""
        return self.heading if rule_in(self.rule, self.heading) else f"{self.rule}: {self.heading}"

    @property
    def title(self) -> str:
        return f"{notebook_title(self.notebook)}, “{self.heading}”"


@dataclass(frozen=True)
class Note:
    """One thing the coach says: ``kind`` is ``"refusal"``, ``"done"``, ``"why"``, ``"hint"``
    or ``"info"``; ``text`` is plain words with the rule ids in parentheses."""

    kind: str
    text: str

    @property
    def rules(self) -> tuple[str, ...]:
        return rules_cited(self.text)


def lesson(rule: str) -> Lesson:
    """Where rule ``rule`` is taught (``KeyError`` for an unknown id), in the language in force:
    the Korean headings are those of the Korean notebooks (``notebooks/ko/``)."""
    notebook, heading = LESSONS[rule]
    return Lesson(rule, notebook, pgettext("heading", heading))


def notebook_title(notebook: str) -> str:
    """A rule notebook's title, in the language in force."""
    return pgettext("heading", NOTEBOOK_TITLES[notebook])


def rules_cited(text: str) -> tuple[str, ...]:
    """The rule ids a text cites in parentheses, in order, ranges expanded (``C1–C3``)."""
    found: list[str] = []
    for group in _CITED.findall(text):
        for match in _RANGE.finditer(group):
            prefix, first, last = match.group(1), int(match.group(2)), int(match.group(3))
            found += [f"{prefix}{n}" for n in range(first, last + 1)]
        found += _RULE_ID.findall(_RANGE.sub("", group))
    return tuple(dict.fromkeys(rule for rule in found if rule in LESSONS))


def rule_in(rule: str, text: str) -> bool:
    """Whether ``text`` cites ``rule`` in parentheses."""
    return rule in rules_cited(text)


def refusal(err: IllegalAction) -> Note:
    """The coach's words for an action the engine refused: its reason, its rule, what to try."""
    reason = str(err.reason).rstrip(".")
    text = render("Not allowed: {reason} ({rule}).", reason=reason, rule=err.rule)
    if err.rule in ADVICE:
        text = sentences([text, gettext(ADVICE[err.rule])])
    return Note("refusal", text)


_MARKS = {"refusal": ("✘", "#b3261e"), "done": ("✔", "#1b7f3b"), "hint": ("➤", "#6a4c00")}


def note_html(note: Note, links: str | None = LESSON_LINKS) -> str:
    """One note as HTML: its text, then the section teaching each rule it cites (each section
    once), as a link by the template ``links`` (see :data:`LESSON_LINKS`) with its notebook
    named beside it or, where the rule notebooks cannot be opened (``links`` None), by notebook
    and heading."""
    icon, color = _MARKS.get(note.kind, ("•", "#333"))
    where = list({(at.notebook, at.heading): at for at in map(lesson, note.rules)}.values())
    if links is not None:  # the notebook named too, should a link open it at its top
        shown = " · ".join(
            f"{html.escape(notebook_title(at.notebook))}, “"
            f'<a href="{html.escape(at.url(links))}" target="_blank" rel="noopener" '
            f'title="{html.escape(at.title)}">{html.escape(at.label)}</a>”'
            for at in where
        )
    else:
        shown = " · ".join(html.escape(at.title) for at in where)
    learn = (
        '<div class="ttr-learn">' + render("Learn it: {where}", where=shown) + "</div>"
        if shown
        else ""
    )
    return (
        f'<div class="ttr-note ttr-note-{note.kind}" style="color:{color}">'
        f"{icon} {html.escape(note.text)}{learn}</div>"
    )


def notes_html(notes: list[Note] | tuple[Note, ...], links: str | None = LESSON_LINKS) -> str:
    """Several notes, one under the other."""
    return "".join(note_html(note, links) for note in notes)


def lesson_links() -> str | None:
    """The template of the lesson links here: ``TTR_LESSON_LINKS`` when set, else
    :data:`LESSON_LINKS`, or None (name the sections, without links) where the notebook is
    served alone by Voila and no other notebook can open."""
    template = os.environ.get("TTR_LESSON_LINKS", "").strip()
    if template:
        return template
    return None if served_alone() else LESSON_LINKS


def served_alone() -> bool:
    """Whether this kernel runs a notebook that Voila serves on its own (``voila
    notebook.ipynb``, as ``make play`` does): there, a link to another notebook cannot open."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/") and os.environ.get(
        "SCRIPT_NAME", "/"
    ).rstrip("/") in ("", "/voila")


_MOVES = {
    "deck": Np_("move", "draw deck"),
    "slot": Np_("move", "draw {slot}"),
    "claim": Np_("move", "claim {ref:route} {paid:payment}"),
    "station": Np_("move", "station {city} {paid:payment}"),
    "pay": Np_("move", "pay {paid:payment}"),
    "keep": Np_("move", "keep {tickets}"),
    "tickets": Np_("move", "tickets"),
    "decline": Np_("move", "decline"),
    "pass": Np_("move", "pass"),
}
"""The coach's words for a move: in English, exactly its notation (``game.notation``)."""


def move_words(game: Game, action: Action) -> str:
    """``action`` as the coach says it, in the language in force (in English: its notation)."""
    board = game.board
    if isinstance(action, DrawCard):
        if action.slot is None:
            return prender("move", _MOVES["deck"])
        return prender("move", _MOVES["slot"], slot=action.slot + 1)
    if isinstance(action, Claim):
        route = board.routes[action.route]
        paid = (action.color, route.length - action.locomotives, action.locomotives)
        return prender("move", _MOVES["claim"], ref=board.ref(route), paid=paid)
    if isinstance(action, BuildStation):
        rules, left = game.rules, game.stations_left[game.current_player]
        cost = rules.station_costs[rules.stations - left] if left else 1
        paid = (action.color, cost - action.locomotives, action.locomotives)
        return prender("move", _MOVES["station"], city=board.display(action.city), paid=paid)
    if isinstance(action, PayTunnel) and game.tunnel is not None:
        tunnel = game.tunnel
        paid = (tunnel.color, tunnel.extra - action.locomotives, action.locomotives)
        return prender("move", _MOVES["pay"], paid=paid)
    if isinstance(action, KeepTickets) and action.keep:
        return prender("move", _MOVES["keep"], tickets=" ".join(str(i + 1) for i in action.keep))
    if isinstance(action, DrawTickets):
        return prender("move", _MOVES["tickets"])
    if isinstance(action, Decline):
        return prender("move", _MOVES["decline"])
    if isinstance(action, Pass):
        return prender("move", _MOVES["pass"])
    return game.notation(action)


_ADVICE = {
    "last turn": N_("{move}: this is your last turn, and no move adds more to your final score."),
    "last turn, nothing to add": N_(
        "{move}: this is your last turn, and no claim or station adds a point now."
    ),
    "completes": N_("{move}: it completes the ticket {done} and scores {points:#point}."),
    "ticket path": N_(
        "{move}: it is on the cheapest path for the ticket {ticket} ({ticket_points:#point}), "
        "which still takes {path_trains:#train}."
    ),
    "block": N_(
        "{move}: a rival's likeliest path runs through this route; it scores {points:#point}."
    ),
    "points": N_("{move}: no ticket needs a route you can claim, and this one scores the most."),
    "station": N_(
        "{move}: the ticket {ticket} can now only be finished by borrowing a rival's route (ST3)."
    ),
    "draw needed": N_("{move}: your plan needs {needed} more {card:card} cards; you hold {held}."),
    "draw card": N_("{move}: this face-up card is worth more to your plan than the deck."),
    "draw locomotive": N_("{move}: a face-up locomotive pays for any colour (D3)."),
    "draw blind": N_("{move}: no face-up card is one your plan needs, so the deck."),
    "tickets": N_(
        "{move}: your tickets are done, and with {trains:#train} left a new offer is expected "
        "to bring {expected} points."
    ),
    "keep": N_(
        "{move}: {tickets} ({points:#point}) for about {path_trains:#train} of your {trains}."
    ),
    "pay": N_("{move}: the tunnel is worth its extra cards (C7)."),
    "decline": N_("{move}: the tunnel's extra cost cannot be paid (C8)."),
    "forced": N_("{move}: it is the only legal move."),
}
"""What the coach says for each reason of :data:`ttr.agents.coach.WHY`."""
_SEARCHED = N_(
    " The search tried it against {plan} in {deals} sampled deals of the hidden cards, and it did "
    "better."
)
_FINAL_ROUND = N_(" The final round is on: {turns:#turn} left for you.")
_END_NEAR = N_(" A player is down to a few trains: the game may end soon.")


def advice_text(game: Game, advice: Advice) -> str:
    """The coach's advice in words, in the language in force: the move, why, and why now."""
    template = _ADVICE.get(advice.why, _ADVICE["forced"])
    text = fill(
        gettext(template),
        move=move_words(game, advice.action),
        done=listed(advice.completes) or advice.ticket or "",
        points=round(advice.points),
        ticket=advice.ticket or "",
        ticket_points=advice.ticket_points,
        path_trains=advice.path_trains,
        needed=advice.needed,
        held=advice.held,
        card=advice.card or LOCOMOTIVE,
        trains=advice.trains,
        expected=f"{advice.expected:.1f}",
        tickets=listed(advice.tickets),
    )
    search = advice.search
    if search.get("overruled"):
        text += fill(gettext(_SEARCHED), plan=search.get("plan", ""), deals=search.get("deals", 0))
    if advice.final_round and advice.turns_left:
        text += fill(gettext(_FINAL_ROUND), turns=advice.turns_left)
    elif advice.end_near:
        text += gettext(_END_NEAR)
    return text


def rules_in_play(game: Game, seat: int, selection: Route | str | None) -> list[str]:
    """The rules in play for the choices in front of ``seat`` (who is to play), each with its
    rule id: the ticket offer, the second card, the tunnel, or a turn (with the route or the
    station city ``selection`` being paid for)."""
    rules, phase = game.rules, game.phase
    if phase in (OPENING, TICKETS):
        offer = game.offer
        assert offer is not None
        went = {
            "box": N_("leave the game"),
            "bottom": N_("go under the ticket deck"),
            "bottom_shuffled": N_("are shuffled under the ticket deck"),
        }[offer.unkept]
        most = (
            render(" and at most {high}", high=offer.keep_max)
            if offer.keep_max < len(offer.tickets)
            else ""
        )
        texts = [
            render(
                "Keep at least {low} of these {offered} tickets{most}; the others {went} ({rule}).",
                low=offer.keep_min,
                offered=len(offer.tickets),
                most=most,
                went=gettext(went),
                rule=offer.rule,
            )
        ]
        return texts + [
            render("Kept tickets stay secret and are never thrown away (K3)."),
            render(
                "At the end a ticket whose cities your routes join scores its points; "
                "any other loses them (K4)."
            ),
        ]
    if phase == SECOND_CARD:
        return [
            render(
                "Your second card (D1): any face-up card except a locomotive (D4), or the top "
                "of the deck, even if it turns out to be a locomotive (D5)."
            ),
            render("A face-up card you take is replaced at once from the deck (D2)."),
        ]
    if phase == TUNNEL:
        tunnel = game.tunnel
        assert tunnel is not None
        paid = (
            render("locomotives only")
            if tunnel.color is None
            else render("{color:colour}", color=tunnel.color)
        )
        revealed = (
            render("{colors:colour list}", colors=tunnel.revealed)
            if tunnel.revealed
            else render("nothing")
        )
        return [
            render(
                "The deck revealed {revealed}: each card matching your payment ({paid}) or a "
                "locomotive costs one more card (C7).",
                revealed=revealed,
                paid=paid,
            ),
            render(
                "Pay the extra, or decline: your cards go back to your hand and your turn "
                "ends; the revealed cards are discarded either way (C8)."
            ),
        ]
    texts = [
        render(
            "On your turn you do exactly one thing (T1): draw 2 train cards (D1), claim a "
            "route (C1, C2), draw destination tickets (K1), or build a station (ST1)."
        )
        if rules.has_stations
        else render(
            "On your turn you do exactly one thing (T1): draw 2 train cards (D1), claim a "
            "route (C1, C2), draw destination tickets (K1)."
        )
    ]
    if any(card == LOCOMOTIVE for card in game.cards.market):
        texts.append(
            render("A face-up locomotive taken as your first card is the whole draw (D3).")
        )
    if isinstance(selection, Route):
        texts += route_reasons(game, selection, seat)
    elif isinstance(selection, str):
        texts.append(
            render(
                "A station goes on any city without one, and costs 1, 2, then 3 cards of one "
                "colour (ST1, ST2); at the end it lends you one opponent route there (ST3)."
            )
        )
    if game.final_turns_left is not None:
        texts.append(
            render(
                "The final round is on: {turns:#turn} left, yours included (E1).",
                turns=game.final_turns_left,
            )
        )
    return texts
