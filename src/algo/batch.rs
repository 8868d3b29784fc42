//! Batch evaluation: many hands at once, rows of a flat `N x 34` count matrix, optionally
//! spread over threads with rayon. Every function checks every row first and fails whole,
//! naming the first bad row, so callers never see partial output.

use super::shanten::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, hand_size, HandSize, Jing, Split};
use crate::tiles::{Counts, NUM_KINDS};
use rayon::prelude::*;
use rayon::ThreadPool;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The value [`discard_shanten`] gives a kind the hand does not hold.
pub const NOT_HELD: i8 = i8::MAX;

/// Rows per rayon task: large enough to amortise scheduling, small enough to balance.
const CHUNK: usize = 512;

/// Per-row parameters: the wild set and the declared melds, shared or per row.
#[derive(Clone, Copy)]
pub enum PerRow<'a, T: Copy> {
    /// One value for every row.
    All(T),
    /// One value per row.
    Each(&'a [T]),
}

impl<T: Copy> PerRow<'_, T> {
    #[inline]
    fn get(&self, row: usize) -> T {
        match self {
            PerRow::All(v) => *v,
            PerRow::Each(v) => v[row],
        }
    }

    fn check_len(&self, rows: usize, what: &str) -> Result<()> {
        match self {
            PerRow::Each(v) if v.len() != rows => Err(Error::InvalidHand(format!(
                "{what} has {} rows but counts has {rows}",
                v.len()
            ))),
            _ => Ok(()),
        }
    }
}

/// A batch: `N x 34` counts with each row's wild set and melds.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    /// Row-major counts, 34 per row.
    pub counts: &'a [Counts],
    /// The wild set of each row.
    pub jing: PerRow<'a, Jing>,
    /// The declared melds of each row.
    pub melds: PerRow<'a, u8>,
}

impl Batch<'_> {
    fn check_lengths(&self) -> Result<()> {
        self.jing.check_len(self.counts.len(), "jing")?;
        self.melds.check_len(self.counts.len(), "melds")
    }

    /// Checks row `i` against the sizes the call accepts; the error names the row.
    #[inline]
    fn check_row(&self, i: usize, want: Option<HandSize>, call: &str) -> Result<()> {
        let melds = self.melds.get(i);
        let size = match hand_size(&self.counts[i], melds) {
            Some(size) => size,
            None => {
                let e = check_hand(&self.counts[i], melds).err();
                let msg = e.map_or_else(String::new, |e| e.to_string());
                return Err(Error::InvalidHand(format!("row {i}: {msg}")));
            }
        };
        if want.is_some_and(|w| w != size) {
            let n = 14 - 3 * melds as usize - usize::from(want == Some(HandSize::Waiting));
            return Err(Error::InvalidHand(format!(
                "row {i}: {call} needs {n} concealed tiles with {melds} meld(s)"
            )));
        }
        Ok(())
    }
}

/// Thread pools by size, rebuilt in a child process after `fork()` (the parent's worker
/// threads do not exist there).
fn pool(threads: usize) -> Result<Arc<ThreadPool>> {
    type Pools = (u32, HashMap<usize, Arc<ThreadPool>>);
    static POOLS: Mutex<Option<Pools>> = Mutex::new(None);
    let pid = std::process::id();
    let mut guard = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let pools = guard.get_or_insert_with(|| (pid, HashMap::new()));
    if pools.0 != pid {
        // Forked: the old pools' threads are gone; forget (leak) them rather than join.
        std::mem::forget(std::mem::take(&mut pools.1));
        pools.0 = pid;
    }
    if let Some(p) = pools.1.get(&threads) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("majiang-{i}"))
        .build()
        .map_err(|e| Error::InvalidHand(format!("cannot start {threads} threads: {e}")))?;
    let p = Arc::new(p);
    pools.1.insert(threads, p.clone());
    Ok(p)
}

/// Most threads a batch uses; more would only cost memory (one pool per count is kept).
pub const MAX_THREADS: usize = 256;

