//! Pictures on every grid: each (grid, format) pair either draws the
//! grid's own cells or is refused with exit 2 naming the formats the grid
//! has — never a picture of cubes standing in for balls or triangles.
//!
//! - STL of prisms and balls: every piece file is closed (every edge
//!   shared by exactly two triangles, once each way) and holds its
//!   volume: prisms exactly, balls joined by necks within the sampling's
//!   error (the volumes worked out here from the shapes, not from
//!   jigsat's mesher).
//! - The HTML page of balls and prisms carries one ball or prism a cell,
//!   in its piece's colour, and the script that draws them; a flat grid's
//!   page holds its polygons.
//! - The SVG of balls and prisms draws each layer from above, one disc or
//!   triangle a cell in its piece's group (and the assembled solid).
//! - STL of flat grids: refused.
//! - The tetrahedra of BurrTools' rhombic and tetrahedral-octahedral
//!   grids: STL closed and of their cells' volume, the page carries each
//!   cell's corners, the SVG a group a piece, on a piece of each grid and
//!   on two files of the shelf (../shared/burrtools).
//!
//! The square and cube pictures have tests of their own (svg.rs, stl.rs,
//! browser.rs).

mod common;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use common::{jigsat, puzzle_path};
use serde_json::Value;

type V = [f32; 3];

/// A two-layer bar of 8 prisms (4 triangles by 2 layers) on BurrTools'
/// prism grid, filled by a tower of 4 prisms and two rhombi of 2.
const PRISMS: &str = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"1\"/><colors/>\
    <shapes><voxel x=\"4\" y=\"1\" z=\"2\" type=\"0\">########</voxel>\
    <voxel x=\"2\" y=\"1\" z=\"2\" type=\"0\">####</voxel>\
    <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel></shapes>\
    <problems><problem><shapes><shape id=\"1\" count=\"1\"/><shape id=\"2\" count=\"2\"/></shapes>\
    <result id=\"0\"/><bitmap/></problem></problems><comment/></puzzle>";

/// The prism puzzle written to a fresh directory.
fn prisms() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bar.xmpuzzle");
    std::fs::write(&path, PRISMS).unwrap();
    (dir, path)
}

