//! The fast path for the commonest hand argument, a list of 34 counts.
//!
//! Two costs dominated a `shanten` call on such a list, and both are avoided here:
//! - **One interpreter call per item.** The stable ABI offers only `PyList_GetItem`. CPython's
//!   list object is `{ob_refcnt, ob_type, ob_size, ob_item, allocated}`
//!   (`Include/cpython/listobject.h`, the same in every default build from 3.0 through 3.14).
//!   Where this process has verified that layout once, the item pointers are read in place;
//!   anywhere else (another interpreter, a newer CPython, a different object header) each item
//!   is fetched by call. Tuples likewise (`{ob_refcnt, ob_type, ob_size, ob_item[]}`, the items
//!   inline, `Include/cpython/tupleobject.h`): [`tuple_items`] serves the keyword names of a
//!   call and the meld tuples of `gb.fan`, where `PyTuple_GetItem` and `PyTuple_Size` calls
//!   were measured at a few percent of a call.
//! - **A mispredicted branch per item.** CPython caches the ints 0-4 as single objects, so an
//!   item is recognised by its address alone, branch-free: by one subtraction and shift where
//!   the five objects lie at equal power-of-two steps (CPython 3.11+ keeps them in one static
//!   array), else by five comparisons.
//!
//! Setting the environment variable `MAJIANG_PORTABLE_LISTS=1` before the first call forces
//! the portable variant of both (item calls, address comparisons), so tests can check that
//! every variant gives the same answers; `_core._list_reads()` says which are in use.

use crate::tiles::{Counts, NUM_KINDS};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};
use std::mem::size_of;

/// Whether `MAJIANG_PORTABLE_LISTS` asks for the portable variants.
fn portable_forced() -> bool {
    std::env::var_os("MAJIANG_PORTABLE_LISTS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Word offsets of `ob_size` and `ob_item` in the verified layout.
const SIZE_WORD: usize = 2;
const ITEMS_WORD: usize = 3;

/// Whether lists in this process have the layout the module comment describes.
fn direct_reads_verified(py: Python<'_>) -> bool {
    static VERIFIED: PyOnceLock<bool> = PyOnceLock::new();
    *VERIFIED.get_or_init(py, || {
        !portable_forced() && verify_layout(py).unwrap_or(false)
    })
}

fn verify_layout(py: Python<'_>) -> PyResult<bool> {
    let name: String = py
        .import("sys")?
        .getattr("implementation")?
        .getattr("name")?
        .extract()?;
    let version = py.version_info();
    let known_header = version.major == 3 && (10..=14).contains(&version.minor);
    if name != "cpython" || !known_header {
        return Ok(false);
    }
    // A larger object header (free-threaded builds) or any other field order changes the size.
    let list_type = py.get_type::<PyList>();
    let basic_size: usize = list_type.getattr("__basicsize__")?.extract()?;
    let item_size: usize = list_type.getattr("__itemsize__")?.extract()?;
    if basic_size != 5 * size_of::<usize>() || item_size != 0 || !verify_tuple_layout(py)? {
        return Ok(false);
    }
    let probe = PyList::new(
        py,
        [
            py.None(),
            true.into_pyobject(py)?.to_owned().into_any().unbind(),
        ],
    )?;
    let words = probe.as_ptr() as *const usize;
    // SAFETY: `probe` is a live list whose type's instances are `basic_size` = 5 words long,
    // checked above, so words 0-4 of the object are readable; `ob_size` is read as a plain word.
    let size = unsafe { *words.add(SIZE_WORD) };
    if size != 2 {
        return Ok(false);
    }
    // SAFETY: this is CPython 3.10-3.14 with a 5-word list object whose word 2 holds the
    // length, i.e. the default build's `PyListObject`, whose word 3 is `ob_item`, an array of
    // at least `ob_size` (= 2) object pointers; `probe` stays alive and unchanged meanwhile.
    let direct = unsafe {
        let items = *words.add(ITEMS_WORD) as *const *mut ffi::PyObject;
        [*items, *items.add(1)]
    };
    // SAFETY: `probe` is a live list with two items; both indices are in range and the
    // borrowed pointers are only compared.
    let by_call = unsafe { [0, 1].map(|i| ffi::PyList_GetItem(probe.as_ptr(), i)) };
    Ok(direct == by_call)
}

/// Whether tuples are `{ob_refcnt, ob_type, ob_size, ob_item[]}`: three header words, the
/// item pointers inline after them (checked on a probe against `PyTuple_GetItem`).
fn verify_tuple_layout(py: Python<'_>) -> PyResult<bool> {
    let tuple_type = py.get_type::<PyTuple>();
    let basic_size: usize = tuple_type.getattr("__basicsize__")?.extract()?;
    let item_size: usize = tuple_type.getattr("__itemsize__")?.extract()?;
    if basic_size != TUPLE_ITEMS_WORD * size_of::<usize>() || item_size != size_of::<usize>() {
        return Ok(false);
    }
    let probe = PyTuple::new(py, [py.None(), py.Ellipsis()])?;
    let words = probe.as_ptr() as *const usize;
    // SAFETY: `probe` is a live tuple of two items whose type's instances are 3 words plus one
    // word per item (checked above): words 0-4 are readable, and word 2 is read as a plain word.
    let size = unsafe { *words.add(SIZE_WORD) };
    if size != 2 {
        return Ok(false);
    }
    // SAFETY: as above, words 3 and 4 lie within the object; they are only compared.
    let direct = unsafe {
        [
            *words.add(TUPLE_ITEMS_WORD),
            *words.add(TUPLE_ITEMS_WORD + 1),
        ]
    };
    // SAFETY: `probe` is a live tuple with two items; the indices are in range and the borrowed
    // pointers are only compared.
    let by_call = unsafe { [0, 1].map(|i| ffi::PyTuple_GetItem(probe.as_ptr(), i) as usize) };
    Ok(direct == by_call)
}

/// Word offset of a tuple's first item in the verified layout.
const TUPLE_ITEMS_WORD: usize = 3;

/// The items of `tuple` read in place, where this process verified the layout; None elsewhere
/// (the caller then goes through the API). A tuple's items never change, so the view is good
/// for as long as the tuple is borrowed.
#[inline]
pub fn tuple_items<'a>(tuple: &'a Bound<'_, PyTuple>) -> Option<&'a [*mut ffi::PyObject]> {
    // SAFETY: `tuple` is a live tuple borrowed for `'a`, which is what `tuple_items_raw` needs.
    unsafe { tuple_items_raw(tuple.py(), tuple.as_ptr()) }
}

/// [`tuple_items`] for a tuple given by pointer.
///
/// # Safety
/// `tuple` must point to a live `tuple` object (exactly that type or a subclass with the same
/// layout) that stays alive and is not being built, for `'a`.
#[inline]
pub unsafe fn tuple_items_raw<'a>(
    py: Python<'_>,
    tuple: *mut ffi::PyObject,
) -> Option<&'a [*mut ffi::PyObject]> {
    if !direct_reads_verified(py) {
        return None;
    }
    let words = tuple as *const usize;
    // SAFETY: the tuple layout of this process was verified (`verify_tuple_layout`): word 2 is
    // `ob_size` and the `ob_size` item pointers follow inline from word 3, aligned as words;
    // the tuple is alive and unchanging for `'a` (this function's contract).
    unsafe {
        let size = *words.add(SIZE_WORD);
        let items = words.add(TUPLE_ITEMS_WORD) as *const *mut ffi::PyObject;
        Some(std::slice::from_raw_parts(items, size))
    }
}

