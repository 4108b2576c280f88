// The new-game dialog: presets, the board, the players and their seats, the bots' time.
// The server checks every value; its refusal is shown in the dialog.

import { api, seatSelect } from "./api.js";

const $ = (id) => document.getElementById(id);
const PRESETS = {
  tictactoe: { unbounded: false, rows: 3, cols: 3, k: 3, bot: "perfect" },
  gomoku: { unbounded: false, rows: 15, cols: 15, k: 5 },
  connect: { unbounded: false, rows: 6, cols: 7, k: 4 },
  unbounded: { unbounded: true, rows: 15, cols: 15, k: 5 },
};

let options = null;

function setupSeats() {
  const count = Math.min(Math.max(Number($("players").value) || 2, 2), options.max_players);
  const list = $("setup-seats");
  const kept = [...list.querySelectorAll("select")].map((select) => select.value);
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    const item = document.createElement("li");
    const fallback = i === 0 ? "human" : list.dataset.bot || options.strongest;
    const select = seatSelect(options, kept[i] || fallback, `Player ${i + 1}`);
    select.dataset.seat = i;
    item.append(select);
    list.append(item);
  }
}

function preset(name) {
  const chosen = PRESETS[name];
  $("unbounded").checked = chosen.unbounded;
  $("rows").value = chosen.rows;
  $("cols").value = chosen.cols;
  $("k").value = chosen.k;
  $("players").value = 2;
  $("exact").checked = false;
  $("setup-seats").replaceChildren();
  $("setup-seats").dataset.bot = chosen.bot || options.strongest;
  setupSeats();
  boardFields();
}

function boardFields() {
  const unbounded = $("unbounded").checked;
  $("rows").disabled = unbounded;
  $("cols").disabled = unbounded;
}

export function openSetup(state) {
  $("setup-error").hidden = true;
  if (state) {
    const rules = state.rules;
    $("unbounded").checked = rules.rows === null;
    if (rules.rows !== null) {
      $("rows").value = rules.rows;
      $("cols").value = rules.cols;
    }
    $("k").value = rules.k;
    $("exact").checked = rules.exact;
    $("players").value = rules.players;
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
    unbounded: $("unbounded").checked,
    k: number("k"),
    exact: $("exact").checked,
    players: number("players"),
    seconds: number("seconds"),
    seats: [...$("setup-seats").querySelectorAll("select")].map((select) => select.value),
  };
  if (!body.unbounded) Object.assign(body, { rows: number("rows"), cols: number("cols") });
  try {
    const created = await api("POST", "/api/games", body);
    $("setup").close();
    onCreated(created);
  } catch (error) {
    $("setup-error").textContent = error.message;
    $("setup-error").hidden = false;
  }
}

/** Wire the dialog to the server's ``offered`` options; ``onCreated`` gets each new game. */
export function wireSetup(offered, onCreated) {
  options = offered;
  $("seconds").value = options.seconds.default;
  $("seconds").max = options.seconds.max;
  $("setup-form").addEventListener("submit", (event) => start(event, onCreated));
  $("cancel").addEventListener("click", () => $("setup").close());
  $("players").addEventListener("input", setupSeats);
  $("unbounded").addEventListener("change", boardFields);
  for (const button of document.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => preset(button.dataset.preset));
  }
  preset("tictactoe");
}
