"""One term per idea in the translated editions (#31): the Korean and Chinese notebooks (their
text and their outputs) and catalogues use the glossary's word (docs/glossary.md), never another
name for the same thing that the rulebooks or an earlier draft used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
OTHER_NAMES = {
    "ko": {
        "점수 표시": "점수 마커",
        "짓지 않은": "건설하지 않은",
        "greedy 봇": "욕심쟁이 봇",
        "경계 사례": "까다로운 경우",
        "구석진 경우": "까다로운 경우",
        "게임의 끝": "종료 조건, 게임 종료",
        "끝을 엽": "종료 조건을 채웁니다",
        "유럽 특급": "유러피언 특급",
        "값이 오르": "추가 비용이 생깁니다",
        "값이 올랐": "추가 비용이 생겼습니다",
        "값을 올리": "추가 비용을 만듭니다",
        "파란 뒷면": "파란색 바탕",
        "덱에": "카드 더미, 목적지 카드",
        "게임에서 빠": "게임 상자로 돌아갑니다",
        '"greedy" 봇': "욕심쟁이(greedy) 봇",
        "완성하": "달성하 (목적지 카드)",
        "완성할": "달성할 (목적지 카드)",
        "완성했": "달성했 (목적지 카드)",
        "에스파냐": "스페인",
        "행동을 두": "행동을 합니다, 실행합니다",
        "차례를 두": "차례를 진행합니다",
        "차례를 둡": "차례를 진행합니다",
        "차례씩 더 두": "한 차례씩 더 합니다",
        "대신으로도": "대신에도",
    },
    "zh": {
        "火车牌": "车票",
        "机车牌": "彩虹票",
        "万能牌": "彩虹票",
        "目的地票": "任务牌",
        "目的地卡": "任务牌",
        "计分轨": "分数轨",
        "加分卡": "加分牌",
        "轮渡": "渡轮",
        "旅游": "占用铁轨",
    },
}
"""Other names for a glossary word (the glossary's own word after each)."""


def texts_of(language: str) -> list[tuple[str, str]]:
    """(where, text): every text cell and output of the edition's notebooks, and every
    translation of its catalogue."""
    found = []
    for path in sorted((ROOT / "notebooks" / language).glob("*.ipynb")):
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            where = f"{language}/{path.name} cell {number}"
            if cell["cell_type"] == "markdown":
                found.append((where, "".join(cell["source"])))
            for output in cell.get("outputs", ()):
                text = output.get("text") or output.get("data", {}).get("text/plain", "")
                found.append((where + " output", "".join(text)))
    po = ROOT / "ttr" / "locale" / language / "LC_MESSAGES" / "ttr.po"
    with po.open("rb") as file:
        for message in read_po(file):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(f"{language} catalogue {message.id!r}", text) for text in strings if text]
    return found


@pytest.mark.parametrize("language", sorted(OTHER_NAMES))
def test_one_term_per_idea(language):
    wrong = [
        f"{where}: {other!r}, not {word!r}"
        for where, text in texts_of(language)
        for other, word in OTHER_NAMES[language].items()
        if other in text
    ]
    assert not wrong, "\n".join(wrong[:20])
