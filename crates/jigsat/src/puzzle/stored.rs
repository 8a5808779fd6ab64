//! BurrTools' stored solutions: an `<assembly>` places each piece by a
//! position and the number of one of the 24 turns of the cube grid (of
//! the prism grid's 12: [`place_prism`]; of the sphere grid's 48:
//! [`sphere_turn`]), and a
//! `<separation>` tree lists the states of its disassembly. jigsat reads
//! the assemblies (to check them, and its own written files) and writes
//! both, so that BurrTools shows the solutions jigsat found.
//!
//! Nothing here comes from BurrTools' source (GPL): the numbering and the
//! conventions were measured on its example files (`../shared/burrtools`,
//! 318 stored assemblies of PelikanBurr, CubeInCage, DraculasDentalDesaster,
//! AlPackino and SolidSixPieceBurrs, and the separations of the first four):
//!
//! - A piece `x y z t` covers `T[t]·v + (x, y, z)` for each filled voxel
//!   `v` of its shape, in the shape's own grid (index `x + X·(y + Y·z)`);
//!   the result lies at its grid's origin. (Every shape of the examples
//!   has its hotspot `hx hy hz` at 0; a shape with another hotspot is
//!   refused rather than guessed.) For each `t` seen, exactly one proper
//!   rotation puts every piece of every stored assembly on the result's
//!   cells, filling it without overlap, except where a symmetric piece
//!   allowed two; those were settled by the rule below, which every
//!   observed `t` fits.
//! - The numbering is `T[t] = A[t / 4] · X^(t % 4)`: `X` the quarter turn
//!   about x taking y to z, and `A` = identity, `Y`, `Y²`, `Y³`, `Z`, `Z³`
//!   with `Y` the quarter turn about y taking x to z and `Z` the quarter
//!   turn about z taking x to y. Nineteen of the 24 numbers occur in the
//!   examples (not 4, 10, 12, 14, 20; those follow from the rule). Numbers
//!   24–47 (mirrored turns) never occur: BurrTools does not mirror pieces.
//! - A separation lists its pieces (indices into the assembly), then one
//!   `<state>` per move with every piece's position (`dx dy dz` lists, the
//!   first state the assembly's positions): each move shifts a set of
//!   pieces by one vector along one axis, the last shifts the side that
//!   comes free by 30,000 along its axis. Then, for each side of two or
//!   more pieces that is taken apart further, a `separation type="removed"`
//!   (the side that moved away, shifted back so that its first piece's
//!   coordinate along that axis is 0) and a `type="left"` (where the rest
//!   lay), in that order.

use std::fmt::Write;

use crate::geometry::{Cell, Lattice};

/// How far the side that comes free is moved in its last state.
pub const AWAY: i32 = 30_000;

/// The turn numbered `t`, as rows of a matrix acting on column vectors.
pub const TURNS: [[[i32; 3]; 3]; 24] = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[1, 0, 0], [0, -1, 0], [0, 0, -1]],
    [[1, 0, 0], [0, 0, 1], [0, -1, 0]],
    [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
    [[0, -1, 0], [0, 0, -1], [1, 0, 0]],
    [[0, 0, 1], [0, -1, 0], [1, 0, 0]],
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
    [[-1, 0, 0], [0, 1, 0], [0, 0, -1]],
    [[-1, 0, 0], [0, 0, -1], [0, -1, 0]],
    [[-1, 0, 0], [0, -1, 0], [0, 0, 1]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 0, 1], [0, 1, 0], [-1, 0, 0]],
    [[0, 1, 0], [0, 0, -1], [-1, 0, 0]],
    [[0, 0, -1], [0, -1, 0], [-1, 0, 0]],
    [[0, -1, 0], [0, 0, 1], [-1, 0, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, 0, -1], [1, 0, 0], [0, -1, 0]],
    [[0, 1, 0], [-1, 0, 0], [0, 0, 1]],
    [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
    [[0, -1, 0], [-1, 0, 0], [0, 0, -1]],
    [[0, 0, 1], [-1, 0, 0], [0, -1, 0]],
];

