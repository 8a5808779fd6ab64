//! The two representations of Algorithm X (dancing links and bit vectors)
//! against each other and against brute force, and the drivers that split
//! the search.

use std::collections::BTreeSet;
use std::path::Path;

use jigsat::internal::cover::{Cover, Item, ItemKind};
use jigsat::internal::exact::bitx::BitX;
use jigsat::internal::exact::dlx::Dlx;
use jigsat::internal::exact::{self, Search};
use jigsat::internal::{Instance, Puzzle};
use proptest::prelude::*;

type Solutions = BTreeSet<Vec<u32>>;

/// Every solution (options sorted) and the search nodes visited.
fn solve(mut s: impl Search) -> (Solutions, u64) {
    let mut found = Solutions::new();
    exact::enumerate(&mut s, &mut |o| {
        let mut o = o.to_vec();
        o.sort_unstable();
        assert!(found.insert(o), "a solution came twice");
        true
    })
    .unwrap();
    (found, s.nodes())
}

fn puzzle(name: &str) -> Puzzle {
    Puzzle::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles")
            .join(name),
    )
    .unwrap()
}

/// The cover of a puzzle and the options its symmetry breaking forbids.
fn instance(name: &str, breaking: bool) -> (Cover, Vec<u32>) {
    let puzzle = puzzle(name);
    let instance = Instance::new(&puzzle).unwrap();
    let forbidden = instance
        .breaking(breaking)
        .map(|b| b.forbidden)
        .unwrap_or_default();
    (instance.cover().for_dlx().into_owned(), forbidden)
}

#[test]
fn both_representations_walk_the_same_tree_on_real_puzzles() {
    for (name, breaking) in [
        ("soma.toml", true),
        ("soma.toml", false),
        ("pentomino-3x20.toml", true),
        ("big-cats.toml", true),
        ("tetromino-4x5.toml", false),
    ] {
        let (cover, forbidden) = instance(name, breaking);
        let (links, links_nodes) = solve(Dlx::new(&cover, &forbidden).unwrap());
        let (bits, bits_nodes) = solve(BitX::new(&cover, &forbidden).unwrap());
        assert_eq!(links, bits, "{name}: same solutions");
        assert_eq!(links_nodes, bits_nodes, "{name}: same search nodes");
        assert!(links_nodes > 1, "{name}: a real search");
    }
}

#[test]
fn splitting_and_threads_find_the_same_solutions() {
    let (cover, forbidden) = instance("soma.toml", true);
    let (all, _) = solve(BitX::new(&cover, &forbidden).unwrap());
    assert_eq!(all.len(), 273, "soma under its counting breaking");
    let mut links = Dlx::new(&cover, &forbidden).unwrap();
    let mut bits = BitX::new(&cover, &forbidden).unwrap();
    for depth in [1, 2, 4] {
        // The subtrees' solutions plus those met while splitting are all.
        let met = std::sync::Mutex::new(Solutions::new());
        let note = |o: &[u32]| met.lock().unwrap().insert(o.to_vec());
        let paths = exact::split(&mut links, usize::MAX, depth, &note).unwrap();
        assert_eq!(
            paths,
            exact::split(&mut bits, usize::MAX, depth, &note).unwrap()
        );
        let mut found = met.into_inner().unwrap();
        for path in &paths {
            links.enter(path);
            let mut chosen = path.clone();
            exact::Search::search(&mut links, &mut chosen, &mut |o| {
                let mut o = o.to_vec();
                o.sort_unstable();
                assert!(found.insert(o), "subtrees overlap");
                true
            })
            .unwrap();
            links.leave(path);
        }
        let found: Solutions = found
            .into_iter()
            .map(|mut o| {
                o.sort_unstable();
                o
            })
            .collect();
        assert_eq!(found, all, "split at depth {depth}");
    }
    let parallel = std::sync::Mutex::new(Solutions::new());
    exact::enumerate_parallel(&mut bits, 2, &|o| {
        let mut o = o.to_vec();
        o.sort_unstable();
        parallel.lock().unwrap().insert(o)
    })
    .unwrap();
    assert_eq!(parallel.into_inner().unwrap(), all);
}

