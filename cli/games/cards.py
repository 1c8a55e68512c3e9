"""The twelve shape cards and their notation: C, T or S followed by a value 1-4 (C4, T1, S3)."""


from cli.errors import PnpkitError
from cli.records import Record

SUITS = ("C", "T", "S")
SUIT_SHAPES = {"C": "circle", "T": "triangle", "S": "square"}
VALUES = (1, 2, 3, 4)


class Card(Record):
    """A card; cards sort by suit letter, then value."""

    suit: str
    value: int

    @property
    def code(self) -> str:
        return f"{self.suit}{self.value}"

    @property
    def shape(self) -> str:
        return SUIT_SHAPES[self.suit]

    def __str__(self) -> str:
        return self.code


def full_deck() -> list[Card]:
    """The twelve cards in a fixed order: circles, triangles, squares, each 1 to 4."""
    return [Card(suit, value) for suit in SUITS for value in VALUES]


def parse_card(text: str) -> Card:
    """'c4', 'T1' or ' s3 ' as a Card; anything else is a clear error."""
    code = text.strip().upper()
    if len(code) == 2 and code[0] in SUITS and code[1] in "0123456789" and int(code[1]) in VALUES:
        return Card(code[0], int(code[1]))
    raise PnpkitError.of("unknown_card", value=text.strip())
