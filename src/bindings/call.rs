//! Entry points CPython calls through the vectorcall protocol directly (`METH_FASTCALL |
//! METH_KEYWORDS`), with their keywords matched by address.
//!
//! Why not `#[pyfunction]`: pyo3 matches each keyword by comparing its text with the names
//! of the parameters, in turn. For `gb_fan`, a call that may pass thirteen keywords and costs
//! about a microsecond in all, that comparison was measured at 0.11 µs of a call with five
//! keywords (a no-op of the same signature: 0.17 µs under pyo3, 0.06 µs here;
//! docs/performance.md). CPython interns the keyword names a call site spells out, and the
//! keys of a dict built from such names, so a name is almost always the very object this
//! module interned at start: matched by one address comparison. Any other string with the same
//! text is matched by its text, so every call pyo3 accepted is accepted, to the same
//! parameter.

use super::count_lists::tuple_items_raw;
use super::errors::{guard, type_error};
use crate::address_table::AddressTable;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::Borrowed;
use std::ffi::CStr;

/// The most parameters an entry may have.
const MAX_PARAMS: usize = 16;

/// A function served by [`entry`]: its name, docstring, parameters and body.
pub trait Entry {
    /// The function's name.
    const NAME: &'static CStr;
    /// Its docstring, the `name(signature)\n--\n\n` line first.
    const DOC: &'static CStr;
    /// Every parameter's name: the positional-or-keyword ones first, then the keyword-only.
    const PARAMS: &'static [&'static str];
    /// How many of [`Self::PARAMS`] may be given by position.
    const POSITIONAL: usize;

    /// The parameter names interned, in [`Self::PARAMS`] order, with their address table
    /// (kept in a `PyOnceLock` of the implementation's own: [`Keywords::new`]).
    fn keywords(py: Python<'_>) -> &Keywords;

    /// The body, given the arguments matched to their parameters.
    fn call<'py>(py: Python<'py>, args: &Args<'_, 'py>) -> PyResult<Bound<'py, PyAny>>;
}

/// The index of `name` in `params`, at compile time (a name not there fails the build).
pub const fn param(params: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < params.len() {
        let (a, b) = (params[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not a parameter")
}

/// The parameters' names interned, for [`Entry::keywords`].
pub fn intern_all(py: Python<'_>, names: &[&str]) -> Vec<Py<PyString>> {
    names
        .iter()
        .map(|n| PyString::intern(py, n).unbind())
        .collect()
}

/// A function's parameter names, interned, and a table from their addresses to their
/// indices: a name is found by one look-up rather than compared with each parameter in turn.
pub struct Keywords {
    /// Held so that the addresses stay theirs for the life of the process.
    names: Vec<Py<PyString>>,
    /// Which parameter each name's address is.
    table: AddressTable,
}

impl Keywords {
    /// The names interned and their table.
    pub fn new(py: Python<'_>, params: &[&str]) -> Keywords {
        let names = intern_all(py, params);
        let addresses: Vec<usize> = names.iter().map(|n| n.as_ptr() as usize).collect();
        Keywords {
            table: AddressTable::new(&addresses),
            names,
        }
    }

    /// Whether names are found by their address table ("address table") or, where no
    /// multiplier separated the addresses, compared in turn ("in turn").
    pub fn lookup(&self) -> &'static str {
        if self.table.get(0).is_some() {
            "address table"
        } else {
            "in turn"
        }
    }

    /// The index of the parameter whose interned name is this very object.
    #[inline(always)]
    fn index_of(&self, name: *mut ffi::PyObject) -> Option<usize> {
        let a = name as usize;
        match self.table.get(a) {
            Some(found) => found.map(usize::from),
            None => self.names.iter().position(|n| n.as_ptr() as usize == a),
        }
    }
}

/// The arguments of one call, by parameter: None where not given.
pub struct Args<'a, 'py> {
    slots: [Option<Borrowed<'a, 'py, PyAny>>; MAX_PARAMS],
}

impl<'py> Args<'_, 'py> {
    /// The argument of parameter `i`, as given (None included).
    #[inline(always)]
    pub fn given(&self, i: usize) -> Option<&Bound<'py, PyAny>> {
        self.slots[i].as_deref()
    }

    /// The argument of parameter `i`, None when not given or given as None (the parameter's
    /// default then applies).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<&Bound<'py, PyAny>> {
        self.given(i).filter(|a| !a.is_none())
    }
}

/// The parameter a keyword names: by the name object's address (inlined), else by its text.
#[inline(always)]
fn param_index<E: Entry>(py: Python<'_>, name: Borrowed<'_, '_, PyAny>) -> PyResult<usize> {
    match E::keywords(py).index_of(name.as_ptr()) {
        Some(i) => Ok(i),
        None => param_index_by_text::<E>(name),
    }
}

/// [`param_index`] for a name that is not the interned object: compared by its text.
#[cold]
#[inline(never)]
fn param_index_by_text<E: Entry>(name: Borrowed<'_, '_, PyAny>) -> PyResult<usize> {
    let name = name.cast::<PyString>()?;
    let text = name.to_cow()?;
    E::PARAMS.iter().position(|&p| p == text).ok_or_else(|| {
        type_error(format!(
            "{}() got an unexpected keyword argument '{}'",
            E::NAME.to_string_lossy(),
            crate::error::excerpt(&text)
        ))
    })
}

