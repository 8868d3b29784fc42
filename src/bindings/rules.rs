//! `majiang.Rules`: the shape knobs as a frozen Python object.

use super::convert::text_of;
use super::errors::{guard, rules_error, to_py, type_error, type_name};
use crate::error::excerpt;
use crate::rules::{KnittedHonors, PairRule, SevenPairs, ShapeRules, ThirteenRotten};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::borrow::Cow;

/// Which hands count as complete. Build one from a preset or knob by knob.
///
/// Example:
///     >>> import majiang
///     >>> r = majiang.Rules.preset("nanchang")
///     >>> r.honor_sequences, r.seven_pairs
///     (True, 'four_as_two')
///     >>> majiang.Rules(seven_pairs="distinct", thirteen_orphans=True) == majiang.Rules.preset("standard")
///     True
#[pyclass(module = "majiang", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    pub inner: ShapeRules,
}

/// Each string knob's values, by name: one table gives both the parse and the name shown.
const PAIRS: &[(&str, PairRule)] = &[("any", PairRule::Any), ("258", PairRule::TwoFiveEight)];
const SEVENS: &[(&str, SevenPairs)] = &[
    ("off", SevenPairs::Off),
    ("distinct", SevenPairs::Distinct),
    ("four_as_two", SevenPairs::FourAsTwo),
];
const ROTTENS: &[(&str, ThirteenRotten)] = &[
    ("off", ThirteenRotten::Off),
    ("nanchang", ThirteenRotten::Nanchang),
    ("knitted", ThirteenRotten::Knitted),
];
const HONORS: &[(&str, KnittedHonors)] = &[
    ("at_least_5", KnittedHonors::AtLeastFive),
    ("exactly_5", KnittedHonors::ExactlyFive),
];

/// The name of `value` in its knob's table (every value has one).
fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(name, _)| name)
}

fn pair_name(p: PairRule) -> &'static str {
    name_of(PAIRS, p)
}

fn seven_name(s: SevenPairs) -> &'static str {
    name_of(SEVENS, s)
}

fn rotten_name(r: ThirteenRotten) -> &'static str {
    name_of(ROTTENS, r)
}

fn knitted_honors_name(h: KnittedHonors) -> &'static str {
    name_of(HONORS, h)
}

/// A string knob read against its table; RulesError listing the allowed names otherwise.
fn choice_knob<T: PartialEq + Copy>(
    obj: Option<&Bound<'_, PyAny>>,
    knob: &str,
    default: T,
    table: &[(&'static str, T)],
) -> PyResult<T> {
    let text = str_knob(obj, knob, name_of(table, default))?;
    match table.iter().find(|(name, _)| *name == &*text) {
        Some((_, value)) => Ok(*value),
        None => {
            let allowed: Vec<String> = table.iter().map(|(n, _)| format!("'{n}'")).collect();
            Err(bad(knob, &text, &allowed.join(", ")))
        }
    }
}

fn bad(knob: &str, value: &str, allowed: &str) -> PyErr {
    rules_error(format!(
        "{knob}={:?} is not one of {allowed}",
        excerpt(value)
    ))
}

/// A bool knob: `True` or `False` (numpy bools too), nothing else (`1` is a TypeError).
fn bool_knob(obj: Option<&Bound<'_, PyAny>>, knob: &str, default: bool) -> PyResult<bool> {
    match obj {
        None => Ok(default),
        Some(v) => v
            .extract::<bool>()
            .map_err(|_| type_error(format!("{knob} must be a bool, not {}", type_name(v)))),
    }
}

/// A string knob's text.
fn str_knob<'a>(
    obj: Option<&'a Bound<'_, PyAny>>,
    knob: &str,
    default: &'static str,
) -> PyResult<Cow<'a, str>> {
    match obj {
        None => Ok(Cow::Borrowed(default)),
        Some(v) => {
            let s = v
                .cast::<PyString>()
                .map_err(|_| type_error(format!("{knob} must be a str, not {}", type_name(v))))?;
            text_of(s, knob, rules_error)
        }
    }
}

/// The defaults of `Rules()`: the regular shape and distinct seven pairs.
const DEFAULTS: ShapeRules = ShapeRules {
    honor_sequences: false,
    pair: PairRule::Any,
    seven_pairs: SevenPairs::Distinct,
    thirteen_orphans: false,
    thirteen_rotten: ThirteenRotten::Off,
    all_258: false,
    knitted_honors: KnittedHonors::AtLeastFive,
    knitted_straight: false,
};

