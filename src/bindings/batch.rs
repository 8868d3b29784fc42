//! `majiang.batch`: numpy arrays in, numpy arrays out; computed without the GIL and spread
//! over threads.
//!
//! What each array argument promises (see docs/reliability.md, "Core and batch input"):
//! - `counts` and `visible`: `(N, 34)` `uint8` of any layout. A C-contiguous array is read
//!   in place (zero-copy) through atomic loads, each row once, so another thread writing
//!   it meanwhile can change answers but never make a row pass its check and then be read
//!   as something else; any other layout (Fortran order, transposed, strided, negative
//!   strides) is copied in C order first, with the GIL held. Other dtypes are refused.
//! - `jing`: tile names for every row, or an `(N, 34)` bool mask read as bytes (any nonzero
//!   byte is true: numpy can hold bool bytes other than 0 and 1), copied with the GIL held.
//! - `melds`: an int, or a `uint8` array of N, copied with the GIL held.

use super::convert::{int_arg, jing_arg, melds_arg, IntArg};
use super::errors::{guard, invalid_hand, rules_error, to_py, type_error, type_name};
use crate::algo::batch::{self, Batch, PerRow, Rows, MAX_THREADS};
use crate::algo::Evaluator;
use crate::error::excerpt;
use crate::hand::Jing;
use crate::tiles::{Counts, NUM_KINDS};
use numpy::ndarray::{Array2, Array3};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayDescrMethods, PyArrayMethods,
    PyReadonlyArray1, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use std::sync::atomic::AtomicU8;

/// An `(N, 34)` `uint8` matrix argument: the caller's array, and a C-order copy of it when
/// its layout is not C-contiguous.
struct Matrix<'py> {
    arr: PyReadonlyArray2<'py, u8>,
    copy: Option<Vec<Counts>>,
}

impl<'py> Matrix<'py> {
    fn new(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Matrix<'py>> {
        let arr = obj.extract::<PyReadonlyArray2<'py, u8>>().map_err(|_| {
            invalid_hand(format!(
                "{name} must be a numpy uint8 array of shape (N, 34), not {}",
                describe_array(obj)
            ))
        })?;
        if arr.shape()[1] != NUM_KINDS {
            return Err(invalid_hand(format!(
                "{name} must have shape (N, 34), got {:?}",
                arr.shape()
            )));
        }
        let copy = if arr.is_c_contiguous() {
            None
        } else {
            // Any other layout: copied row by row in C (logical) order, with the GIL held.
            // (`as_slice` would also accept a Fortran-ordered array, in memory order.)
            let view = arr.as_array();
            Some(
                view.outer_iter()
                    .map(|row| std::array::from_fn(|k| row[k]))
                    .collect(),
            )
        };
        Ok(Matrix { arr, copy })
    }

    fn len(&self) -> usize {
        self.arr.shape()[0]
    }

    /// The rows: the copy, or the caller's C-contiguous buffer as shared memory.
    fn rows(&self) -> Rows<'_> {
        if let Some(copy) = &self.copy {
            return Rows::Slice(copy);
        }
        let len = self.len() * NUM_KINDS;
        if len == 0 {
            return Rows::Shared(&[]);
        }
        let data = self.arr.data().cast_const().cast::<AtomicU8>();
        // SAFETY: the array is C-contiguous with shape (N, 34) and item size 1, so its data
        // pointer addresses `N * 34` bytes of the array's buffer, in C order; `len > 0`, so
        // numpy has allocated them (the pointer is non-null). `AtomicU8` has the size,
        // alignment and bit validity of `u8`, so any byte is a valid `AtomicU8`. The buffer
        // lives as long as the array object, which `self.arr` holds a reference to for the
        // whole borrow of `self` (numpy reallocates a live array's buffer only through
        // `ndarray.resize(refcheck=False)`, which numpy documents as unsafe while anything
        // else refers to the array — the contract every GIL-releasing numpy loop relies on).
        // Other threads may write the bytes meanwhile (numpy's, not ours): the slice is of
        // atomics, which permit that, and the batch only loads from it, never forming a
        // `&u8` that would promise the bytes do not change.
        Rows::Shared(unsafe { std::slice::from_raw_parts(data, len) })
    }
}

/// "int64 array of shape (3, 34)", "list", ...: what a rejected array argument was.
fn describe_array(obj: &Bound<'_, PyAny>) -> String {
    match obj.cast::<PyUntypedArray>() {
        Ok(a) => {
            let dtype = obj.getattr("dtype").and_then(|d| d.str());
            let dtype = dtype.map_or(String::from("?"), |s| s.to_string_lossy().into_owned());
            format!("{} array of shape {:?}", excerpt(&dtype), a.shape())
        }
        Err(_) => type_name(obj),
    }
}

