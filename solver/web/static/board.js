// The web board's page: it draws the table the server sends and sends the
// moves clicked; it knows no game (every game's own parts come as JSON of a
// few kinds: hands, seat_cards, seat_text, piles, line).

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const STEP_DELAY_MS = 600; // the engine's moves, a short visible pause (?delay=ms)
const MAX_DELAY_MS = 5000;
const LAST_GAME = "tricksolver.game";
const SEAT_RADIUS_X = 32; // % of the table's width from its centre to a seat (a side seat's whole hand inside)
const SEAT_RADIUS_Y = 38; // % of its height
const TRICK_RADIUS = 14; // % from the centre to a card of the trick
const TAG_CLEARANCE_PX = 3; // between a value tag and the next card: its outline (a legal card's 2px ring) and a pixel

const $ = (id) => document.getElementById(id);
let games = [];
let state = null;
let stepTimer = null;
let source = null; // the search's event stream
let values = {}; // card -> its analysis (label, bounds)
let marks = {}; // move number -> review step
let stepDelay = STEP_DELAY_MS;
let editing = false; // the deal edited by clicking (solver/web/editing.py)
let selected = null; // the card picked to move, while editing
const HIDDEN = "back"; // a card the seat's view hides (solver/web/seat_view.py)
// The deal's places being edited (solver/games/game.py, Place): a seat's hand,
// and the two places of a pile; the parts they stand for while the deal is edited.
const HAND_PLACE = "hand";
const FACE_UP = "up";
const FACE_DOWN_PLACE = "down";
const EDITED_KINDS = ["hands", "piles"];

// -- talking to the server ------------------------------------------------------

async function call(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST") };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `tricksolver: error: ${response.status}` }));
  if (!response.ok) {
    showError(data.error || `tricksolver: error: ${response.status}`);
    return null;
  }
  showError(null);
  return data;
}

function showError(text) {
  const line = $("error");
  line.hidden = !text;
  line.textContent = text || "";
}

function boardPath(what) {
  return `/api/boards/${state.id}${what ? "/" + what : ""}`;
}

async function newBoard(body) {
  const data = await call("/api/boards", body);
  if (data) setState(data, true);
  return data;
}

async function act(what, body) {
  if (!state) return;
  const data = await call(boardPath(what), body === undefined ? {} : body);
  if (data) setState(data, false);
}

// -- cards ------------------------------------------------------------------------

function cardName(code) {
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

function cardElement(code, move) {
  if (code === HIDDEN) return cardBack();
  const el = document.createElement("button");
  el.className = `card suit-${code[1]}`;
  el.dataset.card = code;
  el.setAttribute("aria-label", cardName(code));
  const ten = code[0] === "T";
  el.innerHTML = `<span class="rank${ten ? " ten" : ""}">${ten ? "10" : code[0]}</span><span class="suit">${SUITS[code[1]]}</span>`;
  if (move) {
    el.classList.add("legal");
    el.dataset.move = move;
  } else {
    el.setAttribute("aria-disabled", "true");
  }
  const value = values[code];
  if (value && value.label) {
    const tag = document.createElement("span");
    tag.className = "value " + valueClass(value.label);
    tag.textContent = value.label;
    el.appendChild(tag);
    el.classList.add("valued");
    el.title = value.title;
    el.setAttribute("aria-label", `${cardName(code)}, ${value.label}`);
  }
  return el;
}

function cardBack(label) {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label || "a face-down card");
  return el;
}

function valueClass(label) {
  if (label === "=") return "best";
  if (label === "?") return "unknown";
  const n = parseInt(label.replace(/[≤≥]/, ""), 10);
  return isNaN(n) ? "unknown" : n >= -1 ? "loss1" : "loss2";
}

// Cards written in a person's text (A♠) drawn as small cards.
function richText(text) {
  const span = document.createElement("span");
  const parts = text.split(/([2-9TJQKA]|10)([♠♥♦♣])/);
  for (let i = 0; i < parts.length; i++) {
    if (i % 3 === 0) {
      span.append(parts[i]);
    } else {
      const suit = Object.keys(SUITS).find((k) => SUITS[k] === parts[i + 1]);
      const chip = document.createElement("span");
      chip.className = `chip suit-${suit}`;
      chip.textContent = (parts[i] === "T" ? "10" : parts[i]) + parts[i + 1];
      chip.setAttribute("aria-label", cardName((parts[i] === "10" ? "T" : parts[i]) + suit));
      span.append(chip);
      i++;
    }
  }
  return span;
}

// -- the table ------------------------------------------------------------------

