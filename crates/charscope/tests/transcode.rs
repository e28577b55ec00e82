//! The streaming transcoder: chunk-boundary independence, agreement with encoding_rs and std,
//! the error policies, BOM, newline and normalization handling, and exact error positions.

use charscope::encoding::{self, Encoding};
use charscope::text::normalization::Form;
use charscope::transcode::{BomAction, ErrorPolicy, Newline, Options, TranscodeError, Transcoder};
use proptest::prelude::*;

fn label(l: &str) -> &'static Encoding {
    encoding::for_label(l).unwrap()
}

/// Transcodes `input` fed in pieces cut at `cuts` (offsets, any order); returns the output and
/// the error if any.
fn run_cut(
    input: &[u8],
    from: &'static Encoding,
    to: &'static Encoding,
    options: Options,
    cuts: &[usize],
) -> (Vec<u8>, Option<TranscodeError>) {
    let mut cuts: Vec<usize> = cuts.iter().map(|&c| c.min(input.len())).collect();
    cuts.sort_unstable();
    let mut t = Transcoder::new(from, to, options).unwrap();
    let mut out = Vec::new();
    let mut at = 0;
    for &c in &cuts {
        if let Err(e) = t.transcode(&input[at..c], false, &mut out) {
            return (out, Some(e));
        }
        at = c;
    }
    let err = t.transcode(&input[at..], true, &mut out).err();
    (out, err)
}

fn run(
    input: &[u8],
    from: &'static Encoding,
    to: &'static Encoding,
    options: Options,
) -> (Vec<u8>, Option<TranscodeError>) {
    run_cut(input, from, to, options, &[])
}

fn lossy(policy: ErrorPolicy) -> Options {
    Options::default().with_errors(policy)
}

#[test]
fn windows_1252_to_utf8_is_encoding_rs_decode() {
    let bytes: Vec<u8> = (0u8..=255).collect();
    let (out, err) = run(
        &bytes,
        encoding::WINDOWS_1252,
        encoding::UTF_8,
        Options::default(),
    );
    assert!(err.is_none());
    let (expected, _, had_errors) = encoding_rs::WINDOWS_1252.decode(&bytes);
    assert!(!had_errors);
    assert_eq!(out, expected.as_bytes());
}

#[test]
fn replace_is_std_lossy_utf8() {
    // std's from_utf8_lossy replaces maximal subparts too (Unicode 3.9.6).
    let bytes = b"a\xC0\xAF\xE0\x80\xBF\xF0\x81\x82A\xED\xA0\x80z\xF4\x90\x80\x80\xE2\x82";
    let (out, err) = run(
        bytes,
        encoding::UTF_8,
        encoding::UTF_8,
        lossy(ErrorPolicy::Replace),
    );
    assert!(err.is_none());
    assert_eq!(out, String::from_utf8_lossy(bytes).as_bytes());
}

#[test]
fn utf8_to_utf16_is_std_encode_utf16() {
    let text = "caf\u{e9} \u{4e2d}\u{6587} \u{1F600}\n";
    for (to, le) in [(encoding::UTF_16LE, true), (encoding::UTF_16BE, false)] {
        let (out, err) = run(text.as_bytes(), encoding::UTF_8, to, Options::default());
        assert!(err.is_none());
        let expected: Vec<u8> = text
            .encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect();
        assert_eq!(out, expected);
        let (back, err) = run(&out, to, encoding::UTF_8, Options::default());
        assert!(err.is_none());
        assert_eq!(back, text.as_bytes());
    }
}

#[test]
fn utf8_to_utf32_and_back() {
    let text = "a\u{e9}\u{4e2d}\u{1F600}";
    let (out, _) = run(
        text.as_bytes(),
        encoding::UTF_8,
        encoding::UTF_32BE,
        Options::default(),
    );
    assert_eq!(
        out,
        [
            0, 0, 0, 0x61, 0, 0, 0, 0xE9, 0, 0, 0x4E, 0x2D, 0, 1, 0xF6, 0
        ]
    );
    let (back, _) = run(
        &out,
        encoding::UTF_32BE,
        encoding::UTF_8,
        Options::default(),
    );
    assert_eq!(back, text.as_bytes());
}

