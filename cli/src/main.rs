//! The `tetris-printer` command-line tool.
//!
//! Exit codes: 0 success, 1 a failed check or bad input (`error: ...` on stderr),
//! 2 a usage error (reported by clap, or in clap's words: `plan::PlanError`, an option of
//! fitting without `--fit`), 128 + the signal's number when ended by a signal
//! that can be caught (SIGHUP 129, SIGINT 130, SIGQUIT 131, SIGTERM 143, SIGUSR1, SIGALRM
//! and every other whose default action ends a process, but the crash signals; temporary
//! files removed). SIGXFSZ is ignored: a write past `ulimit -f` fails with an error. A
//! closed standard output (`| head`) ends the run quietly with 0.
//!
//! Errors read `error: FILE: line L: move N (J0 5): reason`, with each part where it
//! applies, in that order; echoed input and file names show control characters escaped
//! (`\x1b`, see `tetris_printer::echo`).

use std::fmt;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use tetris_printer::echo::EscapedPath;
use tetris_printer::render;
use tetris_printer::{
    align::find_placement, compare, Align, Move, MoveReader, Playfield, ReadError, ReplayError,
    Sprite, SpriteError,
};

const ABOUT: &str = "Prints pixel art by playing Tetris: sprite in, verified piece drops out.";

const LONG_ABOUT: &str = "\
Prints pixel art by playing Tetris: sprite in, verified piece drops out.

A sprite (at most 17x32 pixels, at most 3 colours) becomes a list of moves. Played in
order on an empty 21x42 playfield with ordinary line clears, the moves leave exactly the
sprite standing: colour 0 printed by J pieces, colour 1 by T, colour 2 by L.

Move files hold one move a line, `<piece><orientation> <x>` (e.g. `J0 5`); blank lines
and lines starting with `#` are comments.";

const AFTER_HELP: &str = "\
Examples:
  tetris-printer demo                          # print the built-in sprite into ./demo/
  tetris-printer convert mario.png -o mario.txt
  tetris-printer verify mario.png              # convert, replay, compare
  tetris-printer animate mario.png -o mario.gif
  tetris-printer check mario.png mario.txt     # does mario.txt print mario.png?
  tetris-printer play mario.txt -o field.png   # picture of the field after the moves

Run `tetris-printer <COMMAND> --help` for each command's details.";

#[derive(Parser, Debug)]
#[command(
    name = "tetris-printer",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    propagate_version = true
)]
struct Cli {
    /// Print no messages: no summaries, `ok:` lines or progress bars (errors still go to
    /// standard error, and what a command makes, moves, pictures or the stats table, is
    /// still written); the exit code tells how it went.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

/// `--quiet`, as the command line gave it.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether `--quiet` silences messages.
pub(crate) fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// `--force`, on the subcommands that write files.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Force {
    /// Replace output files you may not write, or with other hard links (which keep the
    /// old contents); permissions are kept.
    #[arg(long)]
    pub(crate) force: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    Demo(DemoArgs),
    Convert(ConvertArgs),
    Fit(fit::FitArgs),
    Verify(VerifyArgs),
    Render(RenderArgs),
    Animate(AnimateArgs),
    Play(PlayArgs),
    Check(CheckArgs),
    Stats(StatsArgs),
    Search(SearchArgs),
    Completions(CompletionsArgs),
    /// Print the man page (roff) to standard output.
    #[command(
        long_about = "Print the man page of tetris-printer, in roff, to standard output: one \
page holding every command, its options and examples.",
        after_help = "Examples:\n  tetris-printer manpage > tetris-printer.1\n  man ./tetris-printer.1"
    )]
    Manpage,
}

impl Command {
    /// `--fit` and fitting's options, on the commands that read a sprite.
    fn fit_flags(&self) -> Option<&fit::FitFlags> {
        match self {
            Command::Convert(args) => Some(&args.fit),
            Command::Verify(args) => Some(&args.fit),
            Command::Render(args) => Some(&args.fit),
            Command::Animate(args) => Some(&args.fit),
            Command::Check(args) => Some(&args.fit),
            Command::Stats(args) => Some(&args.fit),
            Command::Demo(_)
            | Command::Fit(_)
            | Command::Play(_)
            | Command::Search(_)
            | Command::Completions(_)
            | Command::Manpage => None,
        }
    }
}

