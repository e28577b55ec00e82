//! One module per command.

mod batch;
mod byte_order;
mod char;
mod compare;
mod convert;
mod decode;
pub mod detect;
mod dump;
mod dump_blocks;
mod encode;
mod encodings;
mod escapes;
mod examples;
pub mod fix;
mod in_order;
mod inspect;
mod same;
mod scan;
mod scan_config;
mod scan_read;
mod serve;
mod shell;
mod table;
mod undump;
mod url;
mod validate;

use crate::Outcome;
use crate::args::{Cli, ColorChoice, Command, LabelsArg};
use anyhow::Result;
use charscope::encoding::{LabelMode, Resolved};
use std::sync::OnceLock;

/// What every command needs besides its own arguments: the global options, resolved once.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// `--color`.
    pub color: ColorChoice,
    /// `--json`: print JSON (never coloured) instead of text.
    pub json: bool,
    /// `--labels`, else `CHARSCOPE_LABELS`, else WHATWG: what encoding labels mean.
    pub labels: LabelMode,
}

/// The label mode of this run, set once by [`run`] so that [`encoding_for`] needs no context.
static LABEL_MODE: OnceLock<LabelMode> = OnceLock::new();

/// `--labels` if given, else `CHARSCOPE_LABELS` if set, else WHATWG.
fn label_mode(arg: Option<LabelsArg>) -> Result<LabelMode> {
    Ok(match arg {
        Some(LabelsArg::Whatwg) => LabelMode::Whatwg,
        Some(LabelsArg::Iana) => LabelMode::Iana,
        None => match std::env::var("CHARSCOPE_LABELS") {
            Ok(value) if !value.is_empty() => value
                .parse()
                .map_err(|e| anyhow::anyhow!("CHARSCOPE_LABELS: {e}"))?,
            _ => LabelMode::Whatwg,
        },
    })
}

/// Runs the command the arguments name.
pub fn run(cli: Cli) -> Result<Outcome> {
    let ctx = Ctx {
        color: cli.color,
        json: cli.json,
        labels: label_mode(cli.labels)?,
    };
    let _ = LABEL_MODE.set(ctx.labels);
    match cli.command {
        Command::Decode(args) => decode::run(&args, &ctx),
        Command::Encode(args) => encode::run(&args, &ctx),
        Command::Validate(args) => validate::run(&args, &ctx),
        Command::Encodings(args) => encodings::run(&args, &ctx),
        Command::Serve(args) => serve::run(&args, &ctx),
        Command::Inspect(args) => inspect::run(&args, &ctx),
        Command::Compare(args) => compare::run(&args, &ctx),
        Command::Char(args) => char::run(&args, &ctx),
        Command::Examples(args) => examples::run(&args, &ctx),
        Command::Dump(args) => dump::run(&args, &ctx),
        Command::Undump(args) => undump::run(&args, &ctx),
        Command::Detect(args) => detect::run(&args, &ctx),
        Command::Convert(args) => convert::run(&args, &ctx),
        Command::Completions(args) => shell::completions(&args, &ctx),
        Command::Man(_) => shell::man(&ctx),
        Command::Scan(args) => scan::run(&args, &ctx),
        Command::Url(args) => url::run(&args, &ctx),
        Command::Same(args) => same::run(&args, &ctx),
        Command::Fix(args) => fix::run(&args, &ctx),
    }
}

/// Resolves an encoding label in this run's label mode, or explains why it names nothing.
pub fn resolve_label(label: &str) -> Result<Resolved> {
    let mode = LABEL_MODE.get().copied().unwrap_or_default();
    Ok(charscope::encoding::resolve(label, mode)?)
}

/// Resolves an encoding label in this run's label mode, or explains why it names nothing; when
/// the label means something its name might not suggest, says so on standard error.
pub fn encoding_for(label: &str) -> Result<&'static charscope::Encoding> {
    let resolved = resolve_label(label)?;
    if let Some(note) = &resolved.note {
        eprintln!("charscope: note: {}", crate::terminal::sanitize(note));
    }
    Ok(resolved.encoding)
}

/// For library calls that take a label themselves (`report::inspect_bytes`): the label resolved
/// in this run's mode, with its note on standard error. The label itself when it means there
/// what it means here (so that "utf-16" still lets a byte order mark choose), else the
/// encoding's canonical name.
pub fn library_label(label: Option<&str>) -> Result<Option<String>> {
    let Some(label) = label else {
        return Ok(None);
    };
    let encoding = encoding_for(label)?;
    Ok(Some(
        if charscope::encoding::for_label(label).is_ok_and(|e| e == encoding) {
            label.to_string()
        } else {
            encoding.name().to_string()
        },
    ))
}

/// The note on a label (see [`encoding_for`]), for a command's JSON `label_note` field.
pub fn label_note(label: &str) -> Option<String> {
    resolve_label(label).ok().and_then(|r| r.note)
}

/// Whether a `--from` value asks for detection.
pub fn is_auto(label: &str) -> bool {
    label.trim().eq_ignore_ascii_case("auto")
}

/// Resolves `--from` for one input: a label, or `auto`, which runs detection over the input
/// first (standard input is read into memory for it) and gives its answer on standard error.
/// Undetectable input (empty, binary) is read as UTF-8, so that every malformed sequence is named.
pub fn encoding_for_source(
    label: &str,
    source: &mut crate::input::Source,
) -> Result<&'static charscope::Encoding> {
    use crate::input::Source;
    use std::io::Read;
    if !is_auto(label) {
        return encoding_for(label);
    }
    if matches!(source, Source::Stdin) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| anyhow::anyhow!("cannot read standard input: {e}"))?;
        *source = Source::Buffered(bytes);
    }
    let d = detect::detect_source(source, None)?;
    eprintln!("{}", auto_note(&source.name(), &d));
    Ok(d.auto_encoding())
}

/// The one line `--from auto` says on standard error: what the input is read as, and why, in
/// the detection's own words ([`charscope::detect::Detection::summary`]); when nothing was
/// found (empty input, binary data), that it is read as UTF-8.
pub fn auto_note(name: &str, d: &charscope::detect::Detection) -> String {
    let fallback = if d.encoding.is_none() {
        format!("; read as {}", d.auto_encoding())
    } else {
        String::new()
    };
    format!(
        "charscope: note: {}: --from auto: {}{fallback}",
        crate::terminal::name(name),
        crate::terminal::sanitize(&d.summary())
    )
}

/// A note for standard error when the input starts with the byte order mark of another encoding
/// than the one decoding it (a UTF-16 file read as UTF-8, say), and the mark was not obeyed.
pub fn foreign_bom_note(
    first_bytes: &[u8],
    decoding: &'static charscope::Encoding,
    name: &str,
) -> Option<String> {
    use charscope::bom::{BomPolicy, Sniff, sniff};
    match sniff(first_bytes, BomPolicy::Unicode, true) {
        Sniff::Found(bom) if bom.encoding != decoding => {
            // Browsers' sniffing knows no UTF-32 mark: only the Unicode policy follows one.
            let sniff = if matches!(bom.encoding.name(), "UTF-32LE" | "UTF-32BE") {
                "sniff-unicode"
            } else {
                "sniff"
            };
            Some(format!(
                "charscope: note: {name} starts with a {} byte order mark but is read as \
                 {decoding}; try --from {} (or --bom {sniff})",
                bom.encoding,
                bom.encoding.name().to_ascii_lowercase()
            ))
        }
        _ => None,
    }
}
