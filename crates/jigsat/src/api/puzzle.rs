//! A puzzle as the library's user holds it: read from a file or a TOML
//! string, or built from cells in code — always through the same reader
//! and checks as the command line, so the same mistakes get the same
//! messages.

use std::path::Path;
use std::sync::Arc;

use super::error::{Error, Result};

/// A cell: `[x, y, z]`, `x` the column, `y` the row, `z` the layer (0 on a
/// flat board).
///
/// ```
/// use jigsat::api::{Cell, Puzzle};
///
/// // The L-tromino's cells, on a flat board.
/// let l: [Cell; 3] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
/// let puzzle = Puzzle::builder().board_size(&[3, 2]).copies("l", &l, 2).build()?;
/// assert!(puzzle.board_cells().contains(&[2, 1, 0]));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub type Cell = [i32; 3];

/// A puzzle, read and checked: a board and pieces (or edge-matching
/// tiles). Cheap to clone.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// assert_eq!(soma.name(), "Soma cube");
/// let solution = soma.solve()?.expect("the Soma cube has solutions");
/// assert_eq!(solution.pieces().len(), 7);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub(crate) inner: Arc<crate::puzzle::Puzzle>,
    /// The file as the user named it, or what stands for it in messages.
    pub(crate) file: String,
    /// The file read and the problem of it (`--problem`), for what needs
    /// the file itself (a certificate directory copies it); `None` for a
    /// puzzle from a string or built in code.
    pub(crate) source: Option<(std::path::PathBuf, Option<String>)>,
}

