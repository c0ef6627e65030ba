"""PBN 2.1 (Portable Bridge Notation) hand records: read and written back.

A PBN file is a list of games (boards), each a run of tag pairs
``[Name "value"]``, a tag's section data on the lines after it (the
``[Auction]`` calls, the ``[Play]`` tricks, the tables such as
``[OptimumResultTable]``), and commentary (``{...}`` over lines, ``;`` to
the end of a line); a blank line ends a game (so does a tag given twice,
but ``[Note]``, which a game may give many times).  ``%`` lines (escapes,
directives) before the first game are the file's header.  Read here:

- every board with its tags in order, repeated notes too (the board's
  name: its ``Board`` tag, else its place; its room: ``[Room]``), missing
  optional tags allowed, an empty ``[Contract ""]`` too; a value ``#`` is
  inherited from the board before (section 4.8); a game with no deal but a
  contract, auction or play is the other table of the board before
  (rpbridge.net writes them so): it takes that board's ``Board``,
  ``Dealer``, ``Vulnerable`` and ``Deal`` (as `Board.facts`);
- ``[Deal "N:... ... ... ..."]``, suits ``S.H.D.C``, with ``-`` for one hand
  left out: the fourth hand is the cards the three others lack;
- ``Dealer``, ``Vulnerable`` (None, NS, EW, All/Both, Love, -), ``Contract``
  and ``Declarer``: the position is at the contract's opening lead (trump
  its strain, the seat left of declarer on lead), or with no contract
  the project's ``[LeadStrain]`` and ``[LeadSeat]`` where given, else no
  trumps and the seat left of the dealer on lead;
- ``[Play "W"]``: the tricks, one a line, the cards in the order of the
  seats from the tag's seat (not the order played); a mark for no card
  (``-``, ``--``, ``+``, ``*``) ends the play, annotations (``!``, ``?``,
  ``=n=``, ``$n``) dropped; turned into our play order by the rules;
- ``[Auction "N"]`` kept as its text (its calls, alerts and notes read by
  `solver.games.whist.bridge`); comments kept as their text; Windows line
  ends and a byte order mark.

A board whose deal, dealer, vulnerability or contract does not read is a
`SkippedBoard`; a play that does not fit the deal is cut at the card that
does not, the problem in `Board.problems` (one line naming the board, the
tag and the card).

Written back (`write_pbn`): each board's tags, section data, comments,
blank lines and line ends as read, byte for byte (a value ``#`` as
written), with the tags `annotate` adds (the double-dummy table
``[OptimumResultTable]``, ``[OptimumScore]``, ``[ParContract]``) replacing
any of the same name.  A board read from another format is written with
what it has: its event, number, room, players, dealer, vulnerability,
deal, contract, declarer, result, auction with its alerts and notes, play,
the results a DDS list holds, and its commentary as comments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from solver.cards import FULL_DECK, NOTRUMP, SUIT_CHARS, CardSet, parse_strain, strain_text
from solver.doubledummy import declarer_tricks
from solver.errors import NotationError, TricksolverError
from solver.games.game import LEFT_OUT, PLAY_CUT, Board, SkippedBoard
from solver.games.whist import bridge
from solver.games.whist import par as par_module
from solver.games.whist.rules import FULL_HAND, SEATS, Whist
from solver.notation import SEAT_LETTERS
from solver.search_results import Table

FORMAT = "pbn"
TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
INHERIT = "#"  # a tag value taken from the board before
NO_CARD = "-"  # in a deal: a hand left out; in the play: no card
PLAY_END = "*"
ANNOTATION = re.compile(r"(\$\d+|=\d+=|[!?]+)")
CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(X{0,2})$", re.IGNORECASE)
PASSED = ("", "PASS", "P")
TABLE_TAG = "OptimumResultTable"
TABLE_HEAD = "Declarer;Denomination\\2R;Result\\2R"
SCORE_TAG = "OptimumScore"
PAR_TAG = "ParContract"
TABLE_STRAINS = (0, 1, 2, 3, NOTRUMP)  # S H D C NT, as hand-record software lists them
ANNOTATION_TAGS = (TABLE_TAG, SCORE_TAG, PAR_TAG)
PLAY_CARD = re.compile(r"^[SHDC][2-9TJQKA]$", re.IGNORECASE)  # a card of a [Play] section
LEAD_STRAIN_TAG, LEAD_SEAT_TAG = "LeadStrain", "LeadSeat"  # the project's own: a lead, no contract
EVENT_TAGS = ("Event", "Stage", "Scoring", "HomeTeam", "VisitTeam")  # of a vugraph's header
REPEATABLE_TAGS = ("Note",)  # tags a game may give many times (the others start a new game)
DEAL_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")  # what a game with no deal takes
PLAYED_TAGS = {"Contract", "Declarer", "Auction", "Play", "Result"}  # from the game before


@dataclass(frozen=True)
class PbnTag:
    """A tag pair as read: `value` as written (``#`` too), `data` the text
    after it up to the next tag (section data, comments, line ends) as
    written."""

    name: str
    value: str
    data: str = ""


@dataclass(frozen=True)
class PbnBoard:
    """What `write_pbn` needs to write a board back as it was read."""

    prefix: str  # text before its first tag (comments, blank lines)
    tags: tuple[PbnTag, ...]
    newline: str = "\n"  # the file's line end


def recognises(text: str) -> bool:
    """A PBN text: its first thing that is no comment nor directive is a tag pair."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("%", ";", "{")):
            continue
        return bool(TAG.match(stripped))
    return False


def _unescape(value: str) -> str:
    """A tag value as meant: ``\\"`` a quote, ``\\\\`` a backslash (any other
    backslash, as in ``\\2R``, as written)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _escape(value: str) -> str:
    return re.sub(r'(["\\])', r"\\\1", value) if '"' in value else value


# -- reading: the games of a file ----------------------------------------------------


def _split_games(text: str) -> tuple[str, list[tuple[str, list[PbnTag]]]]:
    """The header and each game (the text before its first tag, its tags)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    header_lines = []
    lines = text.split("\n")
    i = 0
    while i < len(lines) and (lines[i].startswith("%") or not lines[i].strip()):
        header_lines.append(lines[i])
        i += 1
    body = "\n".join(lines[i:])
    games: list[tuple[str, list[PbnTag]]] = []
    prefix, tags = "", list[PbnTag]()
    pos = 0
    pending = ""  # text since the last tag
    in_brace = False
    n = len(body)
    j = 0
    while j < n:
        c = body[j]
        if in_brace:
            if c == "}":
                in_brace = False
            j += 1
            continue
        if c == "{":
            in_brace = True
            j += 1
            continue
        if c == ";":
            end = body.find("\n", j)
            j = n if end < 0 else end
            continue
        if c == "\n":
            # a blank line ends a game
            k = j + 1
            while k < n and body[k] in " \t":
                k += 1
            if k < n and body[k] == "\n" and tags:
                pending += body[pos:j]
                _close(tags, pending)
                games.append((prefix, tags))
                prefix, tags, pending = "", [], ""
                pos = j + 1
            j += 1
            continue
        if c == "[":
            m = TAG.match(body, j)
            if m:
                pending += body[pos:j]
                name = m.group(1)
                if name not in REPEATABLE_TAGS and any(t.name == name for t in tags):
                    # a tag twice: a new game
                    _close(tags, pending)
                    games.append((prefix, tags))
                    prefix, tags, pending = "", [], ""
                if not tags:
                    prefix, pending = prefix + pending, ""
                else:
                    _close(tags, pending)
                    pending = ""
                tags.append(PbnTag(name, m.group(2)))
                j = pos = m.end()
                continue
        j += 1
    pending += body[pos:]
    if tags:
        _close(tags, pending)
        games.append((prefix, tags))
    elif games and (prefix + pending):  # after the last game: its blank line and what follows
        _close(games[-1][1], "\n" + prefix + pending)
    return "\n".join(header_lines), games


def _close(tags: list[PbnTag], data: str) -> None:
    """Give the last tag the text after it."""
    tags[-1] = replace(tags[-1], data=tags[-1].data + data)


def _comments(text: str) -> list[str]:
    found = re.findall(r"\{([^}]*)\}|;([^\n]*)", text)
    return [(brace or semi).strip() for brace, semi in found]


def _without_comments(text: str) -> str:
    return re.sub(r"\{[^}]*\}|;[^\n]*", " ", text)


def read_pbn(text: str, source: str = "PBN") -> list[Board | SkippedBoard]:
    """The boards of a PBN file's text that hold a deal (a board that
    cannot be read: a `SkippedBoard`)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    header, games = _split_games(text)
    boards: list[Board | SkippedBoard] = []
    previous: dict[str, str] = {}
    for place, (prefix, tags) in enumerate(games, 1):
        values: dict[str, str] = {}
        for tag in tags:
            value = _unescape(tag.value)
            if value == INHERIT:
                value = previous.get(tag.name, "")
            values.setdefault(tag.name, value)
        inherited: tuple[tuple[str, str], ...] = ()
        if "Deal" not in values and "Deal" in previous and PLAYED_TAGS & values.keys():
            # the other table of the board before (rpbridge.net writes it so)
            inherited = tuple((n, previous[n]) for n in DEAL_TAGS if n in previous)
            values = {**dict(inherited), **values}
        previous = {**previous, **values}
        if "Deal" not in values:
            continue
        name = values.get("Board", "").strip() or str(place)
        room = values.get("Room", "").strip()
        where = f"{source}: board {name}{room_words(room)}"
        comments = _comments(prefix) + [c for t in tags for c in _comments(t.data)]
        raw = PbnBoard(prefix if boards else header + prefix, tuple(tags), newline)
        try:
            boards.append(_board(name, where, values, tags, raw, comments, inherited))
        except NotationError as e:
            boards.append(SkippedBoard(name, str(e), room))
    return boards


def room_words(room: str) -> str:
    """The words naming a room after a board's number (``, closed room``)."""
    return f", {room.lower()} room" if room else ""


def _seat(text: str, tag: str, where: str) -> int:
    seat = text.strip().upper()
    if len(seat) != 1 or seat not in SEAT_LETTERS:
        raise NotationError(f"{where}: [{tag} {text!r}]: unknown seat (use N, E, S or W)")
    return SEAT_LETTERS.index(seat)


def read_deal(deal: str, where: str = "deal") -> tuple[int, list[CardSet]]:
    """(the first seat, the hands N E S W) of a PBN deal ``N:... ... ... ...``;
    one hand may be ``-``: it holds the cards the three others lack."""
    text = deal.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEAT_LETTERS:
        raise NotationError(f"{where}: [Deal {deal!r}]: expected 'N:' then four hands")
    first = SEAT_LETTERS.index(text[0].upper())
    items = text[2:].split()
    if len(items) != SEATS:
        raise NotationError(f"{where}: [Deal {deal!r}]: expected four hands, got {len(items)}")
    hands: list[CardSet | None] = [None] * SEATS
    for i, item in enumerate(items):
        seat = (first + i) % SEATS
        if item == NO_CARD:
            continue
        suits = item.split(".")
        if len(suits) != len(SUIT_CHARS):
            raise NotationError(
                f"{where}: [Deal]: hand {SEAT_LETTERS[seat]} {item!r}: expected four suits S.H.D.C"
            )
        try:
            hands[seat] = CardSet.parse(".".join(suits))
        except TricksolverError as e:
            raise NotationError(f"{where}: [Deal]: hand {SEAT_LETTERS[seat]}: {e}") from None
    return first, with_hand_left_out(hands, f"{where}: [Deal]", f" ('{NO_CARD}')")


def with_hand_left_out(
    hands: Sequence[CardSet | None], where: str, mark: str = ""
) -> list[CardSet]:
    """The four hands N E S W, one of which may be left out (None): it holds
    the cards the three others lack, when they are full hands and apart.
    NotationError starting `where` (and naming the left-out mark) if not."""
    missing = [s for s in range(SEATS) if hands[s] is None]
    if len(missing) > 1:
        raise NotationError(f"{where}: more than one hand left out{mark}")
    known = [h for h in hands if h is not None]
    if not missing:
        return known
    held = CardSet()
    for h in known:
        held = held | h
    if any(len(h) != FULL_HAND for h in known) or len(held) != len(known) * FULL_HAND:
        raise NotationError(f"{where}: a hand left out{mark} needs the three others full and apart")
    return [FULL_DECK - held if h is None else h for h in hands]


def _board(
    name: str,
    where: str,
    values: dict[str, str],
    tags: Sequence[PbnTag],
    raw: PbnBoard,
    comments: list[str],
    inherited: tuple[tuple[str, str], ...],
) -> Board:
    """A board whose deal, dealer, vulnerability and contract read
    (NotationError if not), its play cut at a card that does not fit."""
    first, hands = read_deal(values["Deal"], where)
    dealer = _seat(values["Dealer"], "Dealer", where) if values.get("Dealer", "").strip() else first
    vulnerable = values.get("Vulnerable", "").strip()
    if vulnerable:
        try:
            par_module.read_vulnerable(vulnerable)
        except TricksolverError as e:
            raise NotationError(f"{where}: [Vulnerable]: {e}") from None
    trump, leader = NOTRUMP, (dealer + 1) % SEATS
    contract = values.get("Contract", "").strip().upper()
    lead_strain, lead_seat = values.get(LEAD_STRAIN_TAG, ""), values.get(LEAD_SEAT_TAG, "")
    if contract in PASSED and lead_strain.strip() and lead_seat.strip():
        try:
            trump = parse_strain(lead_strain)
        except TricksolverError as e:
            raise NotationError(f"{where}: [{LEAD_STRAIN_TAG}]: {e}") from None
        leader = _seat(lead_seat, LEAD_SEAT_TAG, where)
    elif contract not in PASSED:
        m = CONTRACT.match(contract)
        if m is None:
            raise NotationError(
                f"{where}: [Contract {values['Contract']!r}]: not a contract like 4S, 3NTX"
            )
        trump = parse_strain(m.group(2))
        if values.get("Declarer", "").strip():
            leader = (_seat(values["Declarer"], "Declarer", where) + 1) % SEATS
    try:
        pos = Whist(hands, trump, leader, dealer=dealer)
    except TricksolverError as e:
        raise NotationError(f"{where}: [Deal]: {e}") from None
    play, problem = "", None
    play_tag = next((t for t in tags if t.name == "Play"), None)
    if play_tag is not None and play_tag.value.strip() not in ("", "-"):
        play, problem = _read_play(pos, play_tag, where)
    auction_tag = next((t for t in tags if t.name == "Auction"), None)
    auction = ""
    if auction_tag is not None:
        auction = " ".join(_without_comments(auction_tag.data).split())
    return Board(
        name,
        pos,
        tuple(
            (t.name, values.get(t.name, "") if t.value == INHERIT else _unescape(t.value))
            for t in tags
        ),
        play,
        auction,
        tuple(comments),
        FORMAT,
        raw,
        inherited,
        values.get("Room", "").strip(),
        () if problem is None else (problem,),
    )


def _resolved(tag: PbnTag, values: dict[str, str]) -> str:
    """A tag's value, ``#`` replaced by the value inherited."""
    return values.get(tag.name, "") if tag.value == INHERIT else _unescape(tag.value)


def _read_play(pos: Whist, tag: PbnTag, where: str) -> tuple[str, str | None]:
    """(the cards of a [Play] section in the order played, the problem that
    cut it short: None when it was read to its end).  A mark for no card
    (``-``, ``--``, ``+``, ``*``) ends the play; a problem only when cards
    follow it."""
    try:
        first = _seat(tag.value, "Play", where)
    except NotationError as e:
        return "", f"{e}; the play is {LEFT_OUT}"
    if first != pos.leader:
        return "", (
            f"{where}: [Play {tag.value!r}]: the opening lead is "
            f"{SEAT_LETTERS[pos.leader]}'s (left of declarer); the play is {LEFT_OUT}"
        )
    work = pos.copy()
    played: list[str] = []
    body = _without_comments(tag.data)
    lines = [line.split() for line in body.split("\n")]
    tricks = [[c for c in (ANNOTATION.sub("", c) for c in line) if c] for line in lines if line]
    tricks = [t for t in tricks if t]
    for number, trick in enumerate(tricks, 1):
        if PLAY_END in trick and trick.index(PLAY_END) == 0:
            break
        if len(trick) != SEATS:
            return " ".join(played), (
                f"{where}: [Play]: trick {number}: expected four cards, got {len(trick)};"
                f" {PLAY_CUT}"
            )
        leader = work.to_move
        for k in range(SEATS):
            seat = (leader + k) % SEATS
            card = trick[(seat - first) % SEATS]
            if not PLAY_CARD.match(card):
                later = [trick[(leader + j - first) % SEATS] for j in range(k + 1, SEATS)]
                later += [c for t in tricks[number:] for c in t]
                if any(PLAY_CARD.match(c) for c in later):
                    return " ".join(played), (
                        f"{where}: [Play]: trick {number}, {card!r}: no card, and cards"
                        f" after it; {PLAY_CUT}"
                    )
                return " ".join(played), None
            text = bridge.card_of(card)
            try:
                work.play(text)
            except TricksolverError as e:
                return " ".join(played), (
                    f"{where}: [Play]: trick {number}, {card}: {e}; {PLAY_CUT}"
                )
            played.append(text)
        if work.is_over:
            break
    return " ".join(played), None


# -- writing ---------------------------------------------------------------------------


def _tag_text(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def deal_text(pos: Whist, first: int = 0) -> str:
    """The PBN deal of a position's hands as dealt to this position (``N:...``)."""
    hands = [CardSet.parse(h) for h in pos.to_fields()["hands"]]
    return f"{SEAT_LETTERS[first]}:" + " ".join(
        str(hands[(first + i) % SEATS]) for i in range(SEATS)
    )


def _play_section(board: Board) -> list[PbnTag]:
    """The [Play] section of a board's play (for a board of another format)."""
    if not board.play:
        return []
    pos = board.position
    assert isinstance(pos, Whist)
    first = pos.leader
    work = pos.copy()
    lines = []
    trick: dict[int, str] = {}
    for card in board.play.split():
        seat = work.to_move
        work.play(card)
        trick[seat] = card[-1] + card[:-1]
        if len(trick) == SEATS:
            lines.append(" ".join(trick[(first + k) % SEATS] for k in range(SEATS)))
            trick = {}
    if trick:
        lines.append(" ".join(trick.get((first + k) % SEATS, NO_CARD) for k in range(SEATS)))
    return [PbnTag("Play", SEAT_LETTERS[first], "\n" + "\n".join(lines) + "\n" + PLAY_END)]


def _tags_of_other(board: Board) -> list[PbnTag]:
    """PBN tags for a board read from another format: its number, room,
    players, dealer, vulnerability, deal, contract, declarer, result, the
    auction with its alerts and notes, the play and the commentary (as
    comments)."""
    pos = board.position
    assert isinstance(pos, Whist)
    facts = bridge.BridgeFacts.of(board, pos.dealer)
    dealer = SEAT_LETTERS[pos.dealer]
    tags = [PbnTag(n, v) for n, v in board.facts if n in EVENT_TAGS]
    tags.append(PbnTag("Board", board.name))
    if board.room:
        tags.append(PbnTag("Room", board.room))
    tags += [
        PbnTag(tag, facts.names[seat])
        for tag, seat in (("West", 3), ("North", 0), ("East", 1), ("South", 2))
        if facts.names[seat]
    ]
    tags.append(PbnTag("Dealer", dealer))
    if facts.vulnerable:
        tags.append(PbnTag("Vulnerable", facts.vulnerable))
    tags.append(PbnTag("Deal", deal_text(pos, pos.dealer)))
    if facts.contract:
        tags.append(PbnTag("Contract", facts.contract))
    elif pos.trump != NOTRUMP or pos.leader != (pos.dealer + 1) % SEATS:  # a DDS list's lead
        assert pos.trump is not None
        tags.append(PbnTag(LEAD_STRAIN_TAG, strain_text(pos.trump)))
        tags.append(PbnTag(LEAD_SEAT_TAG, SEAT_LETTERS[pos.leader]))
    if facts.declarer is not None and facts.level is not None:
        tags.append(PbnTag("Declarer", SEAT_LETTERS[facts.declarer]))
    if facts.result is not None:
        tags.append(PbnTag("Result", str(facts.result)))
    if facts.calls:
        calls, notes = bridge.auction_text(facts.calls)
        tags.append(PbnTag("Auction", dealer, "\n" + calls))
        tags += [PbnTag("Note", note) for note in notes]
    tags += _play_section(board)
    written = {t.name for t in tags}
    tags += [  # a DDS list's results
        PbnTag(n, v)
        for n, v in board.tags
        if n not in written and n[:1].isupper() and n not in ANNOTATION_TAGS
    ]
    if board.comments:
        last = tags[-1]
        said = "".join(_comment_text(c) for c in board.comments)
        tags[-1] = replace(last, data=last.data + said)
    return tags


def _comment_text(comment: str) -> str:
    """A comment as PBN writes it, on lines of its own: ``{...}``, or, when
    it holds a ``}``, each of its lines after ``;``."""
    if "}" not in comment:
        return f"\n{{{comment}}}"
    return "".join(f"\n; {line}" for line in comment.split("\n"))


def write_pbn(boards: Sequence[Board]) -> str:
    """A PBN file of `boards`: those read from PBN as they were read, line
    ends as the first board's file had them."""
    parts = []
    newline = "\n"
    for i, board in enumerate(boards):
        raw = board.raw if isinstance(board.raw, PbnBoard) else None
        if raw is None:
            prefix = "% PBN 2.1\n% EXPORT\n" if i == 0 else ""
            tags: Sequence[PbnTag] = _tags_of_other(board)
        else:
            prefix, tags = raw.prefix, raw.tags
            newline = raw.newline if i == 0 else newline
        read = set() if raw is None else {(t.name, _unescape(t.value)) for t in raw.tags}
        extra = [t for t in board.tags if t[0] in ANNOTATION_TAGS and t not in read]
        prefix = prefix.lstrip("\n") if i else prefix
        text = prefix
        if prefix and not prefix.endswith("\n"):
            text += "\n"
        for tag in tags:
            if tag.name in ANNOTATION_TAGS and extra:
                continue
            data = tag.data if tag.data.strip() else ("\n" if raw is None else tag.data)
            if raw is None and tag.data.strip():
                data = tag.data + "\n"
            text += _tag_text(tag.name, tag.value) + data
        for name, value in extra:
            if not text.endswith("\n"):
                text += "\n"
            if name == TABLE_TAG:
                text += _tag_text(name, TABLE_HEAD) + "\n" + value + "\n"
            else:
                text += _tag_text(name, value) + "\n"
        last_read = raw is not None and i == len(boards) - 1 and not extra
        parts.append(text if last_read and text.endswith("\n") else text.rstrip("\n") + "\n")
    return "\n".join(parts).replace("\n", newline)


# -- the double-dummy annotation --------------------------------------------------------


def board_par(board: Board, tricks: dict[int, dict[int, int]]) -> par_module.Par:
    """The par of a board from its table: its Dealer (else the deal's
    first seat) and Vulnerable (else from its Board number, else none)."""
    values = {**dict(board.facts), **dict(board.tags)}
    pos = board.position
    assert isinstance(pos, Whist)
    dealer_text = values.get("Dealer", "").strip()
    dealer = SEAT_LETTERS.index(dealer_text.upper()) if dealer_text else pos.dealer
    vulnerable_text = values.get("Vulnerable", "").strip()
    if vulnerable_text:
        vulnerable = par_module.read_vulnerable(vulnerable_text)
    elif board.name.isdigit():
        vulnerable = par_module.board_vulnerable(int(board.name))
    else:
        vulnerable = (False, False)
    return par_module.par(tricks, dealer, vulnerable)


def table_lines(tricks: dict[int, dict[int, int]]) -> str:
    """The rows of an [OptimumResultTable]: ``N S 9`` for every declarer
    (N E S W) and strain (S H D C NT)."""
    return "\n".join(
        f"{SEAT_LETTERS[d]} {strain_text(s)} {tricks[d][s]}"
        for d in range(SEATS)
        for s in TABLE_STRAINS
    )


def read_table_lines(text: str) -> dict[int, dict[int, int]]:
    """The tricks of an [OptimumResultTable]'s rows (as `table_lines` writes them)."""
    out: dict[int, dict[int, int]] = {d: {} for d in range(SEATS)}
    for line in text.strip().splitlines():
        seat, strain, tricks = line.split()
        out[SEAT_LETTERS.index(seat)][NOTRUMP if strain == "NT" else SUIT_CHARS.index(strain)] = (
            int(tricks)
        )
    return out


def section(board: Board, name: str) -> str:
    """The section data of tag `name` of a board read from PBN (the rows of
    its [OptimumResultTable], its [Play] tricks), comments dropped; "" if none."""
    raw = board.raw if isinstance(board.raw, PbnBoard) else None
    tag = next((t for t in raw.tags if t.name == name), None) if raw else None
    return "" if tag is None else _without_comments(tag.data).strip()


def annotate(board: Board, table: Table) -> Board:
    """`board` with its double-dummy table and par as tags: OptimumResultTable
    (of an exact, whole table: every declarer and strain), and for a whole
    deal OptimumScore and ParContract; `board` itself when the table was cut
    short (a limit, Ctrl-C)."""
    tricks = declarer_tricks(board.position, table)
    whole = all(len(tricks.get(d, {})) == len(TABLE_STRAINS) for d in range(SEATS))
    if not table.exact or not whole:
        return board
    tags = [t for t in board.tags if t[0] not in ANNOTATION_TAGS]
    tags.append((TABLE_TAG, table_lines(tricks)))
    if _whole_deal(board):  # par is of a whole deal's table
        result = board_par(board, tricks)
        tags += [(SCORE_TAG, result.score_text()), (PAR_TAG, result.contracts_text())]
    return replace(board, tags=tuple(tags))


def _whole_deal(board: Board) -> bool:
    hand = CardSet.parse(board.position.to_fields()["hands"][0])
    return len(hand) == FULL_HAND


__all__ = ["annotate", "read_deal", "read_pbn", "recognises", "write_pbn"]
