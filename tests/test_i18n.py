"""The engine in Korean (#18) and Chinese (#31): the message catalogues and the language setting
(ttr.i18n).

Each catalogue, ``ttr/locale/<language>/LC_MESSAGES/ttr.po`` (``ko``, ``zh``), holds exactly the
messages the code marks for translation, each translated with the fields of its message, in the
letters of its language and none of the other translation's, and ``ttr.mo`` is that ``.po``
compiled (``python tests/catalogue.py`` brings both in step). In each language, seeded games on
both boards, every variant and every staged scenario are played, with refusals of every rule id
they can provoke and action texts that do not read: no narration line, no refusal and no
notation error falls back to English (but names, rule ids, code and quoted notation), and each
refusal starts with its rule id. English stays the default, and the English messages are the
same before and after Korean was used (the other tests check their English words). The tests
parametrized over the language have the ids ``[ko]`` and ``[zh]``; tests/test_i18n_zh.py has
what only Chinese needs.
"""

from __future__ import annotations

import doctest
import os
import pickle
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from catalogue import compiled, extracted, mo_path, read
from languages import HANGUL, LANGUAGES, SCRIPT, unquoted
from test_turns import stuck_position

import ttr
import ttr.errors
import ttr.i18n
from ttr import (
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    Game,
    IllegalAction,
    KeepTickets,
    Pass,
    PayTunnel,
    TTRError,
    load_scenario,
)
from ttr.agents import MCTSAgent
from ttr.i18n import (
    COUNTED,
    SPECS,
    Message,
    get_language,
    language,
    ngettext,
    prender,
    render,
    set_language,
)
from ttr.narration import _RENDER

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "data" / "scenarios").glob("*.json"))
SCENARIOS_BY_NAME = {path.stem: path for path in SCENARIOS}
GAMES = [
    ("usa", 2, None),
    ("usa", 4, None),
    ("europe", 3, None),
    ("europe", 5, None),
    ("europe", 4, "mega_europe"),
    ("europe", 3, "europa_1912"),
    ("europe", 3, "big_cities"),
]
RULE_ID = re.compile(r"(?<![A-Za-z])(?:ST|[STDCKEFV])\d+(?!\d)")
QUOTED = re.compile(r"'[^']*'")
"""A quoted value: the echo of bad input (``'purple'``) or a notation word (``'draw'``)."""
CODE = re.compile(
    r"(?<![A-Za-z])(?:[A-Z][A-Za-z]+\.[a-z]+|int|None|True|False|nan|inf)(?![A-Za-z])"
)
"""The names of code a type error cites: an action's field (``Claim.route``), ``int``, ``None``."""


FIELD = re.compile(r"\{[^{}]*\}")
"""A template's field, such as ``{ref:route}``."""
UNFILLED = re.compile(r"\{[A-Za-z_]\w*(?:![rsa])?(?::[^{}\s][^{}]*)?\}")
"""A field left unfilled in a rendered text (not a literal ``{"name": ...}``)."""
SAME_IN_TRANSLATION = {"{card:card}", "{ref:route}", "{tickets} ({keep})", ", ", "; "}
"""The entries whose translation is their English: only fields and punctuation."""
PAID = {
    "ko": ["빨간색 카드 2장과 기관차 카드 1장", "빨간색 카드 2장", "기관차 카드 3장"],
    "zh": ["2 张红色车票和 1 张彩虹票", "2 张红色车票", "3 张彩虹票"],
}
"""A payment of two red cards and a locomotive, of two red cards, of three locomotives."""
TRAINS = {"ko": "기차 말 2개", "zh": "2 节车厢"}
"""Two trains."""
BY_LANGUAGE = pytest.mark.parametrize("lang", LANGUAGES)


@pytest.fixture(autouse=True)
def english_after():
    """Each test starts and ends in English, whatever it sets."""
    set_language("en")
    yield
    set_language("en")


# ---------------------------------------------------------------------------------------------
# The catalogue


def _fields(text: str) -> set[tuple[str, str]]:
    """The ``{name:spec}`` fields of a template (conversions dropped)."""
    return {
        (name, spec or "")
        for _, name, spec, _ in string.Formatter().parse(text)
        if name is not None
    }


@BY_LANGUAGE
def test_catalogue_has_every_message_of_the_code_and_nothing_else(lang):
    catalog = read(lang)
    in_po = {(m.id[0] if m.pluralizable else m.id, m.context) for m in catalog if m.id}
    in_code = set(extracted())
    assert sorted(in_code - in_po, key=str) == [], "run python tests/catalogue.py"
    assert sorted(in_po - in_code, key=str) == [], "stale entries: run python tests/catalogue.py"