impl Puzzle {
    /// Reads a puzzle file: jigsat's TOML, or a BurrTools `.xmpuzzle`
    /// (its first problem).
    ///
    /// ```
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// assert_eq!(y25.piece_names(), ["Y"]);
    /// let missing = jigsat::api::Puzzle::from_file("no/such.toml");
    /// assert!(missing.unwrap_err().to_string().starts_with("no/such.toml"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn from_file(path: impl AsRef<Path>) -> Result<Puzzle> {
        Puzzle::from_file_problem(path, None)
    }

    /// Reads one problem of a BurrTools file, by number from 0 or by name
    /// (the command line's `--problem`); a TOML file holds one, problem 0.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file_problem("puzzles/soma.toml", Some("0"))?;
    /// assert_eq!(soma.name(), "Soma cube");
    /// assert!(jigsat::api::Puzzle::from_file_problem("puzzles/soma.toml", Some("1")).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn from_file_problem(path: impl AsRef<Path>, problem: Option<&str>) -> Result<Puzzle> {
        let path = path.as_ref();
        let inner = crate::puzzle::Puzzle::load_problem(path, problem)?;
        Ok(Puzzle {
            inner: Arc::new(inner),
            file: path.display().to_string(),
            source: Some((path.to_path_buf(), problem.map(str::to_string))),
        })
    }

    /// Reads a puzzle from TOML text (the puzzle file format); messages
    /// name it `<toml>`, with the line and column.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_toml_str(r#"
    ///     name = "two dominoes"
    ///     [board]
    ///     size = [2, 2]
    ///     [[piece]]
    ///     name = "d"
    ///     count = 2
    ///     size = [2, 1]
    /// "#)?;
    /// assert_eq!(puzzle.count()?.count, 2);
    /// let bad = jigsat::api::Puzzle::from_toml_str("[board]\nsize = [2, 2]\nfoo = 1\n");
    /// assert!(bad.unwrap_err().to_string().starts_with("<toml>:3:1"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn from_toml_str(text: &str) -> Result<Puzzle> {
        let file = "<toml>";
        let inner = crate::puzzle::Puzzle::parse(text, file, "puzzle")?;
        Ok(Puzzle {
            inner: Arc::new(inner),
            file: file.to_string(),
            source: None,
        })
    }

    /// A builder of a puzzle from cells, in code.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::builder()
    ///     .board_size(&[2, 2])
    ///     .piece("L", &[[0, 0, 0], [0, 1, 0], [1, 1, 0]])
    ///     .piece("dot", &[[0, 0, 0]])
    ///     .build()?;
    /// assert_eq!(puzzle.count()?.count, 4);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn builder() -> PuzzleBuilder {
        PuzzleBuilder::default()
    }

    /// The puzzle's name (the file's stem when it gives none).
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// assert_eq!(puzzle.name(), "Pentominoes 6x10");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The names of the pieces (or of the tiles), in the file's order.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(soma.piece_names(), ["V", "L", "T", "Z", "A", "B", "P"]);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn piece_names(&self) -> Vec<String> {
        match self.inner.tiling() {
            Some(tiling) => tiling.tiles.iter().map(|t| t.name.clone()).collect(),
            None => self.inner.pieces().iter().map(|p| p.name.clone()).collect(),
        }
    }

    /// The board's cells, in the board's order (row by row, layer by
    /// layer).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(soma.board_cells().len(), 27);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn board_cells(&self) -> Vec<Cell> {
        self.inner
            .board
            .cells()
            .iter()
            .map(|c| c.coords())
            .collect()
    }

    /// Whether the board is flat (one layer): its cells are then `[x, y,
    /// 0]`, and the contract's JSON writes them `[x, y]`.
    ///
    /// ```
    /// use jigsat::api::Puzzle;
    /// assert!(Puzzle::from_file("puzzles/pentomino-6x10.toml")?.is_flat());
    /// assert!(!Puzzle::from_file("puzzles/soma.toml")?.is_flat());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn is_flat(&self) -> bool {
        self.inner.is_flat()
    }

    /// Whether this is an edge-matching puzzle: tiles turned in place
    /// on a grid, rather than pieces covering cells.
    ///
    /// ```
    /// use jigsat::api::Puzzle;
    /// assert!(Puzzle::from_file("puzzles/big-cats.toml")?.is_tiles());
    /// assert!(!Puzzle::from_file("puzzles/soma.toml")?.is_tiles());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn is_tiles(&self) -> bool {
        self.inner.tiling().is_some()
    }

    /// Whether a piece's count is a range (`count = "0..1"`): the puzzle
    /// is a pool a designer chooses from (`jigsat design`).
    ///
    /// ```
    /// use jigsat::api::Puzzle;
    /// assert!(Puzzle::from_file("puzzles/hexiamonds-hexagon-nine.toml")?.has_choices());
    /// assert!(!Puzzle::from_file("puzzles/soma.toml")?.has_choices());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn has_choices(&self) -> bool {
        self.inner
            .pieces()
            .iter()
            .any(|p| p.count.min < p.count.max)
    }

    /// The number of the board's cells (positions, for tiles).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(soma.cell_count(), 27);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn cell_count(&self) -> usize {
        self.inner.board.len()
    }

    /// What the reader noticed that does not stop a run (a disconnected
    /// piece, say): the command line's warnings.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(soma.warnings().is_empty());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn warnings(&self) -> &[String] {
        &self.inner.warnings
    }

    /// The puzzle as a TOML puzzle file (`jigsat convert`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let again = jigsat::api::Puzzle::from_toml_str(&soma.to_toml()?)?;
    /// assert_eq!(again.piece_names(), soma.piece_names());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn to_toml(&self) -> Result<String> {
        self.inner.to_toml().map_err(Error::Usage)
    }
}

/// How a puzzle is built in code: a board (a size or a list of cells) and
/// pieces (lists of cells), with the puzzle file's rules. [`build`] reads
/// it through the same checks as a file, so a mistake gets the file's
/// message, naming the field (`piece[1].cells: ...`).
///
/// ```
/// use jigsat::api::Puzzle;
///
/// let no_room = Puzzle::builder()
///     .name("too big")
///     .board_size(&[2, 2])
///     .piece("bar", &[[0, 0, 0], [1, 0, 0], [2, 0, 0]])
///     .build()?;
/// assert!(no_room.solve()?.is_none());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
///
/// [`build`]: PuzzleBuilder::build
#[derive(Clone, Debug, Default)]
pub struct PuzzleBuilder {
    name: Option<String>,
    board: Option<toml::Value>,
    pieces: Vec<(String, Vec<Cell>, u32)>,
    rules: toml::Table,
    grid: Option<String>,
}

