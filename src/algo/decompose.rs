//! Every distinct way a complete hand completes, with what each wild tile stands for.
//!
//! Scoring reads these: Nanchang's 德国 is a reading where no wild tile stands for another
//! kind; 七星 is a thirteen-rotten reading holding all seven honors; 大七对 a regular reading
//! with no sequence.
//!
//! The search places the leftmost plain tile in every block that can hold it (each other
//! slot filled by a plain tile or by a wild tile), then lets the wild tiles left over form
//! the remaining blocks in every allowed way. Physical wild tiles are then dealt to the wild
//! slots so that as many as possible stand for their own kind (精还原).

use super::blocks::{all_single_targets, three_tile_blocks};
use super::shanten::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, HandSize, Jing, Split};
use crate::rules::{PairRule, SevenPairs, ShapeRules, ThirteenRotten};
use crate::tiles::{Counts, KNITTED_STRAIGHTS, NUM_KINDS, ORPHANS};
use std::collections::BTreeSet;

/// The shape a decomposition belongs to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Shape {
    /// Blocks and a pair.
    Regular,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// Nanchang thirteen-rotten.
    ThirteenRotten,
    /// Knitted thirteen-rotten.
    Knitted,
    /// All 2/5/8.
    All258,
    /// GB 组合龙 (nine single tiles: 147, 258, 369 in three suits) with a block and a pair.
    KnittedStraight,
}

impl Shape {
    /// The name used in the Python API.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Regular => "regular",
            Shape::SevenPairs => "seven_pairs",
            Shape::ThirteenOrphans => "thirteen_orphans",
            Shape::ThirteenRotten => "thirteen_rotten",
            Shape::Knitted => "knitted",
            Shape::All258 => "all_258",
            Shape::KnittedStraight => "knitted_straight",
        }
    }
}

/// What a block is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum BlockKind {
    /// Two of a kind.
    Pair,
    /// Three of a kind.
    Triplet,
    /// Three consecutive numbers of a suit.
    Sequence,
    /// Nanchang: three different winds, or 中发白.
    HonorSequence,
    /// A lone tile of an all-single shape.
    Single,
}

impl BlockKind {
    /// The name used in the Python API.
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Pair => "pair",
            BlockKind::Triplet => "triplet",
            BlockKind::Sequence => "sequence",
            BlockKind::HonorSequence => "honor_sequence",
            BlockKind::Single => "single",
        }
    }
}

/// One tile of a block: the kind it is read as, and the physical tile.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TileUse {
    /// The kind the tile is read as.
    pub kind: u8,
    /// The physical kind of the tile (differs from `kind` only for a wild tile standing in).
    pub tile: u8,
    /// Whether the tile is wild.
    pub wild: bool,
}

/// A block of a decomposition.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Block {
    /// What the block is.
    pub kind: BlockKind,
    /// Its tiles, in reading order.
    pub tiles: Vec<TileUse>,
}

/// One way a hand completes.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Decomposition {
    /// The shape.
    pub shape: Shape,
    /// The blocks, sorted.
    pub blocks: Vec<Block>,
}

impl Decomposition {
    /// Whether every wild tile stands for its own kind (Nanchang 德国 / 精还原).
    pub fn wilds_as_themselves(&self) -> bool {
        self.blocks
            .iter()
            .flat_map(|b| &b.tiles)
            .all(|t| t.kind == t.tile)
    }
}

/// A slot before physical wild tiles are dealt: read-as kind and whether it is wild.
type Slot = (u8, bool);
type Abstract = Vec<(BlockKind, Vec<Slot>)>;

struct Search<'a> {
    blocks: &'a [[usize; 3]],
    pair_ok: [bool; NUM_KINDS],
    limit: usize,
    found: BTreeSet<Abstract>,
}

fn block_kind(b: &[usize; 3]) -> BlockKind {
    if b[0] == b[1] {
        BlockKind::Triplet
    } else if b[0] >= 27 {
        BlockKind::HonorSequence
    } else {
        BlockKind::Sequence
    }
}