@BY_LANGUAGE
def test_every_catalogue_entry_is_translated_with_the_fields_of_its_message(lang):
    specs = {"", *SPECS, *("#" + noun for noun in COUNTED)}
    foreign = [SCRIPT[other] for other in LANGUAGES if other != lang]
    for message in read(lang):
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        assert all(strings), f"untranslated: {ids[0]!r}"
        assert not message.fuzzy, f"fuzzy: {ids[0]!r}"
        allowed = {name for text in ids for name, _ in _fields(text)}
        given = {spec for text in ids for _, spec in _fields(text)}
        if message.context == "payment":  # a payment's template may say it in any of its fields
            allowed |= {"color", "colored", "locomotives", "color_words", "loco_words"}
        for text in strings:
            fields = _fields(text)
            names = {name for name, _ in fields}
            if message.context == "payment" or message.pluralizable:
                assert names <= allowed, (ids[0], text)  # a plural may leave the count unsaid
            else:
                assert names == allowed, (ids[0], text)  # every field, none added
            assert {spec for _, spec in fields} <= specs | given, (ids[0], text)
            assert not any(letters.search(text) for letters in foreign), text
            if ids[0] not in SAME_IN_TRANSLATION:
                words = FIELD.sub("", text)  # a field is not a word: it is filled in
                assert SCRIPT[lang].search(text) or not any(c.isalpha() for c in words), text


SAMPLES = {
    "": 2,
    "colour": "red",
    "card": "loco",
    "cards": ("red", "loco"),
    "colours": ("blue", "red"),
    "payment": ("red", 2, 1),
    "route": "Paris-Bruxelles (yellow)",
    "ordinal": "second",
    "text": "Ticket to Ride: Europe",
    "#colour card": (2, "red"),
    "colour list": ("blue", "red"),
    "word": "usa",
    "counts": {"red": 2, "loco": 1},
    "routes": ("Paris-Bruxelles (yellow)", "Paris-Wien"),
    "phase": "opening",
}
"""A value for a field of each format spec (a count for any other ``#noun``)."""


@BY_LANGUAGE
def test_every_catalogue_entry_renders(lang):
    """Each entry is filled in with sample values: its fields and format specs all work."""
    with language(lang):
        for message in read(lang):
            if not message.id or message.context == "payment":
                continue
            ids = message.id if message.pluralizable else (message.id,)
            strings = message.string if message.pluralizable else (message.string,)
            said = [*_fields(ids[0]), *(f for text in strings for f in _fields(text) if f[1])]
            fields = {name: SAMPLES.get(spec, 2) for name, spec in said}  # translated specs last
            if message.pluralizable:
                text = ngettext(*ids, 2).format(**fields)
            elif message.context:
                text = prender(message.context, message.id, **fields)
            else:
                text = render(message.id, **fields)
            assert not UNFILLED.search(text) and text.strip(), (message.id, text)
            assert text != ids[0] or ids[0] in SAME_IN_TRANSLATION
        paid = [
            str(Message("{p:payment}", p=p)) for p in (("red", 2, 1), ("red", 2, 0), (None, 0, 3))
        ]
        assert paid == PAID[lang]
        assert str(Message("{n:#train}", n=2)) == TRAINS[lang]


@BY_LANGUAGE
def test_the_committed_mo_is_the_compiled_po(lang):
    assert mo_path(lang).read_bytes() == compiled(read(lang)), "run python tests/catalogue.py"


# ---------------------------------------------------------------------------------------------
# The language setting


@pytest.mark.parametrize("module", [ttr.i18n, ttr.errors])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0


def test_english_is_the_default_and_set_language_switches():
    assert get_language() == "en"
    err = IllegalAction("D4", "a face-up locomotive cannot be the second card")
    english = str(err)
    ttr.set_language("ko")
    assert ttr.get_language() == "ko"
    korean = str(err)
    assert korean.startswith("D4: ") and HANGUL.search(korean)
    ttr.set_language("en")
    assert str(err) == english == "D4: a face-up locomotive cannot be the second card"


