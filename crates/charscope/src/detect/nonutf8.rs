//! Bytes that are not valid UTF-8: UTF-8 whose few malformed sequences are named, lines in two
//! encodings (segments), or a legacy encoding chosen by statistics.

use super::detection::{Alternative, Detection, Segment};
use super::legacy::{self, Reading};
use super::sample::WordSample;
use super::utf8_shape::{self, Utf8Shape};
use super::words::{count, counted};
use crate::encoding;

/// What the detector gathered about a stream that is not valid UTF-8.
pub(super) struct Evidence<'a> {
    /// The first bytes, kept whole.
    pub prefix: &'a [u8],
    /// How many bytes the stream has.
    pub total: u64,
    /// What the UTF-8 decoder said about the stream.
    pub shape: &'a Utf8Shape,
    /// The words that are neither ASCII nor valid UTF-8.
    pub words: &'a WordSample,
    /// Where the stream was settled, if it was (the rest only counted).
    pub settled_at: Option<u64>,
}

/// A reading scoring at least this many bits per character (against typical text) is plausible.
const PLAUSIBLE: f64 = -3.0;
/// Below this many bits per character (against typical text), no reading is called text.
const UNKNOWN_BELOW: f64 = -9.0;
/// How many bytes from the start the readings as UTF-8 and as the best legacy encoding are
/// compared over, for input that is UTF-8 but for a few sequences.
const COMPARED: usize = 4096;

/// The verdict on bytes that are not valid UTF-8.
pub(super) fn verdict(ev: &Evidence) -> Detection {
    if let Some(d) = overlongs(ev) {
        return d;
    }
    let ranking = legacy::rank(&ev.words.bytes, legacy::candidate_list());
    if let Some(d) = segments(ev, &ranking) {
        return d;
    }
    if let Some(d) = utf8_with_errors(ev, &ranking) {
        return d;
    }
    statistics(ev, &ranking)
}

/// The alternatives after the first `skip` readings, their confidences times `scale`.
fn alternatives(ev: &Evidence, ranking: &[Reading], skip: usize, scale: f64) -> Vec<Alternative> {
    let best = ranking.first();
    let origin = |at: usize| ev.words.origin(at);
    ranking
        .iter()
        .skip(skip)
        .take(4)
        .filter(|r| r.confidence * scale >= 0.0005 || skip == 0)
        .map(|r| Alternative {
            encoding: r.encoding,
            confidence: round(r.confidence * scale),
            reasons: legacy::reasons(r, best.filter(|b| b.encoding != r.encoding), &origin),
        })
        .collect()
}

/// "N words are neither ASCII nor valid UTF-8; the first M were read".
fn sample_note(words: &WordSample) -> String {
    let read = words.origins.len() as u64;
    format!(
        "{} words are neither ASCII nor valid UTF-8{}",
        count(words.seen),
        if words.seen > read {
            format!("; the first {} were read", count(read))
        } else {
            String::new()
        }
    )
}

/// The first malformed UTF-8 sequence, in words.
fn first_bad(shape: &Utf8Shape) -> Option<String> {
    shape.first_malformed.first().map(|m| {
        format!(
            "{} at byte {} is not valid UTF-8 ({})",
            m.hex(),
            m.offset(),
            m.kind
        )
    })
}

/// Every malformed sequence is an overlong form of an ASCII symbol (`/` as C0 AF, `.` as
/// E0 80 AE): UTF-8, the overlongs named. These are the forms used to slip `../` past a filter
/// that looks for the plain bytes; no legacy text is made of them alone.
fn overlongs(ev: &Evidence) -> Option<Detection> {
    let found = utf8_shape::only_overlong_ascii(ev.prefix)?;
    let covered: u64 = found.iter().map(|o| o.len as u64).sum();
    if covered != ev.shape.malformed {
        return None;
    }
    let first = &found[0];
    let reasons = vec![
        format!(
            "{} at byte {} is an overlong UTF-8 form of {:?} (U+{:04X}), a longer sequence than \
             UTF-8 allows, used to slip characters such as / and . past filters",
            crate::decode::hex_pairs(&ev.prefix[first.offset..first.offset + first.len]),
            first.offset,
            first.ch,
            u32::from(first.ch)
        ),
        format!(
            "every malformed sequence ({}) belongs to {}: UTF-8 with its overlongs named",
            count(ev.shape.malformed),
            counted(found.len() as u64, "overlong form", "overlong forms")
        ),
    ];
    let ranking = legacy::rank(&ev.words.bytes, legacy::candidate_list());
    let confidence = 0.95;
    Some(Detection::utf8_with_errors(
        confidence,
        reasons,
        alternatives(ev, &ranking, 0, 1.0 - confidence),
    ))
}

