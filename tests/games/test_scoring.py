"""DREIst! and Twin It scoring models."""

import pytest

from cli.errors import PnpkitError
from cli.games import dreist, twinit


def test_solo_challenge_starts_at_50_and_adds_two_a_game():
    assert [dreist.solo_start(k) for k in range(1, 6)] == [50, 52, 54, 56, 58]


def test_series_lets_each_player_start_once():
    assert dreist.default_games(3) == 3
    assert dreist.starters(["Ana", "Bo", "Cy"], 4) == ["Ana", "Bo", "Cy", "Ana"]
    assert dreist.starters([], 2) == ["", ""]


@pytest.mark.parametrize("count", [0, 5])
def test_dreist_player_range(count):
    with pytest.raises(PnpkitError, match="1 to 4 players"):
        dreist.check_players(count)


def test_twinit_targets_and_overrides():
    assert twinit.winning_count(twinit.variant("solo"), None) == 5
    assert twinit.winning_count(twinit.variant("ring"), None) == 7
    assert twinit.winning_count(twinit.variant("clans"), 6) == 6
    with pytest.raises(PnpkitError, match="does not apply to coop"):
        twinit.winning_count(twinit.variant("coop"), 4)
    with pytest.raises(PnpkitError, match="unknown Twin It variant"):
        twinit.variant("duel")


def test_clans_need_four_to_six_and_split_in_two():
    with pytest.raises(PnpkitError, match="4 to 6 players"):
        twinit.check_players(twinit.variant("clans"), 3)
    assert twinit.teams(["a", "b", "c", "d", "e"]) == (["a", "b", "c"], ["d", "e"])


def test_coop_points():
    assert twinit.coop_score(pairs=5, triples=2) == 9
