// The board: drawn as SVG from the server's state, with pan, zoom, clicks and the keyboard.
// It knows how to draw and where a person points; the rules stay on the server.

const SVG = "http://www.w3.org/2000/svg";
const MARGIN = 24; // room for the coordinates along the top and the left
const MIN_CELL = 14;
const MAX_CELL = 96;
const COMFORTABLE_CELL = 34;
const COLOURS = {
  X: "#c62828", O: "#1565c0", Y: "#2e7d32", Z: "#6a1b9a",
  A: "#ef6c00", B: "#00838f", C: "#4e342e", D: "#ad1457",
};
const SIDES = { Y: 3, Z: 4, A: 4, B: 5, C: 6 };

/** The SVG markup of a mark centred on (x, y); the same shapes as the package's pictures. */
export function markShape(mark, x, y, radius, width) {
  const paint = `class="mark" stroke="${COLOURS[mark] || "#333"}" stroke-width="${width}"`;
  if (mark === "X") {
    const a = x - radius, b = x + radius, c = y - radius, d = y + radius;
    return `<path d="M${a} ${c}L${b} ${d}M${b} ${c}L${a} ${d}" ${paint}/>`;
  }
  if (mark === "O") return `<circle cx="${x}" cy="${y}" r="${radius}" ${paint}/>`;
  if (mark === "D") {
    return `<path d="M${x - radius} ${y}H${x + radius}M${x} ${y - radius}V${y + radius}" ${paint}/>`;
  }
  const sides = SIDES[mark] || 4;
  const turn = mark === "Z" ? Math.PI / 4 : -Math.PI / 2;
  const points = [];
  for (let i = 0; i < sides; i++) {
    const angle = turn + (2 * Math.PI * i) / sides;
    points.push(`${x + radius * Math.cos(angle)},${y + radius * Math.sin(angle)}`);
  }
  return `<polygon points="${points.join(" ")}" ${paint}/>`;
}

/** The stretches of neighbouring cells along a line, as [from, to] points in cells (the
 * centre of a cell is half a cell past its row and column): one stretch, but on the torus a
 * line that leaves an edge comes back at the other, so each piece runs to the edge it leaves. */
function stretches(line) {
  if (line.length < 2) return line.map(([row, col]) => [[row + 0.5, col + 0.5], [row + 0.5, col + 0.5]]);
  const unit = (d) => (Math.abs(d) > 1 ? -Math.sign(d) : d); // a step over an edge, seen back
  const step = [unit(line[1][0] - line[0][0]), unit(line[1][1] - line[0][1])];
  const near = (a, b) => Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1;
  const found = [];
  line.forEach((cell, i) => {
    const centre = [cell[0] + 0.5, cell[1] + 0.5];
    if (i > 0 && near(cell, line[i - 1])) {
      found[found.length - 1][1] = centre;
      return;
    }
    if (i > 0) { // the piece before runs on to the edge, and this one comes in from the other
      const end = found[found.length - 1][1];
      found[found.length - 1][1] = [end[0] + step[0] / 2, end[1] + step[1] / 2];
    }
    found.push([i > 0 ? [centre[0] - step[0] / 2, centre[1] - step[1] / 2] : centre, centre]);
  });
  return found;
}

function cellId(row, col) {
  return `cell_${row}_${col}`.replaceAll("-", "m");
}

export class BoardView {
  constructor(svg, { onPlay }) {
    this.svg = svg;
    this.onPlay = onPlay;
    this.state = null;
    this.marks = new Map();
    this.values = new Map();
    this.forbidden = new Map();
    this.pending = new Map();
    this.landing = new Map(); // under gravity: each open column's landing row
    this.aimed = null; // under gravity: the column pointed at, whose landing cell is shown
    this.hintCell = null;
    this.view = { top: 0, left: 0, size: COMFORTABLE_CELL };
    this.cursor = null;
    this.playable = false;
    this.drag = null;
    this.frame = 0;
    this.listen();
    new ResizeObserver(() => this.fit()).observe(svg);
  }

