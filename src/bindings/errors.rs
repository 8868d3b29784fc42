//! Core errors as the Python exception classes of `majiang.errors`.

use crate::error::Error;
use pyo3::PyErr;

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
