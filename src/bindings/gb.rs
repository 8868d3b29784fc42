//! `majiang.gb`: the 国标 番 calculator. Arguments in, a frozen `GbFanResult` out; the
//! result's lists are built when read.

use super::convert::{bounded_int, counts_arg, one_tile_arg, text_of, tiles_arg};
use super::count_lists::small_int;
use super::errors::{guard, invalid_hand, type_error, type_name};
use crate::gb::{self, Block, FanResult, GbError, HandInput, Meld, MeldKind, Shape};
use crate::tiles::{format_tiles, Tile};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

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

/// A flag: an exact bool by one type check (inlined: a call passes up to seven flags);
/// anything else goes to [`flag_other`].
#[inline(always)]
fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    match obj.cast_exact::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => flag_other(obj, name),
    }
}

/// [`flag`] for an object that is neither `True` nor `False` (a bool subclass, or an error).
#[cold]
#[inline(never)]
fn flag_other(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(format!("{name} must be a bool, not {}", type_name(obj))))
}

/// A small int argument 0 to `max`: an exact int read at once (inlined), anything else by
/// [`small_other`].
#[inline(always)]
fn small(obj: &Bound<'_, PyAny>, name: &str, max: u8) -> PyResult<u8> {
    match small_int(obj, max) {
        Some(v) => Ok(v),
        None => small_other(obj, name, max),
    }
}

