//! `cargo xtask architecture`: the rules of `docs/architecture.md`, checked.
//!
//! Two checks, both from plain text (no parser dependency):
//!
//! - **No import circle inside a crate.** Each crate's source files form a graph: file A has an
//!   arrow to file B when A names an item of module B (through a `use` line, a `crate::`,
//!   `super::` or `self::` path, a module brought in by a `mod` or `use` line, or a glob
//!   import): the module the path names, not the file a re-export came from. A module stands
//!   inside its ancestors and may use what they hold (no arrow up to them), a `pub use` that
//!   its file only hands on draws no arrow, and test code (`#[cfg(test)]` items and modules)
//!   is left out. Every strongly connected component of two files or more is a circle,
//!   reported with its arrows and the names each arrow carries.
//! - **Crate layers.** Every workspace crate's `Cargo.toml` may depend only on the workspace
//!   crates that the table of `docs/architecture.md` allows it (the doc is the rule).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Runs both checks on the workspace at `root`; the error names every circle and layer break.
pub(crate) fn check(root: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut files = 0;
    for source in crate_sources(root)? {
        let graph = ModuleGraph::read(&source.root_file, |p| std::fs::read_to_string(p).ok())?;
        files += graph.files.len();
        for circle in graph.circles() {
            problems.push(format!("{}: {}", source.package, circle.describe(root)));
        }
    }
    let doc = std::fs::read_to_string(root.join("docs/architecture.md"))
        .map_err(|e| format!("cannot read docs/architecture.md: {e}"))?;
    let allowed = parse_layers(&doc)?;
    let mut manifests = 0;
    for (package, manifest) in manifests_of(root)? {
        let text = std::fs::read_to_string(&manifest)
            .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
        problems.extend(layer_breaks(&package, &text, &allowed));
        manifests += 1;
    }
    if problems.is_empty() {
        eprintln!(
            "xtask architecture: {files} source files without an import circle; \
             {manifests} manifests keep the crate layers of docs/architecture.md"
        );
        Ok(())
    } else {
        Err(format!("architecture: {} problem(s)\n{}", problems.len(), problems.join("\n")))
    }
}

/// One module tree: a library, a binary or an example, named by its package.
struct CrateSource {
    package: String,
    root_file: PathBuf,
}

/// The workspace's packages: each `crates/*`, `benches`, `xtask` and `fuzz`.
fn package_dirs(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map_err(|e| format!("cannot list crates/: {e}"))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.extend(["benches", "xtask", "fuzz"].map(|d| root.join(d)));
    dirs.retain(|d| d.join("Cargo.toml").is_file());
    dirs.sort();
    Ok(dirs)
}

fn package_name(manifest: &str) -> Option<String> {
    let package = manifest.split("[package]").nth(1)?;
    package.lines().find_map(|l| {
        let value = l.trim().strip_prefix("name")?.trim_start().strip_prefix('=')?;
        Some(value.trim().trim_matches('"').to_string())
    })
}

fn manifests_of(root: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut out = Vec::new();
    for dir in package_dirs(root)? {
        let manifest = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest)
            .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
        let name = package_name(&text)
            .ok_or_else(|| format!("{}: no package name", manifest.display()))?;
        out.push((name, manifest));
    }
    Ok(out)
}

/// Every root file of every package: `src/lib.rs`, `src/main.rs`, `src/bin/*.rs`,
/// `examples/*.rs`, `fuzz_targets/*.rs`.
fn crate_sources(root: &Path) -> Result<Vec<CrateSource>, String> {
    let mut out = Vec::new();
    for (package, manifest) in manifests_of(root)? {
        let dir = manifest.parent().expect("a manifest in a folder");
        let mut roots: Vec<PathBuf> =
            ["src/lib.rs", "src/main.rs"].iter().map(|f| dir.join(f)).collect();
        for folder in ["src/bin", "examples", "fuzz_targets"] {
            if let Ok(entries) = std::fs::read_dir(dir.join(folder)) {
                roots.extend(entries.flatten().map(|e| e.path()));
            }
        }
        roots.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "rs"));
        roots.sort();
        out.extend(
            roots.into_iter().map(|root_file| CrateSource { package: package.clone(), root_file }),
        );
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Source text

