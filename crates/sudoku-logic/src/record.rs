//! The output records (feature `serde`): steps, paths and hints serialize as the schema's JSON
//! (`docs/schema.md`), which the `sudoku` command writes and the Python package returns.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use sudoku_core::Problem;

use crate::{Detail, Hint, PathRating, Reveal, SolvingPath, Step, Technique};

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
/// Below the full detail, `detail` names the level and `step` is what it shows ([`Reveal`]).
impl Serialize for Hint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let graded = self.detail != Detail::Full;
        let mut s = serializer.serialize_struct("Hint", 3 + usize::from(graded))?;
        s.serialize_field("grid", &self.marks.as_ref().map(|m| *m.grid()))?;
        s.serialize_field("status", &self.status())?;
        if graded {
            s.serialize_field("detail", &self.detail.name())?;
        }
        match &self.outcome {
            Ok(Some(_)) if graded => s.serialize_field("step", &self.reveal())?,
            Ok(Some(step)) => s.serialize_field("step", step)?,
            Ok(None) => {}
            Err(problem) => s.serialize_field("error", problem)?,
        }
        s.end()
    }
}

/// `{"technique", "units", "cells", "placements", "eliminations", "text"}`, each field only
/// from the level that shows it (`units` and `cells` from `cells`, `placements` and
/// `eliminations` from `result`); `text` says what the fields say. At the full detail, the
/// step's own record.
impl Serialize for Reveal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(step) = &self.step {
            return step.serialize(serializer);
        }
        let texts = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>();
        let mut s = serializer.serialize_struct("Reveal", 6)?;
        s.serialize_field("technique", &self.technique.to_string())?;
        if self.detail >= Detail::Cells {
            s.serialize_field("units", &texts(&mut self.units.iter().map(|u| u.to_string())))?;
            s.serialize_field("cells", &texts(&mut self.cells.iter().map(|c| c.to_string())))?;
        }
        if self.detail >= Detail::Result {
            s.serialize_field(
                "placements",
                &texts(&mut self.placements.iter().map(|c| c.to_string())),
            )?;
            s.serialize_field(
                "eliminations",
                &texts(
                    &mut self.eliminations.iter().map(|e| format!("{}<>{}", e.cell(), e.digit())),
                ),
            )?;
        }
        s.serialize_field("text", &self.to_string())?;
        s.end()
    }
}
