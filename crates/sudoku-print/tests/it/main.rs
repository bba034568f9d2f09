//! Integration tests of `sudoku-print`: a whole sheet through both renderers.

use sudoku_core::Grid;
use sudoku_print::{Options, PageKind, Paper, Puzzle, Shape, layout, to_pdf, to_svg};

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const S: &str = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn sheet() -> Vec<Puzzle> {
    let (givens, solution): (Grid, Grid) = (P.parse().unwrap(), S.parse().unwrap());
    (1..=6)
        .map(|k| {
            Puzzle::new(format!("Puzzle {k}"), givens)
                .with_label(format!("ER/EP/ED {k}.0/1.2/1.2"))
                .with_solution(solution)
        })
        .collect()
}

#[test]
fn the_svg_holds_the_layout_grid_for_grid() {
    let options = Options::default().with_answers(true).with_title("Six <hard> ones");
    let doc = layout(&sheet(), &options).unwrap();
    assert_eq!(
        doc.pages.iter().map(|p| p.kind).collect::<Vec<_>>(),
        [PageKind::Puzzles, PageKind::Answers]
    );
    let svg = to_svg(&doc);
    assert_eq!(svg.matches("<g class=\"page puzzles\"").count(), 1);
    assert_eq!(svg.matches("<g class=\"page answers\"").count(), 1);
    assert_eq!(svg.matches("<g class=\"grid\"").count(), 12);
    assert_eq!(svg.matches("<line ").count(), 12 * 20);
    // 17 givens on each puzzle, 81 digits on each answer.
    let digit_texts = svg
        .lines()
        .filter_map(|l| l.strip_prefix("<text")?.strip_suffix("</text>")?.rsplit_once('>'))
        .filter(|(_, t)| t.len() == 1 && t.chars().all(|c| c.is_ascii_digit()))
        .count();
    assert_eq!(digit_texts, 6 * 17 + 6 * 81);
    for k in 1..=6 {
        assert!(svg.contains(&format!(">Puzzle {k}</text>")));
        assert!(svg.contains(&format!(">ER/EP/ED {k}.0/1.2/1.2</text>")));
    }
    assert!(svg.contains("<title>Six &lt;hard&gt; ones</title>"));
    assert!(svg.contains(">page 2 of 2</text>"));
}

#[test]
fn the_pdf_has_a_page_per_page_of_the_layout() {
    let doc =
        layout(&sheet(), &Options::default().with_paper(Paper::Letter).with_answers(true)).unwrap();
    let pdf = to_pdf(&doc);
    let text = String::from_utf8_lossy(&pdf);
    assert_eq!(
        text.matches("/MediaBox [0 0 612 792]").count(),
        2,
        "{}",
        &text[..400.min(text.len())]
    );
    assert!(text.contains("/BaseFont /Helvetica-Bold"));
    let lines: usize = doc
        .pages
        .iter()
        .flat_map(|p| &p.frames)
        .flat_map(|f| &f.shapes)
        .filter(|s| matches!(s, Shape::Line(_)))
        .count();
    assert_eq!(lines, 12 * 20);
}
