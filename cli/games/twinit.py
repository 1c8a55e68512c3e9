"""Twin It scoring: catches counted to a winning total, or points in the cooperative mode.

solo ("every player for themselves", 2-6): 5 catches win; a mistake costs a catch, but only to
a player who has one. ring (2-6): 7 catches win. clans (4-6): two teams; a catch counts only when
two teammates each put a hand down. coop (all together): one-minute rounds, a pair scores 1 and
a triple 2.
"""

from dataclasses import dataclass

from cli.errors import PnpkitError


@dataclass(frozen=True)
class Variant:
    name: str
    players: tuple[int, int]
    target: int | None  # catches to win; None when the mode scores points instead


VARIANTS = {
    "solo": Variant("solo", (2, 6), 5),
    "ring": Variant("ring", (2, 6), 7),
    "clans": Variant("clans", (4, 6), 5),
    "coop": Variant("coop", (2, 6), None),
}
PAIR_POINTS, TRIPLE_POINTS = 1, 2
MAX_TARGET = 12


def variant(name: str) -> Variant:
    key = name.strip().lower()
    if key not in VARIANTS:
        raise PnpkitError(f"unknown Twin It variant '{name}'; use one of: {', '.join(VARIANTS)}")
    return VARIANTS[key]


def check_players(chosen: Variant, count: int) -> int:
    low, high = chosen.players
    if not low <= count <= high:
        raise PnpkitError.of("twinit_players", variant=chosen.name, min=low, max=high, value=count)
    return count


def winning_count(chosen: Variant, target: int | None) -> int | None:
    """The catches that win: the variant's own, or --target where the variant counts catches."""
    if target is None:
        return chosen.target
    if chosen.target is None:
        raise PnpkitError.of("target_coop", variant=chosen.name)
    if not 1 <= target <= MAX_TARGET:
        raise PnpkitError.of("target_range", value=target, max=MAX_TARGET)
    return target


def teams(names: list[str]) -> tuple[list[str], list[str]]:
    """Two clans from the players in order: the first half and the rest (the larger first)."""
    half = (len(names) + 1) // 2
    return names[:half], names[half:]


def coop_score(pairs: int, triples: int) -> int:
    return pairs * PAIR_POINTS + triples * TRIPLE_POINTS
