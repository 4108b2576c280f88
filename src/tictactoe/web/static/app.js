// The page: talks to the server's JSON API, shows its state, and sends what a person does.
// No rule of the game is decided here; the server answers every move, undo and record.

import { api, seatSelect } from "./api.js";
import { BoardView, markShape } from "./board.js";
import { LayersView } from "./layers.js";
import { openSetup, wireSetup } from "./setup.js";

const $ = (id) => document.getElementById(id);
const STORE = "tictactoe.game";

let options = null;
let state = null;
let watching = null;
let board = null;
let layers = null; // a board of three dimensions, layer by layer
let pending = []; // a person's stones for the opening, shown until they are all sent

function showError(error) {
  const element = $("error");
  if (!error) {
    element.hidden = true;
    element.textContent = "";
    return;
  }
  element.textContent = error.message || String(error);
  element.hidden = false;
}

/** Whether the game shown is on a board of three dimensions: the plane's tools stand aside. */
function isSpace() {
  return Boolean(state && state.rules.shape);
}

/** The seat kinds to offer for the game shown: on a board of three dimensions, its own. */
function seatOptions() {
  if (!isSpace()) return options;
  return { seats: options.seats.filter((seat) => state.offered.includes(seat.name)) };
}

function describe(rules) {
  const size = rules.shape ? rules.shape.join("×")
    : rules.rows === null ? "unbounded grid" : `${rules.rows}×${rules.cols}`;
  const exact = rules.exact ? " exactly" : "";
  const players = rules.players === 2 ? "" : `, ${rules.players} players`;
  const named = ["renju", "caro", "caro-overline"].includes(rules.rule) ? `, ${rules.rule}` : "";
  const variants = options.variants.filter((variant) => rules[variant.name])
    .map((variant) => `, ${variant.short}`).join("");
  return `${size},${exact} ${rules.k} in a row${players}${named}${variants}`;
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function markIcon(mark) {
  return `<svg class="seat-mark" viewBox="0 0 24 24" aria-hidden="true">` +
    `${markShape(mark, 12, 12, 8, 2.6)}</svg>`;
}

/** Show a state from the server, unless a newer one of the same game is already shown. */
function show(next, { newGame = false } = {}) {
  const fresh = newGame || !state || next.id !== state.id;
  if (!fresh && next.version < state.version) return;
  state = next;
  location.hash = state.id;
  remember();
  $("rules").textContent = describe(state.rules);
  const space = isSpace();
  $("play-help").textContent = space ? "Click a cell of a layer to play there."
    : state.rules.gravity ? "Click a column to drop a mark in it." : "Click a cell to play.";
  for (const id of ["board-frame", "board-tools", "keys-help", "values-toggle", "replay-tools"]) {
    $(id).hidden = space;
  }
  $("layers").hidden = !space;
  for (const format of options.formats) $(`save-${format}`).disabled = space;
  $("status").classList.toggle("thinking", state.thinking);
  $("evaluation").textContent = state.evaluation || "";
  if (space) layers.setState(state);
  else board.setState(state, { newGame: fresh });
  showOpening();
  showSeats(fresh);
  showMoves();
  const over = state.status !== "in progress";
  const opening = Boolean(state.opening && state.opening.asked); // its stones stay
  $("undo").disabled = opening || (state.ply === 0 && state.status !== "resigned");
  $("hint").disabled = space || opening || over || state.thinking;
  $("resign").disabled = space || opening || over || state.ply < state.line.length;
  refreshValues();
  showForbidden();
  if (state.thinking) watch();
}

/** The status line: the server's message, and the stones a person has placed so far. */
function showStatus() {
  const asked = placing();
  const placed = asked && pending.length ? ` (${pending.length} of ${asked.count} placed)` : "";
  $("status").textContent = capitalised(state.message) + placed;
}

/** What the opening asks the person at the page to place, if it asks that now. */
function placing() {
  const opening = state && state.opening;
  const asked = opening && opening.asked;
  return asked && opening.yours && asked.what === "place" ? asked : null;
}

/** The opening's story so far, and a button for each option when a person chooses. */
function showOpening() {
  const opening = state.opening;
  $("opening").hidden = !(opening && opening.text);
  $("opening").textContent = opening ? capitalised(opening.text) : "";
  const asked = opening && opening.asked;
  const choosing = asked && opening.yours && asked.what === "choose";
  $("opening-choices").hidden = !choosing;
  $("opening-choices").replaceChildren(...(choosing ? asked.options.map(optionButton) : []));
  if (!placing()) pending = [];
  if (!isSpace()) board.setPending(pending);
  showStatus();
}

function optionButton(option) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.option = option.name;
  button.textContent = capitalised(option.label);
  button.addEventListener("click", () => act("choose", { option: option.name }));
  return button;
}

/** A click on a free cell: a move, or in the opening a stone placed (or taken off again);
 * the stones go to the server together, once there are as many as the opening asks. Under
 * gravity a click anywhere in a column sends the column: the server drops the mark. */
