//! `sudoku print`: sheets of puzzles as PDF (rendered back to pictures with poppler's
//! `pdftoppm` and read with `pdftotext`, when they are installed; CI installs them) and SVG.

use std::path::Path;
use std::process::Command;

use crate::common::{sudoku, text};

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::common::temp_dir("print", name)
}

/// Six puzzles of 21 to 32 clues, each with the ratings `rate --json` wrote for it.
const PUZZLES: [(&str, &str, &str, u32); 6] = [
    (
        ".8.3......6...4.7....2....4......3.84....7..9...95....9.......3.....6.5..7...29..",
        "4.2",
        "Hard",
        870,
    ),
    (
        "......9....914.58.4...5..3.37......2.8............8...16.9....75..63...........9.",
        "2.0",
        "Easy",
        296,
    ),
    (
        "...1..27.5.......9...32..54.4...6.....2...9.....7...1.48..59...3.......8.97..4...",
        "2.0",
        "Easy",
        398,
    ),
    (
        "73..2.8..........9..2..3.7....6..1.3.8.741.6.1.5..2....5.9..3..3..........8.6..45",
        "1.5",
        "Easy",
        216,
    ),
    (
        "1.29..7.8.351.4..........313....98..9.......7..15....967..........4.598.5.8..21.3",
        "2.0",
        "Easy",
        204,
    ),
    (
        "9.861.5........4.6.4.8239....41.6..9.........3..9.28....9278.5.5.2........7.312.4",
        "1.2",
        "Easy",
        286,
    ),
];

fn clues(puzzle: &str) -> usize {
    puzzle.chars().filter(|c| c.is_ascii_digit() && *c != '0').count()
}

/// The six as JSON lines, the fourth titled, with a line that is not a puzzle after the second
/// and a puzzle of many solutions after the fifth.
fn records() -> String {
    let mut out = String::new();
    for (k, (p, er, level, score)) in PUZZLES.iter().enumerate() {
        let title = if k == 3 { r#","title":"The fourth""# } else { "" };
        out.push_str(&format!(
            r#"{{"puzzle":"{p}","se_rating":{{"er":{er},"ep":1.2,"ed":1.2}},"hodoku":{{"level":"{level}","score":{score}}},"status":"ok"{title}}}"#
        ));
        out.push('\n');
        if k == 1 {
            out.push_str("12x4\n");
        }
        if k == 4 {
            out.push_str(&format!("{}\n", ".".repeat(81)));
        }
    }
    out
}

/// A grey picture: width, height, one byte a pixel (0 black).
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Reads a binary PGM (`P5`), as `pdftoppm -gray` writes it.
fn read_pgm(path: &Path) -> Picture {
    let bytes = std::fs::read(path).expect("the page's picture");
    let mut fields = Vec::new();
    let mut pos = 0;
    while fields.len() < 4 {
        while bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let start = pos;
        while !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..pos]).into_owned());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[pos + 1..].to_vec();
    assert_eq!(pixels.len(), width * height);
    Picture { width, height, pixels }
}

/// A connected patch of ink (8-neighbours, darker than mid-light grey): its bounding box.
#[derive(Clone, Copy, Debug)]
struct Patch {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
}

impl Patch {
    fn width(&self) -> usize {
        self.right - self.left + 1
    }
    fn height(&self) -> usize {
        self.bottom - self.top + 1
    }
    fn holds(&self, other: &Patch) -> bool {
        other.left > self.left
            && other.right < self.right
            && other.top > self.top
            && other.bottom < self.bottom
    }
}

