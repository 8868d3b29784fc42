//! `majiang._core.advice`: discard advice as plain dicts (the typed dataclasses are built in
//! `python/majiang/advice.py`).

use super::convert::{bounded_int, counts_arg, evaluator_arg, jing_arg, kind_pystr, melds_arg};
use super::errors::{guard, invalid_hand, rules_error, to_py, type_error, type_name};
use crate::algo::advice::chance::{Estimate, Goal, Limits, MAX_DRAWS};
use crate::algo::advice::WinCheck;
use crate::hand::Jing;
use crate::tiles::Counts;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};
use std::cell::RefCell;

/// A bool argument (default true); anything else is an `ArgumentTypeError`.
fn flag(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<bool> {
    match obj {
        None => Ok(true),
        Some(o) => o.cast::<PyBool>().map(|b| b.is_true()).map_err(|_| {
            type_error(format!(
                "{name} must be True or False, not {}",
                type_name(o)
            ))
        }),
    }
}

fn estimate<'py>(py: Python<'py>, e: Estimate) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("value", e.value)?;
    d.set_item("std_error", e.std_error)?;
    d.set_item("samples", e.samples)?;
    Ok(d)
}

/// `4 - held - seen` for each kind; a kind held and seen more than four times in all is an
/// `InvalidHandError` naming it.
fn unseen_from_seen(counts: &Counts, seen: &Counts) -> PyResult<Counts> {
    let mut out = [0u8; crate::tiles::NUM_KINDS];
    for k in 0..out.len() {
        let used = u16::from(counts[k]) + u16::from(seen[k]);
        if used > 4 {
            return Err(invalid_hand(format!(
                "seen: {} is held {} and seen {} times: more than four in all",
                super::convert::kind_name(k),
                counts[k],
                seen[k]
            )));
        }
        out[k] = 4 - used as u8;
    }
    Ok(out)
}

/// Advice for every discard of a 14-3k hand (best first) or for a 13-3k hand, as dicts;
/// with `draws`, the waits' chances and, for the discards of the lowest shanten, the
/// tenpai and win chances within `draws` draws (see docs/advice.md).
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None, unseen=None, seen=None, draws=None,
    samples=None, states=None, seed=None, chances=None, exact=None, may_win=None))]
