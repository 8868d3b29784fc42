//! PyO3 bindings: the native module `majiang._core`. Thin: convert arguments, call the
//! core, convert results and errors. One file per Python-facing topic.

mod advice;
mod batch;
mod claims;
mod convert;
mod count_lists;
mod decomposition;
mod errors;
mod gb;
mod rules;
mod shapes;
mod tiles;

use pyo3::prelude::*;

#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<rules::Rules>()?;
    m.add_class::<decomposition::Decomposition>()?;
    m.add_class::<decomposition::Block>()?;
    tiles::register(m)?;
    shapes::register(m)?;
    batch::register(m)?;
    gb::register(m)?;
    m.add_function(wrap_pyfunction!(claims::claim_scan, m)?)?;
    m.add_function(wrap_pyfunction!(advice::advice, m)?)?;
    m.add_function(wrap_pyfunction!(errors::_panic_for_test, m)?)?;
    Ok(())
}
