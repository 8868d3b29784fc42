//! The exact chances against a plain enumeration of every draw sequence (short walls), and
//! Monte Carlo against the exact figures.

use super::*;
use crate::algo::tests::Rng;
use crate::rules::ShapeRules;

/// Every complete hand wins.
fn any_win(_: &Counts, _: usize) -> bool {
    true
}

/// The chance by enumerating every draw and every discard keeping the lowest shanten, with
/// nothing but the single-hand shanten and no memo: the definition, slowly.
#[allow(clippy::too_many_arguments)]
fn brute(
    eval: &Evaluator,
    goal: Goal,
    h: &Counts,
    start: &Counts,
    unseen: &Counts,
    jing: Jing,
    melds: u8,
    t: u32,
    swapped: bool,
) -> f64 {
    brute_with(eval, None, goal, h, start, unseen, jing, melds, t, swapped)
}

/// [`brute`] with a win check `accept(h, k)`: a complete hand it refuses is no win, the
/// ready hand's effective tiles are the waits it accepts, and a hand is ready only with
/// one such wait (without a check, any shape-ready hand is).
#[allow(clippy::too_many_arguments)]
fn brute_with(
    eval: &Evaluator,
    check: crate::algo::advice::WinCheck<'_>,
    goal: Goal,
    h: &Counts,
    start: &Counts,
    unseen: &Counts,
    jing: Jing,
    melds: u8,
    t: u32,
    swapped: bool,
) -> f64 {
    let sh = |c: &Counts| eval.shanten(c, jing, melds).unwrap();
    let accept = check.unwrap_or(&any_win);
    let wins = |c: &Counts, j: usize| {
        let mut d = *c;
        d[j] += 1;
        c[j] < 4 && sh(&d) == -1 && accept(c, j)
    };
    let ready = |c: &Counts| sh(c) <= 0 && (check.is_none() || (0..NUM_KINDS).any(|j| wins(c, j)));
    if goal == Goal::Tenpai && ready(h) {
        return 1.0;
    }
    if t == 0 {
        return 0.0;
    }
    let pool: Vec<u32> = (0..NUM_KINDS)
        .map(|k| u32::from(unseen[k].saturating_sub(h[k].saturating_sub(start[k]))))
        .collect();
    let total: u32 = pool.iter().sum();
    if total == 0 {
        return 0.0;
    }
    let mut acc = 0.0;
    for k in 0..NUM_KINDS {
        if pool[k] == 0 {
            continue;
        }
        let p = f64::from(pool[k]) / f64::from(total);
        let mut h14 = *h;
        h14[k] += 1;
        let s14 = sh(&h14);
        let done = match goal {
            Goal::Win => s14 == -1 && accept(h, k),
            Goal::Tenpai => {
                s14 <= 0
                    && (0..NUM_KINDS).any(|d| {
                        let mut h13 = h14;
                        h14[d] > 0 && {
                            h13[d] -= 1;
                            ready(&h13)
                        }
                    })
            }
        };
        if done {
            acc += p;
            continue;
        }
        if t == 1 {
            continue;
        }
        let mut outs = Vec::new();
        for d in 0..NUM_KINDS {
            if h14[d] > 0 {
                let mut h13 = h14;
                h13[d] -= 1;
                outs.push((sh(&h13), h13));
            }
        }
        let low = outs.iter().map(|o| o.0).min().unwrap();
        // keeping a non-lowering draw needs strictly more effective tiles (改良)
        let eff = |c: &Counts| -> u32 {
            let s = sh(c);
            (0..NUM_KINDS)
                .filter(|&j| c[j] < 4)
                .filter(|&j| {
                    let mut d = *c;
                    d[j] += 1;
                    sh(&d) < s && (s > 0 || accept(c, j))
                })
                .map(|j| u32::from(unseen[j].saturating_sub(c[j].saturating_sub(start[j]))))
                .sum()
        };
        let keeps = low == sh(h);
        let floor = keeps.then(|| eff(h));
        // one step from tenpai, at most one 改良 swap in a game
        let may_swap = !(keeps && low >= 1 && swapped);
        let best = outs
            .iter()
            .filter(|o| o.0 == low)
            .filter(|o| o.1 == *h || may_swap && floor.is_none_or(|f| eff(&o.1) > f))
            .map(|o| {
                let now = if o.1 == *h {
                    swapped
                } else {
                    keeps && low >= 1
                };
                brute_with(
                    eval,
                    check,
                    goal,
                    &o.1,
                    start,
                    unseen,
                    jing,
                    melds,
                    t - 1,
                    now,
                )
            })
            .fold(0.0, f64::max);
        acc += p * best;
    }
    acc
}

