//! README.md's "As a library" example is the doctest of `jigsat::api`
//! (crates/jigsat/src/api/mod.rs), which `cargo test --doc` runs: this keeps the two the
//! same, so the README's code is tested. (Its "Python" section is tested
//! by python/tests/test_readme.py.)

use std::path::Path;

/// The first ```rust block after `## TITLE` in README.md.
fn readme_block(title: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let start = text
        .find(&format!("\n## {title}\n"))
        .unwrap_or_else(|| panic!("README.md has no section {title}"));
    let block = &text[start..];
    let open = block.find("```rust\n").expect("a ```rust block") + "```rust\n".len();
    let close = block[open..].find("```").expect("the block's end");
    block[open..open + close].to_string()
}

/// The first ``` block of src/api/mod.rs's module documentation.
fn api_doctest() -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/jigsat/src/api/mod.rs"),
    )
    .expect("crates/jigsat/src/api/mod.rs");
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| {
            l.strip_prefix("//! ")
                .unwrap_or(l.trim_start_matches("//!"))
        })
        .collect();
    let open = lines.iter().position(|l| *l == "```").expect("a doctest") + 1;
    let close = open + lines[open..].iter().position(|l| *l == "```").unwrap();
    lines[open..close]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_readme_library_example_is_the_api_doctest() {
    let readme = readme_block("As a library");
    assert!(readme.contains("Puzzle::from_file"));
    assert_eq!(readme, api_doctest());
}

/// The sentences of `text` that speak of BurrTools' solutions (the
/// assemblies that come apart).
fn on_burrtools_solutions(text: &str) -> Vec<String> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.split(". ")
        .filter(|s| s.contains("BurrTools' solutions") || s.contains("BurrTools' \"solutions\""))
        .map(str::to_string)
        .collect()
}

/// `count --help` and the manual's "BurrTools files" (docs/guide.md, once
/// README.md's) once said that the
/// disassembly is not checked and that no figure is BurrTools'
/// solutions; `count --disassemble` gives that figure. Each sentence on
/// BurrTools' solutions names `--disassemble`, and the one thing not
/// checked again is said to be the moves.
#[test]
fn the_help_and_readme_say_what_the_disassembly_gives() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .args(["count", "--help"])
        .output()
        .expect("jigsat count --help");
    let help = String::from_utf8(help.stdout).unwrap();
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .expect("docs/guide.md");
    let start = readme.find("\n### BurrTools files\n").expect("the section");
    let end = start + 1 + readme[start + 1..].find("\n### ").unwrap();
    for (what, text) in [
        ("count --help", help.as_str()),
        ("docs/guide.md", &readme[start..end]),
    ] {
        let sentences = on_burrtools_solutions(text);
        assert!(!sentences.is_empty(), "{what} no longer speaks of them");
        for s in &sentences {
            assert!(s.contains("--disassemble"), "{what}: {s}");
            assert!(!s.contains("no figure"), "{what}: {s}");
        }
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!flat.contains("is not checked, so"), "{what}");
        assert!(flat.contains("moves that take it apart"), "{what}");
    }
}
