//! The page's endpoints as library functions (`view::api`): the reading modes, and the bounds
//! that keep every answer's work and size in check, each saying what it cut.

use charscope::view::api::{
    self, CompareRequest, EncodeRequest, FIX_BYTES, FIX_LISTED, FIX_MARKS, FixRequest,
    InspectAnswer, InspectRequest, MAX_INPUT_BYTES, MAX_LISTED, MOJIBAKE_BYTES, Mode, SCAN_BYTES,
    ScanRequest, Status,
};
use serde_json::{Value, json};

fn inspect(input: &str, mode: &str) -> Result<Value, api::RequestError> {
    let request: InspectRequest =
        serde_json::from_value(json!({"input": input, "mode": mode})).unwrap();
    api::inspect(request).map(|a| serde_json::to_value(a).unwrap())
}

#[test]
fn the_escapes_mode_reads_what_encode_escapes_reads() {
    let v = inspect(r"U+00E9 \u00e9 &#233;", "escapes").unwrap();
    assert_eq!(v["text"], "é é é");
    assert_eq!(v["input_format"], "escapes");
    let v = inspect(r"\u{E9} &eacute; %C3%A9", "escapes").unwrap();
    assert_eq!(v["text"], "é é é");
    // A lone surrogate becomes U+FFFD, and a warning says so.
    let v = inspect(r"\uD83D!", "escapes").unwrap();
    assert_eq!(v["text"], "\u{FFFD}!");
    assert_eq!(v["input_warnings"].as_array().unwrap().len(), 1);
    let e = inspect("ok\n\\u{110000}", "escapes").unwrap_err();
    assert_eq!(e.status, Status::BadRequest);
    assert!(e.message.contains("line 2, column 1"), "{e}");
}

#[test]
fn the_base64_mode_reads_bytes() {
    let v = inspect("Y2Fmw6k=", "base64").unwrap();
    assert_eq!(v["hex"], "63 61 66 C3 A9");
    assert_eq!(v["text"], "café");
    assert_eq!(v["input_format"], "base64");
    let e = inspect("Y2F*", "base64").unwrap_err();
    assert!(
        e.message.starts_with("the input is not base64: line 1"),
        "{e}"
    );
    // The encode panel writes base64 too.
    let request: EncodeRequest =
        serde_json::from_value(json!({"text": "café", "encoding": "utf-8", "format": "base64"}))
            .unwrap();
    assert_eq!(
        api::encode(request).unwrap().view.output.unwrap(),
        "Y2Fmw6k="
    );
}

#[test]
fn inputs_past_the_bound_are_refused_with_413() {
    let big = "a".repeat(MAX_INPUT_BYTES + 1);
    let e = inspect(&big, "text").unwrap_err();
    assert_eq!((e.status, e.status.code()), (Status::TooLarge, 413));
    assert!(e.message.contains("8 MiB"), "{e}");
    let request = CompareRequest {
        input: big,
        mode: Mode::Text,
        format: None,
        word_order: None,
        limit: None,
    };
    assert_eq!(api::compare(request).unwrap_err().status, Status::TooLarge);
}

#[test]
fn inspect_looks_for_mojibake_in_the_start_of_the_text_only() {
    let late = format!(
        "{}caf\u{C3}\u{A9}",
        "plain text\n".repeat(MOJIBAKE_BYTES / 10)
    );
    assert!(charscope::report::inspect_text(&late).mojibake.is_some());
    let v = inspect(&late, "text").unwrap();
    assert!(v.get("mojibake").is_none(), "{}", v["mojibake"]);
    let v = inspect("caf\u{C3}\u{A9}", "text").unwrap();
    assert_eq!(v["mojibake"]["repaired"], "café");
    // A further page of units does not look at all.
    let request: InspectRequest =
        serde_json::from_value(json!({"input": "x", "units_only": true})).unwrap();
    assert!(matches!(api::inspect(request), Ok(InspectAnswer::Units(_))));
}

fn fix(input: &str, limit: Option<usize>) -> Value {
    let request = FixRequest {
        input: input.into(),
        mode: Mode::Text,
        encoding: "auto".into(),
        format: None,
        word_order: None,
        limit,
    };
    serde_json::to_value(api::fix(request).unwrap()).unwrap()
}