fn patches(picture: &Picture) -> Vec<Patch> {
    let (w, h) = (picture.width, picture.height);
    let ink: Vec<bool> = picture.pixels.iter().map(|&p| p < 200).collect();
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !ink[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut patch = Patch { left: w, top: h, right: 0, bottom: 0 };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            patch.left = patch.left.min(x);
            patch.right = patch.right.max(x);
            patch.top = patch.top.min(y);
            patch.bottom = patch.bottom.max(y);
            for dy in [-1i64, 0, 1] {
                for dx in [-1i64, 0, 1] {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let j = ny as usize * w + nx as usize;
                    if ink[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        out.push(patch);
    }
    out
}

/// The grids of a page (square patches of ink over `min` pixels wide: the lines of a grid
/// are one patch), in reading order, each with the count of patches inside it (its digits).
fn grids(picture: &Picture, min: usize) -> Vec<(Patch, usize)> {
    let all = patches(picture);
    let mut frames: Vec<Patch> = all
        .iter()
        .copied()
        .filter(|p| p.width() > min && p.width().abs_diff(p.height()) * 20 < p.width())
        .collect();
    frames.sort_by_key(|p| (p.top / 50, p.left));
    frames.iter().map(|f| (*f, all.iter().filter(|p| f.holds(p)).count())).collect()
}

fn has(tool: &str) -> bool {
    Command::new(tool).arg("-v").output().is_ok()
}

/// Six puzzles with answers on an A4 PDF: page 1 shows six grids, each with as many digits as
/// its puzzle has clues, under their titles and ER/EP/ED and HoDoKu labels; page 2 six grids of
/// 81 digits; the lines that are no good puzzle are named and lose none of the others.
#[test]
fn a_sheet_of_six_with_answers_renders_as_laid_out() {
    let dir = temp_dir("six");
    let input = dir.join("six.jsonl");
    std::fs::write(&input, records()).unwrap();
    let pdf = dir.join("sheet.pdf");
    let out = sudoku(
        &[
            "print",
            input.to_str().unwrap(),
            "--per-page",
            "6",
            "--answers",
            "--out",
            pdf.to_str().unwrap(),
            "--title",
            "Six of them",
        ],
        b"",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let name = input.display();
    assert!(
        stderr.contains(&format!(
            "sudoku print: {name}:3: invalid: invalid character 'x' at line 3, column 3"
        )),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("sudoku print: {name}:7: multiple: ")), "{stderr}");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));

    if !has("pdftoppm") || !has("pdftotext") {
        eprintln!(
            "skipped: pdftoppm and pdftotext (Debian's poppler-utils) are not installed; CI installs them"
        );
        return;
    }
    let render = Command::new("pdftoppm")
        .args(["-gray", "-r", "150"])
        .arg(&pdf)
        .arg(dir.join("page"))
        .status()
        .unwrap();
    assert!(render.success());
    let pages: Vec<Picture> =
        (1..=2).map(|k| read_pgm(&dir.join(format!("page-{k}.pgm")))).collect();
    assert!(!dir.join("page-3.pgm").exists(), "two pages: the puzzles and the answers");
    // A4 at 150 dots an inch.
    assert!(pages[0].width.abs_diff(1240) <= 1 && pages[0].height.abs_diff(1754) <= 1);

    let puzzles = grids(&pages[0], 300);
    let digits: Vec<usize> = puzzles.iter().map(|g| g.1).collect();
    let expected: Vec<usize> = PUZZLES.iter().map(|p| clues(p.0)).collect();
    assert_eq!(digits, expected, "{puzzles:?}");
    // Two columns of three: the grids line up.
    assert_eq!(puzzles[0].0.left, puzzles[2].0.left);
    assert_eq!(puzzles[0].0.top, puzzles[1].0.top);
    let answers = grids(&pages[1], 150);
    assert_eq!(answers.iter().map(|g| g.1).collect::<Vec<_>>(), [81; 6], "{answers:?}");
    assert!(
        answers.iter().all(|a| a.0.width() < puzzles[0].0.width() * 2 / 3),
        "answers are small"
    );

    let page_text = |k: &str| {
        let out =
            Command::new("pdftotext").args(["-f", k, "-l", k]).arg(&pdf).arg("-").output().unwrap();
        text(&out.stdout)
    };
    let first = page_text("1");
    assert!(first.contains("Six of them"), "{first}");
    for (k, (_, er, level, score)) in PUZZLES.iter().enumerate() {
        let title = if k == 3 { "4. The fourth".to_string() } else { format!("Puzzle {}", k + 1) };
        assert!(first.contains(&title), "{title} in {first}");
        let label = format!("ER/EP/ED {er}/1.2/1.2, HoDoKu {level} ({score})");
        assert!(first.contains(&label), "{label} in {first}");
    }
    assert!(first.contains("page 1 of 2"));
    let second = page_text("2");
    assert!(
        second.contains("Answers")
            && second.contains("4. The fourth")
            && second.contains("page 2 of 2"),
        "{second}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same sheet as SVG by --out's extension (four a page, on Letter paper), and with --to
/// on standard output; --rate labels puzzles that carry no rating.
#[test]
fn svg_sheets_and_labels_by_rate() {
    let dir = temp_dir("svg");
    let input = dir.join("six.jsonl");
    std::fs::write(&input, records()).unwrap();
    let svg = dir.join("sheet.svg");
    let out = sudoku(
        &[
            "print",
            input.to_str().unwrap(),
            "--per-page",
            "4",
            "--paper",
            "letter",
            "--answers",
            "-o",
            svg.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"612pt\""),
        "{}",
        &svg[..100]
    );
    assert_eq!(svg.matches("<g class=\"page puzzles\"").count(), 2);
    assert_eq!(svg.matches("<g class=\"page answers\"").count(), 1);
    assert_eq!(svg.matches("<g class=\"grid\"").count(), 12);
    assert!(svg.contains(">ER/EP/ED 4.2/1.2/1.2, HoDoKu Hard (870)</text>"));
    assert!(svg.contains(">4. The fourth</text>"));

    // Plain lines carry no rating: --rate works one out, as `sudoku rate --metrics` does.
    let lines: String = PUZZLES.iter().map(|p| format!("{}\n", p.0)).collect();
    let out = sudoku(
        &["print", "--to", "svg", "--rate", "--metrics", "hodoku", "--per-page", "1"],
        lines.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    assert_eq!(svg.matches("<g class=\"page puzzles\"").count(), 6);
    for (_, _, level, score) in PUZZLES {
        assert!(svg.contains(&format!(">HoDoKu {level} ({score})</text>")), "{level} ({score})");
    }
    // Without --rate, lines have no label; --metrics picks among a record's ratings.
    let out = sudoku(&["print", "--to", "svg", "-"], lines.as_bytes());
    assert!(!text(&out.stdout).contains("ER/EP/ED"));
    let out =
        sudoku(&["print", "--to", "svg", "--metrics", "se-rating", input.to_str().unwrap()], b"");
    let svg = text(&out.stdout);
    assert!(svg.contains(">ER/EP/ED 4.2/1.2/1.2</text>") && !svg.contains("HoDoKu"));
    // Another app's file: its title and difficulty.
    let ipuz = text(&sudoku(&["convert", "--to", "ipuz"], PUZZLES[0].0.as_bytes()).stdout);
    let ipuz = ipuz.replacen('{', r#"{"title": "Sunday special", "difficulty": "Fiendish","#, 1);
    let file = dir.join("one.ipuz");
    std::fs::write(&file, ipuz).unwrap();
    let out = sudoku(&["print", "--to", "svg", file.to_str().unwrap()], b"");
    let svg = text(&out.stdout);
    assert!(
        svg.contains(">1. Sunday special</text>") && svg.contains(">Fiendish</text>"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Usage errors: a count with no layout, an output whose format is unknown, no puzzle at all.
#[test]
fn print_refuses_what_it_cannot_lay_out() {
    let out = sudoku(&["print", "--per-page", "5", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot put 5 puzzles on a page: use 1, 2, 4, 6, 9 or 12"),
        "{}",
        text(&out.stderr)
    );
    let out = sudoku(&["print", "--out", "sheet.png", "-"], PUZZLES[0].0.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("sudoku print: cannot tell the sheet's format from sheet.png"),
        "{}",
        text(&out.stderr)
    );
    let out = sudoku(&["print", "--to", "svg"], b"# nothing\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("sudoku print: no puzzles in the input"));
    assert!(out.stdout.is_empty());
    let out = sudoku(&["print", "--to", "svg", "no-such-file.txt", PUZZLES[0].0], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("sudoku print: no-such-file.txt: no such file"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("<g class=\"grid\""), "the good puzzle is printed");
}
