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
    explain,
    first_leaders,
)
from cli.layout.markup import Node
from cli.layout.sizes import Paper


def _tag(texts: Texts, group: int | None) -> str:
    return texts.t("group_label", group=group) if group else ""


def _rows(played: PlayedDeal) -> list[dict]:
    return [{"number": t.number, "leader": t.leader, "winner": t.winner,
             "cards": {p.player: p.card for p in t.plays}} for t in played.tricks]


def forced_reason(trick: Trick, play: Play) -> dict:
    """Why a follower who could not win the trick had to play that card, as the play stood when the card
    was laid: it was beating the cards before it and a later card beat it, or an earlier card already beat
    it. The catalogue key and its arguments (the suit name is the template's, per language)."""
    before = trick.plays[:trick.plays.index(play)]
    best = max((p for p in before if p.card.suit == trick.led_suit), key=lambda p: p.card.value)
    if play.card.value > best.card.value:
        beater = next(p for p in trick.plays[len(before) + 1:]
                      if p.card.suit == trick.led_suit and p.card.value > play.card.value)
        key = "answer_forced_later"
    else:
        beater, key = best, "answer_forced_beaten"
    return {"key": key, "args": {"player": play.player, "card": play.card.code, "beater": beater.player,
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
                          pages=_pages(sz), hands=hands, rows=_rows(played), group_tag=_tag(texts, group),
                          seats=names or [])


def demo_answers(played: PlayedDeal, paper: Paper, texts: Texts, group: int | None = None,
                 large_print: bool = False) -> Node:
    sz = page_style(large_print)
    return build_document(
        "trick_demo_answers.xml.j2", paper=paper, texts=texts, notes=_notes(explain(played)), sz=sz, pages=_pages(sz),
        players=PLAYERS, rows=_rows(played), totals=played.totals, all_cards_once=all_cards_once(played),
        deal_text=format_deal(played.deal), first_leader=played.tricks[0].leader, group_tag=_tag(texts, group),
    )


def demo_document(played: PlayedDeal, paper: Paper, texts: Texts, large_print: bool = False) -> Node:
    """Students' page, then the answer key starting on a new sheet."""
    return assemble(
        [Part(demo_students(played, paper, texts, large_print=large_print)),
         Part(demo_answers(played, paper, texts, large_print=large_print), new_sheet=True)],
        paper, texts, large=large_print, title=texts.t("demo_title"), subject=texts.t("demo_subject"),
    )


def record_sheet(paper: Paper, texts: Texts, names: list[str] | None, copies: int,
                 group: int | None = None, large_print: bool = False) -> Node:
    """`copies` record sheets, numbered when several (or tagged with the kit's group)."""
    sz = page_style(large_print)
    label = {p: (names[i] if names else p) for i, p in enumerate(PLAYERS)}
    of = {p: french_of(label[p]) for p in PLAYERS}  # 'Carte d’Ana', 'Carte de Bo'
    leaders = [label[p] for p in first_leaders()]
    pages = []
    for copy in range(1, copies + 1):
        tag = _tag(texts, group) if group else (_tag(texts, copy) if copies > 1 else "")
        doc = build_document("trick_record.xml.j2", paper=paper, texts=texts, players=PLAYERS, names=names or [],
                             label=label, of=of, leaders=leaders, deals=range(1, DEALS_PER_GAME + 1),
                             group_tag=tag, sz=sz, pages=_pages(sz), thread=f"record-{copy}")
        pages.extend(doc.children)
    return make_document(pages, title=texts.t("record_title"),
                         subject=texts.t("record_subject"), width=paper.width,
                         height=paper.height, lang=texts.primary)