/// A hand of 13 - 3 melds tiles one or two steps from tenpai and a short wall: `pool`
/// unseen tiles over a few kinds.
fn short_case(rng: &mut Rng, melds: usize) -> (Counts, Counts) {
    loop {
        let mut c = [0u8; NUM_KINDS];
        let mut n = 0;
        // near-complete hands: blocks then loose tiles
        let base = rng.below(30);
        while n < 13 - 3 * melds {
            let k = (base + rng.below(9)) % NUM_KINDS;
            if c[k] < 3 {
                c[k] += 1;
                n += 1;
            }
        }
        let mut u = [0u8; NUM_KINDS];
        let kinds = 3 + rng.below(5);
        for _ in 0..kinds {
            let k = (base + rng.below(11)) % NUM_KINDS;
            if c[k] + u[k] < 4 {
                u[k] += 1;
            }
        }
        if u.iter().map(|&x| u32::from(x)).sum::<u32>() >= 2 {
            return (c, u);
        }
    }
}

#[test]
fn exact_matches_enumeration_on_short_walls() {
    let mut rng = Rng::new(11);
    let mut checked = [0usize; 2];
    for (i, rules) in [
        ShapeRules::STANDARD,
        ShapeRules::NANCHANG,
        ShapeRules::PINGXIANG,
        ShapeRules::GB,
    ]
    .iter()
    .cycle()
    .take(400)
    .enumerate()
    {
        let eval = Evaluator::shared(rules);
        let melds = [0, 1, 2, 3][i % 4];
        let (c, u) = short_case(&mut rng, melds);
        let jing = if i % 5 == 0 {
            Jing::from_mask(1 << rng.below(NUM_KINDS))
        } else {
            Jing::NONE
        };
        let m = melds as u8;
        let s = eval.shanten(&c, jing, m).unwrap();
        if s > 1 {
            continue;
        }
        let t = 1 + rng.below(3) as u32;
        for goal in [Goal::Win, Goal::Tenpai] {
            let got = eval
                .chance(&c, jing, m, Some(&u), t, goal, &Limits::default())
                .unwrap();
            assert!(got.is_exact());
            let want = brute(eval, goal, &c, &c, &u, jing, m, t, false);
            assert!(
                (got.value - want).abs() < 1e-12,
                "{c:?} {u:?} {goal:?} t {t}: {} vs {want}",
                got.value
            );
        }
        checked[usize::from(s == 1)] += 1;
    }
    // both depths were exercised
    assert!(checked[0] > 10 && checked[1] > 10, "{checked:?}");
}

#[test]
fn monte_carlo_within_three_standard_errors_of_exact() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let mut rng = Rng::new(5);
    let mut compared = 0;
    for hand in [
        "123m456p789s1112z", // tenpai on 2z
        "13m456p789s123s11z",
        "2356m456p789s113z", // one step off
        "124m456p78s123s11z",
    ] {
        let c = crate::counts_from_str(hand).unwrap();
        let mut u = super::super::unseen_from_hand(&c);
        for _ in 0..40 {
            let k = rng.below(NUM_KINDS);
            u[k] = u[k].saturating_sub(1);
        }
        for (goal, t) in [(Goal::Win, 8), (Goal::Tenpai, 4), (Goal::Win, 3)] {
            let exact = eval
                .chance(&c, Jing::NONE, 0, Some(&u), t, goal, &Limits::default())
                .unwrap();
            let limits = Limits {
                samples: 3000,
                force_sampling: true,
                seed: 99 + compared,
                ..Limits::default()
            };
            let mc = eval
                .chance(&c, Jing::NONE, 0, Some(&u), t, goal, &limits)
                .unwrap();
            assert_eq!(mc.samples, 3000);
            let tol = 3.0 * mc.std_error.max(1e-3);
            assert!(
                (mc.value - exact.value).abs() <= tol,
                "{hand} {goal:?} {t}: mc {} ± {} exact {}",
                mc.value,
                mc.std_error,
                exact.value
            );
            compared += 1;
        }
    }
}

#[test]
fn far_hands_sample_and_seeds_repeat() {
    let eval = Evaluator::shared(&ShapeRules::NANCHANG);
    // 2-shanten with a 5m jing held (5m/6m are Nanchang's pair for a 5m indicator)
    let c = crate::counts_from_str("1257m3468p99s155z").unwrap();
    let jing = Jing::from_mask(1 << 4 | 1 << 5);
    let s = eval.shanten(&c, jing, 0).unwrap();
    assert_eq!(s, 2);
    let limits = Limits {
        samples: 500,
        ..Limits::default()
    };
    let a = eval
        .chance(&c, jing, 0, None, 15, Goal::Tenpai, &limits)
        .unwrap();
    let b = eval
        .chance(&c, jing, 0, None, 15, Goal::Tenpai, &limits)
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.samples, 500);
    assert!(a.value > 0.0 && a.value < 1.0 && a.std_error > 0.0);
    // early stop at a target error
    let early = Limits {
        samples: 100_000,
        target_error: 0.02,
        ..Limits::default()
    };
    let e = eval
        .chance(&c, jing, 0, None, 15, Goal::Tenpai, &early)
        .unwrap();
    assert!(e.samples < 100_000 && e.std_error <= 0.02);
}

