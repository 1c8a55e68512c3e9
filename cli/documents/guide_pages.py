"""The kit's pages that the facilitator's guide gives for what each step uses (fourth teacher review #3).

A step names things (the cards, the demonstration page, the answer keys…); in a kit its material line ends with
where they are, e.g. "Kit pages: cards 3–6 (group 1), 15–18 (group 2)". The pages are references that the layout
pass resolves (`page_span`), as the cover's are, so they are the pages the kit really has.
"""

from collections.abc import Callable

from cli.documents.assembly import page_span
from cli.documents.language import Texts
from cli.records import Record

Said = Callable[[str], str]  # words in one language
SHOWN = 3  # an item of more groups: the first two, '…', the last (the cover lists every group's)


class Item(Record):
    """Something a step uses: its name's catalogue key, and its parts in the assembled kit, each (its group's
    number, or 0 where the kit's one copy serves every group; first part, end part)."""

    key: str
    spans: tuple[tuple[int, int, int], ...]


def item_words(texts: Texts, item: Item) -> Said:
    """'cards 3–6 (group 1), 15–18 (group 2)', or 'answer keys 31–34'."""
    def said(lang: str) -> str:
        pages = [texts.t("guide_group_pages", lang, pages=page_span(first, end - 1), group=group) if group
                 else page_span(first, end - 1) for group, first, end in item.spans]
        if len(pages) > SHOWN:
            pages = [*pages[:2], "…", pages[-1]]
        name = texts.t(item.key, lang).replace(" ", "\u00a0")  # 'record sheet 7' never breaks inside its name
        return texts.t("guide_item", lang, item=name, pages=", ".join(pages))
    return said


def where_words(texts: Texts, items: list[Item]) -> Said | None:
    """A step's 'Kit pages: …' sentence, or None when it uses nothing printed in the kit."""
    shown = [item_words(texts, item) for item in items if item.spans]
    if not shown:
        return None
    return lambda lang: texts.t("guide_where", lang, items="\u00a0· ".join(words(lang) for words in shown))
