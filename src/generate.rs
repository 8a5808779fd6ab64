//! Puzzle generators, for tests and benchmarks.
//!
//! [`edges`] plants a solution: it colours every edge of a W x H grid at
//! random, cuts the grid into tiles, turns each tile at random and shuffles
//! them. The puzzle therefore has at least the planted solution, which the
//! file records in comments. A tiny seeded PRNG (SplitMix64) keeps the
//! output the same for the same seed on every platform and version, which
//! no dependency would promise.

use std::fmt::Write;

use crate::edges::turned;

/// SplitMix64 (Steele, Lea and Flood 2014): 64 bits of state, good enough
/// for shuffling, and stable.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

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
pub fn edges(spec: &EdgeSpec) -> String {
    let (w, h) = (spec.width as usize, spec.height as usize);
    let names = colour_names(spec.colours.max(1), spec.border.as_deref());
    let mut rng = Rng::new(spec.seed);
    let pick = |rng: &mut Rng| names[rng.below(names.len())].clone();
    // horizontal[y][x]: the edge above row y (y = 0 and y = h are frame);
    // vertical[y][x]: the edge left of column x (x = 0 and x = w are frame).
    let frame_or = |rng: &mut Rng, frame: bool| match (&spec.border, frame) {
        (Some(b), true) => b.clone(),
        _ => pick(rng),
    };
    let horizontal: Vec<Vec<String>> = (0..=h)
        .map(|y| {
            (0..w)
                .map(|_| frame_or(&mut rng, y == 0 || y == h))
                .collect()
        })
        .collect();
    let vertical: Vec<Vec<String>> = (0..h)
        .map(|_| {
            (0..=w)
                .map(|x| frame_or(&mut rng, x == 0 || x == w))
                .collect()
        })
        .collect();
    // The planted tiles, as they lie, then as listed (turned back).
    struct Planted {
        y: usize,
        listed: [String; 4],
        turns: u8,
    }
    let mut planted: Vec<Planted> = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let lying = [
                horizontal[y][x].clone(),
                vertical[y][x + 1].clone(),
                horizontal[y + 1][x].clone(),
                vertical[y][x].clone(),
            ];
            let turns = rng.below(4) as u8;
            planted.push(Planted {
                y,
                listed: turned(&lying, (4 - turns) % 4),
                turns,
            });
        }
    }
    // Shuffle (Fisher-Yates) the order in which tiles are listed.
    let mut order: Vec<usize> = (0..planted.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    // Identical tiles (equal up to a turn) are one entry with a count.
    let mut entries: Vec<([String; 4], u32)> = Vec::new();
    let mut entry_of = vec![(0usize, 0u8); planted.len()];
    for &i in &order {
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

    let mut out = String::new();
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
    out
}