impl Search<'_> {
    fn full(&self) -> bool {
        self.found.len() >= self.limit
    }

    fn record(&mut self, partial: &Abstract) {
        let mut d = partial.clone();
        for (_, slots) in d.iter_mut() {
            slots.sort();
        }
        d.sort();
        self.found.insert(d);
    }

    #[allow(clippy::too_many_arguments)]
    fn regular(
        &mut self,
        plain: &mut Counts,
        reading: &mut Counts,
        wild: u8,
        blocks_left: usize,
        pair_left: bool,
        partial: &mut Abstract,
    ) {
        if self.full() {
            return;
        }
        let Some(first) = (0..NUM_KINDS).find(|&k| plain[k] > 0) else {
            self.wild_only(reading, wild, blocks_left, pair_left, 0, partial);
            return;
        };
        let f = first as u8;
        if pair_left && self.pair_ok[first] {
            plain[first] -= 1;
            if plain[first] > 0 {
                plain[first] -= 1;
                partial.push((BlockKind::Pair, vec![(f, false), (f, false)]));
                self.regular(plain, reading, wild, blocks_left, false, partial);
                partial.pop();
                plain[first] += 1;
            }
            if wild > 0 && reading[first] < 4 {
                reading[first] += 1;
                partial.push((BlockKind::Pair, vec![(f, false), (f, true)]));
                self.regular(plain, reading, wild - 1, blocks_left, false, partial);
                partial.pop();
                reading[first] -= 1;
            }
            plain[first] += 1;
        }
        if blocks_left == 0 {
            return;
        }
        let candidates: Vec<[usize; 3]> = self
            .blocks
            .iter()
            .filter(|b| b.contains(&first))
            .copied()
            .collect();
        for block in candidates {
            // The slot of `first` takes a plain tile; each other slot may take a plain tile
            // (if any is left) or a wild one: try every combination.
            let anchor = block.iter().position(|&k| k == first).unwrap_or(0);
            for choice in 0u8..8 {
                if choice >> anchor & 1 != 0 {
                    continue; // anchor is always plain (bit clear)
                }
                let mut slots = Vec::with_capacity(3);
                let mut took_plain = Vec::new();
                let mut took_wild = Vec::new();
                let mut ok = true;
                for (i, &k) in block.iter().enumerate() {
                    let use_wild = choice >> i & 1 != 0;
                    if !use_wild && plain[k] > 0 {
                        plain[k] -= 1;
                        took_plain.push(k);
                        slots.push((k as u8, false));
                    } else if use_wild && reading[k] < 4 && (took_wild.len() as u8) < wild {
                        reading[k] += 1;
                        took_wild.push(k);
                        slots.push((k as u8, true));
                    } else {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    partial.push((block_kind(&block), slots));
                    let left = wild - took_wild.len() as u8;
                    self.regular(plain, reading, left, blocks_left - 1, pair_left, partial);
                    partial.pop();
                }
                for k in took_plain {
                    plain[k] += 1;
                }
                for k in took_wild {
                    reading[k] -= 1;
                }
            }
        }
    }

    /// The wild tiles left form the remaining blocks; blocks in non-decreasing list order.
    fn wild_only(
        &mut self,
        reading: &mut Counts,
        wild: u8,
        blocks_left: usize,
        pair_left: bool,
        from: usize,
        partial: &mut Abstract,
    ) {
        if self.full() || wild as usize != 3 * blocks_left + 2 * usize::from(pair_left) {
            return;
        }
        if pair_left {
            for k in 0..NUM_KINDS {
                if self.pair_ok[k] && reading[k] + 2 <= 4 {
                    reading[k] += 2;
                    partial.push((BlockKind::Pair, vec![(k as u8, true), (k as u8, true)]));
                    self.wild_only(reading, wild - 2, blocks_left, false, 0, partial);
                    partial.pop();
                    reading[k] -= 2;
                }
            }
            return;
        }
        if blocks_left == 0 {
            self.record(partial);
            return;
        }
        for i in from..self.blocks.len() {
            let b = self.blocks[i];
            for &k in &b {
                reading[k] += 1;
            }
            if b.iter().all(|&k| reading[k] <= 4) {
                partial.push((block_kind(&b), b.iter().map(|&k| (k as u8, true)).collect()));
                self.wild_only(reading, wild - 3, blocks_left - 1, false, i, partial);
                partial.pop();
            }
            for &k in &b {
                reading[k] -= 1;
            }
        }
    }
}

/// The most decompositions [`Evaluator::decompositions`] returns or holds. A hand of many
/// wild tiles has tens of millions of readings, and each costs some hundreds of bytes here
/// and a few kilobytes as Python dicts: the search never keeps more than about three times
/// this many (the regular, seven-pairs and all-single shapes are each capped), so memory
/// stays below some tens of megabytes whatever `limit` asks for.
pub const MAX_DECOMPOSITIONS: usize = 10_000;

