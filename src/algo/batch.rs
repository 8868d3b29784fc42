//! Batch evaluation: many hands at once, rows of a flat `N x 34` count matrix, optionally
//! spread over threads with rayon. Every function checks every row and fails whole, naming
//! the first bad row, so callers never see partial output.
//!
//! Each row is read exactly once, into a local copy that is then checked and evaluated: the
//! rows may live in memory that other code writes meanwhile (a numpy array another Python
//! thread changes while the GIL is released, see [`Rows::Shared`]), and a row read twice
//! could pass the check and then index the tables with counts it was never checked for.

use super::shanten::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, hand_size, HandSize, Jing, Split};
use crate::tiles::{Counts, NUM_KINDS};
use rayon::prelude::*;
use rayon::ThreadPool;
use std::sync::atomic::{AtomicU32, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

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

/// The count rows of a batch: Rust memory, or memory other code may write at any time.
#[derive(Clone, Copy)]
pub enum Rows<'a> {
    /// Rows in Rust memory (no one else writes them while borrowed).
    Slice(&'a [Counts]),
    /// `34 x N` bytes, row-major, in memory that code outside Rust may write while the batch
    /// runs (a C-contiguous numpy array, with the GIL released). They are only ever read with
    /// atomic loads, chunk by chunk into a local buffer; a row written meanwhile may read as a
    /// mix of old and new bytes, and is checked like any other row.
    Shared(&'a [AtomicU8]),
}

impl<'a> From<&'a [Counts]> for Rows<'a> {
    fn from(rows: &'a [Counts]) -> Rows<'a> {
        Rows::Slice(rows)
    }
}

impl<'a> From<&'a Vec<Counts>> for Rows<'a> {
    fn from(rows: &'a Vec<Counts>) -> Rows<'a> {
        Rows::Slice(rows)
    }
}

impl<'a> Rows<'a> {
    /// The number of rows.
    pub fn len(&self) -> usize {
        match self {
            Rows::Slice(s) => s.len(),
            Rows::Shared(b) => b.len() / NUM_KINDS,
        }
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rows `start..start + n`: borrowed in place, or (shared memory) copied into `buf`.
    fn chunk<'b>(&self, start: usize, n: usize, buf: &'b mut Vec<Counts>) -> &'b [Counts]
    where
        'a: 'b,
    {
        match *self {
            Rows::Slice(s) => &s[start..start + n],
            Rows::Shared(bytes) => {
                // Zero-filled only as it grows: a reused buffer is overwritten in place.
                buf.resize(n, [0; NUM_KINDS]);
                let src = &bytes[start * NUM_KINDS..(start + n) * NUM_KINDS];
                atomic_copy(src, buf.as_flattened_mut());
                buf
            }
        }
    }
}

/// The size of a word of [`atomic_copy`]: an `AtomicUsize`, whose alignment is its size.
const W: usize = std::mem::size_of::<AtomicUsize>();
const _: () = assert!(std::mem::align_of::<AtomicUsize>() == W);

/// Copies `src` into `dst` (of the same length) with relaxed atomic loads: bytes up to the
/// first word boundary one at a time, then whole words, then the last bytes.
fn atomic_copy(src: &[AtomicU8], dst: &mut [u8]) {
    let len = src.len().min(dst.len());
    let head = (src.as_ptr() as usize).wrapping_neg() % W;
    let head = head.min(len);
    for i in 0..head {
        dst[i] = src[i].load(Ordering::Relaxed);
    }
    let (src_words, dst_words) = (&src[head..len], &mut dst[head..len]);
    let mut words = src_words.chunks_exact(W);
    let mut out = dst_words.chunks_exact_mut(W);
    for (word, o) in (&mut words).zip(&mut out) {
        o.copy_from_slice(&load_word(word).to_ne_bytes());
    }
    for (b, o) in words.remainder().iter().zip(out.into_remainder()) {
        *o = b.load(Ordering::Relaxed);
    }
}

/// One word of shared memory. `word` must be `W` bytes starting at an address aligned for
/// `AtomicUsize`, as [`atomic_copy`] slices them (checked in debug builds).
#[inline(always)]
fn load_word(word: &[AtomicU8]) -> usize {
    debug_assert!(word.len() == W && (word.as_ptr() as usize).is_multiple_of(W));
    // SAFETY: the only caller, `atomic_copy`, passes `W` bytes of one slice starting `head +
    // k * W` bytes into `src`, where `head` is the distance from `src` to the next multiple
    // of `W`; `W` is both the size and the alignment of `AtomicUsize` (asserted at compile
    // time next to `W`). So the pointer is valid, in bounds and aligned for one
    // `AtomicUsize`. Both types are interior-mutable atomics: viewing the bytes as one word
    // changes no aliasing assumption, and every access this crate makes to shared rows is a
    // load (loads never conflict, whatever their sizes). A relaxed load no wider than a
    // pointer is allowed on read-only memory too (the standard library's "atomic accesses
    // to read-only memory" guarantee), which numpy arrays over read-only buffers are.
    unsafe { &*word.as_ptr().cast::<AtomicUsize>() }.load(Ordering::Relaxed)
}

/// A batch: `N x 34` counts with each row's wild set and melds.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    /// Row-major counts, 34 per row.
    pub counts: Rows<'a>,
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

    /// Checks row `i` (already copied out) against the sizes the call accepts; the error
    /// names the row.
    #[inline]
    fn check_row(&self, i: usize, c: &Counts, want: Option<HandSize>, call: &str) -> Result<()> {
        let melds = self.melds.get(i);
        let size = match hand_size(c, melds) {
            Some(size) => size,
            None => {
                let e = check_hand(c, melds).err();
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

/// Most threads one batch uses (a larger request is capped), and the most worker threads
/// this process's cached pools hold together.
pub const MAX_THREADS: usize = 256;

/// How long a call waits for the threads of evicted pools to exit before starting its own
/// pool anyway (they exit as soon as the calls still using them finish).
const EXIT_WAIT: Duration = Duration::from_secs(10);

/// Worker threads alive in this process's pools (cached or evicted and not yet exited).
/// An atomic, not a mutex: a child process after `fork()` must never find it locked.
static LIVE_THREADS: AtomicUsize = AtomicUsize::new(0);

/// The process that last held [`POOLS`]' lock, written first thing under it. A child
/// process forked while another thread held the lock finds it locked forever (the holder
/// does not exist there) and this pid not its own: it then runs without the cache.
static CACHE_PID: AtomicU32 = AtomicU32::new(0);

/// How long a call whose process did not last hold the lock tries it before deciding the
/// lock was inherited locked through `fork()` (a live holder keeps it for microseconds: no
/// call waits or starts threads while holding it).
const STALE_LOCK_WAIT: Duration = Duration::from_millis(50);

/// The pool cache: the pid it belongs to, and pools by size, least recently used first.
struct Pools {
    pid: u32,
    pools: Vec<(usize, Arc<ThreadPool>)>,
}

impl Pools {
    /// The cached pool of `threads` workers, now the most recently used.
    fn take(&mut self, threads: usize) -> Option<Arc<ThreadPool>> {
        let i = self.pools.iter().position(|(n, _)| *n == threads)?;
        let entry = self.pools.remove(i);
        let p = entry.1.clone();
        self.pools.push(entry);
        Some(p)
    }
}

static POOLS: Mutex<Option<Pools>> = Mutex::new(None);

/// The cache, locked and reset if this process is a fork of the one that filled it; `None`
/// when the lock was inherited locked through `fork()`.
fn lock_pools() -> Option<MutexGuard<'static, Option<Pools>>> {
    let pid = std::process::id();
    let guard = match POOLS.try_lock() {
        Ok(g) => g,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) if CACHE_PID.load(Ordering::SeqCst) == pid => {
            POOLS.lock().unwrap_or_else(|e| e.into_inner())
        }
        Err(TryLockError::WouldBlock) => {
            let deadline = Instant::now() + STALE_LOCK_WAIT;
            loop {
                match POOLS.try_lock() {
                    Ok(g) => break g,
                    Err(TryLockError::Poisoned(e)) => break e.into_inner(),
                    Err(TryLockError::WouldBlock) if CACHE_PID.load(Ordering::SeqCst) == pid => {
                        break POOLS.lock().unwrap_or_else(|e| e.into_inner())
                    }
                    Err(TryLockError::WouldBlock) if Instant::now() >= deadline => return None,
                    Err(TryLockError::WouldBlock) => std::thread::yield_now(),
                }
            }
        }
    };
    CACHE_PID.store(pid, Ordering::SeqCst);
    let mut guard = guard;
    let cache = guard.get_or_insert_with(|| Pools {
        pid,
        pools: Vec::new(),
    });
    if cache.pid != pid {
        // Forked: the old pools' threads are gone; forget (leak) them rather than join.
        std::mem::forget(std::mem::take(&mut cache.pools));
        cache.pid = pid;
        LIVE_THREADS.store(0, Ordering::SeqCst);
    }
    Some(guard)
}

/// Builds a pool of `threads` workers, counted in [`LIVE_THREADS`] while they live when
/// `counted`.
fn build_pool(threads: usize, counted: bool) -> Result<Arc<ThreadPool>> {
    if counted {
        LIVE_THREADS.fetch_add(threads, Ordering::SeqCst);
    }
    let mut builder = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("majiang-{i}"));
    if counted {
        builder = builder.exit_handler(|_| {
            // Saturating: a child process resets the count, and must not wrap it.
            let _ = LIVE_THREADS.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                Some(n.saturating_sub(1))
            });
        });
    }
    builder.build().map(Arc::new).map_err(|e| {
        if counted {
            let _ = LIVE_THREADS.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                Some(n.saturating_sub(threads))
            });
        }
        Error::Rules(format!("cannot start {threads} threads: {e}"))
    })
}

