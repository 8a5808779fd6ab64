// jigsat's solution page for balls and prisms: the box of viewer.js drawn
// from the lattice's own cells instead of cubes.
//
// Loaded before viewer.js on a page whose data has `solid` ("balls" or
// "prisms"), and using its functions once it runs; viewer.js's draw()
// calls drawSolids() for drawBox() there, and
// everything else (turning, peeling layers, stepping through the pieces,
// playing the disassembly) is viewer.js's. Cells come in the lattice's
// embedding (crates/jigsat/src/geometry/lattice.rs), so that the
// disassembly's moves shift them as they are.
"use strict";

const ROOT3 = Math.sqrt(3);

// The corners of a prism's triangle as steps from its point in the
// embedding, an up triangle's then a down one's (geometry/picture.rs).
const PRISM_CORNERS = [
  [[-1, -1], [2, -1], [-1, 2]],
  [[1, -2], [1, 1], [-2, 1]],
];

// A point of the embedding in world units (x right, y down the page, z
// up): touching balls one unit apart; a prism's side one unit, as its
// height.
function spot(c) {
  if (data.solid === "balls") return c.map((v) => v / Math.SQRT2);
  const u = c[0] / 3, v = c[1] / 3;
  return [u + v / 2, (v * ROOT3) / 2, c[2]];
}

// The corners of prism c's triangle, as points of the embedding.
function triangle(c) {
  const kind = ((c[0] % 3) + 3) % 3 === 2 ? 1 : 0;
  return PRISM_CORNERS[kind].map((d) => [c[0] + d[0], c[1] + d[1]]);
}

// The world box round every place a piece is drawn in during the
// disassembly (not where it is set aside).
function reachSolids(sol) {
  if (!sol.reachSolids) {
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    const grow = (p, r) => {
      for (let i = 0; i < 3; i++) {
        lo[i] = Math.min(lo[i], p[i] - r);
        hi[i] = Math.max(hi[i], p[i] + r);
      }
    };
    for (let done = 0; done <= sol.moves.length; done++) {
      const { by, aside } = shifted(sol, done);
      sol.pieces.forEach((p, k) => aside.has(k) || p.cells.forEach((c0) => {
        const c = c0.map((x, i) => x + by[k][i]);
        if (data.solid === "balls") return grow(spot(c), 0.5);
        for (const [x, y] of triangle(c)) {
          grow(spot([x, y, c[2]]), 0);
          grow(spot([x, y, c[2] + 1]), 0);
        }
      }));
    }
    sol.reachSolids = { lo, hi };
  }
  return sol.reachSolids;
}

// The faces of prism c to draw: each with its corners in world units,
// its outward normal, and the cell across it.
function prismFaces(c) {
  const tri = triangle(c);
  const z = c[2];
  const centre = spot([c[0], c[1], 0]);
  const out = [];
  tri.forEach((a, j) => {
    const b = tri[(j + 1) % 3];
    const pa = spot([a[0], a[1], 0]), pb = spot([b[0], b[1], 0]);
    out.push({
      pts: [[...a, z], [...b, z], [...b, z + 1], [...a, z + 1]].map(spot),
      n: [(pa[0] + pb[0]) / 2 - centre[0], (pa[1] + pb[1]) / 2 - centre[1], 0],
      across: [a[0] + b[0] - c[0], a[1] + b[1] - c[1], z],
    });
  });
  out.push({ pts: tri.map(([x, y]) => spot([x, y, z + 1])), n: [0, 0, 1], across: [c[0], c[1], z + 1] });
  out.push({ pts: tri.map(([x, y]) => spot([x, y, z])), n: [0, 0, -1], across: [c[0], c[1], z - 1] });
  return out;
}

// Everything to draw, each with its screen points and depth: a ball a
// cell, or a prism's faces that no prism drawn the same way covers.
function solidParts(sol, screen) {
  const at = owners(sol);
  const light = [0.3, 0.5, 0.81];
  const parts = [];
  sol.pieces.forEach((p, k) => {
    for (const c of cellsOf(sol, k)) {
      const how = look(sol, k, c);
      if (!how) continue;
      if (data.solid === "balls") {
        const q = screen(spot(c));
        parts.push({ k, how, ball: q, pts: [q], depth: q[2] });
        continue;
      }
      for (const f of prismFaces(c)) {
        const other = at.get(key(f.across));
        if (other !== undefined && look(sol, other, f.across) === how) continue;
        const len = Math.hypot(f.n[0], f.n[1], f.n[2]);
        const normal = apply(state.rot, [f.n[0] / len, -f.n[1] / len, f.n[2] / len]);
        if (normal[2] <= 0) continue;
        const pts = f.pts.map(screen);
        const depth = pts.reduce((s, q) => s + q[2], 0) / pts.length;
        const bright = 0.55 + 0.45 * Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
        parts.push({ k, how, pts, depth, bright });
      }
    }
  });
  parts.sort((a, b) => a.depth - b.depth);
  return parts;
}

// The box of balls or prisms, far parts first.
function drawSolids() {
  const canvas = $("box");
  const g = canvas.getContext("2d");
  const sol = data.solutions[state.solution];
  const { lo, hi } = reachSolids(sol);
  const mid = [0, 1, 2].map((i) => (lo[i] + hi[i]) / 2);
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  const scale = (0.8 * Math.min(canvas.width, canvas.height)) /
    Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const screen = (p) => {
    const q = apply(state.rot, [p[0] - mid[0], -(p[1] - mid[1]), p[2] - mid[2]]);
    return [canvas.width / 2 + scale * q[0], canvas.height / 2 - scale * q[1], q[2]];
  };
  const parts = solidParts(sol, screen);
  for (const part of parts) {
    const fill = sol.pieces[part.k].fill;
    g.globalAlpha = part.how === "faded" ? 0.18 : 1;
    g.beginPath();
    if (part.ball) {
      const [x, y] = part.ball, r = scale / 2;
      g.arc(x, y, r, 0, 2 * Math.PI);
      const shine = g.createRadialGradient(x - r / 3, y - r / 3, r / 8, x, y, r);
      shine.addColorStop(0, shade(fill, 1.15));
      shine.addColorStop(1, shade(fill, 0.6));
      g.fillStyle = shine;
    } else {
      part.pts.forEach((q, i) => (i ? g.lineTo(q[0], q[1]) : g.moveTo(q[0], q[1])));
      g.closePath();
      g.fillStyle = shade(fill, part.bright);
    }
    g.fill();
    g.strokeStyle = "#1a1a1a";
    g.lineWidth = part.how === "faded" ? 0.5 : 1;
    g.stroke();
  }
  g.globalAlpha = 1;
  solidLabels(g, sol, parts);
  // For tests and scripts: how many balls or faces are drawn.
  canvas.dataset.parts = String(parts.length);
}

// Each solid piece's label on its nearest part.
function solidLabels(g, sol, parts) {
  const best = new Map();
  for (const part of parts) {
    if (part.how === "solid") best.set(part.k, part);
  }
  g.font = "bold 14px DejaVu Sans, Verdana, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const [k, part] of best) {
    const x = part.pts.reduce((s, q) => s + q[0], 0) / part.pts.length;
    const y = part.pts.reduce((s, q) => s + q[1], 0) / part.pts.length;
    g.fillStyle = sol.pieces[k].text;
    g.fillText(sol.pieces[k].label, x, y);
  }
}
