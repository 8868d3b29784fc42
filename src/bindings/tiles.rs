//! Tile parsing and naming for Python.

use super::convert::{one_tile_arg, tiles_arg};
use super::count_lists::counts_from_list;
use super::errors::{guard, tile_parse};
use crate::tiles::format_tiles;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Parses tiles (MPSZ, Chinese names, glyphs, freely mixed) into MPSZ names, in order.
///
/// Example:
///     >>> majiang.parse_tiles("12m 红中 🀙")
///     ['1m', '2m', '7z', '1p']
#[pyfunction]
fn parse_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    guard(|| {
        Ok(tiles_arg(tiles, "tiles")?
            .iter()
            .map(|t| t.to_string())
            .collect())
    })
}

/// Tiles as a compact MPSZ string, in the order given.
///
/// Example:
///     >>> majiang.to_mpsz(["1m", "2m", "东"])
///     '12m1z'
#[pyfunction]
fn to_mpsz(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    guard(|| Ok(format_tiles(&tiles_arg(tiles, "tiles")?)))
}

/// The MPSZ text of 34 counts (suits in order), or None unless `counts` is a list of 34
/// ints 0-4: the fast path of `majiang.tiles.mpsz`, which answers every other form itself.
///
/// Example:
///     >>> from majiang._core import counts_mpsz
///     >>> counts_mpsz([2] + [0] * 32 + [1]), counts_mpsz([5] * 34), counts_mpsz((0,) * 34)
///     ('11m7z', None, None)
#[pyfunction]
fn counts_mpsz(counts: &Bound<'_, PyAny>) -> Option<String> {
    let counts = counts_from_list(counts.cast_exact::<PyList>().ok()?)?;
    let mut out = String::with_capacity(24);
    for (start, stop, suit) in [(0, 9, 'm'), (9, 18, 'p'), (18, 27, 's'), (27, 34, 'z')] {
        let before = out.len();
        for (k, &n) in counts.iter().enumerate().take(stop).skip(start) {
            for _ in 0..n {
                out.push(char::from(b'1' + (k - start) as u8));
            }
        }
        if out.len() > before {
            out.push(suit);
        }
    }
    Some(out)
}

/// Tiles as Unicode mahjong glyphs.
///
/// Example:
///     >>> majiang.to_glyphs("1m7z")
///     '🀇🀄'
#[pyfunction]
fn to_glyphs(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    guard(|| {
        Ok(tiles_arg(tiles, "tiles")?
            .iter()
            .map(|t| t.glyph())
            .collect())
    })
}

/// Tiles by Chinese name.
///
/// Example:
///     >>> majiang.to_chinese("5m6z")
///     ['五万', '发']
#[pyfunction]
fn to_chinese(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
    guard(|| {
        Ok(tiles_arg(tiles, "tiles")?
            .iter()
            .map(|t| t.chinese())
            .collect())
    })
}

/// The index of one tile: 0-33 for the kinds in MPSZ order, 34-41 for the flowers. An int
/// is taken as an index already and returned as it is (0-41; others are a TileParseError).
///
/// Example:
///     >>> majiang.tile_index("东")
///     27
///     >>> majiang.tile_index(5)
///     5
#[pyfunction]
fn tile_index(tile: &Bound<'_, PyAny>) -> PyResult<usize> {
    guard(|| Ok(one_tile_arg(tile, "tile")?.index()))
}

/// Nanchang's jing pair from the flipped indicator: (正精, 副精). The indicator is a tile
/// name or a kind index (0-33).
///
/// Example:
///     >>> majiang.jing_pair("9p")
///     ('9p', '1p')
///     >>> majiang.jing_pair("中")
///     ('7z', '6z')
///     >>> majiang.jing_pair(3)   # kind 3 is 4m
///     ('4m', '5m')
#[pyfunction]
fn jing_pair(indicator: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    guard(|| {
        let t = one_tile_arg(indicator, "indicator")?;
        if t.is_flower() {
            return Err(tile_parse(format!(
                "a flower ({t}) cannot be a jing indicator"
            )));
        }
        let (zheng, fu) = crate::hand::Jing::nanchang_pair(t);
        Ok((zheng.to_string(), fu.to_string()))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(to_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(counts_mpsz, m)?)?;
    m.add_function(wrap_pyfunction!(to_glyphs, m)?)?;
    m.add_function(wrap_pyfunction!(to_chinese, m)?)?;
    m.add_function(wrap_pyfunction!(tile_index, m)?)?;
    m.add_function(wrap_pyfunction!(jing_pair, m)?)?;
    Ok(())
}
