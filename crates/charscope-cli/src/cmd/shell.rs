//! `charscope completions` and `charscope man`: generated from the same clap definitions that
//! parse the arguments, so they cannot drift from them.

use crate::Outcome;
use crate::args::{Cli, CompletionsArgs};
use crate::cmd::Ctx;
use anyhow::Result;
use clap::CommandFactory;
use std::io::Write;

/// These commands write a script and a page, which have no JSON form.
fn refuse_json(ctx: &Ctx, what: &str) -> Result<()> {
    if ctx.json {
        anyhow::bail!("--json does not apply: {what}");
    }
    Ok(())
}

pub fn completions(args: &CompletionsArgs, ctx: &Ctx) -> Result<Outcome> {
    refuse_json(ctx, "completions writes a shell script")?;
    let mut command = Cli::command();
    // Into memory first: clap_complete panics when its writer fails (a full disk, a closed
    // pipe), where an error is wanted.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "charscope", &mut script);
    let mut out = crate::output::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Outcome::Clean)
}

pub fn man(ctx: &Ctx) -> Result<Outcome> {
    refuse_json(ctx, "man writes a roff page")?;
    let mut command = Cli::command();
    command.build();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    // Then each command's synopsis and options, as subsections of one page.
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        writeln!(page, ".SH \"CHARSCOPE {}\"", name.to_uppercase())?;
        let sub_page = clap_mangen::Man::new(sub.clone());
        let mut section = Vec::new();
        sub_page.render_synopsis_section(&mut section)?;
        sub_page.render_description_section(&mut section)?;
        sub_page.render_options_section(&mut section)?;
        sub_page.render_extra_section(&mut section)?;
        let section = String::from_utf8_lossy(&section).replace("\n.SH ", "\n.SS ");
        let section = section
            .strip_prefix(".SH ")
            .map_or(section.clone(), |rest| format!(".SS {rest}"));
        page.extend_from_slice(section.as_bytes());
    }
    let mut out = crate::output::stdout();
    out.write_all(&page)?;
    out.flush()?;
    Ok(Outcome::Clean)
}
