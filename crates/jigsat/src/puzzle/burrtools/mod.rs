//! Reading BurrTools `.xmpuzzle` files, so that the designs the puzzle
//! community keeps in BurrTools run on jigsat without being rewritten.
//!
//! A file is gzip-compressed XML (plain XML is read too, as BurrTools
//! does): a grid type, colours, shapes as voxel strings and problems that
//! say which shapes are pieces (with counts or `min`/`max` ranges), which
//! is the result, and which piece colours may lie on which result colours.
//! [`read`] parses the whole file with roxmltree (after flate2 has
//! inflated it, both held to the memory budget before the tree is built)
//! into an [`XmFile`]; [`XmFile::puzzle`] turns one problem
//! into the same [`Puzzle`] the TOML reader makes: the result's `#` cells
//! must be covered, its `+` (variable) cells are [`Puzzle::optional`], and
//! colours become [`Colours`].
//!
//! All five grids (types 0 to 4: cubes, prisms, spheres, rhombic
//! dodecahedra, tetrahedra and octahedra) are read, each voxel put on its
//! lattice ([`Grid`]); anything else jigsat cannot honour is refused with
//! one line naming the file and the feature.
//! Stored solutions and disassembly data are skipped (jigsat finds and
//! takes apart its own); the problems' groups and the shapes' weights are
//! kept for the disassembler ([`XmFile::groups_and_weights`]).

mod grid;
mod problem;
mod xml;

pub use grid::Grid;

use std::io::Read;
use std::path::Path;

use roxmltree::Document;

use super::Count;
use crate::error::InputError;
use crate::geometry::Cell;

/// The names BurrTools gives its grid types, for messages.
const GRIDS: [&str; 5] = [
    "cubes",
    "triangular prisms",
    "spheres",
    "rhombic dodecahedra",
    "tetrahedra and octahedra",
];

/// Most XML a compressed file may inflate to: far beyond any real design
/// (the largest example is 2 MB), and a bound on what a damaged or
/// malicious file can make jigsat allocate.
const MAX_XML_BYTES: u64 = 256 << 20;

/// Whether `bytes` (read from `path`) is a BurrTools file: the
/// `.xmpuzzle` extension, gzip's magic number, or XML text.
pub fn is_xmpuzzle(path: &Path, bytes: &[u8]) -> bool {
    let by_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xmpuzzle"));
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64)]);
    by_name || bytes.starts_with(&[0x1f, 0x8b]) || text.trim_start().starts_with('<')
}

/// One cell of a voxel string.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// `#`: filled (a result cell that must be covered).
    Filled,
    /// `+`: variable (a result cell that may stay empty).
    Variable,
}

/// A shape of the file: its non-empty cells with their state and colour.
#[derive(Clone, Debug)]
pub struct XmShape {
    pub name: Option<String>,
    /// For disassembly: the heavier side of a separation stays still.
    pub weight: u32,
    pub cells: Vec<(Cell, State, u8)>,
    /// The hotspot `hx hy hz`: the point a stored assembly positions (a
    /// voxel, where `cells` are lattice points).
    pub hotspot: [i32; 3],
}

/// One piece of a problem: a shape used between `min` and `max` times
/// (BurrTools lists them as the problem's `<shape>` entries).
#[derive(Clone, Debug)]
pub struct XmPiece {
    pub shape: usize,
    pub count: Count,
    /// For disassembly: pieces of one group (not 0) may stay together.
    pub group: u32,
}

/// One problem: the pieces, the result shape, the allowed colour pairs.
#[derive(Clone, Debug)]
pub struct XmProblem {
    pub name: Option<String>,
    pub pieces: Vec<XmPiece>,
    pub result: usize,
    pub allowed: Vec<(u8, u8)>,
    /// The stored assemblies (`<solutions>`): per piece instance, in piece
    /// order, each piece padded to its `max`, `x y z t` or `None` (`x`,
    /// not placed). An assembly that is not four numbers or `x` per
    /// instance is kept as `Err` with what is wrong, and only refused
    /// when it is read ([`XmFile::stored_solutions`]).
    pub stored: Vec<Result<Vec<Option<[i32; 4]>>, String>>,
}

