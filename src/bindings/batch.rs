//! Batch entry points (numpy in, numpy out); see issue "batch evaluation".

use pyo3::prelude::*;

pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
