//! Argument conversion: tiles, wild sets, rules and numbers as Python callers give them.
//!
//! The rule for bad arguments: a value of the wrong type (a float where a count is wanted,
//! a bool anywhere a count, index, meld number, limit or thread count is read) is an
//! `ArgumentTypeError` (a `MajiangError` and a `TypeError`); a value of the right type that
//! the call cannot use is the `MajiangError` subclass for its kind (`InvalidHandError`,
//! `TileParseError`, `RulesError`). Messages quote at most `QUOTE_CHARS` characters of input.

use super::count_lists::counts_from_list;
use super::errors::{invalid_hand, rules_error, tile_parse, to_py, type_error, type_name};
use super::rules::Rules;
use crate::algo::Evaluator;
use crate::error::excerpt;
use crate::hand::{counts_of, Jing};
use crate::rules::ShapeRules;
use crate::tiles::{parse_tiles, Counts, Tile, NUM_KINDS};
use numpy::PyReadonlyArray1;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyList, PyString, PyTuple};
use std::borrow::Cow;
use std::cell::RefCell;

/// An integer argument: one that fits an `i64`, or one too large for it.
pub enum IntArg {
    /// An integer that fits an `i64`.
    Small(i64),
    /// An integer outside the `i64` range, described for messages.
    Huge { negative: bool, described: String },
}

impl IntArg {
    /// The value as messages quote it.
    pub fn describe(&self) -> String {
        match self {
            IntArg::Small(v) => v.to_string(),
            IntArg::Huge { described, .. } => described.clone(),
        }
    }
}

/// An integer argument: a Python int or any object with `__index__` (numpy integers), never
/// a bool (`True` is an `int` in Python, but a count of `True` is a bug, not a 1).
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<IntArg> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!("{name} must be an int, not bool")));
    }
    match obj.extract::<i64>() {
        Ok(v) => Ok(IntArg::Small(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            let negative = obj.lt(0).unwrap_or(false);
            let bits = obj
                .py()
                .import("operator")
                .and_then(|op| op.call_method1("index", (obj,)))
                .and_then(|i| i.call_method0("bit_length"))
                .and_then(|b| b.extract::<u64>())
                .ok();
            let described = match bits {
                Some(bits) => format!("an integer of {bits} bits"),
                None => String::from("an integer out of range"),
            };
            let described = if negative {
                format!("a negative {}", &described[3..])
            } else {
                described
            };
            Ok(IntArg::Huge {
                negative,
                described,
            })
        }
        Err(_) => Err(type_error(format!(
            "{name} must be an int, not {}",
            type_name(obj)
        ))),
    }
}

/// An integer argument in `lo..=hi`; out of range is `out_of_range(message)`.
pub fn bounded_int(
    obj: &Bound<'_, PyAny>,
    name: &str,
    lo: i64,
    hi: i64,
    out_of_range: fn(String) -> PyErr,
) -> PyResult<i64> {
    match int_arg(obj, name)? {
        IntArg::Small(v) if (lo..=hi).contains(&v) => Ok(v),
        other => Err(out_of_range(format!(
            "{name} must be {lo} to {hi}, got {}",
            other.describe()
        ))),
    }
}

/// The text of a Python string; one that is not valid Unicode (a lone surrogate such as
/// `"\ud800"`, which valid JSON can carry) is `invalid(message)`, not a `UnicodeEncodeError`.
pub fn text_of<'a>(
    s: &'a Bound<'_, PyString>,
    what: &str,
    invalid: fn(String) -> PyErr,
) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|e| {
        let why = e.value(s.py()).str().map_or_else(
            |_| String::from("not valid Unicode"),
            |m| excerpt(&m.to_string_lossy()),
        );
        invalid(format!("not valid Unicode text ({what}: {why})"))
    })
}