  /** Show a new state; the view is fitted when the game changes, else kept. */
  setState(state, { newGame = false } = {}) {
    this.state = state;
    this.marks = new Map();
    for (const move of state.line.slice(0, state.ply)) {
      this.marks.set(`${move.row},${move.col}`, move.mark);
    }
    this.playable = state.persons_turn && !state.closed;
    this.landing = new Map(state.landing.map(([row, col]) => [col, row]));
    this.hintCell = null;
    if (newGame || !this.cursor) {
      this.cursor = state.last_move ? [...state.last_move] : this.centre();
      this.fit();
    } else {
      if (state.last_move) this.reveal(state.last_move);
      this.render();
    }
  }

  setValues(cells) {
    this.values = new Map(cells.map((cell) => [`${cell.row},${cell.col}`, cell]));
    this.render();
  }

  /** Mark the cells Black may not play (each with its reason); an empty list marks none. */
  setForbidden(cells) {
    this.forbidden = new Map(cells.map((cell) => [`${cell.row},${cell.col}`, cell.reason]));
    this.render();
  }

  /** Show stones a person has chosen but not yet sent, in turn order from the side to move. */
  setPending(cells) {
    const seats = this.state.seats;
    this.pending = new Map(cells.map(([row, col], i) =>
      [`${row},${col}`, seats[(this.state.ply + i) % seats.length].mark]));
    this.render();
  }

  setHint(cell) {
    this.hintCell = cell;
    this.reveal(cell);
    this.render();
  }

  get rows() { return this.state ? this.state.rules.rows : null; }
  get cols() { return this.state ? this.state.rules.cols : null; }
  get bounded() { return this.rows !== null; }
  get gravity() { return Boolean(this.state && this.state.rules.gravity); }

  /** Under gravity, show where a mark in the column of ``cell`` lands (none for null). */
  aim(cell) {
    const col = cell && this.gravity && this.playable && this.landing.has(cell[1]) ? cell[1] : null;
    if (col === this.aimed) return;
    this.aimed = col;
    this.scheduleRender();
  }

  centre() {
    if (this.bounded) return [Math.floor(this.rows / 2), Math.floor(this.cols / 2)];
    return [0, 0];
  }

  area() {
    return { width: Math.max(this.svg.clientWidth - MARGIN, 1),
             height: Math.max(this.svg.clientHeight - MARGIN, 1) };
  }

  /** The cell size at which the whole bounded board fits, or null when it would be unreadable. */
  wholeSize() {
    if (!this.bounded) return null;
    const { width, height } = this.area();
    const size = Math.min(width / this.cols, height / this.rows, MAX_CELL);
    return size >= MIN_CELL ? size : null;
  }

  /** Show the whole bounded board if it fits at a readable size; else frame the marks. */
  fit() {
    if (!this.state) return;
    const size = this.wholeSize();
    if (size === null) {
      this.centreOnMarks();
      return;
    }
    const { width, height } = this.area();
    this.view.size = size;
    this.view.left = this.cols / 2 - width / (2 * size);
    this.view.top = this.rows / 2 - height / (2 * size);
    this.render();
  }

  /** Jump back to the marks: frame their bounding box (or the centre), zoomed to fit. */
  centreOnMarks() {
    if (!this.state) return;
    if (this.wholeSize() !== null) {
      this.fit();
      return;
    }
    const { width, height } = this.area();
    let [top, left] = this.centre();
    let [bottom, right] = [top, left];
    if (this.marks.size) {
      [top, bottom, left, right] = [Infinity, -Infinity, Infinity, -Infinity];
      for (const key of this.marks.keys()) {
        const [row, col] = key.split(",").map(Number);
        top = Math.min(top, row); bottom = Math.max(bottom, row);
        left = Math.min(left, col); right = Math.max(right, col);
      }
    }
    const spanRows = bottom - top + 5, spanCols = right - left + 5;
    const size = Math.max(MIN_CELL, Math.min(COMFORTABLE_CELL, width / spanCols, height / spanRows));
    this.view.size = size;
    this.view.left = (left + right + 1) / 2 - width / (2 * size);
    this.view.top = (top + bottom + 1) / 2 - height / (2 * size);
    this.render();
  }

