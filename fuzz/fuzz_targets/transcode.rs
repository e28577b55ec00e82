#![no_main]
//! The streaming transcoder: the last three bytes pick the source, the target (among those the
//! library says it can write as a stream, as `convert` asks) and the options, the first byte a
//! split point. Any chunking gives the output and the error of one whole feed, and nothing
//! panics.

use charscope::encoding;
use charscope::text::normalization::Form;
use charscope::transcode::{BomAction, ErrorPolicy, Newline, Options, Transcoder};
use libfuzzer_sys::fuzz_target;

fn run(
    data: &[u8],
    from: &'static charscope::Encoding,
    to: &'static charscope::Encoding,
    options: Options,
    cut: usize,
) -> (Vec<u8>, Option<String>) {
    let mut t = Transcoder::new(from, to, options).expect("an encodable target");
    let mut out = Vec::new();
    let (a, b) = data.split_at(cut.min(data.len()));
    if let Err(e) = t.transcode(a, false, &mut out) {
        return (out, Some(format!("{e:?}")));
    }
    let err = t
        .transcode(b, true, &mut out)
        .err()
        .map(|e| format!("{e:?}"));
    (out, err)
}

fuzz_target!(|data: &[u8]| {
    let [rest @ .., f, t, o] = data else {
        return;
    };
    let sources: Vec<_> = encoding::all().collect();
    let targets: Vec<_> = encoding::all().filter(|e| e.can_encode_stream()).collect();
    let from = sources[usize::from(*f) % sources.len()];
    let to = targets[usize::from(*t) % targets.len()];
    let errors = [
        ErrorPolicy::Replace,
        ErrorPolicy::Skip,
        ErrorPolicy::Html,
        ErrorPolicy::Escape,
    ][usize::from(o & 3)];
    let newline = [Newline::Keep, Newline::Lf, Newline::Crlf][usize::from((o >> 2) % 3)];
    let normalize = [None, Some(Form::Nfc), Some(Form::Nfkd)][usize::from((o >> 4) % 3)];
    let options = Options::default()
        .with_errors(errors)
        .with_bom(BomAction::Keep)
        .with_newline(newline)
        .with_normalize(normalize);
    let cut = rest.first().map_or(0, |&c| usize::from(c));
    let whole = run(rest, from, to, options, rest.len());
    let split = run(rest, from, to, options, cut);
    assert_eq!(whole, split);
});