fn count_value(item: &Bound<'_, PyAny>, i: usize) -> PyResult<u8> {
    if item.is_instance_of::<PyBool>() {
        return Err(type_error(format!("counts[{i}] is a bool, not a count")));
    }
    let v = match int_arg(item, "a count") {
        Ok(IntArg::Small(v)) => v,
        Ok(huge) => {
            return Err(invalid_hand(format!(
                "counts[{i}] = {}: a kind has 0 to 4 copies",
                huge.describe()
            )))
        }
        Err(_) => {
            return Err(type_error(format!(
                "counts[{i}] is {}, not an integer",
                type_name(item)
            )))
        }
    };
    if !(0..=4).contains(&v) {
        return Err(invalid_hand(format!(
            "counts[{i}] = {v}: a kind has 0 to 4 copies"
        )));
    }
    Ok(v as u8)
}

fn counts_from_bytes(b: &[u8]) -> PyResult<Counts> {
    let counts: Counts = b
        .try_into()
        .map_err(|_| invalid_hand(format!("counts must have 34 entries, got {}", b.len())))?;
    if let Some(i) = counts.iter().position(|&c| c > 4) {
        return Err(invalid_hand(format!(
            "counts[{i}] = {}: a kind has 0 to 4 copies",
            counts[i]
        )));
    }
    Ok(counts)
}

/// Item `i` of a sequence of tile names (`what` names the argument in messages).
fn tile_of(item: &Bound<'_, PyAny>, what: &str, i: usize) -> PyResult<Tile> {
    let s = item.cast::<PyString>().map_err(|_| {
        type_error(format!(
            "{what}[{i}] is {}, not a tile name",
            type_name(item)
        ))
    })?;
    let text = text_of(s, &format!("{what}[{i}]"), tile_parse)?;
    if let Some(t) = Tile::from_mpsz(&text) {
        return Ok(t);
    }
    let tiles = parse_tiles(&text).map_err(|e| to_py(e.into()))?;
    match tiles.as_slice() {
        [t] => Ok(*t),
        _ => Err(tile_parse(format!(
            "{what}[{i}] = {:?} is not exactly one tile",
            excerpt(&text)
        ))),
    }
}

/// A tile index (0-41: the kinds, then the flowers) given as an int.
fn tile_from_index(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Tile> {
    let index = int_arg(obj, what)?;
    match index {
        IntArg::Small(k) => u8::try_from(k).ok().and_then(Tile::new),
        IntArg::Huge { .. } => None,
    }
    .ok_or_else(|| {
        tile_parse(format!(
            "{what} = {} is not a tile index (0-41)",
            index.describe()
        ))
    })
}

/// A sequence of 34 integers, or of tile names.
fn counts_from_items<'py>(
    len: usize,
    items: impl Iterator<Item = Bound<'py, PyAny>>,
) -> PyResult<Counts> {
    let mut items = items.peekable();
    let first_is_int = items
        .peek()
        .is_some_and(|x| !x.is_instance_of::<PyString>());
    if first_is_int {
        if len != NUM_KINDS {
            return Err(invalid_hand(format!(
                "a sequence of counts must have 34 entries, got {len}"
            )));
        }
        let mut counts = [0u8; NUM_KINDS];
        for (i, item) in items.enumerate() {
            counts[i] = count_value(&item, i)?;
        }
        Ok(counts)
    } else {
        let tiles = items
            .enumerate()
            .map(|(i, item)| tile_of(&item, "tiles", i))
            .collect::<PyResult<Vec<Tile>>>()?;
        counts_of(&tiles).map_err(to_py)
    }
}

