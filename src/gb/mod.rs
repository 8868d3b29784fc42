//! Chinese Official mahjong (国标麻将, the 2006 competition rules): the 81 番 and the
//! calculator that finds the best-scoring reading of a complete hand.
//!
//! Tiles are MPSZ kind indices (0-33) here as everywhere in the crate; the calculator's own
//! order is in [`tiles`]. The rules, their sources and their exclusions are in
//! docs/rules/gb.md.
//!
//! ```
//! use majiang::gb::{fan, Fan, HandInput};
//! let hand = majiang::counts_from_str("123m456m789m234p5p").unwrap();
//! let mut input = HandInput::new(&hand, majiang::tiles::Tile::from_mpsz("5p").unwrap().index() as u8);
//! input.self_drawn = true;
//! let result = fan(&input).unwrap();
//! assert_eq!(result.count(Fan::PureStraight), 1);
//! assert_eq!(result.count(Fan::FullyConcealedHand), 1);
//! assert_eq!(result.count(Fan::AllChows), 1); // 4 chows and a 5p pair: 平和
//! assert_eq!(result.total, 16 + 4 + 2 + 1); // and 缺一门
//! ```

pub mod batch;
mod calc;
mod error;
pub mod fans;
mod input;
pub mod shanten;
pub mod tiles;
mod waits;

#[cfg(test)]
mod tests;

pub use calc::Shape;
pub use error::GbError;
pub use fans::{Fan, FanInfo, FANS};
pub use input::{HandInput, Meld, MeldKind, Melds};

use crate::tiles::NUM_KINDS;
use calc::{Pack, PackKind};
use tiles::{to_gb, KNITTED};

/// One block of the decomposition that scored, in MPSZ indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// `"chow"`, `"pung"`, `"kong"`, `"pair"`, `"knitted"` (the nine tiles of a 组合龙, or all
    /// fourteen of 全不靠), `"orphans"` (十三幺), `"nine_gates"` (九莲宝灯).
    pub kind: &'static str,
    /// Its tiles, sorted.
    pub tiles: Vec<u8>,
    /// Declared from another seat (chow, pung, kong claimed).
    pub melded: bool,
}

/// The score of a hand: every 番 that counts with its count, the total, and the reading.
///
/// It holds no heap data: the counts are kept as the calculator's table and [`Self::fans`]
/// lists them when asked (what makes one call from Python cheap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FanResult {
    /// Count of each fan by number (花牌 included).
    table: fans::FanTable,
    /// Sum of points × count, flowers included.
    pub total: u32,
    /// The shape that scored.
    pub shape: Shape,
    packs: [Pack; 5],
    n_packs: u8,
    knitted: Option<u8>,
    /// Concealed tiles with the winning tile, GB order, two kinds a byte (kind `2i` in the low
    /// nibble of byte `i`): the result stays within 128 bytes, which the compiler copies
    /// inline rather than by calling `memcpy` (it is moved several times on its way into a
    /// Python result object).
    standing: [u8; 17],
}

