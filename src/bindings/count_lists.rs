//! The fast paths for the commonest int arguments, through PyO3's safe API only: a hand as a
//! list of 34 counts, and a small int (a tile index, seat, wind or flower count).
//!
//! - **A list of 34 counts.** Each item's address is fetched by `PyList_GetItem` (a borrowed
//!   pointer, never dereferenced) and compared by identity (Python's `is`) with the ints 0-4
//!   this module holds: CPython caches
//!   those as single objects, so a count is almost always one of them, and is recognised with
//!   no type check, no conversion and no branch per item (the counts of a random hand are
//!   unpredictable, and a branch per item mispredicted often enough to double the cost of a
//!   `shanten` call). An interpreter that does not cache them, or any other item, makes the
//!   comparison fail and the caller read the list the general way: identity is the only thing
//!   relied on, never an object's layout or address.
//! - **A small int.** An exact `int` is read by `extract` (one `PyLong_AsLong`); anything else
//!   (a bool, an int subclass, numpy's ints, a huge int) goes to the caller's general reader,
//!   which gives the exact error.

use crate::tiles::{Counts, NUM_KINDS};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};

/// The Python ints 0-4, held for the interpreter's lifetime (so that `is` against them means
/// "is this very int").
fn small_ints(py: Python<'_>) -> &[Py<PyAny>; 5] {
    static SMALL: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();
    SMALL.get_or_init(py, || {
        [0u8, 1, 2, 3, 4].map(|v| match v.into_pyobject(py) {
            Ok(o) => o.into_any().unbind(),
            Err(never) => match never {},
        })
    })
}

/// The value of `obj` if it is an exact `int` in `0..=max` (at most 255); None for anything
/// else: the caller then reads it the general way, which refuses or converts it with its own
/// message.
#[inline(always)]
pub fn small_int(obj: &Bound<'_, PyAny>, max: u8) -> Option<u8> {
    let v: i64 = obj.cast_exact::<PyInt>().ok()?.extract().ok()?;
    u8::try_from(v).ok().filter(|&v| v <= max)
}

/// Fast path for the commonest input, a list of 34 counts, each one of the cached ints 0-4
/// (module comment). `None` sends anything else (other int objects, other types, other
/// lengths) to the general path, which gives the exact error.
pub fn counts_from_list(list: &Bound<'_, PyList>) -> Option<Counts> {
    if list.len() != NUM_KINDS {
        return None;
    }
    let small = small_ints(list.py()).each_ref().map(|o| o.as_ptr());
    let mut counts = [0u8; NUM_KINDS];
    let mut bad = 0u8;
    for (i, c) in counts.iter_mut().enumerate() {
        let item = borrowed_item(list, i);
        let is = small.map(|o| u8::from(std::ptr::eq(item, o)));
        bad |= u8::from(is.iter().sum::<u8>() == 0);
        *c = is[1] + 2 * is[2] + 3 * is[3] + 4 * is[4];
    }
    (bad == 0).then_some(counts)
}

/// The address of `list[i]`, only to compare it with the held ints; null if there is none.
/// `PyList::get_item` would take and drop a reference per item (two more calls into the
/// interpreter in the stable ABI, half the cost of a `shanten` call).
#[inline(always)]
fn borrowed_item(list: &Bound<'_, PyList>, i: usize) -> *const pyo3::ffi::PyObject {
    let Ok(index) = pyo3::ffi::Py_ssize_t::try_from(i) else {
        return std::ptr::null();
    };
    // SAFETY: `list` is a live list (a `Bound` holds a reference and the GIL is held), which is
    // all `PyList_GetItem` (stable ABI, documented) asks. It returns a borrowed pointer or null
    // with an IndexError set; the pointer is never dereferenced, only compared by address with
    // ints this module owns, so it does not matter how long it stays valid.
    let item = unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), index) };
    if item.is_null() {
        // SAFETY: the GIL is held; this clears the IndexError PyList_GetItem just set.
        unsafe { pyo3::ffi::PyErr_Clear() };
    }
    item
}
