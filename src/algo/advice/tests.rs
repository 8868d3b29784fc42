//! Advice against the brute force of [`crate::algo::brute::advice_13`] (the single-hand
//! shanten on every hand one draw and one discard away), and worked examples.

use super::*;
use crate::algo::brute;
use crate::algo::tests::{random_hand, Rng, PINGXIANG_FIVE_HONORS};
use crate::rules::ShapeRules;
use proptest::prelude::*;
use proptest::test_runner::Config;

const PRESETS: [ShapeRules; 6] = [
    ShapeRules::STANDARD,
    ShapeRules::NANCHANG,
    ShapeRules::PINGXIANG,
    PINGXIANG_FIVE_HONORS,
    ShapeRules::NANJING,
    ShapeRules::GB,
];

/// Unseen counts of a seat that has also seen `seen_mod`-ish random tiles outside its hand.
fn random_unseen(rng: &mut Rng, counts: &Counts) -> Counts {
    let mut u = unseen_from_hand(counts);
    let seen = rng.below(60);
    for _ in 0..seen {
        let k = rng.below(NUM_KINDS);
        u[k] = u[k].saturating_sub(1);
    }
    u
}

fn check_against_brute(rules: &ShapeRules, seed: u64, melds: usize, wild: usize, full: bool) {
    let eval = Evaluator::shared(rules);
    let mut rng = Rng::new(seed);
    let size = 14 - 3 * melds - usize::from(!full);
    let (c, jing) = random_hand(&mut rng, rules, size, wild);
    let unseen = random_unseen(&mut rng, &c);
    let draws = rng.below(20) as u32;
    let got = eval
        .advise(&c, jing, melds as u8, Some(&unseen), Some(draws))
        .unwrap();
    let mut held = 0;
    for k in 0..NUM_KINDS {
        if c[k] == 0 || !full {
            continue;
        }
        held += 1;
        let mut h = c;
        h[k] -= 1;
        let a = got
            .iter()
            .find(|a| a.discard == Some(k))
            .expect("each discard");
        check_one(eval, &h, jing, melds as u8, &unseen, a);
    }
    if full {
        assert_eq!(got.len(), held);
        assert!(got.windows(2).all(|w| rank(&w[0], &w[1]).is_le()));
    } else {
        assert_eq!(got.len(), 1);
        check_one(eval, &c, jing, melds as u8, &unseen, &got[0]);
    }
}

fn check_one(eval: &Evaluator, h: &Counts, jing: Jing, melds: u8, unseen: &Counts, a: &Advice) {
    let (s, eff, imp, avg) = brute::advice_13(eval, h, jing, melds, unseen);
    let ctx = format!("{h:?} jing {jing:?} melds {melds}");
    assert_eq!(a.shanten, s, "{ctx}");
    let got_eff: Vec<(usize, u8)> = a.effective.iter().map(|e| (e.kind, e.unseen)).collect();
    assert_eq!(got_eff, eff, "{ctx}");
    assert_eq!(
        a.effective_total,
        eff.iter().map(|e| u32::from(e.1)).sum::<u32>()
    );
    let got_imp: Vec<(usize, u8, u32)> = a
        .improving
        .iter()
        .map(|i| (i.kind, i.unseen, i.raises_to))
        .collect();
    assert_eq!(got_imp, imp, "{ctx}");
    match (a.next_average, avg) {
        (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9, "{ctx}: {x} vs {y}"),
        (x, y) => assert_eq!(x, y, "{ctx}"),
    }
    assert_eq!(a.waits.len(), if s == 0 { eff.len() } else { 0 });
}

proptest! {
    #![proptest_config(Config { cases: 600, failure_persistence: None, ..Config::default() })]

    #[test]
    fn advice_agrees_with_brute_force(
        preset in 0usize..6, seed in any::<u64>(), melds in 0usize..5, wild in 0usize..5,
        full in any::<bool>(),
    ) {
        // Few wild tiles mostly (as in play), sometimes many.
        let wild = if wild == 4 { 6 } else { wild.min(2) };
        check_against_brute(&PRESETS[preset], seed, melds, wild, full);
    }
}