  isPannable() {
    if (!this.state) return false;
    if (!this.bounded) return true;
    const { width, height } = this.area();
    return this.cols * this.view.size > width + 1 || this.rows * this.view.size > height + 1;
  }

  zoom(factor, x = null, y = null) {
    const { width, height } = this.area();
    const px = (x ?? MARGIN + width / 2) - MARGIN, py = (y ?? MARGIN + height / 2) - MARGIN;
    const size = Math.min(MAX_CELL, Math.max(MIN_CELL, this.view.size * factor));
    const col = this.view.left + px / this.view.size, row = this.view.top + py / this.view.size;
    this.view.size = size;
    this.view.left = col - px / size;
    this.view.top = row - py / size;
    this.render();
  }

  panBy(rows, cols) {
    this.view.top += rows;
    this.view.left += cols;
    this.render();
  }

  /** Pan just enough for the cell to be in view. */
  reveal([row, col]) {
    const { width, height } = this.area();
    const across = width / this.view.size, down = height / this.view.size;
    if (col < this.view.left) this.view.left = col - 1;
    if (col + 1 > this.view.left + across) this.view.left = col + 2 - across;
    if (row < this.view.top) this.view.top = row - 1;
    if (row + 1 > this.view.top + down) this.view.top = row + 2 - down;
  }

  /** The rows and columns in view, clipped to a bounded board. */
  visible() {
    const { width, height } = this.area();
    let top = Math.floor(this.view.top), left = Math.floor(this.view.left);
    let bottom = Math.ceil(this.view.top + height / this.view.size) - 1;
    let right = Math.ceil(this.view.left + width / this.view.size) - 1;
    if (this.bounded) {
      top = Math.max(top, 0); left = Math.max(left, 0);
      bottom = Math.min(bottom, this.rows - 1); right = Math.min(right, this.cols - 1);
    }
    return { top, bottom, left, right };
  }

  columnLabel(col) {
    return this.bounded ? this.state.columns[col] : String(col + 1);
  }

  label(row, col) {
    return this.bounded ? `${this.columnLabel(col)}${row + 1}` : `${row + 1} ${col + 1}`;
  }