function clicked([row, col]) {
  const asked = placing();
  if (!asked) {
    act("move", state.rules.gravity ? { col } : { row, col });
    return;
  }
  const at = pending.findIndex(([r, c]) => r === row && c === col);
  if (at >= 0) pending.splice(at, 1);
  else pending.push([row, col]);
  board.setPending(pending);
  showStatus();
  if (pending.length === asked.count) {
    act("place", { cells: [...pending] }).then(() => {
      pending = [];
      board.setPending(pending);
      showStatus();
    });
  }
}

/** Mark Black's forbidden cells under renju, unless a person turned the marks off. */
function showForbidden() {
  $("forbidden-toggle").hidden = state.rules.rule !== "renju";
  if (!isSpace()) board.setForbidden($("show-forbidden").checked ? state.forbidden : []);
}

function showSeats(fresh) {
  const list = $("seats");
  if (fresh || list.children.length !== state.seats.length) {
    list.replaceChildren();
    state.seats.forEach((seat, index) => {
      const item = document.createElement("li");
      item.innerHTML = markIcon(seat.mark);
      const select = seatSelect(seatOptions(), seat.kind, `Player ${seat.mark}`);
      select.dataset.seat = index;
      select.addEventListener("change", changeSeats);
      item.append(select);
      list.append(item);
    });
  }
  state.seats.forEach((seat, index) => {
    const item = list.children[index];
    item.querySelector("select").value = seat.kind;
    item.classList.toggle("to-move", seat.mark === state.turn && state.status === "in progress");
  });
}

function showMoves() {
  const slider = $("replay");
  slider.max = state.line.length;
  if (wantedPly === null) slider.value = state.ply; // not under a person's quick steps
  $("replay-label").textContent = `Move ${state.ply} of ${state.line.length}`;
  $("continue").hidden = state.ply === state.line.length;
  const list = $("moves");
  if (list.children.length > state.line.length) list.replaceChildren();
  for (let i = list.children.length; i < state.line.length; i++) {
    const item = document.createElement("li");
    item.addEventListener("click", () => goto(() => i + 1));
    list.append(item);
  }
  state.line.forEach((move, i) => {
    const item = list.children[i];
    const text = `${move.mark} ${move.label}`;
    if (item.textContent !== text) item.textContent = text;
    item.classList.toggle("current", i + 1 === state.ply);
  });
  const current = list.children[state.ply - 1];
  if (current) current.scrollIntoView({ block: "nearest" });
}

/** Wait for the bots: ask for a newer state until no bot is thinking. */
async function watch() {
  const id = state.id;
  if (watching === id) return;
  watching = id;
  try {
    while (state && state.id === id && state.thinking) {
      show(await api("GET", `/api/games/${id}?since=${state.version}`));
    }
  } catch (error) {
    showError(error);
  } finally {
    if (watching === id) watching = null;
  }
}

let queue = Promise.resolve();
let wantedPly = null;

/** Send an action on the game; actions go one after another, in the order they were made. */
function act(action, body = {}) {
  queue = queue.then(async () => {
    if (!state) return;
    try {
      showError(null);
      show(await api("POST", `/api/games/${state.id}/${action}`, body));
    } catch (error) {
      if (error.status === 404) await restore();
      showError(error);
    }
  });
  return queue;
}

/** Step to a move of the line; quick steps add up before the server has answered them. */
function goto(target) {
  if (isSpace()) return; // no stepping through the moves of a board of three dimensions
  const ply = Math.min(Math.max(target(wantedPly ?? state.ply), 0), state.line.length);
  if (ply === (wantedPly ?? state.ply)) return;
  wantedPly = ply;
  act("goto", { ply }).then(() => {
    if (wantedPly === ply) {
      wantedPly = null;
      $("replay").value = state.ply;
    }
  });
}

function changeSeats() {
  const seats = [...$("seats").querySelectorAll("select")].map((select) => select.value);
  act("seats", { seats, seconds: state.seconds });
}

let valuesFor = null;
async function refreshValues() {
  const wanted = $("show-values").checked;
  $("values-legend").hidden = !wanted;
  const key = state ? `${state.id}:${state.version}` : null;
  if (isSpace()) {
    valuesFor = null;
    $("values-legend").hidden = true;
    return;
  }
  if (!wanted || !state.can_analyse) {
    valuesFor = null;
    board.setValues([]);
    if (wanted && state.status === "in progress") {
      $("evaluation").textContent = "Perfect play is shown for two players with at most " +
        `${options.analysis_free_cells} free cells on a bounded board.`;
    }
    return;
  }
  if (valuesFor === key) return;
  valuesFor = key;
  try {
    const answer = await api("GET", `/api/games/${state.id}/analysis`);
    if (valuesFor === key) board.setValues(answer.cells);
  } catch (error) {
    showError(error);
  }
}

function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function save(format) {
  try {
    showError(null);
    const record = await api("GET", `/api/games/${state.id}/record?format=${format}`);
    download(record.filename, record.text);
  } catch (error) {
    showError(error);
  }
}