function seatPlace(seat, nseats) {
  // seat 1 at the top, the others clockwise
  const angle = -Math.PI / 2 + (2 * Math.PI * seat) / nseats;
  return [Math.cos(angle), Math.sin(angle)];
}

function legalByCard() {
  const out = {};
  for (const m of state.moves) if (m.card) out[m.card] = m.move;
  return out;
}

function drawTable() {
  const table = $("table");
  table.replaceChildren();
  const n = state.players;
  const legal = legalByCard();
  const drawn = new Set();
  const hands = state.parts.find((p) => p.kind === "hands");
  for (let s = 0; s < n; s++) {
    const [x, y] = seatPlace(s, n);
    const box = document.createElement("div");
    box.className = "seat";
    box.style.left = `${50 + SEAT_RADIUS_X * x}%`;
    box.style.top = `${50 + SEAT_RADIUS_Y * y}%`;
    const name = state.seat_names[s];
    if (state.to_move === name && !state.over) box.classList.add("to-move");
    const head = document.createElement("div");
    head.className = "seat-head";
    head.textContent = `${name}${state.dealer === name ? " (dealer)" : ""} · ${state.seat_players[s]}`;
    const tally = document.createElement("span");
    tally.className = "tally";
    tally.textContent = `tricks ${state.hands[s].tricks} · score ${state.hands[s].score}`;
    head.append(" ", tally);
    box.append(head);
    box.dataset.seat = name;
    if (editing) {
      const clear = document.createElement("button");
      clear.className = "clear-hand";
      clear.dataset.seat = name;
      clear.textContent = "Clear";
      const here = document.createElement("button");
      here.className = "move-here";
      here.textContent = "Here";
      here.setAttribute("aria-label", `move the picked card to ${name}`);
      head.append(" ", clear, " ", here);
    }
    const places = editing && state.draft ? state.draft.places[s] : null;
    const draft = places ? places.find((p) => p.name === HAND_PLACE).cards : null;
    const cards = draft || (hands ? hands.cards[s] : state.hands[s].cards);
    const hand = document.createElement("div");
    hand.className = "hand";
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", `${name}'s hand`);
    let suit = null;
    for (const code of cards) {
      const el = code === HIDDEN ? cardBack(`a card of ${name}'s`) : editCard(code) || cardElement(code, legal[code]);
      if (code[1] !== suit) el.classList.add("suit-start");
      suit = code === HIDDEN ? HIDDEN : code[1];
      hand.append(el);
      drawn.add(code);
    }
    box.append(hand);
    if (places) box.append(...pilePlaces(places, name));
    for (const part of state.parts) {
      if (!places || !EDITED_KINDS.includes(part.kind)) box.append(...seatPart(part, s, legal, drawn));
    }
    table.append(box);
  }
  table.append(centre());
  spreadTags(table);
  drawDecisions(legal, drawn);
}

// A value tag wider than its card's strip in a fanned hand pushes the next
// card on, so that no tag is covered (the next card's outline counted).
function spreadTags(root) {
  for (const tag of root.querySelectorAll(".hand .card .value")) {
    const next = tag.parentElement.nextElementSibling;
    if (!next) continue;
    const over = tag.getBoundingClientRect().right + TAG_CLEARANCE_PX - next.getBoundingClientRect().left;
    if (over > 0) next.style.marginLeft = `${parseFloat(getComputedStyle(next).marginLeft) + over}px`;
  }
}

// A card of the deal being edited: a click picks it, a click on a seat moves it there.
function editCard(code) {
  if (!editing) return null;
  const el = cardElement(code, null);
  el.dataset.edit = code;
  el.removeAttribute("aria-disabled");
  if (selected === code) el.classList.add("selected");
  return el;
}

// A seat's piles being edited: each pile's two places, its face-down card
// under its face-up one; a click on a place moves the picked card there.
function pilePlaces(places, seat) {
  const piles = new Map();
  for (const place of places) {
    if (place.pile === null) continue;
    if (!piles.has(place.pile)) piles.set(place.pile, {});
    piles.get(place.pile)[place.face] = place;
  }
  if (!piles.size) return [];
  const row = document.createElement("div");
  row.className = "part piles editing";
  for (const [number, faces] of piles) {
    const cell = document.createElement("span");
    cell.className = "pile";
    for (const face of [FACE_DOWN_PLACE, FACE_UP]) {
      const place = faces[face];
      if (!place) continue;
      const code = place.cards[0];
      const el = code ? editCard(code) : document.createElement("button");
      if (!code) {
        el.className = "card slot";
        el.setAttribute("aria-label", `${seat}'s pile ${number}, ${face === FACE_UP ? "face-up" : "face-down"} place, empty`);
      }
      el.dataset.place = place.name;
      el.classList.add(face === FACE_UP ? "top" : "under");
      cell.append(el);
    }
    row.append(cell);
  }
  return [row];
}

