"""The trick engine: both worked examples of the source, legality, and properties over many deals."""

import random

import pytest

from cli.errors import PnpkitError
from cli.games.cards import full_deck, parse_card
from cli.games.notation import format_deal, parse_deal, parse_plays
from cli.games.policy import (
    choices_mixed,
    demonstration,
    follow_card,
    lead_changes,
    policy_plays,
    seeded_deals,
    teaching_points,
)
from cli.games.trick import first_leaders, play_deal

REFERENCE_DEAL = "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4"
REFERENCE_PLAYS = "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1"
SECOND_DEAL = "A:C1,C3,T4,S2 B:C2,T1,T3,S4 C:C4,T2,S1,S3"
SECOND_PLAYS = "T4 T1 T2 / C1 C2 C4 / S1 S2 S4 / T3 S3 C3"


def test_first_worked_example_of_the_source():
    played = play_deal(parse_deal(REFERENCE_DEAL), parse_plays(REFERENCE_PLAYS), "A")
    assert [t.winner for t in played.tricks] == ["C", "B", "C", "C"]
    assert [t.leader for t in played.tricks] == ["A", "C", "B", "C"]
    assert played.totals == {"A": 0, "B": 1, "C": 3}
    last = played.tricks[3]
    assert [(p.player, str(p.card)) for p in last.discards] == [("A", "C4"), ("B", "T1")]


def test_second_worked_example_of_the_source():
    played = play_deal(parse_deal(SECOND_DEAL), parse_plays(SECOND_PLAYS), "A")
    assert [t.winner for t in played.tricks] == ["A", "C", "B", "B"]
    assert played.totals == {"A": 1, "B": 2, "C": 1}


def test_deal_notation_is_forgiving_about_case_and_separators():
    deal = parse_deal("a: c1 c4;t2,S3  b:C2;T1;T4;S1 C : c3 t3 s2 s4")
    assert deal == parse_deal(REFERENCE_DEAL)


