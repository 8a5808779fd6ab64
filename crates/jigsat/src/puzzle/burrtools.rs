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
//! Only the cube grid (type 0) is read: the other grids reuse the same
//! cell array on other lattices, so reading them as cubes would silently
//! solve a different puzzle. Those, and anything else jigsat cannot
//! honour, are refused with one line naming the file and the feature.
//! Stored solutions and disassembly data are skipped (jigsat finds and
//! takes apart its own); the problems' groups and the shapes' weights are
//! kept for the disassembler ([`XmFile::groups_and_weights`]).

use std::io::Read;
use std::path::Path;

use roxmltree::{Document, Node};

use super::{Colours, Count, Fill, Kind, MAX_BOARD_CELLS, Piece, Puzzle};
use crate::error::InputError;
use crate::geometry::{Board, Cell, Moves, Shape};

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
    /// The hotspot `hx hy hz`: the point a stored assembly positions.
    pub hotspot: [i32; 3],
}

/// One part of a problem: a shape used between `min` and `max` times.
#[derive(Clone, Debug)]
pub struct Part {
    pub shape: usize,
    pub count: Count,
    /// For disassembly: pieces of one group (not 0) may stay together.
    pub group: u32,
}

/// One problem: the parts, the result shape, the allowed colour pairs.
#[derive(Clone, Debug)]
pub struct XmProblem {
    pub name: Option<String>,
    pub parts: Vec<Part>,
    pub result: usize,
    pub allowed: Vec<(u8, u8)>,
    /// The stored assemblies (`<solutions>`): per piece instance, in part
    /// order, each part padded to its `max`, `x y z t` or `None` (`x`,
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
    parse_puzzle(doc.root_element(), file)
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

/// The `<puzzle>` element: grid, colours, shapes, problems, comment.
fn parse_puzzle(root: Node, file: &str) -> Result<XmFile, InputError> {
    if root.tag_name().name() != "puzzle" {
        return Err(bad(
            file,
            format!(
                "not a BurrTools puzzle: the root element is <{}>, not <puzzle>",
                root.tag_name().name()
            ),
        ));
    }
    match root.attribute("version") {
        Some("1") | Some("2") | None => {}
        Some(v) => {
            return Err(bad(
                file,
                format!("puzzle version {v} is not supported (1 and 2 are)"),
            ));
        }
    }
    let grid = match child(root, "gridType") {
        Some(g) => number(g, "type", file)?.unwrap_or(0),
        None => 0,
    };
    if grid != 0 {
        let what = GRIDS.get(grid).copied().unwrap_or("an unknown grid");
        return Err(bad(
            file,
            format!(
                "grid type {grid} ({what}) is not supported: jigsat reads the cube grid (type 0) only"
            ),
        ));
    }
    let colours = child(root, "colors").map_or(0, |c| elements(c, "color").count());
    let shapes = match child(root, "shapes") {
        Some(s) => elements(s, "voxel")
            .enumerate()
            .map(|(i, v)| parse_shape(v, i, file))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let problems = match child(root, "problems") {
        Some(p) => elements(p, "problem")
            .enumerate()
            .map(|(i, p)| parse_problem(p, i, shapes.len(), file))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let comment = child(root, "comment")
        .and_then(|c| c.text())
        .map(|t| crate::clean::cut_within(t.trim(), super::MAX_TEXT))
        .filter(|t| !t.is_empty());
    Ok(XmFile {
        file: file.to_string(),
        colours,
        shapes,
        problems,
        comment,
    })
}

/// A shape's or problem's name as read, cut to [`super::MAX_NAME`]
/// characters, saying its length.
fn cut_name(name: &str) -> String {
    crate::clean::cut_within(name, super::MAX_NAME)
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn elements<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children().filter(move |c| c.has_tag_name(name))
}

/// A non-negative whole-number attribute, when present.
fn number(node: Node, attr: &str, file: &str) -> Result<Option<usize>, InputError> {
    let Some(text) = node.attribute(attr) else {
        return Ok(None);
    };
    text.trim().parse().map(Some).map_err(|_| {
        bad(
            file,
            format!(
                "<{}> attribute {attr}=\"{text}\" is not a whole number",
                node.tag_name().name()
            ),
        )
    })
}

/// A `<voxel>` element: its size, and its string of `x * y * z` cells
/// (`_`, `#` or `+`, each optionally followed by a colour number).
fn parse_shape(node: Node, id: usize, file: &str) -> Result<XmShape, InputError> {
    let what = format!("shape {id}");
    if let Some(t) = number(node, "type", file)?.filter(|&t| t != 0) {
        let grid = GRIDS.get(t).copied().unwrap_or("an unknown grid");
        return Err(bad(
            file,
            format!(
                "{what} is on grid type {t} ({grid}): jigsat reads the cube grid (type 0) only"
            ),
        ));
    }
    let mut dims = [0usize; 3];
    for (axis, attr) in ["x", "y", "z"].iter().enumerate() {
        dims[axis] = number(node, attr, file)?
            .ok_or_else(|| bad(file, format!("{what} has no {attr} size")))?;
    }
    let volume = dims.iter().try_fold(1usize, |v, &d| v.checked_mul(d));
    if volume.is_none_or(|v| v > MAX_BOARD_CELLS) {
        return Err(bad(
            file,
            format!(
                "{what} is {}x{}x{}: more than the {MAX_BOARD_CELLS} cells jigsat handles",
                dims[0], dims[1], dims[2]
            ),
        ));
    }
    let voxels = voxel_string(node.text().unwrap_or(""), &what, file)?;
    let volume = volume.unwrap_or(0);
    if voxels.len() != volume {
        return Err(bad(
            file,
            format!(
                "{what}: the voxel string has {} cells, but a {}x{}x{} shape has {volume}",
                voxels.len(),
                dims[0],
                dims[1],
                dims[2]
            ),
        ));
    }
    let (w, h) = (dims[0], dims[1]);
    let cells = voxels
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let (state, colour) = v?;
            let cell = Cell::new((i % w) as i32, (i / w % h) as i32, (i / (w * h)) as i32);
            Some((cell, state, colour))
        })
        .collect();
    let coordinate = |a: &str| {
        node.attribute(a)
            .map_or(Ok(0), |v| v.trim().parse::<i32>())
            .map_err(|_| bad(file, format!("{what}: {a} is not a whole number")))
    };
    Ok(XmShape {
        name: node.attribute("name").map(cut_name),
        weight: number(node, "weight", file)?.map_or(1, |w| w.min(u32::MAX as usize) as u32),
        cells,
        hotspot: [coordinate("hx")?, coordinate("hy")?, coordinate("hz")?],
    })
}

/// The cells of a voxel string in order: `None` for an empty cell.
fn voxel_string(
    text: &str,
    what: &str,
    file: &str,
) -> Result<Vec<Option<(State, u8)>>, InputError> {
    let mut out: Vec<Option<(State, u8)>> = Vec::new();
    let mut chars = text.trim().chars().peekable();
    while let Some(ch) = chars.next() {
        let state = match ch {
            '_' => None,
            '#' => Some(State::Filled),
            '+' => Some(State::Variable),
            other => {
                return Err(bad(
                    file,
                    format!(
                        "{what}: '{other}' in the voxel string (expected _, # or +, each perhaps followed by a colour number)"
                    ),
                ));
            }
        };
        let mut colour = 0u32;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            chars.next();
            colour = colour * 10 + d;
            if colour > 255 {
                return Err(bad(
                    file,
                    format!("{what}: colour number {colour} is too large"),
                ));
            }
        }
        out.push(state.map(|s| (s, colour as u8)));
    }
    Ok(out)
}

