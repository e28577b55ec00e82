//! `charscope dump`: bytes as an annotated dump (each character's bytes together, lead and
//! continuation bytes coloured apart, the characters beside them, malformed sequences named), or
//! with `--plain` exactly as `hexdump -C` writes them. Streams: memory stays bounded.

use crate::Outcome;
use crate::args::DumpArgs;
use crate::cmd::Ctx;
use crate::input::{Source, for_each_chunk};
use crate::output::{Style, use_color};
use crate::terminal;
use anyhow::Result;
use charscope::dump::{AnnotatedRow, Annotator, ByteRole, HexdumpCanonical};
use charscope::{BomMode, Malformed, StreamDecoder, Unit};
use std::io::Write;

/// Colours for the byte roles, or none.
#[derive(Clone, Copy)]
struct Palette {
    on: bool,
}

impl Palette {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

pub fn run(args: &DumpArgs, ctx: &Ctx) -> Result<Outcome> {
    let color = ctx.color;
    if args.plain && ctx.json {
        anyhow::bail!("--plain writes hexdump -C text; it cannot be combined with --json");
    }
    let mut source = Source::from_args(&args.input)?;
    let name = source.name();
    let mut stdout = std::io::BufWriter::with_capacity(256 * 1024, crate::output::stdout());
    if args.plain {
        let mut writer = HexdumpCanonical::new();
        let mut text = String::new();
        for_each_chunk(source.open()?, &name, |chunk, last| {
            writer.write(chunk, &mut text);
            if last {
                writer.finish(&mut text);
            }
            stdout.write_all(text.as_bytes())?;
            text.clear();
            Ok(())
        })?;
        stdout.flush()?;
        return Ok(Outcome::Clean);
    }
    let encoding = super::encoding_for_source(args.from.label(), &mut source)?;
    let on = use_color(color, ctx.json);
    let palette = Palette { on };
    let style = Style::new(on);
    let bom = args
        .bom
        .map_or(BomMode::Keep, |b| super::decode::bom_mode_of(Some(b)));
    let mut decoder = StreamDecoder::new(encoding, bom);
    if !ctx.json {
        let mut rows = TextRows::new(palette, style);
        let mut out = Vec::with_capacity(1 << 20);
        for_each_chunk(source.open()?, &name, |chunk, last| {
            rows.push_bytes(chunk);
            decoder.decode_units(chunk, last, |unit| rows.push_unit(unit, &mut out));
            if last {
                rows.finish(&mut out);
            }
            stdout.write_all(&out)?;
            out.clear();
            Ok(())
        })?;
        stdout.flush()?;
        return Ok(Outcome::Clean);
    }
    let mut annotator = Annotator::new(Annotator::DEFAULT_WIDTH);
    for_each_chunk(source.open()?, &name, |chunk, last| {
        annotator.push_bytes(chunk);
        decoder.decode_units(chunk, last, |unit| annotator.push_unit(unit));
        if last {
            annotator.finish();
        }
        for row in annotator.take_rows() {
            write_json_row(&mut stdout, &row)?;
        }
        Ok(())
    })?;
    stdout.flush()?;
    Ok(Outcome::Clean)
}

fn write_json_row(out: &mut impl Write, row: &AnnotatedRow) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, &row.view()).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}

/// The annotated dump as text, written straight from the units into reused buffers (no
/// allocation per character): the same rows as [`Annotator`] makes, at hexdump's speed.
struct TextRows {
    palette: Palette,
    style: Style,
    /// Bytes not yet consumed by a unit, from absolute offset `pending_start`.
    pending: Vec<u8>,
    pending_start: u64,
    consumed: u64,
    /// The row being built.
    offset: u64,
    len: usize,
    /// Visible width of `hex` (escapes for colour excluded).
    width: usize,
    hex: Vec<u8>,
    text: Vec<u8>,
    /// Malformed sequences that begin in the row, with the column of their first byte.
    marks: Vec<(usize, Malformed)>,
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

impl TextRows {
    fn new(palette: Palette, style: Style) -> Self {
        TextRows {
            palette,
            style,
            pending: Vec::new(),
            pending_start: 0,
            consumed: 0,
            offset: 0,
            len: 0,
            width: 0,
            hex: Vec::with_capacity(256),
            text: Vec::with_capacity(256),
            marks: Vec::new(),
        }
    }

