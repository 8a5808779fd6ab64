//! Puzzles made to order with a solution planted in them (`jigsat
//! generate`): benchmarks and tests of a known answer, of any size. The
//! same seed gives the same file on every platform.
//!
//! ```
//! use jigsat::api::{Puzzle, generate::EdgePuzzle};
//!
//! let text = EdgePuzzle::new(3, 3, 3).border("0").seed(7).to_toml()?;
//! assert!(text.contains("# planted"));
//! assert!(Puzzle::from_toml_str(&text)?.solve()?.is_some());
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use super::error::{Error, Result};
use crate::generate::EdgeSpec;

/// An edge-matching puzzle to generate: the edges of a W x H grid coloured
/// at random, cut into tiles, each turned at random, shuffled (`jigsat
/// generate edges`). Identical tiles become one entry with a count; the
/// planted solution is recorded in `# planted` comments.
///
/// ```
/// let spec = jigsat::api::generate::EdgePuzzle::new(4, 4, 3).seed(1);
/// assert_eq!(spec.to_toml()?, spec.to_toml()?);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct EdgePuzzle {
    spec: EdgeSpec,
}

/// The largest side, in tiles, and the most labels: what the command
/// line's options allow.
const MAX_SIDE: u32 = 100;
const MAX_COLOURS: u32 = 1000;

impl EdgePuzzle {
    /// `width` x `height` tiles whose inner edges take `colours` labels (a,
    /// b, c, …); fewer colours give more solutions. No frame, no clues,
    /// seed 0.
    ///
    /// ```
    /// let text = jigsat::api::generate::EdgePuzzle::new(2, 2, 2).to_toml()?;
    /// assert!(text.contains("[[tile]]"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn new(width: u32, height: u32, colours: u32) -> EdgePuzzle {
        EdgePuzzle {
            spec: EdgeSpec {
                width,
                height,
                colours,
                border: None,
                frame_colours: None,
                clues: 0,
                seed: 0,
            },
        }
    }

    /// A label for every edge facing the frame, Eternity II style
    /// (`--border`).
    ///
    /// ```
    /// let text = jigsat::api::generate::EdgePuzzle::new(3, 3, 2).border("0").to_toml()?;
    /// assert!(text.contains("border = \"0\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn border(mut self, label: &str) -> EdgePuzzle {
        self.spec.border = Some(label.to_string());
        self
    }

    /// Labels of their own (A, B, …) for the edges between two frame
    /// tiles, as in Eternity II and the `em_N_B_C` benchmarks
    /// (`--frame-colours`); needs [`EdgePuzzle::border`].
    ///
    /// ```
    /// use jigsat::api::generate::EdgePuzzle;
    /// assert!(EdgePuzzle::new(4, 4, 3).border("0").frame_colours(2).to_toml().is_ok());
    /// assert!(EdgePuzzle::new(4, 4, 3).frame_colours(2).to_toml().is_err());
    /// ```
    pub fn frame_colours(mut self, labels: u32) -> EdgePuzzle {
        self.spec.frame_colours = Some(labels);
        self
    }

    /// Fixes `tiles` tiles of the planted solution in place, as Eternity
    /// II gives hint tiles (`--clues`).
    ///
    /// ```
    /// let text = jigsat::api::generate::EdgePuzzle::new(3, 3, 3).clues(2).to_toml()?;
    /// assert_eq!(text.matches("rotation =").count(), 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn clues(mut self, tiles: u32) -> EdgePuzzle {
        self.spec.clues = tiles;
        self
    }

    /// The seed of the random choices (`--seed`): the same seed, the same
    /// file.
    ///
    /// ```
    /// use jigsat::api::generate::EdgePuzzle;
    /// let (a, b) = (EdgePuzzle::new(5, 5, 4).seed(1), EdgePuzzle::new(5, 5, 4).seed(2));
    /// assert_ne!(a.to_toml()?, b.to_toml()?);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seed(mut self, seed: u64) -> EdgePuzzle {
        self.spec.seed = seed;
        self
    }

    /// The puzzle file (TOML), with its planted solution in comments;
    /// [`Error::Usage`] for a request out of range, and for a board that
    /// `solve` would refuse as too large (never written, so never
    /// handed out).
    ///
    /// ```
    /// use jigsat::api::generate::EdgePuzzle;
    /// assert!(EdgePuzzle::new(0, 3, 3).to_toml().is_err());
    /// assert!(EdgePuzzle::new(3, 3, 3).border(" 0").to_toml().is_err());
    /// ```
    pub fn to_toml(&self) -> Result<String> {
        let s = &self.spec;
        if let Some(b) = &s.border
            && (b.trim().is_empty() || b.trim() != b)
        {
            return Err(Error::Usage(
                "--border needs a non-empty label without surrounding spaces".into(),
            ));
        }
        let out_of_range = |what: &str, value: u32, max: u32| {
            (!(1..=max).contains(&value)).then(|| {
                Error::Usage(format!(
                    "{what}: {value} is out of range; expected 1 to {max}"
                ))
            })
        };
        let checks = [
            out_of_range("--size (width)", s.width, MAX_SIDE),
            out_of_range("--size (height)", s.height, MAX_SIDE),
            out_of_range("--colours", s.colours, MAX_COLOURS),
            s.frame_colours
                .and_then(|n| out_of_range("--frame-colours", n, MAX_COLOURS)),
        ];
        if let Some(e) = checks.into_iter().flatten().next() {
            return Err(e);
        }
        if s.frame_colours.is_some() && s.border.is_none() {
            return Err(Error::Usage("--frame-colours needs --border".into()));
        }
        let text = crate::generate::edges(s);
        // Never hand out a board that `solve` would refuse as too large.
        let name = format!("the generated {}x{} board", s.width, s.height);
        let puzzle = crate::puzzle::Puzzle::parse(&text, &name, "edges")?;
        crate::family::tiles::check_size(&puzzle).map_err(|e| {
            Error::Usage(format!(
                "{name} would be refused by solve: {e}; nothing written"
            ))
        })?;
        Ok(text)
    }
}