/// Print a shell completion script.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Print the completion script of a shell to standard output. Load it in the shell's
start-up file or save it where the shell looks for completions.",
    after_help = "\
Examples:
  tetris-printer completions bash > ~/.local/share/bash-completion/completions/tetris-printer
  tetris-printer completions zsh > ~/.zfunc/_tetris-printer
  tetris-printer completions fish > ~/.config/fish/completions/tetris-printer.fish"
)]
struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Replay a move file and draw the final playfield as a PNG.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Replay a move file on an empty 21x42 playfield and write a PNG picture of the field the
moves leave behind. Each piece type has its own colour; with --sprite, J, T and L cells
take the sprite's colours 0, 1 and 2. A one-line summary goes to stderr.

The output is written atomically (never half-written) and never over an input file.",
    after_help = "\
Examples:
  tetris-printer play mario.txt -o field.png
  tetris-printer play mario.txt -o field.png --scale 4 --sprite mario.png"
)]
struct PlayArgs {
    #[command(flatten)]
    write: Force,
    /// Move file to replay (`-`: standard input).
    #[arg(value_name = "MOVES.txt")]
    moves: PathBuf,
    /// PNG file to write (`-`: standard output).
    #[arg(short, long, value_name = "FIELD.png")]
    output: PathBuf,
    #[command(flatten)]
    scale: commands::ScaleFlag,
    /// Sprite whose colours to use for J, T and L cells (`-`: standard input).
    #[arg(long, value_name = "SPRITE.png")]
    sprite: Option<PathBuf>,
}

/// Check that a move file prints a sprite.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Replay a move file on an empty 21x42 playfield and check that it leaves exactly the
sprite: the sprite sits on the floor with its left column at some x0 where it fits in
the printable columns 2..18; every opaque pixel must be a cell of the piece printing its
colour (colour 0: J, 1: T, 2: L) and every other cell of the field must be empty.

By default (--align any) every x0 from 2 to 19 - width is tried, so prints made with any
`convert --align` (left, centre, right or best) check without saying which; --align
left|centre|right demands that one column (centre: x0 = 2 + (17 - width) / 2).

Prints `ok: WxH sprite, N pieces` (with `, at x0 = K` when the print is not centred)
and exits 0 when it does. Otherwise exits 1 naming the first wrong cell (rows bottom to
top, columns left to right; x = column, y = row, 0 = bottom) at the column closest to
the field (fewest differing cells; the centre on a tie), or the move that could not be
played.",
    after_help = "\
Examples:
  tetris-printer check mario.png mario.txt
      ok: 16x16 sprite, 412 pieces
  tetris-printer check mario.png broken.txt
      error: broken.txt does not print mario.png: cell (7, 3): expected T, found empty
  tetris-printer convert mario.png --align best -o best.txt
  tetris-printer check mario.png best.txt
      ok: 16x16 sprite, <N> pieces, at x0 = <K>
  tetris-printer check mario.png mario.txt --align centre   # only the centred column"
)]
struct CheckArgs {
    /// The sprite the moves should print (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// Move file to replay (`-`: standard input).
    #[arg(value_name = "MOVES.txt")]
    moves: PathBuf,
    /// Which columns the sprite may stand at: any (every column where it fits, the
    /// default), or only left (x0 = 2), centre or right (x0 = 19 - width).
    #[arg(long, value_enum, default_value_t = CheckAlign::Any)]
    align: CheckAlign,
    #[command(flatten)]
    fit: fit::FitFlags,
}

/// The placements `check --align` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum CheckAlign {
    /// Any column where the sprite fits (prints of every `convert --align`).
    Any,
    /// Left edge at column 2.
    Left,
    /// Centred: left edge at 2 + (17 - width) / 2.
    #[value(alias = "center")]
    Centre,
    /// Right edge at column 18.
    Right,
}

mod commands;
mod fit;
mod manpage;
mod output;
mod plan;
use commands::{AnimateArgs, ConvertArgs, DemoArgs, RenderArgs, SearchArgs, StatsArgs, VerifyArgs};
use output::WriteOptions;

