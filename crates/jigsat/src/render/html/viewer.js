// jigsat's solution page: turn a box in the hand, peel its layers, add the
// pieces one by one in a build order, play its disassembly move by move;
// flat boards and tiles are the SVG drawing with the same piece list and
// stepping.
//
// The page carries its data in <script id="jigsat-data">: the solutions,
// each piece with its label, fill and cells, the build order and the moves
// that take it apart (pieces slide, none turns; a piece alone once clear
// of the rest is set aside). Nothing
// is fetched. Boxes are drawn on a <canvas> as the outer faces of cubes,
// far ones first; flat boards and tiles are inline SVG groups shown,
// hidden and faded.
"use strict";

const data = JSON.parse(document.getElementById("jigsat-data").textContent);
const $ = (id) => document.getElementById(id);

// What the page shows now.
const state = {
  solution: 0,
  step: 0, // pieces placed, in build order
  move: 0, // moves of the disassembly done (boxes)
  playing: null, // the timer of "take apart"
  layers: 0, // layers shown from the bottom (boxes)
  highlight: -1, // a piece index, or -1
  pinned: false, // the highlight stays after the pointer leaves the list
  rot: null, // 3x3 rotation, world to screen (boxes)
};

// ---- 3x3 matrices, row-major --------------------------------------------

function mul(a, b) {
  const m = [];
  for (let i = 0; i < 3; i++) {
    m.push([0, 1, 2].map((j) => a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j]));
  }
  return m;
}

function apply(m, v) {
  return [0, 1, 2].map((i) => m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]);
}

// Turns about the screen's horizontal (x) and vertical (y) axes.
function turnX(a) {
  const c = Math.cos(a), s = Math.sin(a);
  return [[1, 0, 0], [0, c, -s], [0, s, c]];
}

function turnY(a) {
  const c = Math.cos(a), s = Math.sin(a);
  return [[c, 0, s], [0, 1, 0], [-s, 0, c]];
}

// The first view: as the SVG, from the front corner (largest x and y),
// a little from above. World axes: x right, y towards the viewer, z up.
function startView() {
  const front = [[1, 0, 0], [0, 0, 1], [0, -1, 0]];
  return mul(turnX(0.55), mul(turnY(-Math.PI / 4), front));
}

// ---- the box ----------------------------------------------------------

