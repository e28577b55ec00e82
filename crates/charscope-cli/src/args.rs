//! The command line, as clap sees it.

use charscope::dump::DumpFormat;
use charscope::escape::EscapeFormat;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The exit codes, as `charscope --help` ends.
pub const EXIT_CODES: &str = "Exit codes:
  0  done, nothing to report
  1  done, but problems found: malformed input (validate; decode, which still writes the text
     with each malformed sequence replaced by U+FFFD; decode --strict, which stops there),
     characters an encoding cannot represent (encode, which writes nothing unless --errors
     substitutes them)
  2  usage error, unreadable or unusable input (a missing file, a dump that does not read)
  A closed pipe (charscope ... | head) exits 0.";

/// See and fix what text encodings do to bytes.
#[derive(Debug, Parser)]
#[command(
    name = "charscope",
    version,
    about = "See and fix what text encodings do to bytes: decode, encode, convert, validate, detect, fix, inspect, dump, scan, serve.",
    long_about = None,
    after_help = EXIT_CODES
)]
pub struct Cli {
    /// When to colour the output: auto (a terminal, without NO_COLOR or TERM=dumb), always, never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print JSON instead of text (JSON Lines where the output is a stream or there are several
    /// inputs); never coloured.
    #[arg(long, global = true)]
    pub json: bool,

