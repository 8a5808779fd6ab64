//! An edge-matching solution checker written apart from jigsat: it reads
//! the puzzle file with `toml` and the solution from jigsat's JSON, and
//! checks the rules from first principles, clues included.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

/// What a checker needs of a tile puzzle file, read with `toml` directly.
pub struct Tiles {
    pub width: i64,
    pub height: i64,
    pub complement: bool,
    pub border: Option<String>,
    pub turns: bool,
    /// name -> (listed edges, count)
    pub tiles: HashMap<String, (Vec<String>, u64)>,
    /// name -> (x, y, rotation) of the tiles fixed in place (clues).
    pub fixed: HashMap<String, (i64, i64, u64)>,
}

pub fn read_tiles(path: &Path) -> Tiles {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: toml::Value = toml::from_str(&text).unwrap();
    let size = doc["board"]["size"].as_array().unwrap();
    let rules = doc.get("rules");
    let rule = |k: &str| rules.and_then(|r| r.get(k)).and_then(|v| v.as_str());
    let tiles = doc["tile"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let edges = t["edges"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap().to_string())
                .collect();
            let count = t.get("count").map_or(1, |c| c.as_integer().unwrap() as u64);
            (t["name"].as_str().unwrap().to_string(), (edges, count))
        })
        .collect();
    let fixed = doc["tile"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| {
            let at = t.get("at")?.as_array()?;
            let r = t.get("rotation").map_or(0, |r| r.as_integer().unwrap());
            Some((
                t["name"].as_str().unwrap().to_string(),
                (
                    at[0].as_integer().unwrap(),
                    at[1].as_integer().unwrap(),
                    r as u64,
                ),
            ))
        })
        .collect();
    Tiles {
        fixed,
        width: size[0].as_integer().unwrap(),
        height: size[1].as_integer().unwrap(),
        complement: rule("match") == Some("complement"),
        border: rule("border").map(str::to_string),
        turns: rule("rotations") != Some("none"),
        tiles,
    }
}

/// A tile's listed edges (top, right, bottom, left) as they lie after `r`
/// quarter turns clockwise: the top then shows what was on the left.
pub fn turned(listed: &[String], r: u64) -> Vec<String> {
    (0..4)
        .map(|d| listed[(d + 4 - r as usize) % 4].clone())
        .collect()
}

pub fn partner(label: &str, complement: bool) -> String {
    if !complement {
        return label.to_string();
    }
    match label.strip_suffix('+') {
        Some(stem) => format!("{stem}-"),
        None => format!("{}+", label.strip_suffix('-').unwrap()),
    }
}

/// Position -> (tile name, rotation, edges as they lie).
pub type Layout = HashMap<(i64, i64), (String, u64, Vec<String>)>;

pub fn layout(solution: &Value) -> Layout {
    solution["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let at = t["at"].as_array().unwrap();
            let edges = t["edges"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap().to_string())
                .collect();
            (
                (at[0].as_i64().unwrap(), at[1].as_i64().unwrap()),
                (
                    t["tile"].as_str().unwrap().to_string(),
                    t["rotation"].as_u64().unwrap(),
                    edges,
                ),
            )
        })
        .collect()
}

/// The rules, checked independently of jigsat.
pub fn check(puzzle: &Tiles, solution: &Value) {
    let lay = layout(solution);
    assert_eq!(
        lay.len() as i64,
        puzzle.width * puzzle.height,
        "one tile per position"
    );
    let mut used: HashMap<&str, u64> = HashMap::new();
    for (&(x, y), (name, rotation, edges)) in &lay {
        assert!((0..puzzle.width).contains(&x) && (0..puzzle.height).contains(&y));
        *used.entry(name.as_str()).or_default() += 1;
        let (listed, _) = &puzzle.tiles[name];
        assert!(*rotation < 4 && (puzzle.turns || *rotation == 0));
        assert_eq!(
            edges,
            &turned(listed, *rotation),
            "tile {name} turned {rotation} times"
        );
        let steps = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        for (d, (dx, dy)) in steps.into_iter().enumerate() {
            match lay.get(&(x + dx, y + dy)) {
                None => {
                    if let Some(b) = &puzzle.border {
                        assert_eq!(&edges[d], b, "frame edge of {name} at ({x}, {y})");
                    }
                }
                Some((_, _, other)) => {
                    assert_eq!(
                        partner(&edges[d], puzzle.complement),
                        other[(d + 2) % 4],
                        "edge {d} of {name} at ({x}, {y})"
                    );
                    assert_ne!(Some(&edges[d]), puzzle.border.as_ref());
                }
            }
        }
    }
    for (name, (_, count)) in &puzzle.tiles {
        assert_eq!(
            used.get(name.as_str()).copied().unwrap_or(0),
            *count,
            "{name}"
        );
    }
    for (name, &(x, y, r)) in &puzzle.fixed {
        let (there, _, edges) = &lay[&(x, y)];
        let want = turned(&puzzle.tiles[name].0, r);
        assert_eq!((there, edges), (name, &want), "clue {name} at ({x}, {y})");
    }
}