@pytest.mark.parametrize(("deal", "message"), [
    ("A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,X4", "unknown card 'X4'"),
    ("A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,C4", "card C4 is dealt to A and to C"),
    ("A:C1,C4,T2 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "each hand holds 4 cards; player A holds 3"),
    ("A:C1,C4,T2,S3 B:C2,T1,T4,S1", "player C has no hand"),
    ("A:C1,C4,T2,S3 B:C2,T1,T4,S1 D:C3,T3,S2,S4", "unknown player 'D'"),
])
def test_bad_deals_are_named(deal, message):
    with pytest.raises(PnpkitError, match=message):
        parse_deal(deal)


@pytest.mark.parametrize(("plays", "message"), [
    ("C1 C2 C3 / T3 T2 S1 / S1 S4 S3 / S2 C4 T1", "trick 2: B played S1 but holds T4 and T1, and triangle was led"),
    ("C1 C2 C3 / T3 T2 / S1 S4 S3 / S2 C4 T1", "each trick has 3 cards, one per player; trick 2 has 2"),
    ("C1 C2 C3 / C3 T2 T4 / S1 S4 S3 / S2 C4 T1", "already played in trick 1"),
    ("C2 C1 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1", "in B's hand"),
    ("C1 C2 C3 / T3 T2 T4 / S1 S4 S3", "a deal has 4 tricks, separated by /; the plays hold 3"),
])
def test_illegal_plays_are_named_precisely(plays, message):
    with pytest.raises(PnpkitError, match=message):
        play_deal(parse_deal(REFERENCE_DEAL), parse_plays(plays), "A")


def test_first_lead_rotates_over_three_deals():
    assert first_leaders() == ["A", "B", "C"]
    assert first_leaders("B") == ["B", "C", "A"]


@pytest.mark.parametrize("seed", range(300))
def test_generated_demonstrations_are_legal_and_teach_everything(seed):
    played = demonstration(seed)
    replay = play_deal(played.deal, [[p.card for p in t.plays] for t in played.tricks], "A")  # re-checks legality
    assert replay == played
    assert all(len({p.player for p in t.plays}) == 3 for t in played.tricks)
    assert sum(played.totals.values()) == 4
    assert sorted(played.cards_played()) == sorted(full_deck())
    assert all(teaching_points(played).values()) and lead_changes(played) >= 2 and choices_mixed(played)
    for trick in played.tricks:  # exactly one winner, holding the highest card of the led suit
        led = [p for p in trick.plays if p.card.suit == trick.led_suit]
        assert [p for p in led if p.card.value == max(q.card.value for q in led)] == [trick.winning_play]


def test_the_same_seed_gives_the_same_deal_and_plays():
    assert demonstration(7) == demonstration(7)
    assert demonstration(7).deal != demonstration(8).deal
    # pinned: the deals of seed 1 must never change between machines or Python versions
    assert " ".join(str(c) for c in next(seeded_deals(1)).hands["A"]) == PINNED_SEED_1_HAND_A
    assert format_deal(demonstration(1).deal) == "A:T1,T3,S2,S3 B:C2,C4,T2,S1 C:C1,C3,T4,S4"


def test_policy_follows_cheaply_and_discards_low():
    deal = parse_deal(REFERENCE_DEAL)  # A: C1 C4 T2 S3, B: C2 T1 T4 S1, C: C3 T3 S2 S4
    tricks = [[str(c) for c in trick] for trick in policy_plays(deal, "A")]
    assert tricks == [
        ["C4", "C2", "C3"],  # A leads the top of its longest suit (circles); B and C follow with their only circle
        ["S3", "S1", "S4"],  # A's suits are 1 long: it leads its highest, S3; C wins with S4, the lowest that beats it
        ["T3", "T2", "T4"],  # C leads its highest, T3; A follows low; B wins with T4
        ["T1", "S2", "C1"],  # B leads its last card; C and A hold no triangle: each discards
    ]
    discards = [(player, card) for player, card in zip("BCA", tricks[3], strict=True) if not card.startswith("T")]
    assert discards == [("C", "S2"), ("A", "C1")]


def test_a_discard_is_the_lowest_card_ties_going_circles_triangles_squares():
    hand = [parse_card(c) for c in ("S1", "T1", "S4", "T3")]
    assert str(follow_card(hand, [parse_card("C2")])) == "T1"  # no circle: the lowest, T1 before S1
    assert str(follow_card(hand, [parse_card("T2")])) == "T3"  # a triangle can win: the lowest that does


# Python's Mersenne Twister for seed 1, the stream Python guarantees for an integer seed
# (random.seed(1); random.random() -> 0.13436424411240122 is a well-known fixed value).
STREAM_SEED_1 = [0.13436424411240122, 0.8474337369372327, 0.763774618976614, 0.2550690257394217,
                 0.49543508709194095, 0.4494910647887381, 0.651592972722763, 0.7887233511355132,
                 0.0938595867742349, 0.02834747652200631, 0.8357651039198697]


def test_the_pinned_hand_is_derived_by_hand_from_the_seed():
    """PINNED_SEED_1_HAND_A, worked out without pnpkit's code: a Fisher-Yates shuffle of the deck in
    its fixed order (C1-C4, T1-T4, S1-S4) with the stream above, A takes the first four cards.

    The first shuffle gives A: C1 T1 S1 S4, B: C4 T2 T3 S3, C: C2 C3 T4 S2: the first deal of the seed's
    stream (the demonstration is a later deal of the stream: in this one too few followers have a choice)."""
    deck = [f"{suit}{value}" for suit in "CTS" for value in (1, 2, 3, 4)]
    for step, i in enumerate(range(11, 0, -1)):
        j = int(STREAM_SEED_1[step] * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hand_a = sorted(deck[:4], key=lambda code: ("CTS".index(code[0]), code[1]))
    assert " ".join(hand_a) == PINNED_SEED_1_HAND_A == "C1 T1 S1 S4"
    rng = random.Random(1)
    assert [rng.random() for _ in range(11)] == STREAM_SEED_1  # this Python keeps the promise


PINNED_SEED_1_HAND_A = "C1 T1 S1 S4"
