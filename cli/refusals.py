"""Every refusal a form of the web page can bring about, by key: its English line, the one the terminal prints.

The checks raise `PnpkitError.of(key, **values)` (cli/errors.py); the page words the same key from the
values in its own language (templates/catalogues/web/<lang>.toml, msg.<key>), so a check reworded here
keeps its translations, and a new key without them fails tests/web/test_words.py. A key's English variant
after a dot ('size_form.unknown') is worded alike on the page. Values are as printed ('1.5', not 1.5).
"""

_PROFILE_NAME = "printer name '{value}' is not allowed; use up to 32 letters, digits, '-' or '_', e.g. lab-card"
_KINDS = "use all or some of: {kinds} (or 1-6)"

ENGLISH: dict[str, str] = {
    # numbers out of their range, checked by the core
    "groups_range": "--groups {value} is out of range; a kit holds 1 to {max} groups",
    "count_range": "{option} {value} is out of range; a worksheet holds 1 to {max} exercises",
    "count_range_none": "{option} {value} is out of range; give 0 for no worksheets, or 1 to {max} exercises a "
                        "worksheet",
    "groups_negative": "--groups {value} is not a number of groups; give 1 to {max}",
    "versions_range": "--versions {value} is out of range; use 1 to {max} (labelled A to Z)",
    "target_range": "--target {value} is out of range; use 1 to {max}",
    "target_coop": "--target does not apply to {variant}, which scores points rather than catches; leave --target out",
    "range.reg": "--reg-{field} {value} is out of range; give {min} to {max} mm "
                 "(as Silhouette Studio's Registration Marks panel shows it)",
    "only_group": "--only-group {value} is not one of the kit's groups (1 to {groups}); give the same --groups "
                  "or --names-file as the kit you reprint",
    # the cover's title and the players' names
    "title_empty": "--title is empty; give the class and teacher, e.g. --title 'CM2 B, Mme Diallo'",
    "title_long": "--title has {count} characters, too long for the cover; at most {max} fit "
                  "(e.g. the class and teacher)",
    "title_invisible": "--title '{value}' holds an invisible character ({code} {what}); remove it",
    "name_invisible": "{option}: name '{value}' holds an invisible character ({code} {what}); remove it",
    "names_csv": "{option}: '{value}' is not valid CSV ({why}); write names separated by commas, "
                 'with "quotes" around a name that holds a comma',
    "name_empty": "{option}: name {position} is empty; write names separated by commas, e.g. Ana,Bo,Cy",
    "name_twice": "{option}: '{value}' is given twice; tell the two apart, e.g. with an initial: {value} M,{value} D",
    "names_twice": "names file {path}, row {row}: '{value}' is given twice in one group; tell the two apart, "
                   "e.g. with an initial: {value} M,{value} D",
    "name_long": "{option}: name '{value}' has {count} characters; at most {max} fit a cell",
    "three_players": "{option}: the trick game needs exactly {max} names, not {count}, e.g. Ana,Bo,Cy",
    "names_players": "--names gives a different number of names ({count}) than --players says ({value}); "
                     "make them agree",
    "names_empty": "names file {path} is empty; write one row per group with three names",
    "names_not_text": "names file {path} is not a text (CSV) file (a picture, a PDF or a spreadsheet's own "
                      "format?); save the class list as CSV UTF-8, one row per group with three names",
    "names_utf8": "names file {path}: byte {byte} is not UTF-8; save the file as UTF-8",
    "names_large": "names file {path} is larger than {max} KiB; write one row of three names per group",
    "names_headings_only": "names file {path} holds only column headings (row {row}); write one row per group "
                           "with three names under them",
    "names_many": "names file {path} has {count} rows; a kit holds at most {max} groups",
    "names_row": "names file {path}, row {row}: each row needs exactly 3 names, this one has {count}",
    "names_groups": "the names file's number of groups ({count}) and --groups {value} differ; make them agree",
    # players of the score pads
    "twinit_players": "Twin It {variant} is for {min} to {max} players, not {value}",
    "dreist_players": "DREIst! is for {min} to {max} players, not {value}",
    # printing: duplex, offsets, printer profiles
    "single_sided": "--single-sided prints without duplex; leave out --duplex {value} (or use fold or none)",
    "level_alone": "--level {value} sets the worksheets' level; add --exercises N to have worksheets",
    "offset_margin": "--back-offset {x},{y} moves the backs into the {margin} mm safe margin; "
                     "measure it again with 'pnpkit calibrate' (offsets are a few mm at most)",
    "offset_large": "--back-offset {x},{y} is more than {max} mm one way; measure it again with "
                    "'pnpkit calibrate' (offsets are a few mm at most)",
    "offset_fold": "--back-offset applies to duplex long, short or none, not to fold",
    "profile_gone": "no printer profile '{value}' to remove (saved: {saved})",
    "no_profile": "no printer profile '{value}' (saved: {saved}); save it with "
                  "'pnpkit printer save {value} --back-offset X,Y'",
    "profile_name": _PROFILE_NAME,
    "profile_name_empty": _PROFILE_NAME,
    # cards: sizes, cut files, registration marks
    "size_small": "{what}: {value} mm is too small to play with; a card is at least {min} mm",
    "size_large": "{what}: {value} mm is larger than any paper; a card side is at most {max} mm",
    "size_form": "{what}: '{value}' is not a size; write width x height in mm, e.g. 60x90",
    "size_form.positive": "{what}: '{value}' must have a positive width and height",
    "size_form.unknown": "unknown card size '{value}'; use {sizes} or WxH in mm, e.g. 60x90",
    "registration_cut": "--registration marks are for a cutting machine; add --cut-file svg (or dxf)",
    "registration_duplex.fold": "--registration needs duplex long or short: --duplex fold folds the sheet before it "
                                "is cut, so the cutter would not find the marks where the cards are",
    "registration_duplex.none": "--registration needs duplex long or short: --duplex none prints the backs to be "
                                "glued on, so the cutter would not find the marks where the cards are",
    "reg_alone": "--reg-inset, --reg-length and --reg-thickness adjust registration marks; "
                 "add --registration silhouette",
    "cut_fold": "--cut-file cuts flat sheets; --duplex fold folds them first: use long, short or none",
    "unknown_card": "unknown card '{value}'; write C, T or S (circle, triangle, square) then 1-4, e.g. C4",
    "only_empty": "--only names no card; list the cards to print, e.g. C3,T1",
    "only_twice": "--only names {card} twice; list each card once, e.g. C3,T1",
    # worksheets
    "kinds_empty": "--kinds is empty; " + _KINDS,
    "kind_level": "kind '{kinds}' shows a whole deal and needs --level 3; use --level 3 or drop it",
    # the trick game's demonstration: its deal and plays
    "seed_deal": "--seed generates the deal and its plays; leave out --deal and --plays, or --seed",
    "plays_deal": "--plays needs --deal: give the hands the plays come from",
    "deal": "deal '{value}': start each hand with its player, e.g. A:C1,C4,T2,S3",
    "deal_player": "unknown player '{value}' in the deal; the players are A, B and C",
    "deal_player_twice": "player {player} appears twice in the deal",
    "deal_no_hand": "player {player} has no hand; write A:…, B:… and C:… with four cards each",
    "deal_hand_size": "each hand holds {max} cards; player {player} holds {count}",
    "deal_twice": "card {card} is dealt twice to {player}; each of the twelve cards is dealt once",
    "deal_twice.apart": "card {card} is dealt to {first} and to {player}; each of the twelve cards is dealt once",
    "plays_none": "no plays given; write the cards in playing order, tricks separated by /",
    "plays_tricks": "a deal has {max} tricks, separated by /; the plays hold {count}",
    "trick_cards": "each trick has 3 cards, one per player; trick {trick} has {count}",
    "play_again": "trick {trick}: {player} plays {card}, already played in trick {earlier}",
    "play_not_held": "trick {trick}: {player} plays {card}, but {card} is in {holder}'s hand; "
                     "check the playing order (leader first, then clockwise)",
    "play_revoke": "trick {trick}: {player} played {card} but holds {holds}, and {suit} was led "
                   "(a revoke: follow suit when you can)",
}