impl FanResult {
    /// `(fan, count)` for each fan that counts, in fan-number order (花牌 included).
    pub fn fans(&self) -> impl Iterator<Item = (Fan, u16)> + '_ {
        self.table
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .filter_map(|(i, &c)| Fan::from_number(i).map(|f| (f, u16::from(c))))
    }

    /// How many times `fan` counts (0 if not at all).
    pub fn count(&self, fan: Fan) -> u16 {
        u16::from(self.table[fan as usize])
    }

    /// The total without 花牌 (what the 8-番 minimum is checked against).
    pub fn total_without_flowers(&self) -> u32 {
        self.total - u32::from(self.count(Fan::FlowerTiles))
    }

    /// How many of kind `g` (GB order) the concealed tiles hold, the winning tile included.
    fn standing(&self, g: usize) -> usize {
        usize::from(self.standing[g / 2] >> (4 * (g % 2)) & 15)
    }

    /// The blocks of the reading that scored (declared melds first for a regular hand).
    pub fn blocks(&self) -> Vec<Block> {
        let concealed: Vec<u8> = (0..NUM_KINDS)
            .flat_map(|k| std::iter::repeat_n(k as u8, self.standing(to_gb(k))))
            .collect();
        let packs = &self.packs[..usize::from(self.n_packs)];
        match self.shape {
            Shape::Regular => packs.iter().map(block).collect(),
            Shape::KnittedStraight => {
                let which = usize::from(self.knitted.unwrap_or(0));
                let knitted = sorted(KNITTED[which].iter().map(|&g| to_gb(g) as u8).collect());
                let mut v = vec![Block {
                    kind: "knitted",
                    tiles: knitted,
                    melded: false,
                }];
                v.extend(packs.iter().map(block));
                v
            }
            Shape::SevenPairs => (0..NUM_KINDS)
                .flat_map(|k| {
                    let pairs = self.standing(to_gb(k)) / 2;
                    std::iter::repeat_n(k as u8, pairs)
                })
                .map(|k| Block {
                    kind: "pair",
                    tiles: vec![k; 2],
                    melded: false,
                })
                .collect(),
            Shape::ThirteenOrphans => {
                vec![Block {
                    kind: "orphans",
                    tiles: concealed,
                    melded: false,
                }]
            }
            Shape::HonorsAndKnitted => {
                vec![Block {
                    kind: "knitted",
                    tiles: concealed,
                    melded: false,
                }]
            }
            Shape::NineGates => vec![Block {
                kind: "nine_gates",
                tiles: concealed,
                melded: false,
            }],
        }
    }
}

fn block(p: &Pack) -> Block {
    let k = to_gb(p.tile()) as u8;
    let (kind, tiles) = match p.kind {
        PackKind::Chow => {
            let mid = p.tile();
            let t: Vec<u8> = (mid - 1..=mid + 1).map(|g| to_gb(g) as u8).collect();
            ("chow", t)
        }
        PackKind::Pung => ("pung", vec![k; 3]),
        PackKind::Kong => ("kong", vec![k; 4]),
        PackKind::Pair => ("pair", vec![k; 2]),
    };
    Block {
        kind,
        tiles,
        melded: p.melded,
    }
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

/// Scores a complete hand: checks the input ([`GbError`] naming what is wrong), then finds the
/// reading that scores most under the official rules.
///
/// ```
/// use majiang::gb::{fan, Fan, HandInput, GbError};
/// let hand = majiang::counts_from_str("19m19p19s1234567z").unwrap();
/// let r = fan(&HandInput::new(&hand, 0)).unwrap(); // 十三幺 on 1m
/// assert_eq!((r.count(Fan::ThirteenOrphans), r.total), (1, 88));
/// let bad = majiang::counts_from_str("123m456m789m234p6p").unwrap();
/// assert!(matches!(fan(&HandInput::new(&bad, 13)), Err(GbError::NotWinning)));
/// ```
pub fn fan(input: &HandInput) -> Result<FanResult, GbError> {
    const _: () = assert!(std::mem::size_of::<FanResult>() <= 128);
    let checked = input::check(input)?;
    let hand = checked.hand();
    let scored = calc::score(&hand).ok_or(GbError::NotWinning)?;
    let mut table = scored.table;
    table[Fan::FlowerTiles as usize] = input.flowers;
    Ok(FanResult {
        table,
        total: scored.total + u32::from(input.flowers),
        shape: scored.shape,
        packs: scored.packs,
        n_packs: scored.n_packs as u8,
        knitted: scored.knitted.map(|k| k as u8),
        standing: std::array::from_fn(|i| {
            let low = hand.standing[2 * i] as u8;
            low | (hand.standing[2 * i + 1] as u8) << 4
        }),
    })
}
