//! Choosing the repair of one line: the candidates of each round are scored against the line as
//! it stands, and the most plausible one is taken if it wins by the margins below. The margins
//! were tuned on the generated set of `scripts/repair-set.py` (never on a measuring corpus).

use super::evidence;
use super::place::{Loss, Replacement};
use super::priors::{needs_whole_words, utf8_prior};
use super::score::{Plausibility, plausibility};
use super::search::{self, Candidate, FULL_COVERAGE};
use super::segments::{self, Seg};
use super::sound::{scripts_fit, sound};
use super::types::{LossKind, Lost, RepairedSpan, Step};
use super::weak;
use super::words::{alphabetic, is_punctuation, is_symbol, symbol_inside_ascii_word, whole_word};

/// Text broken more than this many times is left as the last round made it.
const MAX_ROUNDS: usize = 5;

/// The bits of plausibility (the model's total) a repair must gain beyond its step's prior.
const MARGIN: f64 = 1.7;

/// Bits of evidence for each UTF-8 sequence repaired inside a word (a letter on each side):
/// real text rarely puts two symbols or accented capitals between letters ("ongeÃ«venaard").
const MID_WORD_BONUS: f64 = 4.0;

/// Whether `span`, standing between letters after `before`, could not be part of a word as it
/// is: it holds a character that is not a letter, or a capital right after a small letter
/// ("straÃŸe", "ongeÃ«venaard"). Letters of one case ("HÅØYA") are a word as written.
fn odd_in_word(before: Option<char>, span: &str) -> bool {
    let mut prev = before;
    for ch in span.chars() {
        if !alphabetic(ch) || (ch.is_uppercase() && prev.is_some_and(char::is_lowercase)) {
            return true;
        }
        prev = Some(ch);
    }
    false
}

/// The characters right before and right after a place of `line`.
fn neighbours(line: &str, r: &Replacement) -> (Option<char>, Option<char>) {
    (
        line[..r.start].chars().next_back(),
        line[r.end..].chars().next(),
    )
}

/// The character before a place of `line`, and whether a letter stands right before it and
/// right after it.
fn letter_sides(line: &str, r: &Replacement) -> (Option<char>, bool, bool) {
    let (before, after) = neighbours(line, r);
    (
        before,
        before.is_some_and(alphabetic),
        after.is_some_and(alphabetic),
    )
}

/// How many of a UTF-8 candidate's places sit between letters, where a word could not have
/// them as written.
fn mid_word(c: &Candidate) -> usize {
    if !c.utf8 {
        return 0;
    }
    c.replacements
        .iter()
        .filter(|r| {
            let (before, left, right) = letter_sides(&c.line, r);
            left && right && odd_in_word(before, &c.line[r.start..r.end])
        })
        .count()
        .min(2)
}

/// Bits of evidence for each UTF-8 sequence repaired at the edge of a word (a letter on one side
/// only) that holds a symbol, which words do not ("wei√ü", "Zam√≤"): half the evidence of one
/// inside a word.
const WORD_EDGE_BONUS: f64 = 2.0;

/// Bits of evidence, beyond [`MID_WORD_BONUS`], for a UTF-8 sequence repaired between two ASCII
/// letters that holds a symbol or a number: the model prices a letter of another script inside
/// an English word (a Greek gamma in "IL2R...cKO") high, and this is stronger evidence than it.
const ASCII_WORD_BONUS: f64 = 8.0;

/// How many of a UTF-8 candidate's places sit between two ASCII letters and hold a symbol or a
/// number.
fn inside_ascii_word(c: &Candidate) -> usize {
    if !c.utf8 {
        return 0;
    }
    c.replacements
        .iter()
        .filter(|r| symbol_inside_ascii_word(&c.line, r.start, r.end))
        .count()
        .min(2)
}

/// How many of a UTF-8 candidate's places touch a letter on one side only and hold a symbol, or
/// punctuation the repair makes a letter.
fn word_edge(c: &Candidate) -> usize {
    if !c.utf8 {
        return 0;
    }
    c.replacements
        .iter()
        .filter(|r| {
            let (_, left, right) = letter_sides(&c.line, r);
            let source = &c.line[r.start..r.end];
            // A sign, or punctuation beyond ASCII that the repair makes a letter ("Å“uvre"):
            // words are not written with either at their edge. (But the apostrophe, which
            // words are: "a lot of Ã’s".)
            let punctuation_made_letter = source
                .chars()
                .any(|ch| !ch.is_ascii() && ch != '\u{2019}' && is_punctuation(ch))
                && r.text.chars().all(alphabetic);
            left != right && (source.chars().any(is_symbol) || punctuation_made_letter)
        })
        .count()
        .min(2)
}