#[allow(clippy::too_many_arguments)]
pub fn advice<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    unseen: Option<&Bound<'py, PyAny>>,
    seen: Option<&Bound<'py, PyAny>>,
    draws: Option<&Bound<'py, PyAny>>,
    samples: Option<&Bound<'py, PyAny>>,
    states: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    chances: Option<&Bound<'py, PyAny>>,
    exact: Option<&Bound<'py, PyAny>>,
    may_win: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        // The variant's win check, `may_win(concealed counts, tile index) -> bool`: called
        // with the GIL held, its first error kept and raised once the core returns.
        let may_win = may_win.filter(|f| !f.is_none());
        if let Some(f) = may_win {
            if !f.is_callable() {
                return Err(type_error(format!(
                    "may_win must be callable, not {}",
                    type_name(f)
                )));
            }
        }
        let failed: RefCell<Option<PyErr>> = RefCell::new(None);
        let call = |h: &Counts, k: usize| -> bool {
            let Some(f) = may_win else { return true };
            if failed.borrow().is_some() {
                return false;
            }
            match f.call1((h.to_vec(), k)).and_then(|r| r.extract::<bool>()) {
                Ok(b) => b,
                Err(e) => {
                    *failed.borrow_mut() = Some(e);
                    false
                }
            }
        };
        let check: WinCheck<'_> = may_win.map(|_| &call as &dyn Fn(&Counts, usize) -> bool);
        let raise = || failed.borrow_mut().take().map_or(Ok(()), Err);
        let eval = evaluator_arg(py, rules)?;
        let counts = counts_arg(tiles)?;
        let jing = match jing {
            None => Jing::NONE,
            Some(j) => jing_arg(j)?,
        };
        let melds = melds_arg(melds)?;
        let unseen: Option<Counts> = unseen
            .filter(|u| !u.is_none())
            .map(|u| counts_arg(u).map_err(|e| invalid_hand(format!("unseen: {e}"))))
            .transpose()?;
        let seen = seen.filter(|s| !s.is_none());
        let unseen = match (unseen, seen) {
            (Some(_), Some(_)) => {
                return Err(invalid_hand("give unseen or seen, not both"));
            }
            (None, Some(s)) => Some(unseen_from_seen(&counts, &counts_arg(s)?)?),
            (u, None) => u,
        };
        let draws = draws
            .filter(|d| !d.is_none())
            .map(|d| bounded_int(d, "draws", 0, i64::from(MAX_DRAWS), rules_error))
            .transpose()?
            .map(|d| d as u32);
        let chances = flag(chances, "chances")?;
        let exact = flag(exact, "exact")?;
        let base = Limits::default();
        let opt = |v: Option<&Bound<'py, PyAny>>, name: &str, lo: i64, hi: i64, dflt: i64| {
            v.filter(|v| !v.is_none())
                .map_or(Ok(dflt), |v| bounded_int(v, name, lo, hi, rules_error))
        };
        let limits = Limits {
            samples: opt(samples, "samples", 1, 10_000_000, i64::from(base.samples))? as u32,
            states: opt(states, "states", 1, 10_000_000, base.states as i64)? as usize,
            seed: opt(seed, "seed", 0, i64::MAX, base.seed as i64)? as u64,
            force_sampling: !exact,
            ..base
        };
        let all = eval
            .advise_with(&counts, jing, melds, unseen.as_ref(), draws, check)
            .map_err(to_py)?;
        raise()?;
        let low = all.iter().map(|a| a.shanten).min().unwrap_or(i8::MAX);
        let out = PyList::empty(py);
        for a in all {
            let d = PyDict::new(py);
            d.set_item("discard", a.discard.map(|k| kind_pystr(py, k)))?;
            d.set_item("shanten", a.shanten)?;
            let eff = PyList::empty(py);
            for e in &a.effective {
                eff.append((kind_pystr(py, e.kind), e.unseen))?;
            }
            d.set_item("effective", eff)?;
            d.set_item("effective_total", a.effective_total)?;
            let imp = PyList::empty(py);
            for i in &a.improving {
                imp.append((kind_pystr(py, i.kind), i.unseen, i.raises_to))?;
            }
            d.set_item("improving", imp)?;
            d.set_item("improving_total", a.improving_total)?;
            d.set_item("next_average", a.next_average)?;
            let waits = PyList::empty(py);
            for w in &a.waits {
                waits.append((kind_pystr(py, w.kind), w.unseen, w.chance))?;
            }
            d.set_item("waits", waits)?;
            d.set_item("wait_chance", a.wait_chance)?;
            let (mut tenpai, mut win) = (None, None);
            if let (Some(n), true, true) = (draws, chances, a.shanten == low) {
                let mut h = counts;
                if let Some(k) = a.discard {
                    h[k] -= 1;
                }
                // The tiles the hand holds are seen: unseen checked against the 14 tiles
                // is valid for the 13 left.
                let u = unseen.unwrap_or_else(|| crate::algo::advice::unseen_from_hand(&counts));
                let run = |goal| {
                    let e = if check.is_some() {
                        eval.chance_with(&h, jing, melds, Some(&u), n, goal, &limits, check)
                    } else {
                        py.detach(|| eval.chance(&h, jing, melds, Some(&u), n, goal, &limits))
                    };
                    raise()?;
                    e.map_err(to_py)
                };
                tenpai = Some(estimate(py, run(Goal::Tenpai)?)?);
                win = Some(estimate(py, run(Goal::Win)?)?);
            }
            d.set_item("tenpai", tenpai)?;
            d.set_item("win", win)?;
            out.append(d)?;
        }
        Ok(out)
    })
}