def test_an_exercise_check_answers_in_the_language_in_force(capsys):
    from ttr.lessons.teaching import answer_digest, check

    with language("ko"):
        check(None, answer_digest(9))
        check(9, answer_digest(9))
        check(8, answer_digest(9), hint="목적지 카드 점수를 더하세요")
    assert capsys.readouterr().out.splitlines() == [
        "위에 답을 적은 다음 이 셀을 다시 실행하세요.",
        "정답입니다!",
        "아직 아닙니다. 힌트: 목적지 카드 점수를 더하세요",
    ]
    check(8, answer_digest(9), hint="add the tickets")
    assert capsys.readouterr().out == "Not yet. Hint: add the tickets\n"


@pytest.mark.parametrize("name", ["ko_KR.UTF-8", "KO", "en_US"])
def test_set_language_reads_locale_names(name):
    set_language(name)
    assert get_language() == name[:2].lower()


@pytest.mark.parametrize("name", ["fr", "", "korean", 3])
def test_an_unknown_language_is_refused_and_changes_nothing(name):
    set_language("ko")
    with pytest.raises(TTRError, match="unknown language"):
        set_language(name)
    assert get_language() == "ko"


def test_the_language_block_restores_the_language_before_it():
    with language("ko"):
        assert str(Message("{n:#train}", n=2)) == "기차 말 2개"
    assert get_language() == "en" and render("{n:#train}", n=2) == "2 trains"


def _python(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "TTR_LANG"} | env
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
        cwd=ROOT,
    )
    return result.stdout.strip()


TITLE = {"en": "Ticket to Ride: Europe", "ko": "티켓 투 라이드: 유럽", "zh": "铁路环游：欧洲"}
"""The name of the game on the European board, which starts its first event."""


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_TTR_LANG_chooses_the_language_and_the_catalogue_loads_only_when_a_message_is_shown(lang):
    code = (
        "import re, ttr, ttr.i18n as i\n"
        "g = ttr.Game('europe', 3, seed=1)\n"
        "g.play(g.legal_actions()[0])\n"
        "print(sorted(i._catalogues), end=' ')\n"
        "print(re.split('[,，]', g.events[0].text)[0], end=' ')\n"
        "print(sorted(i._catalogues))\n"
    )
    chosen = {} if lang == "en" else {"TTR_LANG": lang}  # English without TTR_LANG
    assert _python(code, **chosen) == f"[] {TITLE[lang]} ['{lang}']"


@pytest.mark.parametrize(
    "rules, players, variant",
    [
        ("usa", 9, None),
        ("mars", 2, None),
        ("usa", ["Ann", "Ann"], None),
        ("usa", ["", "Ben"], None),
        ("usa", ["Ann", "B\x07n"], None),
        ("usa", 2.5, None),
        ("usa", 2, "nope"),
        (3, 2, None),
    ],
)
def test_a_game_set_up_wrongly_is_refused_in_korean(rules, players, variant):
    with pytest.raises(TTRError) as caught:
        Game(rules, players, seed=1, variant=variant)
    english = str(caught.value)
    with language("ko"):
        korean = str(caught.value)
    assert HANGUL.search(korean) and not HANGUL.search(english), korean


@pytest.mark.parametrize("seed", [1.5, "7", True])
def test_a_bad_seed_is_refused_in_korean(seed):
    with pytest.raises(TTRError) as caught:
        Game("usa", 2, seed=seed)
    english = str(caught.value)
    with language("ko"):
        korean = str(caught.value)
    assert english.startswith("seed must be an int") and HANGUL.search(korean), korean


def test_a_refusal_is_pickled_whole_and_shown_in_the_language_in_force():
    game = Game("usa", 2, seed=3)
    with pytest.raises(IllegalAction) as caught:
        game.play(Claim(0, "purple", 0))
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.rule, str(again)) == (caught.value.rule, str(caught.value))
    with language("ko"):
        assert str(again) == str(caught.value) and HANGUL.search(again.reason)


# ---------------------------------------------------------------------------------------------
# Seeded games in each language: no message falls back to English