/// `base` with the knobs given changed (each checked).
#[allow(clippy::too_many_arguments)]
fn with_knobs(
    base: &ShapeRules,
    honor_sequences: Option<&Bound<'_, PyAny>>,
    pair: Option<&Bound<'_, PyAny>>,
    seven_pairs: Option<&Bound<'_, PyAny>>,
    thirteen_orphans: Option<&Bound<'_, PyAny>>,
    thirteen_rotten: Option<&Bound<'_, PyAny>>,
    all_258: Option<&Bound<'_, PyAny>>,
    knitted_honors: Option<&Bound<'_, PyAny>>,
    knitted_straight: Option<&Bound<'_, PyAny>>,
) -> PyResult<ShapeRules> {
    let knitted_straight = bool_knob(knitted_straight, "knitted_straight", base.knitted_straight)?;
    let honor_sequences = bool_knob(honor_sequences, "honor_sequences", base.honor_sequences)?;
    let thirteen_orphans = bool_knob(thirteen_orphans, "thirteen_orphans", base.thirteen_orphans)?;
    let all_258 = bool_knob(all_258, "all_258", base.all_258)?;
    let pair = choice_knob(pair, "pair", base.pair, PAIRS)?;
    let seven_pairs = choice_knob(seven_pairs, "seven_pairs", base.seven_pairs, SEVENS)?;
    let thirteen_rotten = choice_knob(
        thirteen_rotten,
        "thirteen_rotten",
        base.thirteen_rotten,
        ROTTENS,
    )?;
    let knitted_honors = choice_knob(
        knitted_honors,
        "knitted_honors",
        base.knitted_honors,
        HONORS,
    )?;
    Ok(ShapeRules {
        honor_sequences,
        pair,
        seven_pairs,
        thirteen_orphans,
        thirteen_rotten,
        all_258,
        knitted_honors,
        knitted_straight,
    })
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (*, honor_sequences=None, pair=None, seven_pairs=None, thirteen_orphans=None, thirteen_rotten=None, all_258=None, knitted_honors=None, knitted_straight=None))]
    #[pyo3(
        text_signature = "(*, honor_sequences=False, pair=\"any\", seven_pairs=\"distinct\", thirteen_orphans=False, thirteen_rotten=\"off\", all_258=False, knitted_honors=\"at_least_5\", knitted_straight=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        honor_sequences: Option<&Bound<'_, PyAny>>,
        pair: Option<&Bound<'_, PyAny>>,
        seven_pairs: Option<&Bound<'_, PyAny>>,
        thirteen_orphans: Option<&Bound<'_, PyAny>>,
        thirteen_rotten: Option<&Bound<'_, PyAny>>,
        all_258: Option<&Bound<'_, PyAny>>,
        knitted_honors: Option<&Bound<'_, PyAny>>,
        knitted_straight: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Rules> {
        guard(|| {
            Ok(Rules {
                inner: with_knobs(
                    &DEFAULTS,
                    honor_sequences,
                    pair,
                    seven_pairs,
                    thirteen_orphans,
                    thirteen_rotten,
                    all_258,
                    knitted_honors,
                    knitted_straight,
                )?,
            })
        })
    }

    /// A copy with the knobs given changed (the others kept).
    ///
    /// Example:
    ///     >>> r = majiang.Rules.preset("pingxiang").replace(knitted_honors="exactly_5")
    ///     >>> r.pair, r.thirteen_rotten, r.knitted_honors
    ///     ('258', 'knitted', 'exactly_5')
    #[pyo3(signature = (*, honor_sequences=None, pair=None, seven_pairs=None, thirteen_orphans=None, thirteen_rotten=None, all_258=None, knitted_honors=None, knitted_straight=None))]
    #[pyo3(
        text_signature = "($self, *, honor_sequences=None, pair=None, seven_pairs=None, thirteen_orphans=None, thirteen_rotten=None, all_258=None, knitted_honors=None, knitted_straight=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn replace(
        &self,
        honor_sequences: Option<&Bound<'_, PyAny>>,
        pair: Option<&Bound<'_, PyAny>>,
        seven_pairs: Option<&Bound<'_, PyAny>>,
        thirteen_orphans: Option<&Bound<'_, PyAny>>,
        thirteen_rotten: Option<&Bound<'_, PyAny>>,
        all_258: Option<&Bound<'_, PyAny>>,
        knitted_honors: Option<&Bound<'_, PyAny>>,
        knitted_straight: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Rules> {
        guard(|| {
            Ok(Rules {
                inner: with_knobs(
                    &self.inner,
                    honor_sequences,
                    pair,
                    seven_pairs,
                    thirteen_orphans,
                    thirteen_rotten,
                    all_258,
                    knitted_honors,
                    knitted_straight,
                )?,
            })
        })
    }

    /// The preset with this name: "standard", "nanchang", "pingxiang", "nanjing" or "gb".
    ///
    /// Example:
    ///     >>> majiang.Rules.preset("pingxiang").pair
    ///     '258'
    #[staticmethod]
    fn preset(name: &Bound<'_, PyAny>) -> PyResult<Rules> {
        guard(|| {
            let s = name
                .cast::<PyString>()
                .map_err(|_| type_error(format!("name must be a str, not {}", type_name(name))))?;
            Ok(Rules {
                inner: ShapeRules::preset(&text_of(s, "name", rules_error)?).map_err(to_py)?,
            })
        })
    }

    /// The preset names.
    #[staticmethod]
    fn preset_names() -> Vec<&'static str> {
        ShapeRules::PRESET_NAMES.to_vec()
    }

    #[getter]
    fn honor_sequences(&self) -> bool {
        self.inner.honor_sequences
    }
    #[getter]
    fn pair(&self) -> &'static str {
        pair_name(self.inner.pair)
    }
    #[getter]
    fn seven_pairs(&self) -> &'static str {
        seven_name(self.inner.seven_pairs)
    }
    #[getter]
    fn thirteen_orphans(&self) -> bool {
        self.inner.thirteen_orphans
    }
    #[getter]
    fn thirteen_rotten(&self) -> &'static str {
        rotten_name(self.inner.thirteen_rotten)
    }
    #[getter]
    fn all_258(&self) -> bool {
        self.inner.all_258
    }
    /// How many honors a knitted hand holds: "at_least_5" (any 14 of the 16 knitted kinds)
    /// or "exactly_5" (all nine numbers and five honors). Read only with
    /// `thirteen_rotten="knitted"`.
    ///
    /// Example:
    ///     >>> five = majiang.Rules.preset("pingxiang").replace(knitted_honors="exactly_5")
    ///     >>> majiang.is_winning("147m258p36s123456z", rules=five)
    ///     False
    ///     >>> majiang.is_winning("147m258p36s123456z", rules="pingxiang")
    ///     True
    #[getter]
    fn knitted_honors(&self) -> &'static str {
        knitted_honors_name(self.inner.knitted_honors)
    }

    /// Whether GB 组合龙 (knitted straight: 147, 258 and 369 in three different suits) with a
    /// block and a pair, or with one meld declared a pair, is a winning shape.
    ///
    /// Example:
    ///     >>> majiang.Rules.preset("gb").knitted_straight
    ///     True
    ///     >>> majiang.is_winning("147m258p369s11555z", rules="gb")
    ///     True
    #[getter]
    fn knitted_straight(&self) -> bool {
        self.inner.knitted_straight
    }

    /// The knobs as a dict (the keyword arguments that rebuild it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("honor_sequences", self.inner.honor_sequences)?;
        d.set_item("pair", self.pair())?;
        d.set_item("seven_pairs", self.seven_pairs())?;
        d.set_item("thirteen_orphans", self.inner.thirteen_orphans)?;
        d.set_item("thirteen_rotten", self.thirteen_rotten())?;
        d.set_item("all_258", self.inner.all_258)?;
        d.set_item("knitted_honors", self.knitted_honors())?;
        d.set_item("knitted_straight", self.inner.knitted_straight)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Rules(honor_sequences={}, pair='{}', seven_pairs='{}', thirteen_orphans={}, thirteen_rotten='{}', all_258={}, knitted_honors='{}', knitted_straight={})",
            if r.honor_sequences { "True" } else { "False" },
            pair_name(r.pair),
            seven_name(r.seven_pairs),
            if r.thirteen_orphans { "True" } else { "False" },
            rotten_name(r.thirteen_rotten),
            if r.all_258 { "True" } else { "False" },
            knitted_honors_name(r.knitted_honors),
            if r.knitted_straight { "True" } else { "False" },
        )
    }
}
