//! `fix --json` and `POST /api/fix` are one value, [`Repair`]; a page that shows the start of
//! each text asks for that start only, and for all of it when it needs it.

use crate::repair::Repair;

impl Repair {
    /// The repair with `text`, each stage's text and each alternative's text cut to their first
    /// `max_chars` characters (`text_cut` says whether any was). The repaired places, the steps
    /// and what was lost stay whole: a repair of a megabyte that changed nothing answers in a few
    /// hundred bytes instead of echoing the megabyte.
    ///
    /// ```
    /// let r = charscope::repair::fix("plain text").shown(5);
    /// assert_eq!((r.text.as_str(), r.changed, r.text_cut), ("plain", false, true));
    /// let r = charscope::repair::fix("cafÃ©").shown(5);
    /// assert_eq!((r.text.as_str(), r.changed, r.text_cut), ("café", true, false));
    /// ```
    pub fn shown(mut self, max_chars: usize) -> Repair {
        let mut cut = super::cut_chars(&mut self.text, max_chars);
        for stage in &mut self.stages {
            cut |= super::cut_chars(&mut stage.text, max_chars);
        }
        for alternative in &mut self.alternatives {
            cut |= super::cut_chars(&mut alternative.text, max_chars);
        }
        self.text_cut = cut;
        self
    }
}
