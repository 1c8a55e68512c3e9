"""Read deals and plays written by people: `A:C1,C4,T2,S3 B:…` and `C1 C2 C3 / T3 T2 T4 / …`."""

import re

from cli.errors import PnpkitError
from cli.games.cards import Card, parse_card
from cli.games.trick import PLAYERS, Deal, validate_deal

_SEPARATORS = re.compile(r"[\s,;]+")


def _cards(text: str, option: str) -> list[Card]:
    """The cards of `text`; a card that is not one names the option it was written in (--deal, --plays)."""
    try:
        return [parse_card(token) for token in _SEPARATORS.split(text.strip()) if token]
    except PnpkitError as error:
        raise error.within(option) from None


def parse_deal(text: str) -> Deal:
    """Hands by player, case-insensitive, cards separated by spaces, commas or semicolons."""
    parts = re.split(r"(?:^|[\s,;])([A-Za-z])\s*:", " " + text)
    if parts[0].strip():
        raise PnpkitError.of("deal", value=text.strip())
    hands: dict[str, tuple[Card, ...]] = {}
    for label, cards in zip(parts[1::2], parts[2::2], strict=True):
        player = label.upper()
        if player not in PLAYERS:
            raise PnpkitError.of("deal_player", value=label)
        if player in hands:
            raise PnpkitError.of("deal_player_twice", player=player)
        hands[player] = tuple(_cards(cards, "--deal"))
    return validate_deal(hands)


def parse_plays(text: str) -> list[list[Card]]:
    """Cards in playing order, tricks separated by '/'."""
    tricks = [_cards(chunk, "--plays") for chunk in text.split("/")]
    if not any(tricks):
        raise PnpkitError.of("plays_none")
    return tricks


def format_deal(deal: Deal) -> str:
    return " ".join(f"{p}:{','.join(str(c) for c in deal.hands[p])}" for p in PLAYERS)