/// The prior cost in bits of a step: how much rarer than UTF-8 read as windows-1252 (the
/// commonest mojibake by far) it is. A step must gain its prior and [`MARGIN`] to be taken, and
/// of two steps the one that gains most beyond its prior wins.
fn prior(c: &Candidate) -> f64 {
    if !c.utf8 {
        // C1 controls are themselves the evidence; other rereads have no structure to go by.
        return if c.c1_reread() {
            0.0
        } else if latin_reread(c) {
            LATIN_REREAD_PRIOR
        } else {
            10.0
        };
    }
    utf8_prior(c.step.encode)
}

/// Another repair of the line.
#[derive(Clone, Debug)]
pub(crate) struct LineAlternative {
    pub(crate) text: String,
    pub(crate) steps: Vec<Step>,
    pub(crate) score: f64,
}

/// One line repaired.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineRepair {
    pub(crate) original: String,
    /// The line after each round, with the round's step.
    pub(crate) stages: Vec<(String, Step)>,
    pub(crate) spans: Vec<RepairedSpan>,
    pub(crate) lost: Vec<Lost>,
    pub(crate) alternatives: Vec<LineAlternative>,
    /// The gain in plausibility per character.
    pub(crate) score: f64,
    /// The line terminator that followed the line.
    pub(crate) tail: String,
}

impl LineRepair {
    /// The line as repaired.
    pub(crate) fn text(&self) -> &str {
        self.stages.last().map_or(&self.original, |(t, _)| t)
    }
}

/// The checks of a candidate that need no scoring: run on every candidate before any is
/// scored, so that clean text is seldom scored at all.
fn structural(c: &Candidate) -> bool {
    // Lost bytes are trusted only beside sequences that decoded whole, or inside a word.
    if c.utf8 && c.complete() == 0 && mid_word(c) == 0 {
        return false;
    }
    // Mostly lost is mostly guessed.
    if c.lossy() > 3 * c.complete() + mid_word(c) {
        return false;
    }
    // A U+FFFD or '?' cannot say how many bytes of a two-byte encoding it stood for.
    if c.utf8 && !c.single_byte && c.lossy() > 0 {
        return false;
    }
    if c.utf8 && needs_whole_words(c.step.encode) && !whole_words(c) {
        return false;
    }
    // One sequence of letters alone, read by a rare code page ("ÃÕ" is "à" in VISCII), is a
    // chance fit of two letters.
    if c.utf8 && utf8_prior(c.step.encode) >= RARE_STEP && lone_letters(c) {
        return false;
    }
    // A reread without C1 controls has no structure to go by: it must change a few characters.
    if !c.utf8 && prior(c) > 5.0 && changed_chars(c) < 3 && !latin_reread(c) {
        return false;
    }
    if !c.utf8 && !scripts_fit(&c.line, &c.replacements) {
        return false;
    }
    sound(&c.line, &c.replacements)
}

/// How much `c` gains over the line beyond its prior, when that is enough to repair it (`c` has
/// passed [`structural`]).
fn gain(c: &Candidate, before: Plausibility, after: Plausibility) -> Option<f64> {
    debug_assert!(places_fit(c));
    // No character is worth more than MAX_BITS_PER_CHAR: a candidate that changes a few
    // characters cannot gain more than they could cost.
    let cap = MAX_BITS_PER_CHAR * replaced_chars(c) as f64;
    let gain = (after.total - before.total).min(cap) - prior(c)
        + MID_WORD_BONUS * mid_word(c) as f64
        + WORD_EDGE_BONUS * word_edge(c) as f64
        + ASCII_WORD_BONUS * inside_ascii_word(c) as f64
        - LOSSY_COST * losses_paid(c) as f64;
    let enough = gain >= MARGIN + weak::extra_margin(c, prior(c) > 1.0);
    // Checked last: it scores words of its own.
    (enough && evidence::new_scripts_supported(c)).then_some(gain)
}

/// Whether `c` has little structure to go by: anything but UTF-8 read as one byte per character
/// with two sequences or more, by the commonest steps.
fn weak_evidence(c: &Candidate) -> bool {
    !c.utf8 || !c.single_byte || prior(c) > 1.0 || c.complete() < 2
}

