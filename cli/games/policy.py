"""Seeded demonstration deals and the legal play policy that plays them.

The policy, applied by every player in turn:
- the leader leads the highest card of their longest suit (ties: the higher card, then C, T, S);
- a player who can follow plays the lowest card of the led suit that beats the best card so far,
  or, when none can, their lowest card of the led suit;
- a player who cannot follow discards their lowest card (ties: C, T, S).

A generated demonstration is redrawn (from the same seeded stream) until it shows the three
teaching points: a player who must follow without being able to win, a discard, and the lead
changing hands at least twice (so no player takes all four tricks); and until its question 3 ("did
the player have a choice?") has both answers, at least three times each over the eight followers'
turns, so that no single answer is always right. Shuffling uses only `Random.random()`, whose
sequence Python guarantees for a given integer seed, so a seed gives the same deal on every machine.
"""

import random
from collections.abc import Iterator

from cli.errors import PnpkitError
from cli.games.cards import SUITS, Card, full_deck
from cli.games.trick import (
    HAND_SIZE,
    PLAYERS,
    TRICKS_PER_DEAL,
    Deal,
    PlayedDeal,
    explain,
    play_deal,
    seat_order,
    validate_deal,
)
from cli.games.turns import turns

MAX_DRAWS = 10_000
LEAD_CHANGES = 2  # of the three times the lead may pass, at least two: no player takes all four tricks
CHOICES_EACH = 3  # of the eight followers' turns, at least three with a choice and three without


def _suit_rank(card: Card) -> int:
    return SUITS.index(card.suit)


def lead_card(hand: list[Card]) -> Card:
    """The highest card of the longest suit; ties by value, then suit order C, T, S."""
    length = {suit: sum(c.suit == suit for c in hand) for suit in SUITS}
    return max(hand, key=lambda c: (length[c.suit], c.value, -_suit_rank(c)))


def follow_card(hand: list[Card], trick: list[Card]) -> Card:
    """The card the policy plays after `trick` has started."""
    led = trick[0].suit
    same = sorted((c for c in hand if c.suit == led), key=lambda c: c.value)
    if not same:
        return min(hand, key=lambda c: (c.value, _suit_rank(c)))
    best = max(c.value for c in trick if c.suit == led)
    winners = [c for c in same if c.value > best]
    return winners[0] if winners else same[0]


def policy_plays(deal: Deal, leader: str = "A") -> list[list[Card]]:
    """Play the whole deal by the policy; the tricks in playing order."""
    hands = {p: list(deal.hands[p]) for p in PLAYERS}
    tricks: list[list[Card]] = []
    for _ in range(TRICKS_PER_DEAL):
        trick: list[Card] = []
        for player in seat_order(leader):
            card = follow_card(hands[player], trick) if trick else lead_card(hands[player])
            hands[player].remove(card)
            trick.append(card)
        tricks.append(trick)
        led = trick[0].suit
        winner_index = max((i for i, c in enumerate(trick) if c.suit == led), key=lambda i: trick[i].value)
        leader = seat_order(leader)[winner_index]
    return tricks


def lead_changes(played: PlayedDeal) -> int:
    """How many times the lead passed to another player between one trick and the next."""
    leaders = [trick.leader for trick in played.tricks]
    return sum(before != after for before, after in zip(leaders, leaders[1:], strict=False))


def teaching_points(played: PlayedDeal) -> dict[str, bool]:
    """Which of the three teaching points the played deal shows."""
    notes = explain(played)
    return {
        "follows_without_winning": any(n.forced for n in notes),
        "discard": any(n.discards for n in notes),
        "lead_changes": lead_changes(played) >= LEAD_CHANGES,
    }


def choices_mixed(played: PlayedDeal) -> bool:
    """Whether the followers' answers to "did the player have a choice?" are both yes and no, at least
    CHOICES_EACH times each (the leaders' answers are yes but for the last trick's)."""
    asked = [turn.had_choice for turn in turns(played) if not turn.leads]
    return min(asked.count(True), asked.count(False)) >= CHOICES_EACH


def shuffled(rng: random.Random) -> list[Card]:
    """Fisher-Yates on the twelve cards with only rng.random(), stable across Python versions."""
    cards = full_deck()
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal_out(cards: list[Card]) -> Deal:
    """Four cards each to A, B and C in the order given, each hand sorted C, T, S then by value."""
    return validate_deal({
        p: tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=lambda c: (_suit_rank(c), c.value)))
        for i, p in enumerate(PLAYERS)
    })


def seeded_deals(seed: int) -> Iterator[Deal]:
    """The seed's endless stream of shuffled deals (the same on every machine)."""
    rng = random.Random(seed)
    while True:
        yield deal_out(shuffled(rng))


def demonstration(seed: int, leader: str = "A", avoid: frozenset[str] = frozenset()) -> PlayedDeal:
    """The first deal from the seed's stream that shows every teaching point and mixed answers to question 3
    (and is not in `avoid`)."""
    from cli.games.notation import format_deal

    for _, deal in zip(range(MAX_DRAWS), seeded_deals(seed), strict=False):
        if format_deal(deal) in avoid:
            continue
        played = play_deal(deal, policy_plays(deal, leader), leader)
        if all(teaching_points(played).values()) and choices_mixed(played):
            return played
    raise PnpkitError(f"seed {seed} gave no suitable demonstration deal; try another --seed")


def group_seed(seed: int, group: int) -> int:
    """The seed of group `group` (1-based) derived from the kit's seed."""
    return seed if group == 1 else seed * 1_000 + group
