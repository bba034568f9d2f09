//! The workspace README's library example and `examples/readme.rs` are one program: the
//! example is compiled (and run by `cargo run -p sudoku-kit --example readme`), so the README
//! shows a program that compiles as pasted into a `main.rs`.

use std::path::Path;

const SECTION: &str = "## The libraries in one example";

/// The first ```rust block after the heading `section` of a Markdown text, without its fences.
fn rust_block<'a>(markdown: &'a str, section: &str) -> Result<&'a str, String> {
    let start = markdown
        .lines()
        .position(|line| line == section)
        .ok_or_else(|| format!("no heading {section:?}"))?;
    let mut lines = markdown.split_inclusive('\n').skip(start + 1);
    let offset = |line: &str| line.as_ptr() as usize - markdown.as_ptr() as usize;
    let open = lines
        .find(|line| line.starts_with("## ") || line.trim_end() == "```rust")
        .filter(|line| line.trim_end() == "```rust")
        .ok_or_else(|| format!("no ```rust block in {section:?}"))?;
    let body = offset(open) + open.len();
    let close = lines
        .find(|line| line.trim_end() == "```")
        .ok_or_else(|| format!("the ```rust block of {section:?} does not end"))?;
    Ok(&markdown[body..offset(close)])
}

#[test]
fn the_readme_example_is_the_example_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme =
        std::fs::read_to_string(dir.join("../../README.md")).expect("the workspace README");
    let example = std::fs::read_to_string(dir.join("examples/readme.rs")).expect("the example");
    let block = rust_block(&readme, SECTION).unwrap_or_else(|e| panic!("README.md: {e}"));
    if block != example {
        let line = block.lines().zip(example.lines()).position(|(a, b)| a != b);
        let line = line.unwrap_or_else(|| block.lines().count().min(example.lines().count()));
        panic!(
            "README.md's {SECTION:?} and examples/readme.rs differ, first at line {} of the \
             block:\n  README:  {:?}\n  example: {:?}\ncopy one onto the other",
            line + 1,
            block.lines().nth(line),
            example.lines().nth(line),
        );
    }
}

#[test]
fn the_block_is_found_between_its_fences() {
    let markdown =
        "# T\n\n## A\n\n```rust\nfn a() {}\n```\n\n## B\n\ntext\n\n```rust\nfn b() {}\n\n```\n";
    assert_eq!(rust_block(markdown, "## A"), Ok("fn a() {}\n"));
    assert_eq!(rust_block(markdown, "## B"), Ok("fn b() {}\n\n"));
    assert_eq!(rust_block(markdown, "## C"), Err("no heading \"## C\"".to_string()));
    let bare = "## A\n\ntext\n\n## B\n\n```rust\nfn b() {}\n```\n";
    assert_eq!(rust_block(bare, "## A"), Err("no ```rust block in \"## A\"".to_string()));
    let open = "## A\n```rust\nfn a() {}\n";
    assert_eq!(rust_block(open, "## A"), Err("the ```rust block of \"## A\" does not end".into()));
}