/// Whether `c` may be a repair before its line is scored: without UTF-8 read as one byte per
/// character to go by, the repaired places must read better on their own than what they
/// replace. Asked before [`gain`], since scoring the whole line costs more.
fn places_fit(c: &Candidate) -> bool {
    !weak_evidence(c) || places_improve(c)
}

/// Bits each sequence that lost a byte costs: of two readings, the one that decodes a place
/// whole is preferred.
const LOSSY_COST: f64 = 8.0;

/// Whether the byte `q` of `line` is a `?` between two characters beyond ASCII: a converter's
/// substitute for a byte it could not map, since text does not put a question mark inside a run
/// of accented letters and symbols ("Ã?Â¢â?¬").
fn substitute_question(line: &str, q: usize) -> bool {
    line.as_bytes().get(q) == Some(&b'?')
        && line[..q].chars().next_back().is_some_and(|c| !c.is_ascii())
        && line[q + 1..].chars().next().is_some_and(|c| !c.is_ascii())
}

/// The sequences that lost a byte that `c` pays [`LOSSY_COST`] for: not those whose `?` is a
/// substitute (see [`substitute_question`]), which is evidence rather than a guess; and a
/// substitute that `c` leaves standing right beside a place it repairs, unexplained, costs as
/// much as a loss.
fn losses_paid(c: &Candidate) -> usize {
    let guessed = c
        .replacements
        .iter()
        .flat_map(|r| &r.lost)
        .filter(|&&(at, len, loss)| {
            loss != Loss::Question
                || !c.line[at..at + len]
                    .find('?')
                    .is_some_and(|q| substitute_question(&c.line, at + q))
        })
        .count();
    let left: usize = c
        .replacements
        .iter()
        .map(|r| {
            usize::from(substitute_question(&c.line, r.end))
                + usize::from(r.start > 0 && substitute_question(&c.line, r.start - 1))
        })
        .sum();
    guessed + left
}

/// Whether `c` has one place, of one sequence, made of letters only with no letter beside it.
fn lone_letters(c: &Candidate) -> bool {
    let [r] = c.replacements.as_slice() else {
        return false;
    };
    let (_, left, right) = letter_sides(&c.line, r);
    r.complete == 1 && !left && !right && c.line[r.start..r.end].chars().all(alphabetic)
}

/// The prior from which a step is rare (the DOS, Mac, KOI8, ISO-8859 and rarer code pages).
const RARE_STEP: f64 = 4.0;

/// Bits of preference for the step of the round before, in a chain.
const REPEAT_BONUS: f64 = 4.0;

/// Whether `c` is the commonest mojibake undone whole: UTF-8 read as windows-1252 or ISO-8859-1,
/// two sequences or more, none that lost a byte, and every character beyond ASCII of the line
/// in its places. Where no other UTF-8 reading also takes in every such character (ISO-8859-15
/// reads "Ã€" as "ä" where windows-1252 reads "À"), no other reading is worth scoring.
fn dominant(c: &Candidate) -> bool {
    c.utf8
        && c.single_byte
        && prior(c) <= 0.5
        && c.lossy() == 0
        && c.complete() >= 2
        && c.coverage() >= 1.0
}

/// Readings within this fraction of the best gain count as equally good.
const NEARLY: f64 = 0.2;

/// The most bits one replaced character may gain (the model prices the worst character, a
/// U+FFFD, at 20 bits).
const MAX_BITS_PER_CHAR: f64 = 24.0;

/// Whether each place repaired stands between ASCII or the ends of the line: text read with the
/// wrong encoding is wrong across the whole word, so a place that leaves non-ASCII letters of the
/// same word untouched beside it is a chance fit in good text (one ideograph of a Chinese line
/// that happens to be UTF-8 in GBK). Only the commonest mojibake, UTF-8 read as windows-1252 or
/// ISO-8859-1, is trusted without it.
fn whole_words(c: &Candidate) -> bool {
    c.replacements
        .iter()
        .all(|r| whole_word(&c.line, r.start, r.end))
}

/// The letters of the word right before `start` and right after `end`.
fn word_around(line: &str, start: usize, end: usize) -> (&str, &str) {
    let head = line[..start]
        .char_indices()
        .rev()
        .take_while(|(_, ch)| alphabetic(*ch))
        .last()
        .map_or(start, |(i, _)| i);
    let tail = line[end..]
        .char_indices()
        .find(|(_, ch)| !alphabetic(*ch))
        .map_or(line.len(), |(i, _)| end + i);
    (&line[head..start], &line[end..tail])
}