/// A problem's `<bitmap>`: the colour pairs (piece colour, result
/// colour) allowed to meet, each number shifted up by one as the
/// parsed puzzle counts colours.
fn colour_pairs(node: Node, what: &str, file: &str) -> Result<Vec<(u8, u8)>, InputError> {
    let mut allowed = Vec::new();
    for pair in child(node, "bitmap")
        .into_iter()
        .flat_map(|b| elements(b, "pair"))
    {
        let p = number(pair, "piece", file)?.unwrap_or(0);
        let r = number(pair, "result", file)?.unwrap_or(0);
        if p >= 255 || r >= 255 {
            return Err(bad(
                file,
                format!("{what}: colour pair ({p}, {r}) is out of range"),
            ));
        }
        allowed.push((p as u8 + 1, r as u8 + 1));
    }
    Ok(allowed)
}

/// A `<problem>`: its parts, result and colour pairs. Disassembly groups
/// are skipped (they matter only for disassembly); `maxHoles` is refused
/// because jigsat has no limit on the empty variable cells.
fn parse_problem(
    node: Node,
    index: usize,
    shapes: usize,
    file: &str,
) -> Result<XmProblem, InputError> {
    let what = format!("problem {index}");
    refuse_unknown(node, &what, file)?;
    let shape_id = |id: usize| {
        if id < shapes {
            Ok(id)
        } else {
            Err(bad(
                file,
                format!(
                    "{what} names shape {id}, but the file has {shapes} shapes (0 to {})",
                    shapes.max(1) - 1
                ),
            ))
        }
    };
    let mut parts = Vec::new();
    for s in child(node, "shapes")
        .into_iter()
        .flat_map(|s| elements(s, "shape"))
    {
        let id = number(s, "id", file)?
            .ok_or_else(|| bad(file, format!("{what}: a piece without an id")))?;
        // A group is an attribute, or (older files) nested <group> elements:
        // the first one is taken for all copies.
        let group = match number(s, "group", file)? {
            Some(g) => Some(g),
            None => match elements(s, "group").next() {
                Some(g) => number(g, "group", file)?,
                None => None,
            },
        };
        parts.push(Part {
            shape: shape_id(id)?,
            count: part_count(s, &what, file)?,
            group: group.map_or(0, |g| g.min(u32::MAX as usize) as u32),
        });
    }
    let result = child(node, "result")
        .map(|r| number(r, "id", file))
        .transpose()?
        .flatten()
        .ok_or_else(|| bad(file, format!("{what} has no result shape")))?;
    let allowed = colour_pairs(node, &what, file)?;
    let stored = child(node, "solutions")
        .into_iter()
        .flat_map(|s| elements(s, "solution"))
        .map(|s| {
            let text = child(s, "assembly")
                .and_then(|a| a.text())
                .ok_or("a solution without an <assembly>")?;
            assembly_tokens(text)
        })
        .collect();
    Ok(XmProblem {
        name: node.attribute("name").map(cut_name),
        parts,
        result: shape_id(result)?,
        allowed,
        stored,
    })
}

