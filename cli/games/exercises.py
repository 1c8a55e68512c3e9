"""Practice exercises: positions cut from seeded deals, each with its one right answer and the reason.

A position comes from a shuffled deal played out with random legal cards; the trick engine
(`trick.py`) decides what is legal and who wins, so no answer is written by hand. One seeded stream
drives everything through `Random.random()` only, whose sequence Python guarantees for an integer
seed: the same seed gives the same exercises on every machine.

Kinds, in the order a sheet asks them (the level says which positions each may show): following suit,
winning a trick, following over a whole deal, then the lead passing to the winner, which the last two
need. The order also lets the default six fill two pages: three short, one whole deal, then the rest.
- may-play: a trick begun and a hand; which cards may this player play? (all of them are the answer)
- who-wins: a complete trick; who wins it?
- mistake: a whole deal with one revoke or none; which trick, which player?
- who-leads: two tricks in a row; who leads the second, and who wins it?
- score: a whole deal; the winner of each trick and the totals
- complete: hands and most plays of a whole deal; the leads, the winners and the missing cards
"""

import random
from dataclasses import dataclass
from typing import Any

from cli.errors import PnpkitError
from cli.games.cards import Card
from cli.games.exercise_kinds import MAKERS, played_out, revokes
from cli.games.trick import Play

KINDS = ("may-play", "who-wins", "mistake", "who-leads", "score", "complete")
WHOLE_DEAL_KINDS = frozenset({"mistake", "score", "complete"})
LEVELS = (1, 2, 3)  # 1: single tricks, no discards; 2: discards, following without winning; 3: whole deals
MAX_COUNT = 12
MAX_VERSIONS = 26
MAX_DRAWS = 5_000
# "mistake" is the one kind a child might answer blind ("no mistake"): no two of a sheet's have the same answer
# while another is left: no mistake, or a revoke in trick 1, 2 or 3 (the last trick's single cards cannot revoke)
# by A, B or C
MISTAKE_ANSWERS = 1 + 3 * 3


@dataclass(frozen=True)
class Exercise:
    """One question: what the sheet shows, the single right answer, and the engine's reason.

    `position`, `answer` and `reason` are plain data (cards, plays, players, numbers), the same for
    every language; `reason["case"]` names which explanation applies.
    """

    number: int
    kind: str
    position: dict[str, Any]
    answer: dict[str, Any]
    reason: dict[str, Any]
    shown: frozenset[str]  # what the position shows, to keep every position of a run different


@dataclass(frozen=True)
class Worksheet:
    label: str  # the version letter: A, B, C…
    exercises: tuple[Exercise, ...]


# -- options -----------------------------------------------------------------------------------
def check_level(level: int) -> int:
    if level not in LEVELS:
        raise PnpkitError(f"--level {level} is out of range; use 1 (single tricks), 2 (discards) or 3 (whole deals)")
    return level


def check_count(count: int, option: str = "--count", *, none: bool = False) -> int:
    """A worksheet's number of exercises; `none`: 0 is allowed too (the kit's: no worksheets), which the
    refusal then says."""
    if not 1 <= count <= MAX_COUNT and not (none and count == 0):
        raise PnpkitError.of("count_range_none" if none else "count_range", option=option, value=count, max=MAX_COUNT)
    return count


def check_versions(versions: int) -> int:
    if not 1 <= versions <= MAX_VERSIONS:
        raise PnpkitError.of("versions_range", value=versions, max=MAX_VERSIONS)
    return versions


def parse_kinds(text: str | None, level: int) -> tuple[str, ...]:
    """'all', or names or numbers 1-6 separated by commas; whole-deal kinds need level 3."""
    if text is not None and not text.strip():
        raise PnpkitError.of("kinds_empty", kinds=", ".join(KINDS))
    if text is None or text.strip().lower() == "all":
        return tuple(k for k in KINDS if level == 3 or k not in WHOLE_DEAL_KINDS)
    chosen: list[str] = []
    for token in (t.strip().lower() for t in text.split(",")):
        kind = KINDS[int(token) - 1] if token.isdigit() and 1 <= int(token) <= len(KINDS) else token
        if kind not in KINDS:
            raise PnpkitError(f"unknown exercise kind '{token}'; use all or some of: {', '.join(KINDS)} (or 1-6)")
        if kind in WHOLE_DEAL_KINDS and level < 3:
            raise PnpkitError.of("kind_level", kinds=kind)
        if kind not in chosen:
            chosen.append(kind)
    return tuple(k for k in KINDS if k in chosen)


