"""The trick game's printables: the demonstration deal (students' page, answer key) and the record sheet."""

from cli.documents.assembly import Part, assemble, make_document
from cli.documents.language import Texts
from cli.documents.page_style import PageStyle, page_style
from cli.documents.templating import build_document
from cli.documents.typography import french_of
from cli.games.notation import format_deal
from cli.games.trick import (
    DEALS_PER_GAME,
    PLAYERS,
    Play,
    PlayedDeal,
    Trick,
    TrickNotes,
    all_cards_once,
    beaten_by,
    explain,
    first_leaders,
)
from cli.layout.markup import Node
from cli.layout.pagination import CELL_PADDING
from cli.layout.sizes import Paper
from cli.layout.units import MM_PER_PT

# Documents do not measure fonts: a name's room is judged from its letters' shapes, on the safe side
# (ems in a bold face: W is 0.88, m 0.89, o 0.57, i 0.32 in Atkinson Hyperlegible Bold).
_NARROW, _WIDE_LOWER = frozenset("fijlrtı'’.-  "), frozenset("mwæœ")
HEAD_FLOOR = {False: 9.0, True: 12.0}  # the least a name heading shrinks to (large print: what a long name allows)
_SENTINEL = "Qqq"  # stands for a name while a label is split around it


def _tag(texts: Texts, group: int | None) -> str:
    return texts.t("group_label", group=group) if group else ""


def trick_rows(played: PlayedDeal) -> list[dict]:
    """Each trick as the play table draws it: number, leader, winner and every player's card."""
    return [{"number": t.number, "leader": t.leader, "winner": t.winner,
             "cards": {p.player: p.card for p in t.plays}} for t in played.tricks]


def forced_reason(trick: Trick, play: Play) -> dict:
    """Why a follower who could not win the trick had to play that card (see `beaten_by`): the catalogue
    key and its arguments (the suit name is the template's, per language)."""
    beater, later = beaten_by(trick, play)
    return {"key": "answer_forced_later" if later else "answer_forced_beaten",
            "args": {"player": play.player, "card": play.card.code, "beater": beater.player,
                     "beat_card": beater.card.code}}


def _notes(notes: list[TrickNotes]) -> list[dict]:
    """The engine's notes with a reason for each forced play, worked out from the trick's plays."""
    return [{"trick": n.trick, "forced": [forced_reason(n.trick, p) for p in n.forced], "discards": n.discards}
            for n in notes]


def _pages(sz: PageStyle) -> int:
    """Pages a template declares: one; in large print its flow is threaded, and the layout pass repeats
    the page as often as the content needs."""
    return 1


def demo_students(played: PlayedDeal, paper: Paper, texts: Texts, group: int | None = None,
                  large_print: bool = False, names: list[str] | None = None) -> Node:
    """The students' page; with names (a kit's class list), who sits at A, B and C."""
    sz = page_style(large_print)
    hands = [(p, played.deal.hands[p]) for p in PLAYERS]
    return build_document("trick_demo_students.xml.j2", paper=paper, texts=texts, players=PLAYERS, sz=sz,
                          pages=_pages(sz), hands=hands, rows=trick_rows(played), group_tag=_tag(texts, group),
                          seats=names or [])


def demo_answers(played: PlayedDeal, paper: Paper, texts: Texts, group: int | None = None,
                 large_print: bool = False) -> Node:
    sz = page_style(large_print)
    return build_document(
        "trick_demo_answers.xml.j2", paper=paper, texts=texts, notes=_notes(explain(played)), sz=sz, pages=_pages(sz),
        players=PLAYERS, rows=trick_rows(played), totals=played.totals, all_cards_once=all_cards_once(played),
        deal_text=format_deal(played.deal), first_leader=played.tricks[0].leader, group_tag=_tag(texts, group),
    )


def demo_document(played: PlayedDeal, paper: Paper, texts: Texts, large_print: bool = False) -> Node:
    """Students' page, then the answer key starting on a new sheet."""
    return assemble(
        [Part(demo_students(played, paper, texts, large_print=large_print)),
         Part(demo_answers(played, paper, texts, large_print=large_print), new_sheet=True)],
        paper, texts, large=large_print, title=texts.t("demo_title"), subject=texts.t("demo_subject"),
    )


def _em(char: str) -> float:
    """An upper estimate of a letter's width in ems (capitals, other scripts and signs as a wide capital)."""
    if char in _NARROW:
        return 0.42
    if char.islower() and char.isascii() or char in "àâäçéèêëîïôöùûüÿß":
        return 0.95 if char in _WIDE_LOWER else 0.63
    return 0.95 if char.isascii() or char in "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÆŒ" else 1.1


def _name_mm(name: str, size: float) -> float:
    return sum(_em(char) for char in name) * size * MM_PER_PT


