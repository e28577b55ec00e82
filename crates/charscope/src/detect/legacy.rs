//! Legacy encodings ranked by how plausible each reading of the sample is as human text.

use super::words::{count, hex_byte, language_name};
use crate::decode::{self, MalformedKind};
use crate::encoding::{self, Encoding};
use crate::plausibility::{self, TextScore};

/// The encodings detection considers for bytes that are neither UTF-8 nor structurally certain.
pub fn candidates() -> Vec<&'static Encoding> {
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
        "windows-1252" => 0.0,
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
}

/// Bits for each malformed sequence on top of its U+FFFD.
const MALFORMED_BITS: f64 = 8.0;
/// How many candidates the first, short pass keeps.
const KEEP: usize = 12;
/// Bytes of the sample the first pass reads.
const FIRST_PASS: usize = 3 * 1024;
/// Temperature of the confidence (bits): differences between readings are divided by it.
const TEMPERATURE: f64 = 6.0;

/// Scores already given, by text: many encodings read a sample to the same text (the Latin
/// ones agree on most letters), which is scored once.
type Scores = std::collections::HashMap<String, TextScore>;

fn read(sample: &[u8], enc: &'static Encoding, scores: &mut Scores) -> (Reading, String) {
    let decoded = decode::decode(sample, enc);
    let score = match scores.get(&decoded.text) {
        Some(score) => score.clone(),
        None => {
            let score = plausibility::score(&decoded.text);
            scores.insert(decoded.text.clone(), score.clone());
            score
        }
    };
    let malformed = decoded.malformed.len();
    let total = score.total()
        - prior(enc)
        - MALFORMED_BITS * malformed as f64
        - if only_halfwidth(enc, &decoded.text) {
            HALFWIDTH_ONLY_BITS
        } else {
            0.0
        };
    let first_malformed = decoded.malformed.first().map(|m| {
        let s = m.span.start as usize;
        let e = (m.span.end as usize).min(sample.len());
        (s, sample[s..e].to_vec(), m.kind)
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
        },
        decoded.text,
    )
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
/// (the more common encoding named), with confidences that sum to 1.
pub(super) fn rank(sample: &[u8], candidates: &[&'static Encoding]) -> Vec<Reading> {
    rank_with(sample, candidates, KEEP)
}

/// [`rank`] without the first pass's cut: every candidate read whole.
pub(super) fn rank_all(sample: &[u8], candidates: &[&'static Encoding]) -> Vec<Reading> {
    rank_with(sample, candidates, usize::MAX)
}

fn rank_with(sample: &[u8], candidates: &[&'static Encoding], keep: usize) -> Vec<Reading> {
    if sample.is_empty() {
        return Vec::new();
    }
    // A first pass on the beginning of the sample keeps the likely few.
    let mut cut = sample.len().min(FIRST_PASS);
    while cut < sample.len() && sample[cut - 1] != b' ' {
        cut += 1;
    }
    let mut kept: Vec<&'static Encoding> = candidates.to_vec();
    let mut scores = Scores::new();
    if cut < sample.len() && candidates.len() > keep {
        let mut first: Vec<(f64, &'static Encoding)> = candidates
            .iter()
            .map(|&e| (read(&sample[..cut], e, &mut scores).0.total, e))
            .collect();
        first.sort_by(|a, b| b.0.total_cmp(&a.0));
        kept = first.into_iter().take(keep).map(|(_, e)| e).collect();
    }
    let mut readings: Vec<(Reading, String)> =
        kept.iter().map(|&e| read(sample, e, &mut scores)).collect();
    // Same text: keep the most common encoding's reading, remember the others.
    readings.sort_by(|a, b| {
        prior(a.0.encoding)
            .total_cmp(&prior(b.0.encoding))
            .then_with(|| position(a.0.encoding).cmp(&position(b.0.encoding)))
    });
    let mut merged: Vec<(Reading, String)> = Vec::new();
    for (reading, text) in readings {
        match merged.iter_mut().find(|(_, t)| *t == text) {
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
    let best = out.first().map_or(0.0, |r| r.total);
    let weights: Vec<f64> = out
        .iter()
        .map(|r| ((r.total - best) / TEMPERATURE).exp2())
        .collect();
    let sum: f64 = weights.iter().sum();
    for (r, w) in out.iter_mut().zip(weights) {
        r.confidence = w / sum;
    }
    if let Some(raw) = out.first().map(|r| r.confidence) {
        let calibrated = calibrate(raw);
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
    out
}

/// Platt scaling of the best reading's confidence, fitted on the visible detection corpus by
/// `scripts/detect-accuracy.sh --fit` (maximum likelihood over the answers the statistics gave):
/// the raw share of the best reading is under-confident where readings nearly agree (they
/// decode the text alike) and over-confident near 1 (one wrong answer in a hundred even then).
const PLATT_SLOPE: f64 = 0.3;
const PLATT_OFFSET: f64 = 1.6;

/// The calibrated confidence of a best reading whose raw share is `raw`: of the answers given
/// at confidence c, about c were right on the visible corpus.
fn calibrate(raw: f64) -> f64 {
    // Shares beyond 1 - 1e-5 are rounding: the fit saw none above.
    let p = raw.clamp(1e-9, 1.0 - 1e-5);
    let logit = (p / (1.0 - p)).ln();
    1.0 / (1.0 + (-(PLATT_SLOPE * logit + PLATT_OFFSET)).exp())
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
    let mut out = Vec::new();
    let s = &r.score;
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
    match best {
        None => {
            if let Some(lang) = s.language() {
                out.push(format!(
                    "the letters and letter pairs read as {} ({:+.1} bits per character against \
                     typical text)",
                    language_name(lang),
                    s.per_char()
                ));
            } else {
                out.push(format!(
                    "plausibility {:+.1} bits per character against typical text",
                    s.per_char()
                ));
            }
        }
        Some(b) => out.push(format!(
            "{:.0} bits less plausible than {} over the sample ({:+.1} bits per character)",
            b.total - r.total,
            b.encoding,
            s.per_char()
        )),
    }
    if !r.same_text.is_empty() {
        let names: Vec<&str> = r.same_text.iter().map(|e| e.name()).collect();
        out.push(format!(
            "{} read these bytes to the same text",
            names.join(", ")
        ));
    }
    out
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
    fn calibration_is_monotone_and_never_certain() {
        let raw = [0.05, 0.2, 0.36, 0.5, 0.64, 0.88, 0.98, 0.99998, 1.0];
        let cal: Vec<f64> = raw.iter().map(|&r| calibrate(r)).collect();
        assert!(cal.windows(2).all(|w| w[0] <= w[1]), "{cal:?}");
        // A clear winner of the statistics is right about 99 times in 100, not always.
        assert!(cal[8] < 0.995 && cal[8] > 0.99, "{cal:?}");
        // A close call (a third of the share) was right four times in five.
        assert!((0.75..0.85).contains(&cal[2]), "{cal:?}");
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