#[test]
fn utf8_to_legacy_is_encoding_rs_encode() {
    for (l, text) in [
        ("windows-1251", "Привет, мир! \u{2116} 5"),
        ("shift_jis", "日本語のテキスト、ｶﾀｶﾅ"),
        ("gbk", "中文文本"),
        ("euc-kr", "한국어"),
        ("iso-2022-jp", "abc 日本 def"),
    ] {
        let enc = label(l);
        let (out, err) = run(text.as_bytes(), encoding::UTF_8, enc, Options::default());
        assert!(err.is_none(), "{l}");
        let rs = encoding_rs::Encoding::for_label(l.as_bytes()).unwrap();
        let (expected, _, unmappable) = rs.encode(text);
        assert!(!unmappable);
        assert_eq!(out, &*expected, "{l}");
    }
}

#[test]
fn strict_stops_at_the_first_malformed_sequence_with_its_place() {
    let input = b"line one\nab\xE2\x82z\n";
    let (out, err) = run(
        input,
        encoding::UTF_8,
        encoding::UTF_16LE,
        Options::default(),
    );
    let Some(TranscodeError::Malformed(m)) = err else {
        panic!("expected a malformed error, got {err:?}");
    };
    assert_eq!(m.malformed.offset(), 11);
    assert_eq!(m.malformed.hex(), "E2 82");
    assert_eq!(m.malformed.kind.as_str(), "truncated");
    assert_eq!((m.line, m.column), (2, 3));
    // Everything before it was written.
    let expected: Vec<u8> = "line one\nab"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn unmappable_is_named_with_its_index_and_offset() {
    let text = "ab\nc\u{e9}\u{20AC}d";
    let (out, err) = run(
        text.as_bytes(),
        encoding::UTF_8,
        label("windows-1251"),
        Options::default(),
    );
    let Some(TranscodeError::Unmappable(u)) = err else {
        panic!("expected an unmappable error, got {err:?}");
    };
    assert_eq!(u.ch, '\u{e9}');
    assert_eq!(u.index, 4);
    assert_eq!(u.offset, 4);
    assert!(u.exact);
    assert_eq!((u.line, u.column), (2, 2));
    assert_eq!(u.name, "LATIN SMALL LETTER E WITH ACUTE");
    assert_eq!(u.code_point, "U+00E9");
    assert_eq!(out, b"ab\nc");

    // From UTF-16LE the offset counts UTF-16 bytes.
    let utf16: Vec<u8> = text.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let (_, err) = run(
        &utf16,
        encoding::UTF_16LE,
        label("windows-1251"),
        Options::default(),
    );
    let Some(TranscodeError::Unmappable(u)) = err else {
        panic!("expected an unmappable error");
    };
    assert_eq!((u.offset, u.index), (8, 4));
}

#[test]
fn the_policies_write_what_they_promise() {
    let input = "a\u{20AC}b".as_bytes().to_vec();
    let cases = [
        (ErrorPolicy::Replace, &b"a?b"[..]),
        (ErrorPolicy::Skip, b"ab"),
        (ErrorPolicy::Html, b"a&#8364;b"),
        (ErrorPolicy::Escape, b"a\\u20ACb"),
    ];
    for (policy, expected) in cases {
        let (out, err) = run(&input, encoding::UTF_8, label("iso-8859-2"), lossy(policy));
        assert!(err.is_none());
        assert_eq!(out, expected, "{policy:?}");
    }
    // Beyond the BMP, escape writes a surrogate pair, as JSON does.
    let (out, _) = run(
        "\u{1F600}".as_bytes(),
        encoding::UTF_8,
        label("windows-1252"),
        lossy(ErrorPolicy::Escape),
    );
    assert_eq!(out, b"\\uD83D\\uDE00");

    // Malformed input: U+FFFD, or `?` where the target has none; escape keeps the bytes.
    let bad = b"x\xC0\xAFy";
    let (out, _) = run(
        bad,
        encoding::UTF_8,
        encoding::UTF_8,
        lossy(ErrorPolicy::Replace),
    );
    assert_eq!(out, "x\u{FFFD}\u{FFFD}y".as_bytes());
    let (out, _) = run(
        bad,
        encoding::UTF_8,
        label("windows-1252"),
        lossy(ErrorPolicy::Replace),
    );
    assert_eq!(out, b"x??y");
    let (out, _) = run(
        bad,
        encoding::UTF_8,
        label("windows-1252"),
        lossy(ErrorPolicy::Html),
    );
    assert_eq!(out, b"x&#65533;&#65533;y");
    let (out, _) = run(
        bad,
        encoding::UTF_8,
        encoding::UTF_8,
        lossy(ErrorPolicy::Skip),
    );
    assert_eq!(out, b"xy");
    let (out, _) = run(
        bad,
        encoding::UTF_8,
        encoding::UTF_8,
        lossy(ErrorPolicy::Escape),
    );
    assert_eq!(out, b"x\\xC0\\xAFy");
}

#[test]
fn replacements_are_counted() {
    let mut t = Transcoder::new(
        encoding::UTF_8,
        label("windows-1252"),
        lossy(ErrorPolicy::Replace),
    )
    .unwrap();
    let mut out = Vec::new();
    let first = ["\u{4e2d}a\u{FF}".as_bytes(), b"\xC0"].concat();
    t.transcode(&first, false, &mut out).unwrap();
    t.transcode(b"\xC0z", true, &mut out).unwrap();
    let s = t.stats();
    assert_eq!((s.malformed, s.unmappable, s.replacements), (2, 1, 3));
    assert_eq!(s.first_malformed, Some(6));
    assert_eq!(s.bytes_in, 9);
    assert_eq!(s.bytes_out, out.len() as u64);
}

#[test]
fn bom_keep_strip_add() {
    let with_bom = b"\xEF\xBB\xBFhi";
    let keep = run(
        with_bom,
        encoding::UTF_8,
        encoding::UTF_16LE,
        Options::default(),
    )
    .0;
    assert_eq!(keep, b"\xFF\xFEh\0i\0");
    let strip = run(
        with_bom,
        encoding::UTF_8,
        encoding::UTF_16LE,
        Options::default().with_bom(BomAction::Strip),
    )
    .0;
    assert_eq!(strip, b"h\0i\0");
    let add = run(
        b"hi",
        encoding::UTF_8,
        encoding::UTF_16BE,
        Options::default().with_bom(BomAction::Add),
    )
    .0;
    assert_eq!(add, b"\xFE\xFF\0h\0i");
    // Sniffing (--from auto): a UTF-16LE mark overrides UTF-8.
    let mut t = Transcoder::new(
        encoding::UTF_8,
        encoding::UTF_8,
        Options::default()
            .with_sniff_bom(true)
            .with_bom(BomAction::Strip),
    )
    .unwrap();
    let mut out = Vec::new();
    t.transcode(b"\xFF\xFEh\0i\0", true, &mut out).unwrap();
    assert_eq!(out, b"hi");
    assert_eq!(t.source(), encoding::UTF_16LE);
    // An empty input with --bom add is just the mark.
    let add_empty = run(
        b"",
        encoding::UTF_8,
        encoding::UTF_8,
        Options::default().with_bom(BomAction::Add),
    )
    .0;
    assert_eq!(add_empty, b"\xEF\xBB\xBF");
}

#[test]
fn newlines() {
    let input = b"a\r\nb\nc\rd\r";
    let lf = run(
        input,
        encoding::UTF_8,
        encoding::UTF_8,
        Options::default().with_newline(Newline::Lf),
    )
    .0;
    assert_eq!(lf, b"a\nb\nc\rd\r");
    let crlf = run(
        input,
        encoding::UTF_8,
        encoding::UTF_8,
        Options::default().with_newline(Newline::Crlf),
    )
    .0;
    assert_eq!(crlf, b"a\r\nb\r\nc\rd\r");
}

#[test]
fn normalization_across_chunk_edges() {
    let input = "cafe\u{301} Amélie, \u{1100}\u{1161}\u{11A8} A\u{30A}".as_bytes();
    let nfc = Options::default().with_normalize(Some(Form::Nfc));
    for cut in 0..=input.len() {
        let (out, err) = run_cut(input, encoding::UTF_8, encoding::UTF_8, nfc, &[cut]);
        assert!(err.is_none());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "café Amélie, \u{AC01} \u{C5}",
            "cut at {cut}"
        );
    }
}

