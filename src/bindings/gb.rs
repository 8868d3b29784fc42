//! `majiang.gb`: the 国标 番 calculator. Arguments in, a frozen `GbFanResult` out; the
//! result's lists are built when read.

use super::call;
use super::convert::{bounded_int, counts_arg, one_tile_arg, tiles_arg};
use super::count_lists::{small_int_value, tuple_items};
use super::errors::{guard, invalid_hand, type_error, type_name};
use crate::gb::{self, Block, FanResult, GbError, HandInput, Meld, MeldKind, Shape};
use crate::tiles::{format_tiles, Tile};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use pyo3::Borrowed;

pyo3::import_exception!(majiang.errors, NotWinningError);
pyo3::import_exception!(majiang.errors, WinFlagsError);

/// A GB error as its Python exception: `NotWinningError` (an `InvalidHandError`),
/// `InvalidHandError` for counts and melds, `WinFlagsError` for flags and winds.
pub fn gb_to_py(err: GbError) -> PyErr {
    let msg = err.to_string();
    match err {
        GbError::NotWinning => NotWinningError::new_err(msg),
        GbError::TileCount(_) | GbError::TooManyCopies(_) | GbError::BadMeld(_) => {
            invalid_hand(msg)
        }
        GbError::BadFlags(_) => WinFlagsError::new_err(msg),
    }
}

fn shape_name(s: Shape) -> &'static str {
    match s {
        Shape::Regular => "regular",
        Shape::SevenPairs => "seven_pairs",
        Shape::ThirteenOrphans => "thirteen_orphans",
        Shape::HonorsAndKnitted => "honors_and_knitted",
        Shape::KnittedStraight => "knitted_straight",
        Shape::NineGates => "nine_gates",
    }
}

/// The score of a complete GB hand (frozen): `total`, `fans` (`(zh, en, points, count)`
/// each, in fan-number order), `numbers` (`(fan number, count)`), `shape` and `blocks`
/// (`(kind, tiles, melded)`).
#[pyclass(frozen, module = "majiang._core", name = "GbFanResult")]
pub struct GbFanResult {
    inner: FanResult,
}

#[pymethods]
impl GbFanResult {
    /// Sum of points × count, flowers included.
    #[getter]
    fn total(&self) -> u32 {
        self.inner.total
    }

    /// The total without 花牌 (what the 8-番 minimum is checked against).
    #[getter]
    fn total_without_flowers(&self) -> u32 {
        self.inner.total_without_flowers()
    }

    /// `(zh, en, points, count)` for each 番 that counts.
    #[getter]
    fn fans(&self) -> Vec<(&'static str, &'static str, u16, u16)> {
        self.inner
            .fans()
            .map(|(f, c)| {
                let i = f.info();
                (i.zh, i.en, i.points, c)
            })
            .collect()
    }

    /// `(fan number, count)` for each 番 that counts (1-81 the official list, 82 明暗杠).
    #[getter]
    fn numbers(&self) -> Vec<(u8, u16)> {
        self.inner.fans().map(|(f, c)| (f as u8, c)).collect()
    }

    /// The shape that scored: "regular", "seven_pairs", "thirteen_orphans",
    /// "honors_and_knitted", "knitted_straight" or "nine_gates".
    #[getter]
    fn shape(&self) -> &'static str {
        shape_name(self.inner.shape)
    }

    /// `(kind, tiles, melded)` for each block of the reading that scored; kind among
    /// "chow", "pung", "kong", "pair", "knitted", "orphans", "nine_gates".
    #[getter]
    fn blocks(&self) -> Vec<(&'static str, String, bool)> {
        self.inner.blocks().iter().map(block_tuple).collect()
    }

    fn __repr__(&self) -> String {
        let fans: Vec<String> = self
            .inner
            .fans()
            .map(|(f, c)| {
                if c == 1 {
                    format!("{} {}", f.info().zh, f.points())
                } else {
                    format!("{} {}x{c}", f.info().zh, f.points())
                }
            })
            .collect();
        format!(
            "GbFanResult(total={}, fans=[{}])",
            self.inner.total,
            fans.join(", ")
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<GbFanResult>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.fans().for_each(|fc| fc.hash(&mut h));
        self.inner.total.hash(&mut h);
        h.finish()
    }
}