fn turn(t: usize, v: [i32; 3]) -> [i32; 3] {
    let m = &TURNS[t];
    [0, 1, 2].map(|r| m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2])
}

/// The cells a shape's filled voxels cover at position `at` turned by `t`
/// (`t < 24`).
pub fn place(voxels: &[[i32; 3]], at: [i32; 3], t: usize) -> Vec<[i32; 3]> {
    voxels
        .iter()
        .map(|&v| {
            let r = turn(t, v);
            [r[0] + at[0], r[1] + at[1], r[2] + at[2]]
        })
        .collect()
}

/// The position and the (lowest) turn number that place `voxels` on
/// exactly `cells`; `None` when no turn does (a mirrored piece).
pub fn find_turn(voxels: &[[i32; 3]], cells: &[[i32; 3]]) -> Option<([i32; 3], usize)> {
    if voxels.is_empty() || voxels.len() != cells.len() {
        return None;
    }
    let mut want = cells.to_vec();
    want.sort_unstable();
    let low = |cs: &[[i32; 3]]| {
        cs.iter().fold([i32::MAX; 3], |m, c| {
            [m[0].min(c[0]), m[1].min(c[1]), m[2].min(c[2])]
        })
    };
    let target = low(cells);
    (0..24).find_map(|t| {
        let turned = place(voxels, [0; 3], t);
        let l = low(&turned);
        let at = [target[0] - l[0], target[1] - l[1], target[2] - l[2]];
        let mut got = place(voxels, at, t);
        got.sort_unstable();
        (got == want).then_some((at, t))
    })
}

/// The cells of a stored piece on BurrTools' prism grid: its shape's
/// filled cells `cells` (points of the prism lattice, as its shape's
/// voxels read) at position `at` (a voxel) turned by `t`, or `None` for a
/// turn number past 11.
///
/// Measured, as the cube's table was, on the stored assemblies of
/// Prisgon (both problems) and Bermuda (27 pieces, turns 0, 2, 3 and 6
/// to 11): each piece's voxel (0, 0, 0), as a point of the lattice, is
/// turned about itself and lands on the voxel `at` (which may be a
/// triangle of the other kind: a turn by 60° swaps them). Turn `t < 6`
/// is the turn by t · 60° about the layers' normal, `6 <= t < 12` the
/// stack upside down (the axes swapped and z negated) then turned by
/// ((t − 4) mod 6) · 60°: every stored piece fits its result so, and no
/// other numbering of the turns fits them all. BurrTools does not mirror.
pub fn place_prism(cells: &[[i32; 3]], at: [i32; 3], t: usize) -> Option<Vec<Cell>> {
    use super::burrtools::Grid;
    let turns = Lattice::Prisms.transforms();
    let turn = match t {
        0..6 => turns[t],
        6..12 => turns[18 + (t - 4) % 6],
        _ => return None,
    };
    let embed = |v: [i32; 3]| {
        Grid::Prisms
            .embed(Cell::from_coords(v))
            .expect("every voxel is a prism")
    };
    let (origin, there) = (embed([0; 3]), embed(at));
    Some(
        cells
            .iter()
            .map(|&p| {
                let d = Cell::new(p[0] - origin.x, p[1] - origin.y, p[2] - origin.z);
                turn.apply(d).offset(there)
            })
            .collect(),
    )
}