fn any_error_policy() -> impl Strategy<Value = ErrorPolicy> {
    prop_oneof![
        Just(ErrorPolicy::Replace),
        Just(ErrorPolicy::Skip),
        Just(ErrorPolicy::Html),
        Just(ErrorPolicy::Escape),
        Just(ErrorPolicy::Strict),
    ]
}

fn any_options() -> impl Strategy<Value = Options> {
    (
        any_error_policy(),
        prop_oneof![
            Just(BomAction::Keep),
            Just(BomAction::Strip),
            Just(BomAction::Add)
        ],
        prop_oneof![Just(Newline::Keep), Just(Newline::Lf), Just(Newline::Crlf)],
        prop_oneof![
            Just(None),
            Just(Some(Form::Nfc)),
            Just(Some(Form::Nfd)),
            Just(Some(Form::Nfkc))
        ],
    )
        .prop_map(|(e, b, n, f)| {
            Options::default()
                .with_errors(e)
                .with_bom(b)
                .with_newline(n)
                .with_normalize(f)
        })
}

fn any_pair() -> impl Strategy<Value = (&'static str, &'static str)> {
    prop_oneof![
        Just(("utf-8", "utf-16le")),
        Just(("utf-8", "utf-8")),
        Just(("utf-16le", "utf-8")),
        Just(("utf-16be", "windows-1252")),
        Just(("windows-1252", "utf-8")),
        Just(("shift_jis", "utf-8")),
        Just(("utf-8", "shift_jis")),
        Just(("utf-8", "iso-2022-jp")),
        Just(("gb18030", "utf-32le")),
        Just(("utf-8", "windows-1251")),
    ]
}

