"""Every group's demonstration key of the biggest kit stays on one page in one language, on the shorter Letter
page too: question 3's reasons (one a follower, teacher review 4 #2) must not push a kit's keys onto a second
page, which would add sheets to the kit. The keys with the most words of reasons are laid out (the others have
less to hold)."""

import pytest

from cli.documents.kit import group_deals
from cli.documents.kit_options import MAX_GROUPS
from cli.documents.language import parse_lang
from cli.documents.trick_docs import choice_notes, demo_answers
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

LONGEST = 8  # keys laid out per language


@pytest.fixture(scope="module")
def deals():
    return group_deals(1, MAX_GROUPS)


def _reasons_length(played, texts) -> int:
    return sum(len(texts.t(reason["key"], **reason["args"])) + 20  # a paragraph's room, about 20 characters
               for note in choice_notes(played, texts) for reason in note["reasons"])


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_groups_keys_of_a_200_group_kit_fit_one_letter_page(deals, lang):
    texts, letter = parse_lang(lang), paper("letter")
    longest = sorted(deals, key=lambda played: -_reasons_length(played, texts))[:LONGEST]
    assert [len(lay_out(demo_answers(played, letter, texts), METRICS).children) for played in longest] == [1] * LONGEST