/// Whether the replaced places, scored on their own, are more plausible after than before, or
/// after one more UTF-8 step.
fn places_improve(c: &Candidate) -> bool {
    // A reread changes letters inside words: its places are judged with their words. A UTF-8
    // place is judged alone ("Ã " read as "à" in "GÃ idhlig", a Greek letter in a gene's
    // name), or with its word where alone it reads worse ("œ" alone reads worse than "Å“",
    // "cœur" better than "cÅ“ur").
    places_improve_as(c, !c.utf8) || (c.utf8 && places_improve_as(c, true))
}

/// [`places_improve`], the places judged alone or with their words.
fn places_improve_as(c: &Candidate, with_words: bool) -> bool {
    // Room for the places with their words (of the line, and as repaired) and a space each,
    // which is most often all they take.
    let mut before = String::with_capacity(c.line.len() + c.replacements.len());
    let mut after = String::with_capacity(c.text.len() + c.replacements.len());
    for r in &c.replacements {
        let (head, tail) = if with_words {
            word_around(&c.line, r.start, r.end)
        } else {
            ("", "")
        };
        for (out, text) in [
            (&mut before, &c.line[r.start..r.end]),
            (&mut after, &r.text[..]),
        ] {
            out.push_str(head);
            out.push_str(text);
            out.push_str(tail);
            out.push(' ');
        }
    }
    let before = plausibility(&before).total;
    if plausibility(&after).total > before {
        return true;
    }
    // The middle step of text broken twice is mojibake itself ("Г‚ВЈ" is "Â£" before it is "£"):
    // the places are judged by what the next step makes of them.
    let next = search::utf8_candidates(&after, structural);
    next.iter()
        .any(|next| plausibility(&next.text).total > before)
}

/// How many characters of the line the candidate replaces.
fn replaced_chars(c: &Candidate) -> usize {
    c.replacements
        .iter()
        .map(|r| c.line[r.start..r.end].chars().count())
        .sum()
}

/// The prior of windows-1252 text read as windows-1250: its words are judged whole, which is
/// more to go by than other rereads have.
const LATIN_REREAD_PRIOR: f64 = 6.0;

/// Whether `c` rereads one Latin code page as another (windows-1252 text read as
/// windows-1250): it changes a letter inside a word ("năo"), and the words are judged whole (see
/// [`places_improve`]), so one changed letter is enough to go by.
fn latin_reread(c: &Candidate) -> bool {
    !c.utf8 && c.step.encode.name() == "windows-1250" && c.step.decode.name() == "windows-1252"
}

/// How many characters the candidate's replacements write.
fn changed_chars(c: &Candidate) -> usize {
    c.replacements.iter().map(|r| r.text.chars().count()).sum()
}

fn reason(kind: LossKind) -> String {
    match kind {
        LossKind::Replaced => {
            "a byte of this character had already been replaced with U+FFFD".into()
        }
        LossKind::Question => "a byte of this character had been replaced with '?'".into(),
        LossKind::Dropped => {
            "the last byte of this character was dropped (81, 8D, 8F, 90 or 9D: undefined in \
             windows-1252)"
                .into()
        }
    }
}

fn kind(loss: Loss) -> LossKind {
    match loss {
        Loss::Replaced => LossKind::Replaced,
        Loss::Question => LossKind::Question,
        Loss::Dropped => LossKind::Dropped,
    }
}

