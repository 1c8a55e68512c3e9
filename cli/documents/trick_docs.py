"""The trick game's printables: the demonstration deal (students' page, answer key) and the record sheet."""

import math
from collections.abc import Callable

from cli.documents.assembly import Part, assemble, make_document
from cli.documents.handouts import catalogue_titles
from cli.documents.language import Texts
from cli.documents.languages import language
from cli.documents.page_style import PageStyle, page_style
from cli.documents.templating import build_document
from cli.documents.typography import french_of
from cli.games.cards import SUIT_SHAPES, Card
from cli.games.trick import DEALS_PER_GAME, PLAYERS, TRICKS_PER_DEAL, Deal, PlayedDeal, all_cards_once, first_leaders
from cli.games.turns import had_choice, turns
from cli.layout.columns import share_widths
from cli.layout.markup import Element
from cli.layout.measure import text_width
from cli.layout.pagination import ALT_GAP, CELL_PADDING
from cli.layout.sizes import Paper, sheet_shares, sheet_value

MARKUP_ROUNDING = 0.01  # mm: widths reach the markup with 3 decimals
_SENTINEL = "Qqq"  # stands for a name while a label is split around it


def _tag(texts: Texts, group: int | None) -> list[str]:
    """The page header's group tag, one per language (the header sets the second in italic)."""
    return texts.each("group_label", group=group) if group else []


def deal_words(deal: Deal) -> Callable[[str], str]:
    """The deal as a teacher reads it on the answer key ('A: C1, C4, T2, S3; B: …'), not the `--deal`
    notation; French gets its spaces before ':' and ';', which the label's typesetting makes no-break."""
    def shown(lang: str) -> str:
        space = " " if language(lang).punctuation == "french" else ""
        return f"{space}; ".join(f"{p}{space}: {', '.join(str(c) for c in deal.hands[p])}" for p in PLAYERS)
    return shown


def trick_rows(played: PlayedDeal) -> list[dict]:
    """Each trick as the play table draws it: number, leader, winner and every player's card, and whether each
    player had a choice (question 3's answers)."""
    choice = had_choice(played)
    return [{"number": t.number, "leader": t.leader, "winner": t.winner, "led": t.plays[0].card.shape,
             "win_card": t.winning_play.card.code, "cards": {p.player: p.card for p in t.plays},
             "choice": {p: choice[t.number, p] for p in PLAYERS}}
            for t in played.tricks]


def cards_said(cards: tuple[Card, ...] | list[Card], texts: Texts, word: str) -> Callable[[str], str]:
    """'T1 or T3', 'C4, S1 or S3' in each language ('and' with word='guide_and')."""
    codes = [card.code for card in cards]

    def said(lang: str) -> str:
        if len(codes) == 1:
            return codes[0]
        return f"{', '.join(codes[:-1])} {texts.t(word, lang)} {codes[-1]}"
    return said


CHOICE_REASONS = {"void": "answer_choice_void", "several": "answer_choice_several", "only": "answer_choice_only"}
# a follower's case (cli/games/turns.py): why yes or no to question 3; a leader's and the last trick's ("lead",
# "last") are said once for the whole deal (answer_choice_rule)


def choice_notes(played: PlayedDeal, texts: Texts) -> list[dict]:
    """Each trick with the reasons of its followers' answers to question 3, and the last trick's discards (they
    never win); the words are the catalogue's, the facts the engine's."""
    notes, played_turns = [], turns(played)
    for trick in played.tricks:
        reasons = []
        for turn in (t for t in played_turns if t.trick == trick.number and t.case in CHOICE_REASONS):
            args = {"player": turn.player, "card": turn.played.code, "suit": suit_said(texts, trick.led_suit)}
            if turn.case == "several":
                args["others"] = cards_said(turn.others, texts, "guide_or")
            reasons.append({"key": CHOICE_REASONS[turn.case], "args": args})
        if trick.number == len(played.tricks):
            reasons.extend({"key": "answer_last_discard", "args": {"player": p.player, "card": p.card.code}}
                           for p in trick.discards)
        notes.append({"trick": trick, "reasons": reasons})
    return notes