    fn push_bytes(&mut self, chunk: &[u8]) {
        let taken =
            ((self.consumed.saturating_sub(self.pending_start)) as usize).min(self.pending.len());
        self.pending.drain(..taken);
        self.pending_start += taken as u64;
        self.pending.extend_from_slice(chunk);
    }

    /// Adds one unit (a character or a malformed sequence) to the rows, ending the row in
    /// `out` where the unit does not fit in it.
    fn push_unit(&mut self, unit: Unit, out: &mut Vec<u8>) {
        let span = unit.span();
        if span.is_empty() {
            // A second character sharing the bytes of the one before (Big5 88 62).
            if let Unit::Char { ch, .. } = unit {
                self.push_char(ch);
            }
            return;
        }
        let from = (span.start.saturating_sub(self.pending_start) as usize).min(self.pending.len());
        let to = ((span.end - self.pending_start) as usize).min(self.pending.len());
        self.consumed = span.end;
        // The common case: a character that fits in the row.
        if let Unit::Char { ch, .. } = unit
            && to - from <= Annotator::DEFAULT_WIDTH - self.len
            && self.len > 0
        {
            self.push_char_in_row(ch, from, to);
            return;
        }
        self.push_across_rows(unit, from, to, span.start, out);
    }

    /// A character whose bytes, `pending[from..to]`, fit in the row begun: its bytes, then
    /// the character.
    #[inline]
    fn push_char_in_row(&mut self, ch: char, from: usize, to: usize) {
        self.hex.push(b' ');
        self.width += 1;
        let n = to - from;
        for i in from..to {
            let b = self.pending[i];
            let role = if n == 1 {
                ByteRole::Single
            } else if i == from {
                ByteRole::Lead
            } else {
                ByteRole::Continuation
            };
            self.push_hex(role, b);
        }
        self.push_char(ch);
        self.len += n;
    }

    /// A unit that starts a row or does not fit in the one begun: its bytes, `pending[from..to]`
    /// from offset `start`, in pieces of at most a row, each row ended in `out` when full.
    fn push_across_rows(
        &mut self,
        unit: Unit,
        from: usize,
        to: usize,
        start: u64,
        out: &mut Vec<u8>,
    ) {
        let pending = std::mem::take(&mut self.pending);
        let bytes = &pending[from..to];
        let mut at = start;
        for (k, piece) in bytes.chunks(Annotator::DEFAULT_WIDTH).enumerate() {
            if self.len + piece.len() > Annotator::DEFAULT_WIDTH {
                self.flush(out);
            }
            if self.len == 0 {
                self.offset = at;
            } else {
                self.hex.push(b' ');
                self.width += 1;
            }
            self.push_piece(unit, piece, k > 0);
            self.len += piece.len();
            at += piece.len() as u64;
        }
        self.pending = pending;
    }

    /// One piece of a unit's bytes in the row (`continued`: not its first piece): the bytes
    /// coloured by role, then, on the first piece, the character or U+FFFD (a malformed
    /// sequence is also marked, to be named under the row).
    #[inline]
    fn push_piece(&mut self, unit: Unit, piece: &[u8], continued: bool) {
        match unit {
            Unit::Char { ch, .. } => {
                let multi = piece.len() > 1 || continued;
                for (i, &b) in piece.iter().enumerate() {
                    let role = if !multi {
                        ByteRole::Single
                    } else if i == 0 && !continued {
                        ByteRole::Lead
                    } else {
                        ByteRole::Continuation
                    };
                    self.push_hex(role, b);
                }
                if !continued {
                    self.push_char(ch);
                }
            }
            Unit::Malformed(m) => {
                if !continued {
                    self.marks.push((self.width, m));
                }
                for &b in piece {
                    self.push_hex(ByteRole::Malformed, b);
                }
                if !continued {
                    let shown = self.palette.paint("1;31", "\u{FFFD}");
                    self.text.extend_from_slice(shown.as_bytes());
                }
            }
        }
    }

