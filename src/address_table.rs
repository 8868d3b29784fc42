//! A perfect hash of a few addresses, found at run time: which of a function's parameter
//! names a keyword is, by the name object's address alone (`bindings::call`).
//!
//! The addresses are whatever the allocator gave the names, so no one fixed function is
//! collision-free in every process (a shift and modulus, tried first, collided in some and
//! the look-up fell back to comparing in turn). The multiplier of `(address * multiplier) >>
//! (64 - bits)` is searched for instead: with 14 addresses in 256 slots a random odd
//! multiplier is collision-free about 70% of the time, so one of [`MULTIPLIERS`] all but
//! always is (the proptests below check it on allocator-like addresses).

/// How many odd multipliers [`AddressTable::new`] tries for each table size.
pub const MULTIPLIERS: usize = 64;

/// Addresses to their indices in the list the table was built from.
///
/// ```
/// use majiang::address_table::AddressTable;
/// let table = AddressTable::new(&[0x7f00_1000, 0x7f00_1040, 0x7f00_2008]);
/// assert_eq!(table.get(0x7f00_1040), Some(Some(1)));
/// assert_eq!(table.get(0x7f00_1048), Some(None)); // not one of them
/// ```
#[derive(Clone, Debug)]
pub struct AddressTable {
    /// `(address, index)` by slot, address 0 for an empty slot; empty if no multiplier
    /// separated the addresses.
    slots: Vec<(usize, u8)>,
    multiplier: u64,
    bits: u32,
}

impl AddressTable {
    /// The smallest table (64, 128 or 256 slots) with a multiplier that gives every address
    /// a slot of its own, or one that answers None for every look-up if there is none
    /// (more than 256 addresses, a repeated address or 0 among them, or no luck).
    pub fn new(addresses: &[usize]) -> AddressTable {
        let fits = addresses.len() <= 256 && !addresses.contains(&0);
        for bits in 6..=8 {
            for multiplier in multipliers().take(if fits { MULTIPLIERS } else { 0 }) {
                let mut table = AddressTable {
                    slots: vec![(0, 0); 1 << bits],
                    multiplier,
                    bits,
                };
                let unique = addresses.iter().enumerate().all(|(i, &a)| {
                    let s = table.slot(a);
                    let free = table.slots[s].0 == 0;
                    table.slots[s] = (a, i as u8);
                    free
                });
                if unique {
                    return table;
                }
            }
        }
        AddressTable {
            slots: Vec::new(),
            multiplier: 1,
            bits: 6,
        }
    }

    /// `Some(Some(i))` for the i-th address, `Some(None)` for any other; None where the table
    /// could not be built (the caller then searches by other means).
    #[inline]
    pub fn get(&self, address: usize) -> Option<Option<u8>> {
        if self.slots.is_empty() {
            return None;
        }
        let (at, i) = self.slots[self.slot(address)];
        Some((at == address && address != 0).then_some(i))
    }

    #[inline]
    fn slot(&self, address: usize) -> usize {
        ((address as u64).wrapping_mul(self.multiplier) >> (64 - self.bits)) as usize
    }
}

/// Well-mixed odd multipliers: splitmix64's outputs from Knuth's golden-ratio constant.
fn multipliers() -> impl Iterator<Item = u64> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    std::iter::repeat_with(move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) | 1
    })
}

#[cfg(test)]
mod tests {
    use super::AddressTable;
    use proptest::prelude::*;

    /// Fourteen distinct addresses as an allocator hands them out: 8-aligned, close together.
    fn addresses() -> impl Strategy<Value = Vec<usize>> {
        (
            0x7f00_0000_0000usize..0x7fff_ffff_0000,
            proptest::collection::btree_set(0usize..4096, 14),
        )
            .prop_map(|(base, offsets)| offsets.into_iter().map(|o| (base & !7) + o * 8).collect())
    }

    proptest! {
        #[test]
        fn every_address_finds_its_own_index(addresses in addresses()) {
            let table = AddressTable::new(&addresses);
            prop_assert!(table.get(0).is_some(), "no table for {addresses:x?}");
            for (i, &a) in addresses.iter().enumerate() {
                prop_assert_eq!(table.get(a), Some(Some(i as u8)));
            }
        }

        #[test]
        fn any_other_address_finds_none(addresses in addresses(), other in any::<usize>()) {
            prop_assume!(!addresses.contains(&other));
            prop_assert_eq!(AddressTable::new(&addresses).get(other), Some(None));
        }
    }

    #[test]
    fn a_repeated_address_gives_no_table() {
        assert_eq!(
            AddressTable::new(&[0x1000, 0x2000, 0x1000]).get(0x1000),
            None
        );
        assert_eq!(AddressTable::new(&[0x1000, 0]).get(0x1000), None);
    }
}