/// The per-row wild sets from an `(N, 34)` bool mask, read as bytes (nonzero = wild).
fn jing_mask(mask: &Bound<'_, PyUntypedArray>, n: usize) -> PyResult<Vec<Jing>> {
    if mask.shape() != [n, NUM_KINDS] {
        return Err(invalid_hand(format!(
            "a jing mask must have shape ({n}, 34), got {:?}",
            mask.shape()
        )));
    }
    // A numpy bool may hold any byte, and reading a byte other than 0 or 1 as a Rust `bool`
    // is undefined behaviour: view the mask as uint8 (same item size, any layout) instead.
    let bytes = mask.call_method1("view", (numpy::dtype::<u8>(mask.py()),))?;
    let bytes = bytes.extract::<PyReadonlyArray2<'_, u8>>()?;
    Ok(bytes
        .as_array()
        .outer_iter()
        .map(|row| {
            let bits = row
                .iter()
                .enumerate()
                .fold(0u64, |m, (k, &w)| m | u64::from(w != 0) << k);
            Jing::from_mask(bits)
        })
        .collect())
}

/// The `jing=` argument: `None`, one wild set for every row, or a per-row bool mask.
fn jing_rows(jing: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<Jing>> {
    let Some(j) = jing else {
        return Ok(vec![Jing::NONE]);
    };
    if let Ok(arr) = j.cast::<PyUntypedArray>() {
        if arr.ndim() == 2 {
            let is_bool = arr.dtype().is_equiv_to(&numpy::dtype::<bool>(j.py()));
            if !is_bool {
                return Err(invalid_hand(format!(
                    "a jing mask must be a numpy bool array of shape ({n}, 34), not {}",
                    describe_array(j)
                )));
            }
            return jing_mask(arr, n);
        }
    }
    Ok(vec![jing_arg(j)?])
}

/// The `melds=` argument: `None` (0), an int for every row, or a `uint8` array of N.
fn meld_rows(melds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u8>> {
    let Some(m) = melds else {
        return Ok(vec![0]);
    };
    if m.cast::<PyUntypedArray>().is_err() {
        return Ok(vec![melds_arg(Some(m))?]);
    }
    let arr = m.extract::<PyReadonlyArray1<'_, u8>>().map_err(|_| {
        invalid_hand(format!(
            "melds must be an int or a numpy uint8 array of shape (N,), not {}",
            describe_array(m)
        ))
    })?;
    let v: Vec<u8> = arr.as_array().iter().copied().collect();
    if let Some(i) = v.iter().position(|&m| m > 4) {
        return Err(invalid_hand(format!(
            "row {i}: melds must be 0 to 4, got {}",
            v[i]
        )));
    }
    Ok(v)
}

/// The `threads=` argument: `None` or 0 for the default, else at most [`MAX_THREADS`]
/// (a larger count is capped); negative is a RulesError.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let requested = match threads {
        None => None,
        Some(t) if t.is_none() => None,
        Some(t) => match int_arg(t, "threads").map_err(|e| {
            if e.is_instance_of::<super::errors::ArgumentTypeError>(t.py()) {
                type_error(format!(
                    "threads must be an int or None, not {}",
                    type_name(t)
                ))
            } else {
                e
            }
        })? {
            IntArg::Small(n) if n >= 0 => Some(usize::try_from(n).unwrap_or(MAX_THREADS)),
            IntArg::Huge {
                negative: false, ..
            } => Some(MAX_THREADS),
            other => {
                return Err(rules_error(format!(
                    "threads must be 0 or more (0 or None: the default), got {}",
                    other.describe()
                )));
            }
        },
    };
    Ok(batch::thread_count(requested))
}

/// Everything a batch call takes, converted.
struct Args<'py> {
    eval: &'static Evaluator,
    counts: Matrix<'py>,
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
        threads: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Args<'py>> {
        let eval = super::convert::evaluator_arg(counts.py(), rules)?;
        let counts = Matrix::new(counts, "counts")?;
        let jing = jing_rows(jing, counts.len())?;
        let melds = meld_rows(melds)?;
        let threads = threads_arg(threads)?;
        Ok(Args {
            eval,
            counts,
            jing,
            melds,
            threads,
        })
    }

    /// The batch over the counts (one jing set or meld count is shared by every row).
    fn batch(&self) -> Batch<'_> {
        let rows = self.counts.len();
        Batch {
            counts: self.counts.rows(),
            jing: if self.jing.len() == 1 && rows != 1 {
                PerRow::All(self.jing[0])
            } else {
                PerRow::Each(&self.jing)
            },
            melds: if self.melds.len() == 1 && rows != 1 {
                PerRow::All(self.melds[0])
            } else {
                PerRow::Each(&self.melds)
            },
        }
    }

    /// Runs a core batch function on these arguments, without the GIL.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Evaluator, &Batch<'_>, usize) -> crate::Result<Vec<T>> + Send,
    ) -> PyResult<Vec<T>> {
        let (eval, b, threads) = (self.eval, self.batch(), self.threads);
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
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        Ok(args.run(py, batch::shanten)?.into_pyarray(py))
    })
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
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        matrix(py, args.run(py, batch::winning_mask)?)
    })
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
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        matrix(py, args.run(py, batch::discard_shanten)?)
    })
}