#[test]
fn ready_hand_never_changing_is_a_lower_bound() {
    // The best play wins at least as often as never changing the hand (hypergeometric).
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let c = crate::counts_from_str("13m456p789s123s11z").unwrap();
    let u = super::super::unseen_from_hand(&c);
    let pool: u32 = u.iter().map(|&x| u32::from(x)).sum();
    for t in [1, 2, 5, 10] {
        let e = eval
            .chance(&c, Jing::NONE, 0, None, t, Goal::Win, &Limits::default())
            .unwrap();
        let fixed = super::super::hypergeometric_any(pool, 4, t);
        assert!(e.value >= fixed - 1e-12, "t {t}: {} < {fixed}", e.value);
        if t == 1 {
            assert!((e.value - fixed).abs() < 1e-12);
        }
    }
}

#[test]
fn bad_input_is_an_error() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let c = crate::counts_from_str("123m456p789s1112z").unwrap();
    let l = Limits::default();
    assert!(eval
        .chance(&c, Jing::NONE, 0, None, MAX_DRAWS + 1, Goal::Win, &l)
        .is_err());
    let full = crate::counts_from_str("123m456p789s11122z").unwrap();
    assert!(eval
        .chance(&full, Jing::NONE, 0, None, 3, Goal::Win, &l)
        .is_err());
    let mut u = super::super::unseen_from_hand(&c);
    u[27] = 2; // the hand holds three 1z
    assert!(eval
        .chance(&c, Jing::NONE, 0, Some(&u), 3, Goal::Win, &l)
        .is_err());
}

/// Timing of the exact search (not a check): `cargo test --lib exact_search_timing --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn exact_search_timing() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    for hand in ["2356m456p789s113z", "13m456p789s123s11z"] {
        let c = crate::counts_from_str(hand).unwrap();
        for t in [6, 12, 18] {
            let start = std::time::Instant::now();
            let e = eval
                .chance(&c, Jing::NONE, 0, None, t, Goal::Win, &Limits::default())
                .unwrap();
            println!("{hand} t {t}: {:?} {:?}", start.elapsed(), e);
        }
    }
}

/// At most two suits in the hand with the drawn tile (Sichuan's 缺一门, written out).
fn two_suits(h: &Counts, k: usize) -> bool {
    let mut d = *h;
    d[k] += 1;
    (0..3)
        .filter(|&s| d[9 * s..9 * s + 9].iter().any(|&c| c > 0))
        .count()
        <= 2
}

#[test]
fn exact_with_a_win_check_matches_enumeration() {
    let mut rng = Rng::new(23);
    // Sichuan's rule, and an arbitrary refusal that bites on short walls of one suit.
    let some = |h: &Counts, k: usize| !(k + usize::from(h[k])).is_multiple_of(3);
    let checks: [crate::algo::advice::WinCheck<'_>; 2] = [Some(&two_suits), Some(&some)];
    let (mut checked, mut differ) = (0, 0);
    for i in 0..600 {
        let check = checks[i / 2 % 2];
        let rules = [ShapeRules::STANDARD, ShapeRules::NANCHANG][i % 2];
        let eval = Evaluator::shared(&rules);
        let melds = [0, 1, 2][i % 3];
        let (c, u) = short_case(&mut rng, melds);
        let m = melds as u8;
        if eval.shanten(&c, Jing::NONE, m).unwrap() > 1 {
            continue;
        }
        let t = 1 + rng.below(3) as u32;
        for goal in [Goal::Win, Goal::Tenpai] {
            let got = eval
                .chance_with(
                    &c,
                    Jing::NONE,
                    m,
                    Some(&u),
                    t,
                    goal,
                    &Limits::default(),
                    check,
                )
                .unwrap();
            let want = brute_with(eval, check, goal, &c, &c, &u, Jing::NONE, m, t, false);
            assert!(
                (got.value - want).abs() < 1e-12,
                "{c:?} {u:?} {goal:?} t {t}: {} vs {want}",
                got.value
            );
            let plain = eval
                .chance(&c, Jing::NONE, m, Some(&u), t, goal, &Limits::default())
                .unwrap();
            assert!(got.value <= plain.value + 1e-12);
            differ += usize::from(got.value < plain.value - 1e-9);
        }
        checked += 1;
    }
    assert!(checked > 40 && differ > 5, "{checked} {differ}");
}

#[test]
fn sampling_with_a_check_refusing_every_win_finds_none() {
    let eval = Evaluator::shared(&ShapeRules::STANDARD);
    let never = |_: &Counts, _: usize| false;
    let limits = Limits {
        samples: 300,
        ..Limits::default()
    };
    for hand in ["123m456p789s1112z", "1257m3468p99s155z"] {
        let h = crate::counts_from_str(hand).unwrap();
        for goal in [Goal::Win, Goal::Tenpai] {
            let e = eval
                .chance_with(&h, Jing::NONE, 0, None, 12, goal, &limits, Some(&never))
                .unwrap();
            assert_eq!(e.value, 0.0, "{hand} {goal:?}");
            let plain = eval
                .chance(&h, Jing::NONE, 0, None, 12, goal, &limits)
                .unwrap();
            assert!(plain.value > 0.0, "{hand} {goal:?}");
        }
    }
}
