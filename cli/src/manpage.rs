//! The man page: one page, `tetris-printer(1)`, holding every subcommand with its
//! synopsis, description, options and examples, so it stands on its own (no page it
//! names is missing). Written from the same definitions as `--help`.

use clap::{Arg, Command};
use clap_mangen::roff::{bold, italic, roman, Inline, Roff};
use clap_mangen::Man;

/// The exit codes, as `main` returns them.
const EXIT_STATUS: &str = "\
0 success. 1 bad input or a failed check (the error on standard error). 2 a usage error: \
an unknown option, a bad value, or options that cannot be combined. 128 + the signal's \
number when ended by SIGHUP, SIGINT, SIGQUIT or SIGTERM (temporary files removed). A \
closed standard output (`| head`) ends the run quietly with 0.";

/// The man page of `cmd` (the whole command line), in roff.
pub(crate) fn render(cmd: Command) -> std::io::Result<Vec<u8>> {
    let mut cmd = cmd;
    cmd.build();
    let man = Man::new(cmd.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;

    let mut roff = Roff::new();
    roff.control("SH", ["COMMANDS"]);
    roff.text([roman(
        "Each command also takes the options above; `tetris-printer COMMAND --help` shows \
         the same text.",
    )]);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        if sub.get_name() == "help" {
            continue;
        }
        command(&mut roff, sub);
    }
    if let Some(examples) = cmd.get_after_long_help().or_else(|| cmd.get_after_help()) {
        roff.control("SH", ["EXAMPLES"]);
        verbatim(&mut roff, &examples.to_string());
    }
    roff.control("SH", ["EXIT STATUS"]);
    roff.text([roman(EXIT_STATUS)]);
    roff.to_writer(&mut out)?;
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// One subcommand: its synopsis, description, options and examples.
fn command(roff: &mut Roff, sub: &Command) {
    let name = sub.get_bin_name().unwrap_or_else(|| sub.get_name());
    roff.control("SS", [name]);
    let usage = sub.clone().render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    roff.text([bold(usage)]);
    roff.control("PP", []);
    if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
        text(roff, &about.to_string());
    }
    let args: Vec<&Arg> = sub
        .get_arguments()
        .filter(|a| !a.is_hide_set() && a.get_id() != "help")
        .collect();
    if !args.is_empty() {
        roff.control("PP", []);
        roff.text([italic("Arguments and options:")]);
        for arg in args {
            argument(roff, arg);
        }
    }
    if let Some(examples) = sub.get_after_long_help().or_else(|| sub.get_after_help()) {
        roff.control("PP", []);
        verbatim(roff, &examples.to_string());
    }
}

/// One argument: its flags or value name, its help, choices and default.
fn argument(roff: &mut Roff, arg: &Arg) {
    roff.control("TP", []);
    let value = arg
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|_| arg.get_num_args().is_some_and(|n| n.takes_values()));
    let mut head: Vec<Inline> = Vec::new();
    if let Some(short) = arg.get_short() {
        head.push(bold(format!("-{short}")));
        head.push(roman(", "));
    }
    match arg.get_long() {
        Some(long) => {
            head.push(bold(format!("--{long}")));
            if let Some(v) = &value {
                head.push(roman(" "));
                head.push(italic(v.clone()));
            }
        }
        None => head.push(italic(value.unwrap_or_else(|| arg.get_id().to_string()))),
    }
    roff.text(head);
    if let Some(help) = arg.get_long_help().or_else(|| arg.get_help()) {
        text(roff, &help.to_string());
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|d| d.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && arg.get_num_args().is_some_and(|n| n.takes_values()) {
        roff.control("br", []);
        roff.text([roman(format!("Default: {}.", defaults.join(", ")))]);
    }
    let choices: Vec<_> = arg
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .collect();
    if !choices.is_empty() && arg.get_num_args().is_some_and(|n| n.takes_values()) {
        roff.control("RS", []);
        for v in choices {
            let mut line = vec![bold(v.get_name().to_string())];
            if let Some(help) = v.get_help() {
                line.push(roman(format!(": {help}")));
            }
            roff.control("IP", ["\\(bu", "2"]);
            roff.text(line);
        }
        roff.control("RE", []);
    }
}

/// Help text: paragraphs filled, indented lines (lists) kept as they are.
fn text(roff: &mut Roff, help: &str) {
    let mut nofill = false;
    for line in help.lines() {
        let indented = line.starts_with("  ");
        if line.trim().is_empty() {
            if nofill {
                roff.control("fi", []);
                nofill = false;
            }
            roff.control("PP", []);
            continue;
        }
        if indented != nofill {
            roff.control(if indented { "nf" } else { "fi" }, []);
            nofill = indented;
        }
        roff.text([roman(line)]);
    }
    if nofill {
        roff.control("fi", []);
    }
}

/// Examples: every line as it is, never wrapped (a comment stays on its command's line).
fn verbatim(roff: &mut Roff, examples: &str) {
    roff.control("nf", []);
    for line in examples.lines() {
        roff.text([roman(line)]);
    }
    roff.control("fi", []);
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every command, every option and argument, every choice and every example line is
    /// on the page, each example line whole on a line of its own.
    #[test]
    fn every_command_and_option_is_on_the_page() {
        let page = String::from_utf8(super::render(crate::Cli::command()).unwrap()).unwrap();
        // roff escapes `-` as `\-`; examples are in no-fill mode, one input line each.
        let roff = |s: &str| {
            s.replace('\\', "\\\\")
                .replace('-', "\\-")
                .replace('\'', "\\*(Aq")
        };
        let lines: Vec<&str> = page.lines().collect();
        let mut cmd = crate::Cli::command();
        cmd.build();
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = sub.get_name();
            assert!(
                page.contains(&format!(".SS \"tetris-printer {name}\"")),
                "{name}"
            );
            for arg in sub.get_arguments().filter(|a| a.get_id() != "help") {
                let shown = match arg.get_long() {
                    Some(long) => format!("--{long}"),
                    None => arg.get_value_names().unwrap()[0].to_string(),
                };
                assert!(page.contains(&roff(&shown)), "{name} {shown}");
                for v in arg.get_possible_values() {
                    assert!(page.contains(&roff(v.get_name())), "{name} {shown} {v:?}");
                }
            }
            let examples = sub
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            for line in examples.lines().filter(|l| !l.trim().is_empty()) {
                assert!(
                    lines.contains(&roff(line).as_str()),
                    "{name}: example line not whole on the page: {line}"
                );
            }
        }
        // No page that does not exist is named.
        assert!(!page.contains("(1)"), "another page is named");
    }
}