function drawEditing() {
  $("edit-tools").hidden = !editing;
  const pool = $("edit-pool");
  pool.replaceChildren();
  const draft = state.draft;
  if (!editing || !draft) {
    $("edit-problem").textContent = "";
    return;
  }
  if (draft.pool.length) pool.append("To place: ", ...draft.pool.map(editCard));
  $("edit-problem").textContent = draft.problem || "";
}

async function editDeal(action, extra) {
  const data = await call(boardPath("edit"), { action, ...(extra || {}) });
  if (data) {
    selected = null;
    if (action === "begin") editing = true;
    if (action === "done" || action === "cancel") editing = false;
    setState(data, false);
  }
  $("edit-mode").checked = editing;
  document.body.dataset.editing = String(editing);
}

function onEditClick(e) {
  const clear = e.target.closest(".clear-hand");
  if (clear) return editDeal("clear", { seat: clear.dataset.seat });
  const place = e.target.closest("[data-place]");
  if (place && selected && place.dataset.edit !== selected) {
    const seat = place.closest(".seat").dataset.seat;
    return editDeal("move", { card: selected, seat, place: place.dataset.place });
  }
  const card = e.target.closest("[data-edit]");
  if (card) {
    selected = selected === card.dataset.edit ? null : card.dataset.edit;
    drawTable();
    drawEditing();
    return;
  }
  const seat = e.target.closest(".seat");
  if (seat && selected) return editDeal("move", { card: selected, seat: seat.dataset.seat });
}

function seatPart(part, s, legal, drawn) {
  const row = document.createElement("div");
  row.className = "part";
  if (part.kind === "seat_cards") {
    row.append(`${part.label}: `);
    for (const code of part.cards[s]) row.append(cardElement(code, null));
  } else if (part.kind === "seat_text") {
    row.append(`${part.label}: `, richText(part.text[s]));
  } else if (part.kind === "piles") {
    row.classList.add("piles");
    for (const pile of part.piles[s]) {
      const cell = document.createElement("span");
      cell.className = "pile";
      if (pile.under) {
        const named = pile.under === HIDDEN ? "" : ` (${cardName(pile.under)})`;
        const under = pile.face_down || pile.under === HIDDEN ? cardBack(`a face-down card${named}`)
          : cardElement(pile.under, legal[pile.under]);
        under.classList.add("under");
        cell.append(under);
        if (!pile.face_down) drawn.add(pile.under);
      }
      if (pile.top) {
        const top = cardElement(pile.top, legal[pile.top]);
        top.classList.add("top");
        cell.append(top);
        drawn.add(pile.top);
      }
      if (!pile.top && !pile.under) cell.classList.add("gone");
      row.append(cell);
    }
  } else {
    return [];
  }
  return [row];
}

function centre() {
  const middle = document.createElement("div");
  middle.className = "centre";
  const n = state.players;
  const trick = document.createElement("div");
  trick.className = "trick";
  trick.setAttribute("aria-label", "the trick in progress");
  for (const play of state.trick) {
    const s = state.seat_names.indexOf(play.seat);
    const [x, y] = seatPlace(s, n);
    const el = cardElement(play.card, null);
    el.style.left = `${50 + TRICK_RADIUS * 2.2 * x}%`;
    el.style.top = `${50 + TRICK_RADIUS * 2.2 * y}%`;
    el.classList.add("played");
    trick.append(el);
  }
  middle.append(trick);
  return middle;
}

// The table's state beside it: trump, the last trick, the game's own lines.
function drawInfo() {
  const info = $("state");
  info.replaceChildren();
  const trump = state.trump === null ? "not named yet" : state.trump === "NT" ? "no trumps" : SUITS[state.trump];
  const head = document.createElement("div");
  head.append(richText(`Trump: ${trump}`));
  info.append(head);
  const last = document.createElement("div");
  last.className = "last-trick";
  if (state.last_trick.length) {
    last.append("Last trick: ");
    for (const play of state.last_trick) last.append(`${play.seat} `, richText(cardText(play.card)), " ");
  }
  info.append(last);
  for (const part of state.parts) {
    if (part.kind !== "line") continue;
    const line = document.createElement("div");
    line.append(`${part.label}: `, richText(part.text));
    for (const code of part.cards) line.append(cardElement(code, null));
    info.append(line);
  }
}

