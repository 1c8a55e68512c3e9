"""The commands' messages that a form can bring about, in the page's language.

The commands keep printing English in a terminal; the page recognises each such message by its shape and
shows the catalogue's sentence (templates/catalogues/web/<lang>.toml, keys msg.*) with the same values.
A message the table does not know is shown as the command printed it. tests/web/test_messages.py makes
every pattern here come out of a real command run, so a reworded check cannot leave its translation behind.
"""

import re

from cli.web.words import Words

_VALUE = r"'?(?P<value>.*?)'?"
PATTERNS: tuple[tuple[str, str], ...] = (
    ("msg.not_whole", rf"Invalid value for '(?P<option>[^']+)': {_VALUE} is not a valid int(eger| range)?\.?"),
    ("msg.not_number", rf"Invalid value for '(?P<option>[^']+)': {_VALUE} is not a valid float( range)?\.?"),
    ("msg.range", r"Invalid value for '(?P<option>[^']+)': (?P<value>\S+) is not in the range "
                  r"(?P<min>-?\d+)<=x<=(?P<max>-?\d+)\.?"),
    ("msg.groups_range", r"--groups (?P<value>\S+) is out of range; a kit holds 1 to (?P<max>\d+) groups"),
    ("msg.count_range", r"--(exercises|count) (?P<value>\S+) is out of range; a worksheet holds 1 to (?P<max>\d+) "
                        r"exercises"),
    ("msg.versions_range", r"--versions (?P<value>\S+) is out of range; use 1 to (?P<max>\d+) \(labelled A to Z\)"),
    ("msg.target_range", r"--target (?P<value>\S+) is out of range; use 1 to (?P<max>\d+)"),
    ("msg.title_empty", r"--title is empty; .*"),
    ("msg.title_long", r"--title has (?P<count>\d+) characters, too long for the cover; at most (?P<max>\d+) fit.*"),
    ("msg.offset_form", r"--back-offset: '(?P<value>.*)' is not an offset; .*"),
    ("msg.offset_margin", r"--back-offset (?P<value>\S+) moves the backs into the (?P<margin>[\d.]+) mm safe "
                          r"margin; .*"),
    ("msg.single_sided", r"--single-sided prints without duplex; leave out --duplex (?P<value>\w+) .*"),
    ("msg.level_alone", r"--level (?P<value>\S+) sets the worksheets' level; .*"),
    ("msg.only_group", r"--only-group (?P<value>\S+) is not one of the kit's (?P<groups>\d+) groups; .*"),
    ("msg.no_profile", r"no printer profile '(?P<value>.*)' \(saved: .*"),
    ("msg.profile_name_empty", r"printer name '' is not allowed; .*"),
    ("msg.profile_name", r"printer name '(?P<value>.*)' is not allowed; .*"),
    ("msg.offset_large", r"--back-offset (?P<value>\S+): each way at most (?P<max>\S+) mm; .*"),
    ("msg.size_small", r"--size (?P<value>\S+): .* is too small to play with; a card is at least (?P<min>\S+) mm"),
    ("msg.size_form", r"unknown card size '(?P<value>.*)'; .*"),
    ("msg.size_form", r"--size: '(?P<value>.*)' (is not a size; .*|must have a positive width and height)"),
    ("msg.size_large", r"--size (?P<value>\S+): .* is larger than any paper; a card side is at most (?P<max>\S+) mm"),
    ("msg.registration_cut", r"--registration marks are for a cutting machine; .*"),
    ("msg.registration_duplex", r"--registration needs duplex long or short: .*"),
    ("msg.reg_alone", r"--reg-inset, --reg-length and --reg-thickness adjust registration marks; .*"),
    ("msg.range", r"--reg-\w+ (?P<value>\S+) is out of range; give (?P<min>\S+) to (?P<max>\S+) mm .*"),
    ("msg.cut_fold", r"--cut-file cuts flat sheets; .*"),
    ("msg.offset_fold", r"--back-offset applies to duplex long, short or none, not to fold"),
    ("msg.plays_deal", r"--plays needs --deal: .*"),
    ("msg.unknown_card", r"--(only|deal|plays): unknown card '(?P<value>.*)'; .*"),
    ("msg.three_players", r"--players names (?P<count>\d+) players?; the trick game needs exactly 3.*"),
    ("msg.twinit_players", r"Twin It (?P<variant>\w+) is for (?P<min>\d+) to (?P<max>\d+) players, not (?P<value>\S+)"),
    ("msg.level_range", r"--level (?P<value>\S+) is out of range; .*"),
    ("msg.dreist_players", r"DREIst! is for 1 to 4 players, not (?P<value>\S+)"),
    ("msg.names_players", r"--names gives (?P<count>\d+) names but --players says (?P<value>\d+); .*"),
    ("msg.per_page", r"--per-page (?P<value>\S+) is not possible; use 1, 2 or 4"),
    ("msg.kinds", r"unknown exercise kind '(?P<value>.*)'; .*"),
    ("msg.kinds_empty", r"--kinds is empty; .*"),
    ("msg.kind_level", r"kind '(?P<kinds>[\w-]+)' shows a whole deal and needs --level 3; .*"),
    ("msg.deal", r"deal '(?P<value>.*)': .*"),
    ("msg.deal_no_hand", r"player (?P<player>\w) has no hand; .*"),
    ("msg.deal_hand_size", r"player (?P<player>\w) holds (?P<count>\d+) cards?; each hand holds (?P<max>\d+)"),
    ("msg.deal_twice", r"card (?P<card>\w+) is dealt (twice to \w|to \w and to \w); .*"),
    ("msg.deal_player", r"unknown player '(?P<value>.*)' in the deal; .*"),
    ("msg.deal_player_twice", r"player (?P<player>\w) appears twice in the deal"),
    ("msg.plays_tricks", r"the plays hold (?P<count>\d+) tricks?; a deal has (?P<max>\d+), .*"),
    ("msg.trick_cards", r"trick (?P<trick>\d+) has (?P<count>\d+) cards?; .*"),
    ("msg.play_again", r"trick (?P<trick>\d+): (?P<player>\w) plays (?P<card>\w+), already played in trick "
                       r"(?P<earlier>\d+)"),
    ("msg.play_not_held", r"trick (?P<trick>\d+): (?P<player>\w) plays (?P<card>\w+), but \w+ is in "
                          r"(?P<holder>\w)'s hand; .*"),
    ("msg.play_revoke", r"trick (?P<trick>\d+): (?P<player>\w) played (?P<card>\w+) but holds (?P<holds>.+), and "
                        r"(?P<suit>\w+) was led .*"),
    ("msg.plays_none", r"no plays given; .*"),
    ("msg.seed_deal", r"--seed generates the deal and its plays; .*"),
    ("msg.name_long", r"(?P<option>.+): name '(?P<value>.*)' has (?P<count>\d+) characters; at most (?P<max>\d+) fit a "
                      r"cell"),
    ("msg.names_row", r"names file .*, row (?P<row>\d+): (?P<count>\d+) names?; each row needs exactly 3"),
    ("msg.names_empty", r"names file .* is empty; .*"),
    ("msg.names_many", r"names file .* has (?P<count>\d+) rows; a kit holds at most (?P<max>\d+) groups"),
    ("msg.names_groups", r"the names file lists (?P<count>\d+) groups but --groups says (?P<value>\d+); .*"),
    ("msg.name_empty", r"(?P<option>.+): name (?P<position>\d+) is empty; .*"),
)