/// Writes a line to standard output; a failed write is an error (a closed pipe ends the
/// run quietly, see [`main`]).
macro_rules! outln {
    ($($t:tt)*) => { $crate::print_out(format_args!($($t)*)) };
}
/// Writes a line to standard error, ignoring failure: a full or closed stderr must not
/// turn a finished job into a failure.
macro_rules! errln {
    ($($t:tt)*) => { $crate::print_err(format_args!($($t)*)) };
}
/// Writes a message to standard error unless `--quiet` (summaries, not errors).
macro_rules! infoln {
    ($($t:tt)*) => { if !$crate::quiet() { $crate::print_err(format_args!($($t)*)) } };
}
pub(crate) use {errln, infoln, outln};

pub(crate) fn print_out(args: fmt::Arguments<'_>) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .context("could not write to standard output")
}

pub(crate) fn print_err(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// On a signal whose default action would end the process (the terminal closed, Ctrl-C,
/// `kill`, a timer, a CPU limit, ...): remove the temporary output files, exit 128 + the
/// signal's number. Not the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
/// SIGSYS, SIGABRT): a handler that returns would run the failing instruction again, and
/// SIGKILL cannot be caught. SIGXFSZ (a file grown past `ulimit -f`) is caught and does
/// nothing, so the write fails with EFBIG and the run ends with an error naming the file.
fn handle_signals() {
    use libc::{
        SIGALRM, SIGHUP, SIGINT, SIGIO, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM,
        SIGXCPU, SIGXFSZ,
    };
    let mut ending = vec![
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO,
        SIGXCPU,
    ];
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        ending.extend([libc::SIGPWR, libc::SIGSTKFLT]);
        ending.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    let ignored = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let _ = signal_hook::flag::register(SIGXFSZ, ignored);
    // Without the handler a signal still stops the run, only temp files may remain.
    let Ok(mut signals) = signal_hook::iterator::Signals::new(ending) else {
        return;
    };
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                output::remove_temp_files();
                std::process::exit(128 + sig);
            }
        });
    drop(spawned);
}

/// The command line, and the name of its subcommand; an option of fitting without `--fit`
/// is a usage error here, before the command starts.
fn parse() -> Result<(Cli, String), clap::Error> {
    let mut cmd = Cli::command();
    let matches = cmd.try_get_matches_from_mut(std::env::args_os())?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))?;
    let name = matches.subcommand_name().unwrap_or_default().to_owned();
    if let Some(message) = cli.command.fit_flags().and_then(fit::FitFlags::without_fit) {
        let kind = clap::error::ErrorKind::MissingRequiredArgument;
        return Err(usage_error(&name, kind, message));
    }
    Ok((cli, name))
}

/// Prints clap's error: --help and --version (0) or a usage error (2).
fn clap_exit(e: &clap::Error) -> ExitCode {
    match print_clap_error(e) {
        Err(p) if e.exit_code() == 0 && p.kind() != io::ErrorKind::BrokenPipe => {
            errln!("error: could not write to standard output: {p}");
            ExitCode::FAILURE
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}

/// A usage error found after clap parsed the command line, as clap reports its own: the
/// message and the subcommand's usage.
fn usage_error(subcommand: &str, kind: clap::error::ErrorKind, message: String) -> clap::Error {
    let mut cmd = Cli::command();
    cmd.build();
    let error = clap::Error::raw(kind, message);
    match cmd.find_subcommand_mut(subcommand) {
        Some(sub) => error.format(sub),
        None => error.format(&mut cmd),
    }
}

/// Shows a usage error from clap with the arguments it quotes escaped
/// (`tetris_printer::echo`): a control character in an argument does not reach the
/// terminal raw. Help and version text, which hold no argument, go out as clap writes them.
fn print_clap_error(e: &clap::Error) -> io::Result<()> {
    if !e.use_stderr() {
        return e.print();
    }
    let text = e.render().to_string();
    let mut err = io::stderr().lock();
    for line in text.split_inclusive('\n') {
        let (body, end) = line.split_at(line.trim_end_matches('\n').len());
        write!(err, "{}{end}", tetris_printer::echo::Escaped(body))?;
    }
    err.flush()
}

fn main() -> ExitCode {
    handle_signals();
    let (cli, subcommand) = match parse() {
        Ok(parsed) => parsed,
        Err(e) => return clap_exit(&e),
    };
    QUIET.store(cli.quiet, std::sync::atomic::Ordering::Relaxed);
    match run(cli) {
        Ok(code) => code,
        // The reader went away (`| head`): as with SIGPIPE, nothing more to say.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => match e.downcast_ref::<plan::PlanError>() {
            Some(&p) => {
                // A combination of options that cannot work: the message and a tip.
                let message = format!("{}\n\n  tip: {}", p.message(), p.tip());
                let kind = clap::error::ErrorKind::ArgumentConflict;
                clap_exit(&usage_error(&subcommand, kind, message))
            }
            None => {
                errln!("error: {}", report(&e));
                ExitCode::FAILURE
            }
        },
    }
}

/// Whether the error comes from writing into a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, `: `-separated like `{:#}`, but skipping a cause whose text
/// the message before it already shows (library errors often print their source too).
fn report(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Play(args) => play(&args, args.write.force),
        Command::Check(args) => check(&args),
        Command::Demo(args) => commands::demo(&args, args.write.force),
        Command::Convert(args) => commands::convert(&args, args.write.force),
        Command::Fit(args) => fit::run(&args),
        Command::Verify(args) => commands::verify(&args),
        Command::Render(args) => commands::render(&args, args.write.force),
        Command::Animate(args) => commands::animate(&args, args.write.force),
        Command::Stats(args) => commands::stats(&args),
        Command::Search(args) => commands::search(&args, args.write.force),
        Command::Completions(args) => {
            let mut out = Vec::new();
            clap_complete::generate(args.shell, &mut Cli::command(), "tetris-printer", &mut out);
            write_stdout(&out)
        }
        Command::Manpage => {
            let out = manpage::render(Cli::command()).context("could not render the man page")?;
            write_stdout(&out)
        }
    }
}