impl Evaluator {
    /// Every distinct decomposition of a complete 14-3k hand, at most `limit` of them
    /// (wild tiles can make the count explode: three wild tiles alone read as any of 60
    /// blocks). Sorted by shape, then blocks. The search stops once `limit` readings of a
    /// shape are found, so memory is bounded by `limit`, and never holds more than
    /// [`MAX_DECOMPOSITIONS`] + 1 per shape: a `limit` above [`MAX_DECOMPOSITIONS`] means
    /// "all of them", and a hand with more than [`MAX_DECOMPOSITIONS`] readings is then an
    /// [`Error::Rules`] (the limit cannot be met within the memory bound) rather than a
    /// truncated list.
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::STANDARD);
    /// let c = majiang::counts_from_str("111222333m456p77z").unwrap();
    /// // 111 222 333 or 123 123 123
    /// assert_eq!(eval.decompositions(&c, Jing::NONE, 0, 100).unwrap().len(), 2);
    /// ```
    pub fn decompositions(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        limit: usize,
    ) -> Result<Vec<Decomposition>> {
        let requested = limit;
        // Above the maximum: search for one reading more than it, to tell "all of them"
        // from "more than can be held".
        let limit = limit.min(MAX_DECOMPOSITIONS + 1);
        if check_hand(counts, melds)? != HandSize::Full {
            return Err(Error::InvalidHand(format!(
                "decompositions needs {} concealed tiles with {melds} meld(s)",
                14 - 3 * melds
            )));
        }
        let rules = *self.rules();
        let split = Split::new(counts, jing);
        let blocks = three_tile_blocks(&rules);
        let mut pair_ok = [true; NUM_KINDS];
        if rules.pair == PairRule::TwoFiveEight {
            for (k, ok) in pair_ok.iter_mut().enumerate() {
                *ok = k < 27 && matches!(k % 9, 1 | 4 | 7);
            }
        }
        let mut out: Vec<Decomposition> = Vec::new();
        let mut search = Search {
            blocks: &blocks,
            pair_ok,
            limit,
            found: BTreeSet::new(),
        };
        let mut plain = split.plain;
        let mut reading = split.plain;
        search.regular(
            &mut plain,
            &mut reading,
            split.wild,
            4 - melds as usize,
            true,
            &mut Vec::new(),
        );
        let regular = std::mem::take(&mut search.found);
        out.extend(
            regular
                .into_iter()
                .map(|a| deal(Shape::Regular, a, counts, jing)),
        );

        if melds == 0 {
            let mut specials: Vec<(Shape, Abstract)> = Vec::new();
            seven_pairs(&split, rules.seven_pairs, limit, &mut specials);
            if rules.thirteen_orphans {
                thirteen_orphans(&split, &mut specials);
            }
            let shape = match rules.thirteen_rotten {
                ThirteenRotten::Nanchang => Some(Shape::ThirteenRotten),
                ThirteenRotten::Knitted => Some(Shape::Knitted),
                ThirteenRotten::Off => None,
            };
            if let Some(shape) = shape {
                all_single(&split, &rules, shape, limit, &mut specials);
            }
            out.extend(specials.into_iter().map(|(s, a)| deal(s, a, counts, jing)));
        }
        if rules.knitted_straight && melds <= 1 {
            for kinds in KNITTED_STRAIGHTS {
                let mut plain = split.plain;
                let mut reading = split.plain;
                let mut wild = split.wild;
                let mut partial: Abstract = Vec::new();
                let mut ok = true;
                for k in kinds {
                    let as_wild = plain[k] == 0;
                    if !as_wild {
                        plain[k] -= 1;
                    } else if wild > 0 && reading[k] < 4 {
                        wild -= 1;
                        reading[k] += 1;
                    } else {
                        ok = false;
                        break;
                    }
                    partial.push((BlockKind::Single, vec![(k as u8, as_wild)]));
                }
                if ok {
                    search.regular(
                        &mut plain,
                        &mut reading,
                        wild,
                        1 - melds as usize,
                        true,
                        &mut partial,
                    );
                }
            }
            let found = std::mem::take(&mut search.found);
            out.extend(
                found
                    .into_iter()
                    .map(|a| deal(Shape::KnittedStraight, a, counts, jing)),
            );
        }
        if rules.all_258 {
            if let Some(a) = all_258(&split) {
                out.push(deal(Shape::All258, a, counts, jing));
            }
        }
        out.sort();
        out.dedup();
        // Each shape's search stops at `limit`, so several shapes together may exceed the
        // maximum although `limit` does not: that is truncated like any other count. Only a
        // request for all of them fails on it.
        if requested > MAX_DECOMPOSITIONS && out.len() > MAX_DECOMPOSITIONS {
            return Err(Error::Rules(format!(
                "this hand has more than {MAX_DECOMPOSITIONS} decompositions; give a limit of \
                 at most {MAX_DECOMPOSITIONS} (got {requested})"
            )));
        }
        out.truncate(limit);
        Ok(out)
    }
}