/// For every 14-3k row, an (N, 34) int16 array: after discarding each kind, how many unseen
/// tiles lower the shanten (-1 where the row holds none). `visible`: (N, 34) uint8 counts of
/// tiles each row sees outside its hand.
/// (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, visible, *, rules=None, jing=None, melds=None, threads=None))]
#[allow(clippy::too_many_arguments)]
fn effective_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    visible: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<i16>>> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        let vis = Matrix::new(visible, "visible")?;
        let vis = vis.rows();
        matrix(
            py,
            args.run(py, |e, b, t| batch::effective_counts(e, b, vis, t))?,
        )
    })
}

/// The four efficiency planes of every row, as an (N, 4, 34) uint8 array: 1 + shanten,
/// 1 + shanten after each discard, effective tiles after each discard, waits (see
/// `majiang.rl.planes`). `unseen`: (N, 34) uint8 counts of each kind each row has not seen.
#[pyfunction]
#[pyo3(signature = (counts, unseen, *, rules=None, jing=None, melds=None, threads=None))]
#[allow(clippy::too_many_arguments)]
fn efficiency_planes<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    unseen: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        let unseen = Matrix::new(unseen, "unseen")?;
        let rows = unseen.rows();
        let v = args.run(py, |e, b, t| batch::efficiency_planes(e, b, rows, t))?;
        let n = v.len() / (batch::EFFICIENCY_ROWS * NUM_KINDS);
        let a = Array3::from_shape_vec((n, batch::EFFICIENCY_ROWS, NUM_KINDS), v)
            .map_err(|e| invalid_hand(format!("internal shape error: {e}")))?;
        Ok(a.into_pyarray(py))
    })
}

/// For every 14-3k row, the discard advice of each kind as four (N, 34) arrays: shanten
/// after the discard (int8, `NOT_HELD` where the row holds none), unseen effective tiles
/// (uint16), unseen improving tiles (uint16), the average effective count one step ahead
/// (float32, NaN where there is none). `unseen`: (N, 34) uint8 counts each row has not
/// seen, or None for `4 - held`. (Documented with an example in `python/majiang/batch.py`.)
#[pyfunction]
#[pyo3(signature = (counts, unseen=None, *, rules=None, jing=None, melds=None, threads=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn advice<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    unseen: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<(
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray2<u16>>,
    Bound<'py, PyArray2<u16>>,
    Bound<'py, PyArray2<f32>>,
)> {
    guard(|| {
        let args = Args::new(counts, rules, jing, melds, threads)?;
        let unseen = unseen
            .filter(|u| !u.is_none())
            .map(|u| Matrix::new(u, "unseen"))
            .transpose()?;
        let rows = unseen.as_ref().map(|u| u.rows());
        let v = args.run(py, |e, b, t| batch::advice(e, b, rows, t))?;
        Ok((
            matrix(py, v.iter().map(|a| a.shanten).collect())?,
            matrix(py, v.iter().map(|a| a.effective).collect())?,
            matrix(py, v.iter().map(|a| a.improving).collect())?,
            matrix(py, v.iter().map(|a| a.next_average).collect())?,
        ))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sub = PyModule::new(m.py(), "batch")?;
    sub.add("NOT_HELD", batch::NOT_HELD)?;
    sub.add("MAX_THREADS", MAX_THREADS)?;
    sub.add_function(wrap_pyfunction!(shanten, &sub)?)?;
    sub.add_function(wrap_pyfunction!(winning_mask, &sub)?)?;
    sub.add_function(wrap_pyfunction!(discard_shanten, &sub)?)?;
    sub.add_function(wrap_pyfunction!(effective_counts, &sub)?)?;
    sub.add_function(wrap_pyfunction!(efficiency_planes, &sub)?)?;
    sub.add_function(wrap_pyfunction!(advice, &sub)?)?;
    m.add_submodule(&sub)?;
    Ok(())
}