/// Cells as TOML: `[[x, y, z], ...]`, or `[[q, r], ...]` on hexagons,
/// whose cells have two coordinates.
fn cells_value(cells: &[Cell], grid: Option<&str>) -> toml::Value {
    let arity = if grid == Some("hexagons") { 2 } else { 3 };
    toml::Value::Array(
        cells
            .iter()
            .map(|c| {
                let coords = c[..arity].iter();
                toml::Value::Array(coords.map(|&v| toml::Value::Integer(v.into())).collect())
            })
            .collect(),
    )
}

impl PuzzleBuilder {
    /// The puzzle's name (default `puzzle`), which messages name too.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().name("mine").board_size(&[1, 1]).piece("a", &[[0, 0, 0]]).build()?;
    /// assert_eq!(p.name(), "mine");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn name(mut self, name: &str) -> PuzzleBuilder {
        self.name = Some(name.to_string());
        self
    }

    /// The grid board and pieces lie on, as a puzzle file names it
    /// (`squares` by default, `triangles`, `hexagons`, `sticks`,
    /// `spheres`); cells are then in that grid's coordinates, `[q, r, 0]`
    /// for a hexagon.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().grid("hexagons").board_size(&[2, 1]).piece("b", &[[0, 0, 0], [1, 0, 0]]).build()?;
    /// assert_eq!(p.count()?.distinct, 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn grid(mut self, grid: &str) -> PuzzleBuilder {
        self.grid = Some(grid.to_string());
        self
    }

    /// A box board: `[w, h]` (flat) or `[w, h, d]`.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().board_size(&[2, 1, 2]).piece("o", &[[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]).build()?;
    /// assert_eq!(p.board_cells().len(), 4);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn board_size(mut self, size: &[u32]) -> PuzzleBuilder {
        self.board = Some(toml::Value::Array(
            size.iter()
                .map(|&v| toml::Value::Integer(v.into()))
                .collect(),
        ));
        self
    }

    /// A board of any shape: its cells.
    ///
    /// ```
    /// let corner = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    /// let p = jigsat::api::Puzzle::builder().board_cells(&corner).piece("v", &corner).build()?;
    /// assert_eq!(p.count()?.count, 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn board_cells(mut self, cells: &[Cell]) -> PuzzleBuilder {
        // All three coordinates: `to_toml` writes them as the grid takes.
        self.board = Some(cells_value(cells, None));
        self
    }

    /// A piece used once, by its cells (anywhere: the shape is what
    /// counts).
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().board_size(&[3, 1]).piece("I", &[[5, 5, 0], [6, 5, 0], [7, 5, 0]]).build()?;
    /// assert_eq!(p.piece_names(), ["I"]);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn piece(self, name: &str, cells: &[Cell]) -> PuzzleBuilder {
        self.copies(name, cells, 1)
    }

    /// A piece with `count` identical copies (interchangeable: swapping
    /// two is the same solution).
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().board_size(&[2, 3]).copies("d", &[[0, 0, 0], [1, 0, 0]], 3).build()?;
    /// assert_eq!(p.count()?.count, 3);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn copies(mut self, name: &str, cells: &[Cell], count: u32) -> PuzzleBuilder {
        self.pieces.push((name.to_string(), cells.to_vec(), count));
        self
    }

    /// How pieces may turn: `"space"` (the default), `"plane"` (one-sided,
    /// flat boards) or `"none"`.
    ///
    /// ```
    /// let l = [[0, 0, 0], [0, 1, 0], [1, 1, 0]];
    /// let fixed = jigsat::api::Puzzle::builder().board_size(&[2, 2]).piece("L", &l).piece("o", &[[0, 0, 0]]).rotations("none").build()?;
    /// assert_eq!(fixed.count()?.count, 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn rotations(mut self, rotations: &str) -> PuzzleBuilder {
        self.rules
            .insert("rotations".into(), toml::Value::String(rotations.into()));
        self
    }

    /// Whether pieces may also be laid as their mirror images.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).mirror(true).build()?;
    /// assert!(p.solve()?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn mirror(mut self, mirror: bool) -> PuzzleBuilder {
        self.rules
            .insert("mirror".into(), toml::Value::Boolean(mirror));
        self
    }

    /// `"exact"` (every cell covered once) or `"partial"` (holes
    /// allowed); by default, exact when the pieces can cover the board.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::builder().board_size(&[3, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).fill("partial").build()?;
    /// assert_eq!(p.count()?.count, 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn fill(mut self, fill: &str) -> PuzzleBuilder {
        self.rules
            .insert("fill".into(), toml::Value::String(fill.into()));
        self
    }

    /// The puzzle, read through the puzzle file's checks; a mistake is an
    /// [`Error::Puzzle`] naming the field, as for a file.
    ///
    /// ```
    /// let bad = jigsat::api::Puzzle::builder().board_size(&[2, 2]).piece("a", &[]).build();
    /// let message = bad.unwrap_err().to_string();
    /// assert!(message.starts_with("puzzle: piece[0]"), "{message}");
    /// ```
    pub fn build(self) -> Result<Puzzle> {
        let name = self.name.clone().unwrap_or_else(|| "puzzle".to_string());
        let text = self.to_toml();
        let mut inner = crate::puzzle::Puzzle::parse(&text, &name, "puzzle").map_err(|mut e| {
            // Lines and columns of the TOML made here mean nothing to the
            // caller; the field does.
            e.position = None;
            e
        })?;
        inner.name = name.clone();
        Ok(Puzzle {
            inner: Arc::new(inner),
            file: name,
            source: None,
        })
    }

    /// The puzzle file this builder stands for.
    fn to_toml(&self) -> String {
        let mut doc = toml::Table::new();
        if let Some(name) = &self.name {
            doc.insert("name".into(), toml::Value::String(name.clone()));
        }
        let mut board = toml::Table::new();
        let grid = self.grid.as_deref();
        if let Some(g) = grid {
            board.insert("grid".into(), toml::Value::String(g.into()));
        }
        match &self.board {
            Some(v @ toml::Value::Array(items))
                if items.iter().all(|i| matches!(i, toml::Value::Integer(_))) =>
            {
                board.insert("size".into(), v.clone());
            }
            Some(toml::Value::Array(cells)) => {
                let cells: Vec<Cell> = (cells.iter())
                    .filter_map(|c| c.as_array())
                    .map(|c| {
                        let v = |i: usize| c.get(i).and_then(|v| v.as_integer()).unwrap_or(0);
                        [v(0) as i32, v(1) as i32, v(2) as i32]
                    })
                    .collect();
                board.insert("cells".into(), cells_value(&cells, grid));
            }
            Some(_) => {}
            None => {}
        }
        doc.insert("board".into(), toml::Value::Table(board));
        if !self.rules.is_empty() {
            doc.insert("rules".into(), toml::Value::Table(self.rules.clone()));
        }
        let pieces: Vec<toml::Value> = self
            .pieces
            .iter()
            .map(|(name, cells, count)| {
                let mut piece = toml::Table::new();
                piece.insert("name".into(), toml::Value::String(name.clone()));
                piece.insert("cells".into(), cells_value(cells, grid));
                if *count != 1 {
                    piece.insert("count".into(), toml::Value::Integer((*count).into()));
                }
                toml::Value::Table(piece)
            })
            .collect();
        if !pieces.is_empty() {
            doc.insert("piece".into(), toml::Value::Array(pieces));
        }
        toml::to_string(&doc).unwrap_or_default()
    }
}