/// A thread pool of `threads` workers. Pools are cached by size, least recently used
/// evicted first, so that the cached pools hold at most [`MAX_THREADS`] threads together;
/// a new pool waits (up to [`EXIT_WAIT`]) until the threads of evicted pools have exited,
/// so the live worker threads stay within [`MAX_THREADS`] plus those of pools that calls
/// running concurrently still hold. Rebuilt in a child process after `fork()` (the
/// parent's worker threads do not exist there). The cache's lock is never held while
/// waiting or starting threads, so a `fork()` from another thread meanwhile leaves the
/// child a usable cache; a child that inherits the lock locked all the same (a fork in the
/// microseconds a call holds it) gets a pool of its own per call instead.
pub(crate) fn pool(threads: usize) -> Result<Arc<ThreadPool>> {
    let threads = threads.clamp(1, MAX_THREADS);
    {
        let Some(mut guard) = lock_pools() else {
            return build_pool(threads, false);
        };
        let cache = guard.as_mut().expect("lock_pools fills the cache");
        if let Some(p) = cache.take(threads) {
            return Ok(p);
        }
        evict_for(&mut cache.pools, threads);
    }
    let deadline = Instant::now() + EXIT_WAIT;
    while LIVE_THREADS.load(Ordering::SeqCst) + threads > MAX_THREADS && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
    let built = build_pool(threads, true)?;
    let Some(mut guard) = lock_pools() else {
        return Ok(built);
    };
    let cache = guard.as_mut().expect("lock_pools fills the cache");
    if let Some(p) = cache.take(threads) {
        // Another call built one of this size meanwhile: use that one; ours exits when
        // dropped here.
        return Ok(p);
    }
    evict_for(&mut cache.pools, threads);
    cache.pools.push((threads, built.clone()));
    Ok(built)
}