/// An `<assembly>`'s text: per instance `x y z t`, or `x` (not placed).
fn assembly_tokens(text: &str) -> Result<Vec<Option<[i32; 4]>>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "x" {
            out.push(None);
            i += 1;
            continue;
        }
        let four: Vec<i32> = words
            .get(i..i + 4)
            .ok_or("an assembly ends in the middle of a piece")?
            .iter()
            .map(|w| w.parse::<i32>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("an assembly holds {:?}, not a number", words[i]))?;
        out.push(Some([four[0], four[1], four[2], four[3]]));
        i += 4;
    }
    Ok(out)
}

/// What a problem may hold that jigsat knows to be harmless: the
/// elements of a problem (stored solutions and the assembler's saved
/// state are skipped) and the attributes of a part (`group` matters only
/// for disassembly). Anything else — `maxHoles`, or a feature of a later
/// BurrTools — might change what is counted, so it is refused by name.
fn refuse_unknown(node: Node, what: &str, file: &str) -> Result<(), InputError> {
    const ELEMENTS: [&str; 6] = [
        "shapes",
        "result",
        "bitmap",
        "solutions",
        "assembler",
        "comment",
    ];
    const PART_ATTRIBUTES: [&str; 5] = ["id", "count", "min", "max", "group"];
    if node.attribute("maxHoles").is_some() {
        return Err(bad(
            file,
            format!("{what}: maxHoles (a cap on empty variable cells) is not supported"),
        ));
    }
    let unknown = |feature: String| Err(bad(file, format!("{what}: {feature} is not supported")));
    for child in node.children().filter(Node::is_element) {
        let name = child.tag_name().name();
        if !ELEMENTS.contains(&name) {
            return unknown(format!("<{name}>"));
        }
    }
    for part in child(node, "shapes")
        .into_iter()
        .flat_map(|s| elements(s, "shape"))
    {
        if let Some(a) = part
            .attributes()
            .find(|a| !PART_ATTRIBUTES.contains(&a.name()))
        {
            return unknown(format!("the piece attribute {}", a.name()));
        }
    }
    Ok(())
}

