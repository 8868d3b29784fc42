//! Argument conversion: tiles, wild sets and rules as Python callers give them.

use super::errors::{invalid_hand, to_py};
use super::rules::Rules;
use crate::algo::Evaluator;
use crate::hand::{counts_of, Jing};
use crate::rules::ShapeRules;
use crate::tiles::{parse_tiles, Counts, Tile, NUM_KINDS};
use numpy::PyReadonlyArray1;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple};

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

/// The Python ints 0-4, kept alive for the interpreter's lifetime.
fn small_ints(py: Python<'_>) -> &[Py<PyAny>; 5] {
    static SMALL: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();
    SMALL.get_or_init(py, || {
        [0u8, 1, 2, 3, 4].map(|v| match v.into_pyobject(py) {
            Ok(o) => o.into_any().unbind(),
            Err(never) => match never {},
        })
    })
}

/// Fast path for the commonest input, a list of 34 counts: CPython caches the ints 0-4 as
/// single objects, so each item is matched by identity, with one borrowed-item call and no
/// reference counting. `None` sends anything else (other int objects, other types, a list
/// mutated concurrently) to the general path, which gives the exact error.
fn counts_from_small_ints(list: &Bound<'_, PyList>) -> Option<Counts> {
    let small = small_ints(list.py()).each_ref().map(|p| p.as_ptr());
    let mut counts = [0u8; NUM_KINDS];
    for (i, c) in counts.iter_mut().enumerate() {
        // SAFETY: `list` is a live list object held by this call while it holds the GIL, and
        // no Python code runs during the loop, so the list keeps its 34 items; the index is
        // in range, and `PyList_GetItem` returns a borrowed pointer (or NULL with an
        // IndexError set, which cannot happen in range). The pointer is only compared,
        // never dereferenced or released.
        let item = unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), i as pyo3::ffi::Py_ssize_t) };
        *c = small.iter().position(|&p| p == item)? as u8;
    }
    Some(counts)
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
        if list.len() == NUM_KINDS {
            if let Some(counts) = counts_from_small_ints(list) {
                return Ok(counts);
            }
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
    Jing::from_tiles(&tiles_arg(obj)?).map_err(to_py)
}

/// The preset an argument names by identity: string literals in Python code are interned, so
/// the usual argument is one of these very objects and need not be decoded.
fn interned_preset(obj: &Bound<'_, PyAny>) -> Option<&'static str> {
    static NAMES: PyOnceLock<[Py<PyString>; 4]> = PyOnceLock::new();
    let names = NAMES.get_or_init(obj.py(), || {
        ShapeRules::PRESET_NAMES.map(|n| PyString::intern(obj.py(), n).unbind())
    });
    let i = names.iter().position(|n| n.as_ptr() == obj.as_ptr())?;
    Some(ShapeRules::PRESET_NAMES[i])
}

/// The evaluator for a `rules=` argument (default: the Nanchang preset). Presets come from the
/// core's per-process cache; a `Rules` object builds its own.
pub fn evaluator_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Evaluator> {
    let preset = match obj {
        None => Some("nanchang"),
        Some(o) => interned_preset(o),
    };
    if let Some(name) = preset {
        return Evaluator::preset(name).copied().map_err(to_py);
    }
    let obj = obj.expect("None is the nanchang preset");
    if let Ok(s) = obj.cast::<PyString>() {
        return Evaluator::preset(&s.to_cow()?).copied().map_err(to_py);
    }
    Ok(Evaluator::new(&rules_arg(obj)?))
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
