//! Findings as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), which code
//! scanning tools read: one run, one rule per [`Code`] (`ruleId` is the code), one result per
//! finding with its file and region (`startLine`, `startColumn` counted in code points, as the
//! run's `columnKind` says, and `byteOffset`).

use super::{Code, Finding};
use serde::Serialize;

/// The SARIF schema this log follows.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF log.
#[derive(Clone, Debug, Serialize)]
pub struct Log {
    /// The schema.
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    /// "2.1.0".
    pub version: &'static str,
    /// One run.
    pub runs: Vec<Run>,
}

/// One run of the tool.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    /// The tool and its rules.
    pub tool: Tool,
    /// "unicodeCodePoints": columns count characters, not UTF-16 units.
    pub column_kind: &'static str,
    /// One result per finding.
    pub results: Vec<SarifResult>,
}

/// The tool.
#[derive(Clone, Debug, Serialize)]
pub struct Tool {
    /// The driver.
    pub driver: Driver,
}

/// The tool's main component.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    /// "charscope".
    pub name: &'static str,
    /// The version.
    pub version: String,
    /// One rule per code.
    pub rules: Vec<Rule>,
}

/// A rule: one code.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// The code ("bidi-control").
    pub id: &'static str,
    /// What the code means.
    pub short_description: Text,
    /// The level results of the rule have.
    pub default_configuration: Configuration,
}

/// A message.
#[derive(Clone, Debug, Serialize)]
pub struct Text {
    /// The text.
    pub text: String,
}

/// A rule's configuration.
#[derive(Clone, Debug, Serialize)]
pub struct Configuration {
    /// "error" or "warning".
    pub level: &'static str,
}

/// One finding.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    /// The code.
    pub rule_id: &'static str,
    /// The index of the rule in `rules`.
    pub rule_index: usize,
    /// "error" or "warning".
    pub level: &'static str,
    /// The finding's message.
    pub message: Text,
    /// Where it is.
    pub locations: Vec<Location>,
}

/// A location.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The file and the region in it.
    pub physical_location: PhysicalLocation,
}

/// A file and a region.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// The region (absent for a file-name finding).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<Region>,
}

/// A file.
#[derive(Clone, Debug, Serialize)]
pub struct ArtifactLocation {
    /// A relative URI reference: the path, percent-encoded.
    pub uri: String,
}

/// A region of a file.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// The line, 1-based.
    pub start_line: u64,
    /// The column in code points, 1-based.
    pub start_column: u64,
    /// The byte offset from the start of the file.
    pub byte_offset: u64,
}

/// The level of a code: the Trojan Source characters and undecodable bytes are errors, the rest
/// warnings.
pub fn level(code: Code) -> &'static str {
    match code {
        Code::BidiControl
        | Code::Confusable
        | Code::InvalidUtf8
        | Code::InvalidUtf16
        | Code::InvalidUtf32
        | Code::NameInvalidUtf8 => "error",
        _ => "warning",
    }
}

/// A path as a relative URI reference: unreserved bytes and `/` as they are, the rest
/// percent-encoded (a path that is not UTF-8 was already written with `\xNN`).
pub fn path_uri(path: &str) -> String {
    let path = path.strip_prefix("./").unwrap_or(path);
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The SARIF log of `findings`; `version` is the tool's.
pub fn log(findings: &[Finding], version: &str) -> Log {
    let rules = Code::ALL
        .iter()
        .map(|&code| Rule {
            id: code.as_str(),
            short_description: Text {
                text: code.description().to_string(),
            },
            default_configuration: Configuration { level: level(code) },
        })
        .collect();
    let results = findings
        .iter()
        .map(|f| SarifResult {
            rule_id: f.code.as_str(),
            rule_index: Code::ALL.iter().position(|&c| c == f.code).unwrap_or(0),
            level: level(f.code),
            message: Text {
                text: f.message.clone(),
            },
            locations: vec![Location {
                physical_location: PhysicalLocation {
                    artifact_location: ArtifactLocation {
                        uri: path_uri(&f.path),
                    },
                    region: match (f.line, f.column, f.offset) {
                        (Some(line), Some(column), Some(offset)) => Some(Region {
                            start_line: line,
                            start_column: column,
                            byte_offset: offset,
                        }),
                        _ => None,
                    },
                },
            }],
        })
        .collect();
    Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "charscope",
                    version: version.to_string(),
                    rules,
                },
            },
            column_kind: "unicodeCodePoints",
            results,
        }],
    }
}