fn block_tuple(b: &Block) -> (&'static str, String, bool) {
    let tiles: Vec<Tile> = b.tiles.iter().filter_map(|&k| Tile::new(k)).collect();
    (b.kind, format_tiles(&tiles), b.melded)
}

/// A flag: `True` and `False` are single objects, told by address before any type check
/// (inlined: a call passes up to seven flags); anything else goes to [`flag_other`].
#[inline(always)]
fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    let p = obj.as_ptr();
    // SAFETY: only the addresses of the interpreter's static True and False are taken.
    let (t, f) = unsafe { (ffi::Py_True(), ffi::Py_False()) };
    if p == t || p == f {
        return Ok(p == t);
    }
    flag_other(obj, name)
}

/// [`flag`] for an object that is neither `True` nor `False` (a bool subclass, or an error).
#[cold]
#[inline(never)]
fn flag_other(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(format!("{name} must be a bool, not {}", type_name(obj))))
}

/// A small int argument 0 to `max`: CPython's cached ints by address (inlined), anything else
/// by [`small_other`].
#[inline(always)]
fn small(obj: &Bound<'_, PyAny>, name: &str, max: i64) -> PyResult<u8> {
    match small_int_value(obj) {
        Some(v) if i64::from(v) <= max => Ok(v),
        _ => small_other(obj, name, max),
    }
}

/// [`small`] for any other object: read as an int and range-checked, or the error.
#[cold]
#[inline(never)]
fn small_other(obj: &Bound<'_, PyAny>, name: &str, max: i64) -> PyResult<u8> {
    Ok(bounded_int(obj, name, 0, max, WinFlagsError::new_err)? as u8)
}

fn meld_kind(text: &str, i: usize) -> PyResult<MeldKind> {
    Ok(match text {
        "chi" | "chow" => MeldKind::Chow,
        "peng" | "pung" | "pong" => MeldKind::Pung,
        "ming_gang" | "bu_gang" | "kong" => MeldKind::Kong,
        "an_gang" | "concealed_kong" => MeldKind::ConcealedKong,
        other => {
            return Err(invalid_hand(format!(
                "melds[{i}]: unknown meld kind {:?} (chi, peng, ming_gang, bu_gang, an_gang)",
                crate::error::excerpt(other)
            )))
        }
    })
}

/// The kind names callers spell out, interned: a kind given as one of these very objects (a
/// literal in the caller's code, or a `Meld`'s field) is matched by address.
const MELD_KINDS: [(&str, MeldKind); 5] = [
    ("peng", MeldKind::Pung),
    ("chi", MeldKind::Chow),
    ("ming_gang", MeldKind::Kong),
    ("an_gang", MeldKind::ConcealedKong),
    ("bu_gang", MeldKind::Kong),
];

#[inline(always)]
fn interned_meld_kind(kind: &Bound<'_, PyAny>) -> Option<(MeldKind, &'static str)> {
    static NAMES: pyo3::sync::PyOnceLock<Vec<Py<PyString>>> = pyo3::sync::PyOnceLock::new();
    let names = NAMES.get_or_init(kind.py(), || {
        let texts: Vec<&str> = MELD_KINDS.iter().map(|(t, _)| *t).collect();
        call::intern_all(kind.py(), &texts)
    });
    let i = names.iter().position(|n| n.as_ptr() == kind.as_ptr())?;
    Some((MELD_KINDS[i].1, MELD_KINDS[i].0))
}