    /// What encoding labels mean: whatwg (the default: as in browsers, where "latin1" and "ascii"
    /// are windows-1252) or iana (iconv's meanings: "ascii" is 7-bit US-ASCII, "latin1" true
    /// ISO-8859-1). Also set by CHARSCOPE_LABELS. `charscope encodings` lists the differences.
    #[arg(long, global = true, value_enum, value_name = "MODE")]
    pub labels: Option<LabelsArg>,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// `--labels`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LabelsArg {
    /// The WHATWG Encoding Standard's meanings, as in browsers (the default).
    Whatwg,
    /// iconv's meanings where WHATWG differs.
    Iana,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, unless NO_COLOR is set or TERM=dumb.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Every command.
#[derive(Debug, Subcommand)]
// Each subcommand's arguments are built only when it runs (or for help, completions and the
// manual): building them all took 0.4 ms of every start. A command's description is the doc
// comment of its variant: the structs of arguments (and `ByteInput`, which they flatten) carry
// plain comments, as a doc comment there would replace the description once clap builds the
// deferred arguments (a test in `tests/promises.rs` checks every command's help).
#[command(defer = true)]
pub enum Command {
    /// Decode bytes to text; each malformed sequence becomes one U+FFFD and is reported.
    #[command(
        after_help = "Example:\n  charscope decode --from utf-8 --json --hex 'C0 AF E0 80 BF F0 81 82 41'"
    )]
    Decode(DecodeArgs),
    /// Encode text to bytes, reporting each character the encoding cannot represent.
    #[command(
        after_help = "Example:\n  charscope encode --to shift_jis --json 'caf\u{e9} \u{20ac}'"
    )]
    Encode(EncodeArgs),
    /// Convert files or a pipe from one encoding to another, streamed: iconv's job, and no byte
    /// lost silently (strict by default; a failed run leaves no output file).
    #[command(
        after_help = "Examples:\n  charscope convert -f windows-1252 -t utf-8 export.csv -o export.utf8.csv\n  charscope convert --from shift_jis --to utf-8 --errors escape old/*.txt -o new/\n  iconv-style: charscope convert -f latin1 -t utf-8 -c < in.txt > out.txt\n\nExit status: 0 converted; 1 stopped at a malformed sequence or unmappable character (strict) or,\nwith another policy, something was replaced; 2 usage or I/O error."
    )]
    Convert(ConvertArgs),
    /// Report every malformed sequence in files as file:line:column, with its byte offset; exit 1
    /// if any.
    #[command(after_help = "Example:\n  charscope validate --from utf-8 data/*.csv")]
    Validate(ValidateArgs),
    /// Which encoding is this? The answer with its confidence, the evidence in plain words, the
    /// alternatives, segments where the encoding changes, and what the file declares.
    #[command(
        after_help = "Examples:\n  charscope detect subtitles.srt page.html\n  charscope detect --json --hex 'C0 AF E0 80 BF F0 81 82 41'\n  curl -sI URL | grep -i charset; charscope detect --declared iso-8859-1 page.html"
    )]
    Detect(DetectArgs),
    /// Repair mojibake (text decoded with the wrong encoding), saying which steps it undid.
    #[command(
        after_help = "Examples:\n  charscope fix 'Ã©tÃ©'\n  charscope fix --explain 'ÃƒÂ§'\n  charscope fix --file export.csv -o repaired.csv\n  charscope fix --json 'â€™'"
    )]
    Fix(FixArgs),
    /// Everything about one input: each character with its bytes, name and properties, the
    /// lengths, normalization forms, malformed sequences and byte order mark.
    #[command(
        after_help = "Examples:\n  charscope inspect 'caf\u{e9}'\n  charscope inspect --hex '2F C0 AE 2E 2F' --json\n  charscope inspect --file page.html --from windows-1252"
    )]
    Inspect(InspectArgs),
    /// What every encoding makes of the same bytes, most plausible reading first.
    #[command(after_help = "Example:\n  charscope compare --hex 'C3 A7 61'")]
    Compare(CompareArgs),
    /// Name, properties and encodings of characters; or search characters by name.
    #[command(
        after_help = "Examples:\n  charscope char \u{e9}\n  charscope char U+1F600 --json\n  charscope char --search 'grinning face'"
    )]
    Char(CharArgs),
    /// Show bytes as an annotated dump: each character's bytes together, malformed ones named.
    #[command(
        after_help = "Examples:\n  charscope dump --hex 'C0 AF E0 80 BF F0 81 82 41'\n  charscope dump --from utf-16le notes.txt\n  charscope dump --plain file.bin    # exactly hexdump -C"
    )]
    Dump(DumpArgs),
    /// Turn any dump back into raw bytes: hexdump -C, hexdump, xxd, od, hexyl, hex, arrays, escapes.
    #[command(
        after_help = "Examples:\n  xxd file.bin | charscope undump > copy.bin\n  charscope undump --json pasted.txt"
    )]
    Undump(UndumpArgs),
    /// Find hidden characters, bidi controls, lookalikes and names that collide in files and
    /// file names; exit 1 if anything is found.
    #[command(
        after_help = "Examples:\n  charscope scan src/\n  charscope scan --format sarif . > charscope.sarif\n  charscope scan --allow not-nfc,private-use notes.txt\n\nConfiguration: .charscope.toml in the current directory (or --config FILE):\n  allow = [\"private-use\"]          # codes never reported\n  default_allow = true               # the built-in allowances (emoji sequences, ...)\n  [[paths]]\n  glob = \"tests/data/**\"\n  allow = [\"all\"]                   # codes not reported under these paths"
    )]
    Scan(ScanArgs),
    /// Each decoding layer a server may apply to a URL or path, and what it would see.
    #[command(
        after_help = "Examples:\n  charscope url '/%c0%ae%c0%ae/'\n  charscope url --hex '2F C0 AE 2E 2F'\n  charscope url --json '%252e%252e%252f'"
    )]
    Url(UrlArgs),
    /// Are two strings the same? Bytes, NFC, NFKC, case-folded and confusable skeleton; exit 1
    /// unless they are the same bytes.
    #[command(
        after_help = "Examples:\n  charscope same 'caf\u{e9}' 'cafe\u{301}'\n  charscope same --json paypal 'p\u{430}ypal'"
    )]
    Same(SameArgs),
    /// List every encoding with its labels, and where a label means something else.
    #[command(after_help = "Example:\n  charscope encodings --json")]
    Encodings(EncodingsArgs),
    /// The ready examples; `examples NAME` inspects one and checks its expected outcome.
    #[command(after_help = "Examples:\n  charscope examples\n  charscope examples table-3-8")]
    Examples(ExamplesArgs),
    /// Serve the web page on 127.0.0.1: paste anything, see everything.
    #[command(after_help = "Example:\n  charscope serve --port 7878 --open")]
    Serve(ServeArgs),
    /// Write a shell completion script (bash, zsh, fish, powershell) to standard output.
    #[command(
        after_help = "Examples:\n  charscope completions bash > ~/.local/share/bash-completion/completions/charscope\n  charscope completions zsh > ~/.zfunc/_charscope"
    )]
    Completions(CompletionsArgs),
    /// Write the manual page (roff) to standard output.
    #[command(after_help = "Example:\n  charscope man > charscope.1 && man ./charscope.1")]
    Man(ManArgs),
}

