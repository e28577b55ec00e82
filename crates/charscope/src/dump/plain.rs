//! Dumps without offsets: plain hex with any separators, `xxd -p`, arrays of byte values
//! (`xxd -i`, C, Rust, Python, Java), `\x` escapes and byte-string literals, percent-encoding,
//! and base64 when asked for.

use super::error::{DumpError, DumpErrorKind};
use super::lines::{Line, all_hex};
use super::{DumpFormat, LazyParsed};
use crate::hex::digit_char;

/// One character of the dump with its position.
#[derive(Clone, Copy, Debug)]
struct PChar {
    c: char,
    line: usize,
    column: usize,
}

fn chars_of(lines: &[Line]) -> Vec<PChar> {
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if k > 0 {
            out.push(PChar {
                c: '\n',
                line: lines[k - 1].number,
                column: lines[k - 1].column(lines[k - 1].chars.len()),
            });
        }
        for (i, &c) in line.chars.iter().enumerate() {
            out.push(PChar {
                c,
                line: line.number,
                column: line.column(i),
            });
        }
    }
    out
}

fn err_at(p: &PChar, kind: DumpErrorKind, message: impl Into<String>) -> DumpError {
    DumpError::new(p.line, p.column, kind, message)
}

fn end_error(chars: &[PChar], kind: DumpErrorKind, message: impl Into<String>) -> DumpError {
    match chars.last() {
        Some(p) => DumpError::new(p.line, p.column + 1, kind, message),
        None => DumpError::new(1, 1, kind, message),
    }
}

fn parsed(bytes: Vec<u8>, format: DumpFormat, warnings: Vec<String>) -> LazyParsed {
    LazyParsed {
        bytes: bytes.into(),
        format,
        warnings,
    }
}

/// Which plain format the text looks like.
pub(crate) fn detect(lines: &[Line]) -> DumpFormat {
    let text: String = lines
        .iter()
        .map(|l| l.text())
        .collect::<Vec<_>>()
        .join("\n");
    let trimmed = text.trim_start();
    let quoted = trimmed.starts_with(['"', '\''])
        || trimmed.starts_with("b'")
        || trimmed.starts_with("b\"")
        || trimmed.starts_with("bytearray(b");
    // Bare octal escapes, as git's quotepath and `printf %q` write them: \303\251.
    let octal = |w: &[u8]| w[0] == b'\\' && w[1..].iter().all(|b| (b'0'..=b'7').contains(b));
    if quoted {
        DumpFormat::HexEscapes
    } else if last_bracketed(&chars_of(lines)).is_some() {
        DumpFormat::CArray
    } else if text.contains("\\x") || text.contains("\\X") || text.as_bytes().windows(4).any(octal)
    {
        DumpFormat::HexEscapes
    } else if text.contains('%') {
        DumpFormat::Percent
    } else if is_xxd_plain(lines) {
        DumpFormat::XxdPlain
    } else {
        DumpFormat::Hex
    }
}

/// Reads the text as `format`, one of the plain formats.
pub(crate) fn parse(lines: &[Line], format: DumpFormat) -> Result<LazyParsed, DumpError> {
    let chars = chars_of(lines);
    match format {
        DumpFormat::CArray | DumpFormat::XxdInclude => parse_array(&chars),
        DumpFormat::HexEscapes => parse_escapes(&chars),
        DumpFormat::Percent => parse_percent(&chars),
        DumpFormat::Base64 => parse_base64(&chars),
        DumpFormat::XxdPlain => parse_xxd_plain(lines, &chars),
        _ => parse_hex(&chars).map(|b| parsed(b, DumpFormat::Hex, Vec::new())),
    }
}

/// Lines of bare hex digits, at least 4 bytes each and all but the last of the same length:
/// `xxd -p`.
fn is_xxd_plain(lines: &[Line]) -> bool {
    let lens: Vec<usize> = lines.iter().map(|l| l.chars.len()).collect();
    lines.iter().all(|l| all_hex(&l.text()))
        && lens.len() >= 2
        && lens[0] >= 8
        && lens[..lens.len() - 1].iter().all(|&n| n == lens[0])
        && lens[lens.len() - 1] <= lens[0]
}