/// Counts of the 34 kinds from any accepted hand form: an MPSZ/Chinese/glyph string, a
/// sequence of tile names, or 34 counts (list, tuple, bytes, numpy array).
pub fn counts_arg(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    if let Ok(list) = obj.cast_exact::<PyList>() {
        if let Some(counts) = counts_from_list(list) {
            return Ok(counts);
        }
        return counts_from_items(list.len(), list.iter());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = text_of(s, "the hand", tile_parse)?;
        let tiles = parse_tiles(&text).map_err(|e| to_py(e.into()))?;
        return counts_of(&tiles).map_err(to_py);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return counts_from_items(t.len(), t.iter());
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return counts_from_bytes(b.as_bytes());
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return counts_from_bytes(&b.to_vec());
    }
    if let Ok(ndim) = obj.getattr(pyo3::intern!(obj.py(), "ndim")) {
        if ndim.extract::<i64>().ok() != Some(1) {
            return Err(invalid_hand(
                "a counts array must be one-dimensional with 34 entries",
            ));
        }
    }
    if let Ok(arr) = obj.extract::<PyReadonlyArray1<'_, u8>>() {
        // One dimension: C order and memory order agree; a strided view is copied.
        return match arr.as_slice() {
            Ok(s) => counts_from_bytes(s),
            Err(_) => counts_from_bytes(&arr.as_array().to_vec()),
        };
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return counts_from_items(list.len(), list.iter());
    }
    if obj.hasattr("__array__")? && obj.hasattr("shape")? {
        // Other numpy dtypes and 1-D shapes: go through a list.
        let list = obj.call_method0("tolist")?;
        if let Ok(list) = list.cast::<PyList>() {
            return counts_from_items(list.len(), list.iter());
        }
        return Err(invalid_hand(
            "a counts array must be one-dimensional with 34 entries",
        ));
    }
    Err(type_error(format!(
        "cannot read a hand from {}: give an MPSZ string, tile names or 34 counts",
        type_name(obj)
    )))
}

/// Tiles (with order and flowers kept) from a string or a sequence of tile names or indices
/// (0-41). `what` names the argument in messages.
pub fn tiles_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Tile>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_tiles(&text_of(s, what, tile_parse)?).map_err(|e| to_py(e.into()));
    }
    let items = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what} must be tile text or a sequence of tile names or indices, not {}",
            type_name(obj)
        ))
    })?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        if item.is_instance_of::<PyString>() {
            out.push(tile_of(&item, what, i)?);
        } else if item.is_instance_of::<PyBool>() {
            return Err(type_error(format!(
                "{what}[{i}] is a bool, not a tile name or index"
            )));
        } else if item.is_instance_of::<PyInt>() || item.hasattr("__index__")? {
            out.push(tile_from_index(&item, &format!("{what}[{i}]"))?);
        } else {
            out.push(tile_of(&item, what, i)?);
        }
    }
    Ok(out)
}

/// One tile: a name (`"5m"`, `"红中"`, a glyph), a sequence of exactly one, or an index
/// (0-33 the kinds, 34-41 the flowers; numpy integers too). `what` names the argument.
pub fn one_tile_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Tile> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!(
            "{what} must be a tile name or index, not bool"
        )));
    }
    let is_index = !obj.is_instance_of::<PyString>()
        && (obj.is_instance_of::<PyInt>()
            || obj.hasattr("__index__")? && !obj.hasattr("__iter__")?);
    if is_index {
        return tile_from_index(obj, what);
    }
    match tiles_arg(obj, what)?.as_slice() {
        [t] => Ok(*t),
        other => Err(tile_parse(format!(
            "{what}: expected exactly one tile, got {}",
            other.len()
        ))),
    }
}

/// The wild set: tile names (one string may hold several) or kind indices.
pub fn jing_arg(obj: &Bound<'_, PyAny>) -> PyResult<Jing> {
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        if t.is_empty() {
            return Ok(Jing::NONE);
        }
    }
    if obj.is_none() {
        return Ok(Jing::NONE);
    }
    if let Some(jing) = LAST_JING.with_borrow(|last| match last {
        Some((held, jing)) if held.as_ptr() == obj.as_ptr() => Some(*jing),
        _ => None,
    }) {
        return Ok(jing);
    }
    let jing = Jing::from_tiles(&tiles_arg(obj, "jing")?).map_err(to_py)?;
    if is_deeply_immutable(obj) {
        let held = obj.clone().unbind();
        // The previous entry is dropped here with the GIL held.
        LAST_JING.set(Some((held, jing)));
    }
    Ok(jing)
}

