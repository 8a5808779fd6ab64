//! Orientation and placement counts against published figures.

use jigsat::internal::{Placements, Puzzle};

fn load(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    Puzzle::load(&path).expect("puzzle file loads")
}

fn counts(puzzle: &Puzzle) -> Vec<(String, usize, usize)> {
    let placements = Placements::generate(puzzle).unwrap();
    puzzle
        .pieces()
        .iter()
        .enumerate()
        .map(|(p, piece)| {
            (
                piece.name.clone(),
                placements.orientations[p].len(),
                placements.count_for(p),
            )
        })
        .collect()
}

#[test]
fn y_pentacube_has_24_orientations_and_960_placements() {
    let c = counts(&load("y25.toml"));
    assert_eq!(c, vec![("Y".to_string(), 24, 960)]);
}

#[test]
fn twelve_pentominoes_have_2056_placements_in_6x10() {
    let puzzle = load("pentomino-6x10.toml");
    let c = counts(&puzzle);
    let orientations: Vec<usize> = c.iter().map(|(_, o, _)| *o).collect();
    // F I L N P T U V W X Y Z, turned over allowed.
    assert_eq!(orientations, vec![8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert_eq!(c.iter().map(|(_, _, p)| p).sum::<usize>(), 2056);
}

#[test]
fn soma_pieces() {
    let c = counts(&load("soma.toml"));
    let orientations: Vec<(&str, usize)> = c.iter().map(|(n, o, _)| (n.as_str(), *o)).collect();
    assert_eq!(
        orientations,
        vec![
            ("V", 12),
            ("L", 24),
            ("T", 12),
            ("Z", 12),
            ("A", 12),
            ("B", 12),
            ("P", 8)
        ]
    );
    // Knuth's figure for the Soma cube: 688 placements in all.
    assert_eq!(c.iter().map(|(_, _, p)| p).sum::<usize>(), 688);
}

#[test]
fn one_sided_and_fixed_pieces() {
    let text = r#"
        [board]
        size = [10, 6]
        [rules]
        rotations = "plane"
        [[piece]]
        name = "F"
        shape = """
        .##
        ##.
        .#.
        """
        [[piece]]
        name = "L"
        rotations = "none"
        shape = """
        ####
        #...
        """
        [[piece]]
        name = "N"
        mirror = true
        shape = """
        ##..
        .###
        """
    "#;
    let puzzle = Puzzle::parse(text, "inline.toml", "inline").unwrap();
    let c = counts(&puzzle);
    assert_eq!(c[0].1, 4, "one-sided F");
    assert_eq!(c[1].1, 1, "fixed L");
    assert_eq!(c[1].2, 7 * 5, "fixed L slides 7 across and 5 down");
    assert_eq!(c[2].1, 8, "one-sided N with mirror allowed");
}

#[test]
fn boards_with_holes_leave_holes_uncovered() {
    let puzzle = load("pentomino-8x8-hole.toml");
    assert_eq!(puzzle.board.len(), 60);
    let placements = Placements::generate(&puzzle).unwrap();
    let centre: Vec<u32> = [(3, 3), (4, 3), (3, 4), (4, 4)]
        .iter()
        .map(|&(x, y)| jigsat::internal::geometry::Cell::new(x, y, 0))
        .filter_map(|c| puzzle.board.index(c))
        .collect();
    assert!(centre.is_empty(), "the hole is not part of the board");
    for pl in &placements.all {
        assert_eq!(pl.cells.len(), 5);
    }
}

/// The memory estimate counts anchors from bounding boxes: exactly the
/// placements on a solid box, at least as many on a board with holes.
#[test]
fn the_placement_estimate_is_exact_on_boxes_and_never_short() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let puzzle = Puzzle::load(&entry.unwrap().path()).unwrap();
        if puzzle.pieces().is_empty() {
            continue;
        }
        let placements = Placements::generate(&puzzle).unwrap();
        let estimate = jigsat::internal::family::packing::placement::footprint(
            &puzzle.board,
            &placements.orientations,
        );
        let actual = placements.all.len() as u64;
        let solid = puzzle.board.len() as i64
            == puzzle
                .board
                .extent()
                .iter()
                .map(|&e| i64::from(e))
                .product::<i64>();
        if solid {
            assert_eq!(estimate.placements, actual, "{}", puzzle.name);
        } else {
            assert!(estimate.placements >= actual, "{}", puzzle.name);
        }
        assert!(estimate.bytes < jigsat::internal::process::budget::limit());
        seen += 1;
    }
    assert!(seen >= 5, "the packing puzzles were read");
}