#[test]
fn worked_example_standard() {
    // 123m456p789s1122z5z: cut 5z, wait on 1z/2z (two each unseen).
    let eval = Evaluator::new(&ShapeRules::STANDARD);
    let c = crate::counts_from_str("123m456p789s1122z5z").unwrap();
    let all = eval.advise(&c, Jing::NONE, 0, None, Some(10)).unwrap();
    let best = &all[0];
    assert_eq!(best.discard, Some(31));
    assert_eq!(best.shanten, 0);
    assert_eq!(best.effective_total, 4);
    assert_eq!(best.waits.len(), 2);
    // 10 draws from 136 - 14 = 122 unseen, 2 good: 1 - C(120,10)/C(122,10)
    let want = 1.0 - (112.0 * 111.0) / (122.0 * 121.0);
    let w = best.waits[0].chance.unwrap();
    assert!((w - want).abs() < 1e-12, "{w} vs {want}");
    let any = 1.0
        - (1..=10)
            .map(|i| f64::from(122 - 4 - i + 1) / f64::from(122 - i + 1))
            .product::<f64>();
    assert!((best.wait_chance.unwrap() - any).abs() < 1e-12);
}

#[test]
fn improving_tiles_example() {
    // 1-shanten 23m 456p 789s 11z 3m? A classic: 13-tile 2345m 456p 789s 1z 9p ... keep it
    // simple: 12m 456p 789s 123s 11z has 12m waiting on 3m (4 unseen) after the pair; a
    // 4m draw discarding 1m makes 24m (kanchan 3m, still 4) — not improving; a 3m-side
    // draw... the brute force is the judge; here just check a known 改良: 13m (kanchan)
    // improves with 4m (34m: 2m and 5m, 8 tiles).
    let eval = Evaluator::new(&ShapeRules::STANDARD);
    let c = crate::counts_from_str("13m456p789s123s11z").unwrap();
    let a = &eval.advise(&c, Jing::NONE, 0, None, None).unwrap()[0];
    assert_eq!(a.shanten, 0);
    assert_eq!(a.effective_total, 4);
    let four = a
        .improving
        .iter()
        .find(|i| i.kind == 3)
        .expect("4m improves");
    assert_eq!((four.unseen, four.raises_to), (4, 8));
    assert!(a.improving.iter().all(|i| i.kind != 1)); // 2m wins, not improves
}

#[test]
fn bad_unseen_is_an_error() {
    let eval = Evaluator::new(&ShapeRules::STANDARD);
    let c = crate::counts_from_str("123m456p789s1122z5z").unwrap();
    let mut u = unseen_from_hand(&c);
    u[0] = 4; // the hand holds a 1m
    let e = eval.advise(&c, Jing::NONE, 0, Some(&u), None).unwrap_err();
    assert!(e.to_string().contains("1m"), "{e}");
    let mut big = c;
    big[33] += 1;
    assert!(eval.advise(&big, Jing::NONE, 0, None, None).is_err());
}

#[test]
fn hypergeometric_small_cases() {
    assert_eq!(hypergeometric_any(10, 0, 5), 0.0);
    assert_eq!(hypergeometric_any(10, 10, 1), 1.0);
    assert!((hypergeometric_any(4, 1, 2) - 0.5).abs() < 1e-15);
    assert_eq!(hypergeometric_any(5, 1, 9), 1.0); // more draws than tiles: the whole pool
    assert_eq!(hypergeometric_any(0, 0, 3), 0.0);
}

#[test]
fn batch_matches_single_calls() {
    use crate::algo::batch::{self, Batch, PerRow, Rows};
    let eval = Evaluator::shared(&ShapeRules::NANCHANG);
    let mut rng = Rng::new(3);
    let jing = Jing::from_mask(1 << 11 | 1 << 12);
    let rows: Vec<Counts> = (0..1200)
        .map(|_| random_hand(&mut rng, &ShapeRules::NANCHANG, 14, 1).0)
        .collect();
    let unseen: Vec<Counts> = rows.iter().map(|c| random_unseen(&mut rng, c)).collect();
    let b = Batch {
        counts: Rows::Slice(&rows),
        jing: PerRow::All(jing),
        melds: PerRow::All(0),
    };
    for threads in [1, 2] {
        let out = batch::advice(eval, &b, Some(Rows::Slice(&unseen)), threads).unwrap();
        for (i, c) in rows.iter().enumerate() {
            let single = eval.advise(c, jing, 0, Some(&unseen[i]), None).unwrap();
            for k in 0..NUM_KINDS {
                let o = out[i * NUM_KINDS + k];
                match single.iter().find(|a| a.discard == Some(k)) {
                    None => assert_eq!(o.shanten, batch::NOT_HELD),
                    Some(a) => {
                        assert_eq!(o.shanten, a.shanten);
                        assert_eq!(u32::from(o.effective), a.effective_total);
                        assert_eq!(u32::from(o.improving), a.improving_total);
                        assert_eq!(
                            o.next_average.is_nan(),
                            a.next_average.is_none(),
                            "row {i} kind {k}"
                        );
                    }
                }
            }
        }
    }
    // a bad unseen row is named
    let mut bad = unseen.clone();
    bad[7] = [4; NUM_KINDS];
    let e = batch::advice(eval, &b, Some(Rows::Slice(&bad)), 1).unwrap_err();
    assert!(e.to_string().starts_with("row 7:"), "{e}");
}

