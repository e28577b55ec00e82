//! Legacy encodings ranked by how plausible each reading of the sample is as human text.

use super::prune;
use super::texts::{self, Texts};
use super::words::{count, hex_byte, language_name};
use crate::decode::{self, MalformedKind};
use crate::encoding::{self, Encoding};
use crate::plausibility::TextScore;
use std::rc::Rc;
use std::sync::OnceLock;

/// The encodings detection considers for bytes that are neither UTF-8 nor structurally certain.
pub fn candidates() -> Vec<&'static Encoding> {
    candidate_list().to_vec()
}

/// [`candidates`], chosen once.
pub(super) fn candidate_list() -> &'static [&'static Encoding] {
    static LIST: OnceLock<Vec<&'static Encoding>> = OnceLock::new();
    LIST.get_or_init(chosen)
}

fn chosen() -> Vec<&'static Encoding> {
    encoding::all()
        .filter(|e| {
            !e.is_unicode()
                && e.can_encode()
                && *e != encoding::X_USER_DEFINED
                && *e != encoding::TRUE_US_ASCII
                && !matches!(
                    e.name(),
                    // Same decoding as another candidate, or stateful 7-bit (found by structure),
                    // or not ASCII-compatible (EBCDIC).
                    "ISO-8859-8-I" | "gb18030" | "ISO-2022-JP" | "IBM037" | "IBM500" | "IBM1047"
                )
                && !e.name().contains("2022")
                && !e.name().eq_ignore_ascii_case("UTF-7")
                && !e.name().eq_ignore_ascii_case("CESU-8")
        })
        .collect()
}

/// How common an encoding is, as bits subtracted from its score: it only decides near ties.
fn prior(e: &'static Encoding) -> f64 {
    match e.name() {
        "windows-1252" | "UTF-8" => 0.0,
        "GBK" | "Big5" | "Shift_JIS" | "EUC-JP" | "EUC-KR" => 0.0,
        "Johab" | "EUC-TW" => 3.0,
        n if n.starts_with("windows-") => 1.0,
        n if n.starts_with("ISO-8859-") || n.starts_with("KOI8") => 2.0,
        "true-ISO-8859-1" => 3.0,
        "IBM866" | "x-mac-cyrillic" | "macintosh" => 3.0,
        _ => 4.0,
    }
}

/// One encoding's reading of the sample.
#[derive(Clone, Debug)]
pub(super) struct Reading {
    pub encoding: &'static Encoding,
    /// Other encodings that read the sample to exactly the same text.
    pub same_text: Vec<&'static Encoding>,
    pub score: TextScore,
    pub malformed: usize,
    /// The first malformed sequence: (offset in the sample, its bytes, its kind).
    pub first_malformed: Option<(usize, Vec<u8>, MalformedKind)>,
    /// The first control character the reading has: (offset in the sample, the byte).
    pub first_control: Option<(usize, u8)>,
    /// Plausibility total minus penalties, in bits.
    pub total: f64,
    pub confidence: f64,
    /// The share of this reading before calibration (the confidence is calibrated from it).
    pub raw: f64,
    /// How many bytes above 7F the scored sample has: the amount of evidence.
    pub evidence: usize,
}

/// Bits for each malformed sequence on top of its U+FFFD.
pub(super) const MALFORMED_BITS: f64 = 8.0;
/// The cuts of the sample (each to the end of a word) scored in turn by the readings still in
/// the race: most inputs are settled by their first few hundred bytes of evidence, and no
/// reading is scored past the last (the bounded sample).
const STAGES: [usize; 4] = [128, 1024, 4096, super::sample::WORDS];
/// How many readings of distinct text each stage lets on to the next, at most.
const STAGE_KEEP: [usize; 4] = [8, 4, 3, 3];
/// A reading this many bits behind the best of a stage leaves the race (two readings of
/// distinct text always stay, for the confidence and the alternatives).
const DROP_BEHIND: f64 = 40.0;
/// The race ends once the best reading leads every other by this many bits.
const SETTLED: f64 = 120.0;
/// Temperature of the confidence (bits): differences between readings are divided by it.
const TEMPERATURE: f64 = 6.0;