/// The candidates `found` for the line as it stands that are repairs, best first (the first is
/// the one to take). `before` is the line's plausibility, asked for only if a candidate gets
/// as far as being scored.
fn ranked(
    mut found: search::Readings,
    line: &str,
    stages: &[(String, Step)],
    before: impl FnOnce() -> Plausibility,
) -> Vec<(f64, Candidate, Plausibility)> {
    // A text the line has had is no repair of it.
    let is_fresh = |c: &Candidate| c.text != line && !stages.iter().any(|(t, _)| *t == c.text);
    let mut fresh: Vec<Candidate> = std::mem::take(&mut found.utf8)
        .into_iter()
        .filter(is_fresh)
        .collect();
    // The commonest mojibake, undone whole: taken on its own score, the others not scored (the
    // rereads not even made).
    let before = std::cell::LazyCell::new(before);
    let whole = |c: &Candidate| c.utf8 && c.lossy() == 0 && c.coverage() >= 1.0;
    if fresh.iter().filter(|c| whole(c)).count() == 1
        && let Some(k) = fresh.iter().position(dominant)
    {
        let c = fresh.swap_remove(k);
        let after = plausibility(&c.text);
        if let Some(g) = gain(&c, *before, after) {
            return vec![(g, c, after)];
        }
    }
    // UTF-8 structure is the stronger evidence: a reread must gain twice what the best UTF-8
    // reading gains, and none is kept where a UTF-8 reading repairs most of the line. So the
    // UTF-8 readings are scored first, and the rereads (the dearer evidence) only when no UTF-8
    // reading rules them all out (and are made only then).
    let mut scored = scored_repairs(fresh, &before);
    let best_utf8 = scored.iter().map(|s| s.0).fold(f64::NEG_INFINITY, f64::max);
    let covered = scored.iter().any(|s| s.1.coverage() >= FULL_COVERAGE);
    if !covered {
        let rereads = found.rereads().into_iter().filter(is_fresh).collect();
        let rereads = scored_repairs(rereads, &before);
        scored.extend(rereads.into_iter().filter(|s| s.0 > 2.0 * best_utf8));
    }
    if scored.is_empty() {
        return scored;
    }
    // Text broken twice was mostly broken the same way twice: the step of the round before is
    // preferred to another that reads as well ("ArmÃ£neashti" after one round of windows-1252
    // is "Armãneashti", not MacRoman's "Arṃneashti").
    if let Some((_, previous)) = stages.last() {
        for s in scored.iter_mut().filter(|s| s.1.step == *previous) {
            s.0 += REPEAT_BONUS;
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.order.cmp(&b.1.order)));
    // Among readings nearly as good as the best, the one that loses fewest bytes goes first.
    let top = scored[0].0;
    let pick = (0..scored.len())
        .filter(|&i| scored[i].0 >= top - NEARLY * top.abs())
        .min_by_key(|&i| scored[i].1.lossy())
        .unwrap_or(0);
    let chosen = scored.remove(pick);
    scored.insert(0, chosen);
    scored
}

/// The candidates of `found` that are repairs of the line whose plausibility is `before` (asked
/// for only if one gets as far as being scored), each with its gain and score, in their order.
fn scored_repairs(
    found: Vec<Candidate>,
    before: &impl std::ops::Deref<Target = Plausibility>,
) -> Vec<(f64, Candidate, Plausibility)> {
    found
        .into_iter()
        // The evidence a reread needs is asked first: it scores a few words, not the line.
        .filter(evidence::reread_supported)
        .filter(places_fit)
        .filter_map(|c| {
            let after = plausibility(&c.text);
            gain(&c, **before, after).map(|g| (g, c, after))
        })
        .collect()
}

/// The candidates of `line` that pass [`structural`], one per result (the preferred step), in
/// order: the rereads made when [`ranked`] asks for them.
fn fitting(line: &str) -> search::Readings<'_> {
    search::readings(line, structural)
}

/// First steps tried to the end: of text broken several times, the first step that looks best
/// is not always the one whose chain ends best.
const BEAM: usize = 3;

/// The line repaired with `first` as the first step and the best of each round after it, and
/// how good the end is (its plausibility less what the steps cost).
fn follow(
    line: &str,
    base: Plausibility,
    first: &(f64, Candidate, Plausibility),
) -> (LineRepair, f64) {
    let mut out = LineRepair {
        original: line.to_string(),
        ..LineRepair::default()
    };
    let mut cur = line.to_string();
    let mut segs: Vec<Seg> = segments::start(line);
    let mut before = base;
    let mut cost = 0.0;
    let mut next = Some(first.clone());
    for _ in 0..MAX_ROUNDS {
        let (_, best, after) = match next.take() {
            Some(step) => step,
            None => match ranked(fitting(&cur), line, &out.stages, || before)
                .into_iter()
                .next()
            {
                Some(step) => step,
                None => break,
            },
        };
        cost += prior(&best) + LOSSY_COST * losses_paid(&best) as f64;
        for r in &best.replacements {
            for &(at, len, loss) in &r.lost {
                let (a, b) = segments::to_orig(&segs, at, at + len);
                out.lost.push(Lost {
                    offset: a,
                    length: b - a,
                    kind: kind(loss),
                    reason: reason(kind(loss)),
                });
            }
        }
        segs = segments::apply(&segs, &cur, &best.replacements, best.step);
        cur = best.text;
        out.stages.push((cur.clone(), best.step));
        before = after;
        if cur.is_ascii() {
            break;
        }
    }
    out.spans = segs
        .iter()
        .filter(|s| !s.steps.is_empty())
        .map(|s| RepairedSpan {
            offset: s.orig.0,
            length: s.orig.1 - s.orig.0,
            steps: s.steps.clone(),
            original: line[s.orig.0..s.orig.1].to_string(),
            text: s.text.clone(),
        })
        .collect();
    out.score = before.total - base.total;
    (out, before.total - cost)
}

