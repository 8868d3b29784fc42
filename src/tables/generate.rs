//! Builds replacement-number tables for one group of tile kinds (a suit, or the honors).
//!
//! For every count vector `h` of the group (each count 0-4) and every target of `m` blocks
//! (0-4) plus `p` pairs (0-1), the table holds the fewest tiles that must be added to `h`
//! to contain such a target: `min over targets t of sum_i max(0, t_i - h_i)` (tomohxx's
//! replacement number, restricted to one group).
//!
//! Three passes over the base-5 index space, each linear:
//! 1. `exact[h]`: which (m, p) decompose `h` exactly. The leftmost kind of `h` must start a
//!    block (triplet, pair or sequence), so `exact[h]` follows from smaller vectors.
//! 2. `contains[h]`: which (m, p) some sub-vector of `h` decomposes exactly:
//!    `exact[h] | contains[h - e_i]` for every held kind `i`.
//! 3. `dist[h]`: 0 where contained, else `1 + min_i dist[h + e_i]`: adding one tile the best
//!    target needs lowers the distance by exactly one, and no tile lowers it by more.

/// Number of (blocks, pair) cells: blocks 0..=4 times pair 0..=1. While generating, cell
/// `m * 2 + p` (bit masks); in a finished [`Row`], lane [`lane`]`(m, p)`.
pub const CELLS: usize = 10;

/// The lane of a [`Row`] holding the value for `m` blocks and `p` pairs.
#[inline(always)]
pub const fn lane(m: usize, p: usize) -> usize {
    p * 5 + m
}
/// Marks an unreachable cell (no target of that size exists in the group).
pub const INF: u8 = 0x3F;

/// A table row, "planar": the replacement number for `m` blocks and no pair in lane `m` (0-4),
/// for `m` blocks and the pair in lane `5 + m` (5-9), and the group's special-shape statistics in
/// lanes 10-15 (see [`super::stats`]). 16 bytes, aligned, so a row never straddles a cache line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(16))]
pub struct Row(pub [u8; 16]);

impl Row {
    /// The replacement number for `m` blocks and `p` pairs.
    #[inline(always)]
    pub fn get(&self, m: usize, p: usize) -> u8 {
        self.0[lane(m, p)]
    }
}

/// The kinds of one group and the blocks they can form.
pub struct GroupSpec {
    /// Number of kinds in the group (at most 9).
    pub kinds: usize,
    /// Three-kind sequences, as kind indices within the group.
    pub sequences: Vec<[usize; 3]>,
    /// Bit `i` set when two of kind `i` may be the pair.
    pub pair_mask: u16,
}

impl GroupSpec {
    /// A number suit: 1-9 with sequences of consecutive numbers.
    pub fn suit(pair_258_only: bool) -> GroupSpec {
        GroupSpec {
            kinds: 9,
            sequences: (0..7).map(|i| [i, i + 1, i + 2]).collect(),
            pair_mask: if pair_258_only { 0b0_1001_0010 } else { 0x1FF },
        }
    }

    /// The seven honors; with `honor_sequences`, any three different winds and 白发中 form
    /// sequences (Nanchang). `pairs` false forbids honor pairs (258 rules).
    pub fn honors(honor_sequences: bool, pairs: bool) -> GroupSpec {
        let sequences = if honor_sequences {
            vec![[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]]
        } else {
            Vec::new()
        };
        GroupSpec {
            kinds: 7,
            sequences,
            pair_mask: if pairs { 0x7F } else { 0 },
        }
    }
}

/// Shifts every (m, p) bit of `mask` to (m + 1, p), dropping m > 4.
fn add_block(mask: u16) -> u16 {
    (mask << 2) & 0x3FF
}

/// Shifts every (m, 0) bit of `mask` to (m, 1).
fn add_pair(mask: u16) -> u16 {
    (mask & 0b01_0101_0101) << 1
}

/// Generates the full base-5 table of a group: `result[index(h)]` where
/// `index(h) = sum_i h_i * 5^i`, with the special-shape statistics in lanes 10-15 of every
/// row holding at most 14 tiles (INF above: lookups never see more than 14 tiles in a group).
///
/// The library's tables are this generator's output, packed at build time (`build.rs`,
/// [`super::packed`]); tests compare the two.
pub fn generate(spec: &GroupSpec) -> Vec<Row> {
    let mut rows = costs(spec);
    let mut d = [0u8; 9];
    for (idx, row) in rows.iter_mut().enumerate() {
        if idx > 0 {
            step_up(&mut d, spec.kinds);
        }
        if d[..spec.kinds].iter().map(|&c| c as usize).sum::<usize>() <= 14 {
            row.0[CELLS..].copy_from_slice(&super::stats::group_stats(&d[..spec.kinds]));
        }
    }
    rows
}