def record_widths(col: float, labels: list[str], sz: PageStyle) -> list[float]:
    """Trick, Lead, three players' cards, Winner. A player's column grows to hold their name on one line
    at the heading size, or as near as leaves Trick, Lead and Winner 30 % of the width, at least 9 pt
    (three names of 16 wide capitals get a little less: 'Gewinner' and 'Ausspiel' still need their 9 pt)."""
    base = col * 0.19
    least = [max(base, _name_mm(name, HEAD_FLOOR[sz.large]) + 2 * CELL_PADDING) for name in labels]
    most = [max(base, _name_mm(name, sz.cell_head) + 2 * CELL_PADDING) for name in labels]
    if sum(least) > col * 0.74:
        least = [base + (low - base) * (col * 0.74 - 3 * base) / (sum(least) - 3 * base) for low in least]
    spare = max(0.0, col * 0.7 - sum(least))
    growth = sum(m - low for m, low in zip(most, least, strict=True))
    share = min(1.0, spare / growth) if growth else 0.0
    players = [low + max(0.0, m - low) * share for m, low in zip(most, least, strict=True)]
    rest = col - sum(players)
    grew = sum(players) > 3 * base + 0.01  # then Trick, Lead and Winner share by what their words need
    shares = (0.28, 0.34, 0.38) if grew else (0.13 / 0.43, 0.16 / 0.43, 0.14 / 0.43)
    trick, lead, winner = (rest * share for share in shares)
    return [trick, lead, *players, winner]


def _around(texts: Texts, lang: str, name: str) -> tuple[str, str]:
    """The words of a player's column heading before and after the name, in one language: ('Carte de', ''),
    ('', '’s card'); French elision kept (('Carte d’', ''))."""
    of = french_of(name)
    label = texts.t("col_card_of", lang, player=_SENTINEL, of_player=of[:len(of) - len(name)] + _SENTINEL)
    before, _, after = label.partition(_SENTINEL)
    return before, after


def card_heading(texts: Texts, name: str, width: float, sz: PageStyle) -> dict:
    """A player's column heading. On one line (or wrapped between words) when the words around the name
    fit the cell at full size; else stacked: the words before the name, the name on a line of its own,
    the words after it, all at one size between the heading's and 9 pt ('WWWWWWWWWWWWWWWW' / '’s card')."""
    room = width - 2 * CELL_PADDING
    parts = [_around(texts, lang, name) for lang in texts.langs]
    glued = [before.rsplit(" ", 1)[-1] + name + after.split(" ", 1)[0] for before, after in parts]  # 'Bo’s'
    if max(_name_mm(word, sz.cell_head) for word in glued) <= room:
        return {"stacked": False}
    size = max(HEAD_FLOOR[sz.large], min(sz.cell_head, room / _name_mm(name, 1.0)))
    lines = [(b.strip(), "normal" if i == 0 else "italic", "bold") for i, (b, _) in enumerate(parts) if b.strip()]
    lines.append((name, "normal", "bold"))
    lines += [(a.strip(), "normal" if i == 0 else "italic", "bold") for i, (_, a) in enumerate(parts) if a.strip()]
    return {"stacked": True, "size": round(size, 2), "lines": lines}


def record_sheet(paper: Paper, texts: Texts, *, names: list[str] | None, copies: int = 1,
                 group: int | None = None, large_print: bool = False) -> Node:
    """`copies` record sheets, numbered when several (or tagged with the kit's group)."""
    sz = page_style(large_print)
    label = {p: (names[i] if names else p) for i, p in enumerate(PLAYERS)}
    of = {p: french_of(label[p]) for p in PLAYERS}  # 'Carte d’Ana', 'Carte de Bo'
    leaders = [label[p] for p in first_leaders()]
    sz_col = paper.width - 2 * paper.safe_margin - 2 * sz.inset
    widths = record_widths(sz_col, [label[p] for p in PLAYERS], sz)
    headings = {p: card_heading(texts, label[p], widths[2 + i], sz) for i, p in enumerate(PLAYERS)}
    # trick 1's lead is printed where the name fits the Lead column; else the deal's band names the leader
    lead_fits = [_name_mm(name, HEAD_FLOOR[sz.large]) + 2 * CELL_PADDING <= widths[1] for name in leaders]
    pages = []
    for copy in range(1, copies + 1):
        tag = _tag(texts, group) if group else (_tag(texts, copy) if copies > 1 else "")
        doc = build_document("trick_record.xml.j2", paper=paper, texts=texts, players=PLAYERS, names=names or [],
                             label=label, of=of, leaders=leaders, deals=range(1, DEALS_PER_GAME + 1),
                             widths=widths, headings=headings, lead_fits=lead_fits,
                             group_tag=tag, sz=sz, pages=_pages(sz), thread=f"record-{copy}")
        pages.extend(doc.children)
    return make_document(pages, title=texts.t("record_title"),
                         subject=texts.t("record_subject"), width=paper.width,
                         height=paper.height, lang=texts.primary)
