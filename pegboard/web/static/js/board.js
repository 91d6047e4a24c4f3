// A cribbage board in SVG: one lane per side, holes in fives, two pegs per side that leapfrog.
import { s } from "./dom.js";

const PER_ROW = 30;
const STEP = 17;
const GROUP_GAP = 7;
const LANE = 12;
const LEFT = 44;
export const SIDE_COLOURS = ["#d64545", "#2f7ed8", "#2e9e5b", "#e0a21b"];

function holeX(index) {
  return LEFT + index * STEP + Math.floor(index / 5) * GROUP_GAP;
}

export class Board {
  constructor(sides, target) {
    this.sides = sides;
    this.target = Math.max(2, target);
    this.rows = Math.max(1, Math.ceil((this.target - 1) / PER_ROW));
    this.rowHeight = sides.length * LANE + 16;
    const width = holeX(PER_ROW - 1) + 44;
    const height = this.rows * this.rowHeight + 10;
    this.svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board", role: "img",
      "aria-label": "cribbage board" });
    this.svg.append(s("rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 12, class: "board-wood" }));
    this.width = width;
    this.holes();
    this.pegs = sides.map((side, number) => [0, 1].map((which) => {
      const peg = s("circle", { r: 5.2, cx: 0, cy: 0, class: "peg", fill: SIDE_COLOURS[number % 4] });
      peg.append(s("title", {}, side));
      this.svg.append(peg);
      return { el: peg, value: null, which };
    }));
    this.update(sides.map(() => 0), sides.map(() => 0), true);
  }

  laneY(row, lane) {
    return 14 + row * this.rowHeight + lane * LANE;
  }

  // Where a peg standing on `score` sits (score 0: the two start holes; the target: the game hole).
  position(lane, score, which) {
    if (score <= 0) return [which ? 26 : 12, this.laneY(0, lane)];
    if (score >= this.target) {
      const row = this.rows - 1;
      const forward = row % 2 === 0;
      return [forward ? this.width - 18 : 18, this.laneY(row, lane)];
    }
    const index = score - 1;
    const row = Math.floor(index / PER_ROW);
    const column = index % PER_ROW;
    return [holeX(row % 2 === 0 ? column : PER_ROW - 1 - column), this.laneY(row, lane)];
  }

  holes() {
    const group = s("g", { class: "holes" });
    this.sides.forEach((side, lane) => {
      for (let score = 1; score < this.target; score++) {
        const [x, y] = this.position(lane, score, 0);
        group.append(s("circle", { cx: x, cy: y, r: 2.4, class: score % 5 === 0 ? "hole fifth" : "hole" }));
      }
      for (const which of [0, 1]) {
        const [x, y] = this.position(lane, 0, which);
        group.append(s("circle", { cx: x, cy: y, r: 2.4, class: "hole start" }));
      }
    });
    const [gx, gy] = this.position(0, this.target, 0);
    const middle = gy + ((this.sides.length - 1) * LANE) / 2;
    group.append(s("circle", { cx: gx, cy: middle, r: 6, class: "hole game" }));
    for (let row = 0; row < this.rows; row++) {
      const label = Math.min((row + 1) * PER_ROW, this.target - 1);
      const [x] = this.position(0, label, 0);
      group.append(s("text", { x, y: this.laneY(row, this.sides.length - 1) + 12, class: "board-label",
        "text-anchor": "middle" }, String(label)));
    }
    this.svg.append(group);
  }

  place(peg, lane, value, instant) {
    peg.value = value;
    const [x, y] = value >= this.target
      ? [this.position(lane, this.target, 0)[0] + (peg.which ? 5 : -5), this.position(lane, this.target, 0)[1]]
      : this.position(lane, value, peg.which);
    peg.el.classList.toggle("instant", Boolean(instant));
    peg.el.style.transform = `translate(${x}px, ${y}px)`;
    peg.el.querySelector("title").textContent = `${this.sides[lane]}: ${value}`;
  }

  // Front peg on `scores`, rear peg on `previous`; the rear peg jumps over the front one when a side scores.
  update(scores, previous, instant = false) {
    this.sides.forEach((side, lane) => {
      const [a, b] = this.pegs[lane];
      const front = scores[lane] || 0;
      const rear = Math.min(previous[lane] || 0, front);
      const values = [a.value, b.value].sort((x, y) => x - y).join();
      if (values === [rear, front].sort((x, y) => x - y).join()) return;
      if (a.value === rear && b.value !== front) this.place(b, lane, front, instant);
      else if (b.value === rear && a.value !== front) this.place(a, lane, front, instant);
      else {
        this.place(a, lane, rear, instant);
        this.place(b, lane, front, instant);
      }
    });
  }
}
