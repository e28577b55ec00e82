//! encoding_rs's legacy CJK test data (generated from the WHATWG indexes): decode each line of
//! the `*_in.txt` files, encode each line of the `*_out.txt` files, compare with the references.

mod common;

use charscope::encode::{Substitute, encode};
use charscope::{decode, encoding};

fn lines(relative: &str) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(common::testdata().join("encoding_rs").join(relative)).unwrap();
    bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

#[test]
fn encoding_rs_line_files() {
    let index = common::load_json("encoding_rs/index.json");
    let mut checked = 0;
    for pair in index["pairs"].as_array().unwrap() {
        let enc = encoding::for_label(pair["encoding"].as_str().unwrap()).unwrap();
        let input = lines(pair["input"].as_str().unwrap());
        let expectation = lines(pair["expectation"].as_str().unwrap());
        assert_eq!(input.len(), expectation.len(), "{pair}");
        let decoding = pair["direction"] == "decode";
        for (n, (line, want)) in input.iter().zip(&expectation).enumerate().skip(4) {
            if decoding {
                let got = decode::decode(line, enc).text;
                assert_eq!(
                    got.as_bytes(),
                    want.as_slice(),
                    "{} line {}",
                    pair["input"],
                    n + 1
                );
                // The per-character grain agrees with the run grain.
                let units: String = decode::units(line, enc)
                    .iter()
                    .map(|u| u.lossy_char())
                    .collect();
                assert_eq!(units, got, "{} line {} (units)", pair["input"], n + 1);
            } else {
                let text = std::str::from_utf8(line).unwrap();
                let got = encode(text, enc, false, Substitute::Omit).unwrap();
                assert!(
                    got.unmappable.is_empty(),
                    "{} line {}",
                    pair["input"],
                    n + 1
                );
                assert_eq!(got.bytes, *want, "{} line {}", pair["input"], n + 1);
            }
            checked += 1;
        }
    }
    assert!(checked > 100_000, "only {checked} lines checked");
}