/// One meld: a `majiang.meld.Meld` (kind, kinds, source) or a tuple `(kind, tiles)` /
/// `(kind, tiles, source)`; `source` is the absolute seat the claimed tile came from.
fn meld_arg(item: &Bound<'_, PyAny>, i: usize, seat: u8) -> PyResult<Meld> {
    // a tuple's items are borrowed (no reference counting); a Meld's fields are owned
    let items;
    let fields;
    let (kind, tiles, source): (
        &Bound<'_, PyAny>,
        &Bound<'_, PyAny>,
        Option<&Bound<'_, PyAny>>,
    ) = if let Ok(t) = item
        .cast_exact::<PyTuple>()
        .or_else(|_| item.cast::<PyTuple>())
    {
        let view = tuple_items(t);
        let n = view.map_or_else(|| t.len(), <[_]>::len);
        if !(2..=3).contains(&n) {
            return Err(invalid_hand(format!(
                "melds[{i}]: a meld tuple is (kind, tiles) or (kind, tiles, source), got {n} items"
            )));
        }
        items = match view {
            // SAFETY: items of the live tuple `t`, borrowed while it is.
            Some(v) => unsafe { [v[0], v[1], v[n - 1]].map(|p| Borrowed::from_ptr(t.py(), p)) },
            None => [
                t.get_borrowed_item(0)?,
                t.get_borrowed_item(1)?,
                t.get_borrowed_item(n - 1)?,
            ],
        };
        (&*items[0], &*items[1], (n == 3).then(|| &*items[2]))
    } else if item.hasattr(pyo3::intern!(item.py(), "kinds"))? {
        fields = (
            item.getattr(pyo3::intern!(item.py(), "kind"))?,
            item.getattr(pyo3::intern!(item.py(), "kinds"))?,
            item.getattr(pyo3::intern!(item.py(), "source"))?,
        );
        (&fields.0, &fields.1, Some(&fields.2))
    } else {
        return Err(type_error(format!(
            "melds[{i}] must be a Meld or a (kind, tiles, source) tuple, not {}",
            type_name(item)
        )));
    };
    // an interned kind is told by address, before any type check
    let (kind, kind_text) = match interned_meld_kind(kind) {
        Some(found) => found,
        None => {
            let text = kind
                .cast::<PyString>()
                .map_err(|_| type_error(format!("melds[{i}]: the kind must be a str")))?
                .to_str()?;
            (meld_kind(text, i)?, text)
        }
    };
    let tiles_obj = tiles;
    let mut buf = [0usize; 4];
    let (tiles, n) = match meld_indices_fast(tiles_obj, &mut buf) {
        Some(n) => (Vec::new(), n),
        None => {
            let tiles = tiles_arg(tiles_obj, "a meld's tiles")?;
            let n = tiles.len().min(5);
            if n <= 4 {
                for (b, t) in buf.iter_mut().zip(&tiles) {
                    *b = t.index();
                }
                buf[..n].sort_unstable();
            }
            (tiles, n)
        }
    };
    let kinds = &buf[..n.min(4)];
    let want = if matches!(kind, MeldKind::Chow | MeldKind::Pung) {
        3
    } else {
        4
    };
    let first = kinds.first().copied().unwrap_or(0);
    let shape_ok = n == want
        && first < 34
        && match kind {
            MeldKind::Chow => kinds == [first, first + 1, first + 2],
            _ => kinds.iter().all(|&k| k == first),
        };
    if !shape_ok {
        // the message quotes the tiles in the order given
        let tiles = if tiles.is_empty() {
            tiles_arg(tiles_obj, "a meld's tiles")?
        } else {
            tiles
        };
        return Err(invalid_hand(format!(
            "melds[{i}]: {} is no {kind_text}",
            format_tiles(&tiles)
        )));
    }
    let source = match source {
        Some(s) if !s.is_none() => Some(small(s, "a meld's source seat", 3)?),
        _ => None,
    };
    let from = match (kind, source) {
        (MeldKind::ConcealedKong, None) => 0,
        (MeldKind::ConcealedKong, Some(s)) if s == seat => 0,
        (_, None) => {
            return Err(invalid_hand(format!(
                "melds[{i}]: a {kind_text} needs the seat its tile came from"
            )))
        }
        (_, Some(s)) => (s + 4 - seat) % 4,
    };
    Ok(Meld::new(kind, first as u8, from))
}