/// `--format` of scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScanFormat {
    /// `path:line:column: code: message`, one finding a line.
    Text,
    /// JSON Lines, one finding a line (the same as --json).
    Json,
    /// One SARIF 2.1.0 log, for code scanning tools.
    Sarif,
}

// The arguments of `charscope scan` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ScanArgs {
    /// Files and directories (read recursively, honouring .gitignore); `-` or nothing reads
    /// standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// The output format (default: text, or json with --json).
    #[arg(long, value_enum)]
    pub format: Option<ScanFormat>,

    /// Do not report this code (repeat, or separate with commas): --allow not-nfc,private-use.
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    pub allow: Vec<String>,

    /// Report only these codes (repeat, or separate with commas). `--only bidi-control` looks
    /// for nothing else, at memory speed: a check for Trojan Source alone.
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    pub only: Vec<String>,

    /// The configuration file (default: .charscope.toml in the current directory, if there is one).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Report also what the built-in allowances explain (ZWJ in emoji sequences, joiners inside
    /// Indic and Arabic words, variation sequences, LRM/RLM, no-break spaces in prose, soft
    /// hyphens in words, composition exclusions, the escapes of ISO-2022-JP, -KR and -CN text).
    #[arg(long)]
    pub no_default_allow: bool,

    /// Read directories whole: files .gitignore excludes too.
    #[arg(long)]
    pub no_ignore: bool,

    /// List at most N malformed sequences of each file, each a finding of its own; those
    /// after them are counted in one more finding. `all` lists every one; 0 gives each file
    /// with any one finding that counts them all.
    #[arg(long, value_name = "N", default_value = "100")]
    pub max_invalid_utf8: ListLimit,

    /// List at most N findings of each other code of each file (those a built-in allowance
    /// explains apart); those after them are counted in one more finding. `all` lists every
    /// one (ten megabytes of NUL bytes are ten million findings).
    #[arg(long, value_name = "N", default_value = "100")]
    pub max_findings: ListLimit,
}

/// How many malformed sequences of one file `scan` lists: a number, or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListLimit(pub Option<usize>);

impl std::str::FromStr for ListLimit {
    type Err = String;

    fn from_str(s: &str) -> Result<ListLimit, String> {
        if s.eq_ignore_ascii_case("all") {
            return Ok(ListLimit(None));
        }
        s.parse()
            .map(|n| ListLimit(Some(n)))
            .map_err(|_| format!("{s:?} is neither a number nor `all`"))
    }
}

// The arguments of `charscope url` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct UrlArgs {
    /// The URL or path; `-` reads standard input (its bytes, without a final newline).
    #[arg(
        value_name = "STRING",
        required_unless_present = "hex",
        conflicts_with = "hex"
    )]
    pub string: Option<String>,

    /// The URL as bytes, in any dump or hex format: '2F C0 AE 2E 2F'.
    #[arg(long, value_name = "HEX")]
    pub hex: Option<String>,
}

// The arguments of `charscope same` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct SameArgs {
    /// The first string (`-` reads standard input).
    #[arg(value_name = "A")]
    pub a: String,

    /// The second string.
    #[arg(value_name = "B")]
    pub b: String,

    /// Read escapes in A and B: \u{1F600}, U+00E9, &#xE9;, %C3%A9.
    #[arg(long)]
    pub escapes: bool,
}

// The arguments of `charscope completions` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

// The arguments of `charscope man` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ManArgs {}

// The arguments of `charscope serve` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port (0 picks a free one).
    #[arg(long, short = 'p', default_value_t = 7878)]
    pub port: u16,

    /// The address to bind; loopback by default. The page refuses non-loopback Host headers.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