function cardText(code) {
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
}

function drawDecisions(legal, drawn) {
  const box = $("decisions");
  box.replaceChildren();
  for (const m of state.moves) {
    if (m.card && drawn.has(m.card) && legal[m.card] === m.move) continue;
    const b = document.createElement("button");
    b.className = "decision";
    b.dataset.move = m.move;
    b.append(m.card ? richText(m.move.replace(m.card, cardText(m.card))) : m.move);
    box.append(b);
  }
}

function drawStatus() {
  const notes = state.notes.length ? ` (${state.notes.join(", ")})` : "";
  $("title").textContent = `${state.title}${notes}${state.record ? " · board " + state.record : ""}`;
  let text;
  const sheet = state.whole;
  if (sheet && sheet.over) {
    text = `The game is over: won by ${sheet.winners.join(" and ")}${sheet.by_hand_limit ? ` (at the limit of ${sheet.max_hands} hands)` : ""}.`;
  } else if (state.over) {
    text = `The hand is over. Score: ${state.hands.map((h) => `${h.seat} ${h.score}`).join(", ")}`;
  } else {
    text = `${state.to_move} to ${state.phase === "play" ? "play" : state.phase}`;
  }
  $("status").textContent = (sheet && !sheet.over ? `Hand ${sheet.hand}: ` : "") + text;
  drawSheet();
  $("undo").disabled = state.history.length === 0;
  $("redo").disabled = state.redo.length === 0;
  const list = $("history");
  list.replaceChildren();
  const moves = [...state.history, ...state.redo];
  moves.forEach((move, i) => {
    const item = document.createElement("li");
    const b = document.createElement("button");
    b.className = "ply" + (i < state.history.length ? "" : " future");
    b.dataset.ply = String(i + 1);
    b.textContent = move;
    const mark = marks[i];
    if (mark) {
      b.classList.add(mark.mistake ? "mistake" : "fine");
      b.title = mark.title;
      if (mark.mistake) b.textContent = `${move} ${mark.sign}`;
    }
    item.append(b);
    list.append(item);
  });
  const fmt = $("export-format");
  if (fmt.options.length !== state.exports.length) {
    fmt.replaceChildren(...state.exports.map((f) => new Option(f, f)));
  }
  const people = $("people");
  const choices = ["all", ...state.seat_names];
  if (people.options.length !== choices.length) {
    people.replaceChildren(...choices.map((c) => new Option(c === "all" ? "every seat" : c, c)));
  }
  const reviewer = $("review-view");
  if (reviewer.options.length !== state.seat_names.length + 1) {
    reviewer.replaceChildren(new Option("double dummy", ""), ...state.seat_names.map((c) => new Option(`and ${c}'s view`, c)));
  }
  const view = $("view");
  const seen = ["", ...state.seat_names];
  if (view.options.length !== seen.length) {
    view.replaceChildren(...seen.map((c) => new Option(c === "" ? "every hand" : `${c}'s view`, c)));
  }
  view.value = state.view === null ? "" : state.view;
  const records = $("records");
  $("records-label").hidden = state.records.length === 0;
  if (records.options.length !== state.records.length) {
    records.replaceChildren(...state.records.map((r) => new Option(r.title, r.name)));
  }
  if (state.record) records.value = state.record;
}

// What tells one position from another (a seat's view has no notation).
function positionKey(data) {
  return data.position === undefined ? `${data.id} ${data.history.join(" ")}` : data.position;
}

// A whole game's score sheet beside the table: each hand's scores, the totals.
function drawSheet() {
  const box = $("sheet");
  box.replaceChildren();
  const sheet = state.whole;
  box.hidden = !sheet;
  if (!sheet) return;
  const end = sheet.target !== null ? `to ${sheet.target} points` : sheet.rounds !== null ? `${sheet.rounds} rounds` : "its own end";
  const rows = sheet.hands.map((h) => [String(h.hand), h.dealer, ...h.scores.map((x, i) => `${x} (${h.totals[i]})`)]);
  rows.push(["total", "", ...sheet.totals.map(String)]);
  const table = figuresTable(["hand", "dealer", ...state.seat_names], rows, `Score sheet: a game ${end}; each hand's score (the total after it)`);
  table.classList.add("sheet");
  box.append(table);
}

