//! Why a request was refused: a status (what an HTTP server answers with) and one sentence that
//! says what and where.

use std::fmt;

/// The kind of refusal, as an HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// 400: the request cannot be read (bad JSON, an unknown label, a dump that does not parse).
    BadRequest,
    /// 413: the input is larger than an endpoint reads.
    TooLarge,
    /// 422: the request is well formed, but asks for more work than an endpoint does.
    Unprocessable,
}

impl Status {
    /// The HTTP status code.
    pub fn code(self) -> u16 {
        match self {
            Status::BadRequest => 400,
            Status::TooLarge => 413,
            Status::Unprocessable => 422,
        }
    }
}

/// A request refused: its status and what went wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// The kind of refusal.
    pub status: Status,
    /// What went wrong, in one sentence.
    pub message: String,
}

impl RequestError {
    /// A 400 Bad Request.
    pub fn bad_request(message: impl Into<String>) -> RequestError {
        RequestError {
            status: Status::BadRequest,
            message: message.into(),
        }
    }

    /// A 413: the input is larger than `bound` bytes (`what` names the endpoint's work).
    pub fn too_large(what: &str, len: usize, bound: usize) -> RequestError {
        RequestError {
            status: Status::TooLarge,
            message: format!(
                "the input is too large to {what}: {} bytes, and the page reads at most {}; the \
                 command line reads any size",
                group(len),
                size(bound),
            ),
        }
    }

    /// A 413: the request's body is larger than `limit` bytes (the web server's body limit,
    /// which the WebAssembly build keeps too).
    pub fn body_too_large(limit: usize) -> RequestError {
        RequestError {
            status: Status::TooLarge,
            message: format!(
                "request body too large: the limit is {} (use the command line for bigger inputs)",
                size(limit)
            ),
        }
    }

    /// A 422 Unprocessable Content.
    pub fn unprocessable(message: impl Into<String>) -> RequestError {
        RequestError {
            status: Status::Unprocessable,
            message: message.into(),
        }
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RequestError {}

/// A size for people: `8 MiB`, `64 KiB`, or `1,000 bytes`.
pub(crate) fn size(bytes: usize) -> String {
    const KIB: usize = 1024;
    if bytes >= KIB * KIB && bytes.is_multiple_of(KIB * KIB) {
        format!("{} MiB", bytes / (KIB * KIB))
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{} bytes", group(bytes))
    }
}

/// `n` with its thousands grouped by commas, as the page writes counts: `1,048,576`.
pub(crate) fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_and_statuses_are_http_codes() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(8 * 1024 * 1024), "8,388,608");
        let e = RequestError::too_large("inspect it", 9_000_000, 8 * 1024 * 1024);
        assert_eq!(e.status.code(), 413);
        assert!(
            e.message.contains("9,000,000 bytes") && e.message.contains("8 MiB"),
            "{e}"
        );
        assert_eq!(
            (size(64 * 1024), size(1000), size(3 * 1024 * 1024)),
            ("64 KiB".into(), "1,000 bytes".into(), "3 MiB".into())
        );
        assert_eq!(RequestError::bad_request("x").status.code(), 400);
        assert_eq!(RequestError::unprocessable("x").status.code(), 422);
    }
}
