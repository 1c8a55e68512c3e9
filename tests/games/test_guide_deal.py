"""The guide's open deal: the source's second deal by default, and every activity checked against a replay
that does not use the engine's own notes."""

import pytest

from cli.games.cards import parse_card
from cli.games.guide_deal import guide_deal
from cli.games.trick import PLAYERS


def test_the_default_is_the_second_deal_of_the_source_played_as_the_source_plays_it():
    guide = guide_deal()
    played = guide.played
    assert {p: [c.code for c in played.deal.hands[p]] for p in PLAYERS} == {
        "A": ["C1", "C3", "T4", "S2"], "B": ["C2", "T1", "T3", "S4"], "C": ["C4", "T2", "S1", "S3"]}
    assert [t.winner for t in played.tricks] == ["A", "C", "B", "B"]
    assert played.totals == {"A": 1, "B": 2, "C": 1}


def test_the_default_activities_are_the_sources():
    guide = guide_deal()
    # B holds two triangles under A's T4 and plays T1; T3 is not required
    assert (guide.follow.trick, guide.follow.player, guide.follow.card.code) == (1, "B", "T1")
    assert [c.code for c in guide.follow.suit_held] == ["T1", "T3"] and guide.follow.winner_card.code == "T4"
    # C wins the circles and leads S1
    passed = guide.lead_pass
    assert (passed.trick.number, passed.trick.winner, passed.next_card.code) == (2, "C", "S1")
    # the last trick: B leads T3, the others have no triangle left
    assert guide.discard.trick.number == 4 and [p.card.code for p in guide.discard.plays] == ["S3", "C3"]
    # B's S4 would be a revoke in trick 1
    assert (guide.revoke.trick, guide.revoke.player, guide.revoke.wrong) == (1, "B", parse_card("S4"))


def _replay(played):
    """Each trick with the hands as they stood before it: (trick, {player: cards held})."""
    hands = {p: list(played.deal.hands[p]) for p in PLAYERS}
    for trick in played.tricks:
        yield trick, {p: list(cards) for p, cards in hands.items()}
        for play in trick.plays:
            hands[play.player].remove(play.card)


@pytest.mark.parametrize("seed", range(1, 41))
def test_every_seeded_activity_is_true_of_its_deal(seed):
    guide = guide_deal(seed)
    played = guide.played
    assert sorted(c for p in PLAYERS for c in played.deal.hands[p]) == sorted(played.cards_played())
    stood = dict((trick.number, (trick, held)) for trick, held in _replay(played))

    trick, held = stood[guide.follow.trick]
    suit = trick.plays[0].card.suit
    of_suit = [c for c in held[guide.follow.player] if c.suit == suit]
    assert guide.follow.player != trick.winner and sorted(guide.follow.suit_held) == sorted(of_suit)
    assert all(c.value < guide.follow.winner_card.value for c in of_suit)
    assert guide.follow.card in of_suit and guide.follow.card in [p.card for p in trick.plays]

    trick, held = stood[guide.discard.trick.number]
    suit = trick.plays[0].card.suit
    assert guide.discard.plays
    for play in guide.discard.plays:
        assert play.card.suit != suit and not [c for c in held[play.player] if c.suit == suit]
        assert trick.winner != play.player

    passed = guide.lead_pass.trick
    assert passed.winner != passed.leader
    following = played.tricks[passed.number]
    assert following.leader == passed.winner and following.plays[0].card == guide.lead_pass.next_card

    trick, held = stood[guide.revoke.trick]
    suit = trick.plays[0].card.suit
    mine = held[guide.revoke.player]
    assert guide.revoke.wrong in mine and guide.revoke.wrong.suit != suit
    assert guide.revoke.player != trick.leader and [c for c in mine if c.suit == suit]


def test_a_seed_gives_the_same_open_deal_every_time():
    assert guide_deal(7) == guide_deal(7) and guide_deal(7) != guide_deal(8)