/// The text with comments, string and character literals blanked out (newlines kept, so lines
/// and their indentation stay where they were).
fn strip_source(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && !chars.get(i.wrapping_sub(1)).is_some_and(|p| p.is_alphanumeric() || *p == '_')
            && raw_string_start(&chars, i + usize::from(c == 'b') + 1).is_some()
        {
            let start = i + usize::from(c == 'b') + 1;
            let hashes = raw_string_start(&chars, start).expect("checked");
            let body = start + hashes + 1;
            out.extend(std::iter::repeat_n(' ', body - i));
            i = body;
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                    out.extend(std::iter::repeat_n(' ', hashes + 1));
                    i += hashes + 1;
                    break;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or else a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&k| chars[k] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(std::iter::repeat_n(' ', end + 1 - i));
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// At `chars[at..]`, `#*"` opens a raw string: the number of `#`.
fn raw_string_start(chars: &[char], at: usize) -> Option<usize> {
    let hashes = chars[at.min(chars.len())..].iter().take_while(|c| **c == '#').count();
    (chars.get(at + hashes) == Some(&'"')).then_some(hashes)
}

/// The source without its test code: each item under a `#[cfg(test)]` line is blanked.
fn without_tests(stripped: &str) -> String {
    let mut out = Vec::new();
    let mut lines = stripped.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out.push(line.to_string());
            continue;
        }
        out.push(String::new());
        let indent = line.len() - line.trim_start().len();
        // Further attributes, then the item itself.
        while let Some(l) = lines.next() {
            out.push(String::new());
            let t = l.trim();
            if t.starts_with("#[") {
                continue;
            }
            if t.ends_with(';') || t.ends_with('}') && t.contains('{') {
                break;
            }
            if t.ends_with('{') || t.contains('{') {
                // Up to the closing brace at this item's indentation.
                for l in lines.by_ref() {
                    out.push(String::new());
                    let close =
                        l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}');
                    if close {
                        break;
                    }
                }
                break;
            }
        }
    }
    out.join("\n")
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `mod NAME;` or `mod NAME {`, with any visibility: NAME.
fn mod_declaration(line: &str) -> Option<String> {
    let rest = strip_visibility(line.trim()).strip_prefix("mod ")?;
    let name: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
    (!name.is_empty()).then_some(name)
}

/// `pub`, `pub(crate)`, `pub(super)`, `pub(in path)` taken off the front.
fn strip_visibility(line: &str) -> &str {
    let Some(rest) = line.strip_prefix("pub") else { return line };
    if let Some(inner) = rest.strip_prefix('(') {
        return inner.split_once(')').map_or(line, |(_, after)| after.trim_start());
    }
    if rest.starts_with(' ') { rest.trim_start() } else { line }
}

/// The name a top-level item line defines (`fn`, `struct`, `enum`, `trait`, `type`, `union`,
/// `const`, `static`, `mod`, `macro_rules!`).
fn item_name(line: &str) -> Option<String> {
    let mut rest = strip_visibility(line);
    loop {
        let before = rest;
        for qualifier in ["default ", "async ", "unsafe ", "extern \"C\" "] {
            rest = rest.strip_prefix(qualifier).unwrap_or(rest);
        }
        if rest.starts_with("const fn ") || rest.starts_with("const unsafe fn ") {
            rest = &rest["const ".len()..];
        }
        if rest == before {
            break;
        }
    }
    let kinds = [
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "union ",
        "const ",
        "static mut ",
        "static ",
        "mod ",
        "macro_rules! ",
    ];
    let after = kinds.iter().find_map(|k| rest.strip_prefix(k))?;
    let name: String = after.chars().take_while(|c| is_ident_char(*c)).collect();
    (!name.is_empty() && name != "_").then_some(name)
}

/// One imported name: its path and the name it is known by here (`None` for a glob).
#[derive(Debug, Clone)]
struct Import {
    path: Vec<String>,
    name: Option<String>,
    public: bool,
}

