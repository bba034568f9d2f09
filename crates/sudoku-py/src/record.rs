//! The libraries' records as Python values: every record the `sudoku` command writes as a JSON
//! line is a `Serialize` type of a library crate, and the binding converts that same record
//! into the dicts, lists, strings and numbers Python sees, through its JSON text (so a dict's
//! keys come in the record's field order). No record is built by hand here, so the Python
//! values cannot drift from `docs/schema.md`.

use pyo3::prelude::*;
use serde::Serialize;

/// A record as a Python value (a dict for a struct or a map, a list for a sequence), as
/// `json.loads` reads the record's JSON.
pub(crate) fn to_py(py: Python<'_>, record: &impl Serialize) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(record)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
