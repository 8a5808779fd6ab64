//! The exact-cover instance in the input format of Knuth's DLX programs,
//! so that DLX1/DLX2 can be run on a jigsat puzzle as kissat is run on
//! its CNF.
//!
//! The format: a first line naming the primary items, then `|` and the
//! secondary ones; then one line per option listing the names of its
//! items; lines starting with `|` are comments. Names are at most 8
//! characters without spaces. Here an option line reads as a placement:
//! the piece's name, then its cells.
//!
//! ```text
//! | jigsat 0.1.0: Pentominoes 6x10 (puzzles/pentomino-6x10.toml)
//! F I L N P T U V W X Y Z 00 01 02 ... 95
//! F 10 20 01 11 12
//! ...
//! ```
//!
//! Cells are named by their coordinates: one base-36 digit per axis
//! (`x y`, or `x y z` on a solid board) when every coordinate is below 36,
//! as in Knuth's own generators; `x.y` or `x.y.z` in decimal when that fits
//! in 8 characters; `c` and the cell's number otherwise. Items jigsat
//! leaves out are left out here too: a piece whose count the areas force
//! (the 25 Y's of Y25), and options forbidden by symmetry breaking.
//! Counts other than "exactly once" or "at most once" cannot be written
//! for DLX1 and are refused. DLX1 never takes an option whose items are
//! all secondary (a `0..1` piece on cells that may stay empty), so one item
//! of each such option is written as primary, with a *slack* option (the
//! item alone, after the placements) for "left uncovered", as jigsat's own
//! Algorithm X does: DLX1 then counts every solution, once; the slack
//! lines of its solutions name no placement.

use std::io::{self, Write};

use crate::cover::{Cover, ItemKind};
use crate::geometry::Board;
use crate::process::files::Counting;

/// Longest item name DLX1 and DLX2 accept.
const MAX_NAME: usize = 8;

/// How an item appears in the file.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Role {
    Primary,
    Secondary,
    /// Implied by the areas, or covered by nothing: not written.
    Omitted,
}

/// A cover ready to be written: each item's role and name.
pub struct Export<'c> {
    cover: &'c Cover,
    roles: Vec<Role>,
    names: Vec<String>,
}

impl<'c> Export<'c> {
    /// `cover` must be plain (no colours: see [`Cover::for_dlx`]); `Err`
    /// with the reason when an item's count cannot be written for DLX1.
    pub fn new(cover: &'c Cover, board: &Board) -> Result<Export<'c>, String> {
        Ok(Export {
            cover,
            roles: roles(cover)?,
            names: item_names(cover, board),
        })
    }

    /// Writes the instance without the `forbidden` options; `header`
    /// lines become comments. Returns the bytes written.
    pub fn write<W: Write>(&self, out: W, forbidden: &[u32], header: &[String]) -> io::Result<u64> {
        write_lines(out, self.cover, forbidden, header, &self.roles, &self.names)
    }
}

/// Each item's role, or why the cover cannot be written for DLX1.
fn roles(cover: &Cover) -> Result<Vec<Role>, String> {
    cover
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| match (item.implied, item.min, item.max) {
            (true, _, _) | (false, _, 0) => Ok(Role::Omitted),
            (false, 1, 1) => Ok(Role::Primary),
            (false, 0, 1) => Ok(Role::Secondary),
            (false, min, max) => {
                let what = match item.kind {
                    ItemKind::Piece(p) => cover.piece_labels[p].clone(),
                    _ => format!("item {i}"),
                };
                Err(format!(
                    "{what} is used {min} to {max} times, which DLX1 cannot express (only exactly once or at most once); use the CNF (jigsat dimacs) instead"
                ))
            }
        })
        .collect()
}

