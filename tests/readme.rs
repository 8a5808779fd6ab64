//! README.md's "As a library" example is the doctest of `jigsat::api`
//! (src/api/mod.rs), which `cargo test --doc` runs: this keeps the two the
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
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api/mod.rs"))
            .expect("src/api/mod.rs");
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