fn seven_pairs(split: &Split, rule: SevenPairs, limit: usize, out: &mut Vec<(Shape, Abstract)>) {
    if rule == SevenPairs::Off {
        return;
    }
    let mut base: Abstract = Vec::new();
    let mut wild = split.wild as i32;
    let mut reading = split.plain;
    for (k, read) in reading.iter_mut().enumerate() {
        let c = split.plain[k];
        if rule == SevenPairs::Distinct && c > 2 {
            return;
        }
        let kk = k as u8;
        for _ in 0..c / 2 {
            base.push((BlockKind::Pair, vec![(kk, false), (kk, false)]));
        }
        if c % 2 == 1 {
            base.push((BlockKind::Pair, vec![(kk, false), (kk, true)]));
            *read += 1;
            wild -= 1;
        }
    }
    if wild < 0 || wild % 2 == 1 {
        return;
    }
    // Remaining wild tiles pair up as any kinds the rule allows (non-decreasing kinds).
    fn extend(
        k0: usize,
        pairs_left: i32,
        rule: SevenPairs,
        reading: &mut Counts,
        partial: &mut Abstract,
        limit: usize,
        out: &mut Vec<(Shape, Abstract)>,
    ) {
        if out.len() >= limit {
            return;
        }
        if pairs_left == 0 {
            let mut d = partial.clone();
            d.sort();
            out.push((Shape::SevenPairs, d));
            return;
        }
        for k in k0..NUM_KINDS {
            let room = match rule {
                SevenPairs::Distinct => reading[k] == 0,
                _ => reading[k] + 2 <= 4,
            };
            if room {
                reading[k] += 2;
                partial.push((BlockKind::Pair, vec![(k as u8, true), (k as u8, true)]));
                extend(k, pairs_left - 1, rule, reading, partial, limit, out);
                partial.pop();
                reading[k] -= 2;
            }
        }
    }
    extend(0, wild / 2, rule, &mut reading, &mut base, limit, out);
}

fn thirteen_orphans(split: &Split, out: &mut Vec<(Shape, Abstract)>) {
    let plain = &split.plain;
    if (0..NUM_KINDS).any(|k| plain[k] > 0 && !ORPHANS.contains(&k)) {
        return;
    }
    for &pair in &ORPHANS {
        let mut blocks: Abstract = Vec::new();
        let mut wild_needed = 0;
        let mut ok = true;
        for &k in &ORPHANS {
            let want = 1 + u8::from(k == pair);
            let have = plain[k];
            if have > want {
                ok = false;
            }
            let mut slots: Vec<Slot> = vec![(k as u8, false); have.min(want) as usize];
            slots.extend(std::iter::repeat_n(
                (k as u8, true),
                want.saturating_sub(have) as usize,
            ));
            wild_needed += want.saturating_sub(have);
            let kind = if want == 2 {
                BlockKind::Pair
            } else {
                BlockKind::Single
            };
            blocks.push((kind, slots));
        }
        if ok && wild_needed == split.wild {
            blocks.sort();
            out.push((Shape::ThirteenOrphans, blocks));
        }
    }
}

fn all_single(
    split: &Split,
    rules: &ShapeRules,
    shape: Shape,
    limit: usize,
    out: &mut Vec<(Shape, Abstract)>,
) {
    if split.plain.iter().any(|&c| c > 1) {
        return;
    }
    let present = (0..NUM_KINDS)
        .filter(|&k| split.plain[k] > 0)
        .fold(0u64, |m, k| m | 1 << k);
    let mut count = 0;
    for &t in all_single_targets(rules) {
        if present & !t != 0 || count >= limit {
            continue;
        }
        count += 1;
        let blocks = (0..NUM_KINDS)
            .filter(|&k| t >> k & 1 != 0)
            .map(|k| (BlockKind::Single, vec![(k as u8, present >> k & 1 == 0)]))
            .collect();
        out.push((shape, blocks));
    }
}