/// Writes `bytes` to standard output.
fn write_stdout(bytes: &[u8]) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("could not write to standard output")?;
    Ok(ExitCode::SUCCESS)
}

fn play(args: &PlayArgs, force: bool) -> Result<ExitCode> {
    not_to_a_terminal(&args.output, "a PNG", force)?;
    one_stdin(&[&args.moves, args.sprite.as_deref().unwrap_or(Path::new(""))])?;
    // `play` takes no --fit: a sprite it refuses points to the `fit` command.
    let sprite = args
        .sprite
        .as_deref()
        .map(|p| load_sprite(p, fit::Fitting::Command))
        .transpose()?;
    let replay = replay_file(&args.moves)?;
    let img = render::render_field(
        &replay.field,
        sprite.as_ref().map(Sprite::colors),
        args.scale.get(),
    );
    let mut inputs = vec![args.moves.as_path()];
    inputs.extend(args.sprite.as_deref());
    output::write_png(&args.output, &img, &WriteOptions::new(&inputs, force))?;
    infoln!(
        "{}: {}, {} cleared, stack height {} -> {} ({}x{})",
        input_name(&args.moves),
        commands::count(replay.moves, "piece"),
        commands::count(replay.lines, "line"),
        replay.field.stack_height(),
        output_name(&args.output),
        img.width(),
        img.height()
    );
    Ok(ExitCode::SUCCESS)
}

fn check(args: &CheckArgs) -> Result<ExitCode> {
    one_stdin(&[&args.sprite, &args.moves])?;
    let sprite = fit::load(&args.sprite, &args.fit, false).map_err(|e| {
        // `check moves.txt mario.png`: the sprite comes first.
        if commands::is_sprite_file(&args.moves) && !commands::is_sprite_file(&args.sprite) {
            // This tip, not the formats' one.
            let error = match e.downcast_ref::<fit::Unreadable>() {
                Some(fit::Unreadable(e)) => e.to_string(),
                None => report(&e),
            };
            anyhow::anyhow!(
                "{error}\n\n  tip: the sprite comes first: tetris-printer check {} {}",
                shown(&args.moves),
                shown(&args.sprite)
            )
        } else {
            e
        }
    })?;
    let replay = replay_file(&args.moves)?;
    let fixed = match args.align {
        CheckAlign::Any => None,
        CheckAlign::Left => Some(Align::Left),
        CheckAlign::Centre => Some(Align::Centre),
        CheckAlign::Right => Some(Align::Right),
    };
    let placed = match fixed.and_then(|a| sprite.aligned(a)) {
        Some(placed) => compare(&replay.field, &placed).map(|()| placed),
        None => find_placement(&replay.field, &sprite),
    }
    .with_context(|| {
        format!(
            "{} does not print {}",
            shown(&args.moves),
            shown(&args.sprite)
        )
    })?;
    let note = if placed.x0() == sprite.x0() {
        String::new()
    } else {
        format!(", at x0 = {}", placed.x0())
    };
    if quiet() {
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "ok: {}x{} sprite, {} pieces{note}",
        sprite.width(),
        sprite.height(),
        replay.moves
    )?;
    Ok(ExitCode::SUCCESS)
}