thread_local! {
    /// The last wild set parsed from a deeply immutable argument, with the argument itself.
    /// Callers pass the same object call after call (a game's jing for a whole hand), and
    /// parsing it was half the cost of a Nanchang `shanten`. Holding a reference keeps the
    /// object alive, so no other object can take its address while it is held: identity
    /// then implies the same contents.
    static LAST_JING: RefCell<Option<(Py<PyAny>, Jing)>> = const { RefCell::new(None) };
}

/// An exact `str`, or an exact tuple of exact `str` and `int` items: nothing in it can change.
fn is_deeply_immutable(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_exact_instance_of::<PyString>() {
        return true;
    }
    obj.cast_exact::<PyTuple>().is_ok_and(|t| {
        t.iter()
            .all(|x| x.is_exact_instance_of::<PyString>() || x.is_exact_instance_of::<PyInt>())
    })
}

/// The presets, each with its name as an interned Python string: string literals in Python
/// code are interned, so the usual `rules=` argument is one of these very objects and is
/// recognised by identity, with no decoding and no lookup by name.
fn interned_presets(py: Python<'_>) -> &[(Py<PyString>, &'static str)] {
    static PRESETS: PyOnceLock<Vec<(Py<PyString>, &'static str)>> = PyOnceLock::new();
    PRESETS.get_or_init(py, || {
        ShapeRules::PRESET_NAMES
            .iter()
            .map(|&n| (PyString::intern(py, n).unbind(), n))
            .collect()
    })
}

/// The preset an argument names by identity (see [`interned_presets`]).
fn interned_preset(obj: &Bound<'_, PyAny>) -> Option<&'static str> {
    let presets = interned_presets(obj.py());
    let i = presets
        .iter()
        .position(|(n, _)| n.as_ptr() == obj.as_ptr())?;
    Some(presets[i].1)
}

/// The evaluator for a `rules=` argument (default: the Nanchang preset). Every rule set's
/// evaluator is built once per process and shared, a `Rules` object's too.
pub fn evaluator_arg(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
) -> PyResult<&'static Evaluator> {
    /// Index of the default preset, "nanchang", in `ShapeRules::PRESET_NAMES`.
    const NANCHANG: usize = 1;
    let Some(obj) = obj else {
        return Ok(Evaluator::shared(&ShapeRules::PRESETS[NANCHANG]));
    };
    let presets = interned_presets(py);
    if let Some(i) = presets.iter().position(|(n, _)| n.as_ptr() == obj.as_ptr()) {
        // Only this preset's tables are built on its first use, not every preset's.
        return Ok(Evaluator::shared(&ShapeRules::PRESETS[i]));
    }
    Ok(Evaluator::shared(&rules_arg(obj)?))
}

/// Rules from a preset name or a `Rules` object.
pub fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<ShapeRules> {
    if let Some(name) = interned_preset(obj) {
        return ShapeRules::preset(name).map_err(to_py);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return ShapeRules::preset(&text_of(s, "rules", rules_error)?).map_err(to_py);
    }
    if let Ok(r) = obj.cast::<Rules>() {
        return Ok(r.get().inner);
    }
    Err(rules_error(format!(
        "rules must be a preset name (standard, nanchang, pingxiang, nanjing) or a majiang.Rules, not {}",
        type_name(obj)
    )))
}

/// The number of declared melds, 0 to 4 (`None`: 0).
pub fn melds_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u8> {
    match obj {
        None => Ok(0),
        Some(m) => Ok(bounded_int(m, "melds", 0, 4, invalid_hand)? as u8),
    }
}

/// Formats a kind index as its MPSZ name.
pub fn kind_name(k: usize) -> String {
    Tile::new(k as u8).map_or(String::from("?"), |t| t.to_string())
}

/// The MPSZ name of a kind as a shared, interned Python string (no allocation per call).
pub fn kind_pystr(py: Python<'_>, k: usize) -> Bound<'_, PyString> {
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let names = NAMES.get_or_init(py, || {
        (0..NUM_KINDS)
            .map(|k| PyString::intern(py, &kind_name(k)).unbind())
            .collect()
    });
    names[k].bind(py).clone()
}
