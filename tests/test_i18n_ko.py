"""The engine in Korean (#18, #31): what only Korean needs, its particles.

A Korean particle takes its form from the sound it follows: 을 after a final consonant, 를 after a
vowel. After a field whose value varies, a Korean message writes both (``{ref:route}은(는)``) and
:func:`ttr.i18n.with_particles` keeps the form that fits the word filled in before it. Here: the
helper reads Hangul, numbers, the cities' and players' names and parenthesised asides as Korean
says them; it refuses a particle it does not know; every Korean message puts the right form after
its fields, or both forms where the field's end varies; and the messages the native reader found
wrong (issue #31) read right.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from catalogue import read
from test_i18n import SAMPLES

from ttr import Game, TTRError, load_board, load_scenario
from ttr.apps import PlayModel
from ttr.apps.sheet import ScoreSheetModel
from ttr.i18n import (
    PARTICLES,
    SPECS,
    Message,
    fill,
    language,
    particle,
    set_language,
    with_particles,
)
from ttr.views.widgets import GameStepper, RouteClaimer

SCENARIOS = Path(__file__).resolve().parent.parent / "data" / "scenarios"


@pytest.fixture(autouse=True)
def english_after():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("word", "marker", "form"),
    [
        ("카드 1장", "을(를)", "을"),
        ("기차 말 21개", "이(가)", "가"),
        ("기관차 카드", "은(는)", "는"),
        ("빨간색", "과(와)", "과"),
        ("노란색 카드", "와(과)", "와"),
        ("서울", "(으)로", "로"),  # a final ㄹ takes 로
        ("집", "(으)로", "으로"),
        ("바다", "(으)로", "로"),
        ("점수", "(이)나", "나"),
        ("21점", "(이)나", "이나"),
    ],
)
def test_a_particle_follows_the_final_sound_of_hangul(word, marker, form):
    assert particle(word, marker) == form


@pytest.mark.parametrize(
    ("number", "form"),
    [
        ("0", "을"),  # 영
        ("1", "을"),  # 일
        ("2", "를"),  # 이
        ("3", "을"),  # 삼
        ("4", "를"),  # 사
        ("5", "를"),  # 오
        ("6", "을"),  # 육
        ("9", "를"),  # 구
        ("10", "을"),  # 십
        ("20", "을"),  # 이십
        ("21", "을"),  # 이십일
        ("45", "를"),  # 사십오
        ("100", "을"),  # 백
        ("1000", "을"),  # 천
        ("2.5", "를"),  # 이 점 오
        ("12.0", "을"),  # 십이 점 영
    ],
)
def test_a_number_is_read_in_korean(number, form):
    assert particle(number, "을(를)") == form


CONSONANT = {
    "Boston", "Charleston", "Houston", "Little Rock", "New York", "Washington", "Winnipeg",
    "Amsterdam", "Berlin", "Erzurum", "Essen", "København", "Kobenhavn", "London", "München",
    "Munchen", "Stockholm", "Wien", "Ann", "Ben", "Cat", "Dan",
}  # fmt: skip
"""Names Korean reads with a final consonant other than ㄹ: 보스턴, 리틀록, 뉴욕, 빈, 캣..."""
RIEUL = {
    "Montreal", "Montréal", "Nashville", "Seattle", "Bruxelles", "Constantinople", "Sevastopol",
}  # fmt: skip
"""Names Korean reads with a final ㄹ: 몬트리올, 내슈빌, 시애틀, 브뤼셀, 세바스토폴."""


def _names() -> set[str]:
    found = {"Ann", "Ben", "Cat", "Dan", "Eve"}
    for name in ("usa", "europe"):
        board = load_board(name)
        found |= {*board.cities, *(city.display_name for city in board.cities.values())}
    return found


@pytest.mark.parametrize("name", sorted(_names()))
def test_a_city_or_player_name_takes_the_particle_of_its_korean_reading(name):
    """Every city of both boards and every player of the notebooks: 파리는, 런던은, 시애틀로..."""
    final = "rieul" if name in RIEUL else "consonant" if name in CONSONANT else "vowel"
    topic, direction = particle(name, "은(는)"), particle(name, "(으)로")
    assert (topic, direction) == {
        "vowel": ("는", "로"),
        "consonant": ("은", "으로"),
        "rieul": ("은", "로"),
    }[final]
    assert particle(f"Paris-{name}", "은(는)") == topic  # a route: its last city is read


def test_the_sets_of_names_are_names_of_the_boards():
    assert CONSONANT | RIEUL <= _names()


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("Paris-Zürich (회색)", "를"),  # the aside in brackets is passed over
        ("London (빨간색)", "을"),
        ("목적지 카드 Cádiz-Stockholm(21점)", "을"),
        ("'opening'", "을"),  # a quoted word is read inside its quotes
        ('"Paris"', "를"),
        ("(1, 2)", "를"),  # nothing before the brackets: what is inside them
        ("[1, 2, 3]", "을"),
        ("USA", "를"),  # 유에스에이
        ("HTML", "을"),  # ...엘
        ("None", "을"),  # 논
        ("Marseille", "를"),  # 마르세유
    ],
)
def test_asides_quotes_and_letters(word, form):
    assert particle(word, "을(를)") == form


@pytest.mark.parametrize("word", ["", "→", "…", "   ", "()"])
def test_both_forms_stay_when_the_sound_cannot_be_told(word):
    assert particle(word, "을(를)") == "을(를)"
    assert with_particles(f"{word}을(를) 봅니다") == f"{word}을(를) 봅니다"


@pytest.mark.parametrize("marker", ["을", "를(을)", "(를)", "은/는", 3, None])
def test_an_unknown_particle_is_refused(marker):
    with pytest.raises(TTRError, match="unknown particle"):
        particle("카드", marker)


def test_the_refusal_of_an_unknown_particle_is_translated():
    with language("ko"):
        with pytest.raises(TTRError, match="알 수 없는 조사"):
            particle("카드", "을")


def test_with_particles_resolves_every_marker_in_a_text():
    text = "Ann 님이 London과(와) Paris을(를) 잇고 기차 말 21개이(가) 남아 Wien(으)로 갑니다"
    said = "Ann 님이 London과 Paris를 잇고 기차 말 21개가 남아 Wien으로 갑니다"
    assert with_particles(text) == said
    assert with_particles("표시 없는 글") == "표시 없는 글"
    assert set(PARTICLES) == {"을(를)", "은(는)", "이(가)", "과(와)", "와(과)", "(으)로", "(이)나"}


def test_particles_are_chosen_only_in_korean():
    """A message's text is resolved in Korean only; English and Chinese texts are left as they are
    (they have no such particles, and a text that happens to hold one is not touched)."""
    for lang in ("en", "zh"):
        with language(lang):
            assert fill("{x}을(를)", x="Paris") == "Paris을(를)"
    with language("ko"):
        assert fill("{x}을(를)", x="Paris") == "Paris를"
        assert str(Message("{x}을(를)", x="London")) == "London을"


# ---------------------------------------------------------------------------------------------
# Every Korean message puts the right particle after its fields

FIELD_PARTICLE = re.compile(
    r"\{(?P<name>[A-Za-z_]\w*)(?:![rsa])?(?::(?P<spec>[^{}]*))?\}"
    r"(?P<particle>은|는|이|가|을|를|과|와|으로|로)(?![가-힣(])"
)
"""A field followed at once by a particle whose form depends on the sound before it."""
MARKER_OF = {
    "은": "은(는)",
    "는": "은(는)",
    "이": "이(가)",
    "가": "이(가)",
    "을": "을(를)",
    "를": "을(를)",
    "과": "과(와)",
    "와": "과(와)",
    "으로": "(으)로",
    "로": "(으)로",
}
VALUES = {
    "": ["Paris", "London", 2, 3, "Seattle"],
    "colour": ["red", "green", "loco", "gray"],
    "colours": [("blue", "red"), ("red", "loco")],
    "colour list": [("blue", "red"), ("red", "loco")],
    "card": ["red", "loco"],
    "cards": [("red", "loco"), ("loco", "red")],
    "counts": [{"red": 2}, {"red": 1, "loco": 1}],
    "payment": [("red", 2, 1), ("red", 2, 0), (None, 0, 3)],
    "route": ["Paris-Bruxelles (yellow)", "Paris-Wien", "Berlin-Essen"],
    "routes": [("Paris-Wien",), ("Paris-Bruxelles (yellow)", "Berlin-Essen")],
    "ordinal": ["first", "second", "third"],
    "phase": ["opening", "turn", "tunnel"],
    "word": ["usa", "europe", "city", "route", "ticket"],
    "text": ["Ticket to Ride: Europe", "Longest Route"],
}
"""Values to say each format spec with: its end varies if two of them end differently."""


def _forms(spec: str, marker: str) -> set[str]:
    """The forms of ``marker`` after a field with ``spec``, over sample values."""
    if spec.startswith("#"):
        values: list[object] = [1, 2, 3, 10]
        if spec == "#colour card":
            values = [(1, "red"), (3, "blue")]
    else:
        values = VALUES.get(spec, VALUES[""])
    return {particle(fill(f"{{v:{spec}}}" if spec else "{v}", v=value), marker) for value in values}


def test_every_format_spec_has_sample_values():
    assert set(SPECS) <= set(VALUES)


def test_every_korean_message_puts_the_right_particle_after_its_fields():
    """After a field whose end always sounds the same (``{n:#train}``: 기차 말 N개), the message
    writes the one form that fits (가); after one whose end varies (a name, a route, a bare
    value), it writes both (``을(를)``), and the filled-in text gets the right one."""
    wrong = []
    with language("ko"):
        for message in read("ko"):
            if not message.id or message.context == "payment":
                continue
            strings = message.string if message.pluralizable else (message.string,)
            for text in strings:
                for match in FIELD_PARTICLE.finditer(text):
                    spec, said = match["spec"] or "", match["particle"]
                    if spec not in VALUES and not spec.startswith("#"):
                        spec = ""  # a number's format ({points:+d}) says any value
                    forms = _forms(spec, MARKER_OF[said])
                    if forms != {said}:
                        wrong.append(f"{text!r}: {match[0]!r} (the field ends as {forms})")
    assert not wrong, "\n".join(wrong)


def test_no_korean_message_leaves_both_forms_once_filled_in():
    """Every Korean message, filled in with sample values, says one form of each particle."""
    left = []
    with language("ko"):
        for message in read("ko"):
            if not message.id or message.pluralizable or message.context == "payment":
                continue
            fields = {
                name: SAMPLES.get(spec or "", 2)
                for _, name, spec, _ in string.Formatter().parse(message.string)
                if name
            }
            text = fill(message.string, **fields)
            if any(marker in text for marker in PARTICLES) or "카드 카드" in text:
                left.append(text)
    assert not left, left


def test_the_narration_of_a_tunnel_and_a_keep_says_one_form_of_each_particle():
    """The plural narrations (a tunnel's reveal, a ticket choice) are filled in with the
    particles resolved too, as every other message is."""
    with language("ko"):
        game = load_scenario(SCENARIOS / "europe_tunnel_two_red.json", play=False)
        game.play("claim Barcelona-Pamplona red red")
        said = " ".join(game.events_of(game.actions_played))
        game = Game("usa", ["Ann", "Ben"], seed=1)
        game.play("keep 1 2")
        kept = " ".join(game.events_of(1))
    assert "빨간색 카드나 기관차 카드 1장을 더 내야 합니다" in said, said
    assert "Ann 님이 보유하기로 한 목적지 카드는 2장입니다" in kept, kept
    assert not any(marker in said + kept for marker in PARTICLES)


# ---------------------------------------------------------------------------------------------
# What the native reader found (#31)


def test_the_play_tables_first_hint_reads_right():
    with language("ko"):
        model = PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1)
        model.tick(0)
        model.tick(1)
        model.keep()
        hint = model.hint().text
    assert "기차 말이 아직 21개 필요합니다" in hint, hint
    assert not re.search(r"개이|장를|\(를\)|\(는\)", hint), hint


def test_the_score_sheet_says_a_route_and_a_ticket_with_the_right_particles():
    with language("ko"):
        sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
        route = sheet.board.route("Paris-Zürich")
        said = [sheet.click_route(route), sheet.click_route(route)]
        sheet.add_ticket("Paris-Wien")
        sheet.add_ticket("Paris-Wien")
        sheet.select_player(1)
        sheet.add_ticket("Paris-Wien")
        problems = [problem.said() for problem in sheet.problems()]
    assert said == [
        "Paris-Zürich 노선(기차 말 3개, +4점)은 Ann 님의 것입니다 (C3).",
        "Paris-Zürich 노선은 이제 Ann 님의 것이 아닙니다.",
    ]
    assert "⚠ 경고 (Ann 님의 목적지 카드): Paris-Wien을 두 번 적었습니다" in problems
    assert (
        "✘ 오류 (Ben 님의 목적지 카드): Ann 님도 같은 목적지 카드 Paris-Wien을 가지고 있습니다. "
        "목적지 카드는 한 장씩밖에 없습니다" in problems
    ), problems
    assert not any("덱" in text or "은(는)" in text for text in problems)


def test_the_route_claimers_list_reads_as_one_korean_label():
    with language("ko"):
        labels = [label for label, _ in RouteClaimer().route.options]
    assert "Dieppe-London · 회색 2칸 · 페리, 기관차 카드 1장 · 두 갈래 가운데 첫째" in labels
    assert not any("(회색)" in label or ") (" in label for label in labels)


def test_the_stepper_says_the_move_in_words_and_its_notation_as_code():
    game = Game("europe", ["Ann", "Ben"], seed=1)
    game.play("keep 1 2")
    game.play("keep 1 2")
    game.play("draw deck")
    with language("ko"):
        stepper = GameStepper(game)
        stepper.slider.value = 3
        headline = stepper.headline.value
    assert "전체 3수 가운데 3수: Ann 님이 카드 더미에서 카드를 한 장 뽑습니다" in headline
    assert "표기: <code>draw deck</code>" in headline
    outside_code = re.sub(r"<code>.*?</code>|<[^>]+>", " ", headline)
    assert not re.search(r"[A-Za-z]{3,}", outside_code.replace("Ann", "")), outside_code