fn all_258(split: &Split) -> Option<Abstract> {
    let is_258 = |k: usize| k < 27 && matches!(k % 9, 1 | 4 | 7);
    if (0..NUM_KINDS).any(|k| split.plain[k] > 0 && !is_258(k)) {
        return None;
    }
    let mut reading = split.plain;
    let mut blocks: Abstract = Vec::new();
    for k in 0..NUM_KINDS {
        for _ in 0..split.plain[k] {
            blocks.push((BlockKind::Single, vec![(k as u8, false)]));
        }
    }
    // Wild tiles read as the first 2/5/8 kinds with room (any reading would do).
    for _ in 0..split.wild {
        let k = (0..27).find(|&k| is_258(k) && reading[k] < 4)?;
        reading[k] += 1;
        blocks.push((BlockKind::Single, vec![(k as u8, true)]));
    }
    Some(blocks)
}

/// Deals the hand's physical wild tiles to the wild slots, own kind first (精还原).
fn deal(shape: Shape, abstract_blocks: Abstract, counts: &Counts, jing: Jing) -> Decomposition {
    let mut pool = [0u8; NUM_KINDS];
    for k in jing.kinds() {
        pool[k] = counts[k];
    }
    let mut blocks: Vec<Block> = abstract_blocks
        .iter()
        .map(|(kind, slots)| Block {
            kind: *kind,
            tiles: slots
                .iter()
                .map(|&(k, wild)| TileUse {
                    kind: k,
                    tile: if wild { u8::MAX } else { k },
                    wild,
                })
                .collect(),
        })
        .collect();
    for t in blocks.iter_mut().flat_map(|b| b.tiles.iter_mut()) {
        if t.wild && pool[t.kind as usize] > 0 {
            pool[t.kind as usize] -= 1;
            t.tile = t.kind;
        }
    }
    for t in blocks.iter_mut().flat_map(|b| b.tiles.iter_mut()) {
        if t.wild && t.tile == u8::MAX {
            let k = (0..NUM_KINDS)
                .find(|&k| pool[k] > 0)
                .unwrap_or(t.kind as usize);
            pool[k] = pool[k].saturating_sub(1);
            t.tile = k as u8;
        }
    }
    blocks.sort();
    Decomposition { shape, blocks }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::tests::{random_hand, Rng};

    #[test]
    fn jing_standing_for_itself_is_recognised() {
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        // 3p is wild; 123p read with the 3p as itself is 德国-shaped.
        let c = crate::counts_from_str("123p456p789s11122z").unwrap();
        let jing = Jing::from_tiles(&crate::tiles::parse_tiles("3p4p").unwrap()).unwrap();
        let d = eval.decompositions(&c, jing, 0, 1000).unwrap();
        assert!(d.iter().any(|d| d.wilds_as_themselves()));
        // With a 9m instead of the 3p, one wild tile cannot cover both the 3p and the 9m.
        let c = crate::counts_from_str("12p9m456p789s11122z").unwrap();
        assert!(eval.decompositions(&c, jing, 0, 1000).unwrap().is_empty());
    }

    #[test]
    fn complete_hands_have_decompositions_and_only_they() {
        let mut rng = Rng::new(23);
        for rules in [
            ShapeRules::STANDARD,
            ShapeRules::NANCHANG,
            ShapeRules::PINGXIANG,
        ] {
            let eval = Evaluator::new(&rules);
            for i in 0..1500 {
                let melds = [0, 0, 0, 1, 2, 4][i % 6];
                let wild = rng.below(5);
                let (c, jing) = random_hand(&mut rng, &rules, 14 - 3 * melds, wild);
                let win = eval.is_winning(&c, jing, melds as u8).unwrap();
                let d = eval.decompositions(&c, jing, melds as u8, 50).unwrap();
                assert_eq!(win, !d.is_empty(), "{}", crate::tiles::format_counts(&c));
                for dec in &d {
                    // every tile of the hand is used exactly once
                    let mut used = [0u8; NUM_KINDS];
                    for t in dec.blocks.iter().flat_map(|b| &b.tiles) {
                        used[t.tile as usize] += 1;
                        assert!(!t.wild || jing.contains(t.tile as usize));
                        assert!(t.wild || t.tile == t.kind);
                    }
                    assert_eq!(used, c);
                }
            }
        }
    }
}