#[test]
fn fix_repairs_the_first_lines_and_says_so() {
    // Whole lines up to FIX_BYTES are repaired; the cut says how much of how much.
    let line = "Le caf\u{C3}\u{A9} co\u{C3}\u{BB}te cher.\n";
    let text = line.repeat(2 * FIX_BYTES / line.len());
    let v = fix(&text, Some(100));
    let cut = &v["cuts"][0];
    assert_eq!(cut["what"], "input");
    assert_eq!(cut["total"], text.len());
    let kept = cut["kept"].as_u64().unwrap() as usize;
    assert!(
        kept <= FIX_BYTES && kept.is_multiple_of(line.len()),
        "{kept}"
    );
    assert!(cut["message"].as_str().unwrap().contains("were repaired"));
    assert!(cut["message"].as_str().unwrap().contains("at most 32 KiB"));
    assert!(
        v["text"]
            .as_str()
            .unwrap()
            .starts_with("Le café coûte cher.")
    );
    // Each repaired place is listed up to FIX_LISTED, the rest counted.
    assert_eq!(v["spans"].as_array().unwrap().len(), FIX_LISTED);
    let spans = v["cuts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["what"] == "spans");
    assert_eq!(spans.unwrap()["kept"], FIX_LISTED);
    // The answer stays small: the start of each text, the listed places.
    assert!(serde_json::to_string(&v).unwrap().len() < 100_000);
    // A short repair has no cuts at all: the same JSON as `fix --json`.
    let v = fix("caf\u{C3}\u{A9}", None);
    assert!(v.get("cuts").is_none() && v.get("hidden").is_none(), "{v}");
}

#[test]
fn fix_marks_the_hidden_characters_of_each_text() {
    // A right-to-left override inside mojibake: the page must mark it, not apply it.
    let v = fix("caf\u{C3}\u{A9}\u{202E}txt.exe", None);
    assert_eq!(v["changed"], true);
    assert_eq!(v["hidden"]["text"]["bidi"], true);
    assert_eq!(v["hidden"]["text"]["marks"][0]["index"], 4);
    assert_eq!(v["hidden"]["stages"][0]["bidi"], true);
    // The text repaired (the chain's first state) has it too, at its own index.
    assert_eq!(v["hidden"]["input"]["marks"][0]["index"], 5);
}

#[test]
fn fix_marks_a_few_hidden_characters_a_text_and_cuts_it_there() {
    // Mojibake, then more zero-width spaces than a text of the answer marks.
    let input = format!("caf\u{C3}\u{A9} {}", "a\u{200B}".repeat(FIX_MARKS + 20));
    let v = fix(&input, Some(2001));
    let marks = v["hidden"]["text"]["marks"].as_array().unwrap();
    assert_eq!(marks.len(), FIX_MARKS);
    assert_eq!(v["text_cut"], true);
    // The text stops before the first hidden character not marked.
    let text = v["text"].as_str().unwrap();
    assert_eq!(
        text.chars().count(),
        marks.last().unwrap()["index"].as_u64().unwrap() as usize + 2
    );
    // In the input ("cafÃ© " is 6 characters) the first mark not kept is the 51st ZWSP.
    assert_eq!(
        v["hidden"]["input_chars"].as_u64().unwrap() as usize,
        7 + 2 * FIX_MARKS
    );
    // Asked whole (no limit), every text is whole, every hidden character marked.
    let v = fix(&input, None);
    assert_eq!(
        v["hidden"]["text"]["marks"].as_array().unwrap().len(),
        FIX_MARKS + 20
    );
    assert!(v["hidden"]["input_chars"].is_null());
}

#[test]
fn scan_reads_whole_lines_up_to_its_bound() {
    let line = "a plain line of text\n";
    let text = format!("{}\u{202E}", line.repeat(SCAN_BYTES / line.len() + 10));
    let request = ScanRequest {
        input: text.clone(),
        mode: Mode::Text,
        encoding: "auto".into(),
        format: None,
        word_order: None,
        limit: None,
    };
    let v = serde_json::to_value(api::scan(request).unwrap()).unwrap();
    let cut = &v["cuts"][0];
    assert_eq!(
        (&cut["what"], &cut["total"]),
        (&json!("input"), &json!(text.len()))
    );
    assert!((cut["kept"].as_u64().unwrap() as usize).is_multiple_of(line.len()));
    // The override past the bound is not scanned.
    assert!(v["findings"].as_array().unwrap().is_empty());
}

#[test]
fn scan_and_encode_cut_their_lists_and_say_so() {
    let request = ScanRequest {
        input: "a\u{200B}b".repeat(20),
        mode: Mode::Text,
        encoding: "auto".into(),
        format: None,
        word_order: None,
        limit: Some(5),
    };
    let v = serde_json::to_value(api::scan(request).unwrap()).unwrap();
    assert_eq!(v["findings"].as_array().unwrap().len(), 5);
    assert_eq!(v["cuts"][0]["what"], "findings");
    assert_eq!(v["cuts"][0]["total"], 20);
    let request: EncodeRequest = serde_json::from_value(json!({
        "text": "日".repeat(MAX_LISTED + 500), "encoding": "windows-1252", "limit": 10
    }))
    .unwrap();
    let v = serde_json::to_value(api::encode(request).unwrap()).unwrap();
    assert_eq!(v["unmappable"].as_array().unwrap().len(), MAX_LISTED);
    assert_eq!(v["cuts"][0]["total"], MAX_LISTED + 500);
    assert_eq!(
        v["cuts"][0]["message"],
        "The first 1,000 of 1,500 unmappable characters are listed."
    );
    assert_eq!(v["cut"], true);
}

#[test]
fn encode_reads_escapes_when_asked() {
    let request: EncodeRequest = serde_json::from_value(
        json!({"text": r"caf\u00e9", "mode": "escapes", "encoding": "utf-8"}),
    )
    .unwrap();
    assert_eq!(api::encode(request).unwrap().view.hex, "63 61 66 C3 A9");
    let request: EncodeRequest =
        serde_json::from_value(json!({"text": "C3", "mode": "hex", "encoding": "utf-8"})).unwrap();
    assert_eq!(api::encode(request).unwrap_err().status, Status::BadRequest);
}