/// [`small`] for any other object: read as an int and range-checked, or the error.
#[cold]
#[inline(never)]
fn small_other(obj: &Bound<'_, PyAny>, name: &str, max: u8) -> PyResult<u8> {
    Ok(bounded_int(obj, name, 0, i64::from(max), WinFlagsError::new_err)? as u8)
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
/// literal in the caller's code, or a `Meld`'s field) is matched by identity (`is`).
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
        MELD_KINDS
            .iter()
            .map(|(t, _)| PyString::intern(kind.py(), t).unbind())
            .collect()
    });
    let i = names.iter().position(|n| kind.is(n))?;
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
        let n = t.len();
        if !(2..=3).contains(&n) {
            return Err(invalid_hand(format!(
                "melds[{i}]: a meld tuple is (kind, tiles) or (kind, tiles, source), got {n} items"
            )));
        }
        items = [
            t.get_borrowed_item(0)?,
            t.get_borrowed_item(1)?,
            t.get_borrowed_item(n - 1)?,
        ];
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
        Some((found, text)) => (found, std::borrow::Cow::Borrowed(text)),
        None => {
            let kind = kind
                .cast::<PyString>()
                .map_err(|_| type_error(format!("melds[{i}]: the kind must be a str")))?;
            let text = text_of(kind, &format!("melds[{i}]'s kind"), invalid_hand)?;
            (meld_kind(&text, i)?, text)
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
        let n = t.len();
        if !(3..=4).contains(&n) {
            return None;
        }
        for (slot, item) in out.iter_mut().zip(t.iter_borrowed()) {
            *slot = meld_index(&item)?;
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

/// One tile of a meld given as a plain int 0-33 (an exact int, inlined); None for anything
/// else.
#[inline(always)]
fn meld_index(item: &Bound<'_, PyAny>) -> Option<usize> {
    small_int(item, 33).map(usize::from)
}

#[inline(always)]
fn opt_flag(obj: Option<&Bound<'_, PyAny>>, name: &str, default: bool) -> PyResult<bool> {
    match obj {
        None => Ok(default),
        Some(o) => flag(o, name),
    }
}

#[inline(always)]
fn opt_small(obj: Option<&Bound<'_, PyAny>>, name: &str, max: u8) -> PyResult<u8> {
    match obj {
        None => Ok(0),
        Some(o) => small(o, name, max),
    }
}

/// A parameter given by position or by name, as given (None included); None when not given.
type Given<'a, 'py> = Option<&'a Bound<'py, PyAny>>;

/// For `from_py_with`: the argument as given, so that an explicit None stays apart from a
/// parameter not given.
fn given<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> PyResult<Given<'a, 'py>> {
    Ok(Some(obj))
}

/// The 番 of a complete 国标 hand.
///
/// ``hand`` holds the concealed tiles before the winning tile (13 less three per meld: MPSZ
/// text, tile names or 34 counts); ``win_tile`` the tile won on. ``melds``: declared melds
/// (``majiang.meld.Meld`` or ``(kind, tiles, source)`` with kind ``chi``, ``peng``,
/// ``ming_gang``/``bu_gang``, ``an_gang``; ``source`` the absolute seat the claimed tile came
/// from, a chow's the seat before ``seat``). Flags: ``self_drawn`` (自摸), ``last_copy``
/// (和绝张), ``replacement`` (杠上开花), ``robbing`` (抢杠和), ``last_draw`` (妙手回春),
/// ``last_claim`` (海底捞月). Winds 0-3 = East South West North; ``flowers`` 0-8.
/// ``mingan_gang``: one concealed and one exposed kong are 明暗杠 (5) rather than 暗杠 + 明杠.
/// An argument given as None takes its default.
///
/// Raises ``NotWinningError`` for a hand that does not win, ``InvalidHandError`` for wrong
/// counts, a fifth copy or a meld that is no meld, ``WinFlagsError`` for flags that cannot
/// hold together (all ``MajiangError``); ``ArgumentTypeError`` (a ``TypeError``) for a call
/// that does not match the signature.
///
/// Example:
///     >>> from majiang import gb
///     >>> r = gb.fan("19m19p19s1234567z", "1m")
///     >>> r.total, r.shape, r.numbers
///     (88, 'thirteen_orphans', [(7, 1)])
///     >>> r = gb.fan("2233m", "3m", melds=[("peng", "555z", 1), ("peng", "666z", 2),
///     ...     ("peng", "777z", 3)], flowers=2)
///     >>> r.total, r.total_without_flowers, r.fans[0]
///     (102, 100, ('大三元', 'Big Three Dragons', 88, 1))
///     >>> gb.fan("123m456m789m234p6p", "5p", robbing=True, self_drawn=True)
///     Traceback (most recent call last):
///     ...
///     majiang.errors.WinFlagsError: 抢杠和 (robbing) cannot be self-drawn
//
// `hand` and `win_tile` are positional-only here so that, given by name, they land in
// `kwargs` with any unknown keyword, and `*args` takes any further positional argument: pyo3
// never refuses a call itself, and every mismatch is an `ArgumentTypeError` of
// [`call_error`]'s with the messages the entry has always given. pyo3 looks for a keyword
// among the keyword-only parameters in their order here: the ones most calls pass first.
#[pyfunction]
#[pyo3(
    signature = (hand=None, win_tile=None, /, *args, seat_wind=None, seat=None,
        prevalent_wind=None, flowers=None, melds=None, self_drawn=None, last_copy=None,
        last_draw=None, last_claim=None, robbing=None, replacement=None, mingan_gang=None,
        **kwargs),
    text_signature = "(hand, win_tile, *, melds=(), self_drawn=False, last_copy=False, replacement=False, robbing=False, last_draw=False, last_claim=False, seat_wind=0, prevalent_wind=0, flowers=0, seat=0, mingan_gang=True)"
)]
#[allow(clippy::too_many_arguments)]
pub fn gb_fan<'py>(
    #[pyo3(from_py_with = given)] hand: Given<'_, 'py>,
    #[pyo3(from_py_with = given)] win_tile: Given<'_, 'py>,
    args: &Bound<'py, PyTuple>,
    seat_wind: Option<&Bound<'py, PyAny>>,
    seat: Option<&Bound<'py, PyAny>>,
    prevalent_wind: Option<&Bound<'py, PyAny>>,
    flowers: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    self_drawn: Option<&Bound<'py, PyAny>>,
    last_copy: Option<&Bound<'py, PyAny>>,
    last_draw: Option<&Bound<'py, PyAny>>,
    last_claim: Option<&Bound<'py, PyAny>>,
    robbing: Option<&Bound<'py, PyAny>>,
    replacement: Option<&Bound<'py, PyAny>>,
    mingan_gang: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<GbFanResult> {
    guard(|| {
        if !args.is_empty() {
            return Err(call_error(format!(
                "takes 2 positional arguments but {} were given",
                2 + args.len()
            )));
        }
        // `hand` and `win_tile` by name, or an unknown keyword
        let named = match kwargs {
            Some(kw) => by_name(kw, hand.is_some(), win_tile.is_some())?,
            None => [None, None],
        };
        let hand = hand.or(named[0].as_ref());
        let win_tile = win_tile.or(named[1].as_ref());
        let (Some(hand), Some(win_tile)) = (hand, win_tile) else {
            let missing = if hand.is_none() { "hand" } else { "win_tile" };
            return Err(call_error(format!("missing required argument '{missing}'")));
        };
        let counts = counts_arg(hand)?;
        let win = match small_int(win_tile, (crate::tiles::NUM_KINDS - 1) as u8) {
            Some(k) => k,
            None => {
                let win = one_tile_arg(win_tile, "win_tile")?;
                if win.is_flower() {
                    return Err(invalid_hand("win_tile cannot be a flower"));
                }
                win.index() as u8
            }
        };
        let seat = opt_small(seat, "seat", 3)?;
        let mut input = HandInput::new(&counts, win);
        if let Some(melds) = melds {
            melds_into(&mut input, melds, seat)?;
        }
        input.self_drawn = opt_flag(self_drawn, "self_drawn", false)?;
        input.last_copy = opt_flag(last_copy, "last_copy", false)?;
        input.replacement = opt_flag(replacement, "replacement", false)?;
        input.robbing = opt_flag(robbing, "robbing", false)?;
        input.last_draw = opt_flag(last_draw, "last_draw", false)?;
        input.last_claim = opt_flag(last_claim, "last_claim", false)?;
        input.mingan_gang = opt_flag(mingan_gang, "mingan_gang", true)?;
        input.seat_wind = opt_small(seat_wind, "seat_wind", 3)?;
        input.prevalent_wind = opt_small(prevalent_wind, "prevalent_wind", 3)?;
        input.flowers = opt_small(flowers, "flowers", 8)?;
        let inner = gb::fan(&input).map_err(gb_to_py)?;
        Ok(GbFanResult { inner })
    })
}

