//! Who may claim a discard, from counts alone: for the three seats after the discarder,
//! which may win on it (it is among their waits), pong it (two held), make an exposed kong
//! of it (three held) or chow it (the next seat, with a sequence the chow rule allows).
//! The variants' further rules (passed wins and pongs, the last tile, restrictions) are the
//! engine's; this is the shape part, asked once per discard instead of once per seat.

use crate::error::{Error, Result};
use crate::tiles::{Counts, NUM_KINDS};

/// Which sequences a chow may be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChowRule {
    /// No chows.
    None,
    /// Suit sequences (123m … 789s).
    Suits,
    /// Suit sequences, any three winds and 中发白.
    Honors,
}

impl ChowRule {
    /// The rule from its name (`"none"`, `"suits"`, `"honors"`).
    pub fn from_name(name: &str) -> Result<ChowRule> {
        match name {
            "none" => Ok(ChowRule::None),
            "suits" => Ok(ChowRule::Suits),
            "honors" => Ok(ChowRule::Honors),
            other => Err(Error::Rules(format!(
                "unknown chow rule {:?} (expected none, suits or honors)",
                crate::error::excerpt(other)
            ))),
        }
    }
}

/// The seats that may claim one discard, as bit masks (bit `s`: seat `s`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct ClaimSeats {
    /// The discard is among the seat's waits.
    pub win: u8,
    /// The seat holds two or more of it.
    pub pong: u8,
    /// The seat holds three of it.
    pub kong: u8,
    /// The next seat, holding a sequence's other two kinds.
    pub chow: u8,
}

impl ClaimSeats {
    /// The seats with any claim.
    pub fn any(&self) -> u8 {
        self.win | self.pong | self.kong | self.chow
    }
}

const WINDS: [usize; 4] = [27, 28, 29, 30];
const DRAGONS: [usize; 3] = [31, 32, 33];

/// The chows (sorted kinds) a seat holding `hand` may make with `tile` under `rule`, in
/// the engine's order: for a suit tile the sequences with it lowest last (the tile as
/// third, middle, first), for an honor each pair of the others of its group.
pub fn chow_options(rule: ChowRule, tile: usize, hand: &Counts) -> Vec<[u8; 3]> {
    let mut out = Vec::new();
    if rule == ChowRule::None || tile >= NUM_KINDS {
        return out;
    }
    if tile < 27 {
        let n = tile % 9;
        for (a, b) in [(-2i32, -1i32), (-1, 1), (1, 2)] {
            let (x, y) = (n as i32 + a, n as i32 + b);
            if (0..=8).contains(&x) && (0..=8).contains(&y) {
                let (ka, kb) = ((tile as i32 + a) as usize, (tile as i32 + b) as usize);
                if hand[ka] > 0 && hand[kb] > 0 {
                    let low = tile.min(ka);
                    out.push([low as u8, low as u8 + 1, low as u8 + 2]);
                }
            }
        }
        return out;
    }
    if rule != ChowRule::Honors {
        return out;
    }
    let group: &[usize] = if tile < 31 { &WINDS } else { &DRAGONS };
    let others: Vec<usize> = group
        .iter()
        .copied()
        .filter(|&k| k != tile && hand[k] > 0)
        .collect();
    for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            let mut seq = [tile, a, b];
            seq.sort_unstable();
            out.push(seq.map(|k| k as u8));
        }
    }
    out
}

