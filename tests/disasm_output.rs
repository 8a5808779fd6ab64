//! What `disasm` and `--disassemble` say around the disassembly itself:
//! a `--solution N` past the last assembly is a bad argument (exit 2,
//! saying how many there are), and the JSON documents keep the order of
//! keys docs/puzzle-format.md gives (they came out alphabetical once the
//! disassembly's fields were added).

mod common;

use std::path::{Path, PathBuf};

use common::{assert_success, jigsat};

/// A small puzzle in space: a 2x2x2 box of two L-trominoes and a domino,
/// a few assemblies, each quick to take apart.
const SMALL_BOX: &str = r#"name = "small box"
[board]
size = [2, 2, 2]

[[piece]]
name = "L"
count = 2
shape = """
##
#.
"""

[[piece]]
name = "d"
shape = """
##
"""
"#;

fn small_box(dir: &Path) -> PathBuf {
    let path = dir.join("small-box.toml");
    std::fs::write(&path, SMALL_BOX).unwrap();
    path
}

/// `jigsat ARGS`' standard output; asserts exit 0.
fn stdout_of(args: &[&str]) -> String {
    let out = jigsat().args(args).output().unwrap();
    assert_success(&out);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_solution_number_past_the_last_assembly_is_a_bad_argument() {
    let dir = tempfile::tempdir().unwrap();
    let file = small_box(dir.path());
    let file = file.to_str().unwrap();
    let counted: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", file, "--format", "json", "-q"])).unwrap();
    let assemblies = counted["distinct"].as_u64().unwrap();
    assert!(assemblies > 1, "{counted}");
    // The last one is taken apart; one past it is refused, saying how
    // many there are.
    stdout_of(&["disasm", file, "--solution", &assemblies.to_string(), "-q"]);
    let past = (assemblies + 1).to_string();
    let out = jigsat()
        .args(["disasm", file, "--solution", &past, "-q"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(file), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "--solution {past}: the puzzle has {assemblies} assemblies"
        )),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

/// Every object key of a JSON text, with the path of the object it is
/// in (`solutions[].moves[]`, "" for the outermost), in the order
/// written. The text need not be valid JSON: the documentation's
/// examples hold `...` and `//` comments.
fn keys_in_order(text: &str) -> Vec<(String, String)> {
    let mut keys = Vec::new();
    let mut open: Vec<String> = vec![String::new()];
    let mut key: Option<String> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => s.extend(chars.next()),
                        '"' => break,
                        _ => s.push(c),
                    }
                }
                while chars.next_if(|c| c.is_whitespace()).is_some() {}
                if chars.peek() == Some(&':') {
                    keys.push((open.last().unwrap().clone(), s.clone()));
                    key = Some(s);
                }
            }
            '{' | '[' => {
                let mut path = open.last().unwrap().clone();
                if let Some(k) = key.take() {
                    path = if path.is_empty() {
                        k
                    } else {
                        format!("{path}.{k}")
                    };
                }
                if c == '[' {
                    path.push_str("[]");
                }
                open.push(path);
            }
            '}' | ']' => {
                open.pop();
                key = None;
            }
            ',' => key = None,
            '/' if chars.peek() == Some(&'/') => while chars.next_if(|&c| c != '\n').is_some() {},
            _ => {}
        }
    }
    keys
}

/// The keys of the objects at `path`, each once, in the order first
/// written.
fn keys_at(keys: &[(String, String)], path: &str) -> Vec<String> {
    let mut at: Vec<String> = Vec::new();
    for (p, k) in keys {
        if p == path && !at.contains(k) {
            at.push(k.clone());
        }
    }
    at
}

/// Whether `wanted` comes in `got` in the same order (other keys may
/// come between).
fn in_order(wanted: &[String], got: &[String]) -> bool {
    let mut rest = got.iter();
    wanted.iter().all(|w| rest.any(|g| g == w))
}

fn puzzle_format() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/puzzle-format.md"))
        .unwrap()
}

/// The document's keys as docs/puzzle-format.md lists them ("the
/// document is `puzzle`, `solutions`, ... in that order"), then the
/// summary it places after `stats`.
fn documented_top_level(doc: &str) -> Vec<String> {
    let start = doc
        .find("the document is")
        .expect("the sentence giving the order");
    let end = start + doc[start..].find("in that order").unwrap();
    let mut keys: Vec<String> = doc[start..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    assert!(
        doc.contains("`disassembly`, after `stats`"),
        "where the summary goes"
    );
    keys.push("disassembly".into());
    keys
}

/// The ```json block of docs/puzzle-format.md that shows the
/// disassembly's fields, as one object.
fn documented_disassembly(doc: &str) -> String {
    let at = doc.find("With `--disassemble`").unwrap();
    let open = at + doc[at..].find("```json\n").unwrap() + "```json\n".len();
    let close = open + doc[open..].find("```").unwrap();
    format!("{{{}}}", &doc[open..close])
}

/// Asserts that each object of the documented example has its keys in
/// the documented order in `output` too.
fn assert_documented_order(doc: &str, output: &str, what: &str) {
    let example = keys_in_order(&documented_disassembly(doc));
    let got = keys_in_order(output);
    let mut paths: Vec<&String> = example.iter().map(|(p, _)| p).collect();
    paths.dedup();
    // A level's key is a figure, not a field.
    for path in paths.into_iter().filter(|p| !p.ends_with("levels")) {
        let (wanted, found) = (keys_at(&example, path), keys_at(&got, path));
        if found.is_empty() {
            continue;
        }
        assert!(
            in_order(&wanted, &found),
            "{what}: at `{path}` the doc gives {wanted:?}, the output {found:?}"
        );
    }
}

#[test]
fn the_disassembly_json_keeps_the_documented_order() {
    let doc = puzzle_format();
    let dir = tempfile::tempdir().unwrap();
    let file = small_box(dir.path());
    let file = file.to_str().unwrap();
    let count = stdout_of(&["count", file, "--disassemble", "--format", "json", "-q"]);
    let top = keys_at(&keys_in_order(&count), "");
    assert_eq!(top, documented_top_level(&doc), "count --disassemble");
    assert_documented_order(&doc, &count, "count --disassemble");
    let all = stdout_of(&["disasm", file, "--all", "--format", "json", "-q"]);
    let keys = keys_in_order(&all);
    assert!(!keys_at(&keys, "solutions[].moves[]").is_empty(), "{all}");
    assert_documented_order(&doc, &all, "disasm --all");
    let top = keys_at(&keys, "");
    assert!(
        in_order(&documented_top_level(&doc), &top),
        "disasm --all: {top:?}"
    );
}

#[test]
fn the_key_reader_reads_the_documented_example() {
    let keys = keys_in_order(&documented_disassembly(&puzzle_format()));
    assert_eq!(
        keys_at(&keys, "solutions[].moves[]"),
        ["pieces", "direction", "distance", "separates"]
    );
    assert_eq!(
        keys_at(&keys, "disassembly"),
        ["assemblies", "come_apart", "levels", "partial"]
    );
    assert_eq!(keys_at(&keys, ""), ["solutions", "disassembly"]);
}
