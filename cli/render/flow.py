"""Stack headings, paragraphs, figures and side-by-side columns down a box, refusing overflow."""

from reportlab.lib.units import mm

from cli.errors import ContentOverflow
from cli.layout.markup import Node
from cli.layout.units import MM_PER_PT
from cli.render.fonts import face
from cli.render.text import leading_mm, width_mm, wrap

BULLET_INDENT = 3.5  # mm from a bullet to its text, at least
BULLET_GAP = 1.2  # mm between a wide bullet ('12.') and its text


def bullet_indent(node: Node) -> float:
    """Room for the bullet: the usual indent, or the bullet's own width and a gap when wider."""
    return max(BULLET_INDENT, width_mm(node.bullet, node.size, face(node.weight, node.style)) + BULLET_GAP)


def block_height(node: Node, w: float, gap: float) -> float:
    """How tall a flow child is at width w, without drawing it."""
    if node.tag in ("heading", "p"):
        indent = node.indent + (bullet_indent(node) if node.tag == "p" and node.bullet else 0.0)
        lines = wrap(node.text, node.size, w - indent, face(node.weight, node.style))
        before = node.before if node.tag == "heading" else 0.0
        return before + len(lines) * leading_mm(node.size, getattr(node, "leading", None))
    if node.tag == "figure":
        return node.h
    if node.tag == "columns":
        col_w = (w - node.gap * (len(node.children) - 1)) / max(1, len(node.children))
        return max((stack_height(col.children, col_w, gap) for col in node.children), default=0.0)
    return 0.0


def stack_height(children: list[Node], w: float, gap: float) -> float:
    heights = [block_height(child, w, gap) + _space_after(child, gap) for child in children]
    return sum(heights) - (_space_after(children[-1], gap) if children else 0.0)


def _space_after(node: Node, gap: float) -> float:
    return node.space if node.tag == "heading" else gap


def draw_stack(painter, children: list[Node], x: float, y: float, w: float, gap: float) -> float:
    """Draw children downwards from y; the y reached."""
    for child in children:
        height = block_height(child, w, gap)
        if child.tag == "heading":
            painter.paragraph(child, x + child.indent, y + child.before, w - child.indent)
        elif child.tag == "p":
            indent = child.indent
            if child.bullet:
                painter.draw_string(x + indent, y + child.size * MM_PER_PT * 0.78, child.bullet,
                                    child.size, face(child.weight, child.style), "left")
                indent += bullet_indent(child)
            painter.paragraph(child, x, y, w, indent)
        elif child.tag == "figure":
            painter.c.saveState()
            painter.c.translate(x * mm, -y * mm)
            painter.draw_all(child.children)
            painter.c.restoreState()
        elif child.tag == "columns":
            _draw_columns(painter, child, x, y, w, gap)
        y += height + _space_after(child, gap)
    return y


def _draw_columns(painter, node: Node, x: float, y: float, w: float, gap: float) -> None:
    count = len(node.children)
    col_w = (w - node.gap * (count - 1)) / max(1, count)
    for i, column in enumerate(node.children):
        draw_stack(painter, column.children, x + i * (col_w + node.gap), y, col_w, gap)
    if node.rule and count > 1:
        height = block_height(node, w, gap)
        painter.c.setLineWidth(0.2 * mm)
        painter.c.setDash([])
        for i in range(1, count):
            mid = x + i * (col_w + node.gap) - node.gap / 2
            painter.c.line(*painter.pt(mid, y), *painter.pt(mid, y + height))


def draw_flow(painter, node: Node) -> None:
    needed = stack_height(node.children, node.w, node.gap)
    if needed > node.h + 1e-6:
        raise painter.fail(node, f"content needs {needed:.1f} mm but the box is {node.h:.1f} mm high "
                                 f"(overflow by {needed - node.h:.1f} mm)", ContentOverflow)
    draw_stack(painter, node.children, node.x, node.y, node.w, node.gap)


def _fill_chain(flows: list[Node], blocks: list[Node], thread: str) -> list[list[Node]]:
    """Blocks for each flow of a thread, in order; a heading never ends a flow if more follows."""
    shares: list[list[Node]] = []
    i = 0
    for flow in flows:
        share: list[Node] = []
        used = 0.0
        while i < len(blocks):
            height = block_height(blocks[i], flow.w, flow.gap)
            if height > flow.h + 1e-6:
                raise ContentOverflow(f"thread '{thread}': a block {height:.1f} mm tall cannot fit a "
                                      f"{flow.h:.1f} mm flow (markup line {blocks[i].lineno})")
            extra = height + (_space_after(share[-1], flow.gap) if share else 0.0)
            if used + extra > flow.h + 1e-6:
                break
            share.append(blocks[i])
            used += extra
            i += 1
        while share and share[-1].tag == "heading" and i < len(blocks):
            share.pop()
            i -= 1
        shares.append(share)
    if i < len(blocks):
        raise ContentOverflow(f"thread '{thread}': {len(blocks) - i} blocks do not fit its "
                              f"{len(flows)} flows (the content needs more pages)")
    return shares


def thread_flows(document: Node) -> Node:
    """Pour each thread's content through its flows page by page; drop optional pages left empty."""
    chains: dict[str, list[Node]] = {}
    for page in document.children:
        for child in page.children:
            if child.tag == "flow" and child.thread:
                chains.setdefault(child.thread, []).append(child)
    if not chains:
        return document
    filled: dict[int, list[Node]] = {}
    for thread, flows in chains.items():
        blocks = [block for flow in flows for block in flow.children]
        for flow, share in zip(flows, _fill_chain(flows, blocks, thread), strict=True):
            filled[id(flow)] = share
    pages = []
    for page in document.children:
        # a filled flow is no longer threaded: laying the document out again leaves it as it is
        children = [Node(c.tag, {**c.attrs, "thread": None}, c.lineno, filled[id(c)], c.text) if id(c) in filled
                    else c for c in page.children]
        threaded = [c for c in page.children if id(c) in filled]
        if page.optional and threaded and not any(filled[id(c)] for c in threaded):
            continue
        pages.append(Node(page.tag, page.attrs, page.lineno, children, page.text))
    return Node(document.tag, document.attrs, document.lineno, pages, document.text)