/// The item pointers of a list of exactly `N` items, as addresses: the caller may compare
/// them, never dereference them. `None` for any other length.
enum ItemAddresses<'a, const N: usize> {
    /// The list's own item array, read in place.
    InPlace(&'a [usize; N]),
    /// Copied out one call per item, where in-place reads are not verified.
    Copied([usize; N]),
}

impl<const N: usize> std::ops::Deref for ItemAddresses<'_, N> {
    type Target = [usize; N];

    fn deref(&self) -> &[usize; N] {
        match self {
            ItemAddresses::InPlace(items) => items,
            ItemAddresses::Copied(items) => items,
        }
    }
}

/// The addresses of the items of `list` if it holds exactly `N` items.
///
/// # Safety
/// No Python code may run while the result is alive: Python code could resize the list
/// and free the array an `InPlace` view points into.
unsafe fn item_addresses<'a, const N: usize>(
    list: &'a Bound<'_, PyList>,
) -> Option<ItemAddresses<'a, N>> {
    if direct_reads_verified(list.py()) {
        let words = list.as_ptr() as *const usize;
        // SAFETY: the layout of every list in this process was verified (see
        // `verify_layout`): word 2 is `ob_size`, word 3 `ob_item`, an array of `ob_size`
        // object pointers, aligned as pointers are. `list` is alive for `'a` and the GIL is
        // held; by this function's contract no Python code runs while the view lives, so the
        // list can be neither resized nor freed under it.
        unsafe {
            if *words.add(SIZE_WORD) != N {
                return None;
            }
            let items = *words.add(ITEMS_WORD) as *const [usize; N];
            Some(ItemAddresses::InPlace(&*items))
        }
    } else {
        if list.len() != N {
            return None;
        }
        Some(ItemAddresses::Copied(std::array::from_fn(|i| {
            // SAFETY: `list` is live with `N` items while the GIL is held and no Python code
            // runs; the index is in range, and the borrowed pointer is only turned into an
            // address.
            unsafe { ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t) as usize }
        })))
    }
}

