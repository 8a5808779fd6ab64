//! Framed tile sets that counting proves impossible (issue 39): exit 1 at
//! once with the reason, before any search. Each board is a generated
//! puzzle (a planted solution, so solvable) with one label changed.

mod common;

use std::path::PathBuf;

use common::jigsat;

/// A generated framed board, its tiles as TOML values, and where it is.
struct Board {
    dir: tempfile::TempDir,
    doc: toml::Value,
}

impl Board {
    fn generated(args: &[&str]) -> Board {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.toml");
        let mut all = vec!["generate", "edges", "--border", "0"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["-o", path.to_str().unwrap()]);
        let out = jigsat().args(&all).output().unwrap();
        assert!(out.status.success());
        let doc = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        Board { dir, doc }
    }

    fn edges(&mut self, tile: usize) -> &mut Vec<toml::Value> {
        self.doc["tile"].as_array_mut().unwrap()[tile]["edges"]
            .as_array_mut()
            .unwrap()
    }

    /// The first tile with `borders` border labels.
    fn with_borders(&mut self, borders: usize) -> usize {
        let tiles = self.doc["tile"].as_array().unwrap();
        tiles
            .iter()
            .position(|t| {
                let e = t["edges"].as_array().unwrap();
                e.iter().filter(|l| l.as_str() == Some("0")).count() == borders
            })
            .unwrap()
    }

    fn write(&self) -> PathBuf {
        let path = self.dir.path().join("changed.toml");
        std::fs::write(&path, toml::to_string(&self.doc).unwrap()).unwrap();
        path
    }
}

/// `solve` and `solve --best` on the changed board: exit 1, the reason on
/// stderr.
fn refuted(board: &Board, reason: &[&str]) {
    let path = board.write();
    for best in [false, true] {
        let mut cmd = jigsat();
        cmd.args(["solve", path.to_str().unwrap(), "--time-limit", "60"]);
        if best {
            cmd.arg("--best");
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "--best {best}: {stderr}");
        for r in reason {
            assert!(stderr.contains(r), "--best {best}: {r:?} not in {stderr}");
        }
    }
}

/// One inner tile's label changed to another inner colour: two inner
/// colours now show an odd number of times on the inner tiles.
#[test]
fn an_odd_inner_colour_is_refused_with_the_colour() {
    let mut board = Board::generated(&["--size", "6x6", "--colours", "5", "--seed", "3"]);
    let inner = board.with_borders(0);
    let edges = board.edges(inner);
    let old = edges[0].as_str().unwrap().to_string();
    let new = if old == "a" { "b" } else { "a" };
    edges[0] = toml::Value::String(new.into());
    refuted(
        &board,
        &["an odd number", "inner tiles", "cannot all pair up"],
    );
}

/// A corner tile made an edge tile: three corners cannot close the frame.
#[test]
fn a_frame_that_cannot_close_is_refused() {
    let mut board = Board::generated(&["--size", "5x5", "--colours", "4", "--seed", "2"]);
    let corner = board.with_borders(2);
    let edges = board.edges(corner);
    let d = edges.iter().position(|l| l.as_str() == Some("0")).unwrap();
    edges[d] = toml::Value::String("a".into());
    refuted(
        &board,
        &[
            "3 corner tiles",
            "4 corner positions",
            "13 edge tiles",
            "12 edge positions",
        ],
    );
}

/// An edge tile's side along the frame changed to a frame colour of its
/// own: that colour and the one it replaced are odd along the frame.
#[test]
fn an_odd_frame_colour_is_refused() {
    let mut board = Board::generated(&[
        "--size",
        "6x6",
        "--frame-colours",
        "2",
        "--colours",
        "4",
        "--seed",
        "5",
    ]);
    let side = board.with_borders(1);
    let edges = board.edges(side);
    let b = edges.iter().position(|l| l.as_str() == Some("0")).unwrap();
    edges[(b + 1) % 4] = toml::Value::String("Z".into());
    refuted(&board, &["along the frame", "an odd number"]);
}