/// A reading and its text (readings of one race compare texts by [`texts::same`]).
type Read = (Reading, Rc<str>);

/// `enc`'s reading of `sample`, which has `evidence` bytes above 7F.
fn read(sample: &[u8], enc: &'static Encoding, texts: &mut Texts, evidence: usize) -> Read {
    let decoded = texts.read(sample, enc);
    let score = decoded.score;
    let malformed = decoded.malformed;
    let total = score.total()
        - prior(enc)
        - MALFORMED_BITS * malformed as f64
        - if only_halfwidth(enc, &decoded.text) {
            HALFWIDTH_ONLY_BITS
        } else {
            0.0
        };
    let first_malformed = decoded.first_malformed.map(|(s, e, kind)| {
        let e = e.min(sample.len());
        (s, sample[s..e].to_vec(), kind)
    });
    (
        Reading {
            encoding: enc,
            same_text: Vec::new(),
            score,
            malformed,
            first_malformed,
            first_control: None,
            total,
            confidence: 0.0,
            raw: 0.0,
            evidence,
        },
        decoded.text,
    )
}

/// How many bytes above 7F `bytes` has.
fn high_bytes(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b >= 0x80).count()
}

/// Bits against a Japanese reading whose only characters beyond ASCII are half-width katakana
/// (bytes A1-DF one at a time in Shift_JIS): Japanese text has kanji or full-width kana too, while
/// a stray A3 (£ in windows-1252) or B0 (°) reads as one of them. A flat amount: it decides only
/// where the evidence is a few bytes.
const HALFWIDTH_ONLY_BITS: f64 = 8.0;

/// Whether `text`, read as Shift_JIS or EUC-JP, has half-width katakana and nothing else
/// beyond ASCII.
fn only_halfwidth(enc: &'static Encoding, text: &str) -> bool {
    if !matches!(enc.name(), "Shift_JIS" | "EUC-JP") {
        return false;
    }
    let mut beyond = text.chars().filter(|c| !c.is_ascii()).peekable();
    beyond.peek().is_some() && beyond.all(|c| ('\u{FF61}'..='\u{FF9F}').contains(&c))
}