function setState(data, fresh) {
  const moved = !state || positionKey(state) !== positionKey(data);
  state = data;
  if (moved) values = {};
  if (fresh) marks = {};
  const query = new URLSearchParams(location.search);
  query.delete("game");
  query.delete("players");
  query.delete("seed");
  query.delete("p");
  query.delete("b");
  if (data.view === null && data.whole === null) query.set("p", data.position);
  else query.set("b", data.id); // a seat's view, a whole game: the board (not one position)
  history.replaceState(null, "", "?" + query.toString());
  localStorage.setItem(LAST_GAME, data.game);
  $("game").value = data.game;
  fillPlayers();
  $("players").value = String(data.players);
  if (fresh) editing = false;
  $("edit-mode").checked = editing;
  document.body.dataset.editing = String(editing);
  drawStatus();
  drawInfo();
  drawTable();
  drawEditing();
  clearTimeout(stepTimer);
  document.body.dataset.board = data.id;
  document.body.dataset.ply = String(data.history.length);
  document.body.dataset.turn = data.over ? "over" : data.auto ? "engine" : "person";
  if (editing) {
    // no move while the deal is edited
  } else if (data.auto && !data.over) {
    stepTimer = setTimeout(() => act("step"), stepDelay);
  } else if (moved && $("auto-analyze").checked && !data.over && data.phase === "play" && data.view === null) {
    analyze();
  }
}

// -- searches, streamed -------------------------------------------------------------

function listen(what, query, onEvent) {
  if (source) source.close();
  $("progress").textContent = "searching...";
  const params = query ? "?" + new URLSearchParams(query).toString() : "";
  const es = new EventSource(boardPath(what) + params);
  source = es;
  es.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") {
      showError(data.error);
      $("progress").textContent = "";
    } else if (data.type === "progress") {
      $("progress").textContent = data.total === null ? `${data.done} evaluations` : `${data.done} of ${data.total}`;
    }
    onEvent(data);
    if (data.type === "done" || data.type === "error") {
      es.close();
      if (source === es) source = null;
      const rec = data.recommendation || (data.hint && data.hint.recommendation);
      if (data.type === "done") $("progress").textContent = data.stopped || (rec && rec.stopped) ? "stopped" : "done";
    }
  };
  es.onerror = () => {
    es.close();
    if (source === es) source = null;
  };
}

// The stop button: the server stops the board's search, whose stream then
// ends with what it found (a hint its move from the worlds valued so far).
async function stopSearch() {
  if (source) await call(boardPath("stop"), {});
}

function boundsText(b) {
  if (b.exact) return String(b.low);
  return b.low === b.high ? String(b.low) : `${b.low}..${b.high}`;
}

function analyze() {
  values = {};
  for (const m of state.moves) {
    if (m.card) values[m.card] = { low: -Infinity, exact: false, label: "…", title: "being searched" };
  }
  drawTable();
  const position = state.position;
  listen("analyze", null, (data) => {
    if (state.position !== position) return;
    if (data.type === "card") {
      const best = Math.max(...Object.values(values).map((v) => v.low), data.low);
      for (const code of data.cards) values[code] = { low: data.low, high: data.high, exact: data.exact, label: "…", title: `${boundsText(data)} (still searching)` };
      for (const v of Object.values(values)) v.label = v.exact ? (v.low === best ? "=" : String(v.low - best)) : "…";
    } else if (data.type === "done" && data.analysis) {
      const a = data.analysis;
      values = {};
      for (const cls of a.classes) {
        for (const code of cls.cards) {
          values[code] = { ...cls, title: `${boundsText(cls)} ${a.meaning}${cls.exact ? "" : " (a bound: the search was cut short)"}` };
        }
      }
      $("results").replaceChildren(richText(`Value for ${a.side}: ${boundsText(a.value)} (${a.meaning}); best: ${a.best.map(cardTextOf).join(" ")}`));
    }
    drawTable();
  });
}

function cardTextOf(move) {
  const m = move.match(/([2-9TJQKA][SHDC])$/);
  return m ? move.replace(m[1], cardText(m[1])) : move;
}

// A table of figures: its column heads, its rows (each cell a person's text), its caption.
function figuresTable(heads, rows, caption) {
  const table = document.createElement("table");
  table.className = "figures";
  const title = document.createElement("caption");
  title.textContent = caption;
  const head = document.createElement("thead");
  head.innerHTML = `<tr>${heads.map((h) => `<th>${h}</th>`).join("")}</tr>`;
  const body = document.createElement("tbody");
  for (const cells of rows) {
    const row = document.createElement("tr");
    for (const cell of cells) {
      const td = document.createElement("td");
      td.append(richText(cell));
      row.append(td);
    }
    body.append(row);
  }
  table.append(title, head, body);
  return table;
}