/// `jigsat solve PATH --format FORMAT -o OUT` and more arguments.
fn solve(path: &Path, format: &str, out: &Path, extra: &[&str]) -> std::process::Output {
    jigsat()
        .arg("solve")
        .arg(path)
        .args(["-q", "--format", format, "-o"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

/// Each piece's STL file (not the assembly) of a solve into `dir/`.
fn pieces_stl(path: &Path, extra: &[&str]) -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let out = PathBuf::from(format!("{}/", dir.path().display()));
    common::assert_success(&solve(path, "stl", &out, extra));
    let mut files: Vec<PathBuf> = (std::fs::read_dir(dir.path()).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "assembly.stl")
        .collect();
    files.sort();
    (dir, files)
}

/// The triangles of a binary STL file.
fn read(path: &Path) -> Vec<[V; 3]> {
    let bytes = std::fs::read(path).unwrap();
    let n = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * n, "{}: size", path.display());
    let f = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    (0..n)
        .map(|i| [0, 1, 2].map(|k| [0, 1, 2].map(|a| f(84 + 50 * i + 12 + 12 * k + 4 * a))))
        .collect()
}

/// Every directed edge once and its reverse once, corners compared bit
/// for bit: closed, and every triangle turned the same way.
fn assert_closed(path: &Path, triangles: &[[V; 3]]) {
    let bits = |v: V| v.map(f32::to_bits);
    let mut edges: HashMap<([u32; 3], [u32; 3]), u32> = HashMap::new();
    for t in triangles {
        for i in 0..3 {
            *edges.entry((bits(t[i]), bits(t[(i + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1, "{}: an edge used {n} times one way", path.display());
        assert_eq!(edges.get(&(b, a)), Some(&1), "{}: open", path.display());
    }
}

/// The volume enclosed (positive when the triangles face out).
fn volume(triangles: &[[V; 3]]) -> f64 {
    (triangles.iter())
        .map(|t| {
            let [a, b, c] = t.map(|v| v.map(f64::from));
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

/// A prism: an equilateral triangle of side `unit` by `unit` high.
fn prism(unit: f64) -> f64 {
    3f64.sqrt() / 4.0 * unit.powi(3)
}

#[test]
fn prisms_print_as_closed_solids_of_their_volume() {
    let (_dir, path) = prisms();
    let (_out, files) = pieces_stl(&path, &["--gap", "0", "--unit", "10"]);
    let counts: Vec<f64> = (files.iter())
        .map(|f| {
            let t = read(f);
            assert_closed(f, &t);
            let n = volume(&t) / prism(10.0);
            assert!((n - n.round()).abs() < 1e-4, "{}: {n} prisms", f.display());
            let lowest = t.iter().flatten().map(|v| v[2]).fold(f32::MAX, f32::min);
            assert_eq!(lowest, 0.0, "{}: on the bed", f.display());
            n.round()
        })
        .collect();
    assert_eq!(counts, [4.0, 2.0, 2.0], "the tower and two rhombi");
    // A gap takes half of itself off every side the piece does not share:
    // less than the whole, more than every prism shrunk on all five sides.
    let (gap, unit) = (0.4, 10.0);
    let (_out, files) = pieces_stl(&path, &["--gap", "0.4", "--unit", "10"]);
    let inradius = unit / (2.0 * 3f64.sqrt());
    let shrunk = prism(unit) * (1.0 - gap / 2.0 / inradius).powi(2) * (1.0 - gap / unit);
    for (file, n) in files.iter().zip(&counts) {
        let t = read(file);
        assert_closed(file, &t);
        let v = volume(&t);
        assert!(
            v < n * prism(unit) && v > n * shrunk,
            "{}: {v}",
            file.display()
        );
    }
}

/// Balls of radius `r` with `links` necks of radius `neck` between
/// touching centres (one unit apart): each neck adds what lies outside
/// both balls, a cylinder less the two ends inside them.
fn balls(n: f64, links: f64, r: f64, neck: f64) -> f64 {
    use std::f64::consts::PI;
    let end = 2.0 * PI / 3.0 * (r.powi(3) - (r * r - neck * neck).powf(1.5));
    n * 4.0 / 3.0 * PI * r.powi(3) + links * (PI * neck * neck - 2.0 * end)
}

#[test]
fn balls_print_as_closed_solids_joined_by_necks() {
    // Four balls filled by one and a bent row of three: two necks (0.2
    // units) join the row into one solid; the balls' radius is 5 mm less
    // half the gap, so that the pieces do not touch and the assembly is
    // closed as a whole.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.toml");
    std::fs::write(
        &path,
        "name = \"row\"\n[board]\ngrid = \"spheres\"\n\
         cells = [[-1, -1, 0], [0, 0, 0], [1, 1, 0], [2, 1, 1]]\n\
         [[piece]]\nname = \"B\"\ncells = [[0, 0, 0]]\n\
         [[piece]]\nname = \"V\"\ncells = [[0, 0, 0], [1, 1, 0], [2, 1, 1]]\n",
    )
    .unwrap();
    let (out, files) = pieces_stl(&path, &["--gap", "1", "--unit", "10"]);
    let assembly = out.path().join("assembly.stl");
    let shells: Vec<usize> = (files.iter().chain([&assembly]))
        .map(|f| {
            let t = read(f);
            assert_closed(f, &t);
            shells(&t)
        })
        .collect();
    assert_eq!(shells, [1, 1, 2], "each piece one solid, necks and all");
    let expected = balls(4.0, 2.0, 0.45, 0.2) * 1000.0;
    let v = volume(&read(&assembly));
    assert!(
        (v - expected).abs() < 0.03 * expected,
        "{v} against {expected}"
    );
}

/// A BurrTools file of ../shared/burrtools, or `None` (with one line)
/// when it is not there; a failure if JIGSAT_REQUIRE_TOOLS=1 (as in
/// certify.rs).
fn shelf(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/burrtools")
        .join(name);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var("JIGSAT_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{} is missing and JIGSAT_REQUIRE_TOOLS=1", path.display());
    }
    eprintln!("skipped: {} is not there", path.display());
    None
}

/// The volume of a cell at BurrTools' voxel `v`, in units (see
/// geometry/picture.rs: rhombic dodecahedra's centres one unit apart, a
/// tetrahedron of the other grid one unit a side), worked out from the
/// shapes: a rhombic cell is a 24th of a cube of side 1/√2; the other
/// grid's cells are regular tetrahedra (√2/12) at a cube's corners and
/// eighths of octahedra (√2/3 / 8) elsewhere.
fn cell_volume(grid: u8, v: &[i64]) -> f64 {
    let root2 = std::f64::consts::SQRT_2;
    if grid == 3 {
        return (1.0 / root2).powi(3) / 24.0;
    }
    let corner = v.iter().all(|&x| {
        ((2 * x - 5) + 6).rem_euclid(12) - 6 == 3 || ((2 * x - 5) + 6).rem_euclid(12) - 6 == -3
    });
    if corner { root2 / 12.0 } else { root2 / 24.0 }
}

/// Each piece's volume in `path`'s first solution from its cells, in
/// mm³ for `unit`, sorted.
fn cell_volumes(path: &Path, grid: u8, unit: f64) -> Vec<f64> {
    let out = jigsat()
        .arg("solve")
        .arg(path)
        .args(["-q", "--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&out);
    let data: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut volumes: Vec<f64> = (data["solutions"][0]["pieces"].as_array().unwrap().iter())
        .map(|p| {
            (p["cells"].as_array().unwrap().iter())
                .map(|c| {
                    let v: Vec<i64> = c
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_i64().unwrap())
                        .collect();
                    cell_volume(grid, &v) * unit.powi(3)
                })
                .sum()
        })
        .collect();
    volumes.sort_by(f64::total_cmp);
    volumes
}

/// The area of a surface.
fn area(triangles: &[[V; 3]]) -> f64 {
    (triangles.iter())
        .map(|t| {
            let [a, b, c] = t.map(|v| v.map(f64::from));
            let (u, w) = (
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            let n = [
                u[1] * w[2] - u[2] * w[1],
                u[2] * w[0] - u[0] * w[2],
                u[0] * w[1] - u[1] * w[0],
            ];
            (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() / 2.0
        })
        .sum()
}

/// Ignored: a dozen solves, over a second in a debug build (CI runs it in
/// release with `--ignored`).
#[test]
#[ignore]
fn rhombic_and_tetra_octa_pieces_print_as_closed_solids_of_their_volume() {
    for (name, grid) in [
        ("DiagonalCube.xmpuzzle", 3),
        ("FourPieceTetrahedron.xmpuzzle", 4),
    ] {
        let Some(path) = shelf(name) else { continue };
        let want = cell_volumes(&path, grid, 10.0);
        let (_out, files) = pieces_stl(&path, &["--gap", "0", "--unit", "10"]);
        let mut whole: Vec<(f64, f64)> = (files.iter())
            .map(|f| {
                let t = read(f);
                assert_closed(f, &t);
                let on_bed = t
                    .iter()
                    .filter(|t| t.iter().all(|v| v[2].abs() < 1e-3))
                    .count();
                assert!(on_bed > 0, "{}: lies on a side", f.display());
                (volume(&t), area(&t))
            })
            .collect();
        let mut got: Vec<f64> = whole.iter().map(|w| w.0).collect();
        got.sort_by(f64::total_cmp);
        assert_eq!(got.len(), want.len(), "{name}: a file a piece");
        for (g, w) in got.iter().zip(&want) {
            assert!(
                (g - w).abs() < 1e-3 * w,
                "{name}: {g} mm³ against {w} from the cells"
            );
        }
        // A gap of 0.4 mm draws each side back by about 0.2 mm: each
        // piece loses about its area times 0.2 mm, and the pieces no
        // longer touch, so the assembly is closed too.
        let (out, files) = pieces_stl(&path, &["--gap", "0.4", "--unit", "10"]);
        let assembly = out.path().join("assembly.stl");
        assert_closed(&assembly, &read(&assembly));
        for (f, (v0, a0)) in files.iter().zip(whole.drain(..)) {
            let t = read(f);
            assert_closed(f, &t);
            let lost = (v0 - volume(&t)) / (a0 * 0.2);
            assert!((0.7..1.1).contains(&lost), "{}: {lost}", f.display());
        }
    }
}

/// How many separate surfaces the triangles make (joined by corners).
fn shells(triangles: &[[V; 3]]) -> usize {
    let mut index: HashMap<[u32; 3], usize> = HashMap::new();
    let mut parent: Vec<usize> = Vec::new();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for t in triangles {
        let ids = t.map(|v| {
            let n = index.len();
            *index.entry(v.map(f32::to_bits)).or_insert_with(|| {
                parent.push(n);
                n
            })
        });
        for id in &ids[1..] {
            let (a, b) = (root(&mut parent, ids[0]), root(&mut parent, *id));
            parent[a] = b;
        }
    }
    (0..parent.len())
        .filter(|&i| root(&mut parent, i) == i)
        .count()
}

/// The data a page carries.
fn page_data(html: &str) -> Value {
    let start = html.find("id=\"jigsat-data\">").unwrap() + "id=\"jigsat-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end].replace("<\\/", "</")).unwrap()
}

/// The page of `path`'s first solution.
fn page(path: &Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page.html");
    common::assert_success(&solve(path, "html", &out, &[]));
    std::fs::read_to_string(out).unwrap()
}

/// Each piece's cells and fill on a page, checking that every cell is
/// one of the lattice's (`is_cell`) and covered once.
fn cells_by_fill(data: &Value, is_cell: impl Fn(&[i64]) -> bool) -> Vec<(String, usize)> {
    let mut seen = HashSet::new();
    let pieces = data["solutions"][0]["pieces"].as_array().unwrap();
    (pieces.iter())
        .map(|p| {
            let cells = p["cells"].as_array().unwrap();
            for c in cells {
                let c: Vec<i64> = (c.as_array().unwrap().iter())
                    .map(|v| v.as_i64().unwrap())
                    .collect();
                assert!(is_cell(&c), "{c:?} is no cell of the grid");
                assert!(seen.insert(c), "a cell drawn twice");
            }
            let fill = p["fill"].as_str().unwrap().to_string();
            assert!(fill.len() == 7 && fill.starts_with('#'), "{fill}");
            (fill, cells.len())
        })
        .collect()
}

#[test]
fn the_page_draws_balls_and_prisms_from_their_cells() {
    let html = page(&puzzle_path("spheres-pyramid14.toml"));
    let data = page_data(&html);
    assert_eq!(data["solid"], "balls");
    let pieces = cells_by_fill(&data, |c| (c[0] + c[1] + c[2]) % 2 == 0);
    assert_eq!(
        pieces.iter().map(|p| p.1).sum::<usize>(),
        14,
        "a ball a cell"
    );
    assert!(pieces.iter().all(|p| p.1 == 2), "dominoes");
    assert!(
        html.contains("function drawSolids"),
        "the script that draws them"
    );

    let (_dir, path) = prisms();
    let html = page(&path);
    let data = page_data(&html);
    assert_eq!(data["solid"], "prisms");
    let kind = |v: i64| v.rem_euclid(3);
    let pieces = cells_by_fill(&data, |c| kind(c[0]) == kind(c[1]) && kind(c[0]) != 0);
    let mut sizes: Vec<usize> = pieces.iter().map(|p| p.1).collect();
    sizes.sort();
    assert_eq!(sizes, [2, 2, 4]);
    // The two rhombi touch the tower: three colours.
    let fills: HashSet<&String> = pieces.iter().map(|p| &p.0).collect();
    assert_eq!(fills.len(), 3);

    // One layer of prisms still turns in the hand.
    let one = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"1\"/><colors/>\
        <shapes><voxel x=\"4\" y=\"1\" z=\"1\" type=\"0\">####</voxel>\
        <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel></shapes><problems><problem>\
        <shapes><shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/><bitmap/></problem>\
        </problems><comment/></puzzle>";
    std::fs::write(&path, one).unwrap();
    let data = page_data(&page(&path));
    assert_eq!(
        (&data["kind"], &data["solid"]),
        (&"box".into(), &"prisms".into())
    );

    // Cubes are drawn as before, without the balls' and prisms' script.
    let soma = page(&puzzle_path("soma.toml"));
    assert!(page_data(&soma).get("solid").is_none());
    assert!(!soma.contains("function drawSolids"));
}

#[test]
fn a_flat_grids_page_shows_its_polygons() {
    // The board's cells, then each piece's: two polygons a cell.
    for (name, cells) in [
        ("hexiamonds-hexagon-nine.toml", 54),
        ("polyhexes-hexagon37.toml", 37),
        ("tetrasticks-5x5.toml", 60),
    ] {
        let html = page(&puzzle_path(name));
        assert_eq!(page_data(&html)["kind"], "flat", "{name}");
        assert_eq!(html.matches("<polygon").count(), 2 * cells, "{name}");
    }
}

#[test]
fn pictures_a_grid_has_not_are_refused() {
    let formats = "text, svg, html, json";
    let cases = ["hexiamonds-6x6", "polyhexes-hexagon37", "tetrasticks-5x5"];
    for name in cases {
        let path = puzzle_path(&format!("{name}.toml"));
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("x.stl");
        let output = solve(&path, "stl", &out, &[]);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(formats), "{name}: {err}");
        assert!(!out.exists(), "{name}: nothing written");
    }
}

/// The SVG of `path`'s first solution.
fn svg(path: &Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("picture.svg");
    common::assert_success(&solve(path, "svg", &out, &[]));
    std::fs::read_to_string(out).unwrap()
}

/// Each piece group's shapes (`<circle` or `<polygon`) and fills, in the
/// order the groups come.
fn groups(svg: &str, shape: &str) -> Vec<(usize, HashSet<String>)> {
    (svg.split("<g class=\"piece\"").skip(1))
        .map(|g| {
            let g = &g[..g.find("</g>").unwrap()];
            let fills = (g.split("fill=\"").skip(1))
                .map(|f| f[..f.find('"').unwrap()].to_string())
                .collect();
            (g.matches(shape).count(), fills)
        })
        .collect()
}

#[test]
fn the_svg_draws_balls_and_prisms_layer_by_layer() {
    // The pyramid's layers of 9, 4 and 1 balls hold 14 discs in piece
    // groups, each group in one colour; the assembled view 14 more.
    let picture = svg(&puzzle_path("spheres-pyramid14.toml"));
    let drawn = groups(&picture, "<circle");
    assert_eq!(drawn.iter().map(|g| g.0).sum::<usize>(), 14);
    assert!(drawn.iter().all(|g| g.1.len() == 1), "a colour a piece");
    assert_eq!(picture.matches("<circle").count(), 28);
    assert_eq!(picture.matches(">z=").count(), 3, "three layers");

    // The bar of prisms: two layers of 4 triangles.
    let (_dir, bar) = prisms();
    let picture = svg(&bar);
    let drawn = groups(&picture, "<polygon");
    assert_eq!(drawn.iter().map(|g| g.0).sum::<usize>(), 8);
    assert!(drawn.iter().all(|g| g.1.len() == 1), "a colour a piece");
    assert_eq!(picture.matches(">z=").count(), 2, "two layers");
}

#[test]
fn the_svg_of_balls_and_prisms_is_the_same_every_run() {
    // Depth ties and labels once followed a hash map's order, which
    // changes from process to process: three runs must print one file.
    let (_dir, bar) = prisms();
    for path in [puzzle_path("spheres-pyramid14.toml"), bar] {
        let first = svg(&path);
        for _ in 0..2 {
            assert!(svg(&path) == first, "{} drew differently", path.display());
        }
    }
}

/// A BurrTools puzzle on `grid` whose board is the one piece `cells`
/// (voxels), written to a fresh directory.
fn one_piece(grid: u8, cells: &[[usize; 3]]) -> (tempfile::TempDir, PathBuf) {
    let size = [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).max().unwrap() + 1);
    let mut text = vec!['_'; size[0] * size[1] * size[2]];
    for c in cells {
        text[c[0] + size[0] * (c[1] + size[1] * c[2])] = '#';
    }
    let voxel = format!(
        "<voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\">{}</voxel>",
        size[0],
        size[1],
        size[2],
        text.into_iter().collect::<String>()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.xmpuzzle");
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{grid}\"/><colors/>\
         <shapes>{voxel}{voxel}</shapes><problems><problem><shapes><shape id=\"1\" count=\"1\"/>\
         </shapes><result id=\"0\"/><bitmap/></problem></problems><comment/></puzzle>"
    );
    std::fs::write(&path, xml).unwrap();
    (dir, path)
}

/// Each cell of BurrTools' rhombic and tetrahedral-octahedral grids is
/// drawn as the tetrahedron it is, in every format, where before svg,
/// html and stl were refused: three tetrahedra of a rhombic cube, and a
/// whole octahedron (its eight eighths about a cube's centre).
#[test]
fn pictures_of_the_voxel_grids_draw_their_tetrahedra() {
    let root2 = std::f64::consts::SQRT_2;
    let octahedron: Vec<[usize; 3]> = (0..8)
        .map(|k| [0, 1, 2].map(|a| 2 + (k >> a & 1)))
        .collect();
    let cases = [
        (
            3,
            vec![[2, 1, 0], [1, 2, 0], [0, 2, 1]],
            3.0 / 24.0 / root2.powi(3),
        ),
        (4, octahedron, root2 / 3.0),
    ];
    for (grid, cells, units) in cases {
        let (dir, path) = one_piece(grid, &cells);
        let (_out, files) = pieces_stl(&path, &["--gap", "0", "--unit", "10"]);
        let t = read(&files[0]);
        assert_closed(&files[0], &t);
        let v = volume(&t) / 1000.0;
        assert!(
            (v - units).abs() < 1e-4,
            "grid {grid}: {v} units, not {units}"
        );

        let data = page_data(&page(&path));
        assert_eq!(data["solid"], "tetrahedra", "grid {grid}");
        let corners = &data["solutions"][0]["pieces"][0]["corners"];
        assert_eq!(
            corners.as_array().unwrap().len(),
            cells.len(),
            "grid {grid}"
        );

        let out = dir.path().join("picture.svg");
        common::assert_success(&solve(&path, "svg", &out, &[]));
        let picture = std::fs::read_to_string(out).unwrap();
        let drawn = groups(&picture, "<polygon");
        assert_eq!(drawn.len(), 1, "grid {grid}: the piece on its own");
        // An octahedron shows four faces from a corner; the three
        // tetrahedra, some of their 6 outer triangles.
        assert!(drawn[0].0 >= 3, "grid {grid}: {} faces", drawn[0].0);
    }
}

/// The tetrahedron's volume from its corners on a page (`unit` a step).
fn page_volume(corners: &Value, unit: f64) -> f64 {
    let t: Vec<[f64; 3]> = (corners.as_array().unwrap().iter())
        .map(|p| [0, 1, 2].map(|a| p[a].as_f64().unwrap() * unit))
        .collect();
    let d = |i: usize| [0, 1, 2].map(|a| t[i][a] - t[0][a]);
    let (u, v, w) = (d(1), d(2), d(3));
    (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
        + u[2] * (v[0] * w[1] - v[1] * w[0]))
        .abs()
        / 6.0
}

/// On DiagonalCube (rhombic) and FourPieceTetrahedron (tetrahedra and
/// octahedra): the page's corners make each piece's cells of their
/// volume, and the SVG has a group a piece, named, with its label.
/// Ignored as the one above.
#[test]
#[ignore]
fn the_page_and_the_svg_draw_rhombic_and_tetra_octa_pieces() {
    for (name, grid) in [
        ("DiagonalCube.xmpuzzle", 3),
        ("FourPieceTetrahedron.xmpuzzle", 4),
    ] {
        let Some(path) = shelf(name) else { continue };
        let want = cell_volumes(&path, grid, 1.0);
        let data = page_data(&page(&path));
        assert_eq!(data["solid"], "tetrahedra", "{name}");
        let unit = data["unit"].as_f64().unwrap();
        let pieces = data["solutions"][0]["pieces"].as_array().unwrap();
        let mut got: Vec<f64> = (pieces.iter())
            .map(|p| {
                let corners = p["corners"].as_array().unwrap();
                assert_eq!(corners.len(), p["cells"].as_array().unwrap().len());
                corners.iter().map(|t| page_volume(t, unit)).sum()
            })
            .collect();
        got.sort_by(f64::total_cmp);
        assert_eq!(got.len(), want.len(), "{name}");
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-9, "{name}: {g} against {w}");
        }

        let picture = svg(&path);
        let drawn = groups(&picture, "<polygon");
        assert_eq!(drawn.len(), pieces.len(), "{name}: a group a piece");
        assert!(drawn.iter().all(|g| g.0 > 0), "{name}: every piece drawn");
        // Each piece's group is named and labelled (the assembled view
        // may hide a piece inside).
        let named: Vec<&str> = (picture.split("<g class=\"piece\"").skip(1))
            .map(|g| &g[..g.find("</g>").unwrap()])
            .collect();
        for (p, group) in pieces.iter().zip(&named) {
            let piece = format!("data-piece=\"{}\"", p["name"].as_str().unwrap());
            let label = format!(">{}</text>", p["label"].as_str().unwrap());
            assert!(
                group.contains(&piece) && group.contains(&label),
                "{name}: {group}"
            );
        }
    }
}
