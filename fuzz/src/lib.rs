//! Checks shared by the fuzz targets: a decoder's units against encoding_rs (or a reference
//! rule), and the chunking property with split points taken from the input itself.

use charscope::decode::{Decoder, Unit};
use charscope::encoding::Encoding;

/// Splits `data` into split points (its first byte says how many, the next bytes where) and
/// the input proper.
pub fn split_input(data: &[u8]) -> (Vec<usize>, &[u8]) {
    let Some((&count, rest)) = data.split_first() else {
        return (Vec::new(), data);
    };
    let count = usize::from(count % 8).min(rest.len());
    let (points, input) = rest.split_at(count);
    let mut points: Vec<usize> = points.iter().map(|&p| usize::from(p) % (input.len() + 1)).collect();
    points.sort_unstable();
    (points, input)
}

/// Every unit of `input` decoded in the chunks `points` makes, with each malformed reason.
pub fn units_in_chunks(input: &[u8], enc: &'static Encoding, points: &[usize]) -> Vec<(Unit, Option<String>)> {
    let mut decoder = Decoder::new(enc);
    let mut out = Vec::new();
    let mut start = 0;
    let mut bounds: Vec<usize> = points.to_vec();
    bounds.push(input.len());
    let last_index = bounds.len() - 1;
    for (i, end) in bounds.into_iter().enumerate() {
        decoder.decode_units(&input[start..end], i == last_index, |u| {
            let reason = match &u {
                Unit::Malformed(m) => Some(m.reason()),
                Unit::Char { .. } => None,
            };
            out.push((u, reason));
        });
        start = end;
    }
    out
}

/// Checks one input against one encoding: chunking changes nothing, the text equals
/// `reference`, and the unit spans are in order within the input.
pub fn check(data: &[u8], enc: &'static Encoding, reference: impl Fn(&[u8]) -> String) {
    let (points, input) = split_input(data);
    let whole = units_in_chunks(input, enc, &[]);
    let chunked = units_in_chunks(input, enc, &points);
    assert_eq!(whole, chunked, "{enc}: chunking at {points:?} changed the units");
    let text: String = whole.iter().map(|(u, _)| u.lossy_char()).collect();
    assert_eq!(text, reference(input), "{enc}: text differs from the reference");
    let pieces = charscope::decode::decode(input, enc);
    assert_eq!(pieces.text, text, "{enc}: pieces and units disagree");
    let mut at = 0;
    for (unit, _) in &whole {
        assert!(unit.span().start >= at && unit.span().end <= input.len() as u64);
        at = unit.span().end;
    }
}

/// encoding_rs's lossy decoding (no BOM handling), the reference for WHATWG encodings.
pub fn encoding_rs_text(enc: &'static Encoding) -> impl Fn(&[u8]) -> String {
    let rs = encoding_rs::Encoding::for_label(enc.name().as_bytes()).expect("a WHATWG encoding");
    move |input| rs.decode_without_bom_handling(input).0.into_owned()
}