/// Matches a vectorcall's arguments to `E`'s parameters.
///
/// # Safety
/// `args` must hold `nargs` positional arguments followed by one value per name of
/// `kwnames` (a tuple of str, or null for none), each a reference alive for `'a`, as the
/// vectorcall protocol guarantees for the duration of a call.
unsafe fn match_args<'a, 'py, E: Entry>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Args<'a, 'py>> {
    let name = || E::NAME.to_string_lossy(); // for messages only
    let nargs = usize::try_from(nargs).unwrap_or(0);
    if nargs > E::POSITIONAL {
        return Err(type_error(format!(
            "{}() takes {} positional arguments but {nargs} were given",
            name(),
            E::POSITIONAL
        )));
    }
    let mut out = Args {
        slots: [None; MAX_PARAMS],
    };
    for (i, slot) in out.slots.iter_mut().enumerate().take(nargs) {
        // SAFETY: i < nargs, so `args.add(i)` is one of the positional arguments, a live
        // reference for the call (this function's contract).
        *slot = Some(unsafe { Borrowed::from_ptr(py, *args.add(i)) });
    }
    if kwnames.is_null() {
        return Ok(out);
    }
    // SAFETY: `kwnames` is not null, so it is the call's tuple of keyword names, alive for
    // the call (this function's contract).
    let names = unsafe { Borrowed::from_ptr(py, kwnames) };
    // SAFETY: `kwnames` is a live tuple of str for the call, complete and unchanging.
    if let Some(keys) = unsafe { tuple_items_raw(py, kwnames) } {
        for (k, &key) in keys.iter().enumerate() {
            // SAFETY: `key` is an item of the live tuple `names`, borrowed while it is; k is
            // below the number of keywords, and `args` is as `place` needs (this function's
            // contract).
            unsafe { place::<E>(py, &mut out, k, Borrowed::from_ptr(py, key), args, nargs) }?;
        }
    } else {
        let n_kw = usize::try_from(unsafe { ffi::PyTuple_Size(kwnames) }).unwrap_or(0);
        for k in 0..n_kw {
            // SAFETY: k < the tuple's size; `PyTuple_GetItem` returns a borrowed reference to
            // an item of `names`, which outlives this loop.
            let key = unsafe {
                Borrowed::from_ptr_or_err(py, ffi::PyTuple_GetItem(names.as_ptr(), k as _))
            }?;
            // SAFETY: k is below the number of keywords; `args` is as `place` needs (this
            // function's contract).
            unsafe { place::<E>(py, &mut out, k, key, args, nargs) }?;
        }
    }
    Ok(out)
}

/// Puts the value of the `k`-th keyword, named `key`, in its parameter's slot (inlined: a
/// call may pass a dozen keywords).
///
/// # Safety
/// As [`match_args`]: `args` holds `nargs` positional arguments and then the keywords' values,
/// each alive for `'a`, and `k` is less than the number of keywords.
#[inline(always)]
unsafe fn place<'a, 'py, E: Entry>(
    py: Python<'py>,
    out: &mut Args<'a, 'py>,
    k: usize,
    key: Borrowed<'_, 'py, PyAny>,
    args: *const *mut ffi::PyObject,
    nargs: usize,
) -> PyResult<()> {
    let i = param_index::<E>(py, key)?;
    if out.slots[i].is_some() {
        return Err(repeated::<E>(i));
    }
    // SAFETY: the value of the k-th keyword follows the `nargs` positional arguments (this
    // function's contract).
    out.slots[i] = Some(unsafe { Borrowed::from_ptr(py, *args.add(nargs + k)) });
    Ok(())
}

/// The error for a parameter given twice.
#[cold]
fn repeated<E: Entry>(i: usize) -> PyErr {
    type_error(format!(
        "{}() got multiple values for argument '{}'",
        E::NAME.to_string_lossy(),
        E::PARAMS[i]
    ))
}

/// The C function CPython calls for `E` (`METH_FASTCALL | METH_KEYWORDS`).
///
/// # Safety
/// Called by CPython only, with the protocol's arguments and the thread attached.
unsafe extern "C" fn entry<E: Entry>(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method definition's function with the calling thread attached
    // to the interpreter (holding the GIL), which is what `assume_attached` requires.
    let py = unsafe { Python::assume_attached() };
    let result = guard(|| {
        // SAFETY: CPython passes the vectorcall arguments `match_args` requires.
        let matched = unsafe { match_args::<E>(py, args, nargs, kwnames) }?;
        E::call(py, &matched).map(Bound::unbind)
    });
    match result {
        Ok(obj) => obj.into_ptr(),
        Err(err) => {
            err.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// Adds `E` to module `m` as a builtin function.
pub fn register<E: Entry>(m: &Bound<'_, PyModule>) -> PyResult<()> {
    debug_assert!(E::PARAMS.len() <= MAX_PARAMS && E::POSITIONAL <= E::PARAMS.len());
    let py = m.py();
    let _ = E::keywords(py);
    // CPython keeps a pointer to the definition for as long as the function lives: it is
    // leaked, a few words once per module initialisation.
    let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: E::NAME.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: entry::<E>,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: E::DOC.as_ptr(),
    }));
    let module_name = m.name()?;
    // SAFETY: `def` lives for the rest of the process and its strings are static; the module
    // name is a live str; a null `self` makes a plain function. The new reference is owned.
    let function = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, std::ptr::null_mut(), module_name.as_ptr()),
        )
    }?;
    m.add(E::NAME.to_string_lossy().as_ref(), function)
}
