//! Many hands at once, over a thread pool: the numpy form of [`super::fan`].

use super::{fan, GbError, HandInput};
use crate::algo::batch::{pool, thread_count};
use rayon::prelude::*;

/// Columns of a fan-count row: index = fan number (0 unused, 1-81 official, 82 明暗杠).
pub const COLUMNS: usize = 83;

/// Scores every input: `(totals, counts)` with `counts` `COLUMNS` per row; a row that does
/// not win has total -1 and zero counts; any other bad row fails the batch with its index.
pub fn fan_many(
    inputs: &[HandInput],
    threads: Option<usize>,
) -> Result<(Vec<i32>, Vec<u16>), (usize, GbError)> {
    let n = inputs.len();
    let mut totals = vec![0i32; n];
    let mut counts = vec![0u16; n * COLUMNS];
    let work =
        |(i, (total, row)): (usize, (&mut i32, &mut [u16]))| -> Result<(), (usize, GbError)> {
            match fan(&inputs[i]) {
                Ok(r) => {
                    *total = r.total as i32;
                    for (f, c) in r.fans() {
                        if let Some(cell) = row.get_mut(f as usize) {
                            *cell = c;
                        }
                    }
                    Ok(())
                }
                Err(GbError::NotWinning) => {
                    *total = -1;
                    Ok(())
                }
                Err(e) => Err((i, e)),
            }
        };
    let threads = thread_count(threads);
    if threads <= 1 || n < 256 {
        totals
            .iter_mut()
            .zip(counts.chunks_mut(COLUMNS))
            .enumerate()
            .try_for_each(work)?;
    } else {
        let p = pool(threads).map_err(|e| (0, GbError::BadFlags(e.to_string())))?;
        p.install(|| {
            totals
                .par_iter_mut()
                .zip(counts.par_chunks_mut(COLUMNS))
                .enumerate()
                .with_min_len(64)
                .try_for_each(work)
        })?;
    }
    Ok((totals, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_agrees_with_one_at_a_time() {
        let hands = [
            "123m456p789s45m55z",
            "19m19p19s1234567z",
            "123m456m789m234p6p",
        ];
        let wins = [5u8, 0, 22];
        let inputs: Vec<HandInput> = hands
            .iter()
            .zip(wins)
            .map(|(h, w)| HandInput::new(&crate::counts_from_str(h).unwrap(), w))
            .cycle()
            .take(1000)
            .collect();
        for threads in [1, 2] {
            let (totals, counts) = fan_many(&inputs, Some(threads)).unwrap();
            for (i, input) in inputs.iter().enumerate() {
                match fan(input) {
                    Ok(r) => {
                        assert_eq!(totals[i], r.total as i32);
                        for (f, c) in r.fans() {
                            assert_eq!(counts[i * COLUMNS + f as usize], c);
                        }
                    }
                    Err(_) => assert_eq!(totals[i], -1),
                }
            }
        }
        let mut bad = inputs.clone();
        bad[700].flowers = 9;
        assert!(matches!(
            fan_many(&bad, Some(2)),
            Err((700, GbError::BadFlags(_)))
        ));
    }
}