/// Lines of valid UTF-8 beside lines that are not: segments.
fn segments(ev: &Evidence, ranking: &[Reading]) -> Option<Detection> {
    let shape = ev.shape;
    let utf8_evidence: u64 = shape
        .lines
        .runs
        .iter()
        .filter(|r| r.utf8)
        .map(|r| r.evidence)
        .sum();
    let b = ranking.first()?;
    if shape.lines.fragmented || shape.lines.runs.len() < 2 || utf8_evidence < 3 {
        return None;
    }
    let segments: Vec<Segment> = shape
        .lines
        .runs
        .iter()
        .map(|r| Segment {
            offset: r.start,
            length: r.end - r.start,
            encoding: if r.utf8 { encoding::UTF_8 } else { b.encoding },
        })
        .collect();
    let utf8_bytes: u64 = segments
        .iter()
        .filter(|s| s.encoding == encoding::UTF_8)
        .map(|s| s.length)
        .sum();
    let main = if utf8_bytes * 2 >= ev.total {
        encoding::UTF_8
    } else {
        b.encoding
    };
    let mut reasons = vec![format!(
        "the encoding changes part way: {} stretches of lines, {} of them valid UTF-8 ({} \
         characters beyond ASCII) and {} with {} malformed UTF-8 sequences that read as {}",
        segments.len(),
        shape.lines.runs.iter().filter(|r| r.utf8).count(),
        count(utf8_evidence),
        shape.lines.runs.iter().filter(|r| !r.utf8).count(),
        count(shape.malformed),
        b.encoding
    )];
    reasons.extend(first_bad(shape));
    reasons.extend(legacy::reasons(b, None, &|at| ev.words.origin(at)));
    Some(Detection::segmented(
        main,
        round(b.confidence),
        b.score.language(),
        reasons,
        alternatives(ev, ranking, 1, 1.0),
        segments,
    ))
}

/// Malformed UTF-8 that still has its shape and no plausible legacy reading; or valid UTF-8
/// but for a few sequences, whose reading as UTF-8 is more plausible than the best legacy one.
fn utf8_with_errors(ev: &Evidence, ranking: &[Reading]) -> Option<Detection> {
    let shape = ev.shape;
    let best = ranking.first();
    let shaped = shape.shaped * 10 >= shape.high_bytes * 9;
    let plausible = best.is_some_and(|b| b.score.per_char() >= PLAUSIBLE);
    let mostly_valid = shape.multibyte >= 10 * shape.malformed;
    let (confidence, reason) = if mostly_valid {
        (
            0.95,
            format!(
                "{} characters beyond ASCII are valid UTF-8 and only {} sequences are malformed: \
                 UTF-8 with errors, each named",
                count(shape.multibyte),
                count(shape.malformed)
            ),
        )
    } else if shaped && !plausible {
        (
            0.9,
            format!(
                "{} of {} bytes above 7F stand in UTF-8-shaped sequences (a lead byte C0-FF \
                 followed by continuation bytes 80-BF), and no legacy encoding reads them as \
                 plausible text: UTF-8 with {} malformed sequences",
                count(shape.shaped),
                count(shape.high_bytes),
                count(shape.malformed)
            ),
        )
    } else {
        few_faults(ev, best?)?
    };
    let mut reasons = vec![reason];
    reasons.extend(first_bad(shape));
    Some(Detection::utf8_with_errors(
        round(confidence),
        reasons,
        alternatives(ev, ranking, 0, 1.0 - confidence),
    ))
}

/// Bits each valid multi-byte UTF-8 sequence weighs for UTF-8 against a single-byte reading, and
/// [`VALID_SEQUENCE_BITS`] / 2 more for each continuation byte past the first: in legacy text
/// such a sequence is a capital letter or a lead byte followed by bytes of 80-BF, a run the
/// letter model of one reading does not see as rare as it is.
const VALID_SEQUENCE_BITS: f64 = 32.0;

