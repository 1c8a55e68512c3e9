"""The facilitator's guide: a timed lesson plan and the open deal with its activities, every answer taken
from the trick engine (cli/games/guide_deal.py), the words from the catalogues."""

from collections.abc import Callable

from cli.documents.handouts import catalogue_titles, handout_title
from cli.documents.language import Texts
from cli.documents.page_style import page_style
from cli.documents.templating import build_document
from cli.documents.trick_docs import cards_said, suit_said, trick_rows
from cli.games.guide_deal import GuideDeal
from cli.games.trick import PLAYERS
from cli.layout.markup import Element
from cli.layout.sizes import Paper
from cli.records import Record


class Step(Record):
    """One step of the timed plan: its minutes and the catalogue keys of its title, text and material."""

    start: int
    end: int
    title: str
    text: str
    uses: str


PLAN = (  # about 45 minutes, each step naming what it uses
    Step(0, 5, "guide_s1_title", "guide_s1_text", "guide_s1_uses"),
    Step(5, 10, "guide_s2_title", "guide_s2_text", "guide_s2_uses"),
    Step(10, 20, "guide_s3_title", "guide_s3_text", "guide_s3_uses"),
    Step(20, 28, "guide_s4_title", "guide_s4_text", "guide_s4_uses"),
    Step(28, 42, "guide_s5_title", "guide_s5_text", "guide_s5_uses"),
    Step(42, 45, "guide_s6_title", "guide_s6_text", "guide_s6_uses"),
)


class Activity(Record):
    heading: str  # catalogue key
    text: str  # catalogue key
    values: dict  # its placeholders; a callable gives the words of one language


def _joined(parts: list[Callable[[str], str]], texts: Texts, *, clauses: bool = False) -> Callable[[str], str]:
    """Phrases joined as a list, 'C plays S3 and A plays C3'; `clauses` that hold their own 'or' and 'and'
    are set apart instead: 'B may play T1 or T3; C has to play T2'."""
    def said(lang: str) -> str:
        words = [part(lang) for part in parts]
        if clauses:
            return texts.t("guide_list_sep", lang).join(words)
        if len(words) == 1:
            return words[0]
        return f"{', '.join(words[:-1])} {texts.t('guide_and', lang)} {words[-1]}"
    return said


def _allowed(guide: GuideDeal, texts: Texts, trick: int) -> Callable[[str], str]:
    """What each follower of a trick was allowed to play, in words."""
    led = guide.played.tricks[trick - 1].plays[0].card
    parts = []
    for turn in (c for c in guide.choices if c.trick == trick):
        if turn.case == "void":
            key = "guide_allowed_any"
            values = {"cards": cards_said(turn.held, texts, "guide_or"), "suit": suit_said(texts, led.suit)}
        elif len(turn.allowed) == 1:
            key, values = "guide_allowed_one", {"card": turn.allowed[0].code}
        else:
            key, values = "guide_allowed_many", {"cards": cards_said(turn.allowed, texts, "guide_or")}
        parts.append(lambda lang, key=key, values=values, player=turn.player:
                     texts.t(key, lang, player=player, **values))
    return _joined(parts, texts, clauses=True)


