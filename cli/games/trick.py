"""The follow-suit trick game: three players, four tricks a deal, no trump.

The leader plays any card; the others, clockwise, must follow the led suit when they can and may
discard otherwise (a discard never wins). The highest card of the led suit wins the trick and
its winner leads the next. One point per trick.
"""

from dataclasses import dataclass

from cli.errors import PnpkitError
from cli.games.cards import Card, full_deck

PLAYERS = ("A", "B", "C")
HAND_SIZE = 4
TRICKS_PER_DEAL = 4
DEALS_PER_GAME = 3


@dataclass(frozen=True)
class Deal:
    hands: dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class Play:
    player: str
    card: Card
    followed: bool  # the leader's card defines the suit and counts as followed


@dataclass(frozen=True)
class Trick:
    number: int
    leader: str
    plays: tuple[Play, ...]

    @property
    def led_suit(self) -> str:
        return self.plays[0].card.suit

    @property
    def winning_play(self) -> Play:
        return max((p for p in self.plays if p.card.suit == self.led_suit), key=lambda p: p.card.value)

    @property
    def winner(self) -> str:
        return self.winning_play.player

    @property
    def discards(self) -> list[Play]:
        return [p for p in self.plays if not p.followed]


@dataclass(frozen=True)
class PlayedDeal:
    deal: Deal
    tricks: tuple[Trick, ...]

    @property
    def totals(self) -> dict[str, int]:
        totals = dict.fromkeys(PLAYERS, 0)
        for trick in self.tricks:
            totals[trick.winner] += 1
        return totals

    def cards_played(self) -> list[Card]:
        return [play.card for trick in self.tricks for play in trick.plays]


def next_player(player: str) -> str:
    """The next player clockwise."""
    return PLAYERS[(PLAYERS.index(player) + 1) % len(PLAYERS)]


def seat_order(leader: str) -> list[str]:
    """The players in playing order when `leader` leads."""
    start = PLAYERS.index(leader)
    return [PLAYERS[(start + i) % len(PLAYERS)] for i in range(len(PLAYERS))]


def first_leaders(first: str = "A") -> list[str]:
    """The first leader of each deal of a game: the first lead rotates clockwise."""
    leaders, player = [], first
    for _ in range(DEALS_PER_GAME):
        leaders.append(player)
        player = next_player(player)
    return leaders


def check_leader(leader: str) -> str:
    key = leader.strip().upper()
    if key not in PLAYERS:
        raise PnpkitError(f"unknown leader '{leader}'; use A, B or C")
    return key


def validate_deal(hands: dict[str, tuple[Card, ...]]) -> Deal:
    """A deal of four cards to each of A, B and C, every card at most once."""
    for player in PLAYERS:
        if player not in hands:
            raise PnpkitError.of("deal_no_hand", player=player)
        if len(hands[player]) != HAND_SIZE:
            raise PnpkitError.of("deal_hand_size", player=player, count=len(hands[player]), max=HAND_SIZE)
    owner: dict[Card, str] = {}
    for player in PLAYERS:
        for card in hands[player]:
            if card in owner:
                key = "deal_twice" if owner[card] == player else "deal_twice.apart"
                raise PnpkitError.of(key, card=str(card), first=owner[card], player=player)
            owner[card] = player
    return Deal({p: tuple(hands[p]) for p in PLAYERS})


def _suit_name(suit: str) -> str:
    return {"C": "circle", "T": "triangle", "S": "square"}[suit]


def play_deal(deal: Deal, tricks: list[list[Card]], leader: str = "A") -> PlayedDeal:
    """Check every play against the rules and return the tricks with their winners."""
    if len(tricks) != TRICKS_PER_DEAL:
        raise PnpkitError.of("plays_tricks", count=len(tricks), max=TRICKS_PER_DEAL)
    in_hand = {p: list(deal.hands[p]) for p in PLAYERS}
    played_in: dict[Card, int] = {}
    done: list[Trick] = []
    for number, cards in enumerate(tricks, start=1):
        if len(cards) != len(PLAYERS):
            raise PnpkitError.of("trick_cards", trick=number, count=len(cards))
        plays: list[Play] = []
        for player, card in zip(seat_order(leader), cards, strict=True):
            _check_play(number, player, card, in_hand, played_in, deal, plays)
            led = plays[0].card.suit if plays else card.suit
            plays.append(Play(player, card, card.suit == led))
            in_hand[player].remove(card)
            played_in[card] = number
        trick = Trick(number, leader, tuple(plays))
        done.append(trick)
        leader = trick.winner
    return PlayedDeal(deal, tuple(done))


def _check_play(number: int, player: str, card: Card, in_hand: dict[str, list[Card]],
                played_in: dict[Card, int], deal: Deal, plays: list[Play]) -> None:
    """Refuse a card that is not the player's, already played, or a revoke."""
    if card in played_in:
        raise PnpkitError.of("play_again", trick=number, player=player, card=str(card), earlier=played_in[card])
    if card not in in_hand[player]:
        holder = next(p for p in PLAYERS if card in deal.hands[p])
        raise PnpkitError.of("play_not_held", trick=number, player=player, card=str(card), holder=holder)
    if plays and card not in legal_cards(in_hand[player], plays[0].card.suit):
        led = plays[0].card.suit
        same = [c for c in in_hand[player] if c.suit == led]
        holds = tuple(str(c) for c in sorted(same, key=lambda c: -c.value))
        raise PnpkitError.of("play_revoke", trick=number, player=player, card=str(card), holds=holds,
                             suit=_suit_name(led))


def legal_cards(hand: list[Card] | tuple[Card, ...], led: str | None) -> list[Card]:
    """The cards a player may play: any card when leading or void in the led suit, else that suit."""
    same = [card for card in hand if card.suit == led]
    return same if same else list(hand)


def all_cards_once(played: PlayedDeal) -> bool:
    return sorted(played.cards_played()) == sorted(full_deck())


@dataclass(frozen=True)
class TrickNotes:
    """What a facilitator explains about one trick."""

    trick: Trick
    forced: tuple[Play, ...]  # followed suit without any card able to win
    discards: tuple[Play, ...]  # legal (void in the led suit) and never winning


def explain(played: PlayedDeal) -> list[TrickNotes]:
    """For every trick: who had to follow without hope of winning, and who discarded."""
    hands = {p: list(played.deal.hands[p]) for p in PLAYERS}
    notes = []
    for trick in played.tricks:
        best = trick.winning_play.card.value
        forced = tuple(
            play for play in trick.plays[1:]
            if play.followed and play.player != trick.winner
            and max(c.value for c in hands[play.player] if c.suit == trick.led_suit) < best
        )
        notes.append(TrickNotes(trick, forced, tuple(trick.discards)))
        for play in trick.plays:
            hands[play.player].remove(play.card)
    return notes