/// The replacement numbers alone (lanes 0-9; lanes 10-15 INF) of every count vector of a
/// group, base-5 indexed as in [`generate`].
pub fn costs(spec: &GroupSpec) -> Vec<Row> {
    let n = spec.kinds;
    let pow: Vec<usize> = (0..=n).map(|i| 5usize.pow(i as u32)).collect();
    let size = pow[n];
    // The digits of the current index, stepped like an odometer (no divisions).
    let mut d = [0u8; 9];

    // Pass 1: exact decompositions.
    let mut exact = vec![0u16; size];
    exact[0] = 1; // (0 blocks, no pair)
    for idx in 1..size {
        step_up(&mut d, n);
        let first = (0..n).find(|&i| d[i] > 0).unwrap_or(0);
        let c = d[first];
        let mut mask = 0u16;
        if c >= 3 {
            mask |= add_block(exact[idx - 3 * pow[first]]);
        }
        if c >= 2 && spec.pair_mask & (1 << first) != 0 {
            mask |= add_pair(exact[idx - 2 * pow[first]]);
        }
        for seq in spec.sequences.iter().filter(|s| s[0] == first) {
            if seq.iter().all(|&k| d[k] > 0) {
                let rest = idx - seq.iter().map(|&k| pow[k]).sum::<usize>();
                mask |= add_block(exact[rest]);
            }
        }
        exact[idx] = mask;
    }

    // Pass 2: contained targets (monotone closure of pass 1).
    let mut contains = exact;
    d = [0; 9];
    for idx in 1..size {
        step_up(&mut d, n);
        let mut mask = contains[idx];
        for i in 0..n {
            if d[i] > 0 {
                mask |= contains[idx - pow[i]];
            }
        }
        contains[idx] = mask;
    }

    // Pass 3: distances, from the full vector downwards.
    let mut dist = vec![Row([INF; 16]); size];
    d = [4; 9];
    for idx in (0..size).rev() {
        if idx + 1 < size {
            step_down(&mut d, n);
        }
        let mut row = [INF; 16];
        for i in 0..n {
            if d[i] < 4 {
                let up = &dist[idx + pow[i]].0;
                for cell in 0..CELLS {
                    row[cell] = row[cell].min(up[cell].saturating_add(1).min(INF));
                }
            }
        }
        // (The neighbour loop above is lane-wise, so only the contained cells need mapping.)
        for cell in 0..CELLS {
            if contains[idx] & (1 << cell) != 0 {
                row[lane(cell / 2, cell % 2)] = 0;
            }
        }
        row[CELLS..].fill(INF);
        dist[idx] = Row(row);
    }
    dist
}

/// Advances base-5 digits (least significant first) to the next index.
fn step_up(d: &mut [u8; 9], n: usize) {
    for digit in d.iter_mut().take(n) {
        if *digit < 4 {
            *digit += 1;
            return;
        }
        *digit = 0;
    }
}

/// Moves base-5 digits back to the previous index.
fn step_down(d: &mut [u8; 9], n: usize) {
    for digit in d.iter_mut().take(n) {
        if *digit > 0 {
            *digit -= 1;
            return;
        }
        *digit = 4;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(counts: &[u8]) -> usize {
        counts.iter().rev().fold(0, |acc, &c| acc * 5 + c as usize)
    }

    #[test]
    fn suit_table_known_values() {
        let t = generate(&GroupSpec::suit(false));
        // 123 456 789 + 11: 3 blocks and a pair, complete.
        let r = t[index(&[3, 1, 1, 1, 1, 1, 1, 1, 1])];
        assert_eq!(r.get(3, 1), 0);
        assert_eq!(r.get(4, 1), 3);
        // Empty suit: every block costs 3, the pair 2.
        let r = t[0];
        assert_eq!(r.get(4, 1), 14);
        assert_eq!(r.get(0, 0), 0);
        // Four of a kind cannot give a fifth for a second triplet.
        let r = t[index(&[4, 0, 0, 0, 0, 0, 0, 0, 0])];
        // 111 + 11 would need a fifth 1; the best is 111 + 22 or 123 + 11, two tiles away.
        assert_eq!(r.get(1, 1), 2);
    }

    #[test]
    fn honor_sequences_only_when_enabled() {
        let plain = generate(&GroupSpec::honors(false, true));
        let seqs = generate(&GroupSpec::honors(true, true));
        let esw = index(&[1, 1, 1, 0, 0, 0, 0]);
        assert_eq!(plain[esw].get(1, 0), 2);
        assert_eq!(seqs[esw].get(1, 0), 0);
        let swn = index(&[0, 1, 1, 1, 0, 0, 0]);
        assert_eq!(seqs[swn].get(1, 0), 0);
        let dragons = index(&[0, 0, 0, 0, 1, 1, 1]);
        assert_eq!(seqs[dragons].get(1, 0), 0);
        // A wind and two dragons are no sequence.
        let mixed = index(&[1, 0, 0, 0, 1, 1, 0]);
        assert_eq!(seqs[mixed].get(1, 0), 1);
    }

    #[test]
    fn pair_mask_restricts_pairs() {
        let t = generate(&GroupSpec::suit(true));
        assert_eq!(t[index(&[2, 0, 0, 0, 0, 0, 0, 0, 0])].get(0, 1), 2);
        assert_eq!(t[index(&[0, 2, 0, 0, 0, 0, 0, 0, 0])].get(0, 1), 0);
        let h = generate(&GroupSpec::honors(false, false));
        assert_eq!(h[0].get(0, 1), INF);
    }
}