def suit_said(texts: Texts, suit: str) -> Callable[[str], str]:
    """A suit's name in each language ('circle', 'cercle', 'Kreis')."""
    return lambda lang: texts.t(f"{SUIT_SHAPES[suit]}_name", lang)


def demo_students(played: PlayedDeal, paper: Paper, texts: Texts, group: int | None = None,
                  large_print: bool = False, names: list[str] | None = None, pupil: str = "") -> Element:
    """The students' page of one child, `pupil` on its name line (blank: written by hand); with names (a
    kit's class list), who sits at A, B and C."""
    sizes = page_style(large_print)
    hands = [(p, played.deal.hands[p]) for p in PLAYERS]
    return build_document("trick_demo_students.xml.j2", paper=paper, texts=texts, players=PLAYERS, sizes=sizes,
                          hands=hands, rows=trick_rows(played), group_tag=_tag(texts, group),
                          seats=names or [], pupil=pupil, page_titles=catalogue_titles(texts, "demo_title"))


def demo_answers(played: PlayedDeal, paper: Paper, texts: Texts, group: int | None = None,
                 large_print: bool = False, names: list[str] | None = None) -> Element:
    """The facilitator's key to the demonstration deal; with names (a kit's class list), who sat at A, B and C
    under its title, so that a pupil's page is checked without looking the letter up."""
    sizes = page_style(large_print)
    return build_document(
        "trick_demo_answers.xml.j2", paper=paper, texts=texts, notes=choice_notes(played, texts), sizes=sizes,
        players=PLAYERS, rows=trick_rows(played), totals=played.totals, all_cards_once=all_cards_once(played),
        deal_text=deal_words(played.deal), first_leader=played.tricks[0].leader, group_tag=_tag(texts, group),
        page_titles=catalogue_titles(texts, "answers_title"), seats=names or [],
    )


def demo_document(played: PlayedDeal, paper: Paper, texts: Texts, large_print: bool = False) -> Element:
    """Students' page, then the answer key starting on a new sheet."""
    return assemble(
        [Part(demo_students(played, paper, texts, large_print=large_print)),
         Part(demo_answers(played, paper, texts, large_print=large_print), new_sheet=True)],
        paper, texts, large=large_print, title=texts.t("demo_title"), subject=texts.t("demo_subject"),
    )


def _bold(text: str, size: float, italic: bool = False) -> float:
    """A heading's width as the layout pass measures it (bold; the second language bold italic)."""
    return text_width(text, size, "bold-italic" if italic else "bold")


def _widest_word(texts_: list[str], size: float) -> float:
    """What a cell needs so that none of these texts breaks inside a word: its widest word, plus padding
    (and the markup's rounding of widths)."""
    words = [(word, i > 0) for i, text in enumerate(texts_) for word in text.split()]
    return max(_bold(word, size, italic) for word, italic in words) + 2 * CELL_PADDING + MARKUP_ROUNDING


def _widest_line(name: str, texts: Texts, size: float) -> float:
    """What a player's column needs for its heading stacked ('Carte' / 'd’Hélène' / '’s card'), each line
    whole at `size`."""
    return max(_bold(text, size, style == "italic") for text, style, _ in _stack(texts, name)) + (
        2 * CELL_PADDING + MARKUP_ROUNDING)


def _widest_label(texts: Texts, size: float) -> float:
    """What the Trick column needs so that every trick's label stands whole ('Pli 3', never 'Pli' / '3') at the
    labels' size, in every language shown (the second in italic, on a line of its own where they do not fit
    side by side)."""
    labels = [(label, i > 0) for number in range(1, TRICKS_PER_DEAL + 1)
              for i, label in enumerate(texts.each("col_trick_n", number=number))]
    return max(text_width(label, size, "italic" if italic else "regular") for label, italic in labels) + (
        2 * CELL_PADDING + MARKUP_ROUNDING)


