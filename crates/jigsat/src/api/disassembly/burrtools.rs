//! The BurrTools side of the disassembly: a BurrTools file of the puzzle
//! with assemblies stored in it as BurrTools stores them (`jigsat
//! convert --solutions`), and a solution given by its cells (as a
//! BurrTools file or another program gives one).

use std::sync::Arc;

use super::{Disassembly, Groups};
use crate::api::error::{Error, Result};
use crate::api::puzzle::{Cell, Puzzle};
use crate::api::solution::Solution;
use crate::puzzle::stored::Taken;

impl Puzzle {
    /// The puzzle as a BurrTools file (XML; BurrTools also reads it
    /// gzip-compressed as `.xmpuzzle`), with its pieces' groups and
    /// weights and the `assemblies` stored in the problem as BurrTools
    /// stores them: each with its disassembly when it comes apart
    /// (BurrTools lists and plays them). `totals`, when the list holds
    /// every assembly: how many there are and how many come apart (the
    /// problem is then marked solved). A puzzle BurrTools cannot say
    /// (tiles, restricted rotations, mirrors) is refused with
    /// [`Error::Usage`], the message saying why.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, disassembly::{Disassembler, Groups}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let found = Solver::new().limit(2).enumerate(&soma, None, &mut |_| {})?;
    /// let taken = Disassembler::new().take_apart(&found.classes)?;
    /// let stored: Vec<_> = found.classes.iter().cloned()
    ///     .zip(taken.iter().map(|t| t.disassembly().cloned()))
    ///     .collect();
    /// let xml = soma.to_xmpuzzle(&Groups::default(), &stored, None)?;
    /// assert_eq!(xml.matches("<assembly").count(), 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn to_xmpuzzle(
        &self,
        groups: &Groups,
        assemblies: &[(Solution, Option<Disassembly>)],
        totals: Option<(u64, u64)>,
    ) -> Result<String> {
        let stored: Vec<crate::puzzle::write::Stored> = assemblies
            .iter()
            .map(|(s, d)| crate::puzzle::write::Stored {
                placed: (s.inner.pieces().iter())
                    .map(|p| (p.piece, p.cells.clone()))
                    .collect(),
                taken: d
                    .as_ref()
                    .filter(|d| d.comes_apart())
                    .and_then(|d| stored(&d.inner.tree, (0..s.inner.pieces().len()).collect())),
            })
            .collect();
        crate::puzzle::write::xmpuzzle_with(&self.inner, &stored, totals, groups.slice())
            .map_err(Error::Usage)
    }

    /// A solution given by its cells — each piece as its index in
    /// [`Puzzle::piece_names`] and the cells it covers — checked against
    /// the puzzle's rules: to draw or take apart an assembly found
    /// elsewhere (a BurrTools file's, another program's).
    ///
    /// ```
    /// use jigsat::api::Puzzle;
    ///
    /// let dominoes = Puzzle::builder().board_size(&[2, 2]).copies("d", &[[0, 0, 0], [1, 0, 0]], 2).build()?;
    /// let s = dominoes.solution_from_cells(&[(0, vec![[0, 0, 0], [1, 0, 0]]), (0, vec![[0, 1, 0], [1, 1, 0]])])?;
    /// assert_eq!(s.pieces().len(), 2);
    /// assert!(dominoes.solution_from_cells(&[(0, vec![[0, 0, 0], [1, 0, 0]])]).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solution_from_cells(&self, pieces: &[(usize, Vec<Cell>)]) -> Result<Solution> {
        if self.inner.tiling().is_some() {
            return Err(Error::Usage(format!(
                "{}: an edge-matching puzzle's solution is tiles, not pieces' cells",
                self.file
            )));
        }
        let placed = pieces
            .iter()
            .map(|(piece, cells)| crate::solution::PlacedPiece {
                piece: *piece,
                cells: cells
                    .iter()
                    .map(|&c| crate::geometry::Cell::from_coords(c))
                    .collect(),
            })
            .collect();
        let inner = crate::solution::Solution::new(placed);
        crate::solution::check(&self.inner, &inner).map_err(|why| {
            Error::Usage(format!(
                "{}: not a solution of the puzzle: {why}",
                self.file
            ))
        })?;
        Ok(Solution::new(Arc::clone(&self.inner), inner))
    }
}

/// The disassembly as BurrTools stores it: each separation's moves
/// and where each side went; `None` for a part not taken apart
/// further (one piece, or a group). `pieces`: the part's, as indices
/// into the assembly.
fn stored(tree: &crate::disasm::Outcome, pieces: Vec<usize>) -> Option<Taken> {
    let crate::disasm::Outcome::Apart {
        steps,
        left,
        removed,
        ..
    } = tree
    else {
        return None;
    };
    let moves: Vec<(Vec<usize>, [i32; 3])> = steps
        .iter()
        .map(|s| {
            let u = crate::disasm::unit(s.dir);
            let k = if s.separates { 1 } else { s.distance as i32 };
            (s.pieces.clone(), [u[0] * k, u[1] * k, u[2] * k])
        })
        .collect();
    let gone: Vec<usize> = steps.last().map(|s| s.pieces.clone()).unwrap_or_default();
    let mut gone_sorted = gone.clone();
    gone_sorted.sort_unstable();
    let stay: Vec<usize> = pieces
        .iter()
        .copied()
        .filter(|p| !gone.contains(p))
        .collect();
    Some(Taken {
        removed: stored(removed, gone_sorted).map(Box::new),
        left: stored(left, stay).map(Box::new),
        pieces,
        moves,
    })
}
