//! Generates the shape tables (the same for every user) and embeds them packed, so no
//! process spends 150 ms building one on its first shanten (see `src/tables/packed.rs`).

#[path = "src/tables/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "src/tables/packed.rs"]
#[allow(dead_code)]
mod packed;
#[path = "src/tables/stats.rs"]
#[allow(dead_code)]
mod stats;

use generate::{GroupSpec, Row};
use std::path::Path;

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(dir.join(name), bytes).expect("OUT_DIR is writable");
}

fn compact(full: &[Row]) -> Vec<Row> {
    packed::compact_order()
        .map(|(hi, lo)| full[packed::full_index(hi, lo)])
        .collect()
}

fn main() {
    for file in ["generate.rs", "packed.rs", "stats.rs"] {
        println!("cargo::rerun-if-changed=src/tables/{file}");
    }
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let dir = Path::new(&out);
    let any = compact(&generate::costs(&GroupSpec::suit(false)));
    let two58 = compact(&generate::costs(&GroupSpec::suit(true)));
    write(dir, "suit_any.bin", &packed::pack(&any, 0..10, None));
    // The 258 rule changes only the pair lanes (stored as what it adds to the plain table's).
    assert!(any.iter().zip(&two58).all(|(a, b)| a.0[..5] == b.0[..5]));
    write(
        dir,
        "suit_258_pairs.bin",
        &packed::pack(&two58, 5..10, Some(&any)),
    );
    for (name, sequences) in [("honors.bin", false), ("honors_seq.bin", true)] {
        let rows = generate::costs(&GroupSpec::honors(sequences, true));
        write(dir, name, &packed::pack(&rows, 0..10, None));
    }
}