fn parse_xxd_plain(lines: &[Line], chars: &[PChar]) -> Result<LazyParsed, DumpError> {
    // xxd -r -p reads the digits as one stream, whatever the line breaks.
    let digits: Vec<PChar> = chars
        .iter()
        .copied()
        .filter(|p| !p.c.is_whitespace())
        .collect();
    if let Some(p) = digits.iter().find(|p| !p.c.is_ascii_hexdigit()) {
        return Err(err_at(
            p,
            DumpErrorKind::Invalid,
            format!(
                "{:?} is not a hex digit (xxd -p writes only hex digits)",
                p.c
            ),
        ));
    }
    if digits.len() % 2 == 1 {
        return Err(end_error(
            chars,
            DumpErrorKind::Truncated,
            "an odd number of hex digits: the last byte is cut in half",
        ));
    }
    let bytes = digits
        .chunks(2)
        .map(|pair| digit_char(pair[0].c).unwrap() << 4 | digit_char(pair[1].c).unwrap())
        .collect();
    let format = if lines.len() >= 2 || lines.first().is_some_and(|l| l.text().trim().len() == 60) {
        DumpFormat::XxdPlain
    } else {
        DumpFormat::Hex
    };
    Ok(parsed(bytes, format, Vec::new()))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ':' | '-' | ';')
}

/// Plain hex: tokens of hex digits (an optional `0x` each) between separators.
fn parse_hex(chars: &[PChar]) -> Result<Vec<u8>, DumpError> {
    let mut bytes = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if is_separator(chars[i].c) {
            i += 1;
            continue;
        }
        let start = i;
        let prefixed = chars[i].c == '0'
            && chars.get(i + 1).is_some_and(|p| p.c == 'x' || p.c == 'X')
            && chars.get(i + 2).is_some_and(|p| p.c.is_ascii_hexdigit());
        if prefixed {
            i += 2;
        }
        let digits_at = i;
        while i < chars.len() && !is_separator(chars[i].c) {
            if !chars[i].c.is_ascii_hexdigit() {
                return Err(err_at(
                    &chars[i],
                    DumpErrorKind::Invalid,
                    format!(
                        "{:?} is not a hex digit or a separator (space, comma, colon, dash)",
                        chars[i].c
                    ),
                ));
            }
            i += 1;
        }
        let digits = &chars[digits_at..i];
        if prefixed && digits.len() == 1 {
            bytes.push(digit_char(digits[0].c).unwrap());
        } else if digits.len() % 2 == 1 {
            return Err(err_at(
                &chars[start],
                DumpErrorKind::Invalid,
                "an odd number of hex digits: bytes are written as pairs of digits",
            ));
        } else {
            bytes.extend(
                digits
                    .chunks(2)
                    .map(|p| digit_char(p[0].c).unwrap() << 4 | digit_char(p[1].c).unwrap()),
            );
        }
    }
    Ok(bytes)
}

/// The last top-level `{...}` or `[...]`: start and end indices.
fn last_bracketed(chars: &[PChar]) -> Option<(usize, usize)> {
    let mut stack: Vec<(usize, char)> = Vec::new();
    let mut found = None;
    for (i, p) in chars.iter().enumerate() {
        match p.c {
            '{' | '[' => stack.push((i, p.c)),
            '}' | ']' => {
                let open = if p.c == '}' { '{' } else { '[' };
                match stack.pop() {
                    Some((start, c)) if c == open => {
                        if stack.is_empty() {
                            found = Some((start, i));
                        }
                    }
                    _ => return None,
                }
            }
            _ => {}
        }
    }
    found
}

