//! How many findings of each code one input lists: the first [`MAX_LISTED_PER_CODE`] of each
//! (by default) found, each a finding of its own, and one more, where the first of the others
//! was found, that counts them all. The findings of a code are found in the order of the
//! input, but for `confusable` and `mixed-script`: words that may look like others are decided
//! at the end, after spaces that look like U+0020 and words plainly of two scripts. Ten megabytes of NUL bytes are ten million `control` findings: listed one
//! by one, they took 3.5 GB; counted, a few kilobytes. (Malformed UTF-8 has a count of its
//! own: [`super::MAX_LISTED_INVALID_UTF8`].)
//!
//! Findings a built-in allowance explains are counted apart from the others of their code, so
//! that a flood of them never hides one that is reported.
//!
//! An input scanned in parts on several threads ([`Shared`]) lists each code's first findings
//! by the order of the input: a part lists a code only while the parts before it may not have
//! listed the most of it yet, so that memory stays bounded however many parts there are.

use super::{Code, Finding};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many findings of each code (other than `invalid-utf8`) a scan lists by default.
pub const MAX_LISTED_PER_CODE: usize = 100;

/// A code, and whether an allowance explains the finding.
const SLOTS: usize = Code::ALL.len() * 2;

fn slot(code: Code, allowed: bool) -> usize {
    code as usize * 2 + usize::from(allowed)
}

fn slot_of(f: &Finding) -> usize {
    slot(f.code, f.allowed_by.is_some())
}

/// Whether a code is listed under these caps (`invalid-utf8` is counted by the scanner itself).
fn capped(code: Code) -> bool {
    code != Code::InvalidUtf8
}

/// The findings counted and not listed: the finding that stands for them all.
#[derive(Clone, Copy, Debug)]
struct Unlisted {
    /// Its index in the findings.
    finding: usize,
    /// How many findings it stands for.
    count: u64,
}

/// What a scanner does with a finding it is about to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Admit {
    /// Make it and list it.
    List,
    /// Make it: it stands for those not listed (see [`Caps::stands_for_the_rest`]).
    First,
    /// Count it only.
    Count,
}

/// What one scanner (of a whole input, or of a part) lists of each code.
#[derive(Clone, Debug)]
pub(super) struct Caps {
    /// The most of each slot the input lists.
    max: usize,
    /// The most of each slot this scanner lists (0 for a part after the most were listed).
    here: [usize; SLOTS],
    listed: [usize; SLOTS],
    unlisted: [Option<Unlisted>; SLOTS],
}

impl Caps {
    /// Caps that list `max` findings of each code.
    pub fn new(max: usize) -> Caps {
        Caps {
            max,
            here: [max; SLOTS],
            listed: [0; SLOTS],
            unlisted: [None; SLOTS],
        }
    }

    /// What to do with a finding of `code` (`allowed`: an allowance explains it).
    pub fn admit(&mut self, code: Code, allowed: bool) -> Admit {
        let s = slot(code, allowed);
        if !capped(code) {
            return Admit::List;
        }
        match &mut self.unlisted[s] {
            Some(u) => {
                u.count += 1;
                Admit::Count
            }
            None if self.listed[s] < self.here[s] => {
                self.listed[s] += 1;
                Admit::List
            }
            None => Admit::First,
        }
    }

    /// Whether a finding of `code` would only be counted ([`Admit::Count`]).
    pub fn counts_only(&self, code: Code, allowed: bool) -> bool {
        capped(code) && self.unlisted[slot(code, allowed)].is_some()
    }

    /// The finding just made at `index` (after [`Admit::First`]) stands for the rest.
    pub fn stands_for_the_rest(&mut self, index: usize, f: &Finding) {
        self.unlisted[slot_of(f)] = Some(Unlisted {
            finding: index,
            count: 1,
        });
    }

    /// How many findings of each slot were met, listed or not.
    fn met(&self) -> [u64; SLOTS] {
        std::array::from_fn(|s| self.listed[s] as u64 + self.unlisted[s].map_or(0, |u| u.count))
    }

    /// Whether the finding `f`, the `index`th of a part whose caps are `part`, is kept when
    /// taken in at `at` by the scanner of the parts before it.
    pub fn take_in(&mut self, part: &Caps, index: usize, f: &Finding, at: usize) -> bool {
        if !capped(f.code) {
            return true;
        }
        let s = slot_of(f);
        // One listed finding of the part, or the part's count of those it did not list.
        let (count, listed) = match part.unlisted[s] {
            Some(u) if u.finding == index => (u.count, false),
            _ => (1, true),
        };
        match &mut self.unlisted[s] {
            Some(u) => {
                u.count += count;
                false
            }
            None if listed && self.listed[s] < self.max => {
                self.listed[s] += 1;
                true
            }
            None => {
                self.unlisted[s] = Some(Unlisted { finding: at, count });
                true
            }
        }
    }

