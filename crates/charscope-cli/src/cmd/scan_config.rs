//! What `scan` reports: the configuration file (`.charscope.toml`), `--allow` and the built-in
//! allowances, resolved into one [`Policy`].

use crate::args::ScanArgs;
use anyhow::{Context, Result, bail};
use charscope::scan::{Code, Finding};
use globset::{Glob, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use std::cell::{OnceCell, RefCell};
use std::path::Path;

/// The default configuration file, looked for in the current directory.
pub const CONFIG_FILE: &str = ".charscope.toml";

/// `.charscope.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    /// Codes never reported ("all" for every code).
    #[serde(default)]
    allow: Vec<String>,
    /// Whether the built-in allowances apply (default true).
    default_allow: Option<bool>,
    /// Codes not reported under some paths.
    #[serde(default)]
    paths: Vec<PathRule>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathRule {
    /// A glob over paths as they are printed (`tests/data/**`, `*.md`).
    glob: String,
    /// The codes ("all" for every code).
    allow: Vec<String>,
}

/// A set of codes.
#[derive(Clone, Debug, Default)]
struct Codes {
    all: bool,
    codes: Vec<Code>,
}

impl Codes {
    fn parse(names: &[String], origin: &str) -> Result<Codes> {
        let mut out = Codes::default();
        for name in names {
            if name.trim().eq_ignore_ascii_case("all") {
                out.all = true;
            } else {
                out.codes
                    .push(name.parse().with_context(|| format!("in {origin}"))?);
            }
        }
        Ok(out)
    }

    fn contains(&self, code: Code) -> bool {
        self.all || self.codes.contains(&code)
    }
}

/// Which findings are reported.
pub struct Policy {
    /// `--only`: none means every code.
    only: Option<Vec<Code>>,
    allow: Codes,
    default_allow: bool,
    /// The globs of the configuration, read (so that a bad one is an error at once) but
    /// compiled into `globs` only when a finding is to be matched against them: compiling
    /// them into regexes cost about 0.1 ms of every run, clean or not.
    glob_list: Vec<Glob>,
    globs: OnceCell<GlobSet>,
    glob_codes: Vec<Codes>,
    /// The last path matched against the globs and the indices of the globs it matched: the
    /// findings of one file come together.
    last_match: RefCell<(String, Vec<usize>)>,
}

impl Policy {
    /// The policy of the arguments and the configuration file.
    pub fn from_args(args: &ScanArgs) -> Result<Policy> {
        let (config, origin) = match &args.config {
            Some(path) => (read_config(path)?, crate::input::shown_path(path)),
            None if Path::new(CONFIG_FILE).is_file() => (
                read_config(Path::new(CONFIG_FILE))?,
                CONFIG_FILE.to_string(),
            ),
            None => (Config::default(), String::new()),
        };
        let mut allow = Codes::parse(&config.allow, &origin)?;
        let cli = Codes::parse(&args.allow, "--allow")?;
        allow.all |= cli.all;
        allow.codes.extend(cli.codes);
        let mut glob_list = Vec::new();
        let mut glob_codes = Vec::new();
        for rule in &config.paths {
            let glob = Glob::new(&rule.glob)
                .with_context(|| format!("bad glob {:?} in {origin}", rule.glob))?;
            glob_list.push(glob);
            glob_codes.push(Codes::parse(&rule.allow, &origin)?);
        }
        let only = if args.only.is_empty() {
            None
        } else {
            Some(Codes::parse(&args.only, "--only")?.codes)
        };
        Ok(Policy {
            only,
            allow,
            default_allow: !args.no_default_allow && config.default_allow.unwrap_or(true),
            glob_list,
            globs: OnceCell::new(),
            glob_codes,
            last_match: RefCell::default(),
        })
    }

    /// Whether only bidi controls are wanted (`--only bidi-control`): the fast scan serves.
    pub fn bidi_only(&self) -> bool {
        self.only.as_deref() == Some(&[Code::BidiControl])
    }

    /// Whether a finding is reported.
    pub fn reports(&self, finding: &Finding) -> Result<bool> {
        if self
            .only
            .as_ref()
            .is_some_and(|only| !only.contains(&finding.code))
        {
            return Ok(false);
        }
        if self.default_allow && finding.allowed_by.is_some() {
            return Ok(false);
        }
        if self.allow.contains(finding.code) {
            return Ok(false);
        }
        if self.glob_codes.is_empty() {
            return Ok(true);
        }
        let path = finding.path.strip_prefix("./").unwrap_or(&finding.path);
        let mut last = self.last_match.borrow_mut();
        if last.0 != path || last.0.is_empty() {
            *last = (path.to_string(), self.globs()?.matches(path));
        }
        Ok(!last
            .1
            .iter()
            .any(|&i| self.glob_codes[i].contains(finding.code)))
    }

    /// The globs of the configuration, compiled the first time they are needed.
    fn globs(&self) -> Result<&GlobSet> {
        if let Some(globs) = self.globs.get() {
            return Ok(globs);
        }
        let mut builder = GlobSetBuilder::new();
        for glob in &self.glob_list {
            builder.add(glob.clone());
        }
        let globs = builder.build().context("the globs of the configuration")?;
        Ok(self.globs.get_or_init(|| globs))
    }
}

fn read_config(path: &Path) -> Result<Config> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "cannot read the configuration {}",
            crate::input::shown_path(path)
        )
    })?;
    match toml::from_str(&text) {
        Ok(config) => Ok(config),
        Err(e) => bail!("{}: {e}", crate::input::shown_path(path)),
    }
}
