// The new-game dialog: presets, the board, its rule and variants, the players and their seats,
// an opening, the bots' time. The server checks every value; its refusal is shown in the dialog.
// A preset of three dimensions (Qubic, 3×3×3; the server lists them) sets the form aside for
// its shape: k, the players and the seats the server offers on it.

import { api, seatSelect } from "./api.js";

const $ = (id) => document.getElementById(id);
const PRESETS = {
  tictactoe: { unbounded: false, rows: 3, cols: 3, k: 3, bot: "perfect" },
  gomoku: { unbounded: false, rows: 15, cols: 15, k: 5 },
  renju: { unbounded: false, rows: 15, cols: 15, k: 5, rule: "renju" },
  connect: { unbounded: false, rows: 6, cols: 7, k: 4, variants: ["gravity"] },
  unbounded: { unbounded: true, rows: 15, cols: 15, k: 5 },
};
const FREESTYLE = "freestyle";

let options = null;
let space = null; // the board of three dimensions chosen, { shape, seats }, or null

/** The seat kinds to offer: on a board of three dimensions, the ones that play it. */
function seatOptions() {
  return space ? { seats: options.seats.filter((seat) => space.seats.includes(seat.name)) }
    : options;
}

/** Set the form for a board of three dimensions (``chosen``: its shape and seats), or for the
 * plane (null): the plane's own fields stand aside for the shape. */
function setSpace(chosen) {
  space = chosen;
  for (const element of document.querySelectorAll(".plane-only")) element.hidden = Boolean(space);
  $("space-board").hidden = !space;
  $("space-board").textContent = space
    ? `${space.shape.join("×")}: ${space.shape[0]} layers of ${space.shape[1]}×${space.shape[2]}`
    : "";
}

function setupSeats() {
  const count = Math.min(Math.max(Number($("players").value) || 2, 2), options.max_players);
  const list = $("setup-seats");
  const kept = [...list.querySelectorAll("select")].map((select) => select.value);
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    const item = document.createElement("li");
    const fallback = i === 0 ? "human" : list.dataset.bot || options.strongest;
    const select = seatSelect(seatOptions(), kept[i] || fallback, `Player ${i + 1}`);
    select.dataset.seat = i;
    item.append(select);
    list.append(item);
  }
}

function preset(name) {
  const solid = options.space.find((board) => board.name === name);
  setSpace(solid || null);
  const chosen = solid ? { ...solid, unbounded: false, rows: 3, cols: 3 } : PRESETS[name];
  $("unbounded").checked = chosen.unbounded;
  $("rows").value = chosen.rows;
  $("cols").value = chosen.cols;
  $("k").value = chosen.k;
  $("players").value = 2;
  $("rule").value = chosen.rule || FREESTYLE;
  for (const box of variantBoxes()) box.checked = (chosen.variants || []).includes(box.id);
  $("opening-protocol").value = options.opening || ""; // the server's first offer
  $("setup-seats").replaceChildren();
  $("setup-seats").dataset.bot = chosen.bot || options.strongest;
  setupSeats();
  boardFields();
}

/** The variants' checkboxes (gravity, torus, misère), each with the id of its API field. */
function variantBoxes() {
  return [...$("variants").querySelectorAll("input")];
}

function boardFields() {
  const unbounded = $("unbounded").checked;
  $("rows").disabled = unbounded || Boolean(space);
  $("cols").disabled = unbounded || Boolean(space);
  for (const box of variantBoxes()) {
    if (box.dataset.bounded) box.disabled = unbounded; // gravity and the torus need edges
  }
  ruleFields();
}

/** Offer the rules of five in a row (renju, caro) only to two players making five, and the
 * openings only to those playing no variant. */
function ruleFields() {
  const five = Number($("players").value) === 2 && Number($("k").value) === 5;
  const plain = variantBoxes().every((box) => !box.checked || box.disabled);
  const select = $("rule");
  for (const option of select.options) {
    const offered = five || !options.rules.find((rule) => rule.name === option.value).five;
    option.hidden = !offered;
    option.disabled = !offered;
  }
  if (select.selectedOptions[0].disabled) select.value = FREESTYLE;
  const offered = five && plain && !space;
  $("opening-field").hidden = !offered;
  if (!offered) $("opening-protocol").value = "";
}

export function openSetup(state) {
  $("setup-error").hidden = true;
  if (state) {
    const rules = state.rules;
    setSpace(rules.shape ? { shape: rules.shape, seats: state.offered } : null);
    $("unbounded").checked = rules.rows === null;
    if (!rules.shape && rules.rows !== null) {
      $("rows").value = rules.rows;
      $("cols").value = rules.cols;
    }
    $("k").value = rules.k;
    $("players").value = rules.players;
    $("rule").value = rules.rule || FREESTYLE;
    for (const box of variantBoxes()) box.checked = Boolean(rules[box.id]);
    $("opening-protocol").value = state.opening ? state.opening.protocol : "";
    $("seconds").value = state.seconds;
    $("setup-seats").replaceChildren();
    setupSeats();
    state.seats.forEach((seat, i) => {
      $("setup-seats").querySelectorAll("select")[i].value = seat.kind;
    });
  }
  boardFields();
  $("setup").showModal();
}

async function start(event, onCreated) {
  event.preventDefault();
  const number = (id) => (($(id).value.trim() === "") ? null : Number($(id).value));
  const body = {
    k: number("k"),
    players: number("players"),
    seconds: number("seconds"),
    seats: [...$("setup-seats").querySelectorAll("select")].map((select) => select.value),
  };
  if (space) {
    body.shape = space.shape;
  } else {
    Object.assign(body, { unbounded: $("unbounded").checked, rule: $("rule").value });
    if (!body.unbounded) Object.assign(body, { rows: number("rows"), cols: number("cols") });
    for (const box of variantBoxes()) {
      if (box.checked && !box.disabled) body[box.id] = true;
    }
    if ($("opening-protocol").value) body.opening = $("opening-protocol").value;
  }
  try {
    const created = await api("POST", "/api/games", body);
    $("setup").close();
    onCreated(created);
  } catch (error) {
    $("setup-error").textContent = error.message;
    $("setup-error").hidden = false;
  }
}

function variantBox(variant) {
  const label = document.createElement("label");
  label.className = "check";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = variant.name;
  if (variant.bounded) box.dataset.bounded = "true";
  box.addEventListener("change", ruleFields);
  label.append(box, ` ${variant.description}`);
  return label;
}

/** Wire the dialog to the server's ``offered`` options; ``onCreated`` gets each new game. */
export function wireSetup(offered, onCreated) {
  options = offered;
  $("seconds").value = options.seconds.default;
  $("seconds").max = options.seconds.max;
  $("setup-form").addEventListener("submit", (event) => start(event, onCreated));
  $("cancel").addEventListener("click", () => $("setup").close());
  for (const rule of options.rules) $("rule").append(new Option(rule.description, rule.name));
  for (const variant of options.variants) $("variants").append(variantBox(variant));
  for (const opening of options.openings) {
    $("opening-protocol").append(new Option(opening.description, opening.name));
  }
  $("players").addEventListener("input", setupSeats);
  $("players").addEventListener("input", ruleFields);
  $("k").addEventListener("input", ruleFields);
  $("unbounded").addEventListener("change", boardFields);
  for (const board of options.space) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.preset = board.name;
    button.textContent = board.label;
    document.querySelector(".presets").append(button);
  }
  for (const button of document.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => preset(button.dataset.preset));
  }
  preset("tictactoe");
}
