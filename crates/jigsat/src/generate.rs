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
    /// Tiles per row (`--size WxH`).
    pub width: u32,
    /// Rows of tiles.
    pub height: u32,
    /// Labels for the inner edges.
    pub colours: u32,
    /// The label of the board's outer edges, so the puzzle has a frame;
    /// `None`: outer edges take inner colours too.
    pub border: Option<String>,
    /// Labels of their own for the edges between two frame tiles (as in
    /// Eternity II and the `em_N_B_C` benchmarks); `None`: those edges
    /// take inner colours. Needs `border`.
    pub frame_colours: Option<u32>,
    /// Tiles fixed in place where the planted solution has them.
    pub clues: u32,
    /// The random draws' seed: the same seed gives the same file on
    /// every platform.
    pub seed: u64,
}

/// The colour names: a, b, …, z, then c27, c28, … for inner edges (A,
/// B, …, Z, then F27, … for frame edges: `first` is b'a' or b'A'); never
/// the border label.
fn colour_names(n: u32, first: u8, border: Option<&str>) -> Vec<String> {
    let mut out = Vec::with_capacity(n as usize);
    let mut k = 0u32;
    while out.len() < n as usize {
        let name = match (k < 26, first) {
            (true, _) => char::from(first + k as u8).to_string(),
            (false, b'a') => format!("c{}", k + 1),
            (false, _) => format!("F{}", k + 1),
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
    let mut planted = plant(&grid, w, h, &mut rng);
    let order = shuffled(planted.len(), &mut rng);
    choose_clues(&mut planted, spec.clues, &mut rng);
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
///
/// With frame colours, an edge between two frame tiles (along the rim)
/// draws from those instead.
fn colour_grid(spec: &EdgeSpec, rng: &mut Rng) -> Grid {
    let (w, h) = (spec.width as usize, spec.height as usize);
    let border = spec.border.as_deref();
    let inner = colour_names(spec.colours.max(1), b'a', border);
    let rim = spec
        .frame_colours
        .map(|n| colour_names(n.max(1), b'A', border));
    // What an edge gets: the border label on the outside, a rim colour
    // between two frame tiles, an inner colour elsewhere.
    let draw = |rng: &mut Rng, outside: bool, along_rim: bool| match (border, outside, &rim) {
        (Some(b), true, _) => b.to_string(),
        (_, _, Some(names)) if along_rim => names[rng.below(names.len())].clone(),
        _ => inner[rng.below(inner.len())].clone(),
    };
    let horizontal: Vec<Vec<String>> = (0..=h)
        .map(|y| {
            (0..w)
                .map(|x| draw(rng, y == 0 || y == h, x == 0 || x + 1 == w))
                .collect()
        })
        .collect();
    let vertical: Vec<Vec<String>> = (0..h)
        .map(|y| {
            (0..=w)
                .map(|x| draw(rng, x == 0 || x == w, y == 0 || y + 1 == h))
                .collect()
        })
        .collect();
    Grid {
        horizontal,
        vertical,
    }
}

/// A listed tile: its edges as listed, how many tiles it stands for, and
/// where it is fixed (x, y, quarter turns) when it is a clue.
struct Entry {
    edges: [String; 4],
    count: u32,
    clue: Option<(usize, usize, u8)>,
}

/// A planted tile: its place, its edges as listed in the file, the
/// quarter turns that bring them to how it lies in the planted solution,
/// and whether it is given as a clue.
struct Planted {
    x: usize,
    y: usize,
    listed: [String; 4],
    turns: u8,
    clue: bool,
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
                x,
                y,
                listed: turned(&lying, (4 - turns) % 4),
                turns,
                clue: false,
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

/// Marks `k` planted tiles, drawn at random, as clues (all of them when
/// `k` is larger). Draws nothing when `k` is 0, so files without clues
/// stay as they were.
fn choose_clues(planted: &mut [Planted], k: u32, rng: &mut Rng) {
    let mut left: Vec<usize> = (0..planted.len()).collect();
    for _ in 0..(k as usize).min(planted.len()) {
        let i = left.swap_remove(rng.below(left.len()));
        planted[i].clue = true;
    }
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
        let found = entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.clue.is_none() && !p.clue)
            .find_map(|(e, entry)| {
                (0..4u8)
                    .find(|&r| turned(&entry.edges, r) == p.listed)
                    .map(|r| (e, r))
            });
        match found {
            Some((e, r)) => {
                entries[e].count += 1;
                entry_of[i] = (e, (r + p.turns) % 4);
            }
            None => {
                entry_of[i] = (entries.len(), p.turns);
                entries.push(Entry {
                    edges: p.listed.clone(),
                    count: 1,
                    clue: p.clue.then_some((p.x, p.y, p.turns)),
                });
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
    let mut args = String::new();
    if let Some(b) = &spec.border {
        let _ = write!(args, " --border {b}");
    }
    if let Some(f) = spec.frame_colours {
        let _ = write!(args, " --frame-colours {f}");
    }
    if spec.clues > 0 {
        let _ = write!(args, " --clues {}", spec.clues);
    }
    let _ = writeln!(
        out,
        "# Generated by `jigsat generate edges --size {w}x{h} --colours {}{args} --seed {}`.",
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
            "edges {w}x{h}, {}{} colours, seed {}",
            spec.frame_colours
                .map_or(String::new(), |f| format!("{f} frame + ")),
            spec.colours,
            spec.seed
        ))
    );
    let _ = writeln!(out, "\n[board]\nsize = [{w}, {h}]\n\n[rules]");
    let _ = writeln!(out, "match = \"equal\"");
    if let Some(b) = &spec.border {
        let _ = writeln!(out, "border = {}", quote(b));
    }
    for (e, entry) in entries.iter().enumerate() {
        let labels: Vec<String> = entry.edges.iter().map(|l| quote(l)).collect();
        let _ = writeln!(
            out,
            "\n[[tile]]\nname = \"{}\"\nedges = [{}]",
            e + 1,
            labels.join(", ")
        );
        if entry.count > 1 {
            let _ = writeln!(out, "count = {}", entry.count);
        }
        if let Some((x, y, turns)) = entry.clue {
            let _ = writeln!(out, "at = [{x}, {y}]\nrotation = {turns}");
        }
    }
}
