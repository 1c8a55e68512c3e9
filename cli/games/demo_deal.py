"""Which deal a demonstration shows (the source's reference, given hands and plays, or a seed), as data."""

from cli.errors import PnpkitError
from cli.games.notation import parse_deal, parse_plays
from cli.games.policy import demonstration, policy_plays
from cli.games.trick import PLAYERS, PlayedDeal, play_deal
from cli.games.turns import had_choice

# The worked example of the source page: winners C, B, C, C; totals A 0, B 1, C 3.
REFERENCE_DEAL = "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4"
REFERENCE_PLAYS = "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1"


def demo_deal(deal: str | None, plays: str | None, leader: str, seed: int | None) -> PlayedDeal:
    """Given hands and plays; given hands played by the policy; a seeded deal; or the reference."""
    if seed is not None and (deal is not None or plays is not None):
        raise PnpkitError.of("seed_deal")
    if seed is not None:
        return demonstration(seed, leader)
    if deal is None:
        if plays is not None:
            raise PnpkitError.of("plays_deal")
        deal = REFERENCE_DEAL
        plays = REFERENCE_PLAYS if leader == "A" else None  # its plays start with A: another leader replays it
    hands = parse_deal(deal)
    tricks = parse_plays(plays) if plays is not None else policy_plays(hands, leader)
    return play_deal(hands, tricks, leader)


def as_data(played: PlayedDeal) -> dict:
    """The solved deal as plain data, in the shape `pnpkit demo --json` prints; `had_choice` is question 3's
    answer for each card played."""
    choice = had_choice(played)
    return {
        "players": list(PLAYERS),
        "hands": {p: [c.code for c in played.deal.hands[p]] for p in PLAYERS},
        "tricks": [
            {"number": t.number, "leader": t.leader, "led_suit": t.led_suit,
             "plays": [{"player": p.player, "card": p.card.code, "followed": p.followed,
                        "had_choice": choice[t.number, p.player]} for p in t.plays],
             "winner": t.winner}
            for t in played.tricks
        ],
        "totals": played.totals,
    }