// Where bytes come from: files, stdin, inline hex or a dump (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ByteInput {
    /// The input files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", conflicts_with_all = ["hex", "dump"])]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub inline: InlineBytes,
}

// Bytes given on the command line: `--hex` or `--dump` (a plain comment: see `Command`).
// `ByteInput` flattens it, and so does `inspect`, whose TEXT and `--file` stand beside it.
#[derive(Debug, Args)]
pub struct InlineBytes {
    /// Inline bytes in any dump or hex format: 'C0 AF 41', 'c0af41', '{0xC0, 0xAF}', '%C0%AF',
    /// or pasted hexdump -C / xxd / od output.
    #[arg(long, value_name = "HEX", conflicts_with = "dump")]
    pub hex: Option<String>,

    /// Read the bytes from a dump in a file (any format `charscope undump` reads).
    #[arg(long, value_name = "FILE")]
    pub dump: Option<PathBuf>,
}

/// What `--from` means when it is not given: the default each command shows in its `--help`.
pub trait FromDefault {
    /// The label `--from` takes when it is not given.
    const LABEL: &'static str;
}

/// `--from` reads UTF-8 unless told otherwise (decode, dump, validate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Utf8ByDefault;

impl FromDefault for Utf8ByDefault {
    const LABEL: &'static str = "utf-8";
}

/// `--from` detects the encoding unless told otherwise (convert, inspect).
#[derive(Clone, Copy, Debug, Default)]
pub struct AutoByDefault;

impl FromDefault for AutoByDefault {
    const LABEL: &'static str = "auto";
}

// `--from`, the encoding of the bytes, declared once for every command that reads bytes; the
// default is the command's, `D` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct FromArg<D: FromDefault> {
    /// The encoding of the bytes: a label (`charscope encodings` lists them), or `auto` to detect
    /// it: a byte order mark, else what `detect` finds at the start of each input (empty or
    /// binary input is read as UTF-8), and a note says which, and why.
    #[arg(id = "from", long = "from", short = 'f', value_name = "LABEL", default_value = D::LABEL)]
    label: String,

    #[arg(skip)]
    default: std::marker::PhantomData<D>,
}

impl<D: FromDefault> FromArg<D> {
    /// The label given, or the command's default: `auto` asks for detection.
    pub fn label(&self) -> &str {
        &self.label
    }
}

/// `--bom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BomArg {
    /// A leading BOM of the chosen encoding is reported and removed.
    Strip,
    /// A leading BOM of the chosen encoding is reported and kept as U+FEFF.
    Keep,
    /// A leading BOM (UTF-8 or UTF-16) overrides the label, as browsers do.
    Sniff,
    /// Like sniff, but UTF-32 BOMs count too, as the Unicode Standard says.
    SniffUnicode,
}

// The arguments of `charscope decode` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct DecodeArgs {
    #[command(flatten)]
    pub from: FromArg<Utf8ByDefault>,

    /// What to do with a byte order mark [default: strip].
    #[arg(long, value_enum)]
    pub bom: Option<BomArg>,

    /// Fail (exit 1) at the first malformed sequence instead of replacing it.
    #[arg(long)]
    pub strict: bool,

    #[command(flatten)]
    pub input: ByteInput,
}

/// `--errors` for encode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodeErrors {
    /// Refuse (exit 1) if any character cannot be encoded.
    Strict,
    /// Write `?` for each such character.
    Replace,
    /// Write an HTML character reference (`&#8364;`), as browsers do.
    Html,
}

// The arguments of `charscope encode` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// The encoding label, or `all`: the text's bytes in every encoding, and which cannot
    /// represent it.
    #[arg(long, short = 't', value_name = "LABEL")]
    pub to: String,

    /// Write the encoding's byte order mark first (UTF-8, UTF-16, UTF-32).
    #[arg(long)]
    pub bom: bool,

    /// What to do with characters the encoding cannot represent.
    #[arg(long, value_enum, default_value_t = EncodeErrors::Strict)]
    pub errors: EncodeErrors,

    /// Read escapes in TEXT: \u{1F600}, \uD83D (lone surrogates too), \xC3\xA9, U+00E9, &#xE9;,
    /// &eacute;, \N{NAME}, %C3%A9.
    #[arg(long)]
    pub escapes: bool,

    /// Write the bytes as: hex, c, rust, python or url (the bytes), or js, java, html or json
    /// (the text the bytes encode), instead of raw bytes.
    #[arg(long, value_name = "FORMAT", value_parser = parse_escape_format)]
    pub format: Option<EscapeFormat>,

    /// The text; `-` or nothing reads standard input (streamed, in bounded memory, unless
    /// `--json`, `--format` or `--escapes` need it whole).
    #[arg(value_name = "TEXT", conflicts_with = "file")]
    pub text: Option<String>,

    /// Read the text (UTF-8) from a file, streamed.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
}

