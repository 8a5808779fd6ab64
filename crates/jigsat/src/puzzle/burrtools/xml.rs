//! The XML of a `.xmpuzzle` file, element by element, into an
//! [`XmFile`]: the grid, the colours, the shapes as voxel strings and the
//! problems with their pieces, result and colour pairs.

use roxmltree::Node;

use super::{GRIDS, Grid, State, XmFile, XmPiece, XmProblem, XmShape, bad};
use crate::error::InputError;
use crate::geometry::Cell;
use crate::puzzle::{Count, MAX_BOARD_CELLS};

/// The `<puzzle>` element: grid, colours, shapes, problems, comment.
pub(super) fn parse_puzzle(root: Node, file: &str) -> Result<XmFile, InputError> {
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
    let Some(grid) = Grid::of(grid) else {
        let what = GRIDS.get(grid).copied().unwrap_or("an unknown grid");
        return Err(bad(
            file,
            format!(
                "grid type {grid} ({what}) is not supported: jigsat reads types 0 to 4 (cubes, prisms, spheres, rhombic dodecahedra, tetrahedra and octahedra)"
            ),
        ));
    };
    let colours = child(root, "colors").map_or(0, |c| elements(c, "color").count());
    let shapes = match child(root, "shapes") {
        Some(s) => elements(s, "voxel")
            .enumerate()
            .map(|(i, v)| parse_shape(v, i, grid, file))
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
        .map(|t| crate::clean::cut_within(t.trim(), crate::puzzle::MAX_TEXT))
        .filter(|t| !t.is_empty());
    Ok(XmFile {
        file: file.to_string(),
        grid,
        colours,
        shapes,
        problems,
        comment,
    })
}

/// A shape's or problem's name as read, cut to [`crate::puzzle::MAX_NAME`]
/// characters, saying its length.
fn cut_name(name: &str) -> String {
    crate::clean::cut_within(name, crate::puzzle::MAX_NAME)
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
fn parse_shape(node: Node, id: usize, grid: Grid, file: &str) -> Result<XmShape, InputError> {
    let what = format!("shape {id}");
    if let Some(t) = number(node, "type", file)?.filter(|&t| t != 0) {
        let other = GRIDS.get(t).copied().unwrap_or("an unknown grid");
        return Err(bad(
            file,
            format!(
                "{what} has type {t} ({other}): jigsat reads shapes of the puzzle's own grid (type 0) only"
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
            let voxel = Cell::new((i % w) as i32, (i / w % h) as i32, (i / (w * h)) as i32);
            Some(grid.embed(voxel).map(|c| (c, state, colour)).ok_or(voxel))
        })
        .collect::<Result<Vec<_>, Cell>>()
        .map_err(|v| bad(file, format!("{what} has {}", grid.off_grid(v))))?;
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

/// A `<problem>`: its pieces, result and colour pairs. Disassembly groups
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
    let mut pieces = Vec::new();
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
        pieces.push(XmPiece {
            shape: shape_id(id)?,
            count: piece_count(s, &what, file)?,
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
        pieces,
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
/// state are skipped) and the attributes of a piece (`group` matters only
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
    const PIECE_ATTRIBUTES: [&str; 5] = ["id", "count", "min", "max", "group"];
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
    for entry in child(node, "shapes")
        .into_iter()
        .flat_map(|s| elements(s, "shape"))
    {
        if let Some(a) = entry
            .attributes()
            .find(|a| !PIECE_ATTRIBUTES.contains(&a.name()))
        {
            return unknown(format!("the piece attribute {}", a.name()));
        }
    }
    Ok(())
}

/// A piece's count: `count="N"`, or `min`/`max`, or 1.
fn piece_count(node: Node, what: &str, file: &str) -> Result<Count, InputError> {
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
}
