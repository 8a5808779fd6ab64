// jigsat's solution page for BurrTools' rhombic and tetrahedral-octahedral
// grids: the box of viewer.js drawn from tetrahedra, every cell of those
// grids being one (crates/jigsat/src/geometry/picture.rs).
//
// Loaded, instead of solids.js, before viewer.js on a page whose data has
// `solid: "tetrahedra"`: each piece's cells come with their corners, as
// steps from twice the cell (the doubled embedding, so that they are
// integers and two cells sharing a face name the same three corners), and
// `unit` is one such step in world units. viewer.js's draw() calls
// drawSolids() here; everything else (turning, peeling layers, stepping
// through the pieces, playing the disassembly, which shifts cells in the
// embedding) is viewer.js's. A file of its own so that the pages of balls
// and prisms stay as they were.
"use strict";

// The corners of piece p's i-th cell, now at c, in the doubled embedding.
function tetrahedron(p, i, c) {
  return p.corners[i].map((d) => d.map((v, a) => 2 * c[a] + v));
}

// A corner in world units.
function world(q) {
  return q.map((v) => v * data.unit);
}

const minus = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (u, v) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];

// The world box round every place a piece is drawn in during the
// disassembly (not where it is set aside), so that the scale holds.
function reachTetrahedra(sol) {
  if (!sol.reachTetrahedra) {
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let done = 0; done <= sol.moves.length; done++) {
      const { by, aside } = shifted(sol, done);
      sol.pieces.forEach((p, k) => aside.has(k) || p.cells.forEach((c0, i) => {
        const c = c0.map((x, a) => x + by[k][a]);
        for (const q of tetrahedron(p, i, c).map(world)) {
          for (let a = 0; a < 3; a++) {
            lo[a] = Math.min(lo[a], q[a]);
            hi[a] = Math.max(hi[a], q[a]);
          }
        }
      }));
    }
    sol.reachTetrahedra = { lo, hi };
  }
  return sol.reachTetrahedra;
}

// The outer faces of the tetrahedra drawn: each face of a cell that no
// cell drawn the same way shares, with its corners, its outward normal
// and its piece; `folds` says which of its sides to outline (the surface
// bends there or the piece changes), so that a flat side cut into
// triangles reads as one.
function tetraFaces(sol) {
  owners(sol);
  const all = [];
  const count = new Map();
  sol.pieces.forEach((p, k) => cellsOf(sol, k).forEach((c, i) => {
    const how = look(sol, k, c);
    if (!how) return;
    const t = tetrahedron(p, i, c);
    for (let off = 0; off < 4; off++) {
      const f = t.filter((_, j) => j !== off);
      let n = cross(minus(f[1], f[0]), minus(f[2], f[0]));
      if (dot(n, minus(t[off], f[0])) > 0) n = n.map((v) => -v);
      const id = f.map(key).sort().join(";") + how;
      count.set(id, (count.get(id) || 0) + 1);
      all.push({ k, how, f, n, id });
    }
  }));
  const outer = all.filter((face) => count.get(face.id) === 1);
  const edges = new Map();
  const edgeId = (a, b) => [key(a), key(b)].sort().join(";");
  outer.forEach((face, i) => face.f.forEach((a, j) => {
    const id = edgeId(a, face.f[(j + 1) % 3]);
    if (!edges.has(id)) edges.set(id, []);
    edges.get(id).push(i);
  }));
  const same = (u, v) => dot(u, v) > 0.999999 * Math.hypot(...u) * Math.hypot(...v);
  outer.forEach((face, i) => {
    face.folds = face.f.map((a, j) => edges.get(edgeId(a, face.f[(j + 1) % 3]))
      .some((o) => o !== i && (outer[o].k !== face.k || !same(outer[o].n, face.n))));
  });
  return outer;
}

// The faces turned towards the viewer, each with its screen points,
// depth and brightness, far ones first.
function tetraParts(sol, screen) {
  const light = [0.3, 0.5, 0.81];
  const parts = [];
  for (const face of tetraFaces(sol)) {
    const len = Math.hypot(...face.n);
    const normal = apply(state.rot, [face.n[0] / len, -face.n[1] / len, face.n[2] / len]);
    if (normal[2] <= 0) continue;
    const pts = face.f.map((q) => screen(world(q)));
    const depth = pts.reduce((s, q) => s + q[2], 0) / 3;
    const bright = 0.55 + 0.45 * Math.max(0, dot(normal, light));
    parts.push({ k: face.k, how: face.how, pts, depth, bright, folds: face.folds });
  }
  parts.sort((a, b) => a.depth - b.depth);
  return parts;
}

// The box of tetrahedra, far faces first: each face in its own colour
// over the seams, its folds dark.
function drawSolids() {
  const canvas = $("box");
  const g = canvas.getContext("2d");
  const sol = data.solutions[state.solution];
  const { lo, hi } = reachTetrahedra(sol);
  const mid = [0, 1, 2].map((i) => (lo[i] + hi[i]) / 2);
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  const scale = (0.8 * Math.min(canvas.width, canvas.height)) /
    Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const screen = (p) => {
    const q = apply(state.rot, [p[0] - mid[0], -(p[1] - mid[1]), p[2] - mid[2]]);
    return [canvas.width / 2 + scale * q[0], canvas.height / 2 - scale * q[1], q[2]];
  };
  const parts = tetraParts(sol, screen);
  for (const part of parts) {
    g.globalAlpha = part.how === "faded" ? 0.18 : 1;
    g.lineWidth = part.how === "faded" ? 0.5 : 1;
    g.beginPath();
    part.pts.forEach((q, i) => (i ? g.lineTo(q[0], q[1]) : g.moveTo(q[0], q[1])));
    g.closePath();
    g.fillStyle = shade(sol.pieces[part.k].fill, part.bright);
    g.fill();
    g.strokeStyle = g.fillStyle;
    g.stroke();
    g.strokeStyle = "#1a1a1a";
    part.folds.forEach((fold, j) => {
      if (!fold) return;
      const [a, b] = [part.pts[j], part.pts[(j + 1) % 3]];
      g.beginPath();
      g.moveTo(a[0], a[1]);
      g.lineTo(b[0], b[1]);
      g.stroke();
    });
  }
  g.globalAlpha = 1;
  tetraLabels(g, sol, parts);
  // For tests and scripts: how many faces are drawn.
  canvas.dataset.parts = String(parts.length);
}

// Each solid piece's label on its nearest face.
function tetraLabels(g, sol, parts) {
  const best = new Map();
  for (const part of parts) {
    if (part.how === "solid") best.set(part.k, part);
  }
  g.font = "bold 14px DejaVu Sans, Verdana, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const [k, part] of best) {
    g.fillStyle = sol.pieces[k].text;
    g.fillText(sol.pieces[k].label, (part.pts[0][0] + part.pts[1][0] + part.pts[2][0]) / 3,
      (part.pts[0][1] + part.pts[1][1] + part.pts[2][1]) / 3);
  }
}