fn parse_escape_format(name: &str) -> Result<EscapeFormat, String> {
    name.parse()
        .map_err(|e: charscope::escape::UnknownEscapeFormat| e.to_string())
}

/// `--format` of undump: the library's format names, each listed in `--help` with what writes
/// it (one list: `DumpFormat::ALL`).
fn dump_format_parser() -> impl clap::builder::TypedValueParser<Value = DumpFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        DumpFormat::ALL.map(|format| PossibleValue::new(format.name()).help(format.description())),
    )
    .map(|name| {
        name.parse::<DumpFormat>()
            .expect("a name from DumpFormat::ALL")
    })
}

// The arguments of `charscope dump` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct DumpArgs {
    #[command(flatten)]
    pub from: FromArg<Utf8ByDefault>,

    /// Exactly the layout of hexdump -C, byte for byte (no decoding).
    #[arg(long)]
    pub plain: bool,

    /// What to do with a byte order mark: keep shows it as a character (the default), strip
    /// leaves its bytes undecoded, sniff and sniff-unicode let it choose the encoding.
    #[arg(long, value_enum)]
    pub bom: Option<BomArg>,

    #[command(flatten)]
    pub input: ByteInput,
}

/// `--word-order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WordOrder {
    /// Least significant byte first (x86, ARM).
    Little,
    /// Most significant byte first.
    Big,
}

// The arguments of `charscope undump` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct UndumpArgs {
    /// The dump; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Read the dump as this format instead of recognising it (base64 is read only when asked).
    #[arg(long, value_name = "FORMAT", value_parser = dump_format_parser(), ignore_case = true)]
    pub format: Option<DumpFormat>,

    /// The byte order of 16-bit (and wider) words in hexdump and od -x dumps, which the dump
    /// cannot tell (default: little, with a note).
    #[arg(long, value_enum)]
    pub word_order: Option<WordOrder>,
}

// The arguments of `charscope validate` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub from: FromArg<Utf8ByDefault>,

    /// What to do with a byte order mark [default: strip]: sniff and sniff-unicode let it
    /// choose the encoding, as in decode.
    #[arg(long, value_enum)]
    pub bom: Option<BomArg>,

    /// Print nothing: the exit code says whether every input is valid.
    #[arg(long, short = 'q', conflicts_with = "files_with_errors")]
    pub quiet: bool,

    /// Print only the names of inputs that have a malformed sequence.
    #[arg(long = "files-with-errors", short = 'l')]
    pub files_with_errors: bool,

    /// Name at most N malformed sequences per input; the rest are counted, not named.
    #[arg(long, value_name = "N")]
    pub max_errors: Option<u64>,

    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,

    #[command(flatten)]
    pub input: ByteInput,
}

// The arguments of `charscope encodings` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct EncodingsArgs {}

// The arguments of `charscope inspect` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// The text to inspect; `-` (or no input at all) reads bytes from standard input.
    #[arg(value_name = "TEXT", conflicts_with_all = ["file", "hex", "dump"])]
    pub text: Option<String>,

    /// Inspect the bytes of a file.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["hex", "dump"])]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub inline: InlineBytes,

    #[command(flatten)]
    pub from: FromArg<AutoByDefault>,

    /// List at most this many characters row by row (0: all); the rest are counted, not built.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub rows: usize,
}

// The arguments of `charscope compare` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Only these encodings (labels, comma-separated); default: every encoding.
    #[arg(long, value_name = "LABELS", value_delimiter = ',')]
    pub encodings: Vec<String>,

    #[command(flatten)]
    pub input: ByteInput,
}

