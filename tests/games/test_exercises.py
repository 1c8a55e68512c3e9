"""Exercises: every answer checked again by a second path written here from the rules alone.

The helpers below know nothing of cli.games: they read the exercises as plain data (card codes) and
apply the three rules of the game (follow the led suit if you can, the highest card of the led
suit wins, the winner leads next), by brute force over the legal plays where a question allows it.
"""

import itertools

import pytest

from cli.documents.kit_options import MAX_GROUPS
from cli.errors import PnpkitError
from cli.games.exercises import KINDS, as_data, parse_kinds, plan, worksheets
from cli.games.policy import group_seed

SEATS = "ABC"


def follows(hand: list[str], led: str) -> list[str]:
    """The cards of `hand` a player may add to a trick led in `led`."""
    same = [c for c in hand if c[0] == led]
    return same or list(hand)


def winner_of(plays: list[tuple[str, str]]) -> tuple[str, str]:
    """(player, card) of the highest card of the led suit."""
    led = plays[0][1][0]
    return max((p for p in plays if p[1][0] == led), key=lambda p: int(p[1][1]))


def clockwise(leader: str) -> str:
    start = SEATS.index(leader)
    return "".join(SEATS[(start + i) % 3] for i in range(3))


def pairs(plays: list[dict]) -> list[tuple[str, str]]:
    return [(p["player"], p["card"]) for p in plays]


def all_legal_deals(hands: dict[str, list[str]], leader: str):
    """Every legal way to play the deal out: lists of four tricks of (player, card), brute force."""
    def go(hands, leader, done):
        if len(done) == 4:
            yield done
            return
        def trick(order, plays, hands):
            if not order:
                yield plays, hands
                return
            player = order[0]
            options = follows(hands[player], plays[0][1][0]) if plays else hands[player]
            for card in options:
                rest = {**hands, player: [c for c in hands[player] if c != card]}
                yield from trick(order[1:], plays + [(player, card)], rest)
        for plays, rest in trick(clockwise(leader), [], hands):
            yield from go(rest, winner_of(plays)[0], done + [plays])
    yield from go(hands, leader, [])


def check_may_play(ex, level):
    pos, answer, reason = ex["position"], ex["answer"], ex["reason"]
    played = pairs(pos["plays"])
    led = played[0][1][0]
    legal = follows(pos["hand"], led)
    assert sorted(answer["cards"]) == sorted(legal)
    assert pos["player"] == clockwise(played[0][0])[len(played)]
    best = int(winner_of(played)[1][1])
    can_win = any(c[0] == led and int(c[1]) > best for c in legal)
    void = not any(c[0] == led for c in pos["hand"])
    assert reason["case"] == ("any" if void else "follow" if can_win else "follow_no_win")
    assert len(legal) < len(pos["hand"]) or void  # never a hand with nothing to choose between
    if level == 1:
        assert not void and all(c[0] == led for _, c in played)


def check_who_wins(ex, level):
    played = pairs(ex["position"]["plays"])
    player, card = winner_of(played)
    assert ex["answer"] == {"player": player, "card": card}
    assert [p for p, _ in played] == list(clockwise(played[0][0]))
    # the key says of each discard what is true of it: higher, the same value, or lower than the winner
    off = [c for _, c in played if c[0] != played[0][1][0]]
    assert ex["reason"]["discards"] == off
    assert ex["reason"]["ranks"] == ["higher" if c[1] > card[1] else "equal" if c[1] == card[1] else "lower"
                                     for c in off]
    if level == 1:
        assert {c[0] for _, c in played} == {played[0][1][0]}


def check_who_leads(ex, level):
    first = pairs(ex["position"]["first"])
    leader = winner_of(first)[0]
    assert leader != first[0][0]  # the lead changes hands
    # brute force: of the three seats, only the first trick's winner may lead the second
    candidates = [seat for seat in SEATS if seat == winner_of(first)[0]]
    assert candidates == [ex["answer"]["leader"]]
    second = list(zip(clockwise(leader), ex["position"]["second"], strict=True))
    assert winner_of(second) == (ex["answer"]["winner"], ex["answer"]["card"])
    if level == 1:
        assert all(len({c[0] for _, c in t}) == 1 for t in (first, second))


