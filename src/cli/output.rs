//! Which problem of a file is read, and where and how a result is
//! written: `-o`, `--format`, the drawing's options.

use std::path::PathBuf;

use clap::Args;

/// Which problem of a BurrTools file to read.
#[derive(Debug, Args, Default, Clone)]
pub struct ProblemArg {
    /// For a BurrTools .xmpuzzle file: the problem to read, by number
    /// (from 0) or by name, e.g. `--problem 1` or `--problem "Another
    /// Example"`; the first by default. `jigsat info FILE.xmpuzzle` lists
    /// them.
    #[arg(long, value_name = "N|NAME")]
    pub problem: Option<String>,
}

#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format: `text` draws the board, `json` is for programs,
    /// `svg` is a picture to build the puzzle from (e.g. `--format svg -o
    /// soma.svg`, or `-o DIR/` for one file per solution), `html` a page
    /// to turn the box and step through the pieces (`-o soma.html`), `stl`
    /// solids to print (`-o pieces/` for one file per piece).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// How solutions are drawn: shared by the commands that draw them.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Text: walls between pieces drawn with `+-|` instead of box-drawing
    /// characters, for a terminal or a font without them.
    #[arg(long)]
    pub ascii: bool,

    /// STL: the edge of one cube in millimetres, e.g. --unit 15.
    #[arg(long, value_name = "MM", default_value_t = 10.0, value_parser = parse_unit)]
    pub unit: f64,

    /// STL: taken off each piece's width (half on every side) so that the
    /// printed pieces fit together and into the box, e.g. --gap 0.3; 0
    /// for pieces of the exact size.
    #[arg(long, value_name = "MM", default_value_t = 0.2, value_parser = parse_gap)]
    pub gap: f64,
}

/// A cube size: a positive number of millimetres.
pub(super) fn parse_unit(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 10_000.0 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a cube size: give millimetres above 0, e.g. 10"
        )),
    }
}

/// A gap: 0 or more millimetres (that it is less than the cube is checked
/// where the pieces are written, which knows the unit).
pub(super) fn parse_gap(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "`{s}` is not a gap: give millimetres, 0 or more, e.g. 0.2"
        )),
    }
}

/// The output formats `--format` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Each layer as a grid of piece glyphs with walls between pieces,
    /// layers side by side.
    #[default]
    Text,
    /// The contract's JSON object: status, solutions, counts, stats.
    Json,
    /// A picture: the board with each piece in its own colour, or a box
    /// assembled, layer by layer and piece by piece. With several
    /// solutions, one picture with all of them in a grid, or one file per
    /// solution when `-o` names a directory (`-o DIR/`).
    Svg,
    /// One self-contained page: a box turned with the mouse or the arrow
    /// keys, its layers peeled, its pieces added one by one; a flat board
    /// or tiles stepped through the same way. Several solutions are one
    /// page with buttons from one to the next.
    Html,
    /// Solids for a 3-D printer (binary STL): with `-o DIR/` one file per
    /// piece, laid flat on its largest side, and `assembly.stl`; with
    /// `-o FILE.stl` the assembly alone.
    Stl,
}

impl Format {
    /// Formats that draw solutions, which commands without any refuse.
    pub fn is_picture(self) -> bool {
        matches!(self, Format::Svg | Format::Html | Format::Stl)
    }
}