/// The number of threads to use: `requested`, else `MAJIANG_NUM_THREADS`, else every core;
/// at most [`MAX_THREADS`].
pub fn thread_count(requested: Option<usize>) -> usize {
    requested
        .or_else(|| {
            std::env::var("MAJIANG_NUM_THREADS")
                .ok()
                .and_then(|v| v.trim().parse().ok())
        })
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(MAX_THREADS)
}

/// Runs `row_fn` over every row, writing `width` outputs per row, on `threads` threads.
/// Each row is checked in the same pass (`row_fn` fails on a bad row); the error of the
/// first bad row is returned and the output dropped.
fn run<T: Send + Copy + Default>(
    rows: usize,
    width: usize,
    threads: usize,
    row_fn: impl Fn(usize, &mut [T]) -> Result<()> + Sync,
) -> Result<Vec<T>> {
    let mut out = vec![T::default(); rows * width];
    let chunk = |c: usize, block: &mut [T]| -> Option<(usize, Error)> {
        block
            .chunks_mut(width)
            .enumerate()
            .find_map(|(j, o)| row_fn(c * CHUNK + j, o).err().map(|e| (c * CHUNK + j, e)))
    };
    let first_error = if threads <= 1 || rows <= CHUNK {
        out.chunks_mut(width * CHUNK)
            .enumerate()
            .find_map(|(c, block)| chunk(c, block))
    } else {
        pool(threads)?.install(|| {
            out.par_chunks_mut(width * CHUNK)
                .enumerate()
                .filter_map(|(c, block)| chunk(c, block))
                .min_by_key(|(i, _)| *i)
        })
    };
    match first_error {
        Some((_, e)) => Err(e),
        None => Ok(out),
    }
}

/// Shanten of every row (13-3k or 14-3k tiles).
pub fn shanten(eval: &Evaluator, batch: &Batch<'_>, threads: usize) -> Result<Vec<i8>> {
    batch.check_lengths()?;
    run(batch.counts.len(), 1, threads, |i, o| {
        batch.check_row(i, None, "shanten")?;
        let split = Split::new(&batch.counts[i], batch.jing.get(i));
        o[0] = eval.shanten_split(&split, batch.melds.get(i));
        Ok(())
    })
}

/// For every 13-3k row, which kinds complete it (1) and which do not (0).
pub fn winning_mask(eval: &Evaluator, batch: &Batch<'_>, threads: usize) -> Result<Vec<bool>> {
    batch.check_lengths()?;
    run(batch.counts.len(), NUM_KINDS, threads, |i, o| {
        batch.check_row(i, Some(HandSize::Waiting), "winning_mask")?;
        let (c, jing, melds) = (&batch.counts[i], batch.jing.get(i), batch.melds.get(i));
        if eval.shanten_split(&Split::new(c, jing), melds) == 0 {
            let after = eval.shanten_after_draw(c, jing, melds);
            for (o, a) in o.iter_mut().zip(after) {
                *o = a == -1;
            }
        }
        Ok(())
    })
}

/// For every 14-3k row, the shanten after discarding each kind ([`NOT_HELD`] where the row
/// holds none).
pub fn discard_shanten(eval: &Evaluator, batch: &Batch<'_>, threads: usize) -> Result<Vec<i8>> {
    batch.check_lengths()?;
    run(batch.counts.len(), NUM_KINDS, threads, |i, o| {
        batch.check_row(i, Some(HandSize::Full), "discard_shanten")?;
        let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
        let mut c = batch.counts[i];
        for k in 0..NUM_KINDS {
            o[k] = if c[k] == 0 {
                NOT_HELD
            } else {
                c[k] -= 1;
                let s = eval.shanten_split(&Split::new(&c, jing), melds);
                c[k] += 1;
                s
            };
        }
        Ok(())
    })
}