def garbage(rng: random.Random, game: Game) -> list[object]:
    """Actions of every kind with fields in and out of range, as values and as text (most of
    them refused)."""
    board = game.board
    route = board.routes[rng.randrange(len(board.routes))]
    longest = max(board.routes, key=lambda r: r.length)
    city = rng.choice(list(board.cities))
    color = rng.choice(["red", "blue", "loco", None, "gray", "purple", 3])
    ref = board.ref(route)
    return [
        DrawCard(rng.choice([None, 0, 4, 5, -1, "x"])),
        Claim(rng.randrange(-1, len(board.routes) + 2), color, rng.choice([0, 1, 2, 9, -1])),
        Claim(route.id, rng.choice(["red", "green", None]), rng.choice([0, 1, route.length])),
        Claim(longest.id, longest.color if longest.color != "gray" else "red", 0),
        Claim(route.id, "red", "a"),
        Claim("r", "red", 0),
        PayTunnel(rng.choice([0, 1, 3, "z"])),
        Decline(),
        DrawTickets(),
        Pass(),
        KeepTickets(()),
        KeepTickets((0, 1, 2, 3, 4)),
        KeepTickets(rng.choice([(0,), (2, 1), (0, 0), (7,), "x"])),
        KeepTickets(tuple(range(len(game.offer.tickets))) if game.offer else (0, 1)),
        BuildStation(rng.choice([city, "Nowhere", 5]), color, rng.choice([0, 1, 4, "q"])),
        42,
        f"claim {ref} red blue",
        f"claim {ref} " + " ".join(["red"] * (route.length + 1)),
        f"station {board.display(city)} red blue",
        rng.choice(["pay red blue", "pay blue", "pay loco", "pay green green green"]),
        rng.choice(["nonsense", "", "draw 9x", "pass now", "keep Foo-Bar", "keep 1, x"]),
        rng.choice([f"claim {ref} 2 2 red", f"claim {ref} 2", f"claim {ref} purple", "claim"]),
        rng.choice(["claim Nowhere-Paris red", "claim Paris red", f"station {city}x red"]),
        f"claim {board.display(route.a)}-{board.display(route.b)} (pink) pink",
        rng.choice([f"claim {board.display(route.a)}-{board.display(route.a)} red", "station"]),
    ]


class Transcript:
    """The messages of the games played: narration lines and refusals."""

    def __init__(self) -> None:
        self.lines: list[tuple[Game, str]] = []
        self.refusals: list[tuple[Game, IllegalAction]] = []
        self.errors: list[tuple[Game, TTRError]] = []  # text that does not read as an action
        self.kinds: set[str] = set()

    def refuse(self, game: Game, action: object) -> None:
        try:
            game.play(action)  # type: ignore[arg-type]
        except IllegalAction as err:
            self.refusals.append((game, err))
        except TTRError as err:
            self.errors.append((game, err))
        else:
            game.undo()

    def play(self, game: Game, rng: random.Random, steps: int) -> None:
        for _ in range(steps):
            if game.is_over:
                for action in garbage(rng, game)[:2]:
                    self.refuse(game, action)
                break
            for action in garbage(rng, game):
                if game.phase != "turn" or rng.random() < 0.25:  # every kind at each decision
                    self.refuse(game, action)
            legal = game.legal_actions()
            game.play(legal[rng.randrange(len(legal))])
        for event in game.events:
            self.kinds.add(event.kind)
            self.lines.extend((game, line) for line in event.lines)


def staged_refusals(transcript: Transcript) -> None:
    """Refusals that random play seldom meets, in the scenarios that stage them."""
    game = load_scenario(SCENARIOS_BY_NAME["nb02_empty_deck"], play=False)
    transcript.refuse(game, DrawCard(None))  # D7: no deck and no discard pile
    game.play("draw 1")
    transcript.refuse(game, DrawCard(0))  # D7: the slot just taken stays empty
    game = load_scenario(SCENARIOS_BY_NAME["nb04_tunnel_locomotives_only"], play=False)
    game.play("claim Barcelona-Pamplona loco loco")
    for action in (PayTunnel(0), "pay red"):  # C7: paid with locomotives only
        transcript.refuse(game, action)


@pytest.fixture(scope="module", params=LANGUAGES)
def transcript(request):
    """The games played in one language (``request.param``), with its language."""
    lang = request.param
    set_language(lang)
    transcript = Transcript()
    try:
        for number, (rules, players, variant) in enumerate(GAMES):
            game = Game(rules, players, seed=number, variant=variant)
            transcript.play(game, random.Random(number), 600)
        for number, path in enumerate(SCENARIOS):
            for played in (False, True):  # from the staged position, and after its actions
                game = load_scenario(path, play=played)
                transcript.play(game, random.Random(number), 30)
        transcript.play(stuck_position(), random.Random(0), 5)  # every player passes (T2)
        staged_refusals(transcript)
        yield lang, transcript
    finally:
        set_language("en")


_NAMES: dict[tuple[str, tuple[str, ...]], re.Pattern[str]] = {}