# Values a message quotes that are an option's choice: the page names them as its select or boxes do ('Clans',
# 'Trouver l’erreur'); a suit by its name in the page's language ('cercle').
CHOSEN = ("variant", "suit", "kinds")


def translate(message: str, words: Words) -> str:
    """The message in the page's language when the catalogue has it, else as the command printed it."""
    for key, pattern in PATTERNS:
        match = re.fullmatch(pattern, message)
        if match:
            values = {k: v for k, v in match.groupdict().items() if v is not None}
            values |= {k: words.choice(k, v) for k, v in values.items() if k in CHOSEN}
            if "holds" in values:  # 'T3 and T2': card codes are the same in every language, 'and' is not
                values["holds"] = values["holds"].replace(" and ", ", ")
            return words(key, **values)
    return message


# The kit's report on stderr (cli/commands/kit_report.py): how many sheets, and how to print them.
_PRINTING = (r"kit: (?P<sheets>\d+) sheets .*?print it as one job, "
             r"(?:duplex, flip on (?P<edge>long|short) edge|single-sided), at 100%")


def printing(stderr: str, words: Words) -> str:
    """How to print what a run made, as the command advised it, in the page's language ('' if it said nothing)."""
    found = re.search(_PRINTING, " ".join(stderr.split()))
    if found is None:
        return ""
    return words(f"print_{found['edge'] or 'single'}", sheets=found["sheets"])
