//! Times the GB 番 calculator on a few hands (no Python): `cargo run --release --example gb_speed`.
use majiang::gb::{fan, HandInput, Meld, MeldKind};
use std::time::Instant;

/// CPU time of this process since `t` was taken (wall time when unavailable): the machine is
/// shared, and wall time counts the waits.
fn cpu_seconds(t: Instant) -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(u), Some(s)) => {
            let now = (u + s) / 100.0;
            let start = START.with(|c| c.get());
            START.with(|c| c.set(now));
            now - start
        }
        _ => t.elapsed().as_secs_f64(),
    }
}

thread_local! {
    static START: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

fn main() {
    let hands = [
        (
            "456p789s45m11z",
            "6m",
            vec![Meld::new(MeldKind::Chow, 0, 3)],
        ),
        ("123m456p789s45m55z", "6m", vec![]),
        ("111222333m456p7z", "7z", vec![]),
        ("1133m5577p2244s6z", "6z", vec![]),
        (
            "9m",
            "9m",
            vec![
                Meld::new(MeldKind::Chow, 0, 3),
                Meld::new(MeldKind::Pung, 13, 1),
                Meld::new(MeldKind::Pung, 24, 2),
                Meld::new(MeldKind::Chow, 20, 3),
            ],
        ),
        ("19m19p19s1234567z", "1m", vec![]),
    ];
    for (hand, win, melds) in hands {
        let counts = majiang::counts_from_str(hand).unwrap();
        let w = majiang::tiles::Tile::from_mpsz(win).unwrap().index() as u8;
        let mut input = HandInput::new(&counts, w);
        input.melds = melds.into_iter().collect();
        let n = 1_000_000;
        let t = Instant::now();
        cpu_seconds(t);
        let mut total = 0u64;
        for _ in 0..n {
            total += u64::from(fan(std::hint::black_box(&input)).unwrap().total);
        }
        let per = cpu_seconds(t) / f64::from(n) * 1e9;
        println!("{hand} + {win}: {per:.0} ns ({total})");
    }
}