const FACES = [
  [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
];

const key = (c) => c.join(",");

// Where each piece is after the first `done` moves of the disassembly
// (its shift from the assembly), and which pieces are set aside.
function shifted(sol, done) {
  const by = sol.pieces.map(() => [0, 0, 0]);
  const aside = new Set();
  for (const m of sol.moves.slice(0, done)) {
    for (const k of m.pieces) by[k] = by[k].map((x, i) => x + m.by[i]);
    for (const k of m.aside) aside.add(k);
  }
  return { by, aside };
}

// The cells of piece k where the disassembly has moved it.
function cellsOf(sol, k) {
  const by = sol.now.by[k];
  return sol.pieces[k].cells.map((c) => [c[0] + by[0], c[1] + by[1], c[2] + by[2]]);
}

// Which piece covers each cell of a solution, in the current state of the
// disassembly.
function owners(sol) {
  if (sol.atMove !== state.move) {
    sol.now = shifted(sol, state.move);
    sol.at = new Map();
    sol.pieces.forEach((p, k) => cellsOf(sol, k).forEach((c) => sol.at.set(key(c), k)));
    sol.atMove = state.move;
  }
  return sol.at;
}

// The box around every place a piece takes during the disassembly, so
// that the picture keeps one scale while pieces slide out.
function reach(sol) {
  if (!sol.reach) {
    const lo = [0, 0, 0], hi = data.size.slice();
    for (let done = 0; done <= sol.moves.length; done++) {
      const { by } = shifted(sol, done);
      sol.pieces.forEach((p, k) => p.cells.forEach((c) => {
        for (let i = 0; i < 3; i++) {
          lo[i] = Math.min(lo[i], c[i] + by[k][i]);
          hi[i] = Math.max(hi[i], c[i] + by[k][i] + 1);
        }
      }));
    }
    sol.reach = { lo, hi };
  }
  return sol.reach;
}

// How piece k is drawn now: null (not there), "faded" or "solid".
function look(sol, k, c) {
  if (sol.rank[k] >= state.step) return null;
  if (sol.now && sol.now.aside.has(k)) return null;
  if (c && c[2] >= state.layers) return null;
  if (state.highlight >= 0 && state.highlight !== k) return "faded";
  return "solid";
}

// The outer faces: a cube's side is drawn unless a cube drawn the same way
// lies against it.
function faces(sol) {
  const at = owners(sol);
  const out = [];
  sol.pieces.forEach((p, k) => {
    for (const c of cellsOf(sol, k)) {
      const how = look(sol, k, c);
      if (!how) continue;
      for (const n of FACES) {
        const d = [c[0] + n[0], c[1] + n[1], c[2] + n[2]];
        const other = at.get(key(d));
        if (other !== undefined && look(sol, other, d) === how) continue;
        out.push({ c, n, k, how });
      }
    }
  });
  return out;
}

// The four corners of the face of cube c on side n, in world units.
function corners(c, n) {
  const axis = n[0] ? 0 : n[1] ? 1 : 2;
  const u = (axis + 1) % 3, v = (axis + 2) % 3;
  const base = c.map((x, i) => x + (i === axis ? (n[axis] > 0 ? 1 : 0) : 0));
  const at = (du, dv) => base.map((x, i) => x + (i === u ? du : 0) + (i === v ? dv : 0));
  return [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
}

function shade(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const ch = (s) => Math.round(((n >> s) & 255) * f);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

function drawBox() {
  const canvas = $("box");
  const g = canvas.getContext("2d");
  const sol = data.solutions[state.solution];
  const { lo, hi } = reach(sol);
  const [w, h, d] = [0, 1, 2].map((i) => hi[i] - lo[i]);
  const mid = [0, 1, 2].map((i) => (lo[i] + hi[i]) / 2);
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  const scale = (0.8 * Math.min(canvas.width, canvas.height)) / Math.hypot(w, h, d);
  // World: y flipped so that (x, y, z) is right-handed with z up.
  const world = (p) => [p[0] - mid[0], -(p[1] - mid[1]), p[2] - mid[2]];
  const screen = (p) => {
    const q = apply(state.rot, world(p));
    return [canvas.width / 2 + scale * q[0], canvas.height / 2 - scale * q[1], q[2]];
  };
  const light = [0.3, 0.5, 0.81];
  const drawn = [];
  for (const f of faces(sol)) {
    const normal = apply(state.rot, [f.n[0], -f.n[1], f.n[2]]);
    if (normal[2] <= 0) continue;
    const pts = corners(f.c, f.n).map(screen);
    const depth = pts.reduce((s, p) => s + p[2], 0) / 4;
    const bright = 0.55 + 0.45 * Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
    drawn.push({ f, pts, depth, bright });
  }
  drawn.sort((a, b) => a.depth - b.depth);
  for (const { f, pts, bright } of drawn) {
    const p = sol.pieces[f.k];
    g.globalAlpha = f.how === "faded" ? 0.18 : 1;
    g.beginPath();
    pts.forEach((q, i) => (i ? g.lineTo(q[0], q[1]) : g.moveTo(q[0], q[1])));
    g.closePath();
    g.fillStyle = shade(p.fill, bright);
    g.fill();
    g.strokeStyle = g.fillStyle;
    g.lineWidth = 1;
    g.stroke();
    outline(g, sol, f, pts);
  }
  g.globalAlpha = 1;
  labels(g, sol, drawn);
}

// Dark lines along a face's edges, except where the same piece goes on in
// the same plane: pieces are outlined, with no lines inside a flat side.
function outline(g, sol, f, pts) {
  const at = owners(sol);
  const axis = f.n[0] ? 0 : f.n[1] ? 1 : 2;
  const u = (axis + 1) % 3, v = (axis + 2) % 3;
  // Edges of corners(): 0-1 at v=0, 1-2 at u=1, 2-3 at v=1, 3-0 at u=0.
  const steps = [[v, -1], [u, 1], [v, 1], [u, -1]];
  g.strokeStyle = "#1a1a1a";
  g.lineWidth = f.how === "faded" ? 0.5 : 1.5;
  steps.forEach(([ax, s], i) => {
    const next = f.c.slice();
    next[ax] += s;
    const beyond = next.map((x, j) => x + f.n[j]);
    const same = at.get(key(next)) === f.k && look(sol, f.k, next) && at.get(key(beyond)) !== f.k;
    if (same) return;
    const a = pts[i], b = pts[(i + 1) % 4];
    g.beginPath();
    g.moveTo(a[0], a[1]);
    g.lineTo(b[0], b[1]);
    g.stroke();
  });
}

// Each solid piece's label on its nearest visible face.
function labels(g, sol, drawn) {
  const best = new Map();
  for (const d of drawn) {
    if (d.f.how !== "solid") continue;
    const b = best.get(d.f.k);
    if (!b || d.depth > b.depth) best.set(d.f.k, d);
  }
  g.font = "bold 14px DejaVu Sans, Verdana, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const [k, d] of best) {
    const x = d.pts.reduce((s, p) => s + p[0], 0) / 4;
    const y = d.pts.reduce((s, p) => s + p[1], 0) / 4;
    g.fillStyle = sol.pieces[k].text;
    g.fillText(sol.pieces[k].label, x, y);
  }
}

// ---- flat boards and tiles: the inline SVG ----------------------------

function drawFlat() {
  document.querySelectorAll("div.drawing").forEach((b, i) => {
    b.hidden = i !== state.solution;
  });
  const sol = data.solutions[state.solution];
  const board = document.querySelectorAll("div.drawing")[state.solution];
  board.querySelectorAll("g.piece, g.tile").forEach((group, k) => {
    const how = look(sol, k, null);
    group.style.visibility = how ? "visible" : "hidden";
    group.style.opacity = how === "faded" ? 0.25 : 1;
  });
}

// ---- controls ---------------------------------------------------------

function draw() {
  const sol = data.solutions[state.solution];
  const n = sol.pieces.length;
  $("step-text").textContent = `${state.step} of ${n} pieces`;
  $("prev").disabled = state.step === 0;
  $("next").disabled = state.step === n;
  if (data.solutions.length > 1) {
    $("solution-text").textContent = `solution ${state.solution + 1} of ${data.solutions.length}`;
  }
  if (data.kind === "box") {
    $("layers-text").textContent = `layers 1 to ${state.layers} of ${data.size[2]} from the bottom`;
    const m = sol.moves.length;
    $("apart-text").textContent = m
      ? `move ${state.move} of ${m} (level ${sol.level})`
      : "does not come apart by sliding pieces";
    $("apart-prev").disabled = state.move === 0;
    $("apart-next").disabled = state.move === m;
    $("apart-play").disabled = m === 0;
    if (data.solid) drawSolids(); // balls or prisms: solids.js
    else drawBox();
    // For tests and scripts: where each piece is now.
    $("box").dataset.shifts = JSON.stringify(sol.now.by);
  } else {
    drawFlat();
  }
  document.querySelectorAll("#pieces li").forEach((li) => {
    li.classList.toggle("placed", sol.rank[Number(li.dataset.k)] < state.step);
    li.classList.toggle("lit", Number(li.dataset.k) === state.highlight);
  });
}

// The piece list of the current solution, in build order.
function listPieces() {
  const sol = data.solutions[state.solution];
  const list = $("pieces");
  list.replaceChildren();
  for (const k of sol.order) {
    const p = sol.pieces[k];
    const li = document.createElement("li");
    li.dataset.k = k;
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = p.fill;
    swatch.style.color = p.text;
    swatch.textContent = p.label;
    li.append(swatch, ` ${p.name}`);
    li.addEventListener("mouseenter", () => { if (!state.pinned) setHighlight(k); });
    li.addEventListener("mouseleave", () => { if (!state.pinned) setHighlight(-1); });
    li.addEventListener("click", () => {
      state.pinned = !(state.pinned && state.highlight === k);
      setHighlight(state.pinned ? k : -1);
    });
    list.append(li);
  }
}

function setHighlight(k) {
  state.highlight = k;
  draw();
}

function showSolution(i) {
  stopPlaying();
  state.solution = (i + data.solutions.length) % data.solutions.length;
  state.step = data.solutions[state.solution].pieces.length;
  state.move = 0;
  state.highlight = -1;
  state.pinned = false;
  listPieces();
  draw();
}

function stepBy(s) {
  stopPlaying();
  const n = data.solutions[state.solution].pieces.length;
  state.step = Math.max(0, Math.min(n, state.step + s));
  state.move = 0;
  draw();
}

// One move of the disassembly forwards or back; the build is complete
// while it plays.
function moveBy(s) {
  const sol = data.solutions[state.solution];
  state.step = sol.pieces.length;
  state.move = Math.max(0, Math.min(sol.moves.length, state.move + s));
  draw();
}

function stopPlaying() {
  if (state.playing) clearInterval(state.playing);
  state.playing = null;
  const play = $("apart-play");
  if (play) play.textContent = "take apart";
}

// Plays the disassembly from where it is (from the start when it is at
// its end), a move at a time, until the end or a second click.
function play() {
  if (state.playing) return stopPlaying();
  const sol = data.solutions[state.solution];
  if (state.move === sol.moves.length) state.move = 0;
  $("apart-play").textContent = "stop";
  state.playing = setInterval(() => {
    if (state.move >= sol.moves.length) return stopPlaying();
    moveBy(1);
  }, 600);
}

function turn(m) {
  state.rot = mul(m, state.rot);
  draw();
}

function setUpBox() {
  state.rot = startView();
  state.layers = data.size[2];
  const peel = $("layers");
  peel.max = data.size[2];
  peel.value = data.size[2];
  peel.addEventListener("input", () => {
    state.layers = Number(peel.value);
    draw();
  });
  $("apart-prev").addEventListener("click", () => { stopPlaying(); moveBy(-1); });
  $("apart-next").addEventListener("click", () => { stopPlaying(); moveBy(1); });
  $("apart-play").addEventListener("click", play);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    if (e.key === "f") { stopPlaying(); moveBy(1); }
    if (e.key === "b") { stopPlaying(); moveBy(-1); }
  });
  $("reset").addEventListener("click", () => {
    state.rot = startView();
    draw();
  });
  const canvas = $("box");
  let last = null;
  canvas.addEventListener("pointerdown", (e) => {
    last = [e.clientX, e.clientY];
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!last) return;
    const [dx, dy] = [e.clientX - last[0], e.clientY - last[1]];
    last = [e.clientX, e.clientY];
    turn(mul(turnY(dx * 0.01), turnX(dy * 0.01)));
  });
  canvas.addEventListener("pointerup", () => { last = null; });
  // Arrow keys: quarter turns about the screen's axes.
  const quarter = {
    ArrowLeft: turnY(-Math.PI / 2), ArrowRight: turnY(Math.PI / 2),
    ArrowUp: turnX(-Math.PI / 2), ArrowDown: turnX(Math.PI / 2),
  };
  document.addEventListener("keydown", (e) => {
    if (quarter[e.key] && e.target.tagName !== "INPUT") {
      e.preventDefault();
      turn(quarter[e.key]);
    }
  });
}

function setUp() {
  if (data.solutions.length === 0) return;
  $("prev").addEventListener("click", () => stepBy(-1));
  $("next").addEventListener("click", () => stepBy(1));
  document.addEventListener("keydown", (e) => {
    if (e.key === "n" || e.key === "PageDown") stepBy(1);
    if (e.key === "p" || e.key === "PageUp") stepBy(-1);
  });
  if (data.solutions.length > 1) {
    $("prev-solution").addEventListener("click", () => showSolution(state.solution - 1));
    $("next-solution").addEventListener("click", () => showSolution(state.solution + 1));
  }
  if (data.kind === "box") setUpBox();
  showSolution(0);
}

setUp();
