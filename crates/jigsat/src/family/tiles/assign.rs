//! The large step of `solve --best`: take the tiles off a set of positions
//! of one kind, no two of them neighbours, and put them back in the best
//! order there is — an assignment problem, solved exactly.
//!
//! With no two of the positions side by side, what a tile scores at one
//! of them depends only on the tiles left around it, so the score of
//! putting tile `i` at position `j` (turned its best way) is a number per
//! pair and the best way to put them all back is the assignment of
//! greatest total: the Hungarian method finds it in `O(m^3)` for `m`
//! positions. Putting every tile back where it was is one assignment, so
//! the step never loses an edge; it is taken when it loses none (so that
//! the search can walk along a plateau). Schaus and Deville's local search
//! for Eternity II and its heirs rest on this neighbourhood.

use super::layout::{Board, Layout};
use crate::rng::Rng;

/// Reassigns up to `most` positions of the kind of a random position;
/// the change in score (never negative).
pub fn reassign(layout: &Layout, board: &mut Board, rng: &mut Rng, most: usize) -> u64 {
    let movable = layout.movable_positions();
    if movable.is_empty() {
        return 0;
    }
    let p0 = movable[rng.below(movable.len())];
    let mut kind = layout.kind_of(p0).to_vec();
    rng.shuffle(&mut kind);
    let mut taken = vec![false; board.piece.len()];
    let mut chosen: Vec<usize> = Vec::new();
    for p in kind {
        let p = p as usize;
        if chosen.len() == most {
            break;
        }
        if layout
            .neighbours_of(p)
            .iter()
            .any(|&q| taken.get(q as usize) == Some(&true))
        {
            continue;
        }
        taken[p] = true;
        chosen.push(p);
    }
    if chosen.len() < 2 {
        return 0;
    }
    let pieces: Vec<u32> = chosen.iter().map(|&p| board.piece[p]).collect();
    let before: u64 = chosen.iter().map(|&p| board.local(layout, p)).sum();
    let m = chosen.len();
    // score[i][j]: tile i at position j, turned its best way.
    let score: Vec<Vec<(u8, u64)>> = pieces
        .iter()
        .map(|&k| {
            chosen
                .iter()
                .map(|&p| board.best_turn(layout, p, k))
                .collect()
        })
        .collect();
    let cost: Vec<Vec<i64>> = score
        .iter()
        .map(|row| row.iter().map(|&(_, s)| 4 - s as i64).collect())
        .collect();
    let at = hungarian(&cost);
    let after: u64 = (0..m).map(|i| score[i][at[i]].1).sum();
    if after < before {
        return 0;
    }
    for i in 0..m {
        let j = at[i];
        board.put(layout, chosen[j], pieces[i], score[i][j].0);
    }
    board.score += after - before;
    after - before
}

/// The assignment of least total cost of a square matrix: row `i` goes to
/// column `result[i]` (the Hungarian method with potentials, `O(n^3)`).
pub fn hungarian(cost: &[Vec<i64>]) -> Vec<usize> {
    let n = cost.len();
    let inf = i64::MAX / 4;
    // 1-based, column 0 a sentinel: way[j] the previous column on the
    // augmenting path, owner[j] the row column j is assigned to.
    let (mut u, mut v) = (vec![0i64; n + 1], vec![0i64; n + 1]);
    let (mut owner, mut way) = (vec![0usize; n + 1], vec![0usize; n + 1]);
    for i in 1..=n {
        owner[0] = i;
        let mut j0 = 0;
        let mut least = vec![inf; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = owner[j0];
            let (mut delta, mut j1) = (inf, 0);
            for j in 1..=n {
                if used[j] {
                    continue;
                }
                let c = cost[i0 - 1][j - 1] - u[i0] - v[j];
                if c < least[j] {
                    least[j] = c;
                    way[j] = j0;
                }
                if least[j] < delta {
                    delta = least[j];
                    j1 = j;
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    least[j] -= delta;
                }
            }
            j0 = j1;
            if owner[j0] == 0 {
                break;
            }
        }
        while j0 != 0 {
            let j1 = way[j0];
            owner[j0] = owner[j1];
            j0 = j1;
        }
    }
    let mut result = vec![0; n];
    for j in 1..=n {
        result[owner[j] - 1] = j - 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against every permutation of small matrices.
    #[test]
    fn the_assignment_is_the_least_of_all_permutations() {
        let mut rng = Rng::new(7);
        for n in 1..=6 {
            for _ in 0..20 {
                let cost: Vec<Vec<i64>> = (0..n)
                    .map(|_| (0..n).map(|_| rng.below(5) as i64).collect())
                    .collect();
                let at = hungarian(&cost);
                let total: i64 = (0..n).map(|i| cost[i][at[i]]).sum();
                let mut sorted = at.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
                assert_eq!(total, least(&cost, &mut (0..n).collect::<Vec<_>>(), 0));
            }
        }
    }

    fn least(cost: &[Vec<i64>], perm: &mut Vec<usize>, k: usize) -> i64 {
        if k == perm.len() {
            return (0..perm.len()).map(|i| cost[i][perm[i]]).sum();
        }
        let mut best = i64::MAX;
        for i in k..perm.len() {
            perm.swap(k, i);
            best = best.min(least(cost, perm, k + 1));
            perm.swap(k, i);
        }
        best
    }
}