fn write_lines<W: Write>(
    out: W,
    cover: &Cover,
    forbidden: &[u32],
    header: &[String],
    roles: &[Role],
    names: &[String],
) -> io::Result<u64> {
    let mut out = io::BufWriter::new(Counting {
        inner: out,
        bytes: 0,
    });
    for line in header {
        writeln!(out, "| {line}")?;
    }
    // Options covering secondary items alone, which DLX1 never takes: one
    // item of each becomes primary, with a slack option of its own.
    let promoted = super::search::Roles::new(cover, forbidden)
        .map(|r| r.promoted)
        .unwrap_or_default();
    let mut roles = roles.to_vec();
    promoted.iter().for_each(|&i| roles[i] = Role::Primary);
    let roles = &roles[..];
    // Pieces first: DLX1 breaks ties in its "fewest options" choice by
    // the order of this line, and a tight piece beats a tight cell.
    let of = |role: Role| {
        let mut items: Vec<usize> = (0..cover.items.len())
            .filter(|&i| roles[i] == role)
            .collect();
        items.sort_by_key(|&i| !matches!(cover.items[i].kind, ItemKind::Piece(_)));
        items
            .into_iter()
            .map(|i| names[i].as_str())
            .collect::<Vec<_>>()
    };
    let (primary, secondary) = (of(Role::Primary), of(Role::Secondary));
    write!(out, "{}", primary.join(" "))?;
    if !secondary.is_empty() {
        write!(out, " | {}", secondary.join(" "))?;
    }
    writeln!(out)?;
    let mut excluded = vec![false; cover.options.len()];
    for &o in forbidden {
        if let Some(e) = excluded.get_mut(o as usize) {
            *e = true;
        }
    }
    for (o, items) in cover.options.iter().enumerate() {
        // Pieces first, so the line reads "F 10 20 01 11 12".
        let mut shown: Vec<u32> = items.clone();
        shown.sort_by_key(|&i| !matches!(cover.items[i as usize].kind, ItemKind::Piece(_)));
        let blocked = shown.iter().any(|&i| {
            let item = &cover.items[i as usize];
            !item.implied && item.max == 0
        });
        shown.retain(|&i| roles[i as usize] != Role::Omitted);
        if excluded[o] || blocked || shown.is_empty() {
            continue;
        }
        let line: Vec<&str> = shown.iter().map(|&i| names[i as usize].as_str()).collect();
        writeln!(out, "{}", line.join(" "))?;
    }
    if !promoted.is_empty() {
        writeln!(
            out,
            "| slack options: the item alone, left uncovered (a piece not used, a cell left empty)"
        )?;
    }
    for &i in &promoted {
        writeln!(out, "{}", names[i])?;
    }
    out.flush()?;
    let counted = out.into_inner().map_err(|e| e.into_error())?;
    Ok(counted.bytes)
}

/// The name of every item: cells by coordinates, pieces by their own
/// names where those are valid and unique, `p` and the number otherwise.
fn item_names(cover: &Cover, board: &Board) -> Vec<String> {
    let cell = cell_namer(board);
    let mut taken = std::collections::HashSet::new();
    let mut names: Vec<String> = cover
        .items
        .iter()
        .map(|item| match item.kind {
            ItemKind::Cell(c) => cell(c),
            _ => String::new(),
        })
        .collect();
    taken.extend(names.iter().filter(|n| !n.is_empty()).cloned());
    let mut spare = 0u64;
    for (i, item) in cover.items.iter().enumerate() {
        let own = match item.kind {
            ItemKind::Cell(_) => continue,
            ItemKind::Piece(p) => {
                let label = &cover.piece_labels[p];
                label
                    .split_once(' ')
                    .map_or(label.as_str(), |(_, n)| n)
                    .to_string()
            }
            ItemKind::Edge(_) => format!("e{i}"),
            ItemKind::Crossing(k) => format!("+{k}"),
        };
        let mut candidates = [own, format!("p{i}")].into_iter();
        let name = loop {
            let name = candidates.next().unwrap_or_else(|| {
                spare += 1;
                format!("#{spare}")
            });
            if valid(&name) && !taken.contains(&name) {
                break name;
            }
        };
        taken.insert(name.clone());
        names[i] = name;
    }
    names
}

/// Whether DLX1 reads `name` as one item name.
fn valid(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_ascii_graphic() && c != '|' && c != ':')
}

/// How cells are named on this board (see the module docs).
fn cell_namer(board: &Board) -> impl Fn(u32) -> String + '_ {
    let flat = board.is_flat();
    let axes = if flat { 2 } else { 3 };
    let origin = board.origin();
    let extent = board.extent();
    let coords = move |c: u32| {
        let v = board.cell(c).coords();
        (0..axes).map(move |a| v[a] - origin[a])
    };
    let short = (0..axes).all(|a| extent[a] <= 36);
    let decimal_len: usize = (0..axes)
        .map(|a| (extent[a] - 1).max(0).to_string().len())
        .sum::<usize>()
        + axes
        - 1;
    move |c: u32| {
        if short {
            coords(c)
                .map(|d| char::from_digit(d as u32, 36).unwrap_or('?'))
                .collect()
        } else if decimal_len <= MAX_NAME {
            coords(c)
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(".")
        } else {
            format!("c{c}")
        }
    }
}
