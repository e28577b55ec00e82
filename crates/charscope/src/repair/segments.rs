//! Where each piece of a line, repaired round after round, came from in the input: repaired
//! pieces keep the whole input range they replace, untouched pieces map byte for byte.

use super::place::Replacement;
use super::types::Step;

/// A piece of the current line.
#[derive(Clone, Debug)]
pub(crate) struct Seg {
    pub(crate) text: String,
    /// The input bytes it stands for.
    pub(crate) orig: (usize, usize),
    /// The steps that made it (empty: untouched input).
    pub(crate) steps: Vec<Step>,
}

/// The line as one untouched piece.
pub(crate) fn start(line: &str) -> Vec<Seg> {
    vec![Seg {
        text: line.to_string(),
        orig: (0, line.len()),
        steps: Vec::new(),
    }]
}

/// The pieces with their start in the current line.
fn starts(segs: &[Seg]) -> Vec<usize> {
    let mut at = 0;
    segs.iter()
        .map(|s| {
            let here = at;
            at += s.text.len();
            here
        })
        .collect()
}

/// The input range of the current line's bytes `a..b`: exact inside untouched pieces, the
/// whole range of any repaired piece it touches.
pub(crate) fn to_orig(segs: &[Seg], a: usize, b: usize) -> (usize, usize) {
    let st = starts(segs);
    let mut lo = usize::MAX;
    let mut hi = 0;
    for (s, &p) in segs.iter().zip(&st) {
        let e = p + s.text.len();
        let touches = (p < b && a < e) || (a == b && p <= a && a < e);
        if !touches {
            continue;
        }
        if s.steps.is_empty() {
            lo = lo.min(s.orig.0 + a.max(p) - p);
            hi = hi.max(s.orig.0 + b.min(e) - p);
        } else {
            lo = lo.min(s.orig.0);
            hi = hi.max(s.orig.1);
        }
    }
    if lo == usize::MAX {
        let end = segs.last().map_or(0, |s| s.orig.1);
        return (end, end);
    }
    (lo, hi)
}

/// Makes `replacements` (sorted, not overlapping, in current-line offsets) with `step`.
pub(crate) fn apply(
    segs: &[Seg],
    line: &str,
    replacements: &[Replacement],
    step: Step,
) -> Vec<Seg> {
    let st = starts(segs);
    // Widen each replacement to the repaired pieces it touches, and merge those that meet.
    let mut groups: Vec<(usize, usize, String)> = Vec::with_capacity(replacements.len());
    for r in replacements {
        let (mut a, mut b) = (r.start, r.end);
        for (s, &p) in segs.iter().zip(&st) {
            let e = p + s.text.len();
            if !s.steps.is_empty() && p < b && a < e {
                a = a.min(p);
                b = b.max(e);
            }
        }
        let text = format!("{}{}{}", &line[a..r.start], r.text, &line[r.end..b]);
        match groups.last_mut() {
            Some(last) if a < last.1 => {
                // Both touch one repaired piece: the previous group's untouched tail from
                // this replacement's start is replaced.
                let cut = last.1 - r.start;
                last.2.truncate(last.2.len() - cut);
                last.2.push_str(&r.text);
                let end = b.max(last.1);
                last.2.push_str(&line[r.end..end]);
                last.1 = end;
            }
            _ => groups.push((a, b, text)),
        }
    }
    // Room for the pieces: each group, and the untouched pieces around each (more only where
    // pieces repaired before are kept).
    let mut out = Vec::with_capacity(2 * groups.len() + segs.len());
    let mut at = 0; // current-line offset emitted so far
    let emit_untouched = |out: &mut Vec<Seg>, from: usize, to: usize| {
        for (s, &p) in segs.iter().zip(&st) {
            let e = p + s.text.len();
            let (x, y) = (from.max(p), to.min(e));
            if x >= y {
                continue;
            }
            if s.steps.is_empty() {
                out.push(Seg {
                    text: line[x..y].to_string(),
                    orig: (s.orig.0 + x - p, s.orig.0 + y - p),
                    steps: Vec::new(),
                });
            } else {
                out.push(s.clone());
            }
        }
    };
    for (a, b, text) in groups {
        emit_untouched(&mut out, at, a);
        let orig = to_orig(segs, a, b);
        let mut steps = Vec::new();
        for (s, &p) in segs.iter().zip(&st) {
            let e = p + s.text.len();
            if p < b && a < e {
                for step in &s.steps {
                    if !steps.contains(step) {
                        steps.push(*step);
                    }
                }
            }
        }
        steps.push(step);
        out.push(Seg { text, orig, steps });
        at = b;
    }
    emit_untouched(&mut out, at, line.len());
    out
}
