// A board of three dimensions, drawn layer by layer: each layer a small grid of buttons, side
// by side where there is room, stacked where there is not. A click plays that layer's cell;
// the last move and the winning line are marked in whichever layers they cross.

import { markShape } from "./board.js";

export class LayersView {
  constructor(element, { onPlay }) {
    this.element = element;
    this.onPlay = onPlay;
    this.state = null;
    this.shape = null;
    this.cells = new Map(); // "layer,row,col" -> button
    element.addEventListener("click", (event) => {
      const button = event.target.closest("[data-layer]");
      if (button) this.play(button);
    });
  }

  /** Show a state of a game of three dimensions; the grids are rebuilt for a new shape. */
  setState(state) {
    this.state = state;
    const shape = state.rules.shape.join("×");
    if (shape !== this.shape) this.build(state);
    this.shape = shape;
    const marks = new Map(state.line.map((move) => [move.cell.join(","), move.mark]));
    const last = state.last_move ? state.last_move.join(",") : null;
    const line = new Set(state.winning_line.map((cell) => cell.join(",")));
    const playable = state.persons_turn && !state.closed;
    for (const [key, button] of this.cells) {
      const mark = marks.get(key) || null;
      if (button.dataset.mark !== (mark || "")) {
        button.dataset.mark = mark || "";
        button.innerHTML = mark ? `<svg class="layer-mark" viewBox="0 0 24 24" ` +
          `aria-hidden="true">${markShape(mark, 12, 12, 8, 2.6)}</svg>` : "";
      }
      button.classList.toggle("free", !mark);
      button.classList.toggle("playable", playable && !mark);
      button.classList.toggle("last", key === last);
      button.classList.toggle("winning", line.has(key));
      const [layer, row, col] = key.split(",").map(Number);
      const where = `layer ${layer + 1}, ${state.columns[col]}${row + 1}`;
      const notes = (key === last ? ", the last move" : "") +
        (line.has(key) ? ", on the winning line" : "");
      button.setAttribute("aria-label", `${where}, ${mark || "empty"}${notes}`);
    }
  }

  /** One grid per layer, each cell a button that knows its coordinates. */
  build(state) {
    const [layers, rows, cols] = state.rules.shape;
    this.cells = new Map();
    const grids = [];
    for (let layer = 0; layer < layers; layer++) {
      const figure = document.createElement("figure");
      figure.className = "layer";
      figure.dataset.layerIndex = layer;
      const caption = document.createElement("figcaption");
      caption.textContent = `Layer ${layer + 1}`;
      const grid = document.createElement("div");
      grid.className = "layer-grid";
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", `Layer ${layer + 1}`);
      grid.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "space-cell";
          Object.assign(button.dataset, { layer, row, col, mark: "" });
          grid.append(button);
          this.cells.set(`${layer},${row},${col}`, button);
        }
      }
      figure.append(caption, grid);
      grids.push(figure);
    }
    this.element.style.setProperty("--cols", cols);
    this.element.replaceChildren(...grids);
  }

  play(button) {
    if (!button.classList.contains("playable")) return;
    const { layer, row, col } = button.dataset;
    this.onPlay([Number(layer), Number(row), Number(col)]);
  }
}