  scheduleRender() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  render() {
    if (!this.state) return;
    const state = this.state;
    const size = this.view.size;
    const { top, bottom, left, right } = this.visible();
    const x = (col) => +(MARGIN + (col - this.view.left) * size).toFixed(2);
    const y = (row) => +(MARGIN + (row - this.view.top) * size).toFixed(2);
    const last = state.last_move ? `${state.last_move[0]},${state.last_move[1]}` : null;
    const free = this.playable && !this.gravity ? " playable" : "";
    const drops = this.playable && this.gravity;
    const aimed = this.playable ? this.aimed : null;
    const parts = [];
    const cells = [];
    for (let row = top; row <= bottom; row++) {
      cells.push(`<g role="row" aria-rowindex="${row + 1}">`);
      for (let col = left; col <= right; col++) {
        const key = `${row},${col}`;
        const mark = this.marks.get(key);
        let kind = mark ? "cell taken" : `cell free${free}`;
        if (drops && this.landing.has(col)) kind += col === aimed ? " drop aim" : " drop";
        if (key === last) kind += " last";
        const value = this.values.get(key);
        if (value && !mark) kind += ` value-${value.value}`;
        const reason = mark ? undefined : this.forbidden.get(key);
        if (reason) kind += " forbidden";
        const placed = this.pending.get(key);
        const name = `${this.label(row, col)}, ` +
          (mark || (placed ? `${placed}, not sent yet` : "empty")) +
          (value && !mark ? `, ${value.value} with perfect play` : "") +
          (reason ? `, forbidden for Black: ${reason}` : "") +
          (this.landing.get(col) === row ? ", the next mark in this column lands here" : "");
        cells.push(`<rect id="${cellId(row, col)}" class="${kind}" role="gridcell" ` +
          `aria-label="${name}" data-row="${row}" data-col="${col}" x="${x(col)}" ` +
          `y="${y(row)}" width="${size.toFixed(2)}" height="${size.toFixed(2)}"/>`);
      }
      cells.push("</g>");
    }
    parts.push(cells.join(""));
    const stroke = Math.max(1, size / 40).toFixed(2);
    for (let col = left; col <= right + 1; col++) {
      parts.push(`<line class="gridline" x1="${x(col)}" y1="${y(top)}" x2="${x(col)}" ` +
        `y2="${y(bottom + 1)}" stroke-width="${stroke}"/>`);
    }
    for (let row = top; row <= bottom + 1; row++) {
      parts.push(`<line class="gridline" x1="${x(left)}" y1="${y(row)}" x2="${x(right + 1)}" ` +
        `y2="${y(row)}" stroke-width="${stroke}"/>`);
    }
    const radius = (size * 0.34).toFixed(2), width = (size / 10).toFixed(2);
    for (const [key, mark] of this.marks) {
      const [row, col] = key.split(",").map(Number);
      if (row < top || row > bottom || col < left || col > right) continue;
      parts.push(markShape(mark, +(x(col) + size / 2).toFixed(2), +(y(row) + size / 2).toFixed(2),
        +radius, +width));
    }
    for (const [key, mark] of this.pending) {
      const [row, col] = key.split(",").map(Number);
      if (row < top || row > bottom || col < left || col > right) continue;
      parts.push(`<g class="pending">${markShape(mark, +(x(col) + size / 2).toFixed(2),
        +(y(row) + size / 2).toFixed(2), +radius, +width)}</g>`);
    }
    if (aimed !== null && this.landing.has(aimed)) {
      const row = this.landing.get(aimed);
      parts.push(`<g class="pending landing">${markShape(state.turn, +(x(aimed) + size / 2).toFixed(2),
        +(y(row) + size / 2).toFixed(2), +radius, +width)}</g>`);
    }
    const arm = +(size * 0.12).toFixed(2);
    for (const key of this.forbidden.keys()) {
      const [row, col] = key.split(",").map(Number);
      if (row < top || row > bottom || col < left || col > right || this.marks.has(key)) continue;
      const fromX = +(x(col) + size / 2 - arm).toFixed(2);
      const fromY = +(y(row) + size / 2 - arm).toFixed(2);
      parts.push(`<path class="forbidden-mark" d="M${fromX} ${fromY}l${2 * arm} ${2 * arm}` +
        `m0 ${-2 * arm}l${-2 * arm} ${2 * arm}" stroke-width="${Math.max(1.5, size / 20)}"/>`);
    }
    for (const [from, to] of stretches(state.winning_line)) {
      parts.push(`<line class="win" x1="${x(from[1])}" y1="${y(from[0])}" x2="${x(to[1])}" ` +
        `y2="${y(to[0])}" stroke-width="${size / 8}"/>`);
    }
    if (this.hintCell) {
      const [row, col] = this.hintCell;
      parts.push(`<circle class="hint" cx="${x(col) + size / 2}" cy="${y(row) + size / 2}" ` +
        `r="${size * 0.38}" stroke-width="${Math.max(2, size / 12)}"/>`);
    }
    if (this.cursor && this.svg === document.activeElement) {
      const [row, col] = this.cursor;
      parts.push(`<rect class="cursor" x="${x(col) + 2}" y="${y(row) + 2}" width="${size - 4}" ` +
        `height="${size - 4}" stroke-width="2"/>`);
    }
    parts.push(...this.coordinates(top, bottom, left, right, x, y));
    this.svg.innerHTML = parts.join("");
    this.svg.classList.toggle("pannable", this.isPannable());
    if (this.cursor) this.svg.setAttribute("aria-activedescendant", cellId(...this.cursor));
  }