function intervalText(x) {
  return x.low === null ? "" : `${x.low.toFixed(2)} to ${x.high.toFixed(2)}`;
}

function stoppedText(x) {
  return x.stopped ? ", stopped: " + x.stopped : "";
}

function recommendationTable(rec) {
  const rows = rec.moves.map((m) => [
    cardTextOf(m.move),
    m.mean === null ? `≤ ${m.mean_at_most.toFixed(2)}` : m.mean.toFixed(2),
    intervalText(m),
    `${Math.round(m.best_share * 100)}%`,
  ]);
  const methods = Object.entries(rec.worlds_by_method).map(([k, v]) => `${v} ${k}`).join(", ");
  const seed = rec.seed === null ? "" : `, seed ${rec.seed}`;
  const caption = `Seat ${rec.seat}: ${rec.worlds} worlds valued of ${rec.requested} (${methods})${seed}${stoppedText(rec)}`;
  return figuresTable(["move", "mean", "95% interval", "best in"], rows, caption);
}

function decisionTable(decision) {
  const rows = decision.candidates.map((c) => [c.plan, c.mean.toFixed(2), intervalText(c), String(c.worlds)]);
  const caption = `Seat ${decision.seat}, ${decision.phase}: ${decision.worlds} worlds, seed ${decision.seed}${stoppedText(decision)}`;
  return figuresTable(["plan", "mean", "95% interval", "worlds"], rows, caption);
}

// The figures of the worlds valued so far, drawn while a run goes on.
function soFarTable(rec) {
  const table = recommendationTable(rec);
  table.classList.add("so-far");
  table.querySelector("caption").textContent += " (so far: the run goes on)";
  return table;
}

function worldsProgress(data) {
  if (data.type !== "progress") return;
  if (data.total !== null) $("progress").textContent = `worlds valued: ${data.done} of ${data.total}`;
  else $("progress").textContent = `evaluations: ${data.done}`;
}

function recommendNow(event) {
  event.preventDefault();
  const query = { samples: $("samples").value, seconds: $("seconds").value, seed: $("rec-seed").value };
  listen("recommend", query, (data) => {
    worldsProgress(data);
    if (data.type === "progress" && data.so_far) $("results").replaceChildren(soFarTable(data.so_far));
    if (data.type === "done" && data.recommendation) $("results").replaceChildren(recommendationTable(data.recommendation));
    if (data.type === "done" && data.decision) $("results").replaceChildren(decisionTable(data.decision));
  });
}

// The hint: the figures of the worlds valued so far as they come, then the move.
function hint() {
  const seat = state.to_move;
  listen("hint", null, (data) => {
    worldsProgress(data);
    if (data.type === "progress" && data.so_far) {
      const box = document.createElement("div");
      box.className = "hint";
      box.append(`Hint for ${seat}: thinking...`, soFarTable(data.so_far));
      $("results").replaceChildren(box);
    }
    if (data.type !== "done" || !data.hint) return;
    const h = data.hint;
    const box = document.createElement("div");
    box.className = "hint";
    box.append(richText(`Hint for ${h.seat}: ${cardTextOf(h.move)} (the ${h.player} player's choice)${h.note ? "; " + h.note : ""}`));
    if (h.recommendation) box.append(recommendationTable(h.recommendation));
    if (h.decision) box.append(decisionTable(h.decision));
    $("results").replaceChildren(box);
  });
}

function ddTable() {
  listen("table", null, (data) => {
    if (data.type !== "done" || !data.table) return;
    const t = data.table;
    const out = document.createElement("table");
    out.className = "dd";
    out.id = "dd-result";
    if (t.declarer_tricks) {
      const strains = ["NT", "S", "H", "D", "C"];
      out.innerHTML = `<caption>Tricks for declarer's side</caption><thead><tr><th>declarer</th>${strains.map((s) => `<th>${s === "NT" ? "NT" : SUITS[s]}</th>`).join("")}</tr></thead>`;
      const body = document.createElement("tbody");
      for (const [seat, row] of Object.entries(t.declarer_tricks)) {
        const tr = document.createElement("tr");
        tr.innerHTML = `<th>${seat}</th>` + strains.map((s) => `<td data-declarer="${seat}" data-strain="${s}">${row[s] === null ? boundsText(t.declarer_bounds[seat][s]) : row[s]}</td>`).join("");
        body.append(tr);
      }
      out.append(body);
    } else {
      out.innerHTML = `<thead><tr><th>trump</th><th>leader</th>${t.sides.map((s) => `<th>${s}</th>`).join("")}</tr></thead>`;
      const body = document.createElement("tbody");
      for (const e of t.entries) {
        const tr = document.createElement("tr");
        tr.innerHTML = `<td>${e.trump}</td><td>${e.leader}</td>` + e.values.map((v, i) => `<td>${v === null ? `${e.low[i]}..${e.high[i]}` : v}</td>`).join("");
        body.append(tr);
      }
      out.append(body);
    }
    const box = document.createElement("div");
    box.append(out);
    for (const [name, value] of Object.entries(data.annotations || {})) {
      const p = document.createElement("p");
      p.className = "annotation";
      p.textContent = `${name}: ${value}`;
      box.append(p);
    }
    $("results").replaceChildren(box);
  });
}