/// How many of CPython's cached ints (0, 1, 2, ...) [`small_int_value`] recognises by address:
/// enough for any tile index, seat, wind or flower count.
const ADDRESSED_INTS: usize = 64;

/// The Python ints 0-4 (CPython caches them as single objects), kept alive for the
/// interpreter's lifetime, and how to recognise them by address alone.
struct SmallInts {
    /// The objects 0 to `ADDRESSED_INTS - 1`; holding them keeps their addresses valid.
    _objects: Vec<Py<PyAny>>,
    /// The addresses of 0-4.
    addresses: [usize; 5],
    /// `Some(log2 stride)` when the objects 0 to `ADDRESSED_INTS - 1` lie at equal
    /// power-of-two steps from the first (CPython 3.11+ keeps them in one static array): then
    /// an address maps to its value by one subtraction and shift.
    shift: Option<u32>,
}

fn small_ints(py: Python<'_>) -> &SmallInts {
    static SMALL: PyOnceLock<SmallInts> = PyOnceLock::new();
    SMALL.get_or_init(py, || {
        let objects: Vec<Py<PyAny>> = (0..ADDRESSED_INTS as u8)
            .map(|v| match v.into_pyobject(py) {
                Ok(o) => o.into_any().unbind(),
                Err(never) => match never {},
            })
            .collect();
        let all: Vec<usize> = objects.iter().map(|o| o.as_ptr() as usize).collect();
        let addresses = [all[0], all[1], all[2], all[3], all[4]];
        let stride = all[1].wrapping_sub(all[0]);
        let evenly_spaced = (0..ADDRESSED_INTS).all(|i| all[i] == all[0].wrapping_add(i * stride));
        let shift = (evenly_spaced && stride.is_power_of_two() && !portable_forced())
            .then(|| stride.trailing_zeros());
        SmallInts {
            _objects: objects,
            addresses,
            shift,
        }
    })
}

/// The value of `obj` when it is one of CPython's cached int objects 0-63, told from its
/// address alone (one subtraction, no type check, no reference counting); None for any other
/// object, and wherever the cached ints do not lie at equal steps: the caller then reads the
/// value the general way. An int subclass or a bool is never one of those objects.
#[inline]
pub fn small_int_value(obj: &Bound<'_, PyAny>) -> Option<u8> {
    let small = small_ints(obj.py());
    let shift = small.shift?;
    let offset = (obj.as_ptr() as usize).wrapping_sub(small.addresses[0]);
    let value = offset >> shift;
    (offset & ((1 << shift) - 1) == 0 && value < ADDRESSED_INTS).then_some(value as u8)
}

/// Fast path for the commonest input, a list of 34 counts: CPython caches the ints 0-4 as
/// single objects, so each item is recognised by its address alone, with no reference
/// counting. `None` sends anything else (other int objects, other types, other lengths) to the
/// general path, which gives the exact error.
///
/// Branch-free on purpose: the counts of a random hand are unpredictable, and a branch per
/// item mispredicted often enough to double the cost of a `shanten` call.
pub fn counts_from_list(list: &Bound<'_, PyList>) -> Option<Counts> {
    let small = small_ints(list.py());
    // SAFETY: only arithmetic on addresses runs while `items` is alive, no Python code.
    let items = unsafe { item_addresses::<NUM_KINDS>(list) }?;
    let mut counts = [0u8; NUM_KINDS];
    let mut bad = 0usize;
    match small.shift {
        Some(shift) => {
            let mask = (1usize << shift) - 1;
            for (c, &p) in counts.iter_mut().zip(items.iter()) {
                let offset = p.wrapping_sub(small.addresses[0]);
                // exactly one of the five objects: a whole number of steps, at most four
                bad |= (offset & mask) | (offset > 4 << shift) as usize;
                *c = (offset >> shift) as u8;
            }
        }
        None => {
            for (c, &p) in counts.iter_mut().zip(items.iter()) {
                let is = small.addresses.map(|a| u8::from(a == p));
                bad |= usize::from(is.iter().sum::<u8>() == 0);
                *c = is[1] + 2 * is[2] + 3 * is[3] + 4 * is[4];
            }
        }
    }
    (bad == 0).then_some(counts)
}

/// Which variants this process uses: (`"in place"` or `"by call"` for the items of lists and
/// tuples, `"address steps"` or `"address comparisons"`). For tests and diagnostics.
///
/// Example:
///     >>> from majiang import _core
///     >>> _core._list_reads()[0] in ("in place", "by call")
///     True
#[pyfunction]
pub fn _list_reads(py: Python<'_>) -> (&'static str, &'static str) {
    (
        if direct_reads_verified(py) {
            "in place"
        } else {
            "by call"
        },
        if small_ints(py).shift.is_some() {
            "address steps"
        } else {
            "address comparisons"
        },
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_list_reads, m)?)?;
    Ok(())
}
