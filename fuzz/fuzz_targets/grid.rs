// Shared by the targets: a grid from fuzz bytes. First byte mod 3: 0, only valid grids pass;
// 1, built cell by cell without the rule check (clashing givens reach the solvers); 2, the
// clues of a known solution kept where the next 81 bits say (mostly unique, hard puzzles).
use sudoku_core::{Cell, Digit, Grid};

const SOLUTION: &[u8; 81] =
    b"812753649943682175675491283154237896369845721287169534521974368438526917796318452";

#[allow(dead_code)]
pub fn grid_from(data: &[u8]) -> Option<Grid> {
    let (&mode, rest) = data.split_first()?;
    if mode % 3 == 2 {
        let mut bytes = [0u8; 81];
        for (i, b) in bytes.iter_mut().enumerate() {
            let bit = rest.get(i / 8).is_some_and(|m| m >> (i % 8) & 1 != 0);
            *b = if bit { SOLUTION[i] - b'0' } else { 0 };
        }
        return Grid::try_from_bytes(bytes).ok();
    }
    let mut bytes = [0u8; 81];
    for (b, d) in bytes.iter_mut().zip(rest) {
        *b = d % 10;
    }
    if mode % 3 == 1 {
        let mut g = Grid::EMPTY;
        for (i, &b) in bytes.iter().enumerate() {
            g.set(Cell::new(i)?, Digit::new(b));
        }
        Some(g)
    } else {
        Grid::try_from_bytes(bytes).ok()
    }
}
