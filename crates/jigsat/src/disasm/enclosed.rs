//! A piece shut inside another: it can never leave, so the assembly
//! does not come apart, and no search is needed to say so.
//!
//! A move slides pieces one unit step at a time without two pieces
//! meeting, so seen from piece `a`, every cell of piece `b` stays in the
//! region of cells outside `a` (joined face to face) where it started.
//! When that region is finite — a cavity of `a` — `b` never gets away
//! from `a`, whatever else moves. The search would find this only after
//! visiting every arrangement of the pieces inside the cavity (a cage of
//! six loose cubes has millions); this test costs one flood fill per
//! piece.

use std::collections::HashSet;

use super::Body;

/// The first pair (`b` shut inside `a`, as indices into `bodies`) that
/// the problem does not let stay together (not both of one group).
pub fn enclosed(bodies: &[Body]) -> Option<(usize, usize)> {
    for (a, outer) in bodies.iter().enumerate() {
        let Some(cavities) = cavities(&outer.cells) else {
            continue;
        };
        for (b, inner) in bodies.iter().enumerate() {
            let together = outer.group != 0 && inner.group == outer.group;
            if b != a && !together && inner.cells.iter().any(|c| cavities.contains(c)) {
                return Some((a, b));
            }
        }
    }
    None
}

/// The cells outside `cells` that cannot reach infinity by face steps
/// through cells outside `cells` (`None`: there are none): the flood
/// fill runs from a corner of the bounding box grown by one, which every
/// open cell reaches.
fn cavities(cells: &[[i32; 3]]) -> Option<HashSet<[i32; 3]>> {
    if cells.len() < 6 {
        // A cavity needs at least six walls around it.
        return None;
    }
    let mut lo = [i32::MAX; 3];
    let mut hi = [i32::MIN; 3];
    for c in cells {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k] - 1);
            hi[k] = hi[k].max(c[k] + 1);
        }
    }
    let dims: Vec<usize> = (0..3).map(|k| (hi[k] - lo[k] + 1) as usize).collect();
    let index = |c: [i32; 3]| {
        let r = [0, 1, 2].map(|k| (c[k] - lo[k]) as usize);
        (r[2] * dims[1] + r[1]) * dims[0] + r[0]
    };
    // 0: open, not reached; 1: the piece; 2: reached from outside.
    let mut grid = vec![0u8; dims.iter().product()];
    for &c in cells {
        grid[index(c)] = 1;
    }
    let mut stack = vec![lo];
    grid[index(lo)] = 2;
    while let Some(c) = stack.pop() {
        for d in 0..6u8 {
            let u = super::unit(d);
            let n = [c[0] + u[0], c[1] + u[1], c[2] + u[2]];
            if (0..3).any(|k| n[k] < lo[k] || n[k] > hi[k]) || grid[index(n)] != 0 {
                continue;
            }
            grid[index(n)] = 2;
            stack.push(n);
        }
    }
    let mut inside = HashSet::new();
    for z in lo[2]..=hi[2] {
        for y in lo[1]..=hi[1] {
            for x in lo[0]..=hi[0] {
                if grid[index([x, y, z])] == 0 {
                    inside.insert([x, y, z]);
                }
            }
        }
    }
    (!inside.is_empty()).then_some(inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(cells: Vec<[i32; 3]>, group: u32) -> Body {
        Body {
            name: String::new(),
            cells,
            piece: 0,
            group,
            weight: 1,
        }
    }

    /// A 3x3x3 box's shell, with its centre open or with one wall cell
    /// left out.
    fn shell(open_wall: bool) -> Vec<[i32; 3]> {
        let mut cells = Vec::new();
        for z in 0..3 {
            for y in 0..3 {
                for x in 0..3 {
                    if [x, y, z] != [1, 1, 1] && !(open_wall && [x, y, z] == [1, 1, 0]) {
                        cells.push([x, y, z]);
                    }
                }
            }
        }
        cells
    }

    #[test]
    fn a_cube_in_a_closed_shell_is_shut_in_and_in_an_open_one_is_not() {
        let cube = body(vec![[1, 1, 1]], 0);
        assert_eq!(
            enclosed(&[body(shell(false), 0), cube.clone()]),
            Some((0, 1))
        );
        assert_eq!(enclosed(&[body(shell(true), 0), cube]), None);
    }

    #[test]
    fn a_group_may_keep_a_piece_shut_in() {
        let bodies = [body(shell(false), 1), body(vec![[1, 1, 1]], 1)];
        assert_eq!(enclosed(&bodies), None);
    }
}