/// Bytes that mix text of several scripts, combining marks, newlines and malformed bits.
fn any_input() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            Just(b"abc ".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\r".to_vec()),
            Just(b"\n".to_vec()),
            Just("é\u{301}".as_bytes().to_vec()),
            Just("Привет".as_bytes().to_vec()),
            Just("日本語".as_bytes().to_vec()),
            Just("\u{1F600}".as_bytes().to_vec()),
            Just("\u{FEFF}".as_bytes().to_vec()),
            Just(vec![0xC0]),
            Just(vec![0xE2, 0x82]),
            Just(vec![0x82, 0xA0]),
            Just(vec![0xFF, 0xFE]),
            any::<u8>().prop_map(|b| vec![b]),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

/// A result with what may depend on the chunking left out: when `--newline` or `--normalize`
/// changed the text, an unmappable character's place is that of the run holding it (documented
/// as inexact); its index and the character do not depend on it.
fn comparable((out, err): (Vec<u8>, Option<TranscodeError>)) -> (Vec<u8>, Option<TranscodeError>) {
    let err = err.map(|e| match e {
        TranscodeError::Unmappable(mut u) if !u.exact => {
            u.offset = 0;
            u.line = 0;
            u.column = 0;
            TranscodeError::Unmappable(u)
        }
        other => other,
    });
    (out, err)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any chunking gives the same output and the same error as one whole feed.
    #[test]
    fn any_chunking_gives_the_same_output(
        input in any_input(),
        (from, to) in any_pair(),
        options in any_options(),
        cuts in prop::collection::vec(0usize..200, 0..6),
    ) {
        let (from, to) = (label(from), label(to));
        let whole = comparable(run(&input, from, to, options));
        let cut = comparable(run_cut(&input, from, to, options, &cuts));
        prop_assert_eq!(&whole, &cut);
        // One byte at a time too.
        let every: Vec<usize> = (1..input.len()).collect();
        let bytewise = comparable(run_cut(&input, from, to, options, &every));
        prop_assert_eq!(&whole, &bytewise);
    }

    /// Valid UTF-8 to UTF-16LE is exactly std's encode_utf16, in any chunking.
    #[test]
    fn utf8_to_utf16le_matches_std(text in "\\PC{0,60}", cuts in prop::collection::vec(0usize..300, 0..4)) {
        let (out, err) = run_cut(text.as_bytes(), encoding::UTF_8, encoding::UTF_16LE, Options::default(), &cuts);
        prop_assert!(err.is_none());
        let expected: Vec<u8> = text.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        prop_assert_eq!(out, expected);
    }

    /// Any bytes as windows-1252, Shift_JIS or GBK: the lossy conversion to UTF-8 is
    /// encoding_rs's decode.
    #[test]
    fn legacy_to_utf8_matches_encoding_rs(bytes in prop::collection::vec(any::<u8>(), 0..200), which in 0usize..3) {
        let l = ["windows-1252", "shift_jis", "gbk"][which];
        let (out, err) = run(&bytes, label(l), encoding::UTF_8, lossy(ErrorPolicy::Replace).with_bom(BomAction::Strip));
        prop_assert!(err.is_none());
        let rs = encoding_rs::Encoding::for_label(l.as_bytes()).unwrap();
        let (expected, _) = rs.decode_without_bom_handling(&bytes);
        prop_assert_eq!(String::from_utf8(out).unwrap(), expected.into_owned());
    }

    /// Lossy UTF-8 to UTF-8 is std's from_utf8_lossy.
    #[test]
    fn utf8_replace_matches_std(bytes in prop::collection::vec(any::<u8>(), 0..200), cuts in prop::collection::vec(0usize..200, 0..4)) {
        let (out, _) = run_cut(&bytes, encoding::UTF_8, encoding::UTF_8, lossy(ErrorPolicy::Replace).with_bom(BomAction::Strip), &cuts);
        let mut expected = String::from_utf8_lossy(&bytes).into_owned();
        if bytes.starts_with(b"\xEF\xBB\xBF") {
            expected.remove(0);
        }
        prop_assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}

proptest! {
    /// Into single-byte targets (encoded through charscope's table), the html policy writes
    /// exactly what encoding_rs's encode writes (it substitutes decimal references too).
    #[test]
    fn single_byte_targets_match_encoding_rs(
        text in "[a-zé€ЖжЪ\u{2116}ął\u{1F600}\u{FFFD} \n]{0,40}",
        which in 0usize..5,
    ) {
        let l = ["windows-1251", "windows-1252", "koi8-r", "iso-8859-2", "x-user-defined"][which];
        let (out, err) = run(text.as_bytes(), encoding::UTF_8, label(l), lossy(ErrorPolicy::Html));
        prop_assert!(err.is_none());
        let rs = encoding_rs::Encoding::for_label(l.as_bytes()).unwrap();
        let (expected, _, _) = rs.encode(&text);
        prop_assert_eq!(out, expected.into_owned());
    }
}

/// The encodings beyond WHATWG are targets too, as `encode` writes them; substitutes go through
/// an EBCDIC table ('?' is 6F there, not 3F), and the stateful ones are refused, not garbled.
#[test]
fn targets_beyond_whatwg_match_encode() {
    let text = "caf\u{E9} \u{20AC} \u{D55C}\n";
    for name in ["ibm437", "ibm1047", "cesu-8", "johab", "euc-tw"] {
        let to = label(name);
        let (out, err) = run(
            text.as_bytes(),
            encoding::UTF_8,
            to,
            lossy(ErrorPolicy::Replace),
        );
        assert!(err.is_none(), "{name}");
        let expected =
            charscope::encode::encode(text, to, false, charscope::encode::Substitute::Question)
                .unwrap()
                .bytes;
        assert_eq!(out, expected, "{name}");
    }
    let (out, _) = run(
        "\u{20AC}".as_bytes(),
        encoding::UTF_8,
        label("ibm1047"),
        lossy(ErrorPolicy::Replace),
    );
    assert_eq!(out, [0x6F]);
    for name in ["utf-7", "true-iso-2022-kr"] {
        assert!(
            Transcoder::new(encoding::UTF_8, label(name), Options::default()).is_err(),
            "{name}"
        );
    }
}

/// Transcodes `input` as `convert` feeds it: a small first chunk, then chunks of `chunk` bytes
/// through [`Transcoder::transcode_parallel`] (two threads where a chunk can be cut), and
/// returns the output, the error and the counts.
fn run_parallel(
    input: &[u8],
    from: &'static Encoding,
    to: &'static Encoding,
    options: Options,
    chunk: usize,
    parallel: bool,
) -> (Vec<u8>, Option<TranscodeError>, charscope::transcode::Stats) {
    let mut t = Transcoder::new(from, to, options).unwrap();
    let mut out = Vec::new();
    let head = input.len().min(64);
    let mut err = t.transcode(&input[..head], false, &mut out).err();
    let mut at = head;
    while err.is_none() {
        let end = (at + chunk).min(input.len());
        let last = end == input.len();
        let piece = &input[at..end];
        let result = if parallel {
            t.transcode_parallel(piece, last, &mut out)
        } else {
            t.transcode(piece, last, &mut out)
        };
        err = result.err();
        at = end;
        if last {
            break;
        }
    }
    (out, err, t.stats())
}

/// Every error policy, with the byte order mark kept or added, and no newline or normalization
/// transform (which keeps a conversion on one thread).
fn any_policy_and_bom() -> impl Strategy<Value = Options> {
    (
        any_error_policy(),
        prop_oneof![Just(BomAction::Keep), Just(BomAction::Add)],
    )
        .prop_map(|(errors, bom)| Options::default().with_errors(errors).with_bom(bom))
}

/// Large inputs (the two-thread path starts at 256 KiB) built from a random pattern repeated,
/// with random bytes written over it in random places: text of several scripts with newlines,
/// malformed bits and characters some targets cannot encode.
fn any_large_input() -> impl Strategy<Value = Vec<u8>> {
    (
        any_input(),
        prop::collection::vec((0usize..600_000, any::<u8>()), 0..6),
        300_000usize..600_000,
    )
        .prop_map(|(pattern, flips, len)| {
            let pattern = if pattern.is_empty() {
                b"x\n".to_vec()
            } else {
                pattern
            };
            let mut bytes: Vec<u8> = pattern.iter().copied().cycle().take(len).collect();
            for (at, b) in flips {
                if let Some(slot) = bytes.get_mut(at) {
                    *slot = b;
                }
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Two threads give the output, the error (offset, line, column, index) and the counts of
    /// one, for every source that may be cut and every policy.
    #[test]
    fn two_threads_give_what_one_gives(
        input in any_large_input(),
        (from, to) in any_pair(),
        options in any_policy_and_bom(),
        chunk in 262_144usize..400_000,
    ) {
        let (from, to) = (label(from), label(to));
        let one = run_parallel(&input, from, to, options, chunk, false);
        let two = run_parallel(&input, from, to, options, chunk, true);
        prop_assert_eq!(&one.1, &two.1);
        prop_assert_eq!(&one.2, &two.2);
        let first = one.0.iter().zip(&two.0).position(|(a, b)| a != b);
        prop_assert!(
            one.0 == two.0,
            "outputs differ ({} and {} bytes), first at {:?}: {:?} / {:?}",
            one.0.len(),
            two.0.len(),
            first,
            first.map(|i| String::from_utf8_lossy(&one.0[i.saturating_sub(12)..(i + 12).min(one.0.len())]).into_owned()),
            first.map(|i| String::from_utf8_lossy(&two.0[i.saturating_sub(12)..(i + 12).min(two.0.len())]).into_owned()),
        );
    }
}

/// Transcodes `input` read as a source at any offset (`Transcoder::transcode_source`, two
/// threads reading and converting alternate chunks of `chunk` bytes); returns the output, the
/// error, the counts and the progress reported with each write (which must only grow).
fn run_source(
    input: &[u8],
    from: &'static Encoding,
    to: &'static Encoding,
    options: Options,
    chunk: usize,
) -> (
    Vec<u8>,
    Option<TranscodeError>,
    charscope::transcode::Stats,
    Vec<u64>,
) {
    let mut t = Transcoder::new(from, to, options).unwrap();
    let mut out = Vec::new();
    let mut progress = Vec::new();
    let result = t.transcode_source(input, chunk, &mut |bytes, read| {
        out.extend_from_slice(bytes);
        progress.push(read);
        Ok(())
    });
    let err = match result {
        Ok(()) => None,
        Err(charscope::transcode::SourceError::Transcode(e)) => Some(e),
        Err(other) => panic!("a slice cannot fail to be read or written: {other:?}"),
    };
    (out, err, t.stats(), progress)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A source read and converted by two threads gives the output, the error (offset, line,
    /// column, index) and the counts of one transcoder fed it whole, for every pair and policy.
    #[test]
    fn a_source_on_two_threads_gives_what_one_call_gives(
        input in any_large_input(),
        (from, to) in any_pair(),
        options in any_policy_and_bom(),
        chunk in 131_072usize..200_000,
    ) {
        let (from, to) = (label(from), label(to));
        let mut t = Transcoder::new(from, to, options).unwrap();
        let mut whole = Vec::new();
        let err = t.transcode(&input, true, &mut whole).err();
        let (out, source_err, stats, progress) = run_source(&input, from, to, options, chunk);
        prop_assert_eq!(&err, &source_err);
        // After a strict stop, "read" counts what was fed, which depends on the chunks.
        let fed = |s: charscope::transcode::Stats| charscope::transcode::Stats {
            bytes_in: if err.is_some() { 0 } else { s.bytes_in },
            ..s
        };
        prop_assert_eq!(fed(t.stats()), fed(stats));
        prop_assert!(progress.windows(2).all(|w| w[0] <= w[1]));
        if err.is_none() {
            prop_assert_eq!(progress.last().copied(), Some(input.len() as u64));
        }
        let first = whole.iter().zip(&out).position(|(a, b)| a != b);
        prop_assert!(
            whole == out,
            "outputs differ ({} and {} bytes), first at {:?}",
            whole.len(),
            out.len(),
            first,
        );
    }
}

/// The library says which targets a transcoder can write (what `convert` and the fuzz target
/// ask): every one it says can be written as a stream makes a transcoder, the others do not.
#[test]
fn the_targets_that_stream_are_those_a_transcoder_takes() {
    let mut refused = Vec::new();
    for to in charscope::encoding::all() {
        let made = Transcoder::new(charscope::encoding::UTF_8, to, Options::default());
        assert_eq!(made.is_ok(), to.can_encode_stream(), "{to}");
        if made.is_err() {
            refused.push(to.name());
        }
    }
    assert_eq!(refused, ["replacement", "UTF-7", "true-ISO-2022-KR"]);
}

/// [`run_cut`], with the transcoder's counts at the end.
fn run_cut_counting(
    input: &[u8],
    (from, to): (&'static Encoding, &'static Encoding),
    options: Options,
    cuts: &[usize],
) -> (Vec<u8>, Option<TranscodeError>, charscope::transcode::Stats) {
    let mut cuts: Vec<usize> = cuts.iter().map(|&c| c.min(input.len())).collect();
    cuts.sort_unstable();
    let mut t = Transcoder::new(from, to, options).unwrap();
    let mut out = Vec::new();
    let mut at = 0;
    for &c in &cuts {
        if let Err(e) = t.transcode(&input[at..c], false, &mut out) {
            return (out, Some(e), t.stats());
        }
        at = c;
    }
    let err = t.transcode(&input[at..], true, &mut out).err();
    (out, err, t.stats())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// UTF-8 -> UTF-16LE and UTF-16LE -> UTF-8 take the direct path on every valid chunk past
    /// the first: in any chunking the output, the error (with its line and column) and the
    /// counts (of a run that ends) are those of one whole feed, which the direct path never
    /// takes.
    #[test]
    fn the_direct_path_gives_what_the_general_path_gives(
        text in "(\\PC|\n){0,200}",
        noise in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        to_utf16 in any::<bool>(),
        policy in any_error_policy(),
        cuts in prop::collection::vec(0usize..900, 0..8),
    ) {
        let mut input: Vec<u8> = if to_utf16 {
            text.clone().into_bytes()
        } else {
            text.encode_utf16().flat_map(u16::to_le_bytes).collect()
        };
        for (at, byte) in noise {
            if !input.is_empty() {
                let i = at.index(input.len());
                input[i] = byte;
            }
        }
        let pair = if to_utf16 {
            (encoding::UTF_8, label("utf-16le"))
        } else {
            (label("utf-16le"), encoding::UTF_8)
        };
        let options = lossy(policy);
        let whole = run_cut_counting(&input, pair, options, &[]);
        let cut = run_cut_counting(&input, pair, options, &cuts);
        prop_assert_eq!((&whole.0, &whole.1), (&cut.0, &cut.1));
        // After a strict stop the bytes read count what was fed.
        if whole.1.is_none() {
            prop_assert_eq!(whole.2, cut.2);
        }
    }
}
