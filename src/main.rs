//! The `tetris-printer` command-line tool.
//!
//! Exit codes: 0 success, 1 a failed check or bad input (`error: ...` on stderr),
//! 2 a usage error (reported by clap).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};

use tetris_printer::render::{self, DEFAULT_SCALE, MAX_SCALE, MIN_SCALE};
use tetris_printer::{parse_moves_with_lines, printer, Move, Playfield, Sprite, SpriteError};

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
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    Demo(DemoArgs),
    Convert(ConvertArgs),
    Verify(VerifyArgs),
    Render(RenderArgs),
    Animate(AnimateArgs),
    Play(PlayArgs),
    Check(CheckArgs),
    Stats(StatsArgs),
    Search(SearchArgs),
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
    /// Move file to replay.
    #[arg(value_name = "MOVES.txt")]
    moves: PathBuf,
    /// PNG file to write.
    #[arg(short, long, value_name = "FIELD.png")]
    output: PathBuf,
    /// Pixels per playfield cell (1..=64; grid lines from 4 up).
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_SCALE,
        value_parser = clap::value_parser!(u32).range(i64::from(MIN_SCALE)..=i64::from(MAX_SCALE))
    )]
    scale: u32,
    /// Sprite whose colours to use for J, T and L cells.
    #[arg(long, value_name = "SPRITE.png")]
    sprite: Option<PathBuf>,
}

/// Check that a move file prints a sprite.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Replay a move file on an empty 21x42 playfield and check that it leaves exactly the
sprite: the sprite sits on the floor, centred in columns 2..18 (left column at
x0 = 2 + (17 - width) / 2); every opaque pixel must be a cell of the piece printing its
colour (colour 0: J, 1: T, 2: L) and every other cell of the field must be empty.

Prints `ok: WxH sprite, N pieces` and exits 0 when it does. Otherwise exits 1 naming
the first wrong cell (rows bottom to top, columns left to right; x = column, y = row,
0 = bottom), or the move that could not be played.",
    after_help = "\
Examples:
  tetris-printer check mario.png mario.txt
      ok: 16x16 sprite, 412 pieces
  tetris-printer check mario.png broken.txt
      error: broken.txt does not print mario.png: cell (7, 3): expected T, found empty"
)]
struct CheckArgs {
    /// The sprite the moves should print.
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// Move file to replay.
    #[arg(value_name = "MOVES.txt")]
    moves: PathBuf,
}

mod commands;
use commands::{AnimateArgs, ConvertArgs, DemoArgs, RenderArgs, SearchArgs, StatsArgs, VerifyArgs};

fn main() -> ExitCode {
    // Usage errors, --help and --version exit here (2, 0, 0).
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", report(&e));
            ExitCode::FAILURE
        }
    }
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
        Command::Play(args) => play(&args),
        Command::Check(args) => check(&args),
        Command::Demo(args) => commands::demo(&args),
        Command::Convert(args) => commands::convert(&args),
        Command::Verify(args) => commands::verify(&args),
        Command::Render(args) => commands::render(&args),
        Command::Animate(args) => commands::animate(&args),
        Command::Stats(args) => commands::stats(&args),
        Command::Search(args) => commands::search(&args),
    }
}

fn play(args: &PlayArgs) -> Result<ExitCode> {
    let moves = load_moves(&args.moves)?;
    let sprite = args.sprite.as_deref().map(load_sprite).transpose()?;
    let replay = replay(&moves)?;
    let img = render::render_field(
        &replay.field,
        sprite.as_ref().map(Sprite::colors),
        args.scale,
    );
    let mut inputs = vec![args.moves.as_path()];
    inputs.extend(args.sprite.as_deref());
    render::write_png_atomic(&args.output, &img, &inputs)?;
    eprintln!(
        "{}: {} pieces, {} lines cleared, stack height {} -> {} ({}x{})",
        args.moves.display(),
        moves.len(),
        replay.lines,
        replay.field.stack_height(),
        args.output.display(),
        img.width(),
        img.height()
    );
    Ok(ExitCode::SUCCESS)
}

fn check(args: &CheckArgs) -> Result<ExitCode> {
    let sprite = load_sprite(&args.sprite)?;
    let moves = load_moves(&args.moves)?;
    let replay = replay(&moves)?;
    printer::compare(&replay.field, &sprite).with_context(|| {
        format!(
            "{} does not print {}",
            args.moves.display(),
            args.sprite.display()
        )
    })?;
    println!(
        "ok: {}x{} sprite, {} pieces",
        sprite.width(),
        sprite.height(),
        moves.len()
    );
    Ok(ExitCode::SUCCESS)
}

// ---- Helpers shared by the commands. ----

/// Reads and parses a move file; errors read `MOVES.txt: line 12: ...`.
pub(crate) fn load_moves(path: &Path) -> Result<Vec<(Move, usize)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("could not read move file {}", path.display()))?;
    parse_moves_with_lines(&text).with_context(|| path.display().to_string())
}

/// Reads and validates a sprite image (the error names the file and the problem).
pub(crate) fn load_sprite(path: &Path) -> Result<Sprite> {
    Sprite::open(path).map_err(|e| match e {
        // These already name the file.
        SpriteError::Read { .. } | SpriteError::Decode { .. } => anyhow::Error::new(e),
        e => anyhow::Error::new(e).context(format!("bad sprite {}", path.display())),
    })
}

/// The field after a replay, and how many lines were cleared on the way.
pub(crate) struct Replayed {
    pub(crate) field: Playfield,
    pub(crate) lines: u32,
}

/// Plays moves on an empty field; errors read `move 88 (line 90): game over: ...`.
pub(crate) fn replay(moves: &[(Move, usize)]) -> Result<Replayed> {
    let mut field = Playfield::new();
    let mut lines = 0;
    for (i, &(m, line)) in moves.iter().enumerate() {
        let landing = field
            .drop_piece(m)
            .with_context(|| format!("move {} (line {line})", i + 1))?;
        lines += landing.lines();
    }
    Ok(Replayed { field, lines })
}