/// For every 14-3k row and each kind it holds, how many unseen tiles lower the shanten
/// left by discarding that kind (-1 where the row holds none). `visible` counts the tiles
/// each row sees outside its hand.
pub fn effective_counts(
    eval: &Evaluator,
    batch: &Batch<'_>,
    visible: &[Counts],
    threads: usize,
) -> Result<Vec<i16>> {
    batch.check_lengths()?;
    if visible.len() != batch.counts.len() {
        return Err(Error::InvalidHand(format!(
            "visible has {} rows but counts has {}",
            visible.len(),
            batch.counts.len()
        )));
    }
    run(batch.counts.len(), NUM_KINDS, threads, |i, o| {
        batch.check_row(i, Some(HandSize::Full), "effective_counts")?;
        let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
        let (held, seen) = (&batch.counts[i], &visible[i]);
        if let Some(k) = (0..NUM_KINDS).find(|&k| held[k].saturating_add(seen[k]) > 4) {
            return Err(Error::InvalidHand(format!(
                "row {i}: kind {k} is held {} times and visible {} times, more than four",
                held[k], seen[k]
            )));
        }
        let mut c = *held;
        for d in 0..NUM_KINDS {
            if c[d] == 0 {
                o[d] = -1;
                continue;
            }
            c[d] -= 1;
            let (s, after) = eval.shanten_with_draws(&c, jing, melds);
            c[d] += 1;
            o[d] = (0..NUM_KINDS)
                .filter(|&k| after[k] < s)
                .map(|k| 4 - i16::from(held[k]) - i16::from(seen[k]))
                .sum();
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::tests::{random_hand, Rng};
    use crate::rules::ShapeRules;

    fn hands(n: usize, size: usize) -> (Vec<Counts>, Vec<Jing>) {
        let mut rng = Rng::new(3);
        (0..n)
            .map(|_| {
                let wild = rng.below(5);
                random_hand(&mut rng, &ShapeRules::NANCHANG, size, wild)
            })
            .unzip()
    }

    #[test]
    fn threads_and_single_calls_agree() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let (counts, jing) = hands(3000, 14);
        let batch = Batch {
            counts: &counts,
            jing: PerRow::Each(&jing),
            melds: PerRow::All(0),
        };
        let one = shanten(&eval, &batch, 1).unwrap();
        let two = shanten(&eval, &batch, 2).unwrap();
        assert_eq!(one, two);
        for (i, c) in counts.iter().enumerate() {
            assert_eq!(one[i], eval.shanten(c, jing[i], 0).unwrap());
        }
        let ds = discard_shanten(&eval, &batch, 2).unwrap();
        for (i, c) in counts.iter().enumerate().take(300) {
            for k in 0..NUM_KINDS {
                let mut d = *c;
                if d[k] == 0 {
                    assert_eq!(ds[i * NUM_KINDS + k], NOT_HELD);
                } else {
                    d[k] -= 1;
                    assert_eq!(ds[i * NUM_KINDS + k], eval.shanten(&d, jing[i], 0).unwrap());
                }
            }
        }
    }

    #[test]
    fn bad_row_is_named_and_nothing_returned() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let (mut counts, _) = hands(10, 14);
        counts[7][0] = 5;
        let batch = Batch {
            counts: &counts,
            jing: PerRow::All(Jing::NONE),
            melds: PerRow::All(0),
        };
        let err = shanten(&eval, &batch, 2).unwrap_err().to_string();
        assert!(err.starts_with("row 7:"), "{err}");
        let (fine, _) = hands(10, 14);
        let batch = Batch {
            counts: &fine,
            jing: PerRow::All(Jing::NONE),
            melds: PerRow::All(0),
        };
        let err = winning_mask(&eval, &batch, 1).unwrap_err().to_string();
        assert!(err.contains("row 0: winning_mask needs 13"), "{err}");
    }

    #[test]
    fn winning_mask_matches_winning_tiles() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let (counts, jing) = hands(2000, 13);
        let batch = Batch {
            counts: &counts,
            jing: PerRow::Each(&jing),
            melds: PerRow::All(0),
        };
        let mask = winning_mask(&eval, &batch, 2).unwrap();
        for (i, c) in counts.iter().enumerate() {
            let waits = eval.winning_tiles(c, jing[i], 0).unwrap();
            let row: Vec<usize> = (0..NUM_KINDS)
                .filter(|&k| mask[i * NUM_KINDS + k])
                .collect();
            assert_eq!(row, waits);
        }
    }
}
