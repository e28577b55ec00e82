//! Every endpoint through `tower::ServiceExt::oneshot`, with good and bad input.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn send(request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let response = charscope_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, headers, body)
}

fn get(path: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, "127.0.0.1:7878")
        .body(Body::empty())
        .unwrap()
}

fn post_json(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::HOST, "localhost:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap()
}

fn json_body(body: &[u8]) -> Value {
    serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(body)))
}

#[tokio::test]
async fn the_page_and_its_assets_carry_a_strict_csp() {
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        let (status, headers, body) = send(get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with(kind),
            "{path}"
        );
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{csp}"
        );
        assert!(!csp.contains("unsafe-inline"));
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(!body.is_empty());
    }
}

#[tokio::test]
async fn the_page_loads_nothing_from_elsewhere() {
    let (_, _, body) = send(get("/")).await;
    let html = String::from_utf8(body).unwrap();
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "{html}"
    );
    assert!(
        !html.contains("<script>"),
        "no inline script: the CSP forbids it"
    );
}

#[tokio::test]
async fn encodings_lists_the_registry() {
    let (status, _, body) = send(get("/api/encodings")).await;
    assert_eq!(status, StatusCode::OK);
    let list = json_body(&body);
    assert_eq!(
        list.as_array().unwrap().len(),
        charscope::encoding::all().count()
    );
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "Shift_JIS")
    );
}