async function open(file) {
  try {
    showError(null);
    const text = await file.text();
    show(await api("POST", "/api/games/open", { text, name: file.name }), { newGame: true });
  } catch (error) {
    showError(error);
  }
}

function remember() {
  const saved = {
    id: state.id,
    rules: state.rules,
    seats: state.seats.map((seat) => seat.kind),
    seconds: state.seconds,
    moves: state.line.map((move) => move.cell || [move.row, move.col]),
    ply: state.ply,
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch {
    // a full or disabled storage only means the game is not restored after a restart
  }
}

/** The game of the last visit: still on the server, or played again from what was kept. */
async function restore() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch {
    saved = null;
  }
  const id = location.hash.slice(1) || (saved && saved.id);
  if (id) {
    try {
      show(await api("GET", `/api/games/${id}`), { newGame: true });
      return true;
    } catch (error) {
      if (error.status !== 404) throw error;
    }
  }
  if (!saved) return false;
  const { rules } = saved;
  const kept = { k: rules.k, exact: rules.exact, players: rules.players, seats: saved.seats,
                 seconds: saved.seconds, moves: saved.moves };
  const body = rules.shape ? { ...kept, shape: rules.shape, misere: rules.misere }
    : { ...kept, unbounded: rules.rows === null, rule: rules.rule };
  if (!rules.shape) {
    for (const variant of options.variants) {
      if (rules[variant.name]) body[variant.name] = true;
    }
    if (rules.rows !== null) Object.assign(body, { rows: rules.rows, cols: rules.cols });
  }
  try {
    let restored = await api("POST", "/api/games", body);
    if (saved.ply < saved.moves.length) {
      restored = await api("POST", `/api/games/${restored.id}/goto`, { ply: saved.ply });
    }
    show(restored, { newGame: true });
    return true;
  } catch {
    localStorage.removeItem(STORE);
    return false;
  }
}

function stepKeys(event) {
  const active = document.activeElement;
  const typing = active && (active.matches("input, select, textarea") ||
                            active === board.svg || active.closest("dialog"));
  if (!state || typing || event.altKey || event.ctrlKey || event.metaKey) return;
  const targets = { ArrowLeft: (ply) => ply - 1, ArrowRight: (ply) => ply + 1, Home: () => 0,
                    End: () => state.line.length };
  if (!(event.key in targets)) return;
  event.preventDefault();
  goto(targets[event.key]);
}

function wire() {
  board = new BoardView($("board"), { onPlay: clicked });
  layers = new LayersView($("layers"), { onPlay: (cell) => act("move", { cell }) });
  $("new-game").addEventListener("click", () => openSetup(state));
  $("undo").addEventListener("click", () => act("undo"));
  $("resign").addEventListener("click", () => act("resign"));
  $("continue").addEventListener("click", () => act("continue"));
  $("hint").addEventListener("click", async () => {
    try {
      showError(null);
      const hint = await api("POST", `/api/games/${state.id}/hint`);
      board.setHint([hint.row, hint.col]);
      $("evaluation").textContent = `Hint: ${hint.label}`;
    } catch (error) {
      showError(error);
    }
  });
  $("zoom-in").addEventListener("click", () => board.zoom(1.25));
  $("zoom-out").addEventListener("click", () => board.zoom(0.8));
  $("centre").addEventListener("click", () => board.centreOnMarks());
  $("first").addEventListener("click", () => goto(() => 0));
  $("back").addEventListener("click", () => goto((ply) => ply - 1));
  $("forward").addEventListener("click", () => goto((ply) => ply + 1));
  $("last").addEventListener("click", () => goto(() => state.line.length));
  $("replay").addEventListener("input", (event) => goto(() => Number(event.target.value)));
  $("show-values").addEventListener("change", () => refreshValues());
  $("show-forbidden").addEventListener("change", () => showForbidden());
  for (const format of options.formats) {
    $(`save-${format}`).addEventListener("click", () => save(format));
  }
  $("open-file").addEventListener("change", (event) => {
    if (event.target.files[0]) open(event.target.files[0]);
    event.target.value = "";
  });
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    document.body.classList.remove("dropping");
    const file = event.dataTransfer.files[0];
    if (file) open(file);
  });
  document.addEventListener("keydown", stepKeys);
  wireSetup(options, (created) => {
    if (state) api("DELETE", `/api/games/${state.id}`).catch(() => {});
    showError(null);
    show(created, { newGame: true });
    if (!isSpace()) board.svg.focus();
  });
}

async function main() {
  try {
    options = await api("GET", "/api/options");
  } catch (error) {
    $("status").textContent = `The server cannot be reached: ${error.message}`;
    return;
  }
  wire();
  let restored = false;
  try {
    restored = await restore();
  } catch (error) {
    showError(error);
  }
  if (!restored) {
    $("status").textContent = "Choose a game to start.";
    openSetup(state);
  }
}

main();
