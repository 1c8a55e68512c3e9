"""Line breaking: where a line may break, and where it may not."""

from cli.render.text import NNBSP, width_mm, words, wrap

NBSP = "\u00a0"


def test_no_break_spaces_hold_their_neighbours_together():
    text = f"Qui entame ce pli{NNBSP}? Vainqueur{NBSP}: « entame{NBSP}»"
    longest = max(width_mm(piece, 11) for piece in words(text))
    for limit in range(int(longest) + 1, 80, 3):  # narrower, a piece itself must be cut
        for line in wrap(text, 11, limit):
            assert not line.startswith(("?", ":", "»")), (limit, line)
        joined = " ".join(wrap(text, 11, limit))
        assert f"pli{NNBSP}?" in joined and f"Vainqueur{NBSP}:" in joined


def test_punctuation_after_an_ordinary_space_still_never_starts_a_line():
    assert words("Gagnant : A") == ["Gagnant :", "A"]
    for limit in range(int(width_mm("Gagnant :", 11)) + 1, 40):
        assert all(not line.startswith(":") for line in wrap("Un deux trois Gagnant : A", 11, limit))


def test_a_narrow_space_is_narrower_than_a_space_and_wider_than_nothing():
    assert width_mm("a", 10) < width_mm(f"a{NNBSP}", 10) < width_mm("a ", 10)


def test_a_last_line_of_one_word_gets_company_when_a_rewrap_can_give_it():
    text = "Fournissez la couleur demandée si vous le pouvez, sinon défaussez-vous librement maintenant"
    full = width_mm(text, 11)
    greedy_limit = full - width_mm(" maintenant", 11) + 0.5  # greedy leaves 'maintenant' alone
    lines = wrap(text, 11, greedy_limit)
    assert len(lines) == 2 and " " in lines[-1]
    assert all(width_mm(line, 11) <= greedy_limit for line in lines)


def test_lines_never_exceed_the_measure():
    text = "Le plus grand total l’emporte ; en cas d’égalité, la victoire est partagée entre les joueurs."
    for limit in (20, 33.3, 47, 90):
        assert all(width_mm(line, 12) <= limit + 1e-9 for line in wrap(text, 12, limit))