/// A cover with `items` items, the first `primary` of them exactly once
/// and the rest at most once.
fn cover(items: usize, primary: usize, options: Vec<Vec<u32>>) -> Cover {
    Cover {
        items: (0..items)
            .map(|i| Item {
                kind: ItemKind::Cell(i as u32),
                min: u32::from(i < primary),
                max: 1,
                implied: false,
            })
            .collect(),
        colours: vec![Vec::new(); options.len()],
        options,
        edges: 0,
        piece_labels: Vec::new(),
    }
}

/// Every subset of options covering the primary items exactly once and
/// the others at most once, options covering secondary items alone
/// included (a monomino of a `0..1` piece where holes are allowed: plain
/// Algorithm X never picks such an option, and the engines make it
/// reachable through a slack option, issue #35).
fn brute_force(items: usize, primary: usize, options: &[Vec<u32>]) -> Solutions {
    let mut found = Solutions::new();
    for mask in 0u32..1 << options.len() {
        let mut covered = vec![0; items];
        let chosen: Vec<u32> = (0..options.len() as u32)
            .filter(|o| mask >> o & 1 == 1)
            .collect();
        chosen.iter().for_each(|&o| {
            options[o as usize]
                .iter()
                .for_each(|&i| covered[i as usize] += 1)
        });
        if covered.iter().all(|&c| c <= 1) && covered[..primary].iter().all(|&c| c == 1) {
            found.insert(chosen);
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn both_representations_agree_with_brute_force(
        (items, primary, options) in (2usize..9).prop_flat_map(|items| (
            Just(items),
            0..=items,
            prop::collection::vec(
                prop::collection::btree_set(0..items as u32, 1..4)
                    .prop_map(|s| s.into_iter().collect::<Vec<u32>>()),
                0..13,
            ),
        ))
    ) {
        let cover = cover(items, primary, options.clone());
        let expected = brute_force(items, primary, &options);
        let (links, links_nodes) = solve(Dlx::new(&cover, &[]).unwrap());
        let (bits, bits_nodes) = solve(BitX::new(&cover, &[]).unwrap());
        prop_assert_eq!(&links, &expected);
        prop_assert_eq!(&bits, &expected);
        prop_assert_eq!(links_nodes, bits_nodes);
    }
}

/// A path through a forbidden option, or two options that clash, is a
/// caller's mistake that must end in a panic, never in undefined behaviour
/// (dancing links' inner loops index without bounds checks).
#[test]
fn entering_a_path_that_is_not_in_the_tree_panics() {
    // Items 0 and 1 exactly once; option 0 covers both, options 1 and 2 one
    // each, option 3 both again and is forbidden.
    let c = cover(2, 2, vec![vec![0, 1], vec![0], vec![1], vec![0, 1]]);
    let bad_paths: [&[u32]; 4] = [&[3], &[0, 1], &[1, 1], &[7]];
    for path in bad_paths {
        let mut links = Dlx::new(&c, &[3]).unwrap();
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| links.enter(path)));
        assert!(panicked.is_err(), "dancing links entered {path:?}");
        let mut bits = BitX::new(&c, &[3]).unwrap();
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bits.enter(path)));
        assert!(panicked.is_err(), "bit vectors entered {path:?}");
    }
    // A real path is still fine, and leaving it restores the root.
    let mut links = Dlx::new(&c, &[3]).unwrap();
    links.enter(&[1]);
    assert_eq!(links.branches(), Some(vec![2]));
    links.leave(&[1]);
    let mut all = Vec::new();
    exact::enumerate(&mut links, &mut |o: &[u32]| {
        all.push(o.to_vec());
        true
    })
    .unwrap();
    all.sort();
    assert_eq!(all, vec![vec![0], vec![1, 2]]);
}
