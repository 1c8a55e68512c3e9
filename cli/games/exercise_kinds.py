"""The six kinds of exercise: each turns a deal played out at random into a question, or None.

A maker returns (position, answer, reason, shown): what the sheet shows, the single right answer,
the engine's facts behind it (`reason["case"]` names the explanation), and signatures of the tricks
and deals shown, which keep every position of a run different.
"""

import random
from typing import Any

from cli.games.cards import Card
from cli.games.notation import format_deal
from cli.games.policy import deal_out, shuffled
from cli.games.trick import PLAYERS, Deal, Play, PlayedDeal, Trick, legal_cards, play_deal, seat_order


def pick(rng: random.Random, items: list):
    return items[int(rng.random() * len(items))]


def played_out(rng: random.Random, revoke_from: int | None = None) -> PlayedDeal:
    """A new deal played out with random legal cards; with `revoke_from`, the first player who can
    revoke from that trick on does so once (that deal does not go through the engine's checks)."""
    deal = deal_out(shuffled(rng))
    leader = pick(rng, list(PLAYERS))
    hands = {p: list(deal.hands[p]) for p in PLAYERS}
    tricks: list[Trick] = []
    revoked = revoke_from is None
    for number in range(1, 5):
        plays: list[Play] = []
        for player in seat_order(leader):
            led = plays[0].card.suit if plays else None
            options = legal_cards(hands[player], led)
            if not revoked and led and number >= revoke_from and len(options) < len(hands[player]):
                options = [c for c in hands[player] if c.suit != led]
                revoked = True
            card = pick(rng, options)
            hands[player].remove(card)
            plays.append(Play(player, card, led is None or card.suit == led))
        tricks.append(Trick(number, leader, tuple(plays)))
        leader = tricks[-1].winner
    if revoke_from is None:  # a legal deal: the engine checks it and decides every winner
        return play_deal(deal, [[p.card for p in t.plays] for t in tricks], tricks[0].leader)
    return PlayedDeal(deal, tuple(tricks))


def hands_before(played: PlayedDeal) -> list[dict[str, tuple[Card, ...]]]:
    """Each player's hand at the start of each trick."""
    hands = {p: list(played.deal.hands[p]) for p in PLAYERS}
    out = []
    for trick in played.tricks:
        out.append({p: tuple(hands[p]) for p in PLAYERS})
        for play in trick.plays:
            hands[play.player].remove(play.card)
    return out


def revokes(played: PlayedDeal) -> list[tuple[Trick, Play, tuple[Card, ...]]]:
    """Every play that did not follow suit although the player held it: (trick, play, led cards held)."""
    found = []
    for trick, hands in zip(played.tricks, hands_before(played), strict=True):
        for play in trick.plays[1:]:
            if play.card not in legal_cards(hands[play.player], trick.led_suit):
                found.append((trick, play, tuple(c for c in hands[play.player] if c.suit == trick.led_suit)))
    return found


def _trick_key(plays) -> str:
    return "trick:" + " ".join(f"{p.player}{p.card}" for p in plays)


def _deal_key(deal: Deal) -> str:
    return "deal:" + format_deal(deal)


def _best(plays, suit: str) -> Card:
    return max((p.card for p in plays if p.card.suit == suit), key=lambda c: c.value)


