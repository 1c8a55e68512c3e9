"""Options: choices in any case, --leader alone replays the deal from that leader, --json checks everything."""

import json

import pypdf
import pytest

from tests.security.conftest import one_line


@pytest.mark.parametrize("leader", ["B", "c"])
def test_leader_alone_plays_the_reference_deal_by_the_policy_from_that_leader(pnpkit, leader):
    result = pnpkit("demo", "--json", "--leader", leader)
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["hands"]["A"] == ["C1", "C4", "T2", "S3"]  # still the reference hands
    assert data["tricks"][0]["leader"] == leader.upper()
    played = [play["card"] for trick in data["tricks"] for play in trick["plays"]]
    assert sorted(played) == sorted(card for hand in data["hands"].values() for card in hand)
    # the policy: B's longest suit is triangle (T1, T4), so B leads its highest triangle, T4
    if leader == "B":
        assert data["tricks"][0]["plays"][0] == {"player": "B", "card": "T4", "followed": True, "had_choice": True}


@pytest.mark.parametrize(("args", "words"), [
    (["--paper", "zz"], "unknown paper 'zz'"),
    (["--lang", "xx"], "unknown language 'xx'"),
])
def test_demo_json_checks_paper_and_language_too(pnpkit, args, words):
    result = pnpkit("demo", "--json", *args)
    assert result.code == 2 and one_line(result) and words in result.err and result.out == ""


@pytest.mark.parametrize("args", [
    ["cards", "--duplex", "LONG", "--paper", "A4", "--lang", "FR"],
    ["cards", "--duplex", " Short "],
    ["calibrate", "--duplex", "SHORT", "--paper", "LETTER"],
    ["score", "twinit", "--variant", "RING", "--lang", "Fr+En"],
    ["demo", "--leader", "b"],
])
def test_every_choice_is_accepted_in_any_case(pnpkit, pdf_path, args):
    result = pnpkit(*args, "-o", pdf_path)
    assert result.code == 0, result.err
    assert len(pypdf.PdfReader(pdf_path).pages) >= 1
