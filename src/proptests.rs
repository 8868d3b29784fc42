//! Property tests (proptest) of every input path of the core: the tile parser, the hand
//! check, shanten, waits and decompositions against the brute force of [`crate::algo::brute`],
//! and that no public entry point panics on any bytes at all.
//!
//! Case counts keep the whole file to some seconds at the test profile's opt-level 3; a
//! failing case is printed (shrunk) and not persisted to disk.

use crate::algo::batch::{self, Batch, PerRow, Rows};
use crate::algo::tests::{random_hand, Rng, PINGXIANG_FIVE_HONORS};
use crate::algo::{brute, Evaluator, MAX_DECOMPOSITIONS};
use crate::error::{Error, QUOTE_CHARS};
use crate::hand::{check_hand, hand_size, HandSize, Jing};
use crate::rules::{KnittedHonors, PairRule, SevenPairs, ShapeRules, ThirteenRotten};
use crate::tiles::{format_tiles, parse_tiles, Counts, Tile, NUM_KINDS};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::sync::atomic::AtomicU8;

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Any of the 576 rule sets the knobs make.
fn any_rules() -> impl Strategy<Value = ShapeRules> {
    (
        any::<bool>(),
        prop_oneof![Just(PairRule::Any), Just(PairRule::TwoFiveEight)],
        prop_oneof![
            Just(SevenPairs::Off),
            Just(SevenPairs::Distinct),
            Just(SevenPairs::FourAsTwo)
        ],
        any::<bool>(),
        prop_oneof![
            Just(ThirteenRotten::Off),
            Just(ThirteenRotten::Nanchang),
            Just(ThirteenRotten::Knitted)
        ],
        any::<bool>(),
        prop_oneof![
            Just(KnittedHonors::AtLeastFive),
            Just(KnittedHonors::ExactlyFive)
        ],
        any::<bool>(),
    )
        .prop_map(
            |(
                honor_sequences,
                pair,
                seven_pairs,
                thirteen_orphans,
                thirteen_rotten,
                all_258,
                knitted_honors,
                knitted_straight,
            )| {
                ShapeRules {
                    honor_sequences,
                    pair,
                    seven_pairs,
                    thirteen_orphans,
                    thirteen_rotten,
                    all_258,
                    knitted_honors,
                    knitted_straight,
                }
            },
        )
}

/// The five presets and Pingxiang's exactly-five-honors 十三烂 (the brute force is checked
/// against them; each is one point of the knob space, and the knob-by-knob rule sets are
/// covered by the no-panic test).
fn preset() -> impl Strategy<Value = ShapeRules> {
    prop_oneof![
        Just(ShapeRules::STANDARD),
        Just(ShapeRules::NANCHANG),
        Just(ShapeRules::PINGXIANG),
        Just(PINGXIANG_FIVE_HONORS),
        Just(ShapeRules::NANJING),
        Just(ShapeRules::GB),
    ]
}

/// A valid hand for `rules` of 14 - 3 melds (`full`) or 13 - 3 melds tiles with about
/// `wild` wild tiles, from the structured generator of the algorithm tests (complete and
/// nearly complete hands are common), seeded by proptest.
fn hand(full: bool) -> impl Strategy<Value = (ShapeRules, Counts, Jing, u8)> {
    (preset(), any::<u64>(), 0usize..5, 0usize..9).prop_map(move |(rules, seed, melds, wild)| {
        let size = 14 - 3 * melds - usize::from(!full);
        let (c, jing) = random_hand(&mut Rng::new(seed), &rules, size, wild);
        (rules, c, jing, melds as u8)
    })
}

/// Counts biased towards the values that matter (0-5) but reaching every byte.
fn any_counts() -> impl Strategy<Value = Counts> {
    let count = prop_oneof![8 => 0u8..=5, 1 => any::<u8>()];
    proptest::collection::vec(count, NUM_KINDS).prop_map(|v| v.try_into().expect("34 counts"))
}