/// The paths of a use tree (`a::{b, c::{d as e, self}, f::*}`), whitespace removed.
fn use_tree(prefix: &[String], tree: &str, public: bool, out: &mut Vec<Import>) {
    // Split `tree` at top-level commas.
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (k, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&tree[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        if let Some(open) = part.find('{') {
            let mut path = prefix.to_vec();
            path.extend(part[..open].split("::").filter(|s| !s.is_empty()).map(String::from));
            let inner = part[open + 1..].strip_suffix('}').unwrap_or(&part[open + 1..]);
            use_tree(&path, inner, public, out);
            continue;
        }
        let (path_text, alias) = match part.split_once(" as ") {
            Some((p, a)) => (p, Some(a.trim().to_string())),
            None => (part, None),
        };
        let mut path = prefix.to_vec();
        path.extend(path_text.split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
        match path.last().map(String::as_str) {
            Some("*") => {
                path.pop();
                out.push(Import { path, name: None, public });
            }
            Some("self") => {
                path.pop();
                let name = alias.or_else(|| path.last().cloned());
                out.push(Import { path, name, public });
            }
            Some(last) => {
                let name = Some(alias.unwrap_or_else(|| last.to_string()));
                out.push(Import { path, name, public });
            }
            None => {}
        }
    }
}

/// What one file holds: its items, its imports, and the rest of its text.
#[derive(Debug, Default)]
struct FileText {
    defs: BTreeSet<String>,
    /// `mod NAME;` lines, with the file a `#[path = "..."]` above one names.
    mods: Vec<(String, Option<String>)>,
    imports: Vec<Import>,
    /// The text outside `use` statements and `mod` lines.
    body: String,
}

impl FileText {
    fn read(text: &str) -> FileText {
        let code = without_tests(&strip_source(text));
        let mut file = FileText::default();
        let mut body = String::new();
        let original: Vec<&str> = text.lines().collect();
        let path_attribute = |line: usize| {
            let above = original.get(line.checked_sub(1)?)?.trim();
            let value = above.strip_prefix("#[path")?.trim_start().strip_prefix('=')?;
            Some(value.trim().trim_end_matches(']').trim_matches('"').to_string())
        };
        let mut lines = code.lines().enumerate();
        while let Some((number, line)) = lines.next() {
            let trimmed = line.trim_start();
            let after_vis = strip_visibility(trimmed);
            if let Some(rest) = after_vis.strip_prefix("use ") {
                let public = after_vis.len() != trimmed.len();
                let mut statement = rest.to_string();
                while !statement.contains(';') {
                    let Some((_, more)) = lines.next() else { break };
                    statement.push(' ');
                    statement.push_str(more);
                }
                let tree: String = statement
                    .split(';')
                    .next()
                    .unwrap_or_default()
                    .replace(" as ", "\u{1}")
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .replace('\u{1}', " as ");
                let tree = tree.strip_prefix("::").unwrap_or(&tree);
                use_tree(&[], tree, public, &mut file.imports);
                body.push('\n');
                continue;
            }
            if line.len() == trimmed.len() {
                if let Some(name) = mod_declaration(trimmed)
                    && trimmed.ends_with(';')
                {
                    file.mods.push((name, path_attribute(number)));
                    body.push('\n');
                    continue;
                }
                if let Some(name) = item_name(trimmed) {
                    file.defs.insert(name);
                }
            }
            body.push_str(line);
            body.push('\n');
        }
        file.body = body;
        file
    }

    /// Each path of the body that starts with an identifier and has `::` in it, as segments.
    fn body_paths(&self) -> Vec<Vec<String>> {
        let chars: Vec<char> = self.body.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if !is_ident_char(chars[i])
                || (i > 0 && (is_ident_char(chars[i - 1]) || chars[i - 1] == ':'))
            {
                i += 1;
                continue;
            }
            let mut segments = Vec::new();
            let mut k = i;
            loop {
                let start = k;
                while k < chars.len() && is_ident_char(chars[k]) {
                    k += 1;
                }
                segments.push(chars[start..k].iter().collect::<String>());
                let colons = chars.get(k) == Some(&':') && chars.get(k + 1) == Some(&':');
                if colons && chars.get(k + 2).is_some_and(|c| is_ident_char(*c)) {
                    k += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                out.push(segments);
            }
            i = k.max(i + 1);
        }
        out
    }

    /// Every identifier of the body, once.
    fn body_idents(&self) -> BTreeSet<String> {
        self.body
            .split(|c: char| !is_ident_char(c))
            .filter(|w| w.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_'))
            .map(String::from)
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The graph of one crate

/// One crate's modules (one file each), the arrows between them and the names on each arrow.
#[derive(Debug)]
struct ModuleGraph {
    files: Vec<PathBuf>,
    texts: Vec<FileText>,
    parent: Vec<Option<usize>>,
    children: Vec<BTreeMap<String, usize>>,
    /// `arrows[a][b]`: the names file `a` takes from file `b`.
    arrows: Vec<BTreeMap<usize, BTreeSet<String>>>,
}

/// A circle: its files and the arrows among them.
#[derive(Debug)]
struct Circle {
    files: Vec<PathBuf>,
    arrows: Vec<(PathBuf, PathBuf, Vec<String>)>,
}

impl Circle {
    fn describe(&self, root: &Path) -> String {
        let show = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
        let mut s = format!(
            "import circle of {} files: {}",
            self.files.len(),
            self.files.iter().map(|f| show(f)).collect::<Vec<_>>().join(", ")
        );
        for (a, b, names) in &self.arrows {
            s.push_str(&format!("\n    {} -> {}: {}", show(a), show(b), names.join(", ")));
        }
        s
    }
}

impl ModuleGraph {
    /// Reads the module tree from `root_file` (files through `read`), then draws the arrows.
    fn read(
        root_file: &Path,
        read: impl Fn(&Path) -> Option<String>,
    ) -> Result<ModuleGraph, String> {
        let mut graph = ModuleGraph {
            files: Vec::new(),
            texts: Vec::new(),
            parent: Vec::new(),
            children: Vec::new(),
            arrows: Vec::new(),
        };
        let text = read(root_file).ok_or_else(|| format!("cannot read {}", root_file.display()))?;
        graph.add(root_file.to_path_buf(), &text, None);
        let mut next = 0;
        while next < graph.files.len() {
            let file = graph.files[next].clone();
            let is_dir_owner = next == 0 || file.file_name().is_some_and(|n| n == "mod.rs");
            let dir = if is_dir_owner {
                file.parent().expect("a file in a folder").to_path_buf()
            } else {
                file.with_extension("")
            };
            for (name, path) in graph.texts[next].mods.clone() {
                let candidates = match path {
                    Some(path) => vec![file.parent().expect("a file in a folder").join(path)],
                    None => vec![dir.join(format!("{name}.rs")), dir.join(&name).join("mod.rs")],
                };
                let found = candidates.iter().find_map(|c| read(c).map(|t| (c.clone(), t)));
                let Some((path, text)) = found else {
                    return Err(format!("{}: no file for `mod {name};`", file.display()));
                };
                let child = graph.add(path, &text, Some(next));
                graph.children[next].insert(name, child);
            }
            next += 1;
        }
        graph.draw_arrows();
        Ok(graph)
    }

    fn add(&mut self, path: PathBuf, text: &str, parent: Option<usize>) -> usize {
        self.files.push(path);
        self.texts.push(FileText::read(text));
        self.parent.push(parent);
        self.children.push(BTreeMap::new());
        self.arrows.push(BTreeMap::new());
        self.files.len() - 1
    }

    /// The module that `path` names when it is written in module `from`, and the segments
    /// after it: `crate::`, `self::` and `super::` lead from the crate root, this module and its
    /// parent; a first segment that is a child module, or that a `use` line of this module
    /// brings in as a module, leads there; anything else (an item, an extern crate) leads
    /// nowhere here. A `use` is followed only where it names a module, never to the item it
    /// re-exports: the arrow goes to the module the path names.
    fn module_of<'p>(&self, from: usize, path: &'p [String]) -> Option<(usize, &'p [String])> {
        let (first, rest) = path.split_first()?;
        let (mut module, mut rest) = match first.as_str() {
            "crate" => (0, rest),
            "self" => (from, rest),
            "super" => (self.parent[from]?, rest),
            _ => (self.module_named(from, first, 0)?, rest),
        };
        while let Some((segment, after)) = rest.split_first() {
            let next = if segment == "super" {
                self.parent[module]
            } else {
                self.module_named(module, segment, 0)
            };
            match next {
                Some(m) => {
                    module = m;
                    rest = after;
                }
                None => break,
            }
        }
        Some((module, rest))
    }

    /// The module that `name` stands for inside `module`: a child, or a module a `use` brings.
    fn module_named(&self, module: usize, name: &str, depth: usize) -> Option<usize> {
        if let Some(&child) = self.children[module].get(name) {
            return Some(child);
        }
        if depth > 16 {
            return None;
        }
        let import = self.texts[module].imports.iter().find(|i| i.name.as_deref() == Some(name))?;
        let (first, rest) = import.path.split_first()?;
        let (mut m, segments) = match first.as_str() {
            "crate" => (0, rest),
            "self" => (module, rest),
            "super" => (self.parent[module]?, rest),
            _ => (self.module_named(module, first, depth + 1)?, rest),
        };
        for segment in segments {
            m = if segment == "super" {
                self.parent[m]?
            } else {
                self.module_named(m, segment, depth + 1)?
            };
        }
        Some(m)
    }

    fn is_ancestor(&self, ancestor: usize, mut module: usize) -> bool {
        while let Some(parent) = self.parent[module] {
            if parent == ancestor {
                return true;
            }
            module = parent;
        }
        false
    }

    /// The file and the name that `path`, written in module `from`, takes an item from.
    fn item_of(&self, from: usize, path: &[String]) -> Option<(usize, String)> {
        let (module, rest) = self.module_of(from, path)?;
        Some((module, rest.first()?.clone()))
    }

    fn draw_arrows(&mut self) {
        for file in 0..self.files.len() {
            let text = &self.texts[file];
            let idents = text.body_idents();
            let mut taken: Vec<(usize, String)> = Vec::new();
            for import in &text.imports {
                match &import.name {
                    // A `pub use` that the file itself does not use only hands the name on.
                    Some(name) if import.public && !idents.contains(name) => {}
                    Some(_) => taken.extend(self.item_of(file, &import.path)),
                    None => {
                        let Some((m, [])) = self.module_of(file, &import.path) else { continue };
                        let names = &self.texts[m];
                        taken.extend(
                            idents
                                .iter()
                                .filter(|i| {
                                    names.defs.contains(*i)
                                        || names.imports.iter().any(|n| n.name.as_ref() == Some(i))
                                })
                                .map(|i| (m, i.clone())),
                        );
                    }
                }
            }
            for path in text.body_paths() {
                let first = path[0].as_str();
                let names_a_module = matches!(first, "crate" | "super" | "self")
                    || self.module_named(file, first, 0).is_some();
                if names_a_module {
                    taken.extend(self.item_of(file, &path));
                }
            }
            for (owner, name) in taken {
                // A module stands inside its ancestors (the files that declare it, up to the
                // crate root) and may use what they hold: no arrow is drawn up to one of them.
                if owner != file && !self.is_ancestor(owner, file) {
                    self.arrows[file].entry(owner).or_default().insert(name);
                }
            }
        }
    }

    /// The strongly connected components of two files or more (Tarjan's algorithm).
    fn circles(&self) -> Vec<Circle> {
        struct Tarjan<'a> {
            arrows: &'a [BTreeMap<usize, BTreeSet<String>>],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            next: usize,
            components: Vec<Vec<usize>>,
        }
        impl Tarjan<'_> {
            fn visit(&mut self, v: usize) {
                self.index[v] = Some(self.next);
                self.low[v] = self.next;
                self.next += 1;
                self.stack.push(v);
                self.on_stack[v] = true;
                for &w in self.arrows[v].keys() {
                    match self.index[w] {
                        None => {
                            self.visit(w);
                            self.low[v] = self.low[v].min(self.low[w]);
                        }
                        Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                        Some(_) => {}
                    }
                }
                if Some(self.low[v]) == self.index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = self.stack.pop() {
                        self.on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    self.components.push(component);
                }
            }
        }
        let n = self.files.len();
        let mut t = Tarjan {
            arrows: &self.arrows,
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            components: Vec::new(),
        };
        for v in 0..n {
            if t.index[v].is_none() {
                t.visit(v);
            }
        }
        let mut circles: Vec<Circle> = t
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|mut members| {
                members.sort_by(|a, b| self.files[*a].cmp(&self.files[*b]));
                let mut arrows = Vec::new();
                for &a in &members {
                    for (&b, names) in &self.arrows[a] {
                        if members.contains(&b) {
                            arrows.push((
                                self.files[a].clone(),
                                self.files[b].clone(),
                                names.iter().cloned().collect(),
                            ));
                        }
                    }
                }
                Circle { files: members.iter().map(|&m| self.files[m].clone()).collect(), arrows }
            })
            .collect();
        circles.sort_by(|a, b| a.files.cmp(&b.files));
        circles
    }
}

// ---------------------------------------------------------------------------------------------
// Crate layers

/// The crate table of `docs/architecture.md`: the table whose header reads
/// `| Crate | May depend on | ...`, one row per package, the allowed workspace crates in the
/// second column (backticked names, comma-separated; `—` for none).
fn parse_layers(doc: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let cells = |line: &str| -> Vec<String> {
        line.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
    };
    let mut lines = doc.lines().skip_while(|l| {
        let c = cells(l);
        !(l.trim_start().starts_with('|')
            && c.len() >= 2
            && c[0].eq_ignore_ascii_case("crate")
            && c[1].eq_ignore_ascii_case("may depend on"))
    });
    lines.next().ok_or("docs/architecture.md has no `| Crate | May depend on |` table")?;
    let mut table = BTreeMap::new();
    for line in lines.skip(1).take_while(|l| l.trim_start().starts_with('|')) {
        let c = cells(line);
        let name = c[0].trim_matches('`').to_string();
        let allowed = c
            .get(1)
            .map(|deps| {
                deps.split(',')
                    .map(|d| d.trim().trim_matches('`').to_string())
                    .filter(|d| !d.is_empty() && d != "—" && d != "-")
                    .collect()
            })
            .unwrap_or_default();
        table.insert(name, allowed);
    }
    if table.is_empty() {
        return Err("docs/architecture.md's crate table has no rows".into());
    }
    Ok(table)
}

/// The workspace crates a manifest depends on (normal, dev and build dependencies).
fn workspace_dependencies(manifest: &str, workspace: &BTreeSet<String>) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    let mut section = String::new();
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            section = header.trim_end_matches(']').to_string();
            // `[dependencies.NAME]`
            let dotted = section.split_once('.').filter(|(s, _)| s.ends_with("dependencies"));
            if let Some((_, name)) = dotted
                && workspace.contains(name)
            {
                deps.insert(name.to_string());
            }
            continue;
        }
        if !section.ends_with("dependencies") {
            continue;
        }
        let key: String = line.chars().take_while(|c| is_ident_char(*c) || *c == '-').collect();
        if workspace.contains(&key) {
            deps.insert(key);
        }
    }
    deps
}