  /** Column letters above the board and row numbers left of it, or along the edges when the
   * board runs past the view. */
  coordinates(top, bottom, left, right, x, y) {
    const size = this.view.size;
    const labelY = Math.max(MARGIN * 0.7, y(top) - MARGIN * 0.3);
    const labelX = Math.max(MARGIN / 2, x(left) - MARGIN / 2);
    const parts = [];
    if (this.isPannable()) {
      parts.push(`<rect class="label-band" x="0" y="0" width="100%" height="${MARGIN}"/>`,
        `<rect class="label-band" x="0" y="0" width="${MARGIN}" height="100%"/>`);
    } else {
      parts.push(`<rect class="edge" x="${x(left)}" y="${y(top)}" ` +
        `width="${(right - left + 1) * size}" height="${(bottom - top + 1) * size}" stroke-width="2"/>`);
    }
    const every = Math.ceil(28 / size); // labels never overlap, however far one zooms out
    for (let col = left; col <= right; col++) {
      if (col % every || x(col) + size / 2 < MARGIN) continue;
      parts.push(`<text class="label" x="${x(col) + size / 2}" y="${labelY}" ` +
        `text-anchor="middle" aria-hidden="true">${this.columnLabel(col)}</text>`);
    }
    for (let row = top; row <= bottom; row++) {
      if (row % every || y(row) + size / 2 < MARGIN) continue;
      parts.push(`<text class="label" x="${labelX}" y="${y(row) + size / 2}" ` +
        `text-anchor="middle" dominant-baseline="central" aria-hidden="true">${row + 1}</text>`);
    }
    return parts;
  }

  /** The cell under a pointer event, from the element it landed on. */
  static cellOf(target) {
    const element = target.closest ? target.closest("[data-row]") : null;
    return element ? [Number(element.dataset.row), Number(element.dataset.col)] : null;
  }

  listen() {
    const svg = this.svg;
    svg.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      this.drag = { x: event.clientX, y: event.clientY, top: this.view.top,
                    left: this.view.left, cell: BoardView.cellOf(event.target),
                    moved: false, id: event.pointerId };
    });
    svg.addEventListener("pointermove", (event) => {
      if (!this.drag || !this.drag.moved) this.aim(BoardView.cellOf(event.target));
      const drag = this.drag;
      if (!drag || drag.id !== event.pointerId || !this.isPannable()) return;
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) { drag.moved = true; svg.setPointerCapture(event.pointerId); }
      svg.classList.add("dragging");
      this.view.left = drag.left - dx / this.view.size;
      this.view.top = drag.top - dy / this.view.size;
      this.scheduleRender();
    });
    const end = (event) => {
      const drag = this.drag;
      this.drag = null;
      svg.classList.remove("dragging");
      if (!drag || drag.moved || event.type === "pointercancel") return;
      if (drag.cell) {
        this.cursor = drag.cell;
        this.play(drag.cell);
      }
    };
    svg.addEventListener("pointerleave", () => this.aim(null));
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      this.zoom(Math.exp(-event.deltaY * 0.0015), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    svg.addEventListener("focus", () => this.render());
    svg.addEventListener("blur", () => this.render());
    svg.addEventListener("keydown", (event) => this.key(event));
  }

  /** Play a cell; under gravity any cell of an open column plays that column. */
  play(cell) {
    if (this.gravity ? !this.landing.has(cell[1]) : this.marks.has(`${cell[0]},${cell[1]}`)) return;
    this.onPlay(cell);
  }

  key(event) {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      if (event.shiftKey) {
        this.panBy(dr * 3, dc * 3);
      } else {
        let [row, col] = this.cursor || this.centre();
        row += dr; col += dc;
        if (this.bounded) {
          row = Math.min(Math.max(row, 0), this.rows - 1);
          col = Math.min(Math.max(col, 0), this.cols - 1);
        }
        this.cursor = [row, col];
        this.reveal(this.cursor);
        this.aim(this.cursor);
        this.render();
        this.announce();
      }
    } else if (event.key === "Enter" || event.key === " ") {
      if (this.cursor) this.play(this.cursor);
    } else if (event.key === "+" || event.key === "=") {
      this.zoom(1.25);
    } else if (event.key === "-" || event.key === "_") {
      this.zoom(0.8);
    } else if (event.key === "0") {
      this.centreOnMarks();
    } else {
      return;
    }
    event.preventDefault();
  }

  announce() {
    const [row, col] = this.cursor;
    const mark = this.marks.get(`${row},${col}`);
    document.getElementById("cursor").textContent = `${this.label(row, col)}, ${mark || "empty"}`;
  }
}
