//! Puzzle generators, for tests and benchmarks.
//!
//! [`edges`] plants a solution: it colours every edge of a W x H grid at
//! random, cuts the grid into tiles, turns each tile at random and shuffles
//! them. The puzzle therefore has at least the planted solution, which the
//! file records in comments. A tiny seeded PRNG (SplitMix64) keeps the
//! output the same for the same seed on every platform and version, which
//! no dependency would promise.

use std::fmt::Write;

use crate::geometry::square::turned;
use crate::rng::Rng;

/// What `jigsat generate edges` asks for.
#[derive(Clone, Debug)]
pub struct EdgeSpec {
    pub width: u32,
    pub height: u32,
    pub colours: u32,
    pub border: Option<String>,
    pub seed: u64,
}

/// The colour names: a, b, …, z, then c27, c28, …; never the border label.
fn colour_names(n: u32, border: Option<&str>) -> Vec<String> {
    let mut out = Vec::with_capacity(n as usize);
    let mut k = 0u32;
    while out.len() < n as usize {
        let name = if k < 26 {
            char::from(b'a' + k as u8).to_string()
        } else {
            format!("c{}", k + 1)
        };
        k += 1;
        if Some(name.as_str()) != border {
            out.push(name);
        }
    }
    out
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A puzzle file (TOML) with a planted solution, recorded in comments as
/// `# planted y=Y: NAME/TURNS …`, TURNS being the tile's quarter turns
/// clockwise from its listed edges.
///
/// The random draws come in a fixed order (edge colours, then each tile's
/// turn, then the shuffle), so the same seed gives the same file.
pub fn edges(spec: &EdgeSpec) -> String {
    let (w, h) = (spec.width as usize, spec.height as usize);
    let mut rng = Rng::new(spec.seed);
    let grid = colour_grid(spec, &mut rng);
    let planted = plant(&grid, w, h, &mut rng);
    let order = shuffled(planted.len(), &mut rng);
    let (entries, entry_of) = merge_identical(&planted, &order);
    let mut out = String::new();
    write_planted(&mut out, spec, &planted, &entry_of);
    write_puzzle(&mut out, spec, &entries);
    out
}

/// The colours of every edge of the grid.
struct Grid {
    /// `horizontal[y][x]`: the edge above row y (y = 0 and y = h are
    /// frame).
    horizontal: Vec<Vec<String>>,
    /// `vertical[y][x]`: the edge left of column x (x = 0 and x = w are
    /// frame).
    vertical: Vec<Vec<String>>,
}

/// Colours every edge of the W x H grid at random, row of horizontal
/// edges by row, then the vertical ones; frame edges get the border label
/// when there is one (and draw nothing), so the two edges a cut separates
/// always match.
fn colour_grid(spec: &EdgeSpec, rng: &mut Rng) -> Grid {
    let (w, h) = (spec.width as usize, spec.height as usize);
    let names = colour_names(spec.colours.max(1), spec.border.as_deref());
    let pick = |rng: &mut Rng| names[rng.below(names.len())].clone();
    let frame_or = |rng: &mut Rng, frame: bool| match (&spec.border, frame) {
        (Some(b), true) => b.clone(),
        _ => pick(rng),
    };
    let horizontal: Vec<Vec<String>> = (0..=h)
        .map(|y| (0..w).map(|_| frame_or(rng, y == 0 || y == h)).collect())
        .collect();
    let vertical: Vec<Vec<String>> = (0..h)
        .map(|_| (0..=w).map(|x| frame_or(rng, x == 0 || x == w)).collect())
        .collect();
    Grid {
        horizontal,
        vertical,
    }
}

/// A listed tile: its edges as listed and how many tiles it stands for.
type Entry = ([String; 4], u32);

/// A planted tile: its row, its edges as listed in the file, and the
/// quarter turns that bring them to how it lies in the planted solution.
struct Planted {
    y: usize,
    listed: [String; 4],
    turns: u8,
}

/// Cuts the grid into tiles, row by row, each with its edges as it lies
/// (top, right, bottom, left), turned back by a random number of quarter
/// turns for the listing, so the file does not give the solution away.
fn plant(grid: &Grid, w: usize, h: usize, rng: &mut Rng) -> Vec<Planted> {
    let mut planted: Vec<Planted> = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let lying = [
                grid.horizontal[y][x].clone(),
                grid.vertical[y][x + 1].clone(),
                grid.horizontal[y + 1][x].clone(),
                grid.vertical[y][x].clone(),
            ];
            let turns = rng.below(4) as u8;
            planted.push(Planted {
                y,
                listed: turned(&lying, (4 - turns) % 4),
                turns,
            });
        }
    }
    planted
}

