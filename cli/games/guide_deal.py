"""The facilitator guide's open deal and what its activities point at, worked out by the trick engine.

The guide plays one deal face up and uses it for short activities: which cards are allowed and which
one wins, following without going higher, the lead passing to the winner, a discard that never wins,
and the mistake a facilitator stops before the next lead. Every one of them is found in the played
deal here, so the printed guide never states an answer a template made up.
"""

from dataclasses import dataclass

from cli.errors import PnpkitError
from cli.games.cards import Card
from cli.games.notation import parse_deal, parse_plays
from cli.games.policy import MAX_DRAWS, policy_plays, seeded_deals, teaching_points
from cli.games.trick import Play, PlayedDeal, Trick, explain, play_deal
from cli.games.turns import Turn, turns

# The source page's second, independent deal, shown face up (a fact that carries over): A leads T4 and
# wins; C wins the circles, B the squares and the last trick. Totals A 1, B 2, C 1.
SOURCE_DEAL = "A:C1,C3,T4,S2 B:C2,T1,T3,S4 C:C4,T2,S1,S3"
SOURCE_PLAYS = "T4 T1 T2 / C1 C2 C4 / S1 S2 S4 / T3 S3 C3"


@dataclass(frozen=True)
class Follow:
    """A player who had to follow suit although no card they held could win the trick."""

    trick: int
    player: str
    card: Card
    suit_held: tuple[Card, ...]  # every card of the led suit they held, none beating the winner
    winner_card: Card


@dataclass(frozen=True)
class Discard:
    """A trick where a player without the led suit played another suit: it never wins."""

    trick: Trick
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class LeadPass:
    """The first trick whose winner is not its leader: that winner leads the next trick."""

    trick: Trick
    next_card: Card  # the card the winner leads next


@dataclass(frozen=True)
class Revoke:
    """A mistake to correct: a card a follower held but could not play, since they held the led suit."""

    trick: int
    player: str
    wrong: Card
    suit_held: tuple[Card, ...]


@dataclass(frozen=True)
class GuideDeal:
    played: PlayedDeal
    choices: tuple[Turn, ...]  # every follower's turn, in playing order
    follow: Follow
    discard: Discard
    lead_pass: LeadPass
    revoke: Revoke


def choices(played: PlayedDeal) -> list[Turn]:
    """Every follower's turn: the hand they held, the cards allowed, the card played."""
    return [turn for turn in turns(played) if not turn.leads]


def _follow(played: PlayedDeal) -> Follow | None:
    """The first follower who had the led suit, none of it high enough to win (the engine's notes)."""
    turns = choices(played)
    for note in explain(played):
        for play in note.forced:
            turn = next(c for c in turns if c.trick == note.trick.number and c.player == play.player)
            return Follow(note.trick.number, play.player, play.card, turn.allowed, note.trick.winning_play.card)
    return None


def _discard(played: PlayedDeal) -> Discard | None:
    return next((Discard(t, tuple(t.discards)) for t in played.tricks if t.discards), None)


def _lead_pass(played: PlayedDeal) -> LeadPass | None:
    for trick, after in zip(played.tricks, played.tricks[1:], strict=False):
        if trick.winner != trick.leader:
            return LeadPass(trick, after.plays[0].card)
    return None


def _revoke(played: PlayedDeal) -> Revoke | None:
    """The first follower who followed suit while holding another suit: the highest such card is the
    mistake the guide asks about (a strong card that would still be wrong)."""
    for turn in choices(played):
        others = [c for c in turn.held if c not in turn.allowed]
        if others and turn.played in turn.allowed:
            wrong = max(others, key=lambda c: (c.value, c.suit))
            return Revoke(turn.trick, turn.player, wrong, turn.allowed)
    return None


def guide_of(played: PlayedDeal) -> GuideDeal | None:
    """The guide's activities on a played deal, or None when the deal lacks one of them."""
    follow, discard, lead_pass, revoke = _follow(played), _discard(played), _lead_pass(played), _revoke(played)
    if follow is None or discard is None or lead_pass is None or revoke is None:
        return None
    return GuideDeal(played, tuple(choices(played)), follow, discard, lead_pass, revoke)


def source_guide() -> GuideDeal:
    """The source page's second deal, played as the source plays it."""
    played = play_deal(parse_deal(SOURCE_DEAL), parse_plays(SOURCE_PLAYS), "A")
    guide = guide_of(played)
    assert guide is not None  # the source's deal shows every activity (tested)
    return guide


def guide_deal(seed: int | None = None) -> GuideDeal:
    """The source's second deal, or the first deal of the seed's stream, played by the policy with A
    leading, that shows every activity."""
    if seed is None:
        return source_guide()
    for _, deal in zip(range(MAX_DRAWS), seeded_deals(seed), strict=False):
        played = play_deal(deal, policy_plays(deal, "A"), "A")
        if all(teaching_points(played).values()) and (guide := guide_of(played)) is not None:
            return guide
    raise PnpkitError(f"seed {seed} gave no suitable open deal for the guide; try another --seed")