/// A meld's tiles given as a tuple or list of three or four plain ints 0-33 (what callers
/// pass most): their indices, sorted, into `out`, and how many; read without building tiles,
/// messages or a `Vec`. None for anything else (bools, names, other lengths or values), which
/// `tiles_arg` then reads and reports as before.
#[inline(always)]
fn meld_indices_fast(obj: &Bound<'_, PyAny>, out: &mut [usize; 4]) -> Option<usize> {
    let n = if let Ok(t) = obj.cast_exact::<PyTuple>() {
        let view = tuple_items(t);
        let n = view.map_or_else(|| t.len(), <[_]>::len);
        if !(3..=4).contains(&n) {
            return None;
        }
        if let Some(v) = view {
            for (slot, &p) in out.iter_mut().zip(v) {
                // SAFETY: an item of the live tuple `t`, borrowed while it is.
                *slot = meld_index(&*unsafe { Borrowed::from_ptr(t.py(), p) })?;
            }
        } else {
            for (slot, item) in out.iter_mut().zip(t.iter_borrowed()) {
                *slot = meld_index(&item)?;
            }
        }
        n
    } else if let Ok(l) = obj.cast_exact::<PyList>() {
        let n = l.len();
        if !(3..=4).contains(&n) {
            return None;
        }
        for (slot, item) in out.iter_mut().zip(l.iter()) {
            *slot = meld_index(&item)?;
        }
        n
    } else {
        return None;
    };
    out[..n].sort_unstable();
    Some(n)
}

/// One tile of a meld given as a plain int 0-33 (a cached int by address, inlined); None for
/// anything else.
#[inline(always)]
fn meld_index(item: &Bound<'_, PyAny>) -> Option<usize> {
    match small_int_value(item) {
        Some(v) if v < 34 => Some(usize::from(v)),
        Some(_) => None,
        None => meld_index_other(item),
    }
}

/// [`meld_index`] for an int that is not one of the cached ones (an exact int only).
#[cold]
#[inline(never)]
fn meld_index_other(item: &Bound<'_, PyAny>) -> Option<usize> {
    let v: i64 = item.cast_exact::<PyInt>().ok()?.extract().ok()?;
    (0..34).contains(&v).then_some(v as usize)
}

#[inline(always)]
fn opt_flag(obj: Option<&Bound<'_, PyAny>>, name: &str, default: bool) -> PyResult<bool> {
    match obj {
        None => Ok(default),
        Some(o) => flag(o, name),
    }
}

#[inline(always)]
fn opt_small(obj: Option<&Bound<'_, PyAny>>, name: &str, max: i64) -> PyResult<u8> {
    match obj {
        None => Ok(0),
        Some(o) => small(o, name, max),
    }
}

/// The docstring of `gb_fan`, its signature line first (CPython reads `__text_signature__`
/// from it, as `inspect.signature` and stubtest do).
const FAN_DOC: &std::ffi::CStr = c"gb_fan(hand, win_tile, *, melds=(), self_drawn=False, \
last_copy=False, replacement=False, robbing=False, last_draw=False, last_claim=False, \
seat_wind=0, prevalent_wind=0, flowers=0, seat=0, mingan_gang=True)
--

The 番 of a complete 国标 hand.