/// Ranks the candidates' readings of `sample`, best first, readings of identical text merged
/// (the more common encoding named), with confidences that sum to 1. Candidates are pruned on
/// the sample's byte statistics, then race over growing cuts of it ([`STAGES`]).
pub(super) fn rank(sample: &[u8], candidates: &[&'static Encoding]) -> Vec<Reading> {
    if sample.is_empty() {
        return Vec::new();
    }
    let sample = &sample[..word_cut(sample, STAGES[STAGES.len() - 1])];
    let mut alive = prune::by_bytes(sample, candidates);
    let mut texts = Texts::default();
    for (stage, &size) in STAGES.iter().enumerate() {
        let cut = &sample[..word_cut(sample, size)];
        let evidence = high_bytes(cut);
        let mut readings: Vec<Read> = alive
            .iter()
            .map(|&e| read(cut, e, &mut texts, evidence))
            .collect();
        if cut.len() == sample.len() || stage + 1 == STAGES.len() {
            return finish(cut, readings);
        }
        let (next, group, settled) = survivors(&mut readings, STAGE_KEEP[stage]);
        if settled && best_text_holds(sample, &group) {
            // The readings of this cut that go on are the ones the race ends with.
            readings.retain(|(r, _)| next.contains(&r.encoding));
            return finish(cut, readings);
        }
        alive = next;
    }
    Vec::new()
}

/// [`rank`] without pruning nor race: every candidate's reading of the bounded sample.
pub(super) fn rank_all(sample: &[u8], candidates: &[&'static Encoding]) -> Vec<Reading> {
    let sample = &sample[..word_cut(sample, STAGES[STAGES.len() - 1])];
    let mut texts = Texts::default();
    let evidence = high_bytes(sample);
    let readings = candidates
        .iter()
        .map(|&e| read(sample, e, &mut texts, evidence));
    finish(sample, readings.collect())
}

/// Where a cut at `max` bytes ends: at the end of the word it falls in.
fn word_cut(sample: &[u8], max: usize) -> usize {
    let mut cut = sample.len().min(max);
    while cut < sample.len() && sample[cut - 1] != b' ' {
        cut += 1;
    }
    cut
}

/// Whether the encodings that read the cut as the best text (`group`) also read the whole
/// sample alike: otherwise a byte further on (€ in ISO-8859-15, Ά in ISO-8859-7) still tells
/// them apart, and the race goes on.
fn best_text_holds(sample: &[u8], group: &[&'static Encoding]) -> bool {
    let mut texts = group.iter().map(|&e| decode::decode(sample, e).text);
    let first = texts.next();
    texts.all(|t| Some(t) == first)
}

/// What a stage lets on: the encodings, those that read the best text, and whether the best is
/// settled.
type Survivors = (Vec<&'static Encoding>, Vec<&'static Encoding>, bool);

/// The encodings whose readings go on to the next stage: the best `keep` distinct texts within
/// [`DROP_BEHIND`] bits of the best (and the two best always), each with every encoding that
/// reads the same text; the encodings of the best text; and whether the best is settled
/// ([`SETTLED`] bits ahead of the rest).
fn survivors(readings: &mut [Read], keep: usize) -> Survivors {
    readings.sort_by(|a, b| b.0.total.total_cmp(&a.0.total));
    let best = readings.first().map_or(0.0, |r| r.0.total);
    let mut texts: Vec<&Rc<str>> = Vec::new();
    let mut out = Vec::new();
    for (r, text) in readings.iter() {
        let known = texts.iter().any(|t| texts::same(t, text));
        if !known {
            if texts.len() >= keep.max(2) || (texts.len() >= 2 && r.total < best - DROP_BEHIND) {
                continue;
            }
            texts.push(text);
        }
        out.push(r.encoding);
    }
    let is_best = |t: &Rc<str>| texts.first().is_some_and(|b| texts::same(b, t));
    let second = readings.iter().find(|(_, t)| !is_best(t));
    let settled = second.is_none_or(|(r, _)| best - r.total >= SETTLED);
    let group = readings
        .iter()
        .filter(|(_, t)| is_best(t))
        .map(|(r, _)| r.encoding)
        .collect();
    (out, group, settled)
}

/// The readings of the last cut merged by text, ranked, and given calibrated confidences.
fn finish(sample: &[u8], readings: Vec<Read>) -> Vec<Reading> {
    // Same text: keep the most common encoding's reading, remember the others.
    let mut keyed: Vec<(f64, usize, Read)> = readings
        .into_iter()
        .map(|r| (prior(r.0.encoding), position(r.0.encoding), r))
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let mut merged: Vec<Read> = Vec::new();
    for (_, _, (reading, text)) in keyed {
        match merged.iter_mut().find(|(_, t)| texts::same(t, &text)) {
            Some((kept, _)) => kept.same_text.push(reading.encoding),
            None => merged.push((reading, text)),
        }
    }
    let mut out: Vec<Reading> = merged
        .into_iter()
        .map(|(mut r, text)| {
            r.first_control = first_control(sample, &text);
            r
        })
        .collect();
    out.sort_by(|a, b| b.total.total_cmp(&a.total));
    confide(&mut out);
    out
}

/// Confidences: each reading's share (2 to the power of its bits behind the best, over
/// [`TEMPERATURE`]), the best's calibrated ([`calibrate`]) and the others scaled to sum to 1.
fn confide(out: &mut [Reading]) {
    let best = out.first().map_or(0.0, |r| r.total);
    let weights: Vec<f64> = out
        .iter()
        .map(|r| ((r.total - best) / TEMPERATURE).exp2())
        .collect();
    let sum: f64 = weights.iter().sum();
    for (r, w) in out.iter_mut().zip(weights) {
        r.confidence = w / sum;
        r.raw = r.confidence;
    }
    if let Some((raw, evidence)) = out.first().map(|r| (r.confidence, r.evidence)) {
        let calibrated = calibrate(raw, evidence as u64);
        let rest = if raw < 1.0 {
            (1.0 - calibrated) / (1.0 - raw)
        } else {
            0.0
        };
        for (i, r) in out.iter_mut().enumerate() {
            r.confidence = if i == 0 {
                calibrated
            } else {
                r.confidence * rest
            };
        }
    }
}

/// The share of the better of two readings `diff` bits apart, before calibration.
pub(super) fn share(diff: f64) -> f64 {
    1.0 / (1.0 + (-diff / TEMPERATURE).exp2())
}

/// Logistic calibration of the best reading's confidence from its raw share and the amount of
/// evidence (bytes above 7F in the scored sample), fitted by `scripts/detect-calibration.sh` on
/// generated text (never the measuring corpus): 3,464 paragraphs, lines, 32 and 12 bytes and
/// single words in 35 locales and their legacy encodings. A raw share means more over many
/// bytes than over two: "E9" alone is a guess whatever its share.
const CAL_SHARE: f64 = 1.59;
const CAL_OFFSET: f64 = 1.60;
const CAL_EVIDENCE: f64 = 0.90;

/// The calibrated confidence of a best reading whose raw share is `raw`, over `evidence` bytes
/// above 7F: of the answers given at confidence c, about c are right.
pub(super) fn calibrate(raw: f64, evidence: u64) -> f64 {
    // Shares beyond 1 - 1e-5 are rounding: the fit saw none above.
    let p = raw.clamp(1e-9, 1.0 - 1e-5);
    let logit = (p / (1.0 - p)).ln();
    let x = CAL_SHARE * logit + CAL_OFFSET + CAL_EVIDENCE * (1.0 + evidence as f64).ln();
    (1.0 / (1.0 + (-x).exp())).min(MOST_LIKELY)
}

/// The most a statistical answer is given: generated text has none of the model's blind spots
/// (Estonian read as x-mac-turkish), which real files do, one in a hundred.
const MOST_LIKELY: f64 = 0.99;

/// The plausibility of `bytes` read in `enc`, in bits, as the ranking counts it: the score's
/// total less the encoding's prior and [`MALFORMED_BITS`] for each malformed sequence.
pub(super) fn reading_total(bytes: &[u8], enc: &'static Encoding) -> f64 {
    read(bytes, enc, &mut Texts::default(), high_bytes(bytes))
        .0
        .total
}

fn position(e: &'static Encoding) -> usize {
    encoding::all().position(|x| x == e).unwrap_or(usize::MAX)
}

/// The first C0 or C1 control character of a single-byte reading, with its byte.
fn first_control(sample: &[u8], text: &str) -> Option<(usize, u8)> {
    if text.chars().count() != sample.len() {
        return None;
    }
    text.chars().enumerate().find_map(|(i, c)| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C')).then(|| (i, sample[i]))
    })
}

/// Plain words on why a reading is or is not text. `origin` maps a sample offset to the stream.
pub(super) fn reasons(
    r: &Reading,
    best: Option<&Reading>,
    origin: &dyn Fn(usize) -> u64,
) -> Vec<String> {
    let mut out = bad_bytes(r, origin);
    out.extend(letter_reasons(r));
    out.push(comparison(r, best));
    if !r.same_text.is_empty() {
        let names: Vec<&str> = r.same_text.iter().map(|e| e.name()).collect();
        out.push(format!(
            "{} read these bytes to the same text",
            names.join(", ")
        ));
    }
    out
}

/// The first malformed sequence and the first control character of a reading, in words.
fn bad_bytes(r: &Reading, origin: &dyn Fn(usize) -> u64) -> Vec<String> {
    let mut out = Vec::new();
    let name = r.encoding.name();
    if let Some((at, bytes, kind)) = &r.first_malformed {
        let what = match kind {
            MalformedKind::Unmapped => "unmapped",
            MalformedKind::Truncated => "an incomplete sequence",
            _ => "malformed",
        };
        let bytes = if bytes.len() == 1 {
            hex_byte(bytes[0])
        } else {
            decode::hex_pairs(bytes)
        };
        out.push(format!(
            "{bytes} at byte {} is {what} in {name}{}",
            origin(*at),
            if r.malformed > 1 {
                format!(
                    " ({} such sequences in the sample)",
                    count(r.malformed as u64)
                )
            } else {
                String::new()
            }
        ));
    }
    if let Some((at, b)) = r.first_control {
        out.push(format!(
            "{} at byte {} is a control character in {name}, which text does not use",
            hex_byte(b),
            origin(at)
        ));
    }
    out
}

/// What the letters of a reading say: their script, case and script changes inside words,
/// symbols.
fn letter_reasons(r: &Reading) -> Vec<String> {
    let mut out = Vec::new();
    let s = &r.score;
    let name = r.encoding.name();
    if s.letters() > 0
        && let Some(script) = s.script()
    {
        out.push(format!(
            "{} of {} letters are {script} as {name}",
            count(s.script_letters() as u64),
            count(s.letters() as u64)
        ));
    }
    if s.case_breaks() > 0 && s.case_breaks() * 50 >= s.letters() {
        out.push(format!(
            "as {name} the words mix upper and lower case inside words ({})",
            times(s.case_breaks())
        ));
    }
    if s.script_breaks() > 0 && s.script_breaks() * 50 >= s.letters() {
        out.push(format!(
            "as {name} words change script midway ({})",
            times(s.script_breaks())
        ));
    }
    if s.symbols() > 0 && s.symbols() * 20 >= s.chars() {
        out.push(format!(
            "as {name}, {} rare in prose (box drawing, math, accents alone)",
            match s.symbols() {
                1 => "1 character is a symbol".to_string(),
                n => format!("{} characters are symbols", count(n as u64)),
            }
        ));
    }
    out
}

/// How the reading compares: its language and bits against typical text, or its distance
/// from the best reading.
fn comparison(r: &Reading, best: Option<&Reading>) -> String {
    let s = &r.score;
    match (best, s.language()) {
        (None, Some(lang)) => format!(
            "the letters and letter pairs read as {} ({:+.1} bits per character against typical \
             text)",
            language_name(lang),
            s.per_char()
        ),
        (None, None) => format!(
            "plausibility {:+.1} bits per character against typical text",
            s.per_char()
        ),
        (Some(b), _) => format!(
            "{:.0} bits less plausible than {} over the sample ({:+.1} bits per character)",
            b.total - r.total,
            b.encoding,
            s.per_char()
        ),
    }
}

/// "once", "twice", "N times".
fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{} times", count(n as u64)),
    }
}