def activities(guide: GuideDeal, texts: Texts) -> list[Activity]:
    """The activities on the open deal, in the order of the source's list, each filled in from the deal."""
    tricks = guide.played.tricks
    first = tricks[0]
    legal = Activity("guide_legal_heading", "guide_legal", {
        "trick": first.number, "leader": first.leader, "card": first.plays[0].card.code,
        "allowed": _allowed(guide, texts, first.number), "winner": first.winner,
        "win_card": first.winning_play.card.code})
    follow = guide.follow
    if len(follow.suit_held) > 1:
        follow_values = {"held": cards_said(follow.suit_held, texts, "guide_and"), "card": follow.card.code}
        follow_key = "guide_follow_many"
    else:
        follow_values = {"card": follow.card.code, "suit": suit_said(texts, follow.card.suit)}
        follow_key = "guide_follow_one"
    following = Activity("guide_follow_heading", follow_key, {
        "trick": follow.trick, "player": follow.player, "win_card": follow.winner_card.code, **follow_values})
    passed = guide.lead_pass.trick
    passing = Activity("guide_pass_heading", "guide_pass", {
        "winner": passed.winner, "trick": passed.number, "win_card": passed.winning_play.card.code,
        "leader": passed.leader, "next": passed.number + 1, "next_card": guide.lead_pass.next_card.code})
    other = guide.discard.trick
    discards = [lambda lang, p=p: texts.t("guide_discard_item", lang, player=p.player, card=p.card.code)
                for p in guide.discard.plays]
    others = Activity("guide_other_heading", "guide_other", {
        "trick": other.number, "leader": other.leader, "card": other.plays[0].card.code,
        "suit": suit_said(texts, other.plays[0].card.suit), "discards": _joined(discards, texts),
        "winner": other.winner, "win_card": other.winning_play.card.code})
    revoke = guide.revoke
    mistake = Activity("guide_mistake_heading", "guide_mistake", {
        "trick": revoke.trick, "player": revoke.player, "wrong": revoke.wrong.code,
        "held": cards_said(revoke.suit_held, texts, "guide_and")})
    questions = Activity("questions_heading", "guide_questions", {})  # the students' page's heading
    return [legal, following, passing, others, mistake, questions]


def lesson_plan(*, worksheets: bool, in_kit: bool, one_group: bool = False, own_deals: bool = False
                ) -> tuple[Step, ...]:
    """The timed plan; its last step names the kit's worksheets when it has them, else says in words how to
    get them (a paper plan for an adult names no terminal command), and that they are not in this kit only
    in a kit (a guide printed alone is no kit: second teacher review #4). `one_group`: the steps seat three
    players and use one group's material, with no groups to make and nobody left over (a family's kit); the open
    deal is played on its one deck, where a class plays it in every group on the group's own (fourth teacher
    review #7). `own_deals`: a kit of several groups gives each its own demonstration deal and key, and the
    demonstration step says so (fourth teacher review #3)."""
    plan = list(PLAN)
    if own_deals:
        plan[3] = plan[3]._replace(text="guide_s4_text_groups", uses="guide_s4_uses_groups")
    if one_group:
        plan[0] = plan[0]._replace(text="guide_s1_text_one", uses="guide_s1_uses_one")
        plan[2] = plan[2]._replace(text="guide_s3_text_one", uses="guide_s3_uses_one")  # one deck on the table
        plan[4] = plan[4]._replace(uses="guide_s5_uses_one")
    if not worksheets:
        plan[-1] = plan[-1]._replace(uses="guide_s6_uses_kit_none" if in_kit else "guide_s6_uses_none")
    return tuple(plan)


def guide_document(guide: GuideDeal, paper: Paper, texts: Texts, large_print: bool = False, *,
                   worksheets: bool = False, in_kit: bool = False, one_group: bool = False, own_deals: bool = False,
                   where: dict[str, Callable[[str], str]] | None = None) -> Element:
    """The guide in the chosen languages (two side by side, or one after the other in large print); its
    flow takes the pages it needs. `in_kit`: it opens a kit's facilitator's part; `worksheets`: that kit
    holds practice worksheets; `one_group`: that kit is for one group of three (no groups to form); `own_deals`:
    its groups each have their own demonstration deal; `where`: by step (its title's key), the kit's pages of
    what it uses, in words (a guide printed alone names the documents without pages)."""
    titles = catalogue_titles(texts, "guide_title")
    played = guide.played
    return build_document(
        "guide.xml.j2", paper=paper, texts=texts, sizes=page_style(large_print), page_titles=titles,
        plan=lesson_plan(worksheets=worksheets, in_kit=in_kit, one_group=one_group, own_deals=own_deals),
        where=where or {},
        intro_key="guide_intro_one" if one_group else "guide_intro",
        activities=activities(guide, texts), players=PLAYERS, rows=trick_rows(played), totals=played.totals,
        hands=[(p, played.deal.hands[p]) for p in PLAYERS], first_leader=played.tricks[0].leader,
        named={"trick": handout_title("trick"), "reminder": texts.of("reminder_title")})