``hand`` holds the concealed tiles before the winning tile (13 less three per meld: MPSZ
text, tile names or 34 counts); ``win_tile`` the tile won on. ``melds``: declared melds
(``majiang.meld.Meld`` or ``(kind, tiles, source)`` with kind ``chi``, ``peng``,
``ming_gang``/``bu_gang``, ``an_gang``; ``source`` the absolute seat the claimed tile came
from, a chow's the seat before ``seat``). Flags: ``self_drawn`` (自摸), ``last_copy``
(和绝张), ``replacement`` (杠上开花), ``robbing`` (抢杠和), ``last_draw`` (妙手回春),
``last_claim`` (海底捞月). Winds 0-3 = East South West North; ``flowers`` 0-8.
``mingan_gang``: one concealed and one exposed kong are 明暗杠 (5) rather than 暗杠 + 明杠.
An argument given as None takes its default.

Raises ``NotWinningError`` for a hand that does not win, ``InvalidHandError`` for wrong
counts, a fifth copy or a meld that is no meld, ``WinFlagsError`` for flags that cannot
hold together (all ``MajiangError``); ``ArgumentTypeError`` (a ``TypeError``) for a call
that does not match the signature.

Example:
    >>> from majiang import gb
    >>> r = gb.fan(\"19m19p19s1234567z\", \"1m\")
    >>> r.total, r.shape, r.numbers
    (88, 'thirteen_orphans', [(7, 1)])
    >>> r = gb.fan(\"2233m\", \"3m\", melds=[(\"peng\", \"555z\", 1), (\"peng\", \"666z\", 2),
    ...     (\"peng\", \"777z\", 3)], flowers=2)
    >>> r.total, r.total_without_flowers, r.fans[0]
    (102, 100, ('大三元', 'Big Three Dragons', 88, 1))
    >>> gb.fan(\"123m456m789m234p6p\", \"5p\", robbing=True, self_drawn=True)
    Traceback (most recent call last):
    ...
    majiang.errors.WinFlagsError: 抢杠和 (robbing) cannot be self-drawn
";

/// `gb_fan`, served by [`call::entry`] (its keywords matched by address).
struct FanEntry;

impl call::Entry for FanEntry {
    const NAME: &'static std::ffi::CStr = c"gb_fan";
    const DOC: &'static std::ffi::CStr = FAN_DOC;
    // The keywords most calls pass come first: a name is looked for in this order.
    const PARAMS: &'static [&'static str] = &[
        "hand",
        "win_tile",
        "seat_wind",
        "seat",
        "prevalent_wind",
        "flowers",
        "melds",
        "self_drawn",
        "last_copy",
        "last_draw",
        "last_claim",
        "robbing",
        "replacement",
        "mingan_gang",
    ];
    const POSITIONAL: usize = 2;

    fn keywords(py: Python<'_>) -> &call::Keywords {
        static NAMES: pyo3::sync::PyOnceLock<call::Keywords> = pyo3::sync::PyOnceLock::new();
        NAMES.get_or_init(py, || call::Keywords::new(py, Self::PARAMS))
    }

    fn call<'py>(py: Python<'py>, args: &call::Args<'_, 'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(Bound::new(py, fan(args)?)?.into_any())
    }
}

/// The arguments of `gb_fan` by their index in `FanEntry::PARAMS`.
mod slot {
    use super::{call::param, call::Entry, FanEntry};
    const P: &[&str] = <FanEntry as Entry>::PARAMS;
    pub const SEAT_WIND: usize = param(P, "seat_wind");
    pub const SEAT: usize = param(P, "seat");
    pub const PREVALENT_WIND: usize = param(P, "prevalent_wind");
    pub const FLOWERS: usize = param(P, "flowers");
    pub const MELDS: usize = param(P, "melds");
    pub const SELF_DRAWN: usize = param(P, "self_drawn");
    pub const LAST_COPY: usize = param(P, "last_copy");
    pub const LAST_DRAW: usize = param(P, "last_draw");
    pub const LAST_CLAIM: usize = param(P, "last_claim");
    pub const ROBBING: usize = param(P, "robbing");
    pub const REPLACEMENT: usize = param(P, "replacement");
    pub const MINGAN_GANG: usize = param(P, "mingan_gang");
}

/// `gb_fan` once its arguments are matched to their parameters (None: not given, or None).
fn fan(args: &call::Args<'_, '_>) -> PyResult<GbFanResult> {
    let arg = |i: usize| args.get(i);
    let (Some(hand), Some(win_tile)) = (args.given(0), args.given(1)) else {
        let missing = if args.given(0).is_none() {
            "hand"
        } else {
            "win_tile"
        };
        return Err(type_error(format!(
            "gb_fan() missing required argument '{missing}'"
        )));
    };
    let counts = counts_arg(hand)?;
    let win = match small_int_value(win_tile) {
        Some(k) if usize::from(k) < crate::tiles::NUM_KINDS => k,
        _ => {
            let win = one_tile_arg(win_tile, "win_tile")?;
            if win.is_flower() {
                return Err(invalid_hand("win_tile cannot be a flower"));
            }
            win.index() as u8
        }
    };
    let seat = opt_small(arg(slot::SEAT), "seat", 3)?;
    let mut input = HandInput::new(&counts, win);
    if let Some(melds) = arg(slot::MELDS) {
        let mut add = |i: usize, item: &Bound<'_, PyAny>| -> PyResult<()> {
            if i >= 4 {
                return Err(invalid_hand("at most 4 melds"));
            }
            input.melds.push(meld_arg(item, i, seat)?);
            Ok(())
        };
        // a list or tuple is read by index, without a Python iterator object
        if let Ok(list) = melds.cast_exact::<PyList>() {
            for (i, item) in list.iter().enumerate() {
                add(i, &item)?;
            }
        } else if let Ok(tuple) = melds.cast_exact::<PyTuple>() {
            for (i, item) in tuple.iter().enumerate() {
                add(i, &item)?;
            }
        } else {
            let items = melds.try_iter().map_err(|_| {
                type_error(format!(
                    "melds must be a list or tuple of melds, not {}",
                    type_name(melds)
                ))
            })?;
            for (i, item) in items.enumerate() {
                add(i, &item?)?;
            }
        }
    }
    input.self_drawn = opt_flag(arg(slot::SELF_DRAWN), "self_drawn", false)?;
    input.last_copy = opt_flag(arg(slot::LAST_COPY), "last_copy", false)?;
    input.replacement = opt_flag(arg(slot::REPLACEMENT), "replacement", false)?;
    input.robbing = opt_flag(arg(slot::ROBBING), "robbing", false)?;
    input.last_draw = opt_flag(arg(slot::LAST_DRAW), "last_draw", false)?;
    input.last_claim = opt_flag(arg(slot::LAST_CLAIM), "last_claim", false)?;
    input.mingan_gang = opt_flag(arg(slot::MINGAN_GANG), "mingan_gang", true)?;
    input.seat_wind = opt_small(arg(slot::SEAT_WIND), "seat_wind", 3)?;
    input.prevalent_wind = opt_small(arg(slot::PREVALENT_WIND), "prevalent_wind", 3)?;
    input.flowers = opt_small(arg(slot::FLOWERS), "flowers", 8)?;
    let inner = gb::fan(&input).map_err(gb_to_py)?;
    Ok(GbFanResult { inner })
}

/// How `gb_fan` finds its keywords: "address table" (one look-up by the name object's address)
/// or "in turn" (compared with each parameter name: correct, slower). For tests and
/// diagnostics.
///
/// Example:
///     >>> from majiang import _core
///     >>> _core._keyword_lookup() in ("address table", "in turn")
///     True
#[pyfunction]
pub fn _keyword_lookup(py: Python<'_>) -> &'static str {
    <FanEntry as call::Entry>::keywords(py).lookup()
}

/// `(number, zh, en, points)` for every fan of the table (1-81 official, 82 明暗杠, 83-86
/// the non-GB extras).
#[pyfunction]
pub fn gb_fan_table() -> Vec<(u8, &'static str, &'static str, u16)> {
    gb::FANS
        .iter()
        .map(|r| (r.fan as u8, r.zh, r.en, r.points))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GbFanResult>()?;
    call::register::<FanEntry>(m)?;
    m.add_function(wrap_pyfunction!(gb_fan_table, m)?)?;
    m.add_function(wrap_pyfunction!(_keyword_lookup, m)?)?;
    m.add_function(wrap_pyfunction!(gb_fan_batch, m)?)?;
    Ok(())
}

fn array1<'py>(
    obj: Option<&Bound<'py, PyAny>>,
    name: &str,
    n: usize,
) -> PyResult<Option<numpy::PyReadonlyArray1<'py, u8>>> {
    use numpy::PyUntypedArrayMethods;
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let arr = obj
        .extract::<numpy::PyReadonlyArray1<'py, u8>>()
        .map_err(|_| invalid_hand(format!("{name} must be a uint8 array of shape ({n},)")))?;
    if arr.shape() != [n] {
        return Err(invalid_hand(format!(
            "{name} must have shape ({n},), got {:?}",
            arr.shape()
        )));
    }
    Ok(Some(arr))
}

type BatchOut<'py> = (
    Bound<'py, numpy::PyArray1<i32>>,
    Bound<'py, numpy::PyArray2<u16>>,
);