/// Valid UTF-8 characters beside a few malformed sequences (a word in windows-1252, a stray
/// byte, a cut character): the first bytes read as UTF-8, each malformed sequence paying its
/// U+FFFD and [`legacy::MALFORMED_BITS`] and each valid multi-byte sequence weighing
/// [`VALID_SEQUENCE_BITS`], against the same bytes read in `best`'s encoding. Gives the
/// confidence and the reason when UTF-8 reads better.
fn few_faults(ev: &Evidence, best: &Reading) -> Option<(f64, String)> {
    let shape = ev.shape;
    if shape.multibyte == 0 || (shape.malformed > 2 * shape.multibyte && shape.malformed > 3) {
        return None;
    }
    let mut end = ev.prefix.len().min(COMPARED);
    if end < ev.prefix.len() {
        while end > 0 && ev.prefix[end] >= 0x80 {
            end -= 1;
        }
    }
    let window = &ev.prefix[..end];
    // In the text of a multi-byte legacy encoding, lead and trail bytes make valid UTF-8
    // sequences by chance far more often: there they weigh half.
    let credit = if best.encoding.is_single_byte() {
        VALID_SEQUENCE_BITS
    } else {
        VALID_SEQUENCE_BITS / 2.0
    };
    let decoded = crate::decode::decode(window, encoding::UTF_8).text;
    let weight: f64 = decoded
        .chars()
        .filter(|&c| !c.is_ascii() && c != char::REPLACEMENT_CHARACTER)
        .map(|c| credit * (c.len_utf8() as f64) / 2.0)
        .sum();
    let (text, runs) = one_mark_per_run(&decoded);
    let as_utf8 =
        crate::plausibility::score(&text).total() - legacy::MALFORMED_BITS * runs as f64 + weight;
    let as_legacy = legacy::reading_total(window, best.encoding);
    if as_utf8 < as_legacy {
        return None;
    }
    let raw = legacy::share(as_utf8 - as_legacy);
    let confidence = legacy::calibrate(raw, shape.high_bytes);
    Some((
        confidence,
        format!(
            "{} beyond ASCII are valid UTF-8 and {} malformed; read as UTF-8 (each valid \
             multi-byte sequence weighing {VALID_SEQUENCE_BITS:.0} bits), the first {} bytes are \
             {:.0} bits more plausible than as {}: UTF-8 with errors, each named",
            counted(shape.multibyte, "character", "characters"),
            counted(shape.malformed, "sequence is", "sequences are"),
            count(window.len() as u64),
            as_utf8 - as_legacy,
            best.encoding
        ),
    ))
}

/// `text` with each run of U+FFFD made one, and how many runs there are: a fault is a run of
/// malformed sequences (a word written in windows-1252 breaks into one per accented letter,
/// and those letters often stand together), whatever number of sequences it breaks into.
fn one_mark_per_run(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut runs = 0;
    let mut in_run = false;
    for c in text.chars() {
        let bad = c == char::REPLACEMENT_CHARACTER;
        if !(bad && in_run) {
            out.push(c);
        }
        runs += usize::from(bad && !in_run);
        in_run = bad;
    }
    (out, runs)
}

/// The legacy encoding whose reading is most plausible, or no encoding when none is text.
fn statistics(ev: &Evidence, ranking: &[Reading]) -> Detection {
    let Some(b) = ranking.first() else {
        return Detection::unknown(vec![sample_note(ev.words)], Vec::new());
    };
    let mut reasons = Vec::new();
    if b.score.per_char() < UNKNOWN_BELOW {
        reasons.push(format!(
            "no encoding reads these bytes as plausible text: the best, {}, scores {:.1} bits \
             per character below typical text",
            b.encoding,
            -b.score.per_char()
        ));
        reasons.extend(first_bad(ev.shape));
        reasons.push(sample_note(ev.words));
        return Detection::unknown(reasons, alternatives(ev, ranking, 0, 1.0));
    }
    reasons.extend(legacy::reasons(b, None, &|at| ev.words.origin(at)));
    reasons.extend(first_bad(ev.shape));
    reasons.push(sample_note(ev.words));
    if let Some(at) = ev.settled_at {
        reasons.push(format!(
            "the first {} bytes settled it (malformed UTF-8, no valid multi-byte character); \
             the other {} were counted, not read",
            count(at),
            count(ev.total - at)
        ));
    }
    let confidence = round(b.confidence);
    if confidence < super::detection::LIKELY_FROM {
        reasons.insert(
            0,
            format!(
                "uncertain: {} could not separate the candidates; {} is the best guess",
                counted(b.evidence as u64, "byte above 7F", "bytes above 7F"),
                b.encoding
            ),
        );
    }
    Detection::statistical(
        b.encoding,
        confidence,
        b.score.language(),
        reasons,
        alternatives(ev, ranking, 1, 1.0),
    )
}

pub(super) fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