/// Fixed work for counting instructions (not a check): `perf stat -e instructions:u cargo
/// test --release --lib advice_work -- --ignored`: advice for 300 random 14-tile hands.
#[test]
#[ignore]
fn advice_work() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let mut rng = Rng::new(7);
    let hands: Vec<Counts> = (0..300)
        .map(|_| random_hand(&mut rng, &ShapeRules::STANDARD, 14, 0).0)
        .collect();
    let start = std::time::Instant::now();
    for c in &hands {
        std::hint::black_box(eval.advise(c, Jing::NONE, 0, None, None).unwrap());
    }
    println!("advice_work: {:?} a hand", start.elapsed() / 300);
}

/// With a win check, the advice is the plain advice with each ready hand's refused waits
/// left out (the effective list and total, the waits, the 改良 counted in them).
#[test]
fn a_win_check_leaves_out_refused_waits() {
    let two_suits = |h: &Counts, k: usize| {
        let mut d = *h;
        d[k] += 1;
        (0..3)
            .filter(|&s| d[9 * s..9 * s + 9].iter().any(|&c| c > 0))
            .count()
            <= 2
    };
    let always = |_: &Counts, _: usize| true;
    let mut rng = Rng::new(41);
    let (mut ready, mut cut) = (0, 0);
    let fixed = [
        "123m456p789s1122z5z", // ready on 1z/2z beside three suits: all refused
        "123m456m789p1122z5z", // two suits: kept
        "1112345678999m5p",    // 九莲 on nine kinds; a 5p discard keeps one suit
        "2345m456m789p1122z",
    ];
    for i in 0..300 + fixed.len() {
        let rules = PRESETS[i % PRESETS.len()];
        let eval = Evaluator::shared(&rules);
        let (c, jing) = match fixed.get(i) {
            Some(t) => (crate::counts_from_str(t).unwrap(), Jing::NONE),
            None => random_hand(&mut rng, &rules, 14, 0),
        };
        let plain = eval.advise(&c, jing, 0, None, Some(8)).unwrap();
        assert_eq!(
            eval.advise_with(&c, jing, 0, None, Some(8), Some(&always))
                .unwrap(),
            plain
        );
        let checked = eval
            .advise_with(&c, jing, 0, None, Some(8), Some(&two_suits))
            .unwrap();
        for a in &checked {
            let p = plain.iter().find(|p| p.discard == a.discard).unwrap();
            assert_eq!(a.shanten, p.shanten);
            if a.shanten > 0 {
                // no 改良 or look-ahead goes through a ready hand from further than one off
                if a.shanten > 1 {
                    assert_eq!(a, p);
                }
                continue;
            }
            ready += 1;
            let mut h = c;
            h[a.discard.unwrap()] -= 1;
            let want: Vec<_> = p
                .effective
                .iter()
                .filter(|e| two_suits(&h, e.kind))
                .copied()
                .collect();
            assert_eq!(a.effective, want);
            assert_eq!(
                a.waits.iter().map(|w| w.kind).collect::<Vec<_>>(),
                want.iter().map(|e| e.kind).collect::<Vec<_>>()
            );
            cut += usize::from(want.len() < p.effective.len());
        }
    }
    assert!(ready >= 4 && cut >= 1, "{ready} {cut}");
}

/// Timing probe (not a check): one shanten-after-every-draw pass against one memo hit, the
/// two costs of [`advice_work`] (`cargo test --release --lib with_draws_work -- --ignored
/// --nocapture`).
#[test]
#[ignore]
fn with_draws_work() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let mut rng = Rng::new(9);
    let hands: Vec<Counts> = (0..20000)
        .map(|_| random_hand(&mut rng, &ShapeRules::STANDARD, 13, 0).0)
        .collect();
    let start = std::time::Instant::now();
    for c in &hands {
        std::hint::black_box(eval.shanten_with_draws(c, Jing::NONE, 0));
    }
    println!("with_draws: {:?} a hand", start.elapsed() / 20000);
    let mut memo = Draws::new(eval, Jing::NONE, 0, None);
    for c in &hands {
        memo.lowering(c);
    }
    let start = std::time::Instant::now();
    for _ in 0..5 {
        for c in &hands {
            std::hint::black_box(memo.lowering(c));
        }
    }
    println!("memo hit: {:?} a hand", start.elapsed() / 100000);
}