// The arguments of `charscope char` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct CharArgs {
    /// A character, text (each of its characters), or code points: 'U+00E9', 'U+0065 U+0301'.
    #[arg(
        value_name = "CHAR",
        required_unless_present = "search",
        conflicts_with = "search"
    )]
    pub chars: Option<String>,

    /// Find characters whose name has all these words: --search 'grinning face'.
    #[arg(long, value_name = "WORDS")]
    pub search: Option<String>,

    /// With --search, show at most this many (0: all).
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub limit: usize,
}

// The arguments of `charscope examples` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ExamplesArgs {
    /// The example to run; without it, list them all.
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
}

// The arguments of `charscope detect` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct DetectArgs {
    #[command(flatten)]
    pub input: ByteInput,

    /// The encoding declared from outside (an HTTP Content-Type charset): detection says whether
    /// the bytes agree.
    #[arg(long, value_name = "LABEL")]
    pub declared: Option<String>,
}

/// `--errors` for convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertErrors {
    /// Stop at the first malformed sequence or unmappable character (exit 1).
    Strict,
    /// U+FFFD for each malformed sequence, `?` for each unmappable character.
    Replace,
    /// Leave them out (iconv -c).
    Skip,
    /// U+FFFD for malformed input, `&#8364;` for unmappable characters.
    Html,
    /// Lose nothing: `\xC0` for each malformed byte, `\u20AC` for unmappable characters.
    Escape,
}

/// `--bom` for convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertBom {
    /// Write the target's byte order mark if the input had one.
    Keep,
    /// Never write one.
    Strip,
    /// Always write one (UTF-8, UTF-16, UTF-32).
    Add,
}

/// `--newline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NewlineArg {
    /// As they are.
    Keep,
    /// CR LF becomes LF.
    Lf,
    /// LF becomes CR LF.
    Crlf,
}

/// `--normalize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NormalizeArg {
    /// Canonical composition.
    Nfc,
    /// Canonical decomposition.
    Nfd,
    /// Compatibility composition.
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

// The arguments of `charscope convert` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub from: FromArg<AutoByDefault>,

    /// The target encoding label.
    #[arg(long, short = 't', value_name = "LABEL")]
    pub to: String,

    /// What to do with malformed input and characters the target cannot encode.
    #[arg(long, value_enum, default_value_t = ConvertErrors::Strict, conflicts_with = "skip_invalid")]
    pub errors: ConvertErrors,

    /// Leave out what cannot be converted, as iconv -c does (same as --errors skip).
    #[arg(short = 'c')]
    pub skip_invalid: bool,

    /// The output's byte order mark.
    #[arg(long, value_enum, default_value_t = ConvertBom::Keep)]
    pub bom: ConvertBom,

    /// Line ends in the output.
    #[arg(long, value_enum, default_value_t = NewlineArg::Keep)]
    pub newline: NewlineArg,

    /// Put the text in a Unicode normalization form.
    #[arg(long, value_enum)]
    pub normalize: Option<NormalizeArg>,

    /// Write to this file (or, when it is a directory, one file per input inside it, converted
    /// in parallel); written to a temporary file beside it and renamed only on success.
    #[arg(long, short = 'o', value_name = "OUT", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,

    /// Replace each file with its conversion (through a temporary file renamed on success; a
    /// failed run leaves the file untouched).
    #[arg(long)]
    pub in_place: bool,

    /// A summary on standard error: bytes in and out, replacements.
    #[arg(long, short = 'v')]
    pub verbose: bool,

    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,

    /// The input files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

// The arguments of `charscope fix` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct FixArgs {
    /// The text to repair; `-` (or no input at all) reads standard input.
    #[arg(value_name = "TEXT", conflicts_with = "file")]
    pub text: Option<String>,

    /// Repair a file (UTF-8 text), a line at a time; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Write the repaired text to this file instead of standard output (written whole or not at
    /// all).
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Show each repaired place and the steps undone there, on standard error.
    #[arg(long)]
    pub explain: bool,
}