/// The numpy form of `gb_fan` (see `majiang.gb.fan_batch`): `(totals, counts)`.
#[pyfunction]
#[pyo3(signature = (concealed, win_tiles, melds=None, flags=None, seat_winds=None,
    prevalent_winds=None, flowers=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn gb_fan_batch<'py>(
    py: Python<'py>,
    concealed: &Bound<'py, PyAny>,
    win_tiles: &Bound<'py, PyAny>,
    melds: Option<&Bound<'py, PyAny>>,
    flags: Option<&Bound<'py, PyAny>>,
    seat_winds: Option<&Bound<'py, PyAny>>,
    prevalent_winds: Option<&Bound<'py, PyAny>>,
    flowers: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<BatchOut<'py>> {
    use numpy::{IntoPyArray, PyUntypedArrayMethods};
    guard(|| {
        let c = concealed
            .extract::<numpy::PyReadonlyArray2<'py, u8>>()
            .map_err(|_| invalid_hand("concealed must be a uint8 array of shape (N, 34)"))?;
        if c.shape()[1] != 34 {
            return Err(invalid_hand(format!(
                "concealed must have shape (N, 34), got {:?}",
                c.shape()
            )));
        }
        let n = c.shape()[0];
        let win = array1(Some(win_tiles), "win_tiles", n)?.expect("given");
        let flags = array1(flags, "flags", n)?;
        let seat = array1(seat_winds, "seat_winds", n)?;
        let prevalent = array1(prevalent_winds, "prevalent_winds", n)?;
        let flowers = array1(flowers, "flowers", n)?;
        let melds = match melds.filter(|m| !m.is_none()) {
            None => None,
            Some(m) => {
                let arr = m
                    .extract::<numpy::PyReadonlyArray3<'py, u8>>()
                    .map_err(|_| {
                        invalid_hand(format!("melds must be a uint8 array of shape ({n}, 4, 3)"))
                    })?;
                if arr.shape() != [n, 4, 3] {
                    return Err(invalid_hand(format!(
                        "melds must have shape ({n}, 4, 3), got {:?}",
                        arr.shape()
                    )));
                }
                Some(arr)
            }
        };
        let cv = c.as_array();
        let wv = win.as_array();
        let byte = |a: &Option<numpy::PyReadonlyArray1<'py, u8>>, i: usize| {
            a.as_ref().map_or(0, |a| a.as_array()[i])
        };
        let mut inputs = Vec::with_capacity(n);
        for i in 0..n {
            let counts: crate::tiles::Counts = std::array::from_fn(|k| cv[[i, k]]);
            let mut input = HandInput::new(&counts, wv[i]);
            if let Some(m) = &melds {
                let mv = m.as_array();
                for j in 0..4 {
                    let kind = match mv[[i, j, 0]] {
                        0 => continue,
                        1 => MeldKind::Chow,
                        2 => MeldKind::Pung,
                        3 => MeldKind::Kong,
                        4 => MeldKind::ConcealedKong,
                        other => {
                            return Err(invalid_hand(format!(
                                "row {i}: melds[{j}] kind {other} is not 0-4 (none, chow, pung, kong, concealed kong)"
                            )))
                        }
                    };
                    input
                        .melds
                        .push(Meld::new(kind, mv[[i, j, 1]], mv[[i, j, 2]]));
                }
            }
            let f = byte(&flags, i);
            input.self_drawn = f & 1 != 0;
            input.last_copy = f & 2 != 0;
            input.replacement = f & 4 != 0;
            input.robbing = f & 8 != 0;
            input.last_draw = f & 16 != 0;
            input.last_claim = f & 32 != 0;
            input.seat_wind = byte(&seat, i);
            input.prevalent_wind = byte(&prevalent, i);
            input.flowers = byte(&flowers, i);
            inputs.push(input);
        }
        let (totals, counts) = py
            .detach(|| gb::batch::fan_many(&inputs, threads))
            .map_err(|(i, e)| {
                let err = gb_to_py(e);
                let msg = format!("row {i}: {}", err.value(py));
                match err.get_type(py).call1((msg,)) {
                    Ok(v) => PyErr::from_value(v),
                    Err(e) => e,
                }
            })?;
        let counts = numpy::ndarray::Array2::from_shape_vec((n, gb::batch::COLUMNS), counts)
            .map_err(|e| invalid_hand(e.to_string()))?;
        Ok((totals.into_pyarray(py), counts.into_pyarray(py)))
    })
}
