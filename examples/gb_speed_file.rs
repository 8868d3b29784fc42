//! Times the GB 番 calculator per hand over a file of hands, slowest first (no Python).
//! Lines: 34 count digits;win;flags;seat wind;prevalent wind;flowers;melds as kind,tile,from
//! (`benches/gb_hands_file.py` writes the hands of `benches/compare_gb.py`).
//!
//! Prints a digest of every answer (totals, 番, shape, blocks, errors: two builds that print
//! the same digest scored every hand alike), the best of 20 passes over all the hands, and each
//! hand repeated.
use majiang::gb::{fan, HandInput, Meld, MeldKind};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a file of hands");
    let text = std::fs::read_to_string(path).expect("readable");
    let mut inputs = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(';').collect();
        let counts: [u8; 34] = std::array::from_fn(|k| f[0].as_bytes()[k] - b'0');
        let mut i = HandInput::new(&counts, f[1].parse().unwrap());
        let flags: u8 = f[2].parse().unwrap();
        i.self_drawn = flags & 1 != 0;
        i.last_copy = flags & 2 != 0;
        i.replacement = flags & 4 != 0;
        i.robbing = flags & 8 != 0;
        i.last_draw = flags & 16 != 0;
        i.last_claim = flags & 32 != 0;
        i.seat_wind = f[3].parse().unwrap();
        i.prevalent_wind = f[4].parse().unwrap();
        i.flowers = f[5].parse().unwrap();
        for m in f[6].split_whitespace() {
            let p: Vec<u8> = m.split(',').map(|x| x.parse().unwrap()).collect();
            let kind = [
                MeldKind::Chow,
                MeldKind::Pung,
                MeldKind::Kong,
                MeldKind::ConcealedKong,
            ][p[0] as usize];
            i.melds.push(Meld::new(kind, p[1], p[2]));
        }
        inputs.push(i);
    }
    let mut digest = std::collections::hash_map::DefaultHasher::new();
    for i in &inputs {
        use std::hash::{Hash, Hasher};
        match fan(i) {
            Ok(r) => {
                r.total.hash(&mut digest);
                r.fans().for_each(|f| f.hash(&mut digest));
                format!("{:?}", r.shape).hash(&mut digest);
                for b in r.blocks() {
                    (b.kind, b.tiles, b.melded).hash(&mut digest);
                }
            }
            Err(e) => e.to_string().hash(&mut digest),
        }
        let _ = digest.finish();
    }
    println!("digest {:016x}", std::hash::Hasher::finish(&digest));
    // The best of 20 passes over all the hands (each pass every hand once): what a machine
    // shared with others gives at its quietest.
    let best = (0..20)
        .map(|_| {
            let t = Instant::now();
            for i in &inputs {
                let _ = std::hint::black_box(fan(std::hint::black_box(i)));
            }
            t.elapsed().as_secs_f64() / inputs.len() as f64 * 1e9
        })
        .fold(f64::INFINITY, f64::min);
    println!("best pass {best:.0} ns a hand");
    // Every hand once per pass, 20 passes: the branch predictor and caches see the hands
    // interleaved, as a caller scoring many different hands does (the per-hand loop below
    // repeats one hand 20 times, which flatters branchy code).
    let t0 = Instant::now();
    for _ in 0..20 {
        for i in &inputs {
            let _ = std::hint::black_box(fan(std::hint::black_box(i)));
        }
    }
    let interleaved = t0.elapsed().as_secs_f64() / (20.0 * inputs.len() as f64) * 1e9;
    println!("interleaved mean {interleaved:.0} ns");
    let mut times: Vec<(f64, usize)> = Vec::new();
    let t0 = Instant::now();
    for (k, i) in inputs.iter().enumerate() {
        let t = Instant::now();
        for _ in 0..20 {
            let _ = std::hint::black_box(fan(std::hint::black_box(i)));
        }
        times.push((t.elapsed().as_secs_f64() / 20.0 * 1e9, k));
    }
    let all = t0.elapsed().as_secs_f64() / (20.0 * inputs.len() as f64) * 1e9;
    let mut sorted: Vec<f64> = times.iter().map(|t| t.0).collect();
    sorted.sort_by(f64::total_cmp);
    println!(
        "mean {all:.0} ns, median {:.0} ns, p90 {:.0} ns",
        sorted[sorted.len() / 2],
        sorted[sorted.len() * 9 / 10]
    );
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (t, k) in times.iter().take(8) {
        println!("{t:.0} ns: line {}", k + 1);
    }
}
