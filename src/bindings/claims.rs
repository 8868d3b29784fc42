//! `claim_scan`: who may claim a discard, from the four hands' counts (see `crate::claims`).

use super::convert::{counts_arg, int_arg, IntArg};
use super::errors::{guard, invalid_hand, to_py, type_error, type_name};
use crate::claims::{self, ChowRule};
use crate::tiles::Counts;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A small non-negative int argument below `limit`, else InvalidHandError naming it.
fn small(obj: &Bound<'_, PyAny>, name: &str, limit: u64) -> PyResult<u64> {
    match int_arg(obj, name)? {
        IntArg::Small(n) if n >= 0 && (n as u64) < limit => Ok(n as u64),
        other => Err(invalid_hand(format!(
            "{name} must be 0 to {}, got {}",
            limit - 1,
            other.describe()
        ))),
    }
}

/// Four items of a sequence argument, else InvalidHandError / ArgumentTypeError naming it.
fn four<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<[Bound<'py, PyAny>; 4]> {
    if obj.cast::<PyString>().is_ok() || obj.len().is_err() {
        return Err(type_error(format!(
            "{name} must be a sequence of four, not {}",
            type_name(obj)
        )));
    }
    let n = obj.len()?;
    if n != 4 {
        return Err(invalid_hand(format!(
            "{name} must hold four seats, got {n}"
        )));
    }
    Ok([
        obj.get_item(0)?,
        obj.get_item(1)?,
        obj.get_item(2)?,
        obj.get_item(3)?,
    ])
}

/// The seats that may claim `tile` (a kind 0-33) discarded by `discarder`: a tuple of four
/// seat bit masks (win, pong, exposed kong, chow). `hands`: the four seats' 34 counts;
/// `chows`: "none", "suits" or "honors"; `waits`: each seat's winning kinds as a bit mask
/// (bit k: kind k); `out`: the seats that have left play, as a bit mask (None: none).
#[pyfunction]
#[pyo3(signature = (hands, tile, discarder, chows, waits, out=None))]
pub fn claim_scan(
    hands: &Bound<'_, PyAny>,
    tile: &Bound<'_, PyAny>,
    discarder: &Bound<'_, PyAny>,
    chows: &Bound<'_, PyAny>,
    waits: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u8, u8, u8, u8)> {
    guard(|| {
        let seats = four(hands, "hands")?;
        let mut counts: [Counts; 4] = [[0; 34]; 4];
        for (c, h) in counts.iter_mut().zip(&seats) {
            *c = counts_arg(h)?;
        }
        let mut masks = [0u64; 4];
        for (m, w) in masks.iter_mut().zip(four(waits, "waits")?.iter()) {
            *m = small(w, "waits", 1 << 34)?;
        }
        let tile = small(tile, "tile", 34)? as usize;
        let discarder = small(discarder, "discarder", 4)? as usize;
        let out = match out {
            Some(o) if !o.is_none() => small(o, "out", 16)? as u8,
            _ => 0,
        };
        let name = chows
            .cast::<PyString>()
            .map_err(|_| type_error(format!("chows must be a str, not {}", type_name(chows))))?;
        let rule = ChowRule::from_name(&name.to_string_lossy()).map_err(to_py)?;
        let s = claims::claim_scan(&counts, tile, discarder, rule, &masks, out).map_err(to_py)?;
        Ok((s.win, s.pong, s.kong, s.chow))
    })
}
