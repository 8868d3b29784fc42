//! Shape rules: which hands count as complete, with the presets of each variant.
//!
//! Only the *shape* of a winning hand lives here; scoring belongs to the Python settlement layer.

use crate::error::{Error, Result};

/// Which pairs may serve as the hand's pair (将).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PairRule {
    /// Any two identical tiles.
    Any,
    /// Only 2, 5 or 8 of a suit (Pingxiang's 258 将).
    TwoFiveEight,
}

/// Whether seven pairs (七对) is a winning shape, and what counts as a pair.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SevenPairs {
    /// Not a winning shape.
    Off,
    /// Seven pairs of seven different kinds.
    Distinct,
    /// Four of a kind counts as two pairs (Nanchang 小七对, Pingxiang 龙七, Nanjing 豪华七对).
    FourAsTwo,
}

/// The "thirteen-rotten" family of all-single hands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ThirteenRotten {
    /// Not a winning shape.
    Off,
    /// Nanchang 十三烂: 14 single tiles; within a suit any two numbers differ by at least 3;
    /// honors all different.
    Nanchang,
    /// Knitted (Pingxiang 十三烂, GB 全不靠): 147, 258 and 369 in three different suits plus
    /// distinct honors, any 14 of those 16 kinds.
    Knitted,
}

/// How many honors a knitted hand ([`ThirteenRotten::Knitted`]) holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KnittedHonors {
    /// Five to seven (any 14 of the 16 knitted kinds: GB 全不靠, Pingxiang's default).
    AtLeastFive,
    /// Exactly five: the whole 147/258/369 in three suits and five distinct honors
    /// (Pingxiang option `shisanlan_honors = "exactly_5"`).
    ExactlyFive,
}

impl KnittedHonors {
    /// The most distinct honors a knitted target of this rule holds (the suits then give
    /// the rest of the 14 kinds).
    ///
    /// ```
    /// use majiang::rules::KnittedHonors;
    /// assert_eq!(KnittedHonors::AtLeastFive.most(), 7);
    /// assert_eq!(KnittedHonors::ExactlyFive.most(), 5);
    /// ```
    pub const fn most(self) -> u8 {
        match self {
            KnittedHonors::AtLeastFive => 7,
            KnittedHonors::ExactlyFive => 5,
        }
    }
}

/// The shape knobs of a rule set.
///
/// ```
/// use majiang::rules::{ShapeRules, SevenPairs};
/// let r = ShapeRules::preset("nanchang").unwrap();
/// assert!(r.honor_sequences);
/// assert_eq!(r.seven_pairs, SevenPairs::FourAsTwo);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShapeRules {
    /// Nanchang honor sequences: any three different winds, and 中发白, form a sequence.
    pub honor_sequences: bool,
    /// Which pairs may be the hand's pair in the regular shape.
    pub pair: PairRule,
    /// Seven pairs.
    pub seven_pairs: SevenPairs,
    /// Thirteen orphans (十三幺).
    pub thirteen_orphans: bool,
    /// Thirteen-rotten / knitted.
    pub thirteen_rotten: ThirteenRotten,
    /// All 2/5/8 (乱将): any 14 tiles that are all 2, 5 or 8 of a suit.
    pub all_258: bool,
    /// How many honors a knitted hand holds (read only when `thirteen_rotten` is
    /// [`ThirteenRotten::Knitted`]).
    pub knitted_honors: KnittedHonors,
    /// GB 组合龙 (knitted straight) with the rest: 147, 258 and 369 in three different suits
    /// (nine tiles) plus one block and a pair, or with one meld declared a pair only.
    pub knitted_straight: bool,
}

impl ShapeRules {
    /// How many different rule sets the knobs make.
    pub const COMBINATIONS: usize = 2 * 2 * 3 * 2 * 3 * 2 * 2 * 2;

    /// This rule set's number among all [`ShapeRules::COMBINATIONS`]: distinct rule sets
    /// get distinct numbers below that count.
    ///
    /// ```
    /// use majiang::rules::ShapeRules;
    /// assert_ne!(ShapeRules::STANDARD.index(), ShapeRules::NANCHANG.index());
    /// assert!(ShapeRules::NANCHANG.index() < ShapeRules::COMBINATIONS);
    /// ```
    pub fn index(&self) -> usize {
        let pair = match self.pair {
            PairRule::Any => 0,
            PairRule::TwoFiveEight => 1,
        };
        let seven = match self.seven_pairs {
            SevenPairs::Off => 0,
            SevenPairs::Distinct => 1,
            SevenPairs::FourAsTwo => 2,
        };
        let rotten = match self.thirteen_rotten {
            ThirteenRotten::Off => 0,
            ThirteenRotten::Nanchang => 1,
            ThirteenRotten::Knitted => 2,
        };
        let knobs = [
            (usize::from(self.honor_sequences), 2),
            (pair, 2),
            (seven, 3),
            (usize::from(self.thirteen_orphans), 2),
            (rotten, 3),
            (usize::from(self.all_258), 2),
            (
                usize::from(self.knitted_honors == KnittedHonors::ExactlyFive),
                2,
            ),
            (usize::from(self.knitted_straight), 2),
        ];
        knobs
            .iter()
            .fold(0, |acc, &(value, radix)| acc * radix + value)
    }

