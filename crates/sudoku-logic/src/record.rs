//! The output records (feature `serde`): steps, paths and hints serialize as the schema's JSON
//! (`docs/schema.md`), which the `sudoku` command writes and the Python package returns.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use sudoku_core::Problem;

use crate::{Hint, PathRating, SolvingPath, Step, Technique};

/// `{"technique", "difficulty", "placements", "eliminations", "pattern", "units", "chains",
/// "text"}`: candidates as `E3=8`, eliminations as `A1<>5`, units as `row 3`, chains in arrow
/// notation, and the step's one-line text.
impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let texts = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>();
        let mut s = serializer.serialize_struct("Step", 8)?;
        s.serialize_field("technique", &self.technique.to_string())?;
        if matches!(self.technique, Technique::Hodoku(_)) {
            // HoDoKu's steps score whole numbers.
            s.serialize_field("score", &(self.difficulty as u32))?;
        } else {
            s.serialize_field("difficulty", &self.difficulty)?;
        }
        s.serialize_field(
            "placements",
            &texts(&mut self.placements.iter().map(|c| c.to_string())),
        )?;
        s.serialize_field(
            "eliminations",
            &texts(&mut self.eliminations.iter().map(|e| format!("{}<>{}", e.cell(), e.digit()))),
        )?;
        s.serialize_field("pattern", &texts(&mut self.pattern.iter().map(|c| c.to_string())))?;
        s.serialize_field("units", &texts(&mut self.units.iter().map(|u| u.to_string())))?;
        s.serialize_field("chains", &texts(&mut self.chains.iter().map(|c| c.to_string())))?;
        s.serialize_field("text", &self.to_string())?;
        s.end()
    }
}

/// `{"puzzle", "solution", "status", "se_rating", "steps"}` (`"hodoku": {"level", "score"}`
/// for HoDoKu's paths; `puzzle` is the 729-character pencil marks of a path from marks), and `error` when the chain budget ran out (the steps and ratings are
/// then the path so far).
impl<R: PathRating + Serialize> Serialize for SolvingPath<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.failure().map(Problem::from);
        let mut s = serializer.serialize_struct("SolvingPath", 5 + usize::from(error.is_some()))?;
        match &self.marks {
            Some(m) => s.serialize_field("puzzle", &m.pencil_marks())?,
            None => s.serialize_field("puzzle", &self.puzzle)?,
        }
        s.serialize_field("solution", &self.solution)?;
        s.serialize_field("status", &self.end.status())?;
        s.serialize_field(self.rating.key(), &self.rating)?;
        s.serialize_field("steps", &self.steps)?;
        if let Some(e) = &error {
            s.serialize_field("error", e)?;
        }
        s.end()
    }
}

/// `{"grid", "status", "step"}`: the grid's placed digits (`null` when the text was not a
/// grid), the status word, the step when there is one, and `error` when there is no hint.
impl Serialize for Hint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Hint", 3)?;
        s.serialize_field("grid", &self.marks.as_ref().map(|m| *m.grid()))?;
        s.serialize_field("status", &self.status())?;
        match &self.outcome {
            Ok(Some(step)) => s.serialize_field("step", step)?,
            Ok(None) => {}
            Err(problem) => s.serialize_field("error", problem)?,
        }
        s.end()
    }
}