/// Drops the least recently used pools until `threads` more fit within [`MAX_THREADS`].
fn evict_for(pools: &mut Vec<(usize, Arc<ThreadPool>)>, threads: usize) {
    let mut cached: usize = pools.iter().map(|(n, _)| n).sum();
    while cached + threads > MAX_THREADS && !pools.is_empty() {
        // Dropping the last handle lets its threads exit once their work is done.
        cached -= pools.remove(0).0;
    }
}

/// The number of threads to use: `requested` (0 or `None`: `MAJIANG_NUM_THREADS`, else
/// every core); at most [`MAX_THREADS`].
pub fn thread_count(requested: Option<usize>) -> usize {
    requested
        .filter(|&n| n > 0)
        .or_else(|| {
            std::env::var("MAJIANG_NUM_THREADS")
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .filter(|&n| n > 0)
        })
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(MAX_THREADS)
}

/// All zeros: the `visible` row of calls that have none.
const NO_ROW: Counts = [0; NUM_KINDS];

/// Runs `row_fn` over every row of `counts` (with the same row of `visible`, or zeros),
/// writing `width` outputs per row, on `threads` threads. Each row is copied out once and
/// `row_fn` gets only the copy, which it checks (failing on a bad row) and evaluates; the
/// error of the first bad row is returned and the output dropped.
fn run<T: Send + Copy + Default>(
    counts: Rows<'_>,
    visible: Option<Rows<'_>>,
    width: usize,
    threads: usize,
    row_fn: impl Fn(usize, &Counts, &Counts, &mut [T]) -> Result<()> + Sync,
) -> Result<Vec<T>> {
    let rows = counts.len();
    if visible.is_some_and(|v| v.len() != rows) {
        return Err(Error::InvalidHand(format!(
            "visible has {} rows but counts has {rows}",
            visible.map_or(0, |v| v.len())
        )));
    }
    let mut out = vec![T::default(); rows * width];
    // Rows are copied (shared memory) and evaluated `GROUP` at a time: copying a whole chunk
    // first would wait on memory in one burst; small groups let the loads of the next group
    // overlap the evaluation of this one. `bufs` holds the copies, reused.
    const GROUP: usize = 64;
    let chunk = |bufs: &mut (Vec<Counts>, Vec<Counts>), c: usize, block: &mut [T]| {
        block
            .chunks_mut(width * GROUP)
            .enumerate()
            .find_map(|(g, group)| {
                let (start, n) = (c * CHUNK + g * GROUP, group.len() / width);
                let held = counts.chunk(start, n, &mut bufs.0);
                let seen = visible.map(|v| v.chunk(start, n, &mut bufs.1));
                group
                    .chunks_mut(width)
                    .zip(held)
                    .enumerate()
                    .find_map(|(j, (o, c))| {
                        let v = seen.map_or(&NO_ROW, |s| &s[j]);
                        row_fn(start + j, c, v, o).err().map(|e| (start + j, e))
                    })
            })
    };
    let first_error = if threads <= 1 || rows <= CHUNK {
        let mut bufs = (Vec::new(), Vec::new());
        out.chunks_mut(width * CHUNK)
            .enumerate()
            .find_map(|(c, block)| chunk(&mut bufs, c, block))
    } else {
        pool(threads)?.install(|| {
            out.par_chunks_mut(width * CHUNK)
                .enumerate()
                .map_init(
                    || (Vec::new(), Vec::new()),
                    |bufs, (c, block)| chunk(bufs, c, block),
                )
                .flatten()
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
    run(batch.counts, None, 1, threads, |i, c, _, o| {
        batch.check_row(i, c, None, "shanten")?;
        let split = Split::new(c, batch.jing.get(i));
        o[0] = eval.shanten_split(&split, batch.melds.get(i));
        Ok(())
    })
}

/// For every 13-3k row, which kinds complete it (1) and which do not (0).
pub fn winning_mask(eval: &Evaluator, batch: &Batch<'_>, threads: usize) -> Result<Vec<bool>> {
    batch.check_lengths()?;
    run(batch.counts, None, NUM_KINDS, threads, |i, c, _, o| {
        batch.check_row(i, c, Some(HandSize::Waiting), "winning_mask")?;
        let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
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
    run(batch.counts, None, NUM_KINDS, threads, |i, held, _, o| {
        batch.check_row(i, held, Some(HandSize::Full), "discard_shanten")?;
        let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
        let mut c = *held;
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
    visible: Rows<'_>,
    threads: usize,
) -> Result<Vec<i16>> {
    batch.check_lengths()?;
    run(
        batch.counts,
        Some(visible),
        NUM_KINDS,
        threads,
        |i, held, seen, o| {
            batch.check_row(i, held, Some(HandSize::Full), "effective_counts")?;
            let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
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
        },
    )
}

/// Rows of [`efficiency_planes`] per hand: shanten, shanten after each discard, effective
/// tiles after each discard, waits.
pub const EFFICIENCY_ROWS: usize = 4;

/// The four efficiency planes of every row, `EFFICIENCY_ROWS x 34` bytes a row, in one pass
/// (what `discard_shanten`, `effective_counts`, `shanten` and `winning_mask` give, shifted
/// and capped into bytes). `unseen` holds each row's count of each kind not yet seen
/// (0-4); the tiles a row sees outside its hand are `4 - unseen - held`, clamped to 0-4.
///
/// - row 0, every cell: 1 + the shanten (0 for a complete 14-3k hand);
/// - row 1 (14-3k): 1 + the shanten after discarding each held kind, 0 where not held;
/// - row 2 (14-3k): after discarding each held kind, how many unseen tiles lower its
///   shanten, capped at 255, 0 where not held;
/// - row 3 (13-3k): 1 on each kind that completes the hand.
///
/// A row whose tiles and melds make neither size (a multiple of three) is all zeros; any
/// other bad row fails the call, naming it.
pub fn efficiency_planes(
    eval: &Evaluator,
    batch: &Batch<'_>,
    unseen: Rows<'_>,
    threads: usize,
) -> Result<Vec<u8>> {
    batch.check_lengths()?;
    let width = EFFICIENCY_ROWS * NUM_KINDS;
    run(
        batch.counts,
        Some(unseen),
        width,
        threads,
        |i, held, unseen, o| {
            let melds = batch.melds.get(i);
            let total: usize = held.iter().map(|&c| usize::from(c)).sum();
            if total.is_multiple_of(3) {
                return Ok(()); // neither size: no plane applies
            }
            batch.check_row(i, held, None, "efficiency_planes")?;
            let jing = batch.jing.get(i);
            let (row0, rest) = o.split_at_mut(NUM_KINDS);
            let (discard, rest) = rest.split_at_mut(NUM_KINDS);
            let (effective, waits) = rest.split_at_mut(NUM_KINDS);
            let shifted = |s: i8| u8::try_from((i16::from(s) + 1).max(0)).unwrap_or(u8::MAX);
            if hand_size(held, melds) == Some(HandSize::Waiting) {
                let (s, after) = eval.shanten_with_draws(held, jing, melds);
                row0.fill(shifted(s));
                if s == 0 {
                    for (w, a) in waits.iter_mut().zip(after) {
                        *w = u8::from(a == -1);
                    }
                }
                return Ok(());
            }
            row0.fill(shifted(eval.shanten_split(&Split::new(held, jing), melds)));
            // What each kind leaves unseen to draw: 4 less the held and the visible copies.
            let mut left = [0i16; NUM_KINDS];
            for k in 0..NUM_KINDS {
                let visible = (4 - i16::from(unseen[k]) - i16::from(held[k])).clamp(0, 4);
                left[k] = 4 - i16::from(held[k]) - visible;
            }
            let mut c = *held;
            for d in 0..NUM_KINDS {
                if c[d] == 0 {
                    continue;
                }
                c[d] -= 1;
                let (s, after) = eval.shanten_with_draws(&c, jing, melds);
                c[d] += 1;
                discard[d] = shifted(s);
                let sum: i16 = (0..NUM_KINDS)
                    .filter(|&k| after[k] < s)
                    .map(|k| left[k])
                    .sum();
                effective[d] = u8::try_from(sum.clamp(0, 255)).unwrap_or(u8::MAX);
            }
            Ok(())
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::tests::{random_hand, Rng};
    use crate::rules::ShapeRules;

    /// Stands in for a child forked while another thread held the cache's lock: the lock
    /// is held, and the pid that last took it is not this process's. A call must not wait
    /// on it for ever; it gets a pool of its own.
    #[test]
    fn a_lock_inherited_through_fork_is_not_waited_on() {
        use std::sync::mpsc;
        let (held_tx, held_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let holder = std::thread::spawn(move || {
            let guard = lock_pools();
            CACHE_PID.store(std::process::id().wrapping_add(1), Ordering::SeqCst);
            held_tx.send(()).unwrap();
            release_rx.recv().unwrap();
            drop(guard);
        });
        held_rx.recv().unwrap();
        let own = pool(3).expect("a pool of its own");
        assert_eq!(own.current_num_threads(), 3);
        assert_eq!(
            own.install(|| (0..100u32).into_par_iter().sum::<u32>()),
            4950
        );
        release_tx.send(()).unwrap();
        holder.join().unwrap();
        // With the lock free again the cache answers: the same pool twice.
        assert!(Arc::ptr_eq(&pool(5).unwrap(), &pool(5).unwrap()));
    }

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
            counts: (&counts).into(),
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
            counts: (&counts).into(),
            jing: PerRow::All(Jing::NONE),
            melds: PerRow::All(0),
        };
        let err = shanten(&eval, &batch, 2).unwrap_err().to_string();
        assert!(err.starts_with("row 7:"), "{err}");
        let (fine, _) = hands(10, 14);
        let batch = Batch {
            counts: (&fine).into(),
            jing: PerRow::All(Jing::NONE),
            melds: PerRow::All(0),
        };
        let err = winning_mask(&eval, &batch, 1).unwrap_err().to_string();
        assert!(err.contains("row 0: winning_mask needs 13"), "{err}");
    }

    /// The efficiency planes against single checked calls, one tile at a time: shanten of
    /// each hand after each discard and after each discard and draw.
    #[test]
    fn efficiency_planes_match_single_calls() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let mut rng = Rng::new(11);
        for (size, melds) in [(14, 0), (13, 0), (11, 1), (10, 1), (12, 0)] {
            let (mut counts, jing) = hands(300, if size == 12 { 13 } else { size });
            if size == 12 {
                for c in &mut counts {
                    let k = (0..NUM_KINDS).find(|&k| c[k] > 0).unwrap();
                    c[k] -= 1; // 12 tiles, no meld: neither size
                }
            }
            let unseen: Vec<Counts> = (0..counts.len())
                .map(|_| std::array::from_fn(|_| rng.below(5) as u8))
                .collect();
            let batch = Batch {
                counts: (&counts).into(),
                jing: PerRow::Each(&jing),
                melds: PerRow::All(melds),
            };
            let got = efficiency_planes(&eval, &batch, (&unseen).into(), 2).unwrap();
            for (i, h) in counts.iter().enumerate() {
                let row = &got[i * 4 * NUM_KINDS..(i + 1) * 4 * NUM_KINDS];
                let mut want = [0u8; 4 * NUM_KINDS];
                if size != 12 {
                    let s = eval.shanten(h, jing[i], melds).unwrap();
                    want[..NUM_KINDS].fill((s + 1).max(0) as u8);
                }
                if size == 14 || size == 11 {
                    for d in (0..NUM_KINDS).filter(|&d| h[d] > 0) {
                        let mut c = *h;
                        c[d] -= 1;
                        let sd = eval.shanten(&c, jing[i], melds).unwrap();
                        want[NUM_KINDS + d] = (sd + 1).max(0) as u8;
                        let mut sum = 0i16;
                        for k in (0..NUM_KINDS).filter(|&k| c[k] < 4) {
                            let mut drawn = c;
                            drawn[k] += 1;
                            if eval.shanten(&drawn, jing[i], melds).unwrap() < sd {
                                let vis =
                                    (4 - i16::from(unseen[i][k]) - i16::from(h[k])).clamp(0, 4);
                                sum += 4 - i16::from(h[k]) - vis;
                            }
                        }
                        want[2 * NUM_KINDS + d] = sum.clamp(0, 255) as u8;
                    }
                }
                if size == 13 || size == 10 {
                    for k in eval.winning_tiles(h, jing[i], melds).unwrap() {
                        want[3 * NUM_KINDS + k] = 1;
                    }
                }
                assert_eq!(row, &want[..], "row {i} size {size} melds {melds}");
            }
        }
        let (counts, jing) = hands(3, 13);
        let mut bad = counts.clone();
        bad[1] = [0; NUM_KINDS];
        bad[1][..4].fill(4); // 16 tiles: no hand
        let batch = Batch {
            counts: (&bad).into(),
            jing: PerRow::Each(&jing),
            melds: PerRow::All(0),
        };
        let err = efficiency_planes(&eval, &batch, (&counts).into(), 1).unwrap_err();
        assert!(err.to_string().contains("row 1"), "{err}");
    }

    #[test]
    fn winning_mask_matches_winning_tiles() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let (counts, jing) = hands(2000, 13);
        let batch = Batch {
            counts: (&counts).into(),
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

#[cfg(test)]
mod shared_rows_tests {
    use super::*;
    use crate::algo::tests::{random_hand, Rng};
    use crate::rules::ShapeRules;

    #[test]
    fn atomic_copy_is_a_copy_at_every_alignment_and_length() {
        let bytes: Vec<AtomicU8> = (0..200u8).map(AtomicU8::new).collect();
        for start in 0..17 {
            for len in 0..60 {
                let mut dst = vec![0u8; len];
                atomic_copy(&bytes[start..start + len], &mut dst);
                let want: Vec<u8> = (start as u8..(start + len) as u8).collect();
                assert_eq!(dst, want, "start {start} len {len}");
            }
        }
    }

    #[test]
    fn shared_rows_give_the_answers_of_the_same_rows_in_rust_memory() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let mut rng = Rng::new(29);
        let counts: Vec<Counts> = (0..1500)
            .map(|_| random_hand(&mut rng, &ShapeRules::NANCHANG, 14, 0).0)
            .collect();
        // one byte of offset, so the rows start off any word boundary
        let flat: Vec<AtomicU8> = std::iter::once(0)
            .chain(counts.as_flattened().iter().copied())
            .map(AtomicU8::new)
            .collect();
        let shared = Rows::Shared(&flat[1..]);
        assert_eq!(shared.len(), counts.len());
        let (jing, melds) = (PerRow::All(Jing::NONE), PerRow::All(0));
        let slice = Batch {
            counts: (&counts).into(),
            jing,
            melds,
        };
        let batch = Batch {
            counts: shared,
            jing,
            melds,
        };
        for threads in [1, 2] {
            assert_eq!(
                shanten(&eval, &batch, threads).unwrap(),
                shanten(&eval, &slice, threads).unwrap()
            );
            let zeros = vec![[0u8; NUM_KINDS]; counts.len()];
            let shared_zeros: Vec<AtomicU8> =
                (0..flat.len() - 1).map(|_| AtomicU8::new(0)).collect();
            assert_eq!(
                effective_counts(&eval, &batch, Rows::Shared(&shared_zeros), threads).unwrap(),
                effective_counts(&eval, &slice, (&zeros).into(), threads).unwrap()
            );
            // a row visible more than four times is named, from either kind of memory
            let err = effective_counts(&eval, &batch, shared, threads).unwrap_err();
            assert_eq!(
                err,
                effective_counts(&eval, &slice, (&counts).into(), threads).unwrap_err()
            );
        }
    }
}

/// One discard's figures in [`advice`]: the shanten it leaves ([`NOT_HELD`] for a kind the
/// row does not hold, with the other fields 0), the effective and improving totals and the
/// average effective total one step ahead (`NaN` where [`crate::algo::advice::Advice`] has
/// `None`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdviceSummary {
    /// Shanten after the discard.
    pub shanten: i8,
    /// Unseen effective tiles.
    pub effective: u16,
    /// Unseen improving tiles.
    pub improving: u16,
    /// Average effective total one step ahead, or `NaN`.
    pub next_average: f32,
}

impl Default for AdviceSummary {
    fn default() -> Self {
        AdviceSummary {
            shanten: NOT_HELD,
            effective: 0,
            improving: 0,
            next_average: f32::NAN,
        }
    }
}

/// For every 14-3k row, [`Evaluator::advise`]'s figures for each discard kind (34 per
/// row). `unseen`: one row of unseen counts per hand (default `4 - held`), checked
/// against its hand.
pub fn advice(
    eval: &Evaluator,
    batch: &Batch<'_>,
    unseen: Option<Rows<'_>>,
    threads: usize,
) -> Result<Vec<AdviceSummary>> {
    batch.check_lengths()?;
    let given = unseen.is_some();
    run(batch.counts, unseen, NUM_KINDS, threads, |i, held, u, o| {
        batch.check_row(i, held, Some(HandSize::Full), "advice")?;
        let (jing, melds) = (batch.jing.get(i), batch.melds.get(i));
        let advice = eval
            .advise(held, jing, melds, given.then_some(u), None)
            .map_err(|e| Error::InvalidHand(format!("row {i}: {e}")))?;
        for a in advice {
            let Some(d) = a.discard else { continue };
            o[d] = AdviceSummary {
                shanten: a.shanten,
                effective: a.effective_total as u16,
                improving: a.improving_total as u16,
                next_average: a.next_average.map_or(f32::NAN, |x| x as f32),
            };
        }
        Ok(())
    })
}