/// A random order (Fisher-Yates) of `n` tiles: the order in which they
/// are listed, so a tile's place in the file says nothing of its place on
/// the board.
fn shuffled(n: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// Identical tiles (equal up to a turn) become one entry with a count,
/// entries in the order their first tile is listed. Returns the entries
/// (edges as listed, count) and, per planted tile, its entry and the
/// quarter turns from the entry's edges to how the tile lies.
fn merge_identical(planted: &[Planted], order: &[usize]) -> (Vec<Entry>, Vec<(usize, u8)>) {
    let mut entries: Vec<Entry> = Vec::new();
    let mut entry_of = vec![(0usize, 0u8); planted.len()];
    for &i in order {
        let p = &planted[i];
        let found = entries.iter().enumerate().find_map(|(e, (edges, _))| {
            (0..4u8)
                .find(|&r| turned(edges, r) == p.listed)
                .map(|r| (e, r))
        });
        match found {
            Some((e, r)) => {
                entries[e].1 += 1;
                entry_of[i] = (e, (r + p.turns) % 4);
            }
            None => {
                entry_of[i] = (entries.len(), p.turns);
                entries.push((p.listed.clone(), 1));
            }
        }
    }
    (entries, entry_of)
}

/// The file's header comments: the command that generates it again and
/// the planted solution, row by row, as entry/quarter turns (entries
/// numbered from 1, as their names are).
fn write_planted(out: &mut String, spec: &EdgeSpec, planted: &[Planted], entry_of: &[(usize, u8)]) {
    let (w, h) = (spec.width as usize, spec.height as usize);
    let border_arg = spec
        .border
        .as_ref()
        .map_or(String::new(), |b| format!(" --border {b}"));
    let _ = writeln!(
        out,
        "# Generated by `jigsat generate edges --size {w}x{h} --colours {}{border_arg} --seed {}`.",
        spec.colours, spec.seed
    );
    let _ = writeln!(
        out,
        "# Planted solution, row by row: tile/quarter turns clockwise."
    );
    for y in 0..h {
        let row: Vec<String> = planted
            .iter()
            .enumerate()
            .filter(|(_, p)| p.y == y)
            .map(|(i, _)| format!("{}/{}", entry_of[i].0 + 1, entry_of[i].1))
            .collect();
        let _ = writeln!(out, "# planted y={y}: {}", row.join(" "));
    }
}

/// The puzzle itself: name, board, rules (edges must be equal; the
/// border label when there is one) and one `[[tile]]` per entry, named by
/// its number, with its count when above one.
fn write_puzzle(out: &mut String, spec: &EdgeSpec, entries: &[Entry]) {
    let (w, h) = (spec.width, spec.height);
    let _ = writeln!(
        out,
        "\nname = {}",
        quote(&format!(
            "edges {w}x{h}, {} colours, seed {}",
            spec.colours, spec.seed
        ))
    );
    let _ = writeln!(out, "\n[board]\nsize = [{w}, {h}]\n\n[rules]");
    let _ = writeln!(out, "match = \"equal\"");
    if let Some(b) = &spec.border {
        let _ = writeln!(out, "border = {}", quote(b));
    }
    for (e, (edges, count)) in entries.iter().enumerate() {
        let labels: Vec<String> = edges.iter().map(|l| quote(l)).collect();
        let _ = writeln!(
            out,
            "\n[[tile]]\nname = \"{}\"\nedges = [{}]",
            e + 1,
            labels.join(", ")
        );
        if *count > 1 {
            let _ = writeln!(out, "count = {count}");
        }
    }
}