    /// Each finding that stands for others says how many.
    pub fn finish(&self, findings: &mut [Finding]) {
        for u in self.unlisted.iter().flatten() {
            if let Some(f) = findings.get_mut(u.finding) {
                f.message = format!(
                    "{} more {} finding(s) in this input, counted but not listed (this is where \
                     the first of them was found): {} of each code are listed",
                    crate::detect::count(u.count),
                    f.code,
                    self.max
                );
            }
        }
    }
}

/// What the parts of one input, scanned on several threads, tell each other: where the first
/// findings of each code, as many as are listed, are known to end. A part that starts past
/// that lists none of the code (it counts them), however many parts there are.
pub(super) struct Shared {
    max: usize,
    /// For each slot: the offset from which a part lists none (`u64::MAX`: not known yet).
    full_from: [AtomicU64; SLOTS],
    /// For each slot: the parts done that met it, by their end offset, with how many.
    met: Mutex<Vec<BTreeMap<u64, u64>>>,
}

impl Shared {
    /// The shared state of parts that list `max` findings of each code in all.
    pub fn new(max: usize) -> Shared {
        Shared {
            max,
            full_from: std::array::from_fn(|_| AtomicU64::new(u64::MAX)),
            met: Mutex::new(vec![BTreeMap::new(); SLOTS]),
        }
    }

    /// The caps of the part that starts at byte `start`.
    pub fn caps_from(&self, start: u64) -> Caps {
        let mut caps = Caps::new(self.max);
        for (s, here) in caps.here.iter_mut().enumerate() {
            if self.full_from[s].load(Ordering::Relaxed) <= start {
                *here = 0;
            }
        }
        caps
    }

    /// The part that ends at byte `end` is done with `caps`: where the first of a code are now
    /// known to end, parts after list none of it.
    pub fn done(&self, caps: &Caps, end: u64) {
        let met = caps.met();
        if met.iter().all(|&n| n == 0) {
            return;
        }
        let mut all = self.met.lock().unwrap_or_else(|e| e.into_inner());
        for (s, &n) in met.iter().enumerate() {
            if n == 0 || self.full_from[s].load(Ordering::Relaxed) <= end {
                continue;
            }
            *all[s].entry(end).or_default() += n;
            // The first parts (by offset) that met as many as are listed: each met one at
            // least, so this looks at `max` of them at most.
            let mut sum = 0;
            for (&until, &k) in &all[s] {
                sum += k;
                if sum >= self.max as u64 {
                    self.full_from[s].fetch_min(until, Ordering::Relaxed);
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(code: Code, offset: u64) -> Finding {
        Finding {
            path: "t".into(),
            line: Some(1),
            column: Some(1),
            offset: Some(offset),
            code,
            chars: Vec::new(),
            message: "m".into(),
            allowed_by: None,
        }
    }

    #[test]
    fn the_first_are_listed_and_one_more_counts_the_rest() {
        let mut caps = Caps::new(2);
        let mut made = Vec::new();
        for k in 0..5u64 {
            let f = finding(Code::Control, k);
            match caps.admit(f.code, false) {
                Admit::List => made.push(f),
                Admit::First => {
                    caps.stands_for_the_rest(made.len(), &f);
                    made.push(f);
                }
                Admit::Count => {}
            }
        }
        assert_eq!(caps.admit(Code::InvalidUtf8, false), Admit::List);
        // Allowed findings of a code are counted apart.
        assert_eq!(caps.admit(Code::Control, true), Admit::List);
        caps.finish(&mut made);
        assert_eq!(made.len(), 3);
        assert!(
            made[2]
                .message
                .starts_with("3 more control finding(s) in this input")
        );
        assert_eq!(made[2].offset, Some(2));
    }

    #[test]
    fn a_part_past_the_first_findings_of_a_code_lists_none_of_it() {
        let shared = Shared::new(3);
        let mut a = shared.caps_from(100);
        for _ in 0..2 {
            assert_eq!(a.admit(Code::Control, false), Admit::List);
        }
        shared.done(&a, 200);
        assert_eq!(
            shared.caps_from(300).admit(Code::Control, false),
            Admit::List
        );
        let mut b = shared.caps_from(0);
        assert_eq!(b.admit(Code::Control, false), Admit::List);
        shared.done(&b, 100);
        // Three met before offset 200: a part from there lists none.
        assert_eq!(
            shared.caps_from(200).admit(Code::Control, false),
            Admit::First
        );
        assert_eq!(
            shared.caps_from(150).admit(Code::Control, false),
            Admit::List
        );
        assert_eq!(shared.caps_from(300).admit(Code::Tag, false), Admit::List);
    }
}