def plan(kinds: tuple[str, ...], count: int) -> list[str]:
    """The kind of each exercise: `count` shared out over the kinds in order, grouped by kind."""
    per_kind = [count // len(kinds) + (i < count % len(kinds)) for i in range(len(kinds))]
    return [kind for kind, n in zip(kinds, per_kind, strict=True) for _ in range(n)]


def _exercise(kind: str, number: int, level: int, variant: int, rng: random.Random,
              on_sheet: set[str], in_run: set[frozenset[str]], answers: set[str]) -> Exercise:
    """The first position of the stream that suits the kind, level and variant, shows nothing already
    on the sheet, is not a whole position of an earlier version, and (a mistake) does not repeat an answer
    of the sheet's `answers` while another is left."""
    for _ in range(MAX_DRAWS):
        revoke_from = None
        if kind == "mistake" and ("mistake:none" in answers or rng.random() >= 0.25):  # one deal in four: none
            revoke_from = 1 + int(rng.random() * 3)
        played = played_out(rng, revoke_from)
        if kind == "mistake" and bool(revokes(played)) != (revoke_from is not None):
            continue  # no chance to revoke came up: draw again rather than change the odds
        made = MAKERS[kind](played, level, variant, rng)
        if made is None or made[3] & on_sheet or frozenset(made[3]) in in_run:
            continue
        said = _answer_said(kind, made[1])
        if said in answers and len(answers) < MISTAKE_ANSWERS:
            continue
        on_sheet.update(made[3])
        in_run.add(frozenset(made[3]))
        if said:
            answers.add(said)
        return Exercise(number, kind, *made[:3], frozenset(made[3]))
    raise PnpkitError(f"no suitable position found for '{kind}' at level {level}; try another --seed")


def _answer_said(kind: str, answer: dict[str, Any]) -> str:
    """A mistake's answer as one word ('mistake:none', 'mistake:2B'); '' for the kinds a child cannot guess."""
    if kind != "mistake":
        return ""
    return "mistake:" + ("none" if answer["trick"] is None else f"{answer['trick']}{answer['player']}")


def worksheets(seed: int, kinds: tuple[str, ...], count: int, level: int, versions: int) -> list[Worksheet]:
    """`versions` worksheets of the same kinds: no sheet shows a position twice, no version repeats a
    position of another, and a sheet's mistakes have different answers (at most one "no mistake")."""
    rng = random.Random(seed)
    in_run: set[frozenset[str]] = set()
    sheets = []
    for index in range(versions):
        exercises, done, on_sheet, answers = [], dict.fromkeys(kinds, 0), set(), set()
        for number, kind in enumerate(plan(kinds, count), start=1):
            exercises.append(_exercise(kind, number, level, done[kind] + index, rng, on_sheet, in_run, answers))
            done[kind] += 1
        sheets.append(Worksheet(chr(ord("A") + index), tuple(exercises)))
    return sheets


# -- data --------------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """Cards as codes and plays as small dicts, for JSON."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Play):
        return {"player": value.player, "card": value.card.code, "followed": value.followed}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, set, frozenset)):
        return [_plain(v) for v in value]
    return value


def as_data(sheets: list[Worksheet], seed: int, level: int, kinds: tuple[str, ...]) -> dict:
    """The worksheets, their exercises and answers as plain data (`pnpkit exercises --json`)."""
    return {
        "seed": seed, "level": level, "kinds": list(kinds),
        "versions": [
            {"version": sheet.label, "exercises": [
                {"number": e.number, "kind": e.kind, "position": _plain(e.position),
                 "answer": _plain(e.answer), "reason": _plain(e.reason)}
                for e in sheet.exercises]}
            for sheet in sheets
        ],
    }