def revokes_in(hands: dict[str, list[str]], tricks: list[list[tuple[str, str]]]):
    hands = {p: list(h) for p, h in hands.items()}
    found = []
    for number, plays in enumerate(tricks, start=1):
        led = plays[0][1][0]
        for player, card in plays[1:]:
            if card not in follows(hands[player], led):
                found.append((number, player))
        for player, card in plays:
            hands[player].remove(card)
    return found


def check_whole_deal(hands, tricks):
    """Twelve different cards, each played once by the player who held it; each winner leads next
    (a revoked card is not of the led suit, so it never wins either)."""
    cards = [c for plays in tricks for _, c in plays]
    assert sorted(cards) == sorted(c for h in hands.values() for c in h) and len(set(cards)) == 12
    for plays in tricks:
        assert [p for p, _ in plays] == list(clockwise(plays[0][0]))
        for player, card in plays:
            assert card in hands[player]
    for before, after in itertools.pairwise(tricks):
        assert after[0][0] == winner_of(before)[0]


def check_mistake(ex, level):
    hands = ex["position"]["hands"]
    tricks = [pairs(t) for t in ex["position"]["tricks"]]
    check_whole_deal(hands, tricks)
    found = revokes_in(hands, tricks)
    assert len(found) <= 1  # one right answer
    expected = {"trick": found[0][0], "player": found[0][1]} if found else {"trick": None, "player": None}
    assert ex["answer"] == expected


def check_score(ex, level):
    tricks = [pairs(t) for t in ex["position"]["tricks"]]
    winners = [winner_of(t)[0] for t in tricks]
    assert ex["answer"]["winners"] == winners
    assert ex["answer"]["totals"] == {p: winners.count(p) for p in SEATS}
    assert sum(ex["answer"]["totals"].values()) == 4


def check_complete(ex, level):
    pos = ex["position"]
    solutions = []
    for deal in all_legal_deals(pos["hands"], pos["first_leader"]):
        if all(cell["player"] == play[0] and cell["card"] in (None, play[1])
               for cells, plays in zip(pos["cells"], deal, strict=True)
               for cell, play in zip(cells, plays, strict=True)):  # shown in playing order, the lead first
            solutions.append(deal)
    assert len(solutions) == 1, f"{len(solutions)} ways to complete the table"
    deal = solutions[0]
    assert ex["answer"]["leaders"] == [t[0][0] for t in deal]
    assert ex["answer"]["winners"] == [winner_of(t)[0] for t in deal]
    blanks = sorted((n, c["player"]) for n, cells in enumerate(pos["cells"], start=1)
                    for c in cells if c["card"] is None)
    assert [[n, p, dict(deal[n - 1])[p]] for n, p in blanks] == ex["answer"]["missing"]


CHECKS = {"may-play": check_may_play, "who-wins": check_who_wins, "who-leads": check_who_leads,
          "mistake": check_mistake, "score": check_score, "complete": check_complete}


def shown(ex) -> set[str]:
    """What an exercise puts on the page, by its own description: tricks and deals."""
    pos = ex["position"]
    if "tricks" in pos and "hands" not in pos:  # a whole deal shown by its tricks only
        hands = {seat: sorted(p["card"] for t in pos["tricks"] for p in t if p["player"] == seat) for seat in SEATS}
        return {"deal:" + repr(sorted(hands.items()))}
    if "hands" in pos:
        return {"deal:" + repr(sorted((p, sorted(h)) for p, h in pos["hands"].items()))}
    if "first" in pos:
        first = pairs(pos["first"])
        return {repr(first), repr(list(zip(clockwise(winner_of(first)[0]), pos["second"], strict=True)))}
    if "hand" in pos:
        return {repr((pairs(pos["plays"]), pos["hand"]))}
    return {repr(pairs(pos["plays"]))}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_every_answer_agrees_with_a_brute_force_of_the_rules(level, seed):
    kinds = parse_kinds(None, level)
    data = as_data(worksheets(seed, kinds, 12, level, 3), seed, level, kinds)
    for version in data["versions"]:
        for ex in version["exercises"]:
            CHECKS[ex["kind"]](ex, level)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_no_sheet_shows_a_position_twice_and_versions_differ(level):
    kinds = parse_kinds(None, level)
    data = as_data(worksheets(5, kinds, 12, level, 4), 5, level, kinds)
    whole = []
    for version in data["versions"]:
        seen: list[str] = [s for ex in version["exercises"] for s in shown(ex)]
        assert len(seen) == len(set(seen))
        whole.extend(frozenset(shown(ex)) for ex in version["exercises"])
    assert len(whole) == len(set(whole))  # no version repeats another's position