fn parse_array(chars: &[PChar]) -> Result<LazyParsed, DumpError> {
    let (values, close) = match last_bracketed(chars) {
        Some((open, close)) => (&chars[open + 1..close], Some(close)),
        None => (chars, None),
    };
    let mut warnings = Vec::new();
    let mut bytes = Vec::new();
    let mut negative = 0;
    for element in split_elements(values) {
        let Some(first) = element.first() else {
            continue;
        };
        let (value, text) = element_value(&element)?;
        let v = if value < 0 {
            negative += 1;
            value + 256
        } else {
            value
        };
        if !(0..=255).contains(&v) {
            return Err(err_at(
                first,
                DumpErrorKind::Invalid,
                format!("{text} is not a byte value (0 to 255, or -128 to -1)"),
            ));
        }
        bytes.push(v as u8);
    }
    if negative > 0 {
        warnings.push(format!(
            "{negative} negative value(s) read as signed bytes (Java's byte type): -61 is C3"
        ));
    }
    let mut format = DumpFormat::CArray;
    let declared = match close {
        Some(close) => check_suffix(&chars[close + 1..])?,
        None => None,
    };
    if let Some((len, at)) = declared {
        format = DumpFormat::XxdInclude;
        if len != bytes.len() as u64 {
            return Err(err_at(
                &at,
                DumpErrorKind::Inconsistent,
                format!(
                    "the _len variable says {len} bytes, but the array holds {}",
                    bytes.len()
                ),
            ));
        }
    }
    Ok(parsed(bytes, format, warnings))
}

/// Elements of an array: runs between commas, or between spaces when there is no comma (Go
/// prints `[195 169]`).
fn split_elements(values: &[PChar]) -> Vec<Vec<PChar>> {
    let mut out = Vec::new();
    let commas = values.iter().any(|p| p.c == ',');
    let separator = |p: &PChar| {
        if commas {
            p.c == ','
        } else {
            p.c.is_whitespace()
        }
    };
    for piece in values.split(separator) {
        let trimmed: Vec<PChar> = piece
            .iter()
            .copied()
            .skip_while(|p| p.c.is_whitespace())
            .collect();
        let end = trimmed
            .iter()
            .rposition(|p| !p.c.is_whitespace())
            .map_or(0, |i| i + 1);
        out.push(trimmed[..end].to_vec());
    }
    out
}

