//! ftfy's own test cases (../shared/testdata/ftfy, from the ftfy repository; see its README):
//! every case ftfy passes must pass here, compared with `fixed-encoding` where the case gives it
//! (what ftfy's encoding repair alone makes) and with `fixed` otherwise, except the ones listed
//! in [`NOT_YET`] (which must fail: one that starts passing is taken off the list). The known
//! failures of ftfy are counted, not required.

mod common;

use charscope::repair;

struct Case {
    file: &'static str,
    label: String,
    original: String,
    expected: String,
    pass: bool,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for file in [
        "in-the-wild.json",
        "synthetic.json",
        "negative.json",
        "language-names.json",
        "known-failures.json",
    ] {
        let json = common::load_json(&format!("ftfy/{file}"));
        for case in json.as_array().expect("a list of cases") {
            let get = |k: &str| case.get(k).and_then(|v| v.as_str()).map(str::to_string);
            out.push(Case {
                file,
                label: get("label").expect("label"),
                original: get("original").expect("original"),
                expected: get("fixed-encoding")
                    .or_else(|| get("fixed"))
                    .expect("fixed"),
                pass: get("expect").as_deref() == Some("pass"),
            });
        }
    }
    out
}

/// Cases ftfy passes that charscope does not repair the same way yet, by label.
const NOT_YET: &[&str] = &[];

#[test]
fn every_case_ftfy_passes_passes() {
    let cases = cases();
    let mut failures = Vec::new();
    let mut passing = 0;
    let mut known_fixed = 0;
    for case in &cases {
        let got = repair::fix(&case.original).text;
        let ok = got == case.expected;
        match (case.pass, ok) {
            (true, false) if NOT_YET.contains(&case.label.as_str()) => {}
            (true, true) if NOT_YET.contains(&case.label.as_str()) => {
                failures.push(format!("{}: passes now; take it off NOT_YET", case.label))
            }
            (true, true) => passing += 1,
            (true, false) => failures.push(format!(
                "{}: {}\n  original {:?}\n  expected {:?}\n  got      {:?}",
                case.file, case.label, case.original, case.expected, got
            )),
            (false, true) => known_fixed += 1,
            (false, false) => {}
        }
    }
    let expected_pass = cases.iter().filter(|c| c.pass).count();
    assert_eq!(expected_pass, 121, "the suite has 121 cases ftfy passes");
    println!(
        "ftfy cases: {passing} of {expected_pass} pass; {known_fixed} of {} known failures fixed",
        cases.len() - expected_pass
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