def test_levels_show_what_they_promise():
    data = as_data(worksheets(3, parse_kinds(None, 2), 12, 2, 2), 3, 2, parse_kinds(None, 2))
    exercises = [ex for v in data["versions"] for ex in v["exercises"]]
    cases = {ex["reason"]["case"] for ex in exercises}
    assert {"follow_no_win", "any"} <= cases  # following without winning, any card when void
    assert cases & {"discard_equal", "discard_higher"}  # a discard of higher or equal value
    mistakes = as_data(worksheets(11, ("mistake",), 12, 3, 2), 11, 3, ("mistake",))
    answers = [ex["answer"]["trick"] for v in mistakes["versions"] for ex in v["exercises"]]
    assert None in answers and any(answers)  # some deals have a revoke, some none


def test_same_seed_same_exercises_and_another_seed_others():
    kinds = parse_kinds(None, 3)
    assert as_data(worksheets(9, kinds, 6, 3, 2), 9, 3, kinds) == as_data(worksheets(9, kinds, 6, 3, 2), 9, 3, kinds)
    assert as_data(worksheets(9, kinds, 6, 3, 1), 9, 3, kinds) != as_data(worksheets(10, kinds, 6, 3, 1), 10, 3, kinds)


def test_kinds_by_name_or_number_in_the_order_of_the_sheet():
    assert parse_kinds("score, 1,who-wins,1", 3) == ("may-play", "who-wins", "score")
    assert parse_kinds("all", 3) == KINDS and parse_kinds(None, 1) == ("may-play", "who-wins", "who-leads")
    # following, winning, following over a deal, then the lead passing on, which the last two need
    assert KINDS == ("may-play", "who-wins", "mistake", "who-leads", "score", "complete")
    assert parse_kinds("3,4", 3) == ("mistake", "who-leads")
    assert plan(("may-play", "who-wins", "score"), 7) == ["may-play"] * 3 + ["who-wins"] * 2 + ["score"] * 2
    assert plan(KINDS, 2) == ["may-play", "who-wins"]


@pytest.mark.parametrize(("text", "level", "words"), [
    ("dance", 3, "unknown exercise kind 'dance'"),
    ("7", 3, "unknown exercise kind '7'"),
    ("score", 2, "kind 'score' shows a whole deal and needs --level 3"),
])
def test_bad_kinds_are_named(text, level, words):
    with pytest.raises(PnpkitError, match=words):
        parse_kinds(text, level)


def _mistakes(sheet) -> list[tuple]:
    return [(e.answer["trick"], e.answer["player"]) for e in sheet.exercises if e.kind == "mistake"]


def test_a_sheets_find_the_mistake_exercises_never_share_an_answer():
    """Teacher review 4 #10: `exercises --count 12 --lang en` asked two "Find the mistake" both answered "No
    mistake"; a child learns that it is the safe answer. Now at most one "no mistake" a sheet, and no revoke twice
    while another answer is left (ten in all: none, or tricks 1-3 by A, B or C)."""
    assert len(set(_mistakes(worksheets(1, parse_kinds(None, 3), 12, 3, 1)[0]))) == 2  # the review's sheet
    for seed in range(1, 13):
        for sheet in worksheets(seed, ("mistake",), 12, 3, 2):
            answers = _mistakes(sheet)
            assert answers.count((None, None)) <= 1 and len(set(answers)) >= 10, answers


@pytest.mark.parametrize("count", [6, 12])
def test_over_a_kits_groups_no_mistake_is_not_the_common_answer(count):
    """Every group's worksheet of `kit --groups 200 --exercises N` (the kit's seeds): a sheet's mistakes differ,
    and "no mistake" answers fewer than a third of them."""
    answers = []
    for group in range(1, MAX_GROUPS + 1):
        sheet = worksheets(group_seed(1, group), parse_kinds(None, 3), count, 3, 1)[0]
        mistakes = _mistakes(sheet)
        assert len(set(mistakes)) == len(mistakes), (group, mistakes)
        answers.extend(mistakes)
    assert answers.count((None, None)) < len(answers) / 3