/// A part's count: `count="N"`, or `min`/`max`, or 1.
fn part_count(node: Node, what: &str, file: &str) -> Result<Count, InputError> {
    let as_u32 = |v: Option<usize>| v.map(|v| u32::try_from(v).unwrap_or(u32::MAX));
    if let Some(n) = as_u32(number(node, "count", file)?) {
        return Ok(Count::exactly(n));
    }
    let min = as_u32(number(node, "min", file)?);
    let max = as_u32(number(node, "max", file)?);
    let count = Count {
        min: min.or(max).unwrap_or(1),
        max: max.or(min).unwrap_or(1),
    };
    if count.min > count.max {
        return Err(bad(
            file,
            format!(
                "{what}: a piece with min {} above max {}",
                count.min, count.max
            ),
        ));
    }
    Ok(count)
}

impl XmFile {
    /// One line per problem: its number, name, parts and result, for
    /// `info`.
    pub fn summaries(&self) -> Vec<String> {
        self.problems
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let name = p
                    .name
                    .as_deref()
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                let (lo, hi) = p.parts.iter().fold((0, 0), |(lo, hi), part| {
                    (lo + part.count.min, hi + part.count.max)
                });
                let pieces = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}..{hi}")
                };
                format!(
                    "problem {i}{name}: {} parts, {pieces} pieces, result shape {}",
                    p.parts.len(),
                    p.result
                )
            })
            .collect()
    }

    /// The problem `choice` names (a number or a name; the first when
    /// `None`).
    fn problem(&self, choice: Option<&str>) -> Result<(usize, &XmProblem), InputError> {
        if self.problems.is_empty() {
            return Err(bad(
                &self.file,
                "the file holds no problems (nothing to solve)",
            ));
        }
        let Some(choice) = choice else {
            return Ok((0, &self.problems[0]));
        };
        let found = match choice.parse::<usize>() {
            Ok(i) => self.problems.get(i).map(|p| (i, p)),
            Err(_) => self
                .problems
                .iter()
                .enumerate()
                .find(|(_, p)| p.name.as_deref() == Some(choice)),
        };
        found.ok_or_else(|| {
            bad(
                &self.file,
                format!(
                    "--problem {choice}: the file has problems {} (`jigsat info` lists them)",
                    self.problem_names()
                ),
            )
        })
    }

    fn problem_names(&self) -> String {
        let names: Vec<String> = self
            .problems
            .iter()
            .enumerate()
            .map(|(i, p)| match &p.name {
                Some(n) => format!("{i} \"{n}\""),
                None => i.to_string(),
            })
            .collect();
        names.join(", ")
    }

    /// For each piece of problem `choice`'s puzzle (as [`XmFile::puzzle`]
    /// lists them), its disassembly group (0: none) and weight.
    pub fn groups_and_weights(&self, choice: Option<&str>) -> Result<Vec<(u32, u32)>, InputError> {
        let (_, problem) = self.problem(choice)?;
        Ok(problem
            .parts
            .iter()
            .filter(|p| p.count.max > 0)
            .map(|p| (p.group, self.shapes[p.shape].weight))
            .collect())
    }

    /// The assemblies stored with problem `choice`: per assembly, each
    /// piece placed (its index among the pieces of [`XmFile::puzzle`]'s
    /// puzzle, its cells), the turns and positions read by
    /// [`super::stored`]; and a function that names a stored assembly in
    /// an error. Not checked here: `solution::stored` makes them
    /// solutions and checks them against the puzzle (the puzzle module
    /// stands below solutions).
    #[allow(clippy::type_complexity)]
    pub fn stored_assemblies(
        &self,
        choice: Option<&str>,
    ) -> Result<
        (
            Vec<Vec<(usize, Vec<Cell>)>>,
            impl Fn(usize, String) -> InputError + '_,
        ),
        InputError,
    > {
        let (index, problem) = self.problem(choice)?;
        let fail_at = move |k: usize, why: String| {
            bad(
                &self.file,
                format!("problem {index}, stored solution {}: {why}", k + 1),
            )
        };
        let mut out = Vec::new();
        for (k, stored) in problem.stored.iter().enumerate() {
            let fail = |why: String| fail_at(k, why);
            let stored = stored.as_ref().map_err(|e| fail(e.clone()))?;
            let mut placed = Vec::new();
            let mut at = 0;
            let mut piece = 0;
            for part in &problem.parts {
                let shape = &self.shapes[part.shape];
                let voxels: Vec<[i32; 3]> = shape
                    .cells
                    .iter()
                    .filter(|c| c.1 == State::Filled)
                    .map(|c| c.0.coords())
                    .collect();
                for _ in 0..part.count.max {
                    let Some(entry) = stored.get(at) else {
                        return Err(fail("fewer pieces than the problem's parts".into()));
                    };
                    at += 1;
                    let Some([x, y, z, t]) = *entry else { continue };
                    if shape.hotspot != [0; 3] {
                        return Err(fail(format!(
                            "shape {} has a hotspot other than 0 0 0, which jigsat does not read",
                            part.shape
                        )));
                    }
                    let t = usize::try_from(t)
                        .ok()
                        .filter(|&t| t < super::stored::TURNS.len())
                        .ok_or_else(|| {
                            fail(format!(
                                "turn {t} (0 to 23 on the cube grid; BurrTools never mirrors)"
                            ))
                        })?;
                    let cells = super::stored::place(&voxels, [x, y, z], t)
                        .into_iter()
                        .map(Cell::from_coords)
                        .collect();
                    placed.push((piece, cells));
                }
                if part.count.max > 0 {
                    piece += 1;
                }
            }
            if at != stored.len() {
                return Err(fail("more pieces than the problem's parts".into()));
            }
            out.push(placed);
        }
        Ok((out, fail_at))
    }

    /// Problem `choice` as a puzzle: the result is the board (`+` cells
    /// optional), each part a piece turning freely in space (BurrTools
    /// never mirrors), the colours when they constrain anything.
    pub fn puzzle(&self, choice: Option<&str>, stem: &str) -> Result<Puzzle, InputError> {
        let (index, problem) = self.problem(choice)?;
        let result = &self.shapes[problem.result];
        let cells: Vec<Cell> = result.cells.iter().map(|c| c.0).collect();
        if cells.is_empty() {
            return Err(bad(
                &self.file,
                format!("problem {index}: the result shape is empty"),
            ));
        }
        let board = Board::new(Shape::new(cells)).map_err(|e| bad(&self.file, e.to_string()))?;
        let mut optional: Vec<u32> = result
            .cells
            .iter()
            .filter(|c| c.1 == State::Variable)
            .filter_map(|c| board.index(c.0))
            .collect();
        optional.sort_unstable();
        let pieces = self.pieces(index, problem)?;
        let puzzle = Puzzle {
            name: problem
                .name
                .clone()
                .unwrap_or_else(|| match self.problems.len() {
                    1 => stem.to_string(),
                    _ => format!("{stem} problem {index}"),
                }),
            description: self.comment.clone(),
            source: None,
            fill: Fill::Exact,
            colours: self.colours(problem, &board, &pieces),
            optional,
            board,
            kind: Kind::Pieces(pieces.into_iter().map(|(_, p)| p).collect()),
            warnings: Vec::new(),
        };
        self.check_areas(index, &puzzle)?;
        // A coloured piece that fits the same cells in two colourings is
        // refused while placements are made (naming the file read).
        Ok(puzzle)
    }

    /// The parts as pieces, each with its shape id; parts used at most 0
    /// times are left out. Names are the shapes' names, or BurrTools'
    /// `S1`, `S2`, … (1-based ids), made unique.
    fn pieces(&self, index: usize, problem: &XmProblem) -> Result<Vec<(usize, Piece)>, InputError> {
        let result_cells = self.shapes[problem.result].cells.len();
        let mut pieces: Vec<(usize, Piece)> = Vec::new();
        for part in problem.parts.iter().filter(|p| p.count.max > 0) {
            let shape = &self.shapes[part.shape];
            let cells: Vec<Cell> = shape
                .cells
                .iter()
                .filter(|c| c.1 == State::Filled)
                .map(|c| c.0)
                .collect();
            if cells.is_empty() {
                return Err(bad(
                    &self.file,
                    format!(
                        "problem {index}: piece shape {} has no filled cells",
                        part.shape
                    ),
                ));
            }
            let mut name = shape
                .name
                .clone()
                .unwrap_or_else(|| format!("S{}", part.shape + 1));
            if name.trim().is_empty() || pieces.iter().any(|(_, p)| p.name == name) {
                name = format!("{name}#{}", part.shape + 1);
            }
            // More copies than fit in the result are never used: capping
            // the count keeps a careless `max` from inflating the CNF.
            let fit = (result_cells / cells.len()) as u32;
            let count = Count {
                min: part.count.min,
                max: part.count.max.min(fit.max(part.count.min)),
            };
            pieces.push((
                part.shape,
                Piece {
                    glyph: glyph(pieces.len()),
                    name,
                    shape: Shape::new(cells).normalized(),
                    count,
                    moves: Moves::default(),
                    images: Default::default(),
                },
            ));
        }
        if pieces.is_empty() {
            return Err(bad(&self.file, format!("problem {index} has no pieces")));
        }
        Ok(pieces)
    }

    /// The colour constraints, when the file defines colours and both
    /// some piece cell and some result cell carry one (otherwise every
    /// piece cell may go anywhere).
    fn colours(
        &self,
        problem: &XmProblem,
        board: &Board,
        pieces: &[(usize, Piece)],
    ) -> Option<Colours> {
        let result = &self.shapes[problem.result];
        let mut board_colours = vec![0u8; board.len()];
        for &(c, _, k) in &result.cells {
            if let Some(i) = board.index(c) {
                board_colours[i as usize] = k;
            }
        }
        let piece_colours: Vec<Vec<u8>> = pieces
            .iter()
            .map(|(id, piece)| {
                let filled: Vec<(Cell, u8)> = self.shapes[*id]
                    .cells
                    .iter()
                    .filter(|c| c.1 == State::Filled)
                    .map(|c| (c.0, c.2))
                    .collect();
                piece_cell_colours(&filled, &piece.shape)
            })
            .collect();
        let coloured = |v: &[u8]| v.iter().any(|&k| k != 0);
        let matters = self.colours > 0
            && coloured(&board_colours)
            && piece_colours.iter().any(|p| coloured(p));
        matters.then(|| Colours {
            board: board_colours,
            pieces: piece_colours,
            allowed: problem.allowed.clone(),
        })
    }

    /// BurrTools refuses a problem whose pieces cannot fill the result's
    /// `#` cells or do not fit in all its cells; so does jigsat, rather
    /// than count a different puzzle.
    fn check_areas(&self, index: usize, puzzle: &Puzzle) -> Result<(), InputError> {
        let (lo, hi) = puzzle.piece_area_range();
        let all = puzzle.board.len();
        let required = all - puzzle.optional.len();
        if hi < required || lo > all {
            let covers = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            };
            return Err(bad(
                &self.file,
                format!(
                    "problem {index}: the pieces cover {covers} cells, but the result has {required} cells to fill and {all} in all"
                ),
            ));
        }
        Ok(())
    }
}