def _least_widths(texts: Texts, labels: list[str], leaders: list[str], sizes: PageStyle, *,
                  whole_labels: bool = True) -> list[float]:
    """What each column of the record's table needs so that no word in it breaks or shrinks under the
    least heading size (a player's column: the name, with an elided "d’" glued to it; the Lead column:
    every deal's leader, at the cells' size) and no trick's label breaks at all (the Trick column; with
    `whole_labels` False, only its words)."""
    floor = sizes.body  # the least a name heading shrinks to: the body size children read
    headings = {key: texts.each(key) for key in ("col_trick", "col_leader", "col_winner")}
    steps = [step for number in range(1, TRICKS_PER_DEAL + 1) for step in texts.each("col_trick_n", number=number)]
    trick = _widest_word(headings["col_trick"] + steps, floor)
    return [max(trick, _widest_label(texts, sizes.cell_heading)) if whole_labels else trick,
            max(_widest_word(headings["col_leader"], floor), _widest_word(leaders, sizes.cell)),
            *(_widest_line(name, texts, floor) for name in labels),
            _widest_word(headings["col_winner"], floor)]


def names_fit(col: float, texts: Texts, names: list[str], leaders: list[str], sizes: PageStyle) -> bool:
    """Whether the names can head the record's columns and stand in its cells at the children's size: every
    column its least width, and the totals' first column the longest name."""
    return (sum(_least_widths(texts, names, leaders, sizes)) <= col
            and _widest_word(names, sizes.cell) <= col * sheet_shares("record", "totals_shares")[0])


def record_widths(col: float, texts: Texts, labels: list[str], leaders: list[str], sizes: PageStyle) -> list[float]:
    """Trick, Lead, three players' cards, Winner: sized to their content with the layout pass's metrics.

    Each column gets at least what its widest word needs (`_least_widths`), and as much as a fair share or
    its text at full size would take (a player's heading on one line). The Trick column's whole labels are a
    floor, not a share: the columns are shared by words, and again by whole labels only where the Trick column
    came out narrower than they need (a long name's column took it), so that the sheets whose labels already
    stood whole keep their widths.
    """
    steps = texts.each("col_trick_n", number=4)
    least = _least_widths(texts, labels, leaders, sizes)
    base = col * 0.19
    steps_on_one_line = sum(text_width(step, sizes.cell_heading, "italic" if i else "regular")
                            for i, step in enumerate(steps)) + ALT_GAP * (len(steps) - 1) + 2 * CELL_PADDING
    wanted = [max(col * 0.13, steps_on_one_line), max(col * 0.16, _widest_word(leaders, sizes.cell)),
              *(max(base, _widest_word(_glued(texts, name), sizes.cell_heading)) for name in labels),
              col * 0.14]
    by_words = share_widths(col, _least_widths(texts, labels, leaders, sizes, whole_labels=False), wanted)
    return by_words if by_words[0] >= least[0] else share_widths(col, least, wanted)


def _around(texts: Texts, lang: str, name: str) -> tuple[str, str]:
    """The words of a player's column heading before and after the name, in one language: ('Carte de', ''),
    ('', '’s card'); French elision kept (('Carte d’', ''))."""
    of = french_of(name)
    label = texts.t("col_card_of", lang, player=_SENTINEL, of_player=of[:len(of) - len(name)] + _SENTINEL)
    before, _, after = label.partition(_SENTINEL)
    return before, after


def _glued(texts: Texts, name: str) -> list[str]:
    """The word that holds the name in each language's heading, as the heading wraps between words:
    'Bo’s', 'd’Ana', 'de' + 'Bo' → 'Bo'."""
    return [before.rsplit(" ", 1)[-1] + name + after.split(" ", 1)[0]
            for before, after in (_around(texts, lang, name) for lang in texts.langs)]


