//! `majiang.Rules`: the shape knobs as a frozen Python object.

use super::errors::{to_py, RulesError};
use crate::rules::{PairRule, SevenPairs, ShapeRules, ThirteenRotten};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

fn pair_name(p: PairRule) -> &'static str {
    match p {
        PairRule::Any => "any",
        PairRule::TwoFiveEight => "258",
    }
}

fn seven_name(s: SevenPairs) -> &'static str {
    match s {
        SevenPairs::Off => "off",
        SevenPairs::Distinct => "distinct",
        SevenPairs::FourAsTwo => "four_as_two",
    }
}

fn rotten_name(r: ThirteenRotten) -> &'static str {
    match r {
        ThirteenRotten::Off => "off",
        ThirteenRotten::Nanchang => "nanchang",
        ThirteenRotten::Knitted => "knitted",
    }
}

fn bad(knob: &str, value: &str, allowed: &str) -> PyErr {
    RulesError::new_err(format!("{knob}={value:?} is not one of {allowed}"))
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (*, honor_sequences=false, pair="any", seven_pairs="distinct", thirteen_orphans=false, thirteen_rotten="off", all_258=false))]
    fn new(
        honor_sequences: bool,
        pair: &str,
        seven_pairs: &str,
        thirteen_orphans: bool,
        thirteen_rotten: &str,
        all_258: bool,
    ) -> PyResult<Rules> {
        let pair = match pair {
            "any" => PairRule::Any,
            "258" => PairRule::TwoFiveEight,
            _ => return Err(bad("pair", pair, "'any', '258'")),
        };
        let seven_pairs = match seven_pairs {
            "off" => SevenPairs::Off,
            "distinct" => SevenPairs::Distinct,
            "four_as_two" => SevenPairs::FourAsTwo,
            _ => {
                return Err(bad(
                    "seven_pairs",
                    seven_pairs,
                    "'off', 'distinct', 'four_as_two'",
                ))
            }
        };
        let thirteen_rotten = match thirteen_rotten {
            "off" => ThirteenRotten::Off,
            "nanchang" => ThirteenRotten::Nanchang,
            "knitted" => ThirteenRotten::Knitted,
            _ => {
                return Err(bad(
                    "thirteen_rotten",
                    thirteen_rotten,
                    "'off', 'nanchang', 'knitted'",
                ))
            }
        };
        Ok(Rules {
            inner: ShapeRules {
                honor_sequences,
                pair,
                seven_pairs,
                thirteen_orphans,
                thirteen_rotten,
                all_258,
            },
        })
    }

    /// The preset with this name: "standard", "nanchang", "pingxiang" or "nanjing".
    ///
    /// Example:
    ///     >>> majiang.Rules.preset("pingxiang").pair
    ///     '258'
    #[staticmethod]
    fn preset(name: &str) -> PyResult<Rules> {
        Ok(Rules {
            inner: ShapeRules::preset(name).map_err(to_py)?,
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

    /// The knobs as a dict (the keyword arguments that rebuild it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("honor_sequences", self.inner.honor_sequences)?;
        d.set_item("pair", self.pair())?;
        d.set_item("seven_pairs", self.seven_pairs())?;
        d.set_item("thirteen_orphans", self.inner.thirteen_orphans)?;
        d.set_item("thirteen_rotten", self.thirteen_rotten())?;
        d.set_item("all_258", self.inner.all_258)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Rules(honor_sequences={}, pair='{}', seven_pairs='{}', thirteen_orphans={}, thirteen_rotten='{}', all_258={})",
            if r.honor_sequences { "True" } else { "False" },
            pair_name(r.pair),
            seven_name(r.seven_pairs),
            if r.thirteen_orphans { "True" } else { "False" },
            rotten_name(r.thirteen_rotten),
            if r.all_258 { "True" } else { "False" },
        )
    }
}