#[cfg(test)]
mod calibration_tests {
    use super::calibrate;

    #[test]
    fn calibration_is_monotone_in_share_and_evidence_and_never_certain() {
        let raw = [0.05, 0.2, 0.36, 0.5, 0.64, 0.88, 0.98, 0.99998, 1.0];
        for evidence in [1, 4, 32, 1000, 20_000] {
            let cal: Vec<f64> = raw.iter().map(|&r| calibrate(r, evidence)).collect();
            assert!(cal.windows(2).all(|w| w[0] <= w[1]), "{cal:?}");
            assert!(cal[8] < 1.0, "{cal:?}");
        }
        // The same share means more over more bytes.
        let by_evidence: Vec<f64> = [1, 4, 32].iter().map(|&n| calibrate(0.2, n)).collect();
        assert!(
            by_evidence.windows(2).all(|w| w[0] < w[1]),
            "{by_evidence:?}"
        );
        // A close call over a byte is a guess; no statistical answer is certain.
        assert!(calibrate(0.2, 1) < super::super::detection::LIKELY_FROM);
        assert_eq!(calibrate(1.0, 1_000_000), super::MOST_LIKELY);
    }

    #[test]
    fn confidences_still_sum_to_one() {
        let sample =
            "Tickets cost \u{a3}5 \u{e0} la caf\u{e9}t\u{e9}ria, na\u{ef}ve d\u{e9}j\u{e0} vu";
        let bytes = encoding_rs::WINDOWS_1252.encode(sample).0.into_owned();
        let ranking = super::rank(&bytes, &super::candidates());
        let sum: f64 = ranking.iter().map(|r| r.confidence).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    }
}