// A reviewed move as its seat's view saw it (tricksolver review --view).
function viewText(step) {
  const v = step.view;
  if (!v) return "";
  const played = v.played_mean === null ? `at most ${v.played_at_most.toFixed(2)}` : v.played_mean.toFixed(2);
  return `; ${step.seat}'s view (${v.worlds} worlds): ${v.agrees ? "its top card" : `top ${v.best} ${v.best_mean.toFixed(2)}, played ${played}`}`;
}

function reviewNow() {
  const seat = $("review-view").value;
  const query = seat ? { view: seat, samples: $("samples").value, seconds: $("seconds").value, seed: $("rec-seed").value } : null;
  listen("review", query, (data) => {
    if (data.type !== "done" || !data.review) return;
    marks = {};
    const r = data.review;
    let mistakes = 0;
    let differ = 0;
    r.steps.forEach((step, i) => {
      const cost = step.cost.low;
      const mistake = step.mistake;
      if (mistake) mistakes++;
      if (step.view && !step.view.agrees) differ++;
      const best = step.best && step.best.length ? `; best: ${step.best.join(" ")}` : "";
      const sign = cost >= state.blunder_cost ? "??" : "?";
      const title = (mistake ? `costs ${cost} (${r.units})${best}` : "no loss proven") + viewText(step);
      marks[data.first + i] = { mistake, sign, title };
    });
    const views = r.view_seats.length ? ` From ${r.view_seats.join(", ")}'s view: ${differ} move${differ === 1 ? "" : "s"} not the view's top card (on hover).` : "";
    $("results").replaceChildren(`Review: ${r.steps.length} moves, ${mistakes} mistake${mistakes === 1 ? "" : "s"} (?: a move proven to cost at least 1; ??: at least ${state.blunder_cost}, in ${r.units}).${views}`);
    drawStatus();
  });
}

// -- the page's controls --------------------------------------------------------------

function fillPlayers() {
  const game = games.find((g) => g.name === $("game").value);
  $("players").replaceChildren(...game.seat_counts.map((n) => new Option(String(n), String(n))));
  $("players").value = String(game.default_seats);
  fillEnds();
}

// A whole game's end, for a game that takes one: its target of points, its rounds.
function fillEnds() {
  const game = games.find((g) => g.name === $("game").value);
  const whole = $("whole").checked;
  const target = $("target");
  if (target.dataset.game !== game.name) {
    target.replaceChildren(...game.targets.map((t) => new Option(`${t} points`, String(t))));
    if (game.default_target !== null) target.value = String(game.default_target);
    $("rounds").value = game.default_rounds === null ? "" : String(game.default_rounds);
    target.dataset.game = game.name;
  }
  $("target-label").hidden = !whole || game.targets.length === 0;
  $("rounds-label").hidden = !whole || game.default_rounds === null;
}

// What the deal form asks for: a hand, or a whole game to its end.
function dealBody() {
  const body = { game: $("game").value, players: Number($("players").value), seed: $("seed").value };
  if (!$("whole").checked) return body;
  body.whole = true;
  if (!$("target-label").hidden) body.target = Number($("target").value);
  if (!$("rounds-label").hidden) body.rounds = $("rounds").value;
  return body;
}

function randomSeed() {
  return Math.floor(Math.random() * 1000000);
}