/// An `ArgumentTypeError` for a call that does not match `gb_fan`'s signature.
#[cold]
fn call_error(what: String) -> PyErr {
    type_error(format!("gb_fan() {what}"))
}

/// The keywords pyo3 did not place (`kwargs`): `hand` and `win_tile` given by name, in that
/// order, or the error for the first keyword that is neither (or one given by position too).
#[cold]
#[inline(never)]
fn by_name<'py>(
    kwargs: &Bound<'py, PyDict>,
    hand_given: bool,
    win_given: bool,
) -> PyResult<[Option<Bound<'py, PyAny>>; 2]> {
    let mut out = [None, None];
    for (key, value) in kwargs.iter() {
        let text = key.cast::<PyString>().ok().and_then(|k| k.to_str().ok());
        let i = match text {
            Some("hand") => 0,
            Some("win_tile") => 1,
            _ => {
                return Err(call_error(format!(
                    "got an unexpected keyword argument '{}'",
                    keyword_text(&key)
                )))
            }
        };
        if [hand_given, win_given][i] {
            return Err(call_error(format!(
                "got multiple values for argument '{}'",
                ["hand", "win_tile"][i]
            )));
        }
        out[i] = Some(value);
    }
    Ok(out)
}

/// A keyword name for a message: its text, shortened; in a name that is not valid Unicode (a
/// lone surrogate such as `"\ud800"`) the bad code points escaped (`\ud800`).
fn keyword_text(key: &Bound<'_, PyAny>) -> String {
    let text = match key.cast::<PyString>() {
        Ok(k) => match k.to_str() {
            Ok(t) => t.to_owned(),
            Err(_) => k
                .call_method1(
                    pyo3::intern!(k.py(), "encode"),
                    ("utf-8", "backslashreplace"),
                )
                .and_then(|b| b.extract::<Vec<u8>>())
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_else(|_| k.to_string_lossy().into_owned()),
        },
        Err(_) => type_name(key),
    };
    crate::error::excerpt(&text)
}

/// Adds the declared melds to `input`: a list or tuple read by index, anything else iterated.
fn melds_into(input: &mut HandInput, melds: &Bound<'_, PyAny>, seat: u8) -> PyResult<()> {
    let mut add = |i: usize, item: &Bound<'_, PyAny>| -> PyResult<()> {
        if i >= 4 {
            return Err(invalid_hand("at most 4 melds"));
        }
        input.melds.push(meld_arg(item, i, seat)?);
        Ok(())
    };
    if let Ok(list) = melds.cast_exact::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            add(i, &item)?;
        }
    } else if let Ok(tuple) = melds.cast_exact::<PyTuple>() {
        for (i, item) in tuple.iter_borrowed().enumerate() {
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
    Ok(())
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
    m.add_function(wrap_pyfunction!(gb_fan, m)?)?;
    m.add_function(wrap_pyfunction!(gb_fan_table, m)?)?;
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
