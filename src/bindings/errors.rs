//! Core errors as the Python exception classes of `majiang.errors`, and the guard that keeps
//! any Rust panic from reaching Python as a `PanicException`.

use crate::error::Error;
use pyo3::prelude::*;
use pyo3::PyErr;
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::import_exception!(majiang.errors, MajiangError);
pyo3::import_exception!(majiang.errors, ArgumentTypeError);
pyo3::import_exception!(majiang.errors, TileParseError);
pyo3::import_exception!(majiang.errors, InvalidHandError);
pyo3::import_exception!(majiang.errors, RulesError);

/// Converts a core error into the matching Python exception.
pub fn to_py(err: Error) -> PyErr {
    match err {
        Error::TileParse(e) => TileParseError::new_err(e.to_string()),
        Error::InvalidHand(msg) => InvalidHandError::new_err(msg),
        Error::Rules(msg) => RulesError::new_err(msg),
    }
}

/// An `InvalidHandError` with the given message.
pub fn invalid_hand(msg: impl Into<String>) -> PyErr {
    InvalidHandError::new_err(msg.into())
}

/// A `RulesError` with the given message.
pub fn rules_error(msg: impl Into<String>) -> PyErr {
    RulesError::new_err(msg.into())
}

/// A `TileParseError` with the given message.
pub fn tile_parse(msg: impl Into<String>) -> PyErr {
    TileParseError::new_err(msg.into())
}

/// An `ArgumentTypeError` (a `MajiangError` and a `TypeError`) with the given message.
pub fn type_error(msg: impl Into<String>) -> PyErr {
    ArgumentTypeError::new_err(msg.into())
}

/// The name of an object's type, for messages (`int`, `float`, `numpy.ndarray` is `ndarray`).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or(String::from("?"), |n| crate::error::excerpt(&n.to_string()))
}

/// Runs the body of an entry point, turning a panic anywhere under it (in this thread or in
/// a worker thread of a batch, which rayon re-raises here) into a `MajiangError`: the last
/// line of defence, so that no `PanicException` (a `BaseException`, which `except
/// Exception` does not catch) ever reaches Python. A panic is a bug; every input the
/// bindings accept is checked before the core sees it.
pub fn guard<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| String::from("a panic"));
            Err(MajiangError::new_err(format!(
                "internal error in majiang (please report it): {}",
                crate::error::excerpt(&what)
            )))
        }
    }
}

/// Panics inside [`guard`], in a worker thread with the GIL released: tests check that the
/// panic arrives as a `MajiangError`.
#[pyfunction]
pub fn _panic_for_test(py: Python<'_>) -> PyResult<()> {
    guard(|| {
        py.detach(|| {
            let worker = std::thread::spawn(|| -> () { panic!("deliberate test panic") });
            if let Err(payload) = worker.join() {
                std::panic::resume_unwind(payload);
            }
        });
        Ok(())
    })
}