/// Repairs one line (without its terminator): nothing when it needs no repair (so that clean
/// text costs no copy).
pub(crate) fn fix_line(line: &str) -> Option<LineRepair> {
    if line.is_ascii() {
        return None;
    }
    let mut found = fitting(line);
    if found.is_empty() {
        // Nothing fits structurally: no need to score (the common case of clean text).
        return None;
    }
    // The line is scored only if a candidate gets that far.
    let base = std::cell::OnceCell::new();
    let first = ranked(found, line, &[], || {
        *base.get_or_init(|| plausibility(line))
    });
    if first.is_empty() {
        return None;
    }
    let base = *base.get().expect("scored with the candidates");
    let mut chosen = 0;
    let (mut best, mut best_value) = follow(line, base, &first[0]);
    for (k, step) in first.iter().enumerate().skip(1).take(BEAM - 1) {
        let (repair, value) = follow(line, base, step);
        // Another first step must end clearly better than the one that looked best.
        if value > best_value + BEAM_MARGIN {
            (best, best_value, chosen) = (repair, value, k);
        }
    }
    best.alternatives = first
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != chosen)
        .take(3)
        .map(|(_, (gain, c, _))| LineAlternative {
            text: c.text.clone(),
            steps: vec![c.step],
            score: *gain,
        })
        .collect();
    Some(best)
}

/// Bits by which another first step's chain must end better than the best-looking one's.
const BEAM_MARGIN: f64 = 2.0;

#[cfg(test)]
mod tests {
    use super::{odd_in_word, substitute_question};

    #[test]
    fn a_question_mark_inside_accented_text_is_a_substitute() {
        let line = "It\u{c3}?\u{c2}\u{a2}s, caf\u{e9}? Oui.\u{e9}?";
        assert!(substitute_question(line, 4));
        // Before a space, at the end, or beside ASCII: a question mark.
        assert!(!substitute_question(line, line.find("? O").unwrap()));
        assert!(!substitute_question(line, line.len() - 1));
        assert!(!substitute_question("M\u{c3}?nchen", 3));
        // Not a question mark at all.
        assert!(!substitute_question(line, 3));
    }

    #[test]
    fn a_word_of_one_case_is_a_word_as_written() {
        assert!(!odd_in_word(Some('H'), "ÅØ"));
        assert!(!odd_in_word(Some('b'), "ßš"));
        assert!(odd_in_word(Some('a'), "Ã«"));
        assert!(odd_in_word(Some('a'), "ÃŸ"));
        assert!(odd_in_word(Some('i'), "√ü"));
        // ftfy's capitalised nonsense stays as it is.
        assert_eq!(
            crate::repair::fix("HÅØYA ER BLÅØYD").text,
            "HÅØYA ER BLÅØYD"
        );
    }

    #[test]
    fn a_symbol_between_ascii_letters_is_mojibake() {
        // A Greek gamma as UTF-8 read as windows-1252, inside a gene name.
        assert_eq!(
            crate::repair::fix("the IL2RÎ³cKO mice").text,
            "the IL2R\u{3b3}cKO mice"
        );
        // A superscript on its own, or a no-break space after a capital, is written so.
        assert_eq!(crate::repair::fix("H²O and km²h").text, "H²O and km²h");
        assert_eq!(
            crate::repair::fix("SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN").text,
            "SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN"
        );
    }

    #[test]
    fn a_middle_step_is_judged_by_the_step_after_it() {
        // "°" as UTF-8 read as windows-1252 ("Â°"), then as windows-1251: "Â°" reads worse than
        // "Г‚В°" on its own, "°" better.
        let r = crate::repair::fix("a 20Г‚В°C day");
        assert_eq!(r.text, "a 20°C day");
        assert_eq!(r.stages.len(), 2);
    }
}