#[tokio::test]
async fn encode_good_and_bad() {
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "é€", "encoding": "utf-8"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json_body(&body)["hex"], "C3 A9 E2 82 AC");
    let (_, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "é€", "encoding": "shift_jis"}).to_string(),
    ))
    .await;
    let v = json_body(&body);
    assert_eq!(v["unmappable"].as_array().unwrap().len(), 2);
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "x", "encoding": "utf-9"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("utf-8")
    );
    let (status, _, body) = send(post_json(
        "/api/encode",
        json!({"text": "x", "encoding": "replacement"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(json_body(&body)["error"].is_string());
}

#[tokio::test]
async fn malformed_json_unknown_fields_and_wrong_types_are_4xx_with_a_message() {
    for body in [
        "{not json",
        r#"{"text": 5, "encoding": "utf-8"}"#,
        r#"{"text": "a", "encoding": "utf-8", "extra": 1}"#,
        "",
    ] {
        let (status, _, response) = send(post_json("/api/encode", body)).await;
        assert!(status.is_client_error(), "{body:?} gave {status}");
        assert!(
            json_body(&response)["error"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{body:?}"
        );
    }
}

#[tokio::test]
async fn oversized_bodies_get_413_with_a_clear_message() {
    let big =
        json!({"text": "a".repeat(charscope_web::BODY_LIMIT + 1), "encoding": "utf-8"}).to_string();
    let (status, _, body) = send(post_json("/api/encode", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
}

#[tokio::test]
async fn unknown_endpoints_are_404_json() {
    let (status, _, body) = send(get("/api/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("/api/nothing")
    );
    let (status, _, _) = send(get("/nothing")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn foreign_host_headers_are_refused() {
    let request = Request::get("/api/encodings")
        .header(header::HOST, "evil.example:7878")
        .body(Body::empty())
        .unwrap();
    let (status, _, body) = send(request).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("loopback")
    );
    for host in ["127.0.0.1", "localhost:1", "[::1]:7878", "127.1.2.3:80"] {
        let request = Request::get("/api/encodings")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(request).await.0, StatusCode::OK, "{host}");
    }
}

async fn post_ok(path: &str, body: Value) -> Value {
    let (status, _, response) = send(post_json(path, body.to_string())).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{body}: {}",
        String::from_utf8_lossy(&response)
    );
    json_body(&response)
}

async fn post_err(path: &str, body: Value) -> (StatusCode, String) {
    let (status, _, response) = send(post_json(path, body.to_string())).await;
    assert!(status.is_client_error(), "{body} gave {status}");
    let message = json_body(&response)["error"].as_str().unwrap().to_string();
    assert!(!message.is_empty());
    (status, message)
}

#[tokio::test]
async fn inspect_reads_plain_hex_and_names_every_malformed_sequence() {
    let v = post_ok(
        "/api/inspect",
        json!({"input": "C0 AF E0 80 BF F0 81 82 41", "mode": "auto", "encoding": "utf-8"}),
    )
    .await;
    assert_eq!(v["input_format"], "hex");
    assert_eq!(v["kind"], "bytes");
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["encoding_source"], "label");
    assert_eq!(v["text"], format!("{}A", "\u{FFFD}".repeat(8)));
    assert_eq!(v["malformed"].as_array().unwrap().len(), 8);
    assert_eq!(v["malformed_total"], 8);
    assert_eq!(v["malformed"][2]["offset"], 2);
    assert_eq!(v["malformed"][2]["kind"], "overlong");
    assert_eq!(v["units"][8]["name"], "LATIN CAPITAL LETTER A");
    assert_eq!(
        (&v["units_total"], &v["units_start"]),
        (&json!(9), &json!(0))
    );
    assert!(v["units_next"].is_null());
    assert!(v["bom_readings"].is_object());
    assert_eq!(v["lengths"]["code_points"], 9);
}

#[tokio::test]
async fn inspect_text_alone_or_its_bytes_read_with_a_label() {
    let v = post_ok("/api/inspect", json!({"input": "C3 A9", "mode": "text"})).await;
    assert_eq!(
        (&v["input_format"], &v["kind"]),
        (&json!("text"), &json!("text"))
    );
    assert_eq!(v["text"], "C3 A9");
    let v = post_ok("/api/inspect", json!({"input": "café"})).await;
    assert_eq!(v["input_format"], "text");
    assert_eq!(v["encoding_source"], "text");
    assert_eq!(v["units"][3]["utf8_bits"], "110 00011 10 101001");
    assert_eq!(v["units"][3]["utf8_layout"][0]["role"], "lead");
    // Text's readings are those of its UTF-8: no mark here.
    assert!(v["bom_readings"]["whatwg"].is_null());
    let v = post_ok(
        "/api/inspect",
        json!({"input": "café", "encoding": "windows-1252"}),
    )
    .await;
    assert_eq!((&v["kind"], &v["text"]), (&json!("bytes"), &json!("cafÃ©")));
    let v = post_ok(
        "/api/inspect",
        json!({"input": "FE FF 00 48", "mode": "hex"}),
    )
    .await;
    assert_eq!(v["encoding"], "UTF-16BE");
    assert_eq!(v["encoding_source"], "bom");
    assert_eq!(v["text"], "H");
}

#[tokio::test]
async fn inspect_lists_units_a_page_at_a_time() {
    let input = "aé😀".repeat(1000);
    let first = post_ok("/api/inspect", json!({"input": input, "limit": 700})).await;
    assert_eq!(first["units"].as_array().unwrap().len(), 700);
    assert_eq!(first["units_total"], 3000);
    assert_eq!(first["units_next"], 700);
    assert_eq!(first["text"].as_str().unwrap().chars().count(), 3000);
    let last = post_ok(
        "/api/inspect",
        json!({"input": input, "start": 2800, "limit": 700, "units_only": true}),
    )
    .await;
    assert_eq!(last["units"].as_array().unwrap().len(), 200);
    assert_eq!(last["units_start"], 2800);
    assert!(last["units_next"].is_null());
    // Unit 2800 is the é of the 934th "aé😀" (7 bytes each).
    assert_eq!(last["units"][0]["offset"], 933 * 7 + 1);
    assert!(last.get("text").is_none(), "units only");
    let past = post_ok("/api/inspect", json!({"input": "ab", "start": 5})).await;
    assert_eq!(past["units"], json!([]));
    assert!(past["units_next"].is_null());
    let capped = post_ok(
        "/api/inspect",
        json!({"input": "x".repeat(30_000), "limit": 1_000_000}),
    )
    .await;
    assert_eq!(capped["units"].as_array().unwrap().len(), 20_000);
}

#[tokio::test]
async fn inspect_caps_the_malformed_list_and_counts_them_all() {
    let v = post_ok(
        "/api/inspect",
        json!({"input": "FF ".repeat(1500), "mode": "hex", "encoding": "utf-8"}),
    )
    .await;
    assert_eq!(v["malformed"].as_array().unwrap().len(), 1000);
    assert_eq!(v["malformed_total"], 1500);
    assert_eq!(v["replacements"], 1500);
}

#[tokio::test]
async fn inspect_bad_input_is_400_with_a_message() {
    let (status, message) = post_err(
        "/api/inspect",
        json!({"input": "C3 A9\n41 zz", "mode": "hex"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message.contains("line 2, column 4"), "{message}");
    let (_, message) = post_err("/api/inspect", json!({"input": "41", "encoding": "utf-9"})).await;
    assert!(message.contains("utf-8"), "{message}");
    post_err("/api/inspect", json!({"input": "41", "mode": "binary"})).await;
    post_err("/api/inspect", json!({"input": "41", "page": 2})).await;
    post_err("/api/inspect", json!({"mode": "hex"})).await;
    post_err("/api/inspect", json!({"input": "41", "start": -1})).await;
}

#[tokio::test]
async fn compare_reads_the_bytes_in_every_encoding() {
    let v = post_ok("/api/compare", json!({"input": "63 61 66 C3 A9"})).await;
    assert_eq!(v["input_format"], "hex");
    assert_eq!(
        (&v["byte_length"], &v["compared_length"]),
        (&json!(5), &json!(5))
    );
    let readings = v["readings"].as_array().unwrap();
    assert_eq!(readings.len(), charscope::encoding::all().count());
    assert_eq!(
        (&readings[0]["encoding"], &readings[0]["text"]),
        (&json!("UTF-8"), &json!("café"))
    );
    let w1252 = readings
        .iter()
        .find(|r| r["encoding"] == "windows-1252")
        .unwrap();
    assert_eq!(w1252["text"], "cafÃ©");
    let v = post_ok(
        "/api/compare",
        json!({"input": "é".repeat(10_000), "mode": "text"}),
    )
    .await;
    assert_eq!(v["byte_length"], 20_000);
    assert_eq!(v["compared_length"], 4 * 1024);
    post_err("/api/compare", json!({"input": "C3 A", "mode": "hex"})).await;
    post_err("/api/compare", json!({"input": "41", "encoding": "utf-8"})).await;
}

#[tokio::test]
async fn examples_list_what_to_load_and_the_expected_outcome() {
    let (status, _, body) = send(get("/api/examples")).await;
    assert_eq!(status, StatusCode::OK);
    let list = json_body(&body);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), charscope::examples::all().len());
    for ex in list {
        assert_eq!(ex["holds"], true, "{}", ex["name"]);
        assert!(!ex["expected"].as_array().unwrap().is_empty());
        assert!(["hex", "text"].contains(&ex["load"]["mode"].as_str().unwrap()));
        // What the page loads is what the example inspects.
        let v = post_ok(
            "/api/inspect",
            json!({"input": ex["load"]["input"], "mode": ex["load"]["mode"], "encoding": ex["load"]["encoding"]}),
        )
        .await;
        if let Some(text) = ex["expect"]["text"].as_str() {
            assert_eq!(v["text"], text, "{}", ex["name"]);
        }
        if let Some(encoding) = ex["expect"]["encoding"].as_str() {
            assert_eq!(v["encoding"], encoding, "{}", ex["name"]);
        }
    }
    let table = list.iter().find(|e| e["name"] == "table-3-8").unwrap();
    assert_eq!(
        table["load"],
        json!({"input": "C0 AF E0 80 BF F0 81 82 41", "mode": "hex", "encoding": "utf-8", "encode_to": null})
    );
    assert_eq!(table["expect"]["malformed"], json!(vec!["overlong"; 8]));
}

#[tokio::test]
async fn formats_and_encode_output() {
    let (status, _, body) = send(get("/api/formats")).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<String> = json_body(&body)
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.iter().any(|n| n == "c") && names.iter().any(|n| n == "url"));
    for (format, output) in [
        ("hex", "63 61 66 C3 A9"),
        ("c", r#""caf\xC3\xA9""#),
        ("python", r"b'caf\xc3\xa9'"),
        ("url", "caf%C3%A9"),
        ("js", r#""caf\u00E9""#),
    ] {
        let v = post_ok(
            "/api/encode",
            json!({"text": "café", "encoding": "utf-8", "format": format}),
        )
        .await;
        assert_eq!(v["output"], output, "{format}");
        assert_eq!(v["format"]["name"], format);
    }
    let v = post_ok(
        "/api/encode",
        json!({"text": "café", "encoding": "utf-16le", "bom": true, "format": "c"}),
    )
    .await;
    // C reads every hex digit after \x: the literal breaks before one ("\xFE" "c").
    assert_eq!(v["output"], r#""\xFF\xFE""c\x00""a\x00""f\x00\xE9\x00""#);
    let (_, message) = post_err(
        "/api/encode",
        json!({"text": "x", "encoding": "utf-8", "format": "cobol"}),
    )
    .await;
    assert!(message.contains("url"), "{message}");
}

#[tokio::test]
async fn the_scripts_never_write_html_from_strings() {
    let mut paths = vec!["/app.js".to_string(), "/transport.js".to_string()];
    for (name, _) in charscope_web::assets::PANELS {
        paths.push(format!("/panels/{name}.js"));
    }
    let mut scripts = Vec::new();
    for path in paths {
        let (status, _, body) = send(get(&path)).await;
        assert_eq!(status, 200, "{path}");
        scripts.push((path, String::from_utf8(body).unwrap()));
    }
    // The static build's scripts, its worker among them.
    for (path, text) in charscope_web::assets::static_site() {
        if path.ends_with(".js") {
            scripts.push((path, text));
        }
    }
    for (path, script) in scripts {
        for sink in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
        ] {
            assert!(!script.contains(sink), "{path} uses {sink}");
        }
    }
}

#[tokio::test]
async fn inspect_reads_any_dump_and_says_which() {
    for (dump, format, description) in [
        (
            "00000000: 6361 66c3 a90a                           caf...\n",
            "xxd",
            "xxd",
        ),
        (
            "00000000  63 61 66 c3 a9 0a                                |caf...|\n00000006\n",
            "hexdump-canonical",
            "hexdump -C",
        ),
        (
            "{0x63, 0x61, 0x66, 0xC3, 0xA9, 0x0A}",
            "c-array",
            "an array of byte values",
        ),
        ("caf%C3%A9%0A", "percent", "percent-encoding"),
    ] {
        let v = post_ok("/api/inspect", json!({"input": dump})).await;
        assert_eq!(v["input_format"], format, "{dump}");
        assert_eq!(v["input_format_description"], description, "{dump}");
        assert_eq!(v["hex"], "63 61 66 C3 A9 0A", "{dump}");
        assert_eq!(v["text"], "café\n", "{dump}");
    }
    // Words that happen to be hex digits stay text in auto mode, and are bytes in hex mode.
    let v = post_ok("/api/inspect", json!({"input": "cafe"})).await;
    assert_eq!(
        (&v["input_format"], &v["text"]),
        (&json!("text"), &json!("cafe"))
    );
    let v = post_ok("/api/inspect", json!({"input": "cafe", "mode": "hex"})).await;
    assert_eq!(
        (&v["input_format"], &v["hex"]),
        (&json!("hex"), &json!("CA FE"))
    );
    // A dump that contradicts itself is text in auto mode, an error in hex mode.
    let bad = "00000000: 6361 66c3  caf.\n00000010: 41                 A\n";
    let v = post_ok("/api/inspect", json!({"input": bad})).await;
    assert_eq!(v["input_format"], "text");
    let (_, message) = post_err("/api/inspect", json!({"input": bad, "mode": "hex"})).await;
    assert!(message.contains("line 2, column "), "{message}");
}

#[tokio::test]
async fn scan_finds_hidden_characters_and_offers_url_layers() {
    let v = post_ok(
        "/api/scan",
        json!({"input": "abc\u{202E}def.txt", "mode": "text"}),
    )
    .await;
    let f = &v["findings"][0];
    assert_eq!(f["path"], "<input>");
    assert_eq!(f["code"], "bidi-control");
    assert_eq!(
        (
            f["line"].as_u64(),
            f["column"].as_u64(),
            f["offset"].as_u64()
        ),
        (Some(1), Some(4), Some(3))
    );
    assert_eq!(f["chars"][0]["name"], "RIGHT-TO-LEFT OVERRIDE");
    assert!(f["message"].as_str().unwrap().contains("never closed"));
    assert_eq!(v["url"], Value::Null);
    // An emoji ZWJ sequence is allowed, and counted.
    let v = post_ok("/api/scan", json!({"input": "\u{1F468}\u{200D}\u{1F469}"})).await;
    assert_eq!(
        (
            v["findings"].as_array().unwrap().len(),
            v["allowed"].as_u64()
        ),
        (0, Some(1))
    );
    // Bytes are read as UTF-8: a malformed sequence is a finding.
    let v = post_ok("/api/scan", json!({"input": "41 C0 AF 42", "mode": "hex"})).await;
    assert_eq!(v["findings"][0]["code"], "invalid-utf8");
    assert_eq!(v["findings"][0]["offset"], 1);
    // A path gets its URL layers.
    let v = post_ok(
        "/api/scan",
        json!({"input": "/%c0%ae%c0%ae/", "mode": "text"}),
    )
    .await;
    assert_eq!(v["url"]["layers"][4]["name"], "utf-8-lenient");
    assert_eq!(v["url"]["layers"][4]["output"], "/../");
    post_err("/api/scan", json!({"input": "x", "encoding": "no-such"})).await;
}

#[tokio::test]
async fn url_returns_every_layer_and_finding() {
    let v = post_ok("/api/url", json!({"input": "%252e%252e%252f"})).await;
    assert_eq!(v["input"], "%252e%252e%252f");
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"double-encoding") && codes.contains(&"traversal"),
        "{codes:?}"
    );
    post_err("/api/url", json!({"text": "x"})).await;
}

#[tokio::test]
async fn fix_repairs_text_and_bytes_and_says_the_steps() {
    // The seed's example: "ç" read as windows-1252 twice.
    let (status, _, body) = send(post_json(
        "/api/fix",
        json!({"input": "ÃƒÂ§", "mode": "text"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let v = json_body(&body);
    assert_eq!(v["text"], "ç");
    assert_eq!(v["changed"], true);
    assert_eq!(v["steps"][0]["encode"], "windows-1252");
    assert_eq!(v["steps"][0]["decode"], "UTF-8");
    assert_eq!(v["stages"].as_array().unwrap().len(), 2);
    assert_eq!(v["stages"][0]["text"], "Ã§");
    // Bytes: "Ã©" in UTF-8 (C3 83 C2 A9), decoded as UTF-8 and repaired.
    let (_, _, body) = send(post_json(
        "/api/fix",
        json!({"input": "C3 83 C2 A9", "mode": "hex"}).to_string(),
    ))
    .await;
    assert_eq!(json_body(&body)["text"], "é");
    // Clean text stays as it is.
    let (_, _, body) = send(post_json(
        "/api/fix",
        json!({"input": "Ãngel", "mode": "text"}).to_string(),
    ))
    .await;
    let v = json_body(&body);
    assert_eq!(v["text"], "Ãngel");
    assert_eq!(v["changed"], false);
    // An unknown label is a 400 with a message.
    let (status, _, body) = send(post_json(
        "/api/fix",
        json!({"input": "C3 A9", "mode": "hex", "encoding": "utf-9"}).to_string(),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json_body(&body)["error"]
            .as_str()
            .unwrap()
            .contains("utf-9")
    );
}

#[tokio::test]
async fn fix_and_compare_send_the_start_of_each_text_when_asked() {
    // A large clean text: with a limit the repair answers its first characters, not the text.
    let input = "plain text, nothing to repair. ".repeat(1000);
    let whole = post_ok("/api/fix", json!({"input": input, "mode": "text"})).await;
    assert_eq!(
        (whole["text"].as_str(), &whole["text_cut"]),
        (Some(input.as_str()), &json!(false))
    );
    let start = post_ok(
        "/api/fix",
        json!({"input": input, "mode": "text", "limit": 10}),
    )
    .await;
    assert_eq!(start["text"], "plain text");
    assert_eq!(
        (&start["changed"], &start["text_cut"]),
        (&json!(false), &json!(true))
    );
    // A repair: each stage's text is cut too; the repaired places stay whole.
    let start = post_ok(
        "/api/fix",
        json!({"input": "ÃƒÂ§a va, ÃƒÂ§a va", "mode": "text", "limit": 3}),
    )
    .await;
    assert_eq!(
        (
            start["text"].as_str(),
            &start["changed"],
            &start["text_cut"]
        ),
        (Some("ça "), &json!(true), &json!(true))
    );
    assert_eq!(start["stages"][0]["text"], "Ã§a");
    assert_eq!(start["spans"].as_array().unwrap().len(), 2);
    // Compare: each reading's text cut, the counts of every compared byte kept.
    let whole = post_ok(
        "/api/compare",
        json!({"input": "C3 A9 C3 A9 C3 A9", "mode": "hex"}),
    )
    .await;
    let start = post_ok(
        "/api/compare",
        json!({"input": "C3 A9 C3 A9 C3 A9", "mode": "hex", "limit": 2}),
    )
    .await;
    assert_eq!(
        (&whole["text_cut"], &start["text_cut"]),
        (&json!(false), &json!(true))
    );
    let utf8 = |v: &Value| {
        v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["encoding"] == "UTF-8")
            .unwrap()
            .clone()
    };
    assert_eq!(
        (utf8(&whole)["text"].as_str(), utf8(&start)["text"].as_str()),
        (Some("ééé"), Some("éé"))
    );
    assert_eq!(start["compared_length"], 6);
    assert_eq!(utf8(&start)["malformed"], utf8(&whole)["malformed"]);
}

#[tokio::test]
async fn detect_answers_with_its_reasons() {
    // The seed's bytes: UTF-8 with eight malformed sequences, single-byte readings as alternatives.
    let r = post_ok(
        "/api/detect",
        json!({"input": "C0 AF E0 80 BF F0 81 82 41", "mode": "auto"}),
    )
    .await;
    assert_eq!(r["encoding"], "UTF-8");
    assert_eq!(r["method"], "structure");
    assert!(r["file"].is_null());
    assert!(r["reasons"][0].as_str().unwrap().contains("8 malformed"));
    assert!(!r["alternatives"].as_array().unwrap().is_empty());
    // Portuguese in windows-1252, declared as UTF-8 from outside.
    let r = post_ok(
        "/api/detect",
        json!({"input": "4F 6C E1 2C 20 63 6F 72 61 E7 E3 6F 20 65 20 69 6E 66 6F 72 6D 61 E7 E3 6F", "mode": "hex", "encoding": "utf-8"}),
    )
    .await;
    assert_eq!(r["encoding"], "windows-1252");
    assert_eq!(r["method"], "statistics");
    assert_eq!(r["declared"]["source"], "given");
    assert_eq!(r["declared"]["agrees"], false);
    for key in ["confidence", "language", "alternatives", "segments"] {
        assert!(r.get(key).is_some(), "{key}");
    }
    // Empty input: honest, not an error.
    let r = post_ok("/api/detect", json!({"input": "", "mode": "hex"})).await;
    assert_eq!(
        (r["encoding"].clone(), r["method"].clone()),
        (Value::Null, json!("empty"))
    );
    let (status, message) =
        post_err("/api/detect", json!({"input": "41", "encoding": "utf-9"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message.contains("utf-9"), "{message}");
}