    fn push_hex(&mut self, role: ByteRole, b: u8) {
        let digits = [
            HEX_DIGITS[usize::from(b >> 4)],
            HEX_DIGITS[usize::from(b & 0xF)],
        ];
        self.width += 2;
        let code = match role {
            _ if !self.palette.on => None,
            ByteRole::Lead => Some("1;36"),
            ByteRole::Continuation => Some("34"),
            ByteRole::Malformed => Some("1;31"),
            _ => None,
        };
        match code {
            Some(code) => {
                self.hex.extend_from_slice(b"\x1b[");
                self.hex.extend_from_slice(code.as_bytes());
                self.hex.push(b'm');
                self.hex.extend_from_slice(&digits);
                self.hex.extend_from_slice(b"\x1b[0m");
            }
            None => self.hex.extend_from_slice(&digits),
        }
    }

    fn push_char(&mut self, c: char) {
        if (' '..='~').contains(&c) {
            self.text.push(c as u8);
            return;
        }
        let escape = match c {
            '\n' => Some(std::borrow::Cow::Borrowed("\\n")),
            '\t' => Some(std::borrow::Cow::Borrowed("\\t")),
            '\r' => Some(std::borrow::Cow::Borrowed("\\r")),
            c if terminal::is_unsafe(c) || c.is_control() => Some(std::borrow::Cow::Owned(
                format!("\\u{{{:04X}}}", u32::from(c)),
            )),
            _ => None,
        };
        match escape {
            Some(e) => self
                .text
                .extend_from_slice(self.palette.paint("2", &e).as_bytes()),
            None => {
                let mut buf = [0u8; 4];
                self.text
                    .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }

    fn flush(&mut self, out: &mut Vec<u8>) {
        if self.len == 0 {
            return;
        }
        if self.palette.on {
            let offset = format!("{:08x}", self.offset);
            out.extend_from_slice(self.style.dim(&offset).as_bytes());
        } else {
            let mut digits = [b'0'; 16];
            let mut v = self.offset;
            let mut n = 0;
            while v > 0 || n < 8 {
                digits[15 - n] = HEX_DIGITS[(v & 0xF) as usize];
                v >>= 4;
                n += 1;
            }
            out.extend_from_slice(&digits[16 - n..]);
        }
        out.extend_from_slice(b"  ");
        out.extend_from_slice(&self.hex);
        out.resize(out.len() + HEX_WIDTH.saturating_sub(self.width), b' ');
        out.extend_from_slice(b"  ");
        out.extend_from_slice(&self.text);
        out.push(b'\n');
        for (column, m) in self.marks.drain(..) {
            // The caret sits under the sequence's first byte.
            let line = format!(
                "{:indent$}^ {:08x} {}: {}\n",
                "",
                m.offset(),
                self.style.bad(m.kind.as_str()),
                terminal::sanitize(&m.reason()),
                indent = 10 + column
            );
            out.extend_from_slice(line.as_bytes());
        }
        self.hex.clear();
        self.text.clear();
        self.len = 0;
        self.width = 0;
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        self.flush(out);
        self.pending.clear();
        self.pending_start = 0;
        self.consumed = 0;
    }
}

/// Width of the hex column: every byte apart, as in a row of single-byte characters.
const HEX_WIDTH: usize = Annotator::DEFAULT_WIDTH * 3 - 1;