# -- the six kinds: each turns a played deal into an exercise, or None when it shows nothing wanted
def _may_play(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    wanted = {1: ("follow", "follow_no_win"), 2: (("follow_no_win",), ("any",))[variant % 2],
              3: (("follow_no_win",), ("any",), ("follow",))[variant % 3]}[level]
    found = []
    for trick, hands in zip(played.tricks[:2], hands_before(played), strict=False):
        for seat in (1, 2):
            so_far, player = trick.plays[:seat], trick.plays[seat].player
            hand, led = hands[player], trick.led_suit
            legal = legal_cards(hand, led)
            if level < 3 and any(not p.followed for p in so_far):
                continue  # a discard earlier in the trick belongs to level 3
            best = _best(so_far, led)
            if all(c.suit == led for c in hand):
                continue  # nothing to choose between: no question
            case = "any" if legal == list(hand) else (
                "follow" if any(c.value > best.value for c in legal) else "follow_no_win")
            if case in wanted:
                found.append((so_far, player, hand, legal, case, best))
    if not found:
        return None
    so_far, player, hand, legal, case, best = pick(rng, found)
    refused = tuple(c for c in hand if c not in legal)
    return ({"plays": so_far, "player": player, "hand": hand},
            {"cards": tuple(legal)},
            {"case": case, "player": player, "suit": so_far[0].card.suit, "held": tuple(legal) if refused else (),
             "refused": refused, "best": best},
            {_trick_key(so_far) + "|" + player + ":" + "".join(map(str, hand))})


def _trick_case(trick: Trick) -> str:
    win = trick.winning_play.card
    if not trick.discards:
        return "followed"
    if any(d.card.value == win.value for d in trick.discards):
        return "discard_equal"  # three 3s are no tie
    if any(d.card.value > win.value for d in trick.discards):
        return "discard_higher"
    return "discard"


def discard_ranks(trick: Trick) -> tuple[str, ...]:
    """What is true of each discard against the winning card, in playing order: "higher", "equal" (the
    same value in another suit: no tie) or "lower"; a key's reason says it of each card."""
    win = trick.winning_play.card.value
    return tuple("higher" if d.card.value > win else "equal" if d.card.value == win else "lower"
                 for d in trick.discards)


def _who_wins(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    not_lower = ("discard_equal", "discard_higher")
    wanted = {1: ("followed",), 2: (not_lower, ("discard", *not_lower))[variant % 2],
              3: (not_lower, ("followed",), ("discard",))[variant % 3]}[level]
    found = [t for t in played.tricks if _trick_case(t) in wanted]
    if not found:
        return None
    trick = pick(rng, found)
    win = trick.winning_play
    return ({"plays": trick.plays},
            {"player": win.player, "card": win.card},
            {"case": _trick_case(trick), "card": win.card, "suit": trick.led_suit,
             "discards": tuple(d.card for d in trick.discards), "ranks": discard_ranks(trick)},
            {_trick_key(trick.plays)})


def _who_leads(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    found = []
    for first, second in zip(played.tricks, played.tricks[1:], strict=False):
        if first.winner == first.leader:
            continue  # the lead must change hands: that is the point
        discards = bool(first.discards or second.discards)
        if (level == 1 and discards) or (level == 2 and variant % 2 == 0 and not discards):
            continue
        found.append((first, second))
    if not found:
        return None
    first, second = pick(rng, found)
    return ({"first": first.plays, "second": tuple(p.card for p in second.plays), "number": first.number},
            {"leader": second.leader, "winner": second.winner, "card": second.winning_play.card},
            {"case": "lead_passes", "first_winner": first.winner, "first_card": first.winning_play.card,
             "first_suit": first.led_suit, "suit": second.led_suit, "card": second.winning_play.card,
             "winner": second.winner},
            {_trick_key(first.plays), _trick_key(second.plays)})


def _deal_position(played: PlayedDeal) -> dict[str, Any]:
    return {"hands": dict(played.deal.hands), "tricks": tuple(t.plays for t in played.tricks)}


def _mistake(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    found = revokes(played)
    if len(found) > 1 or len({t.winner for t in played.tricks}) < 2:
        return None
    if not found:
        answer, reason = {"trick": None, "player": None}, {"case": "none"}
    else:
        trick, play, held = found[0]
        answer = {"trick": trick.number, "player": play.player}
        reason = {"case": "revoke", "trick": trick.number, "player": play.player, "card": play.card,
                  "held": held, "suit": trick.led_suit}
    return _deal_position(played), answer, reason, {_deal_key(played.deal)}


def _score(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    if len({t.winner for t in played.tricks}) < 2:
        return None
    winners = tuple(t.winner for t in played.tricks)
    won = {p: tuple(t.number for t in played.tricks if t.winner == p) for p in PLAYERS}
    return ({"tricks": tuple(t.plays for t in played.tricks)},
            {"winners": winners, "totals": played.totals},
            {"case": "one_point", "won": won, "totals": played.totals},
            {_deal_key(played.deal)})


def _complete(played: PlayedDeal, level: int, variant: int, rng: random.Random):
    leaders = tuple(t.leader for t in played.tricks)
    if len(set(leaders)) < 2 or len({t.winner for t in played.tricks}) < 2:
        return None
    # two cards left blank, of two different players: each is the one card of that hand not shown
    players = list(PLAYERS)
    first = pick(rng, players)
    players.remove(first)
    second = pick(rng, players)
    blanks = {(int(rng.random() * 4) + 1, first), (int(rng.random() * 4) + 1, second)}
    cells = tuple(tuple({"player": p.player, "card": None if (t.number, p.player) in blanks else p.card}
                        for p in t.plays) for t in played.tricks)  # in playing order, the lead first
    missing = tuple(sorted((n, p, next(x.card for x in played.tricks[n - 1].plays if x.player == p))
                           for n, p in blanks))
    return ({"hands": dict(played.deal.hands), "first_leader": leaders[0], "cells": cells},
            {"leaders": leaders, "winners": tuple(t.winner for t in played.tricks), "missing": missing},
            {"case": "winner_leads", "leaders": leaders, "winners": tuple(t.winner for t in played.tricks)},
            {_deal_key(played.deal)})


MAKERS = {"may-play": _may_play, "who-wins": _who_wins, "who-leads": _who_leads,
           "mistake": _mistake, "score": _score, "complete": _complete}