/// The dependencies of `package` that the table does not allow.
fn layer_breaks(
    package: &str,
    manifest: &str,
    allowed: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let workspace: BTreeSet<String> = allowed.keys().cloned().collect();
    let Some(may) = allowed.get(package) else {
        return vec![format!("{package}: no row in docs/architecture.md's crate table")];
    };
    workspace_dependencies(manifest, &workspace)
        .into_iter()
        .filter(|d| !may.contains(d))
        .map(|d| {
            format!(
                "{package} depends on {d}, which docs/architecture.md's crate table does not allow"
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate in memory: file name -> text, read from `src/lib.rs`.
    fn graph(files: &[(&str, &str)]) -> ModuleGraph {
        let files: BTreeMap<PathBuf, String> =
            files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())).collect();
        ModuleGraph::read(Path::new("src/lib.rs"), |p| files.get(p).cloned()).expect("a crate")
    }

    #[test]
    fn a_circle_of_siblings_is_found_with_its_names() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\nmod b;\nmod c;\npub use a::Alpha;\n"),
            ("src/a.rs", "use crate::b::Beta;\npub struct Alpha(Beta);\n"),
            ("src/b.rs", "mod d;\npub struct Beta;\npub fn f() {\n    crate::c::g()\n}\n"),
            (
                "src/b/d.rs",
                "use super::Beta;\npub fn h() -> Beta {\n    super::f();\n    Beta\n}\n",
            ),
            ("src/c.rs", "use super::a;\npub fn g() {\n    let _ = a::Alpha;\n}\n"),
        ]);
        let circles = g.circles();
        assert_eq!(circles.len(), 1, "{circles:?}");
        let files: Vec<String> = circles[0].files.iter().map(|f| f.display().to_string()).collect();
        assert_eq!(files, ["src/a.rs", "src/b.rs", "src/c.rs"]);
        let text = circles[0].describe(Path::new(""));
        assert!(text.contains("src/a.rs -> src/b.rs: Beta"), "{text}");
        assert!(text.contains("src/b.rs -> src/c.rs: g"), "{text}");
        // `a` is a module brought in by a `use` line: `a::Alpha` names module a's item.
        assert!(text.contains("src/c.rs -> src/a.rs: Alpha"), "{text}");
        // A child takes what its parent holds without an arrow.
        let d = g.files.iter().position(|f| f.ends_with("b/d.rs")).expect("d.rs read");
        assert!(g.arrows[d].is_empty(), "d.rs stands inside b.rs: {:?}", g.arrows[d]);
    }

    #[test]
    fn re_exports_globs_comments_and_tests_draw_no_false_arrows() {
        let g = graph(&[
            (
                "src/lib.rs",
                "mod a;\nmod b;\npub use b::Beta;\n// use a::Alpha;\nconst S: &str = \"crate::a::Alpha\";\n",
            ),
            ("src/a.rs", "use crate::b::*;\npub struct Alpha(Beta);\n"),
            (
                "src/b.rs",
                "pub struct Beta;\n#[cfg(test)]\nmod tests {\n    use crate::a::Alpha;\n}\n",
            ),
        ]);
        assert!(g.circles().is_empty(), "{:?}", g.circles());
        let names: Vec<&String> = g.arrows[1].get(&2).into_iter().flatten().collect();
        assert_eq!(names, ["Beta"], "a.rs takes Beta from b.rs through the glob");
        assert!(g.arrows[0].is_empty(), "lib.rs only hands names on: {:?}", g.arrows[0]);
        assert!(g.arrows[2].is_empty(), "test code draws no arrow: {:?}", g.arrows[2]);
    }

    #[test]
    fn a_re_export_that_its_file_uses_is_an_arrow() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\nmod b;\n"),
            ("src/a.rs", "pub(crate) use crate::b::Beta;\npub fn f() -> Beta {\n    Beta\n}\n"),
            ("src/b.rs", "pub struct Beta;\npub fn g() {\n    crate::a::f();\n}\n"),
        ]);
        assert_eq!(g.circles().len(), 1, "a.rs uses Beta, b.rs uses f");
    }

    #[test]
    fn a_dependency_the_table_does_not_allow_is_a_layer_break() {
        let doc = "# Architecture\n\n| Crate | May depend on | Holds |\n|---|---|---|\n\
                   | `core` | — | grids |\n| `solve` | `core` | search |\n| `logic` | `core`, `solve` | steps |\n";
        let allowed = parse_layers(doc).expect("a table");
        assert_eq!(allowed.len(), 3);
        let good = "[package]\nname = \"logic\"\n[dependencies]\ncore.workspace = true\nsolve = { workspace = true }\n";
        assert!(layer_breaks("logic", good, &allowed).is_empty());
        let bad = "[package]\nname = \"solve\"\n[dependencies]\ncore.workspace = true\n[dev-dependencies]\nlogic.workspace = true\n";
        let breaks = layer_breaks("solve", bad, &allowed);
        assert_eq!(breaks.len(), 1, "{breaks:?}");
        assert!(breaks[0].contains("solve depends on logic"), "{breaks:?}");
        assert_eq!(layer_breaks("other", good, &allowed).len(), 1, "a crate without a row");
    }

    #[test]
    fn the_workspace_keeps_its_architecture() {
        check(&crate::workspace_root()).expect("the workspace keeps docs/architecture.md's rules");
    }
}