/// Text drawn from what tile strings are made of, and junk around it.
fn tileish_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-9]{1,4}[mpszf]?",
        Just(String::from(" ")),
        Just(String::from(",")),
        "[一二三四五六七八九][万筒条饼索萬條餅]?",
        "(东|南|西|北|中|发|白|红中|發財|白板|红|春|菊|🀄|🀇|🀙|🀐|🀀)",
        "\\PC",
        any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

fn tile() -> impl Strategy<Value = Tile> {
    (0u8..42).prop_map(|i| Tile::new(i).expect("0-41 are tiles"))
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn parser_never_panics_and_errors_are_bounded(text in tileish_text()) {
        if let Err(e) = parse_tiles(&text) {
            prop_assert!(e.token.chars().count() <= QUOTE_CHARS + 1, "{e}");
            prop_assert!(e.position <= text.chars().count());
        }
        let _ = crate::counts_from_str(&text);
    }

    #[test]
    fn parser_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_tiles(&text);
        let _ = crate::counts_from_str(&text);
        let _ = ShapeRules::preset(&text);
        let _ = Tile::from_mpsz(&text);
    }

    #[test]
    fn parser_never_panics_on_any_string(text in any::<String>()) {
        let _ = parse_tiles(&text);
    }

    #[test]
    fn valid_text_round_trips(tiles in proptest::collection::vec(tile(), 0..30)) {
        let mpsz = format_tiles(&tiles);
        prop_assert_eq!(parse_tiles(&mpsz), Ok(tiles.clone()), "{}", mpsz);
        let glyphs: String = tiles.iter().map(|t| t.glyph()).collect();
        prop_assert_eq!(parse_tiles(&glyphs), Ok(tiles.clone()), "{}", glyphs);
        let chinese: Vec<&str> = tiles.iter().map(|t| t.chinese()).collect();
        prop_assert_eq!(parse_tiles(&chinese.join(" ")), Ok(tiles.clone()));
        for t in &tiles {
            prop_assert_eq!(Tile::from_mpsz(&t.to_string()), Some(*t));
        }
    }

    #[test]
    fn hand_check_matches_its_definition(counts in any_counts(), melds in any::<u8>()) {
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        let want = if melds > 4 || counts.iter().any(|&c| c > 4) {
            None
        } else if total == 14 - 3 * melds as usize {
            Some(HandSize::Full)
        } else if total == 13 - 3 * melds as usize {
            Some(HandSize::Waiting)
        } else {
            None
        };
        prop_assert_eq!(hand_size(&counts, melds), want);
        let checked = check_hand(&counts, melds);
        prop_assert_eq!(checked.clone().ok(), want);
        if let Err(Error::InvalidHand(msg)) = checked {
            prop_assert!(!msg.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn shanten_matches_brute_force((rules, c, jing, melds) in hand(true)) {
        let eval = Evaluator::shared(&rules);
        prop_assert_eq!(eval.shanten(&c, jing, melds).unwrap(), brute::shanten(&c, jing, melds, &rules));
        prop_assert_eq!(eval.is_winning(&c, jing, melds).unwrap(), brute::is_winning(&c, jing, melds, &rules));
    }

    #[test]
    fn waiting_shanten_matches_brute_force((rules, c, jing, melds) in hand(false)) {
        let eval = Evaluator::shared(&rules);
        prop_assert_eq!(eval.shanten(&c, jing, melds).unwrap(), brute::shanten(&c, jing, melds, &rules));
    }

    #[test]
    fn waits_match_brute_force((rules, c, jing, melds) in hand(false)) {
        let eval = Evaluator::shared(&rules);
        let want: Vec<usize> = (0..NUM_KINDS)
            .filter(|&k| c[k] < 4)
            .filter(|&k| {
                let mut d = c;
                d[k] += 1;
                brute::is_winning(&d, jing, melds, &rules)
            })
            .collect();
        prop_assert_eq!(eval.winning_tiles(&c, jing, melds).unwrap(), want);
    }

    #[test]
    fn decompositions_match_brute_force((rules, c, jing, melds) in hand(true)) {
        let eval = Evaluator::shared(&rules);
        let ds = eval.decompositions(&c, jing, melds, 50).unwrap();
        prop_assert_eq!(!ds.is_empty(), brute::is_winning(&c, jing, melds, &rules));
        prop_assert!(ds.len() <= 50);
        for d in &ds {
            // every concealed tile is used exactly once, wild tiles only where wild
            let mut used = [0u8; NUM_KINDS];
            for t in d.blocks.iter().flat_map(|b| &b.tiles) {
                used[t.tile as usize] += 1;
                prop_assert!(!t.wild || jing.contains(t.tile as usize));
                prop_assert!(t.wild || t.tile == t.kind);
            }
            prop_assert_eq!(used, c);
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// Every public entry point that takes caller input checks it: on any bytes, any meld
    /// count, any wild set and any rule set it returns a result or an error, never panics.
    /// (The unchecked building blocks `shanten_split`, `shanten_with_draws`,
    /// `shanten_after_draw` and `regular_replacement` document that they take checked hands.)
    #[test]
    fn no_entry_point_panics_on_any_bytes(
        rules in any_rules(),
        counts in prop_oneof![
            any_counts(),
            hand(true).prop_map(|h| h.1),
            hand(false).prop_map(|h| h.1),
        ],
        visible in proptest::collection::vec(
            prop_oneof![12 => Just(0u8), 1 => 0u8..=4, 1 => any::<u8>(), 1 => 250u8..],
            NUM_KINDS,
        ),
        melds in prop_oneof![4 => 0u8..=4, 1 => any::<u8>()],
        jing in any::<u64>(),
        limit in prop_oneof![0usize..64, Just(MAX_DECOMPOSITIONS), Just(MAX_DECOMPOSITIONS + 1), Just(usize::MAX)],
        index in any::<u8>(),
    ) {
        let visible: Counts = visible.try_into().expect("34 counts");
        let eval = Evaluator::shared(&rules);
        let jing = Jing::from_mask(jing & (jing >> 7) & (jing >> 13)); // a few wild kinds
        let _ = eval.shanten(&counts, jing, melds);
        let _ = eval.shanten_detail(&counts, jing, melds);
        let _ = eval.is_winning(&counts, jing, melds);
        let _ = eval.winning_tiles(&counts, jing, melds);
        let _ = eval.discard_options(&counts, jing, melds, Some(&visible));
        let _ = eval.discard_options(&counts, jing, melds, None);
        let keep: [bool; NUM_KINDS] = std::array::from_fn(|k| visible[k] % 2 == 1);
        let _ = eval.best_discard(&counts, jing, melds, Some(&visible), &keep);
        // decompositions may be many with wild tiles: a small limit keeps the case fast
        let limit = if limit > 64 && jing.mask().count_ones() > 0 { limit.min(64) } else { limit };
        if let Ok(ds) = eval.decompositions(&counts, jing, melds, limit) {
            prop_assert!(ds.len() <= limit);
        }
        let _ = check_hand(&counts, melds);
        if let Some(t) = Tile::new(index) {
            let _ = Jing::from_tiles(&[t]);
            let _ = Jing::nanchang_pair(t);
            let _ = (t.glyph(), t.chinese(), t.to_string());
        }
        // batches: rows in Rust memory and in shared memory, one bad row among good ones
        let rows = [counts, visible, counts];
        let flat: Vec<AtomicU8> = rows.as_flattened().iter().copied().map(AtomicU8::new).collect();
        let per_row = [melds, melds.min(4), 0];
        for counts in [Rows::Slice(&rows), Rows::Shared(&flat)] {
            let b = Batch { counts, jing: PerRow::All(jing), melds: PerRow::Each(&per_row) };
            let _ = batch::shanten(eval, &b, 1);
            let _ = batch::winning_mask(eval, &b, 1);
            let _ = batch::discard_shanten(eval, &b, 1);
            let _ = batch::effective_counts(eval, &b, Rows::Slice(&rows), 1);
            let _ = batch::effective_counts(eval, &b, Rows::Shared(&flat), 1);
        }
    }
}
