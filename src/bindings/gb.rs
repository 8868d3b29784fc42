//! `majiang.gb`: the 国标 番 calculator. Arguments in, a frozen `GbFanResult` out; the
//! result's lists are built when read.

use super::convert::{bounded_int, counts_arg, one_tile_arg, tiles_arg};
use super::errors::{guard, invalid_hand, type_error, type_name};
use crate::gb::{self, Block, FanResult, GbError, HandInput, Meld, MeldKind, Shape};
use crate::tiles::{format_tiles, Tile};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

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
            .fans
            .iter()
            .map(|&(f, c)| {
                let i = f.info();
                (i.zh, i.en, i.points, c)
            })
            .collect()
    }

    /// `(fan number, count)` for each 番 that counts (1-81 the official list, 82 明暗杠).
    #[getter]
    fn numbers(&self) -> Vec<(u8, u16)> {
        self.inner.fans.iter().map(|&(f, c)| (f as u8, c)).collect()
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
        self.inner.blocks.iter().map(block_tuple).collect()
    }

    fn __repr__(&self) -> String {
        let fans: Vec<String> = self
            .inner
            .fans
            .iter()
            .map(|&(f, c)| {
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
        self.inner.fans.hash(&mut h);
        self.inner.total.hash(&mut h);
        h.finish()
    }
}

fn block_tuple(b: &Block) -> (&'static str, String, bool) {
    let tiles: Vec<Tile> = b.tiles.iter().filter_map(|&k| Tile::new(k)).collect();
    (b.kind, format_tiles(&tiles), b.melded)
}

fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(format!("{name} must be a bool, not {}", type_name(obj))))
}

fn small(obj: &Bound<'_, PyAny>, name: &str, max: i64) -> PyResult<u8> {
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

/// One meld: a `majiang.meld.Meld` (kind, kinds, source) or a tuple `(kind, tiles)` /
/// `(kind, tiles, source)`; `source` is the absolute seat the claimed tile came from.
fn meld_arg(item: &Bound<'_, PyAny>, i: usize, seat: u8) -> PyResult<Meld> {
    let (kind, tiles, source) = if let Ok(t) = item.cast::<PyTuple>() {
        match t.len() {
            2 => (t.get_item(0)?, t.get_item(1)?, None),
            3 => (t.get_item(0)?, t.get_item(1)?, Some(t.get_item(2)?)),
            n => {
                return Err(invalid_hand(format!(
                "melds[{i}]: a meld tuple is (kind, tiles) or (kind, tiles, source), got {n} items"
            )))
            }
        }
    } else if item.hasattr(pyo3::intern!(item.py(), "kinds"))? {
        (
            item.getattr(pyo3::intern!(item.py(), "kind"))?,
            item.getattr(pyo3::intern!(item.py(), "kinds"))?,
            Some(item.getattr(pyo3::intern!(item.py(), "source"))?),
        )
    } else {
        return Err(type_error(format!(
            "melds[{i}] must be a Meld or a (kind, tiles, source) tuple, not {}",
            type_name(item)
        )));
    };
    let kind_text = kind
        .cast::<PyString>()
        .map_err(|_| type_error(format!("melds[{i}]: the kind must be a str")))?
        .to_str()?
        .to_owned();
    let kind = meld_kind(&kind_text, i)?;
    let tiles = tiles_arg(&tiles, &format!("melds[{i}]"))?;
    let mut kinds: Vec<usize> = tiles.iter().map(|t| t.index()).collect();
    kinds.sort_unstable();
    let want = if matches!(kind, MeldKind::Chow | MeldKind::Pung) {
        3
    } else {
        4
    };
    let first = kinds.first().copied().unwrap_or(0);
    let shape_ok = kinds.len() == want
        && first < 34
        && match kind {
            MeldKind::Chow => kinds == [first, first + 1, first + 2],
            _ => kinds.iter().all(|&k| k == first),
        };
    if !shape_ok {
        return Err(invalid_hand(format!(
            "melds[{i}]: {} is no {kind_text}",
            format_tiles(&tiles)
        )));
    }
    let source = match source {
        Some(s) if !s.is_none() => Some(small(&s, &format!("melds[{i}] source"), 3)?),
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

/// 番 of a complete 国标 hand. See `majiang.gb.fan` for the arguments.
#[pyfunction]
#[pyo3(signature = (hand, win_tile, melds, self_drawn, last_copy, replacement, robbing,
    last_draw, last_claim, seat_wind, prevalent_wind, flowers, seat, mingan_gang))]
#[allow(clippy::too_many_arguments)]
pub fn gb_fan(
    hand: &Bound<'_, PyAny>,
    win_tile: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    self_drawn: &Bound<'_, PyAny>,
    last_copy: &Bound<'_, PyAny>,
    replacement: &Bound<'_, PyAny>,
    robbing: &Bound<'_, PyAny>,
    last_draw: &Bound<'_, PyAny>,
    last_claim: &Bound<'_, PyAny>,
    seat_wind: &Bound<'_, PyAny>,
    prevalent_wind: &Bound<'_, PyAny>,
    flowers: &Bound<'_, PyAny>,
    seat: &Bound<'_, PyAny>,
    mingan_gang: &Bound<'_, PyAny>,
) -> PyResult<GbFanResult> {
    guard(|| {
        let counts = counts_arg(hand)?;
        let win = one_tile_arg(win_tile, "win_tile")?;
        if win.is_flower() {
            return Err(invalid_hand("win_tile cannot be a flower"));
        }
        let seat = small(seat, "seat", 3)?;
        let mut input = HandInput::new(&counts, win.index() as u8);
        for (i, item) in melds.try_iter()?.enumerate() {
            if i >= 4 {
                return Err(invalid_hand("at most 4 melds"));
            }
            input.melds.push(meld_arg(&item?, i, seat)?);
        }
        input.self_drawn = flag(self_drawn, "self_drawn")?;
        input.last_copy = flag(last_copy, "last_copy")?;
        input.replacement = flag(replacement, "replacement")?;
        input.robbing = flag(robbing, "robbing")?;
        input.last_draw = flag(last_draw, "last_draw")?;
        input.last_claim = flag(last_claim, "last_claim")?;
        input.mingan_gang = flag(mingan_gang, "mingan_gang")?;
        input.seat_wind = small(seat_wind, "seat_wind", 3)?;
        input.prevalent_wind = small(prevalent_wind, "prevalent_wind", 3)?;
        input.flowers = small(flowers, "flowers", 8)?;
        let inner = gb::fan(&input).map_err(gb_to_py)?;
        Ok(GbFanResult { inner })
    })
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
    Ok(())
}