/// The number an array element spells: `0xC3`, `195`, `-61`, `(byte)0xC3`, `0xc3u8`, `0b1010`.
fn element_value(element: &[PChar]) -> Result<(i64, String), DumpError> {
    let text: String = element.iter().map(|p| p.c).collect();
    let bad = |why: &str| {
        err_at(
            &element[0],
            DumpErrorKind::Invalid,
            format!("{text:?} is not a byte value: {why}"),
        )
    };
    let mut s = text.trim();
    if let Some(rest) = s.strip_prefix('(') {
        let close = rest.find(')').ok_or_else(|| bad("unclosed cast"))?;
        if !rest[..close]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
        {
            return Err(bad("expected a type in the cast"));
        }
        s = rest[close + 1..].trim_start();
    }
    let (negative, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let s = ["_u8", "u8", "_i8", "i8", "U", "u"]
        .iter()
        .find_map(|suffix| s.strip_suffix(suffix))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(s);
    let s = s.replace('_', "");
    let lower = s.to_ascii_lowercase();
    let value = if let Some(hex) = lower.strip_prefix("0x") {
        i64::from_str_radix(hex, 16).map_err(|_| bad("expected hex digits after 0x"))?
    } else if let Some(bin) = lower.strip_prefix("0b") {
        i64::from_str_radix(bin, 2).map_err(|_| bad("expected binary digits after 0b"))?
    } else if let Some(oct) = lower.strip_prefix("0o") {
        i64::from_str_radix(oct, 8).map_err(|_| bad("expected octal digits after 0o"))?
    } else if lower.len() > 1 && lower.starts_with('0') {
        return Err(bad(
            "a leading zero means octal in C and Java but decimal elsewhere; write 0o or 0x",
        ));
    } else {
        lower
            .parse::<i64>()
            .map_err(|_| bad("expected a number such as 0xC3 or 195"))?
    };
    Ok((if negative { -value } else { value }, text))
}

/// What may follow an array: `;`, `)`, and xxd -i's `unsigned int NAME_len = N;`, whose N is
/// returned with its position.
fn check_suffix(suffix: &[PChar]) -> Result<Option<(u64, PChar)>, DumpError> {
    let text: String = suffix.iter().map(|p| p.c).collect();
    let mut len = None;
    let mut at = 0;
    for (i, c) in text.char_indices() {
        if i < at {
            continue;
        }
        let index = text[..i].chars().count();
        if c.is_whitespace() || c == ';' || c == ')' {
            continue;
        }
        let rest = &text[i..];
        let decl = rest
            .strip_prefix("unsigned int ")
            .and_then(|r| r.split_once('='))
            .filter(|(name, _)| name.trim().ends_with("_len") || name.trim().ends_with("_LEN"));
        if let Some((_, value)) = decl {
            let digits: String = value
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            let offset = rest.len() - value.len() + (value.len() - value.trim_start().len());
            let digit_index = text[..i + offset].chars().count();
            let n = digits.parse::<u64>().map_err(|_| {
                err_at(
                    &suffix[digit_index.min(suffix.len() - 1)],
                    DumpErrorKind::Invalid,
                    "expected the length after _len =",
                )
            })?;
            len = Some((n, suffix[digit_index]));
            at = i + offset + digits.len();
            continue;
        }
        return Err(err_at(
            &suffix[index],
            DumpErrorKind::Invalid,
            format!(
                "stray text after the array: {:?}",
                rest.lines().next().unwrap_or("")
            ),
        ));
    }
    Ok(len)
}

/// `\x` escapes, bare (`\xC3\xA9`) or in quoted byte-string literals (`b"caf\xc3\xa9"`,
/// `"\303\251"`, several literals one after another as in C).
fn parse_escapes(chars: &[PChar]) -> Result<LazyParsed, DumpError> {
    let chars = strip_bytearray(chars);
    let mut bytes = Vec::new();
    let mut warnings = Vec::new();
    let mut non_ascii = false;
    let mut i = 0;
    let mut quoted_any = false;
    while i < chars.len() {
        let c = chars[i].c;
        if c.is_whitespace() || (c == ',' && !quoted_any) || (c == ';' && quoted_any) {
            i += 1;
            continue;
        }
        if c == '\\' {
            if quoted_any {
                return Err(err_at(
                    &chars[i],
                    DumpErrorKind::Invalid,
                    "an escape outside the quotes",
                ));
            }
            let (b, next) = escape_at(chars, i, false)?;
            bytes.push(b);
            i = next;
            continue;
        }
        let quote_at = literal_start(chars, i, quoted_any || bytes.is_empty())?;
        quoted_any = true;
        let (next, wide) = read_literal(chars, quote_at, &mut bytes)?;
        non_ascii |= wide;
        i = next;
    }
    if non_ascii {
        warnings.push("characters outside ASCII in the string were written as UTF-8".into());
    }
    Ok(parsed(bytes, DumpFormat::HexEscapes, warnings))
}

/// Where the opening quote of the literal at `i` is (after a `b` prefix); an error unless a
/// literal starts there and `may_quote` (no bare escape came before it).
fn literal_start(chars: &[PChar], i: usize, may_quote: bool) -> Result<usize, DumpError> {
    let c = chars[i].c;
    let prefixed =
        matches!(c, 'b' | 'B') && chars.get(i + 1).is_some_and(|p| p.c == '"' || p.c == '\'');
    let quote_at = if prefixed { i + 1 } else { i };
    let quote = chars[quote_at].c;
    if quote != '"' && quote != '\'' || !may_quote {
        return Err(err_at(
            &chars[i],
            DumpErrorKind::Invalid,
            format!(
                "{c:?} is not a \\x escape; to mix characters and escapes, quote the string \
                 (\"caf\\xC3\\xA9\")"
            ),
        ));
    }
    Ok(quote_at)
}

/// The bytes of the quoted literal whose quote is at `quote_at` (its characters in UTF-8, its
/// escapes as their bytes), pushed to `bytes`; where the literal ends, and whether it had
/// characters outside ASCII.
fn read_literal(
    chars: &[PChar],
    quote_at: usize,
    bytes: &mut Vec<u8>,
) -> Result<(usize, bool), DumpError> {
    let quote = chars[quote_at].c;
    let mut non_ascii = false;
    let mut i = quote_at + 1;
    loop {
        let Some(p) = chars.get(i) else {
            return Err(end_error(
                chars,
                DumpErrorKind::Truncated,
                format!("the string has no closing {quote}"),
            ));
        };
        match p.c {
            q if q == quote => return Ok((i + 1, non_ascii)),
            '\\' => {
                let (b, next) = escape_at(chars, i, true)?;
                bytes.push(b);
                i = next;
            }
            '\n' => {
                return Err(err_at(
                    p,
                    DumpErrorKind::Truncated,
                    format!("the string has no closing {quote} on its line"),
                ));
            }
            c => {
                let mut buf = [0u8; 4];
                non_ascii |= !c.is_ascii();
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i += 1;
            }
        }
    }
}

/// Python's `bytearray(b'...')` as its repr writes it: the literal inside.
fn strip_bytearray(chars: &[PChar]) -> &[PChar] {
    let first = chars.iter().position(|p| !p.c.is_whitespace());
    let last = chars.iter().rposition(|p| !p.c.is_whitespace());
    let (Some(first), Some(last)) = (first, last) else {
        return chars;
    };
    let prefix: Vec<char> = "bytearray(".chars().collect();
    let opens = chars[first..]
        .iter()
        .map(|p| p.c)
        .take(prefix.len())
        .eq(prefix.iter().copied());
    if opens && chars[last].c == ')' && last > first + prefix.len() {
        &chars[first + prefix.len()..last]
    } else {
        chars
    }
}

/// The byte an escape at `i` (a backslash) stands for, and the index after it. Outside quotes
/// only `\xNN` and three-digit octal `\NNN` are allowed.
fn escape_at(chars: &[PChar], i: usize, quoted: bool) -> Result<(u8, usize), DumpError> {
    let Some(kind) = chars.get(i + 1) else {
        return Err(end_error(
            chars,
            DumpErrorKind::Truncated,
            "a backslash at the end",
        ));
    };
    let hex = |k: usize| chars.get(k).and_then(|p| digit_char(p.c));
    if kind.c == 'x' || kind.c == 'X' {
        return match (hex(i + 2), hex(i + 3)) {
            (Some(h), Some(l)) => Ok((h << 4 | l, i + 4)),
            _ => Err(err_at(
                &chars[i],
                DumpErrorKind::Invalid,
                "\\x must be followed by two hex digits",
            )),
        };
    }
    let octal_at = |k: usize| chars.get(k).is_some_and(|p| p.c.is_digit(8));
    let bare_octal = octal_at(i + 1) && octal_at(i + 2) && octal_at(i + 3);
    if !quoted && !bare_octal {
        return Err(err_at(
            &chars[i],
            DumpErrorKind::Invalid,
            format!(
                "\\{} outside a quoted string; only \\xNN and \\NNN (octal) escapes stand alone",
                kind.c
            ),
        ));
    }
    let simple = match kind.c {
        'n' => Some(b'\n'),
        'r' => Some(b'\r'),
        't' => Some(b'\t'),
        'a' => Some(7),
        'b' => Some(8),
        'f' => Some(12),
        'v' => Some(11),
        'e' => Some(0x1B),
        '\\' => Some(b'\\'),
        '\'' => Some(b'\''),
        '"' => Some(b'"'),
        '?' => Some(b'?'),
        _ => None,
    };
    if let Some(b) = simple {
        return Ok((b, i + 2));
    }
    if kind.c.is_digit(8) {
        let mut value = 0u32;
        let mut k = i + 1;
        while k < i + 4 && chars.get(k).is_some_and(|p| p.c.is_digit(8)) {
            value = value * 8 + chars[k].c.to_digit(8).unwrap();
            k += 1;
        }
        return u8::try_from(value).map(|b| (b, k)).map_err(|_| {
            err_at(
                &chars[i],
                DumpErrorKind::Invalid,
                "an octal escape above \\377",
            )
        });
    }
    Err(err_at(
        &chars[i],
        DumpErrorKind::Invalid,
        format!("\\{} is not a byte escape", kind.c),
    ))
}

/// Percent-encoding: `%XX` is a byte, other characters stand for themselves (as UTF-8), and
/// whitespace between lines is dropped.
fn parse_percent(chars: &[PChar]) -> Result<LazyParsed, DumpError> {
    let mut bytes = Vec::new();
    let mut warnings = Vec::new();
    let mut plus = false;
    let mut non_ascii = false;
    let mut i = 0;
    while i < chars.len() {
        let p = &chars[i];
        match p.c {
            c if c.is_whitespace() => i += 1,
            '%' => {
                let hex = |k: usize| chars.get(k).and_then(|p| digit_char(p.c));
                match (hex(i + 1), hex(i + 2)) {
                    (Some(h), Some(l)) => bytes.push(h << 4 | l),
                    _ => {
                        return Err(err_at(
                            p,
                            DumpErrorKind::Invalid,
                            "a % not followed by two hex digits (write a literal % as %25)",
                        ));
                    }
                }
                i += 3;
            }
            c => {
                plus |= c == '+';
                non_ascii |= !c.is_ascii();
                let mut buf = [0u8; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i += 1;
            }
        }
    }
    if plus {
        warnings.push(
            "+ kept as the byte 2B; in form data (application/x-www-form-urlencoded) it stands \
             for a space"
                .into(),
        );
    }
    if non_ascii {
        warnings.push("characters outside ASCII were written as UTF-8".into());
    }
    Ok(parsed(bytes, DumpFormat::Percent, warnings))
}

fn base64_value(c: char) -> Option<(u8, Option<bool>)> {
    // The value, and whether the character belongs only to the URL-safe alphabet (Some(true))
    // or only to the standard one (Some(false)).
    Some(match c {
        'A'..='Z' => (c as u8 - b'A', None),
        'a'..='z' => (c as u8 - b'a' + 26, None),
        '0'..='9' => (c as u8 - b'0' + 52, None),
        '+' => (62, Some(false)),
        '/' => (63, Some(false)),
        '-' => (62, Some(true)),
        '_' => (63, Some(true)),
        _ => return None,
    })
}

/// Base64, standard or URL-safe alphabet, padding optional, whitespace ignored.
fn parse_base64(chars: &[PChar]) -> Result<LazyParsed, DumpError> {
    let mut bits: u32 = 0;
    let mut nbits = 0;
    let mut bytes = Vec::new();
    let mut alphabet: Option<bool> = None;
    let mut count = 0;
    let mut padding: Option<&PChar> = None;
    for p in chars.iter().filter(|p| !p.c.is_whitespace()) {
        if p.c == '=' {
            padding.get_or_insert(p);
            continue;
        }
        if let Some(pad) = padding {
            return Err(err_at(
                pad,
                DumpErrorKind::Invalid,
                "= padding before the end of the base64 text",
            ));
        }
        let Some((v, url)) = base64_value(p.c) else {
            return Err(err_at(
                p,
                DumpErrorKind::Invalid,
                format!("{:?} is not a base64 character", p.c),
            ));
        };
        if let Some(url) = url {
            if alphabet.is_some_and(|a| a != url) {
                return Err(err_at(
                    p,
                    DumpErrorKind::Invalid,
                    "the standard (+/) and URL-safe (-_) base64 alphabets are mixed",
                ));
            }
            alphabet = Some(url);
        }
        count += 1;
        bits = bits << 6 | u32::from(v);
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            bytes.push((bits >> nbits) as u8);
            bits &= (1 << nbits) - 1;
        }
    }
    if count % 4 == 1 {
        return Err(end_error(
            chars,
            DumpErrorKind::Truncated,
            "a base64 text of 4n+1 characters: the last character is cut off",
        ));
    }
    let mut warnings = Vec::new();
    if bits != 0 {
        warnings.push("the last base64 character has bits set past the last byte".into());
    }
    Ok(parsed(bytes, DumpFormat::Base64, warnings))
}
