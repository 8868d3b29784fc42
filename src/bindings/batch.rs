//! `majiang.batch`: numpy arrays in, numpy arrays out; computed without the GIL and spread
//! over threads.

use super::convert::{evaluator_arg, jing_arg};
use super::errors::{invalid_hand, to_py};
use crate::algo::batch::{self, Batch, PerRow};
use crate::algo::Evaluator;
use crate::hand::Jing;
use crate::tiles::{Counts, NUM_KINDS};
use numpy::ndarray::Array2;
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use std::borrow::Cow;

/// Rows of an (N, 34) uint8 array: borrowed (zero-copy) when C-contiguous, else copied.
fn rows<'a>(arr: &'a PyReadonlyArray2<'_, u8>, name: &str) -> PyResult<Cow<'a, [Counts]>> {
    if arr.shape()[1] != NUM_KINDS {
        return Err(invalid_hand(format!(
            "{name} must have shape (N, 34), got {:?}",
            arr.shape()
        )));
    }
    Ok(match arr.as_slice() {
        Ok(s) => Cow::Borrowed(s.as_chunks::<NUM_KINDS>().0),
        Err(_) => {
            let flat: Vec<u8> = arr.as_array().iter().copied().collect();
            Cow::Owned(flat.as_chunks::<NUM_KINDS>().0.to_vec())
        }
    })
}

fn u8_matrix<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<PyReadonlyArray2<'py, u8>> {
    obj.extract::<PyReadonlyArray2<'py, u8>>().map_err(|_| {
        invalid_hand(format!(
            "{name} must be a numpy uint8 array of shape (N, 34)"
        ))
    })
}

/// Everything a batch call takes, converted; the counts stay in the caller's array.
struct Args<'py> {
    eval: &'static Evaluator,
    counts: PyReadonlyArray2<'py, u8>,
    jing: Vec<Jing>,
    melds: Vec<u8>,
    threads: usize,
}

impl<'py> Args<'py> {
    fn new(
        counts: &Bound<'py, PyAny>,
        rules: Option<&Bound<'py, PyAny>>,
        jing: Option<&Bound<'py, PyAny>>,
        melds: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
    ) -> PyResult<Args<'py>> {
        let eval = evaluator_arg(counts.py(), rules)?;
        let arr = u8_matrix(counts, "counts")?;
        let n = rows(&arr, "counts")?.len();
        let jing = match jing {
            None => vec![Jing::NONE],
            Some(j) => match j.extract::<PyReadonlyArray2<'_, bool>>() {
                Ok(mask) => {
                    if mask.shape() != [n, NUM_KINDS] {
                        return Err(invalid_hand(format!(
                            "a jing mask must have shape ({n}, 34), got {:?}",
                            mask.shape()
                        )));
                    }
                    mask.as_array()
                        .outer_iter()
                        .map(|row| {
                            let bits = row
                                .iter()
                                .enumerate()
                                .fold(0u64, |m, (k, &w)| m | u64::from(w) << k);
                            Jing::from_mask(bits)
                        })
                        .collect()
                }
                Err(_) => vec![jing_arg(j)?],
            },
        };
        let melds = match melds {
            None => vec![0],
            Some(m) => {
                if let Ok(v) = m.extract::<i64>() {
                    vec![super::convert::melds_arg(v)?]
                } else {
                    let arr = m.extract::<PyReadonlyArray1<'_, u8>>().map_err(|_| {
                        invalid_hand("melds must be an int or a numpy uint8 array of shape (N,)")
                    })?;
                    let v: Vec<u8> = arr.as_array().iter().copied().collect();
                    if let Some(i) = v.iter().position(|&m| m > 4) {
                        return Err(invalid_hand(format!(
                            "row {i}: melds must be 0 to 4, got {}",
                            v[i]
                        )));
                    }
                    v
                }
            }
        };
        Ok(Args {
            eval,
            counts: arr,
            jing,
            melds,
            threads: batch::thread_count(threads),
        })
    }

    /// The batch over `rows` (the counts, borrowed or copied by [`rows`]).
    fn batch<'a>(&'a self, rows: &'a [Counts]) -> Batch<'a> {
        Batch {
            counts: rows,
            jing: if self.jing.len() == 1 && rows.len() != 1 {
                PerRow::All(self.jing[0])
            } else {
                PerRow::Each(&self.jing)
            },
            melds: if self.melds.len() == 1 && rows.len() != 1 {
                PerRow::All(self.melds[0])
            } else {
                PerRow::Each(&self.melds)
            },
        }
    }
}

impl Args<'_> {
    /// Runs a core batch function on these arguments, without the GIL.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Evaluator, &Batch<'_>, usize) -> crate::Result<Vec<T>> + Send,
    ) -> PyResult<Vec<T>> {
        let rows = rows(&self.counts, "counts")?;
        let (eval, b, threads) = (self.eval, self.batch(&rows), self.threads);
        py.detach(move || f(eval, &b, threads)).map_err(to_py)
    }
}

fn matrix<T: numpy::Element>(py: Python<'_>, v: Vec<T>) -> PyResult<Bound<'_, PyArray2<T>>> {
    let n = v.len() / NUM_KINDS;
    let a = Array2::from_shape_vec((n, NUM_KINDS), v)
        .map_err(|e| invalid_hand(format!("internal shape error: {e}")))?;
    Ok(a.into_pyarray(py))
}

/// Shanten of every row of an (N, 34) uint8 count matrix, as an int8 array of N.
/// (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, *, rules=None, jing=None, melds=None, threads=None))]
fn shanten<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let args = Args::new(counts, rules, jing, melds, threads)?;
    Ok(args.run(py, batch::shanten)?.into_pyarray(py))
}

/// For every 13-3k row, an (N, 34) bool mask of the kinds that complete it.
/// (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, *, rules=None, jing=None, melds=None, threads=None))]
fn winning_mask<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let args = Args::new(counts, rules, jing, melds, threads)?;
    matrix(py, args.run(py, batch::winning_mask)?)
}

/// For every 14-3k row, an (N, 34) int8 array: the shanten after discarding each kind, and
/// `NOT_HELD` (127) where the row holds none of it.
/// (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, *, rules=None, jing=None, melds=None, threads=None))]
fn discard_shanten<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let args = Args::new(counts, rules, jing, melds, threads)?;
    matrix(py, args.run(py, batch::discard_shanten)?)
}

/// For every 14-3k row, an (N, 34) int16 array: after discarding each kind, how many unseen
/// tiles lower the shanten (-1 where the row holds none). `visible`: (N, 34) uint8 counts of
/// tiles each row sees outside its hand.
/// (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, visible, *, rules=None, jing=None, melds=None, threads=None))]
fn effective_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    visible: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<i16>>> {
    let args = Args::new(counts, rules, jing, melds, threads)?;
    let vis_arr = u8_matrix(visible, "visible")?;
    let vis = rows(&vis_arr, "visible")?;
    let vis: &[Counts] = &vis;
    matrix(
        py,
        args.run(py, |e, b, t| batch::effective_counts(e, b, vis, t))?,
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "batch")?;
    sub.add("NOT_HELD", batch::NOT_HELD)?;
    sub.add_function(wrap_pyfunction!(shanten, &sub)?)?;
    sub.add_function(wrap_pyfunction!(winning_mask, &sub)?)?;
    sub.add_function(wrap_pyfunction!(discard_shanten, &sub)?)?;
    sub.add_function(wrap_pyfunction!(effective_counts, &sub)?)?;
    m.add_submodule(&sub)?;
    Ok(())
}