    /// Riichi calculators' shapes: regular, distinct seven pairs, thirteen orphans.
    pub const STANDARD: ShapeRules = ShapeRules {
        honor_sequences: false,
        pair: PairRule::Any,
        seven_pairs: SevenPairs::Distinct,
        thirteen_orphans: true,
        thirteen_rotten: ThirteenRotten::Off,
        all_258: false,
        knitted_honors: KnittedHonors::AtLeastFive,
        knitted_straight: false,
    };
    /// Nanchang: honor sequences, 小七对 with repeats, 十三烂 (seeds 000, 002).
    pub const NANCHANG: ShapeRules = ShapeRules {
        honor_sequences: true,
        pair: PairRule::Any,
        seven_pairs: SevenPairs::FourAsTwo,
        thirteen_orphans: false,
        thirteen_rotten: ThirteenRotten::Nanchang,
        all_258: false,
        knitted_honors: KnittedHonors::AtLeastFive,
        knitted_straight: false,
    };
    /// Pingxiang: 258 pair, seven pairs (龙七 allowed), knitted 十三烂, 乱将 (seed 001).
    pub const PINGXIANG: ShapeRules = ShapeRules {
        honor_sequences: false,
        pair: PairRule::TwoFiveEight,
        seven_pairs: SevenPairs::FourAsTwo,
        thirteen_orphans: false,
        thirteen_rotten: ThirteenRotten::Knitted,
        all_258: true,
        knitted_honors: KnittedHonors::AtLeastFive,
        knitted_straight: false,
    };
    /// Nanjing: regular shape and seven pairs with 豪华 four-of-a-kind pairs (seed 004).
    pub const NANJING: ShapeRules = ShapeRules {
        honor_sequences: false,
        pair: PairRule::Any,
        seven_pairs: SevenPairs::FourAsTwo,
        thirteen_orphans: false,
        thirteen_rotten: ThirteenRotten::Off,
        all_258: false,
        knitted_honors: KnittedHonors::AtLeastFive,
        knitted_straight: false,
    };

    /// GB 国标 (2006 competition rules, docs/rules/gb.md): the regular shape, seven pairs
    /// (four of a kind as two pairs), thirteen orphans, 全不靠 (knitted tiles with five or
    /// more honors, any 14 of the 16 kinds) and 组合龙 with a block and a pair.
    pub const GB: ShapeRules = ShapeRules {
        honor_sequences: false,
        pair: PairRule::Any,
        seven_pairs: SevenPairs::FourAsTwo,
        thirteen_orphans: true,
        thirteen_rotten: ThirteenRotten::Knitted,
        all_258: false,
        knitted_honors: KnittedHonors::AtLeastFive,
        knitted_straight: true,
    };

    /// The names accepted by [`ShapeRules::preset`].
    pub const PRESET_NAMES: [&'static str; 5] =
        ["standard", "nanchang", "pingxiang", "nanjing", "gb"];

    /// The presets in [`ShapeRules::PRESET_NAMES`] order.
    pub const PRESETS: [ShapeRules; 5] = [
        Self::STANDARD,
        Self::NANCHANG,
        Self::PINGXIANG,
        Self::NANJING,
        Self::GB,
    ];

    /// A preset by name: `"standard"`, `"nanchang"`, `"pingxiang"`, `"nanjing"` or `"gb"`.
    pub fn preset(name: &str) -> Result<ShapeRules> {
        match name {
            "standard" => Ok(Self::STANDARD),
            "nanchang" => Ok(Self::NANCHANG),
            "pingxiang" => Ok(Self::PINGXIANG),
            "nanjing" => Ok(Self::NANJING),
            "gb" => Ok(Self::GB),
            _ => Err(Error::Rules(format!(
                "unknown rules preset {:?}; expected one of {}",
                crate::error::excerpt(name),
                Self::PRESET_NAMES.join(", ")
            ))),
        }
    }
}

impl Default for ShapeRules {
    fn default() -> Self {
        Self::NANCHANG
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_in_name_order() {
        for (name, rules) in ShapeRules::PRESET_NAMES.iter().zip(ShapeRules::PRESETS) {
            assert_eq!(ShapeRules::preset(name).unwrap(), rules, "{name}");
        }
    }

    /// Every rule set the knobs make, each once.
    fn all_rule_sets() -> Vec<ShapeRules> {
        let mut out = Vec::new();
        for honor_sequences in [false, true] {
            for pair in [PairRule::Any, PairRule::TwoFiveEight] {
                for seven_pairs in [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::FourAsTwo] {
                    for thirteen_orphans in [false, true] {
                        for thirteen_rotten in [
                            ThirteenRotten::Off,
                            ThirteenRotten::Nanchang,
                            ThirteenRotten::Knitted,
                        ] {
                            for all_258 in [false, true] {
                                for knitted_honors in
                                    [KnittedHonors::AtLeastFive, KnittedHonors::ExactlyFive]
                                {
                                    for knitted_straight in [false, true] {
                                        out.push(ShapeRules {
                                            honor_sequences,
                                            pair,
                                            seven_pairs,
                                            thirteen_orphans,
                                            thirteen_rotten,
                                            all_258,
                                            knitted_honors,
                                            knitted_straight,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn index_numbers_every_rule_set_once() {
        let mut seen = vec![false; ShapeRules::COMBINATIONS];
        let all = all_rule_sets();
        assert_eq!(all.len(), ShapeRules::COMBINATIONS);
        for r in all {
            let i = r.index();
            assert!(!seen[i], "{r:?} shares index {i}");
            seen[i] = true;
        }
        assert!(seen.into_iter().all(|s| s));
    }
}