/// A whole file, read and checked for what jigsat can honour.
#[derive(Clone, Debug)]
pub struct XmFile {
    /// The file as the user named it, for messages.
    pub file: String,
    /// The grid its shapes are on; their cells are points of its lattice.
    pub grid: Grid,
    pub colours: usize,
    pub shapes: Vec<XmShape>,
    pub problems: Vec<XmProblem>,
    pub comment: Option<String>,
}

/// The message for a file jigsat cannot read, naming the file.
fn bad(file: &str, message: impl Into<String>) -> InputError {
    InputError {
        file: file.to_string(),
        position: None,
        field: None,
        message: message.into(),
    }
}

/// Bytes roxmltree takes per node of the tree (an element, a text, a
/// comment), with the room its vector grows into; and per attribute.
/// Measured: 120 MB of empty elements (30 M nodes) peaked at 2.35 GB.
const NODE_BYTES: u64 = 96;
const ATTRIBUTE_BYTES: u64 = 64;

/// Reads a `.xmpuzzle` file's bytes: gzip or plain XML, then the puzzle.
/// What the XML inflates to and the tree built from it are held to the
/// memory budget (`--max-memory`), before the tree is built.
pub fn read(bytes: &[u8], file: &str) -> Result<XmFile, InputError> {
    let raw = if bytes.starts_with(&[0x1f, 0x8b]) {
        inflate(bytes, file)?
    } else {
        bytes.to_vec()
    };
    let nodes = tree_fits(&raw, file)?;
    // BurrTools declares no encoding and some files hold Latin-1 bytes in
    // comments: read those as Latin-1 rather than refuse the file.
    let text = String::from_utf8(raw)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    let options = roxmltree::ParsingOptions {
        nodes_limit: nodes,
        ..Default::default()
    };
    let doc = Document::parse_with_options(&text, options)
        .map_err(|e| bad(file, format!("not well-formed XML: {e}")))?;
    xml::parse_puzzle(doc.root_element(), file)
}

/// The XML inside gzip data, up to what one input may take
/// ([`crate::input::cap`], from the memory budget) and at most
/// [`MAX_XML_BYTES`].
fn inflate(bytes: &[u8], file: &str) -> Result<Vec<u8>, InputError> {
    let cap = crate::input::cap().min(MAX_XML_BYTES);
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .take(cap + 1)
        .read_to_end(&mut out)
        .map_err(|e| bad(file, format!("the gzip data is truncated or damaged ({e})")))?;
    if out.len() as u64 > cap {
        return Err(bad(
            file,
            format!(
                "the file inflates to more than {} of XML, the most jigsat reads with a memory budget of {} (--max-memory)",
                crate::process::budget::human(cap),
                crate::process::budget::human(crate::process::budget::limit())
            ),
        ));
    }
    Ok(out)
}

/// Refuses XML whose tree would not fit in the memory budget beside its
/// text, counted before the tree is built: at most one element or
/// comment per `<`, one text between two, one attribute per `=`. Gives
/// the most nodes the budget takes, as the parser's own limit.
fn tree_fits(xml: &[u8], file: &str) -> Result<u32, InputError> {
    let tags = xml.iter().filter(|&&b| b == b'<').count() as u64;
    let equals = xml.iter().filter(|&&b| b == b'=').count() as u64;
    let nodes = 2 * tags + 1;
    let needed = (xml.len() as u64)
        .saturating_mul(2)
        .saturating_add(nodes.saturating_mul(NODE_BYTES))
        .saturating_add(equals.saturating_mul(ATTRIBUTE_BYTES));
    let limit = crate::process::budget::limit();
    if needed > limit {
        return Err(bad(
            file,
            format!(
                "the XML holds up to {} elements and texts, whose tree needs about {}; the limit is {} (--max-memory)",
                nodes,
                crate::process::budget::human(needed),
                crate::process::budget::human(limit)
            ),
        ));
    }
    Ok(u32::try_from(nodes.saturating_add(16)).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_by_name_magic_or_markup() {
        let toml = b"[board]\nsize = [2, 2]\n";
        assert!(!is_xmpuzzle(Path::new("a.toml"), toml));
        assert!(is_xmpuzzle(Path::new("a.xmpuzzle"), toml));
        assert!(is_xmpuzzle(Path::new("a"), &[0x1f, 0x8b, 8]));
        assert!(is_xmpuzzle(Path::new("a"), b"  <?xml version=\"1.0\"?>"));
    }
}