def _stack(texts: Texts, name: str) -> list[tuple[str, str, str]]:
    """A stacked heading's lines (text, style, weight): the words before the name, the name on a line of
    its own, the words after it; the second language in italic. What is glued to the name in a language stays
    on its line: an elided article ('Carte d’' → 'd’Hélène', a line never ends on an apostrophe), a possessive
    ('’s card' → 'Hélène’s', a line never starts with one). One name line for every language when they glue
    nothing else to it; else each language stacks its own ('Carte' / 'd’Hélène' / 'Hélène’s' / 'card')."""
    stacks = []
    for before, after in (_around(texts, lang, name) for lang in texts.langs):
        head, _, elided = before.rpartition(" ") if before and not before.endswith(" ") else (before, "", "")
        possessive, _, tail = after.partition(" ") if after and not after.startswith(" ") else ("", "", after)
        stacks.append((head.strip(), elided + name + possessive, tail.strip()))
    styles = ["normal" if i == 0 else "italic" for i in range(len(stacks))]
    if len({word for _, word, _ in stacks}) == 1:
        return [*((head, style, "bold") for (head, _, _), style in zip(stacks, styles, strict=True) if head),
                (stacks[0][1], "normal", "bold"),
                *((tail, style, "bold") for (_, _, tail), style in zip(stacks, styles, strict=True) if tail)]
    return [(text, style, "bold") for stack, style in zip(stacks, styles, strict=True) for text in stack if text]


def card_heading(texts: Texts, name: str, width: float, sizes: PageStyle) -> dict:
    """A player's column heading. On one line (or wrapped between words) when the words around the name
    fit the cell at full size; else stacked: the words before the name, the name on a line of its own
    (with its elided 'd’'), the words after it, all at one size between the heading's and the floor
    ('WWWWWWWWWWWWWWWW' / '’s card'). Measured with the layout pass's metrics."""
    room = width - 2 * CELL_PADDING
    glued = _glued(texts, name)
    if max(_bold(word, sizes.cell_heading, i > 0) for i, word in enumerate(glued)) <= room:
        return {"stacked": False}
    lines = _stack(texts, name)
    widest = max(_bold(text, 1.0, style == "italic") for text, style, _ in lines)
    size = max(sizes.body, min(sizes.cell_heading, (room - MARKUP_ROUNDING) / widest))
    return {"stacked": True, "size": math.floor(size * 100) / 100, "lines": lines}


def record_sheet(paper: Paper, texts: Texts, *, names: list[str] | None, copies: int = 1,
                 group: int | None = None, large_print: bool = False) -> Element:
    """`copies` record sheets, numbered when several (or tagged with the kit's group). Names too long to head
    the columns at the children's size (large print) are written on the seats' line instead, 'A: Name', and
    the table says A, B and C, as on a blank sheet."""
    sizes = page_style(large_print)
    col = paper.width - 2 * paper.safe_margin - 2 * sizes.inset
    seats = []
    if names and not names_fit(col, texts, names, [names[PLAYERS.index(p)] for p in first_leaders()], sizes):
        names, seats = None, names
    label = {p: (names[i] if names else p) for i, p in enumerate(PLAYERS)}
    of = {p: french_of(label[p]) for p in PLAYERS}  # 'Carte d’Ana', 'Carte de Bo'
    leaders = [label[p] for p in first_leaders()]
    widths = record_widths(col, texts, [label[p] for p in PLAYERS], leaders, sizes)
    headings = {p: card_heading(texts, label[p], widths[2 + i], sizes) for i, p in enumerate(PLAYERS)}
    pages = []
    for copy in range(1, copies + 1):
        tag = _tag(texts, group) if group else (_tag(texts, copy) if copies > 1 else [])
        doc = build_document("trick_record.xml.j2", paper=paper, texts=texts, players=PLAYERS, names=names or [],
                             label=label, of=of, leaders=leaders, deals=range(1, DEALS_PER_GAME + 1),
                             widths=widths, headings=headings, seats=seats,
                             group_tag=tag, sizes=sizes, thread=f"record-{copy}",
                             closing_gap=sheet_value("page", "closing_gap"),
                             page_titles=catalogue_titles(texts, "record_title"))
        pages.extend(doc.children)
    return make_document(pages, title=texts.t("record_title"),
                         subject=texts.t("record_subject"), width=paper.width,
                         height=paper.height, lang=texts.primary)