/// The claims on `tile` discarded by `discarder`: for each seat after it that is still in
/// play (bit `s` of `out` clear), whether it waits on the tile (bit `tile` of `waits[s]`),
/// holds two or three of it, or (the next seat only) can chow it. The discarder's own hand
/// is not read. Errors: a tile or discarder out of range, a count over 4.
pub fn claim_scan(
    hands: &[Counts; 4],
    tile: usize,
    discarder: usize,
    rule: ChowRule,
    waits: &[u64; 4],
    out: u8,
) -> Result<ClaimSeats> {
    if tile >= NUM_KINDS {
        return Err(Error::InvalidHand(format!(
            "tile must be a kind 0-33, got {tile}"
        )));
    }
    if discarder >= 4 {
        return Err(Error::InvalidHand(format!(
            "discarder must be a seat 0-3, got {discarder}"
        )));
    }
    if let Some((s, k)) = (0..4)
        .flat_map(|s| (0..NUM_KINDS).map(move |k| (s, k)))
        .find(|&(s, k)| hands[s][k] > 4)
    {
        return Err(Error::InvalidHand(format!(
            "seat {s} holds {} of kind {k}, more than four",
            hands[s][k]
        )));
    }
    let mut seats = ClaimSeats::default();
    for step in 1..4 {
        let s = (discarder + step) % 4;
        if out >> s & 1 == 1 {
            continue;
        }
        let bit = 1u8 << s;
        let held = hands[s][tile];
        if waits[s] >> tile & 1 == 1 {
            seats.win |= bit;
        }
        if held >= 2 {
            seats.pong |= bit;
        }
        if held == 3 {
            seats.kong |= bit;
        }
        if step == 1 && !chow_options(rule, tile, &hands[s]).is_empty() {
            seats.chow |= bit;
        }
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every sequence of three kinds that contains `tile`, tested kind by kind.
    fn brute_chows(rule: ChowRule, tile: usize, hand: &Counts) -> Vec<[u8; 3]> {
        let mut seqs: Vec<[usize; 3]> = Vec::new();
        if rule != ChowRule::None {
            for suit in 0..3 {
                for b in 0..7 {
                    seqs.push([suit * 9 + b, suit * 9 + b + 1, suit * 9 + b + 2]);
                }
            }
        }
        if rule == ChowRule::Honors {
            seqs.extend([
                [27, 28, 29],
                [27, 28, 30],
                [27, 29, 30],
                [28, 29, 30],
                [31, 32, 33],
            ]);
        }
        let mut found: Vec<[u8; 3]> = seqs
            .into_iter()
            .filter(|q| q.contains(&tile))
            .filter(|q| q.iter().filter(|&&k| k != tile).all(|&k| hand[k] > 0))
            .map(|q| q.map(|k| k as u8))
            .collect();
        found.sort_unstable();
        found
    }

    fn hand() -> impl Strategy<Value = Counts> {
        proptest::collection::vec(0u8..=4, NUM_KINDS).prop_map(|v| std::array::from_fn(|k| v[k]))
    }

    proptest! {
        #[test]
        fn chows_match_brute_force(h in hand(), tile in 0usize..34, r in 0usize..3) {
            let rule = [ChowRule::None, ChowRule::Suits, ChowRule::Honors][r];
            let mut got = chow_options(rule, tile, &h);
            got.sort_unstable();
            prop_assert_eq!(got, brute_chows(rule, tile, &h));
        }

        #[test]
        fn scan_matches_seat_by_seat(
            hands in proptest::array::uniform4(hand()),
            tile in 0usize..34,
            discarder in 0usize..4,
            r in 0usize..3,
            waits in proptest::array::uniform4(0u64..(1 << 34)),
            out in 0u8..16,
        ) {
            let rule = [ChowRule::None, ChowRule::Suits, ChowRule::Honors][r];
            let got = claim_scan(&hands, tile, discarder, rule, &waits, out).unwrap();
            for s in 0..4 {
                let bit = 1u8 << s;
                let asked = s != discarder && out & bit == 0;
                let next = s == (discarder + 1) % 4;
                prop_assert_eq!(got.win & bit != 0, asked && waits[s] & (1 << tile) != 0);
                prop_assert_eq!(got.pong & bit != 0, asked && hands[s][tile] >= 2);
                prop_assert_eq!(got.kong & bit != 0, asked && hands[s][tile] == 3);
                let chow = asked && next && !brute_chows(rule, tile, &hands[s]).is_empty();
                prop_assert_eq!(got.chow & bit != 0, chow);
            }
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let hands = [[0u8; NUM_KINDS]; 4];
        assert!(claim_scan(&hands, 34, 0, ChowRule::Suits, &[0; 4], 0).is_err());
        assert!(claim_scan(&hands, 0, 4, ChowRule::Suits, &[0; 4], 0).is_err());
        let mut over = hands;
        over[2][5] = 5;
        let e = claim_scan(&over, 0, 0, ChowRule::Suits, &[0; 4], 0).unwrap_err();
        assert!(e.to_string().contains("seat 2"), "{e}");
        assert!(ChowRule::from_name("all").is_err());
        assert_eq!(ChowRule::from_name("honors").unwrap(), ChowRule::Honors);
    }
}
