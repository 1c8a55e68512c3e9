"""DREIst! (also sold as TRIout) scoring: a series of games, or the solo challenge.

Series: after each game every player notes the cards they have left (hand plus draw pile; 0 for
the winner); the lowest total over the series wins. Solo: you face an imaginary opponent; in the
challenge it gives you 2 cards in the first game and 2 more in each game after, so you start
game k with 48 + 2·k cards (half of the 96 number cards, plus the gifts).
"""

from cli.errors import PnpkitError

MIN_PLAYERS, MAX_PLAYERS = 1, 4
NUMBER_CARDS = 96
GIFT_PER_GAME = 2
SOLO_GAMES = 7  # rows on a challenge sheet: 50 up to 62 cards, past the booklet's "60 or more"
BOOKLET_SCALE = (50, 60)


def check_players(count: int) -> int:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PnpkitError.of("dreist_players", min=MIN_PLAYERS, max=MAX_PLAYERS, value=count)
    return count


def solo_start(game: int) -> int:
    """Cards you start solo challenge game `game` (1-based) with: 50, 52, 54 …"""
    return NUMBER_CARDS // 2 + GIFT_PER_GAME * game


def default_games(players: int) -> int:
    """A series where each player starts once; the solo challenge gets its own count."""
    return SOLO_GAMES if players == 1 else players


def starters(names: list[str], games: int) -> list[str]:
    """Who starts each game: the start passes on, so each player starts in turn."""
    return [names[(game) % len(names)] for game in range(games)] if names else [""] * games
