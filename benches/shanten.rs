//! Criterion benches of the core shape engine (no Python).
//!
//! Run: `cargo bench --bench shanten`. Hands are random 14-tile hands drawn from a full wall
//! with a fixed seed; "per hand" figures divide the batch time by the batch size.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use majiang::algo::Evaluator;
use majiang::hand::Jing;
use majiang::rules::ShapeRules;
use majiang::tiles::Counts;
use std::hint::black_box;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `n` random hands of `size` tiles; the first `wild` tiles of each are of the wild kinds
/// 3p/4p (Nanchang's pair for a 3p indicator).
fn hands(n: usize, size: usize, wild: usize) -> Vec<Counts> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..n)
        .map(|_| {
            let mut c = [0u8; 34];
            for i in 0..wild {
                c[11 + i % 2] += 1;
            }
            let mut total = wild;
            while total < size {
                let k = (rng.next() % 34) as usize;
                if c[k] < 4 && k != 11 && k != 12 {
                    c[k] += 1;
                    total += 1;
                }
            }
            c
        })
        .collect()
}

const N: usize = 10_000;

fn shanten(c: &mut Criterion) {
    let jing = Jing::from_mask(1 << 11 | 1 << 12);
    let mut group = c.benchmark_group("shanten");
    group.throughput(Throughput::Elements(N as u64));
    for (name, rules) in [
        ("standard", ShapeRules::STANDARD),
        ("nanchang", ShapeRules::NANCHANG),
        ("pingxiang", ShapeRules::PINGXIANG),
    ] {
        let eval = Evaluator::new(&rules);
        for wild in [0usize, 2, 8] {
            if wild > 0 && name != "nanchang" {
                continue;
            }
            let hs = hands(N, 14, wild);
            let j = if wild > 0 { jing } else { Jing::NONE };
            group.bench_function(format!("{name}/14 tiles/{wild} wild"), |b| {
                b.iter(|| {
                    let mut acc = 0i32;
                    for h in &hs {
                        acc += eval.shanten(black_box(h), j, 0).unwrap() as i32;
                    }
                    acc
                })
            });
        }
    }
    group.finish();
}

fn waits_and_discards(c: &mut Criterion) {
    let eval = Evaluator::new(&ShapeRules::NANCHANG);
    let hs13 = hands(1000, 13, 0);
    let hs14 = hands(1000, 14, 0);
    let mut group = c.benchmark_group("waits");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("nanchang/winning_tiles/13 tiles", |b| {
        b.iter(|| {
            hs13.iter()
                .map(|h| eval.winning_tiles(h, Jing::NONE, 0).unwrap().len())
                .sum::<usize>()
        })
    });
    group.bench_function("nanchang/discard_options/14 tiles", |b| {
        b.iter(|| {
            hs14.iter()
                .map(|h| eval.discard_options(h, Jing::NONE, 0, None).unwrap().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    use majiang::algo::batch::{self, Batch, PerRow};
    let eval = Evaluator::new(&ShapeRules::NANCHANG);
    let hs = hands(100_000, 14, 0);
    let b = Batch {
        counts: (&hs).into(),
        jing: PerRow::All(Jing::NONE),
        melds: PerRow::All(0),
    };
    let mut group = c.benchmark_group("batch");
    group.throughput(Throughput::Elements(hs.len() as u64));
    group.sample_size(20);
    for threads in [1, 2] {
        group.bench_function(format!("nanchang/shanten/{threads} thread(s)"), |bch| {
            bch.iter(|| batch::shanten(&eval, &b, threads).unwrap().len())
        });
    }
    group.finish();
}

criterion_group!(benches, shanten, waits_and_discards, batches);
criterion_main!(benches);
