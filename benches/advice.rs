//! Criterion benches of the discard advice (no Python).
//!
//! Run: `cargo bench --bench advice`. Hands are random 14-tile hands from a full wall with a
//! fixed seed; "per hand" figures divide the batch time by the batch size.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use majiang::algo::advice::chance::{Goal, Limits};
use majiang::algo::batch::{self, Batch, PerRow, Rows};
use majiang::algo::Evaluator;
use majiang::hand::Jing;
use majiang::rules::ShapeRules;
use majiang::tiles::Counts;
use std::hint::black_box;

fn hands(n: usize, size: usize) -> Vec<Counts> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..n)
        .map(|_| {
            let mut c = [0u8; 34];
            let mut total = 0;
            while total < size {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let k = (x % 34) as usize;
                if c[k] < 4 {
                    c[k] += 1;
                    total += 1;
                }
            }
            c
        })
        .collect()
}

const N: usize = 300;

fn advise(c: &mut Criterion) {
    let rows = hands(N, 14);
    let mut group = c.benchmark_group("advice");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(10);
    for (name, rules, jing) in [
        ("standard", ShapeRules::STANDARD, Jing::NONE),
        (
            "nanchang_jing",
            ShapeRules::NANCHANG,
            Jing::from_mask(1 << 11 | 1 << 12),
        ),
    ] {
        let eval = Evaluator::shared(&rules);
        group.bench_function(format!("{name}/single"), |b| {
            b.iter(|| {
                for r in &rows {
                    black_box(eval.advise(r, jing, 0, None, None).unwrap());
                }
            })
        });
        let batch = Batch {
            counts: Rows::Slice(&rows),
            jing: PerRow::All(jing),
            melds: PerRow::All(0),
        };
        for threads in [1, 2] {
            group.bench_function(format!("{name}/batch_{threads}t"), |b| {
                b.iter(|| black_box(batch::advice(eval, &batch, None, threads).unwrap()))
            });
        }
    }
    group.finish();
}

fn chance(c: &mut Criterion) {
    let mut group = c.benchmark_group("chance");
    group.sample_size(10);
    let std = Evaluator::shared(&ShapeRules::STANDARD);
    let one = majiang::counts_from_str("2356m456p789s113z").unwrap();
    let ready = majiang::counts_from_str("13m456p789s123s11z").unwrap();
    for (name, h) in [("exact_1shanten", one), ("exact_tenpai", ready)] {
        for t in [6u32, 12] {
            group.bench_function(format!("{name}/{t}_draws"), |b| {
                b.iter(|| {
                    black_box(
                        std.chance(&h, Jing::NONE, 0, None, t, Goal::Win, &Limits::default())
                            .unwrap(),
                    )
                })
            });
        }
    }
    let nc = Evaluator::shared(&ShapeRules::NANCHANG);
    let far = majiang::counts_from_str("1257m3468p99s155z").unwrap();
    let jing = Jing::from_mask(1 << 4 | 1 << 5);
    let limits = Limits {
        samples: 10_000,
        target_error: 0.01,
        ..Limits::default()
    };
    group.bench_function("mc_2shanten_jing/1pct", |b| {
        b.iter(|| {
            black_box(
                nc.chance(&far, jing, 0, None, 12, Goal::Win, &limits)
                    .unwrap(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, advise, chance);
criterion_main!(benches);
