//! Shape queries: shanten, completeness, waits, discards, decompositions.

use super::convert::{
    counts_arg, evaluator_arg, int_arg, jing_arg, kind_pystr, melds_arg, tiles_arg, IntArg,
};
use super::decomposition::Decomposition;
use super::errors::{guard, invalid_hand, rules_error, to_py};
use crate::algo::Evaluator;
use crate::hand::Jing;
use crate::tiles::{Counts, NUM_KINDS};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// The arguments every shape query shares, converted once.
struct Query {
    eval: &'static Evaluator,
    counts: Counts,
    jing: Jing,
    melds: u8,
}

impl Query {
    fn new(
        tiles: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        jing: Option<&Bound<'_, PyAny>>,
        melds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Query> {
        Ok(Query {
            eval: evaluator_arg(tiles.py(), rules)?,
            counts: counts_arg(tiles)?,
            jing: match jing {
                None => Jing::NONE,
                Some(j) => jing_arg(j)?,
            },
            melds: melds_arg(melds)?,
        })
    }
}

/// Shanten (向听) of a 13-3k or 14-3k concealed hand: the fewest tile exchanges from
/// tenpai (0) or, for 14-3k tiles, -1 when the hand is complete.
///
/// `tiles`: MPSZ/Chinese/glyph string, tile names, or 34 counts. `rules`: preset name or
/// `Rules`. `jing`: wild kinds (each concealed tile of them may stand for any tile).
/// `melds`: declared melds, whose tiles are not passed.
///
/// Example:
///     >>> majiang.shanten("123m456p789s1237z5m")
///     0
///     >>> majiang.shanten("123m456p789s1237z5m", jing="5m")  # the 5m jing pairs the 中
///     -1
///     >>> majiang.shanten([1, 1, 1, 1] + [0] * 30, melds=3)   # 34 counts: 1234m, 3 melds
///     0
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0)")]
pub fn shanten(
    tiles: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    jing: Option<&Bound<'_, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
) -> PyResult<i8> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        q.eval.shanten(&q.counts, q.jing, q.melds).map_err(to_py)
    })
}

/// Shanten of each shape the rules enable: keys among "regular", "seven_pairs",
/// "thirteen_orphans", "thirteen_rotten", "knitted", "all_258", "knitted_straight" (GB 组合龙
/// with the rest; shapes that need a closed hand are left out when melds are declared, 组合龙
/// with more than one).
///
/// Example:
///     >>> majiang.shanten_detail("147m258p369s12345z")
///     {'regular': 6, 'seven_pairs': 6, 'thirteen_rotten': -1}
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0)")]
pub fn shanten_detail<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        let d = q
            .eval
            .shanten_detail(&q.counts, q.jing, q.melds)
            .map_err(to_py)?;
        let out = PyDict::new(py);
        for (name, v) in [
            ("regular", d.regular),
            ("seven_pairs", d.seven_pairs),
            ("thirteen_orphans", d.thirteen_orphans),
            ("thirteen_rotten", d.thirteen_rotten),
            ("knitted", d.knitted),
            ("all_258", d.all_258),
            ("knitted_straight", d.knitted_straight),
        ] {
            if let Some(v) = v {
                out.set_item(name, v)?;
            }
        }
        Ok(out)
    })
}

/// Whether a 14-3k concealed hand is complete.
///
/// Example:
///     >>> majiang.is_winning("123m456p789s123z55m")   # 东南西 is a sequence in Nanchang
///     True
///     >>> majiang.is_winning("123m456p789s123z55m", rules="standard")
///     False
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0)")]
pub fn is_winning(
    tiles: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    jing: Option<&Bound<'_, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        q.eval.is_winning(&q.counts, q.jing, q.melds).map_err(to_py)
    })
}

/// The kinds that complete a 13-3k hand, as MPSZ names in index order (a kind the hand
/// already holds four times is left out).
///
/// Example:
///     >>> majiang.winning_tiles("1112345678999m", rules="standard")
///     ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0)")]
pub fn winning_tiles<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        let kinds = q
            .eval
            .winning_tiles(&q.counts, q.jing, q.melds)
            .map_err(to_py)?;
        PyList::new(py, kinds.into_iter().map(|k| kind_pystr(py, k)))
    })
}

/// For a 14-3k hand, every distinct discard with the shanten it leaves, the effective
/// kinds (draws that lower that shanten) and how many of them are unseen, best first.
/// `visible`: tiles seen outside the hand (ponds, melds, indicators), any hand form.
///
/// Example:
///     >>> best = majiang.discard_options("123m456p789s1122z5z", rules="standard")[0]
///     >>> best["discard"], best["shanten"], best["effective"], best["unseen"]
///     ('5z', 0, ['1z', '2z'], 4)
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None, visible=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0, visible=None)")]
pub fn discard_options<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        let visible = visible.map(counts_arg).transpose()?;
        let options = q
            .eval
            .discard_options(&q.counts, q.jing, q.melds, visible.as_ref())
            .map_err(to_py)?;
        let keys = [
            intern!(py, "discard"),
            intern!(py, "shanten"),
            intern!(py, "effective"),
            intern!(py, "unseen"),
        ];
        let out = PyList::empty(py);
        for o in options {
            let d = PyDict::new(py);
            d.set_item(keys[0], kind_pystr(py, o.discard))?;
            d.set_item(keys[1], o.shanten)?;
            let effective = o.effective.into_iter().map(|k| kind_pystr(py, k));
            d.set_item(keys[2], PyList::new(py, effective)?)?;
            d.set_item(keys[3], o.unseen)?;
            out.append(d)?;
        }
        Ok(out)
    })
}

