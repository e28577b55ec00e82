//! Choosing among the readings of one dump: readings that agree on the bytes are one; where
//! they disagree, the reading a tool's defaults would have written wins, with a warning naming
//! the other; where no default decides, it is an error.

use super::error::{DumpError, DumpErrorKind};
use super::lines::Line;
use super::{DumpBytes, LazyParsed};
use crate::decode::hex_pairs;

/// One way of reading the whole dump.
pub(crate) struct Reading {
    pub parsed: LazyParsed,
    /// Higher for what the tools write by default (xxd's 2-byte groups, od's octal offsets).
    pub priority: u8,
    /// The command that would have written the dump this way.
    pub command: String,
    /// Whether the reading assumes text the dump lost (trailing spaces trimmed, a squeeze
    /// only BusyBox writes): never worth a warning against a reading that assumes none.
    pub assumes_loss: bool,
}

fn preview(bytes: &DumpBytes) -> String {
    let mut out = format!("{} bytes", bytes.len());
    if !bytes.is_empty() {
        out.push_str(": ");
        out.push_str(&hex_pairs(&bytes.head(8)));
    }
    if bytes.len() > 8 {
        out.push_str(" …");
    }
    out
}

/// Picks the reading to return; `hint` says how to choose (`--format ...`).
pub(crate) fn choose(
    readings: Vec<Reading>,
    first: &Line,
    hint: &str,
) -> Result<Option<LazyParsed>, DumpError> {
    // The best reading of each distinct byte string, in order of first appearance.
    let mut groups: Vec<Reading> = Vec::new();
    for r in readings {
        match groups.iter_mut().find(|g| g.parsed.bytes == r.parsed.bytes) {
            Some(g) if r.priority > g.priority => *g = r,
            Some(_) => {}
            None => groups.push(r),
        }
    }
    if groups.len() <= 1 {
        return Ok(groups.pop().map(|g| g.parsed));
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.priority));
    if groups[0].priority > groups[1].priority {
        let mut best = groups.remove(0);
        // Only readings that could be: one that assumes lost text is no rival to one that
        // reads the dump as it stands.
        if !best.assumes_loss {
            groups.retain(|g| !g.assumes_loss);
        }
        let Some(other) = groups.first() else {
            return Ok(Some(best.parsed));
        };
        // A hint that works: forcing the format only chooses between different formats.
        let how = if other.parsed.format == best.parsed.format {
            format!(
                "both are {}; to read it the other way, make the dump again with its options",
                best.parsed.format.name()
            )
        } else {
            hint.to_string()
        };
        best.parsed.warnings.push(format!(
            "read as {} (the tool's default); the dump could also be read as {}, giving {}: \
             nothing in it tells them apart ({how})",
            best.command,
            other.command,
            preview(&other.parsed.bytes)
        ));
        return Ok(Some(best.parsed));
    }
    let readings: Vec<String> = groups
        .iter()
        .map(|g| format!("{} gives {}", g.command, preview(&g.parsed.bytes)))
        .collect();
    Err(first.error(
        0,
        DumpErrorKind::Ambiguous,
        format!(
            "this dump reads two ways with different bytes, and nothing in it tells which: {}; {hint}",
            readings.join("; ")
        ),
    ))
}
