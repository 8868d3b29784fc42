//! Argument conversion: tiles, wild sets and rules as Python callers give them.

use super::count_lists::counts_from_list;
use super::errors::{invalid_hand, to_py};
use super::rules::Rules;
use crate::algo::Evaluator;
use crate::hand::{counts_of, Jing};
use crate::rules::ShapeRules;
use crate::tiles::{parse_tiles, Counts, Tile, NUM_KINDS};
use numpy::PyReadonlyArray1;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyBytes, PyInt, PyList, PyString, PyTuple};
use std::cell::RefCell;

fn count_value(item: &Bound<'_, PyAny>, i: usize) -> PyResult<u8> {
    let v: i64 = item
        .extract()
        .map_err(|_| invalid_hand(format!("counts[{i}] is not an integer")))?;
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

fn tile_of(item: &Bound<'_, PyAny>, i: usize) -> PyResult<Tile> {
    let s = item.cast::<PyString>().map_err(|_| {
        invalid_hand(format!(
            "tiles[{i}] is {}, not a tile name",
            item.get_type()
                .name()
                .map_or(String::from("?"), |n| n.to_string())
        ))
    })?;
    let text = s.to_cow()?;
    if let Some(t) = Tile::from_mpsz(&text) {
        return Ok(t);
    }
    let tiles = parse_tiles(&text).map_err(|e| to_py(e.into()))?;
    match tiles.as_slice() {
        [t] => Ok(*t),
        _ => Err(super::errors::TileParseError::new_err(format!(
            "tiles[{i}] = {text:?} is not exactly one tile"
        ))),
    }
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
            .map(|(i, item)| tile_of(&item, i))
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
        let text = s.to_cow()?;
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
        return match arr.as_slice() {
            Ok(s) => counts_from_bytes(s),
            Err(_) => counts_from_bytes(&arr.as_array().to_vec()),
        };
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return counts_from_items(list.len(), list.iter());
    }
    if obj.hasattr("__array__")? && obj.hasattr("shape")? {
        // Other numpy integer dtypes and 1-D shapes: go through a list.
        let list = obj.call_method0("tolist")?;
        if let Ok(list) = list.cast::<PyList>() {
            return counts_from_items(list.len(), list.iter());
        }
        return Err(invalid_hand(
            "a counts array must be one-dimensional with 34 entries",
        ));
    }
    Err(invalid_hand(format!(
        "cannot read a hand from {}: give an MPSZ string, tile names or 34 counts",
        obj.get_type()
            .name()
            .map_or(String::from("?"), |n| n.to_string())
    )))
}

/// Tiles (with order and flowers kept) from a string or a sequence of tile names.
pub fn tiles_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Tile>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_tiles(&s.to_cow()?).map_err(|e| to_py(e.into()));
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if item.is_instance_of::<PyString>() {
            out.push(tile_of(&item, i)?);
        } else if let Ok(k) = item.extract::<i64>() {
            let t = u8::try_from(k).ok().and_then(Tile::new).ok_or_else(|| {
                super::errors::TileParseError::new_err(format!(
                    "tiles[{i}] = {k} is not a tile index (0-41)"
                ))
            })?;
            out.push(t);
        } else {
            out.push(tile_of(&item, i)?);
        }
    }
    Ok(out)
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
    let jing = Jing::from_tiles(&tiles_arg(obj)?).map_err(to_py)?;
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

/// The preset evaluators in `ShapeRules::PRESET_NAMES` order, held here so a call costs no
/// lookup by name.
fn preset_evaluators(py: Python<'_>) -> PyResult<&[&'static Evaluator; 4]> {
    static EVALUATORS: PyOnceLock<[&'static Evaluator; 4]> = PyOnceLock::new();
    EVALUATORS.get_or_try_init(py, || {
        let mut out = [Evaluator::preset("standard").map_err(to_py)?; 4];
        for (slot, name) in out.iter_mut().zip(ShapeRules::PRESET_NAMES) {
            *slot = Evaluator::preset(name).map_err(to_py)?;
        }
        Ok(out)
    })
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
        return Ok(preset_evaluators(py)?[NANCHANG]);
    };
    let presets = interned_presets(py);
    if let Some(i) = presets.iter().position(|(n, _)| n.as_ptr() == obj.as_ptr()) {
        return Ok(preset_evaluators(py)?[i]);
    }
    Ok(Evaluator::shared(&rules_arg(obj)?))
}

/// Rules from a preset name or a `Rules` object.
pub fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<ShapeRules> {
    if let Some(name) = interned_preset(obj) {
        return ShapeRules::preset(name).map_err(to_py);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return ShapeRules::preset(&s.to_cow()?).map_err(to_py);
    }
    if let Ok(r) = obj.cast::<Rules>() {
        return Ok(r.get().inner);
    }
    Err(super::errors::RulesError::new_err(
        "rules must be a preset name (standard, nanchang, pingxiang, nanjing) or a majiang.Rules",
    ))
}

/// Checks the number of declared melds.
pub fn melds_arg(melds: i64) -> PyResult<u8> {
    u8::try_from(melds)
        .ok()
        .filter(|&m| m <= 4)
        .ok_or_else(|| invalid_hand(format!("melds must be 0 to 4, got {melds}")))
}

/// Formats a kind index as its MPSZ name.
fn kind_name(k: usize) -> String {
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
