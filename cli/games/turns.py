"""Every turn of a played deal: what the player held, what the rules allowed, and whether they had a choice.

The demonstration's question 3 asks it of every card played ("Did A have a choice?"): a child answers it
from the hands on the page and the follow-suit rule, and the answers differ from turn to turn, so a
pupil who circles the same word everywhere is wrong somewhere. A player had a choice when the rules
allowed more than one card of their hand:
- "lead": the leader may lead any card (yes);
- "void": a follower without the led suit may play any card (yes);
- "several": a follower with two or more cards of the led suit picks one of them (yes);
- "only": a follower with one card of the led suit and others must play it (no);
- "last": a player's last card, the fourth trick (no).
"""

from dataclasses import dataclass

from cli.games.cards import Card
from cli.games.trick import PLAYERS, PlayedDeal, legal_cards


@dataclass(frozen=True)
class Turn:
    """One card played: the hand it came from and the cards the rules allowed in its place."""

    trick: int
    player: str
    held: tuple[Card, ...]  # the whole hand at that moment
    allowed: tuple[Card, ...]  # the cards the rules let them play
    played: Card
    led: str  # the led suit (the leader's own card's suit)
    leads: bool

    @property
    def had_choice(self) -> bool:
        return len(self.allowed) > 1

    @property
    def case(self) -> str:
        """Which of the five cases of the module's list this turn is (the answer key's reason)."""
        same = sum(c.suit == self.led for c in self.held)
        if len(self.held) == 1:
            return "last"
        if self.leads:
            return "lead"
        return "void" if same == 0 else "only" if same == 1 else "several"

    @property
    def others(self) -> tuple[Card, ...]:
        """The other cards the rules allowed instead of the one played."""
        return tuple(c for c in self.allowed if c != self.played)


def turns(played: PlayedDeal) -> list[Turn]:
    """Every card played, in playing order, with the hand it came from and the cards allowed."""
    hands = {p: list(played.deal.hands[p]) for p in PLAYERS}
    found = []
    for trick in played.tricks:
        for play in trick.plays:
            held = tuple(hands[play.player])
            leads = play is trick.plays[0]
            allowed = tuple(legal_cards(held, None if leads else trick.led_suit))
            found.append(Turn(trick.number, play.player, held, allowed, play.card, trick.led_suit, leads))
            hands[play.player].remove(play.card)
    return found


def had_choice(played: PlayedDeal) -> dict[tuple[int, str], bool]:
    """Question 3's answer for every card played, by (trick number, player)."""
    return {(turn.trick, turn.player): turn.had_choice for turn in turns(played)}