/// Rows times columns.
fn product(a: [[i32; 3]; 3], b: [[i32; 3]; 3]) -> [[i32; 3]; 3] {
    let mut m = [[0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

/// The turn numbered `t` on BurrTools' sphere grid, as rows of a matrix
/// acting on the balls' voxels; `None` past 47.
///
/// Measured as the prisms' were, on the six stored assemblies of BallRoom
/// (its three problems; turns 0, 1, 2, 4, 5, 6, 7, 9, 11, 16, 18 and 28):
/// a piece `x y z t` covers `T[t]·(v − h) + (x, y, z)` for each filled
/// voxel `v` of its shape, `h` the shape's hotspot (BallRoom has a piece
/// with hotspot 1 1 0). The numbering that puts every piece of every
/// assembly on its result, filling it, is `T[t] = Z^((t mod 8) / 2) ·
/// A[t / 8] · B^(t mod 2)` for t < 24: `Z` the quarter turn about z taking
/// x to y, `B` the half turn about the diagonal x = z, `A` the identity,
/// the turn taking x to y, y to z and z to x, and the quarter turn about
/// y taking z to x. Of the two million numberings of that form (any
/// turns for `Z`, `B` and `A`, multiplied in any order) exactly one
/// fits (the twelve numbers seen settle each of `Z`, `B` and `A` more
/// than once). Numbers 24 to 47 are the flat pieces' turns over (see
/// [`super::burrtools::Grid::turns_over`]): only 28 occurs, the mirror
/// x -> −x, which is y -> −y followed by `T[4]`; the others are read by
/// that rule, `T[t − 24]` after y -> −y, not measured.
pub fn sphere_turn(t: usize) -> Option<[[i32; 3]; 3]> {
    const Z: [[i32; 3]; 3] = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    const B: [[i32; 3]; 3] = [[0, 0, 1], [0, -1, 0], [1, 0, 0]];
    const A: [[[i32; 3]; 3]; 3] = [
        TURNS[0],
        [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
        [[0, 0, 1], [0, 1, 0], [-1, 0, 0]],
    ];
    const FLIP_Y: [[i32; 3]; 3] = [[1, 0, 0], [0, -1, 0], [0, 0, 1]];
    if t >= 48 {
        return None;
    }
    let s = t % 24;
    let mut m = TURNS[0];
    for _ in 0..(s % 8) / 2 {
        m = product(Z, m);
    }
    m = product(m, A[s / 8]);
    if s % 2 == 1 {
        m = product(m, B);
    }
    Some(if t >= 24 { product(m, FLIP_Y) } else { m })
}

/// The cells of a stored piece on BurrTools' sphere grid: its shape's
/// filled voxels `voxels` with hotspot `hotspot`, turned by `t` and moved
/// to `at` (see [`sphere_turn`]); `None` for a turn number past 47.
pub fn place_sphere(
    voxels: &[[i32; 3]],
    hotspot: [i32; 3],
    at: [i32; 3],
    t: usize,
) -> Option<Vec<Cell>> {
    let m = sphere_turn(t)?;
    Some(
        voxels
            .iter()
            .map(|v| {
                let d = [0, 1, 2].map(|a| v[a] - hotspot[a]);
                Cell::from_coords(
                    [0, 1, 2].map(|r| m[r][0] * d[0] + m[r][1] * d[1] + m[r][2] * d[2] + at[r]),
                )
            })
            .collect(),
    )
}

/// A disassembly as moves of an assembly's pieces, before it is written
/// as states: the pieces of this part (indices into the assembly), each
/// move (the pieces that move and the vector; the last is the removal,
/// a unit vector), and the sides taken apart further.
#[derive(Clone, Debug)]
pub struct Taken {
    /// The part's pieces, as indices into the assembly.
    pub pieces: Vec<usize>,
    /// Each move: the pieces that move and by how much; the last is the
    /// removal, a unit vector.
    pub moves: Vec<(Vec<usize>, [i32; 3])>,
    /// The side that went away, when it is taken apart further (a part
    /// of two or more pieces).
    pub removed: Option<Box<Taken>>,
    /// The side that stayed, when it is taken apart further.
    pub left: Option<Box<Taken>>,
}

/// Writes `<separation>` for `taken`, its pieces starting at `at`
/// (positions by assembly index), indented by `indent` spaces.
pub fn separation_xml(
    taken: &Taken,
    kind: Option<&str>,
    at: &mut [[i32; 3]],
    indent: usize,
    out: &mut String,
) {
    let pad = " ".repeat(indent);
    let kind = kind.map(|k| format!(" type=\"{k}\"")).unwrap_or_default();
    let _ = writeln!(out, "{pad}<separation{kind}>");
    let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(" ");
    let _ = writeln!(
        out,
        "{pad}  <pieces count=\"{}\">{}</pieces>",
        taken.pieces.len(),
        list(&taken.pieces)
    );
    let state = |at: &[[i32; 3]], out: &mut String| {
        let _ = writeln!(out, "{pad}  <state>");
        for (axis, name) in ["dx", "dy", "dz"].iter().enumerate() {
            let v: Vec<String> = taken
                .pieces
                .iter()
                .map(|&p| at[p][axis].to_string())
                .collect();
            let _ = writeln!(out, "{pad}    <{name}>{}</{name}>", v.join(" "));
        }
        let _ = writeln!(out, "{pad}  </state>");
    };
    state(at, out);
    let last = taken.moves.len().saturating_sub(1);
    for (k, (pieces, by)) in taken.moves.iter().enumerate() {
        let scale = if k == last { AWAY } else { 1 };
        for &p in pieces {
            for a in 0..3 {
                at[p][a] += by[a] * scale;
            }
        }
        state(at, out);
    }
    if let Some(removed) = &taken.removed {
        // Shifted back along the removal's axis: its first piece at 0.
        if let Some((_, by)) = taken.moves.last()
            && let Some(axis) = (0..3).find(|&a| by[a] != 0)
        {
            let shift = at[removed.pieces[0]][axis];
            for &p in &removed.pieces {
                at[p][axis] -= shift;
            }
        }
        separation_xml(removed, Some("removed"), at, indent + 2, out);
    }
    if let Some(left) = &taken.left {
        separation_xml(left, Some("left"), at, indent + 2, out);
    }
    let _ = writeln!(out, "{pad}</separation>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sphere_grids_turns_are_24_distinct_rotations_then_24_mirrored() {
        let det = |m: [[i32; 3]; 3]| {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        };
        let all: Vec<_> = (0..48).map(|t| sphere_turn(t).unwrap()).collect();
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 48);
        assert!(all[..24].iter().all(|&m| det(m) == 1));
        assert!(all[24..].iter().all(|&m| det(m) == -1));
        // What BallRoom's assemblies settle: a quarter turn about z (2),
        // the half turn (4), and turn 28, x -> −x.
        assert_eq!(all[2], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]);
        assert_eq!(all[4], [[-1, 0, 0], [0, -1, 0], [0, 0, 1]]);
        assert_eq!(all[28], [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert_eq!(sphere_turn(48), None);
    }

    #[test]
    fn the_numbering_follows_its_rule_and_has_24_distinct_proper_turns() {
        let mul = product;
        let id = TURNS[0];
        let x = [[1, 0, 0], [0, 0, -1], [0, 1, 0]];
        let y = [[0, 0, -1], [0, 1, 0], [1, 0, 0]];
        let z = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
        let y2 = mul(y, y);
        let a = [id, y, y2, mul(y2, y), z, mul(mul(z, z), z)];
        for t in 0..24 {
            let mut m = a[t / 4];
            for _ in 0..t % 4 {
                m = mul(m, x);
            }
            assert_eq!(m, TURNS[t], "turn {t}");
        }
        let mut all = TURNS.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 24);
    }

    #[test]
    fn find_turn_inverts_place() {
        let l = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0], [0, 0, 1]];
        for t in 0..24 {
            let cells = place(&l, [3, -2, 5], t);
            let (at, found) = find_turn(&l, &cells).unwrap();
            assert_eq!(place(&l, at, found), cells);
        }
    }
}