/// The colour of each cell of `shape` (the normalized filled cells), in
/// its sorted order.
fn piece_cell_colours(filled: &[(Cell, u8)], shape: &Shape) -> Vec<u8> {
    let cells: Vec<Cell> = filled.iter().map(|c| c.0).collect();
    let Some((lo, _)) = Shape::new(cells).bounds() else {
        return Vec::new();
    };
    let shift = Cell::new(-lo[0], -lo[1], -lo[2]);
    let mut out = vec![0u8; shape.len()];
    for &(c, k) in filled {
        if let Ok(i) = shape.cells().binary_search(&c.offset(shift)) {
            out[i] = k;
        }
    }
    out
}

/// A glyph for the `i`-th piece: A–Z, a–z, 0–9, then round again.
pub fn glyph(i: usize) -> char {
    const GLYPHS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    GLYPHS[i % GLYPHS.len()] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voxel_strings_with_states_and_colours() {
        let cells = voxel_string("_#+12#3", "shape 0", "f").unwrap();
        assert_eq!(
            cells,
            vec![
                None,
                Some((State::Filled, 0)),
                Some((State::Variable, 12)),
                Some((State::Filled, 3)),
            ]
        );
        let err = voxel_string("#x", "shape 0", "f").unwrap_err();
        assert!(err.message.contains("'x'"), "{}", err.message);
    }

    #[test]
    fn detection_by_name_magic_or_markup() {
        let toml = b"[board]\nsize = [2, 2]\n";
        assert!(!is_xmpuzzle(Path::new("a.toml"), toml));
        assert!(is_xmpuzzle(Path::new("a.xmpuzzle"), toml));
        assert!(is_xmpuzzle(Path::new("a"), &[0x1f, 0x8b, 8]));
        assert!(is_xmpuzzle(Path::new("a"), b"  <?xml version=\"1.0\"?>"));
    }
}