function onKey(event) {
  const target = event.target;
  if (target.classList && target.classList.contains("card") && ["ArrowRight", "ArrowLeft"].includes(event.key)) {
    const group = target.closest(".hand, .piles") || target.parentElement;
    const cards = [...group.querySelectorAll(".card")].filter((c) => c.tagName === "BUTTON");
    const i = cards.indexOf(target);
    const next = cards[(i + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
    next.focus();
    event.preventDefault();
  } else if (target.classList && target.classList.contains("ply") && ["ArrowDown", "ArrowUp"].includes(event.key)) {
    const plies = [...document.querySelectorAll("#history .ply")];
    const i = plies.indexOf(target);
    const next = plies[Math.max(0, Math.min(plies.length - 1, i + (event.key === "ArrowDown" ? 1 : -1)))];
    next.focus();
    next.click();
    event.preventDefault();
  } else if (target.tagName !== "INPUT" && target.tagName !== "TEXTAREA" && !event.ctrlKey && !event.metaKey) {
    if (event.key === "u") act("undo", { to_person: true });
    if (event.key === "r") act("redo");
  }
}

async function openFile() {
  const file = $("file").files[0];
  if (!file) return;
  const text = await file.text();
  await newBoard({ text, name: file.name });
}

async function start() {
  games = await call("/api/games");
  $("game").replaceChildren(...games.map((g) => new Option(g.title, g.name)));
  const params = new URLSearchParams(location.search);
  if (params.get("delay") !== null) {
    stepDelay = Math.min(Math.max(Number(params.get("delay")) || 0, 0), MAX_DELAY_MS);
  }
  const last = localStorage.getItem(LAST_GAME);
  $("game").value = params.get("game") || (games.some((g) => g.name === last) ? last : games[0].name);
  fillPlayers();
  if (params.get("players")) $("players").value = params.get("players");
  $("seed").value = params.get("seed") || String(randomSeed());
  $("game").addEventListener("change", fillPlayers);
  $("whole").addEventListener("change", fillEnds);
  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    newBoard(dealBody());
  });
  $("paste-form").addEventListener("submit", (e) => {
    e.preventDefault();
    newBoard({ text: $("paste").value });
  });
  $("file").addEventListener("change", openFile);
  $("records").addEventListener("change", async () => {
    const data = await call(boardPath("record"), { board: $("records").value });
    if (data) setState(data, true);
  });
  $("edit-pool").addEventListener("click", onEditClick);
  $("edit-mode").addEventListener("change", () => editDeal($("edit-mode").checked ? "begin" : "cancel"));
  $("edit-deal").addEventListener("click", () => editDeal("deal", { seed: $("seed").value || "0" }));
  $("edit-rotate").addEventListener("click", () => editDeal("rotate"));
  $("edit-done").addEventListener("click", () => editDeal("done"));
  $("edit-cancel").addEventListener("click", () => editDeal("cancel"));
  $("table").addEventListener("click", (e) => {
    if (editing) return onEditClick(e);
    const card = e.target.closest("[data-move]");
    if (card) act("play", { move: card.dataset.move });
  });
  $("decisions").addEventListener("click", (e) => {
    const b = e.target.closest("[data-move]");
    if (b) act("play", { move: b.dataset.move });
  });
  $("history").addEventListener("click", (e) => {
    const b = e.target.closest("[data-ply]");
    if (b) act("goto", { ply: Number(b.dataset.ply) });
  });
  $("view").addEventListener("change", () => {
    act("view", { seat: $("view").value });
  });
  $("undo").addEventListener("click", () => act("undo", { to_person: true }));
  $("redo").addEventListener("click", () => act("redo"));
  $("hint").addEventListener("click", hint);
  $("analyze").addEventListener("click", analyze);
  $("dd-table").addEventListener("click", ddTable);
  $("review").addEventListener("click", reviewNow);
  $("stop").addEventListener("click", stopSearch);
  $("recommend-form").addEventListener("submit", recommendNow);
  $("seats-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const who = $("people").value;
    act("seats", { seats: $("seats").value, people: who === "all" ? state.seat_names : [who] });
  });
  $("export-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = await call(boardPath("export") + "?format=" + encodeURIComponent($("export-format").value));
    if (data) {
      $("export").hidden = false;
      $("export").value = data.text;
    }
  });
  document.addEventListener("keydown", onKey);
  if (params.get("b")) {
    const data = await call(`/api/boards/${encodeURIComponent(params.get("b"))}`);
    if (data) setState(data, true);
  } else if (params.get("p")) {
    await newBoard({ text: params.get("p") });
  }
  if (!state) {
    const failed = $("error").textContent; // a bad address: said over the fresh deal
    await newBoard({ game: $("game").value, players: Number($("players").value), seed: $("seed").value });
    if (failed) showError(failed);
  }
  document.body.dataset.readyMs = String(Math.round(performance.now())); // (benches/bench_board.py)
  document.body.dataset.ready = "true";
}

start();