def _names(game: Game) -> re.Pattern[str]:
    """The players' and the cities' names of ``game``, as one pattern (longest first)."""
    key = (game.board.name, tuple(game.players))
    if key not in _NAMES:
        cities = game.board.cities
        names = {*game.players, *cities, *(city.display_name for city in cities.values())}
        spelled = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        _NAMES[key] = re.compile(rf"(?<![A-Za-z])(?:{spelled})(?![A-Za-z])")
    return _NAMES[key]


def leftover_english(game: Game, text: str) -> str:
    """``text`` less what may stay in Latin letters: rule ids, player and city names, quoted
    values, the names of code, numbers."""
    for pattern in (QUOTED, CODE):
        text = pattern.sub(" ", text)
    text = _names(game).sub(" ", text)
    text = RULE_ID.sub(" ", text)
    return " ".join(re.findall(r"[A-Za-z]+", text))


def leftover(lang: str, game: Game, text: str) -> str:
    """:func:`leftover_english` of ``text`` once the notation the language quotes is out."""
    return leftover_english(game, unquoted(lang, text))


def test_narration_never_falls_back_to_english(transcript):
    lang, played = transcript
    assert len(played.lines) > 1000
    for game, line in played.lines:
        assert SCRIPT[lang].search(line), line
        assert leftover(lang, game, line) == "", line


def test_every_event_kind_is_narrated(transcript):
    _, played = transcript
    assert set(_RENDER) - played.kinds == set()


def test_refusals_start_with_the_rule_id_and_never_fall_back_to_english(transcript):
    lang, played = transcript
    rules = {err.rule for _, err in played.refusals}
    wanted = {"T1", "T2", "T3", "E1", "D1", "D4", "D7", "C1", "C2", "C5", "C6", "C7"}
    wanted |= {"K2", "S4", "S5", "ST1", "ST2", "V2"}
    assert wanted <= rules, sorted(wanted - rules)
    with language(lang):  # a refusal is rendered when it is read, in the language in force
        for game, err in played.refusals:
            text = str(err)
            assert text.startswith(f"{err.rule}: "), text
            assert SCRIPT[lang].search(text), text
            assert leftover(lang, game, text.removeprefix(f"{err.rule}: ")) == "", text


def test_notation_errors_never_fall_back_to_english(transcript):
    lang, played = transcript
    kinds = {type(err).__name__ for _, err in played.errors}
    assert kinds == {"NotationError", "UnknownReference"} and len(played.errors) > 100
    with language(lang):
        for game, err in played.errors:
            text = str(err)
            assert SCRIPT[lang].search(text), text
            assert leftover(lang, game, text) == "", text


def messages(game: Game, refusals: list[IllegalAction]) -> list[str]:
    return [line for event in game.events for line in event.lines] + [str(e) for e in refusals]


def test_english_messages_are_the_same_before_and_after_korean_was_used():
    game, rng, refusals = Game("europe", 4, seed=5), random.Random(5), []
    for _ in range(300):
        for action in garbage(rng, game):
            try:
                game.play(action)  # type: ignore[arg-type]
            except IllegalAction as err:
                refusals.append(err)
            except TTRError:
                pass
            else:
                break
        else:
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
    english = messages(game, refusals)
    with language("ko"):
        korean = messages(game, refusals)
    assert len(english) == len(korean) > 500
    assert all(
        HANGUL.search(k) and not HANGUL.search(e) for e, k in zip(english, korean, strict=True)
    )
    assert messages(game, refusals) == english


@pytest.mark.parametrize(
    "options, english",
    [
        ({"iterations": 0}, "iterations: expected from 1 to 1000000, not 0"),
        ({"steps": -5}, "steps: expected from 1 to 1000000000, not -5"),
        ({"deals": 0}, "deals: expected from 1 to 10000, not 0"),
        ({"seconds": 0}, "seconds: expected a number above 0, not 0"),
        ({"search": "beam"}, "search: expected one of 'halving', 'tree', not 'beam'"),
        ({"rollout": "smart"}, "rollout: expected one of 'greedy', 'random', not 'smart'"),
    ],
)
def test_a_search_bot_set_up_wrongly_is_refused_in_korean(options, english):
    with pytest.raises(TTRError) as caught:
        MCTSAgent(**options)
    assert str(caught.value) == english
    with language("ko"):
        korean = str(caught.value)
    assert HANGUL.search(korean), korean
    # the field values are shown as they are
    assert str(next(iter(options.values()))) in korean