// ---- Helpers shared by the commands. ----

/// Binary output (`-o -`) is not written to a terminal, where it would garble the screen
/// (as gzip refuses): a pipe or a redirect takes it, and `--force` writes it anyway.
pub(crate) fn not_to_a_terminal(output: &Path, what: &str, force: bool) -> Result<()> {
    if is_stdin(output) && !force && io::stdout().is_terminal() {
        anyhow::bail!(
            "not writing {what} to a terminal: redirect standard output (`> out.png`) or pipe \
             it, or name a file with -o (--force writes it anyway)"
        );
    }
    Ok(())
}

/// Whether `path` means standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard input can be read once: at most one of `paths` may be `-`.
pub(crate) fn one_stdin(paths: &[&Path]) -> Result<()> {
    if paths.iter().filter(|p| is_stdin(p)).count() > 1 {
        anyhow::bail!("only one input can be `-` (standard input)");
    }
    Ok(())
}

/// A move file (`-`: standard input) read one line at a time; errors read
/// `MOVES.txt: line 12: ...`.
pub(crate) fn move_reader(
    path: &Path,
) -> Result<impl Iterator<Item = Result<(Move, usize), ReadError>>> {
    let reader: Box<dyn BufRead> = if is_stdin(path) {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .with_context(|| format!("could not read move file {}", shown(&path)))?;
        Box::new(io::BufReader::new(file))
    };
    Ok(MoveReader::new(reader))
}

/// Reads and validates a sprite image, `-` from standard input (the error names the file
/// and the problem, and what `fitting` would change of a sprite it refuses).
pub(crate) fn load_sprite(path: &Path, fitting: fit::Fitting) -> Result<Sprite> {
    let loaded = if is_stdin(path) {
        Sprite::read_from(io::stdin().lock(), Path::new("standard input"))
    } else {
        Sprite::open(path)
    };
    loaded.map_err(|e| match e {
        // These already name the file.
        SpriteError::Read { .. }
        | SpriteError::Decode { .. }
        | SpriteError::FileTooLarge { .. } => fit::unreadable(e),
        e => fit::hinted(e, fitting).context(format!("bad sprite {}", shown(&path))),
    })
}

/// An input as messages name it: `standard input` for `-`, else [`shown`].
pub(crate) fn input_name(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".into()
    } else {
        shown(path).to_string()
    }
}

/// An output as summaries name it: `standard output` for `-`, else [`shown`].
pub(crate) fn output_name(path: &Path) -> String {
    if is_stdin(path) {
        "standard output".into()
    } else {
        shown(path).to_string()
    }
}

/// A path as messages show it: control characters escaped (`tetris_printer::echo`).
pub(crate) fn shown<P: AsRef<Path> + ?Sized>(path: &P) -> EscapedPath<'_> {
    EscapedPath(path.as_ref())
}

/// The field after a replay, how many moves it took and how many lines they cleared.
pub(crate) struct Replayed {
    pub(crate) field: Playfield,
    pub(crate) moves: usize,
    pub(crate) lines: u64,
}

/// Plays a move file (`-`: standard input) on an empty field as it is read, in constant
/// memory; errors read `MOVES.txt: line 90: move 88 (J0 5): game over: ...`.
pub(crate) fn replay_file(path: &Path) -> Result<Replayed> {
    let mut replay = Replayed {
        field: Playfield::new(),
        moves: 0,
        lines: 0,
    };
    let name = input_name(path);
    for read in move_reader(path)? {
        let (m, line) = read.with_context(|| name.clone())?;
        let landing = replay
            .field
            .drop_piece(m)
            .map_err(|error| ReplayError {
                index: replay.moves,
                move_: m,
                error,
            })
            .with_context(|| format!("{name}: line {line}"))?;
        replay.moves += 1;
        replay.lines += landing.lines() as u64; // 0..=4
    }
    Ok(replay)
}
