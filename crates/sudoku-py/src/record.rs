//! The libraries' records as Python values: every record the `sudoku` command writes as a JSON
//! line is a `Serialize` type of a library crate, and the binding converts that same record,
//! through serde's data model, into the dicts, lists, strings and numbers Python sees. No
//! record is built by hand here, so the Python values cannot drift from `docs/schema.md`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;
use serde_json::Value;

/// A record as a Python value (a dict for a struct or a map, a list for a sequence).
pub(crate) fn to_py(py: Python<'_>, record: &impl Serialize) -> PyResult<Py<PyAny>> {
    let value = serde_json::to_value(record)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    Ok(value_to_py(py, &value)?.unbind())
}

/// A JSON value as the Python value `json.loads` would give.
fn value_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(value_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, value_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}