/// The first of `discard_options(...)` whose discard is not in `keep`, or the first of all
/// when every held kind is in `keep`: the choice of a player that keeps some tiles (its
/// wild tiles) unless forced. The same dict as `discard_options`' items, at a fraction of
/// its cost: only the discards leaving the lowest shanten are looked at closely. `keep`:
/// tile names or kind indices, any hand form `jing` takes (default none).
///
/// Example:
///     >>> majiang.best_discard("123m456p789s1122z5z", rules="standard")["discard"]
///     '5z'
///     >>> majiang.best_discard("123m456p789s1122z5z", rules="standard", keep="5z")["discard"]
///     '1m'
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None, visible=None, keep=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0, visible=None, keep=None)")]
pub fn best_discard<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
    keep: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        let visible = visible.map(counts_arg).transpose()?;
        let mut kept = [false; NUM_KINDS];
        if let Some(keep) = keep {
            let empty = keep.cast_exact::<PyTuple>().is_ok_and(|t| t.is_empty());
            if !empty && !keep.is_none() {
                for t in tiles_arg(keep, "keep")? {
                    if t.is_flower() {
                        return Err(invalid_hand(format!("keep: {t} is a flower, never held")));
                    }
                    kept[t.index()] = true;
                }
            }
        }
        let o = q
            .eval
            .best_discard(&q.counts, q.jing, q.melds, visible.as_ref(), &kept)
            .map_err(to_py)?;
        let d = PyDict::new(py);
        d.set_item(intern!(py, "discard"), kind_pystr(py, o.discard))?;
        d.set_item(intern!(py, "shanten"), o.shanten)?;
        let effective = o.effective.into_iter().map(|k| kind_pystr(py, k));
        d.set_item(intern!(py, "effective"), PyList::new(py, effective)?)?;
        d.set_item(intern!(py, "unseen"), o.unseen)?;
        Ok(d)
    })
}

/// The default `limit` of [`decompositions`].
const DEFAULT_LIMIT: usize = 1000;

/// Every distinct way a complete 14-3k hand completes (at most `limit`), as frozen
/// `Decomposition` values: its shape, its blocks (`Block`: kind, the tiles as read, the
/// physical source tiles, which are wild) and whether every wild tile stands for itself
/// (Nanchang 德国 / 精还原). `to_dict()` gives each as JSON-ready data.
///
/// The search stops after `limit` readings, so memory is bounded by it however many
/// readings wild tiles make possible. At most 10,000 are ever returned: a larger `limit`
/// asks for all of them, and a hand with more than 10,000 is then a RulesError (a
/// negative `limit` is one too).
///
/// Example:
///     >>> ds = majiang.decompositions("111222333m456p77z", rules="standard")
///     >>> [[b.kind for b in d.blocks].count("triplet") for d in ds]  # 111 222 333 or 123 x3
///     [3, 0]
#[pyfunction]
#[pyo3(signature = (tiles, *, rules=None, jing=None, melds=None, limit=None))]
#[pyo3(text_signature = "(tiles, *, rules=None, jing=None, melds=0, limit=1000)")]
pub fn decompositions<'py>(
    py: Python<'py>,
    tiles: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    jing: Option<&Bound<'py, PyAny>>,
    melds: Option<&Bound<'py, PyAny>>,
    limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let q = Query::new(tiles, rules, jing, melds)?;
        let limit = match limit {
            None => DEFAULT_LIMIT,
            Some(l) => match int_arg(l, "limit")? {
                IntArg::Small(n) if n >= 0 => usize::try_from(n).unwrap_or(usize::MAX),
                IntArg::Huge {
                    negative: false, ..
                } => usize::MAX,
                other => {
                    return Err(rules_error(format!(
                        "limit must be 0 or more, got {}",
                        other.describe()
                    )))
                }
            },
        };
        let ds = q
            .eval
            .decompositions(&q.counts, q.jing, q.melds, limit)
            .map_err(to_py)?;
        let out = PyList::empty(py);
        for d in ds {
            out.append(Decomposition::new(py, d)?)?;
        }
        Ok(out)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_detail, m)?)?;
    m.add_function(wrap_pyfunction!(is_winning, m)?)?;
    m.add_function(wrap_pyfunction!(winning_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(discard_options, m)?)?;
    m.add_function(wrap_pyfunction!(best_discard, m)?)?;
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    Ok(())
}
