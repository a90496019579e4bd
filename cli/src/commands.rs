//! The commands that convert, verify, draw, animate, measure and search.

use std::cell::Cell;
use std::fmt;
use std::io;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use tetris_printer::animate::{self, AnimateError, AnimateOptions};
use tetris_printer::render::{self, DEFAULT_SCALE, MAX_SCALE, MIN_SCALE};
use tetris_printer::search::{self, Config, Progress};
use tetris_printer::{
    compare, moves_to_string, write_blocks, Align, ConvertStats, Converter, Move, MoveList,
    Planner, Playfield, Sprite,
};

use crate::output::{self, write_with, WriteOptions};
use crate::plan::{self, DirectArgs, PassesArg, PlanArgs};
use crate::{errln, infoln, input_name, move_reader, one_stdin, outln, output_name, shown, Force};

/// The built-in demo sprite (our own pixel art: a mushroom, 16 × 15, three colours).
pub const DEMO_SPRITE: &str = "
.....000000.....
...0011111100...
..011111111110..
.01122111122110.
.01222211222210.
0112222112222110
0111221111221110
0111111111111110
0112222222222110
.00022022022000.
...0222222220...
...0222222220...
...0222222220...
....02222220....
.....000000.....
";

/// `--scale`, on the commands that draw the playfield.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct ScaleFlag {
    /// Pixels per playfield cell (1..=64; grid lines from 4 up).
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_SCALE,
        value_parser = clap::value_parser!(u32).range(i64::from(MIN_SCALE)..=i64::from(MAX_SCALE))
    )]
    scale: u32,
}

impl ScaleFlag {
    /// The pixels per cell the renderer takes.
    pub(crate) const fn get(self) -> u32 {
        self.scale
    }
}

/// What `stats --passes` says of a strategy (`stats` reports it alone).
const fn stats_help(p: PassesArg) -> &'static str {
    match p {
        PassesArg::Grouped => "The default planner only (with direct placement unless --no-direct)",
        PassesArg::Thorough => "The thorough planner only",
        PassesArg::Optimal => "The classic table with the exact pass split only",
        PassesArg::Greedy => "The article's greedy passes only",
        PassesArg::Exact => "The exact planner only (with direct placement unless --no-direct)",
    }
}

/// A time for the `stats` table: microseconds below a millisecond, milliseconds below a
/// second, else seconds (one decimal in µs and ms, two in s).
fn duration_cell(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.1}µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1}ms", secs * 1e3)
    } else {
        format!("{secs:.2}s")
    }
}

/// Where the sprite stands in the printable columns 2..=18 (`--align`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlignArg {
    /// Left edge at column 2 (where the 2013 original prints).
    Left,
    /// Centred: left edge at 2 + (17 - width) / 2 (the default).
    #[value(alias = "center")]
    Centre,
    /// Right edge at column 18: left edge at 19 - width.
    Right,
    /// Convert at every column where the sprite fits (left edge 2..=19 - width) and keep
    /// the print with the fewest pieces; the leftmost column on a tie (with --passes exact,
    /// one exact search per column).
    Best,
}

impl AlignArg {
    /// The library's placement.
    const fn align(self) -> Align {
        match self {
            AlignArg::Left => Align::Left,
            AlignArg::Centre => Align::Centre,
            AlignArg::Right => Align::Right,
            AlignArg::Best => Align::Best,
        }
    }
}

/// The help of `--align` on the commands that convert.
const ALIGN_HELP: &str =
    "Where the sprite stands: left (left edge at column 2), centre (2 + (17 - width) / 2, the
default), right (right edge at column 18) or best (convert at every column where it fits
and keep the fewest pieces, leftmost on a tie). `check` finds the column by itself.";

/// `--align`, on the commands that convert (`verify` and `stats` word its short help for
/// themselves, with [`align_help`]).
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct AlignFlag {
    /// Where the sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
}

impl AlignFlag {
    /// The library's placement.
    pub(crate) const fn get(self) -> Align {
        self.align.align()
    }
}

/// Gives `--align` the short help `help` (for `Command::mut_args`, which, unlike
/// `mut_arg`, keeps the arguments' order, and so the man page's and the completions').
fn align_help(help: &'static str) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |arg| {
        if arg.get_id() == "align" {
            arg.help(help)
        } else {
            arg
        }
    }
}

/// Convert the built-in sprite, verify it, and write its moves and pictures.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Convert the built-in demo sprite (a 16x15 three-colour mushroom), replay the moves to
verify that they print it exactly, and write into DIR:
  demo.png         the sprite itself
  demo.txt         the moves, one a line (`J0 5`)
  demo-field.png   the playfield after the moves
  demo.gif         the print as an animation (one frame per drop)",
    after_help = "\
Examples:
  tetris-printer demo
  tetris-printer demo -o /tmp/demo --scale 4
  tetris-printer demo --align best      # the column with the fewest pieces"
)]
pub struct DemoArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// Directory to write into (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = "demo")]
    output: PathBuf,
    #[command(flatten)]
    scale: ScaleFlag,
    /// Skip the animation.
    #[arg(long)]
    no_gif: bool,
    #[command(flatten)]
    plan: PlanArgs,
    #[command(flatten)]
    align: AlignFlag,
}

/// Convert a sprite into moves.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Convert a sprite image (PNG, GIF, BMP, ...: at most 17x32 pixels after trimming
transparent borders, at most 3 opaque colours, alpha 0 or 255 only) into the moves that
print it on an empty 21x42 playfield. Colour 0 (first in reading order) is printed by
J pieces, colour 1 by T, colour 2 by L. The moves go to stdout, or atomically to -o.
The sprite stands centred in the printable columns 2..18 unless --align says otherwise;
`check` finds the column of a move file by itself, so any placement checks.",
    after_help = "\
Examples:
  tetris-printer convert mario.png
  tetris-printer convert mario.png -o mario.txt --passes greedy
  tetris-printer convert mario.png --format blocks   # the article's lettered matrices
  tetris-printer convert mario.png --align best -o mario.txt   # fewest pieces over every column
  tetris-printer check mario.png mario.txt           # ok: ..., at x0 = K (the column it found)"
)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// The sprite image (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// Write the moves here instead of standard output (`-`: standard output).
    #[arg(short, long, value_name = "MOVES.txt")]
    output: Option<PathBuf>,
    #[command(flatten)]
    plan: PlanArgs,
    /// Output format: the move list, or the article's block listing.
    #[arg(long, value_enum, default_value_t = Format::Moves)]
    format: Format,
    #[command(flatten)]
    align: AlignFlag,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Output formats of `convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One move a line: `J0 5`.
    Moves,
    /// The article's listing: colours, then each block as a lettered 21-wide matrix.
    Blocks,
}

/// Convert a sprite, replay the moves and compare the field with the sprite.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Convert a sprite, replay the moves on an empty playfield and compare the result with the
sprite cell by cell. Prints `ok: WxH sprite, N pieces, M rows` and exits 0, or names the
first differing cell and exits 1 (which would be a bug in tetris-printer).",
    after_help = "\
Examples:
  tetris-printer verify mario.png
  tetris-printer verify mario.png --align best   # ok: ..., x0 = K (best)",
    mut_args = align_help(
        "Where the sprite stands: left, centre, right or best (fewest pieces); compared at \
         that column"
    )
)]
pub struct VerifyArgs {
    /// The sprite image (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    #[command(flatten)]
    plan: PlanArgs,
    #[command(flatten)]
    align: AlignFlag,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Convert a sprite and draw the printed playfield as a PNG.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Convert a sprite, play the moves and write a PNG of the final playfield (what `play`
draws for a move file), J, T and L in the sprite's colours.",
    after_help = "\
Examples:
  tetris-printer render mario.png -o field.png --scale 4
  tetris-printer render mario.png -o field.png --align right"
)]
pub struct RenderArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// The sprite image (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// PNG file to write (`-`: standard output).
    #[arg(short, long, value_name = "FIELD.png")]
    output: PathBuf,
    #[command(flatten)]
    scale: ScaleFlag,
    #[command(flatten)]
    align: AlignFlag,
    #[command(flatten)]
    plan: PlanArgs,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Make an animated GIF of the print.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Make an animated GIF of the whole print on the 21x42 playfield: one frame per drop
(with --fall the piece is seen falling), a white flash before completed rows vanish,
and the final field held for two seconds. J, T and L are drawn in the sprite's colours.
With --moves, animate that move file instead of converting the sprite (the sprite then
only gives the colours, and --align does nothing).",
    after_help = "\
Examples:
  tetris-printer animate mario.png -o mario.gif
  tetris-printer animate mario.png -o mario.gif --fall --fps 50 --scale 4
  tetris-printer animate mario.png --moves mario.txt -o mario.gif
  tetris-printer animate mario.png -o mario.gif --align left"
)]
pub struct AnimateArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// The sprite image (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// GIF file to write (`-`: standard output).
    #[arg(short, long, value_name = "OUT.gif")]
    output: PathBuf,
    /// Animate this move file instead of converting the sprite (`-`: standard input).
    #[arg(long, value_name = "MOVES.txt", conflicts_with_all = ["passes", "direct", "no_direct"])]
    moves: Option<PathBuf>,
    #[command(flatten)]
    scale: ScaleFlag,
    /// Frames per second (1..=50).
    #[arg(long, value_name = "F", default_value_t = animate::DEFAULT_FPS, value_parser = clap::value_parser!(u32).range(1..=50))]
    fps: u32,
    /// Show every piece falling, not just landing.
    #[arg(long)]
    fall: bool,
    #[command(flatten)]
    align: AlignFlag,
    /// How the sprite is converted (without --moves).
    #[command(flatten)]
    plan: PlanArgs,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Convert sprites and print a table of what each costs.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Convert every sprite given (files, or directories searched recursively: their image
files are taken, other files skipped quietly), verify each by replay, and print a table:
file, size, colours, rows, pieces, platforms, conversion time; then the totals (or JSON
or tab-separated values with --format). The planner measured is the one `convert` runs
with the same --passes, --direct and --no-direct: by default the grouped planner with
direct placement. Times are the best of a few runs.

With --passes all the pieces of the other strategies without direct placement (greedy,
optimal, grouped, thorough and exact) are shown next to the measured planner's, with
its pieces as a ratio to exact's; platforms and time stay the measured planner's. The
exact planner searches at run time and can take seconds per sprite (a progress bar
shows on a terminal).

A file that cannot be read or is not a printable sprite, or a directory that cannot be
listed, is reported on stderr and in the JSON and TSV records (its `error`) and counted
as failed in the table's total; the others are still measured, and the exit code is 1.
A path that does not exist is an error before anything is measured. With --align every
strategy places each sprite by that rule (best: each strategy at its own best column,
so the exact planner then runs at every column, up to 17 times); the time includes
choosing the column.",
    after_help = "\
Examples:
  tetris-printer stats sprites/
  tetris-printer stats sprites/ --no-direct          # the fast planner alone
  tetris-printer stats sprites/ --passes all         # every strategy, exact included
  tetris-printer stats sprites/ --format json
  tetris-printer stats a.png b.png --passes greedy --format tsv
  tetris-printer stats sprites/ --align best",
    mut_args = align_help("Where each sprite stands: left, centre, right or best (fewest pieces)")
)]
pub struct StatsArgs {
    /// Sprite files, or directories searched recursively for image files (`-`: one sprite
    /// on standard input).
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// Which strategy to measure (the default planner unless asked; `all` adds the
    /// greedy, optimal, grouped, thorough and exact pieces, which takes seconds per
    /// sprite).
    #[arg(long, value_enum, default_value_t = StatsPasses::One(PassesArg::Grouped))]
    passes: StatsPasses,
    #[command(flatten)]
    direct: DirectArgs,
    /// Output: an aligned table with totals, JSON (an array, one record per file) or
    /// tab-separated values (a header line, then one line per file).
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    format: StatsFormat,
    #[command(flatten)]
    align: AlignFlag,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Output formats of `stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// An aligned table, then the totals.
    Table,
    /// A JSON array, one record per file: its file, size, colours, rows, column,
    /// strategy, direct placement, pieces, platforms and time (with --passes all the
    /// other strategies' pieces too), or its file and `error`.
    Json,
    /// Tab-separated values: a header line, then one line per file; the last field is
    /// empty, or the error of a file that could not be measured.
    Tsv,
}

/// Which strategies `stats` reports: one of [`PassesArg`] (same names and aliases, its
/// own help), or `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsPasses {
    /// That strategy only.
    One(PassesArg),
    /// The default planner with every other strategy's pieces beside it (`all`).
    All,
}

impl ValueEnum for StatsPasses {
    fn value_variants<'a>() -> &'a [Self] {
        static VARIANTS: LazyLock<Vec<StatsPasses>> = LazyLock::new(|| {
            PassesArg::value_variants()
                .iter()
                .map(|&p| StatsPasses::One(p))
                .chain([StatsPasses::All])
                .collect()
        });
        &VARIANTS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match *self {
            StatsPasses::One(p) => p.to_possible_value()?.help(stats_help(p)),
            StatsPasses::All => PossibleValue::new("all").help(
                "Greedy, optimal, grouped, thorough and exact pieces (without direct \
                 placement) next to the default planner's, and its ratio to exact",
            ),
        })
    }
}

/// Regenerate the pattern tables in pattern-src/ with the searcher.
#[derive(Args, Debug)]
#[command(
    long_about = "\
Search every emitter pattern (each arrangement of 1..=7 triples, at the lowest height for
which one exists, proving each lower admissible height impossible by exhaustive search),
the platform patterns, the strip fillers and the wide patterns, and write them as text
into DIR (one file per n plus platforms.txt, strips.txt, wide.txt and covers.txt;
--only N writes emitters-N.txt alone, --only strips strips.txt alone). The output
depends only on --seed, not on --jobs. The files are replaced together: each is opened
before the search (one that cannot be replaced fails at once), and none is replaced
until all are written (an interrupt during the renames waits for them), so a failure or
an interrupt leaves the old files. A progress bar and a summary table go to stderr.",
    after_help = "\
Examples:
  tetris-printer search                 # regenerate pattern-src/
  tetris-printer search --only 5 --out /tmp/p
  tetris-printer search --only strips
  git diff --exit-code pattern-src      # check that the tables reproduce"
)]
pub struct SearchArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// Directory to write the pattern files into.
    #[arg(long, value_name = "DIR", default_value = "pattern-src")]
    out: PathBuf,
    /// Seed of the shuffled placement orders.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Worker threads (default and most: all cores).
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
    /// Only the emitters with this many squares (`--only 3` or `--only n=3`), or only
    /// the strips (`--only strips`).
    #[arg(long, value_name = "n=N|strips", value_parser = parse_only)]
    only: Option<Only>,
}

/// What `--only` selects.
#[derive(Clone, Copy, Debug)]
enum Only {
    Emitters(u8),
    Strips,
}

/// `--jobs`: at least one thread.
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("at least 1 worker thread is needed".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_only(s: &str) -> Result<Only, String> {
    if s == "strips" {
        return Ok(Only::Strips);
    }
    let v = s.strip_prefix("n=").unwrap_or(s);
    match v.parse::<u8>() {
        Ok(n @ 1..=7) => Ok(Only::Emitters(n)),
        _ => Err(format!(
            "`{s}` is not a square count 1..=7 (e.g. `n=3`) or `strips`"
        )),
    }
}

fn progress_bar(len: u64, msg: String) -> ProgressBar {
    if crate::quiet() || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // An unknown length (a streamed move file) counts up instead of filling a bar.
    let (pb, template) = match len {
        0 => (
            ProgressBar::new_spinner(),
            "{msg:>12} {spinner} {pos} {elapsed}",
        ),
        _ => (
            ProgressBar::new(len),
            "{msg:>12} [{bar:40}] {pos}/{len} {elapsed}",
        ),
    };
    pb.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    pb.set_message(msg);
    pb
}

/// Whether converting with `converter` at `align` can take seconds: the exact planner
/// (seconds per sprite, up to 17 times that with `--align best`), or direct placement at
/// every column.
fn slow(converter: Converter, align: Align) -> bool {
    converter.planner() == Planner::Exact || (converter.direct() && align == Align::Best)
}

/// Runs `f` with a spinner on standard error when `slow` and standard error is a
/// terminal.
fn with_spinner<T>(slow: bool, f: impl FnOnce() -> T) -> T {
    if !slow || crate::quiet() || !std::io::stderr().is_terminal() {
        return f();
    }
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template("{msg:>12} {spinner} {elapsed}").expect("valid template"),
    );
    pb.set_message("converting");
    pb.enable_steady_tick(Duration::from_millis(100));
    let result = f();
    pb.finish_and_clear();
    result
}

/// `sprite` placed by `align` for `passes`, and the moves that print it there.
fn convert_sprite(sprite: &Sprite, converter: Converter, align: Align) -> (Sprite, Vec<Move>) {
    // With --align best the best column's moves are kept, not converted again.
    with_spinner(slow(converter, align), || {
        converter.place_to_vec(sprite, align)
    })
}

/// `, x0 = K (align)` for messages, empty for the default centre.
fn placement_note(sprite: &Sprite, align: Align) -> String {
    if align == Align::Centre {
        String::new()
    } else {
        format!(", x0 = {} ({align})", sprite.x0())
    }
}

/// Replays `moves` and compares with `sprite`; the error names the first difference.
fn verify_moves(sprite: &Sprite, moves: &[Move]) -> Result<Playfield> {
    let field = Playfield::replay(moves).context("the converted moves do not replay (a bug)")?;
    compare(&field, sprite).context("the converted moves do not print the sprite (a bug)")?;
    Ok(field)
}

pub fn demo(args: &DemoArgs, force: bool) -> Result<ExitCode> {
    let converter = args.plan.converter()?;
    let opts = WriteOptions::new(&[], force);
    let sprite = Sprite::from_ascii(DEMO_SPRITE).context("the built-in sprite")?;
    // Before converting, as `convert` opens its output.
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("could not create {}", shown(&args.output)))?;
    let (sprite, moves) = convert_sprite(&sprite, converter, args.align.get());
    let field = verify_moves(&sprite, &moves)?;
    let dir = &args.output;
    let rgba = sprite.to_rgba();
    let img = image::RgbaImage::from_raw(sprite.width() as u32, sprite.height() as u32, rgba)
        .expect("sized buffer");
    output::write_png(&dir.join("demo.png"), &img, &opts)?;
    write_with(
        &dir.join("demo.txt"),
        &opts,
        moves_to_string(&moves).as_bytes(),
    )?;
    let pic = render::render_field(&field, Some(sprite.colors()), args.scale.get());
    output::write_png(&dir.join("demo-field.png"), &pic, &opts)?;
    if !args.no_gif {
        let anim = AnimateOptions {
            scale: args.scale.get(),
            ..AnimateOptions::default()
        };
        let path = dir.join("demo.gif");
        write_gif(
            create_gif(&path, &opts)?,
            moves.iter().map(|&m| Ok(m)),
            moves.len(),
            None,
            &sprite,
            &anim,
        )?;
    }
    if !crate::quiet() {
        outln!(
            "ok: {}x{} sprite, {} pieces, {}{} -> {}/demo.png, demo.txt, demo-field.png{}",
            sprite.width(),
            sprite.height(),
            moves.len(),
            count(sprite.height(), "row"),
            placement_note(&sprite, args.align.get()),
            shown(&dir),
            if args.no_gif { "" } else { ", demo.gif" }
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn convert(args: &ConvertArgs, force: bool) -> Result<ExitCode> {
    let converter = args.plan.converter()?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let inputs = [args.sprite.as_path()];
    let target = args.output.as_deref().unwrap_or(Path::new("-"));
    // Opened before converting: an output that cannot be written fails at once, not
    // after a search of seconds.
    let out = output::create(target, &WriteOptions::new(&inputs, force))?;
    let (sprite, (moves, blocks)) = with_spinner(slow(converter, args.align.get()), || {
        sprite.place_by(args.align.get(), |s| {
            let (moves, blocks) = converter.convert_blocks(s);
            (moves.len(), (moves, blocks))
        })
    });
    let text = match args.format {
        Format::Moves => moves_to_string(&moves),
        Format::Blocks => write_blocks(sprite.colors(), &moves, &blocks)
            .context("the converted moves do not replay (a bug)")?,
    };
    out.finish(text.as_bytes())?;
    if !crate::is_stdin(target) {
        infoln!(
            "{}: {} pieces{} -> {}",
            input_name(&args.sprite),
            moves.len(),
            placement_note(&sprite, args.align.get()),
            shown(target)
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn verify(args: &VerifyArgs) -> Result<ExitCode> {
    let converter = args.plan.converter()?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let (sprite, moves) = convert_sprite(&sprite, converter, args.align.get());
    verify_moves(&sprite, &moves)?;
    if !crate::quiet() {
        outln!(
            "ok: {}x{} sprite, {} pieces, {}{}",
            sprite.width(),
            sprite.height(),
            moves.len(),
            count(sprite.height(), "row"),
            placement_note(&sprite, args.align.get())
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn render(args: &RenderArgs, force: bool) -> Result<ExitCode> {
    let converter = args.plan.converter()?;
    crate::not_to_a_terminal(&args.output, "a PNG", force)?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let inputs = [args.sprite.as_path()];
    // Opened before converting, as by `convert`.
    let out = output::create(&args.output, &WriteOptions::new(&inputs, force))?;
    let (sprite, moves) = convert_sprite(&sprite, converter, args.align.get());
    let field = verify_moves(&sprite, &moves)?;
    let img = render::render_field(&field, Some(sprite.colors()), args.scale.get());
    out.finish_png(&img)?;
    infoln!(
        "{}: {} pieces{} -> {}",
        input_name(&args.sprite),
        moves.len(),
        placement_note(&sprite, args.align.get()),
        output_name(&args.output)
    );
    Ok(ExitCode::SUCCESS)
}

/// How errors of writing a GIF begin.
fn gif_context(path: &Path) -> String {
    format!("could not animate into {}", shown(&path))
}

/// The GIF file at `path`, opened for [`write_gif`] (before the work that makes its frames,
/// so an output that cannot be written fails at once), and its name.
fn create_gif<'a>(
    path: &'a Path,
    write: &WriteOptions<'_>,
) -> Result<(output::OutputFile, &'a Path)> {
    let file = output::create(path, write).with_context(|| gif_context(path))?;
    Ok((file, path))
}

/// Streams the animation of `moves` (`total` of them, 0 if unknown) into `path`; errors in
/// the moves name `moves_file` when they come from one, and the line of the last move
/// read (which the iterator keeps in the cell).
fn write_gif(
    (file, path): (output::OutputFile, &Path),
    moves: impl Iterator<Item = Result<Move, AnimateError>>,
    total: usize,
    moves_file: Option<(&Path, &Cell<usize>)>,
    sprite: &Sprite,
    opts: &AnimateOptions,
) -> Result<()> {
    let pb = progress_bar(total as u64, "animating".into());
    let context = || gif_context(path);
    // Frame by frame through a buffer into the output file: memory stays flat, and a
    // regular file is only replaced once the whole GIF is written (on an error or an
    // interrupt the target is left as it was).
    let mut buf = io::BufWriter::with_capacity(1 << 16, file);
    let stats = animate::animate_stream(moves, sprite.colors(), opts, &mut buf, &mut |done, _| {
        pb.set_position(done as u64);
    })
    .map_err(|e| match (e, moves_file) {
        (e @ AnimateError::Moves(_), Some((file, _))) => {
            anyhow::Error::new(e).context(input_name(file))
        }
        (e @ AnimateError::Replay(_), Some((file, line))) => {
            anyhow::Error::new(e).context(format!("{}: line {}", input_name(file), line.get()))
        }
        (e, _) => anyhow::Error::new(e).context(context()),
    })?;
    let file = buf
        .into_inner()
        .map_err(io::IntoInnerError::into_error)
        .map_err(AnimateError::from)
        .with_context(context)?;
    file.commit().with_context(context)?;
    pb.finish_and_clear();
    infoln!(
        "{}: {} frames, {} bytes",
        output_name(path),
        stats.frames,
        stats.bytes
    );
    Ok(())
}

pub fn animate(args: &AnimateArgs, force: bool) -> Result<ExitCode> {
    let converter = args.plan.converter()?;
    crate::not_to_a_terminal(&args.output, "a GIF", force)?;
    let mut inputs = vec![args.sprite.as_path()];
    inputs.extend(args.moves.as_deref());
    one_stdin(&inputs)?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let opts = AnimateOptions {
        scale: args.scale.get(),
        fps: args.fps,
        fall: args.fall,
        ..AnimateOptions::default()
    };
    let gif = create_gif(&args.output, &WriteOptions::new(&inputs, force))?;
    match &args.moves {
        // Streamed: the move file is read as the frames are written.
        Some(p) => {
            let line = Cell::new(0);
            let moves = move_reader(p)?.map(|r| {
                r.map(|(m, l)| {
                    line.set(l);
                    m
                })
                .map_err(AnimateError::from)
            });
            write_gif(gif, moves, 0, Some((p, &line)), &sprite, &opts)?;
        }
        None => {
            let (sprite, moves) = convert_sprite(&sprite, converter, args.align.get());
            write_gif(
                gif,
                moves.iter().map(|&m| Ok(m)),
                moves.len(),
                None,
                &sprite,
                &opts,
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether a path's extension names an image format the `image` crate, as
/// this build configures it, can read (`.png`, `.jpg`, `.jpeg`, `.pbm`, …; any case).
pub(crate) fn is_sprite_file(path: &std::path::Path) -> bool {
    image::ImageFormat::from_path(path).is_ok_and(|f| f.reading_enabled())
}

/// What `stats` reports on: a file to measure, or a directory it could not list (a
/// failed record, with its error).
enum Found {
    File(PathBuf),
    Unlisted(PathBuf, anyhow::Error),
}

impl Found {
    fn path(&self) -> &Path {
        match self {
            Found::File(p) | Found::Unlisted(p, _) => p,
        }
    }
}

/// The files `stats` measures: files named as they are, directories searched
/// recursively (in name order) for image files; other files are skipped, and links to
/// directories are not followed (no loops). A directory that cannot be listed is a
/// record of its own, in its place in the order.
fn collect_sprites(paths: &[PathBuf]) -> Result<Vec<Found>> {
    fn walk(dir: &Path, out: &mut Vec<Found>) {
        let listed = std::fs::read_dir(dir).and_then(|entries| {
            entries
                .map(|e| e.map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir()))))
                .collect::<io::Result<Vec<(PathBuf, bool)>>>()
        });
        let mut entries = match listed {
            Ok(entries) => entries,
            Err(e) => {
                let error = anyhow::Error::new(e).context(format!("could not list {}", shown(dir)));
                out.push(Found::Unlisted(dir.to_path_buf(), error));
                return;
            }
        };
        entries.sort();
        for (path, is_dir) in entries {
            if is_dir {
                walk(&path, out);
            } else if is_sprite_file(&path) && path.is_file() {
                out.push(Found::File(path));
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        // A path that does not exist is a typo, not a sprite that failed: nothing is
        // measured (standard input is read as the sprite).
        if !crate::is_stdin(p) {
            std::fs::metadata(p).with_context(|| format!("could not read {}", shown(p)))?;
        }
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(Found::File(p.clone()));
        }
    }
    if out.is_empty() {
        bail!("no sprite files found");
    }
    Ok(out)
}

/// `sprite` placed by `align` for `converter`, what converting it there cost and its
/// moves (with `--align best`, the best column's, not converted again).
fn place_convert(
    converter: Converter,
    sprite: &Sprite,
    align: Align,
) -> (Sprite, ConvertStats, Box<MoveList>) {
    let (placed, (stats, moves)) = sprite.place_by(align, |s| {
        let mut moves: Box<MoveList> = Box::default();
        let stats = converter
            .convert_into(s, &mut moves)
            .expect("MAX_MOVES always suffices");
        (stats.pieces, (stats, moves))
    });
    (placed, stats, moves)
}

/// [`place_convert`], timed.
fn timed_convert(
    sprite: &Sprite,
    converter: Converter,
    align: Align,
) -> (Sprite, ConvertStats, Box<MoveList>, Duration) {
    // Best of a few runs: the fast planner takes microseconds, so one run is noise. Runs
    // stop after a tenth of a second in all (direct placement takes tenths of a second a
    // run); the exact planner takes up to seconds, and runs once.
    let (runs, budget) = if converter.planner() == Planner::Exact {
        (1, Duration::ZERO)
    } else {
        (20, Duration::from_millis(100))
    };
    let mut best = Duration::MAX;
    let mut spent = Duration::ZERO;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        last = Some(place_convert(converter, sprite, align));
        let took = t.elapsed();
        best = best.min(took);
        spent += took;
        if spent >= budget {
            break;
        }
    }
    let (placed, stats, moves) = last.expect("at least one run");
    (placed, stats, moves, best)
}

/// `a / b` with three decimals, or `-` when `b` is 0.
fn ratio(a: usize, b: usize) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.3}", a as f64 / b as f64)
    }
}

/// The narrowest the stats table's file column gets.
const STATS_NAME_WIDTH: usize = 28;

/// How many terminal columns `text` takes (wide characters two, combining marks none).
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// One line of the stats table: the file name left-aligned in `name_width` terminal
/// columns, then each cell right-aligned in its column's width.
fn table_line(name: &str, name_width: usize, cells: &[(usize, String)]) -> String {
    let pad = name_width.saturating_sub(display_width(name));
    let mut line = format!("{name}{:pad$}", "");
    for (width, cell) in cells {
        line += &format!(" {cell:>width$}");
    }
    line
}

/// `1 sprite`, `2 sprites`.
pub(crate) fn count<N: fmt::Display + PartialEq + From<u8>>(n: N, what: &str) -> String {
    if n == N::from(1) {
        format!("{n} {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// One file's line of `stats` (a JSON record with `--format json`): what it measured,
/// or why the file could not be measured.
#[derive(serde::Serialize)]
struct StatsRecord {
    /// The path as given (JSON escapes it itself).
    file: String,
    /// The path as the table and TSV show it (control characters escaped).
    #[serde(skip)]
    shown: String,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    measured: Option<Measured>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What `stats` measured of one sprite.
#[derive(serde::Serialize)]
struct Measured {
    width: usize,
    height: usize,
    colours: usize,
    rows: usize,
    /// The column of the sprite's left edge.
    x0: usize,
    /// The strategy of `pieces`, and whether it placed pieces directly.
    passes: &'static str,
    direct: bool,
    pieces: usize,
    /// With `--passes all`: the other strategies' pieces (without direct placement).
    #[serde(skip_serializing_if = "Option::is_none")]
    greedy: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grouped: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    thorough: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<usize>,
    platforms: usize,
    /// Conversion time (best of several runs but with the exact planner).
    seconds: f64,
}

impl Measured {
    /// The pieces of strategy `p` (without direct placement), with `--passes all`.
    fn other(&self, p: Planner) -> Option<usize> {
        match p {
            Planner::Greedy => self.greedy,
            Planner::Optimal => self.optimal,
            Planner::Grouped => self.grouped,
            Planner::Thorough => self.thorough,
            Planner::Exact => self.exact,
            _ => None,
        }
    }

    /// Sets the pieces of strategy `p`.
    fn set_other(&mut self, p: Planner, pieces: usize) {
        let slot = match p {
            Planner::Greedy => &mut self.greedy,
            Planner::Optimal => &mut self.optimal,
            Planner::Grouped => &mut self.grouped,
            Planner::Thorough => &mut self.thorough,
            // Exact (`Planner` is non-exhaustive; `STATS_OTHERS` lists these five).
            _ => &mut self.exact,
        };
        *slot = Some(pieces);
    }
}

/// The strategies `--passes all` shows next to the measured planner's, without direct
/// placement (the measured one itself left out).
const STATS_OTHERS: [Planner; 5] = [
    Planner::Greedy,
    Planner::Optimal,
    Planner::Grouped,
    Planner::Thorough,
    Planner::Exact,
];

/// Converts (and verifies) one sprite for `stats`.
fn measure(
    name: &str,
    sprite: &Sprite,
    main: Converter,
    others: &[Planner],
    align: Align,
) -> Result<Measured> {
    let (placed, st, moves, time) = timed_convert(sprite, main, align);
    verify_moves(&placed, &moves).with_context(|| name.to_owned())?;
    let mut measured = Measured {
        width: sprite.width(),
        height: sprite.height(),
        colours: sprite.colors().len(),
        rows: sprite.height(),
        x0: placed.x0(),
        passes: main.planner().name(),
        direct: main.direct(),
        pieces: moves.len(),
        greedy: None,
        optimal: None,
        grouped: None,
        thorough: None,
        exact: None,
        platforms: st.platforms,
        seconds: time.as_secs_f64(),
    };
    for &p in others {
        let (placed, _, moves) = place_convert(Converter::with_planner(p), sprite, align);
        verify_moves(&placed, &moves).with_context(|| format!("{name} ({p})"))?;
        measured.set_other(p, moves.len());
    }
    Ok(measured)
}

/// The label of the stats table's last line: `total (2 sprites)`, `total (2 sprites, 1
/// failed)`.
fn stats_total(sprites: usize, failed: usize) -> String {
    if failed == 0 {
        format!("total ({})", count(sprites, "sprite"))
    } else {
        format!("total ({}, {failed} failed)", count(sprites, "sprite"))
    }
}

/// A TSV field: no tab or line break inside.
fn tsv_field(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

pub fn stats(args: &StatsArgs) -> Result<ExitCode> {
    let all = args.passes == StatsPasses::All;
    let main = plan::converter(
        match args.passes {
            StatsPasses::One(p) => p,
            StatsPasses::All => PassesArg::Grouped,
        },
        args.direct,
    )?;
    one_stdin(&args.paths.iter().map(PathBuf::as_path).collect::<Vec<_>>())?;
    let files = collect_sprites(&args.paths)?;
    let names: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let f = f.path();
            if crate::is_stdin(f) {
                ("standard input".to_string(), "standard input".to_string())
            } else {
                (f.to_string_lossy().into_owned(), shown(f).to_string())
            }
        })
        .collect();
    // The file column fits every name, the header and the total line (whose counts are
    // at most the number of files), so the columns line up whatever the path lengths.
    let name_width = names
        .iter()
        .map(|(_, shown)| display_width(shown))
        .chain([
            STATS_NAME_WIDTH,
            display_width(&stats_total(files.len(), files.len())),
        ])
        .max()
        .unwrap_or(STATS_NAME_WIDTH);
    // With --passes all: the other strategies' pieces, before the measured planner's.
    let others: Vec<Planner> = if all {
        STATS_OTHERS
            .into_iter()
            .filter(|&p| main.direct() || p != main.planner())
            .collect()
    } else {
        Vec::new()
    };
    // Column widths: size, colours, rows, one per other strategy, pieces, ÷exact (with
    // --passes all), platforms, time.
    let widths = |cells: Vec<String>| -> Vec<(usize, String)> {
        let mut w = vec![6, 7, 4];
        w.extend(others.iter().map(|_| 9));
        w.push(9);
        if all {
            w.push(8);
        }
        w.extend([9, 10]);
        w.into_iter().zip(cells).collect()
    };
    let mut head: Vec<String> = ["size", "colours", "rows"].map(String::from).to_vec();
    head.extend(others.iter().map(|p| p.name().to_string()));
    head.push("pieces".into());
    if all {
        head.push("÷exact".into());
    }
    head.extend(["platforms".into(), "time".into()]);
    let cells = |m: &Measured| -> Vec<String> {
        let mut c = vec![
            format!("{}x{}", m.width, m.height),
            m.colours.to_string(),
            m.rows.to_string(),
        ];
        c.extend(
            others
                .iter()
                .map(|&p| m.other(p).map_or_else(String::new, |n| n.to_string())),
        );
        c.push(m.pieces.to_string());
        if all {
            c.push(ratio(m.pieces, m.exact.unwrap_or(0)));
        }
        c.push(m.platforms.to_string());
        c.push(match args.format {
            StatsFormat::Tsv => format!("{:.6}", m.seconds),
            _ => duration_cell(Duration::from_secs_f64(m.seconds)),
        });
        c
    };
    match args.format {
        StatsFormat::Table => outln!("{}", table_line("file", name_width, &widths(head.clone())))?,
        StatsFormat::Tsv => outln!("file\t{}\terror", head.join("\t"))?,
        StatsFormat::Json => {}
    }
    // The exact planner and direct placement take tenths of a second to seconds: show
    // progress on a terminal.
    let bar = if all || main.planner() == Planner::Exact || main.direct() {
        progress_bar(files.len() as u64, "sprites".into())
    } else {
        ProgressBar::hidden()
    };
    let mut records = Vec::new();
    let mut failed = 0;
    for (found, (file, shown)) in files.into_iter().zip(names) {
        let measured = match found {
            Found::File(f) => crate::fit::load(&f, &args.fit, true)
                .and_then(|sprite| measure(&shown, &sprite, main, &others, args.align.get())),
            Found::Unlisted(_, e) => Err(e),
        };
        bar.inc(1);
        let record = match measured {
            Ok(m) => StatsRecord {
                file,
                shown,
                measured: Some(m),
                error: None,
            },
            Err(e) => {
                let error = crate::report(&e);
                bar.suspend(|| errln!("error: {error}"));
                failed += 1;
                StatsRecord {
                    file,
                    shown,
                    measured: None,
                    error: Some(error),
                }
            }
        };
        match (args.format, &record.measured) {
            (StatsFormat::Table, Some(m)) => {
                bar.suspend(|| {
                    outln!(
                        "{}",
                        table_line(&record.shown, name_width, &widths(cells(m)))
                    )
                })?;
            }
            (StatsFormat::Tsv, measured) => {
                let fields = measured
                    .as_ref()
                    .map_or_else(|| vec![String::new(); head.len()], cells);
                let error = record.error.as_deref().map(tsv_field).unwrap_or_default();
                bar.suspend(|| outln!("{}\t{}\t{error}", record.shown, fields.join("\t")))?;
            }
            _ => {}
        }
        records.push(record);
    }
    bar.finish_and_clear();
    match args.format {
        StatsFormat::Json => {
            outln!(
                "{}",
                serde_json::to_string_pretty(&records).context("could not write JSON")?
            )?;
        }
        StatsFormat::Tsv => {}
        StatsFormat::Table => {
            let measured: Vec<&Measured> =
                records.iter().filter_map(|r| r.measured.as_ref()).collect();
            let total =
                |f: &dyn Fn(&Measured) -> usize| measured.iter().map(|m| f(m)).sum::<usize>();
            let mut cells = vec![String::new(), String::new(), String::new()];
            for &p in &others {
                cells.push(total(&|m| m.other(p).unwrap_or(0)).to_string());
            }
            let pieces = total(&|m| m.pieces);
            cells.push(pieces.to_string());
            if all {
                cells.push(ratio(pieces, total(&|m| m.exact.unwrap_or(0))));
            }
            cells.push(total(&|m| m.platforms).to_string());
            let time: f64 = measured.iter().map(|m| m.seconds).sum();
            cells.push(duration_cell(Duration::from_secs_f64(time)));
            let name = stats_total(measured.len(), failed);
            outln!("{}", table_line(&name, name_width, &widths(cells)))?;
        }
    }
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The most worker threads `search` starts: one per core.
fn max_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `search`'s pattern files besides the emitters' ([`search::emitter_file_name`]).
const PLATFORMS_FILE: &str = "platforms.txt";
const STRIPS_FILE: &str = "strips.txt";
const WIDE_FILE: &str = "wide.txt";
const COVERS_FILE: &str = "covers.txt";

/// The files `search` writes into its directory, in the order it writes them.
fn pattern_file_names(only: Option<Only>) -> Vec<String> {
    match only {
        Some(Only::Emitters(n)) => vec![search::emitter_file_name(n)],
        Some(Only::Strips) => vec![STRIPS_FILE.into()],
        None => (1..=7)
            .map(search::emitter_file_name)
            .chain([PLATFORMS_FILE, STRIPS_FILE, WIDE_FILE, COVERS_FILE].map(String::from))
            .collect(),
    }
}

/// Opens every file of `names` in `dir` (a temporary file beside each, see
/// [`output::create`]); if one cannot be opened, the ones opened are dropped (their
/// temporary files removed) and no file is touched.
fn open_pattern_files(
    dir: &Path,
    names: &[String],
    opts: &WriteOptions<'_>,
) -> Result<Vec<(String, output::OutputFile)>, output::OutputError> {
    names
        .iter()
        .map(|name| Ok((name.clone(), output::create(&dir.join(name), opts)?)))
        .collect()
}

/// Writes `texts` (name, text) into the files opened for them and replaces the targets
/// as one set ([`output::commit_all`]): a failure before the renames, such as a full
/// disk, leaves every old file as it was and no temporary file.
fn write_pattern_files(
    files: Vec<(String, output::OutputFile)>,
    texts: &[(String, String)],
) -> Result<()> {
    let opened: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let made: Vec<&str> = texts.iter().map(|(name, _)| name.as_str()).collect();
    if opened != made {
        bail!("the search made {made:?}, not the files opened, {opened:?} (a bug)");
    }
    let mut outputs = Vec::with_capacity(files.len());
    for ((_, mut file), (_, text)) in files.into_iter().zip(texts) {
        file.write_bytes(text.as_bytes())?;
        outputs.push(file);
    }
    output::commit_all(outputs)?;
    Ok(())
}

pub fn search(args: &SearchArgs, force: bool) -> Result<ExitCode> {
    let opts = WriteOptions::new(&[], force);
    let mut config = Config {
        seed: args.seed,
        only: match args.only {
            Some(Only::Emitters(n)) => Some(n),
            _ => None,
        },
        ..Config::default()
    };
    if let Some(j) = args.jobs {
        // More threads than cores only cost memory (and a million would not start).
        config.jobs = j.min(max_jobs());
    }
    // Before the search, which takes a minute and more: a path that cannot be the
    // directory, or a pattern file that cannot be replaced, fails at once.
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("could not create {}", shown(&args.out)))?;
    let files = open_pattern_files(&args.out, &pattern_file_names(args.only), &opts)?;
    let t0 = Instant::now();
    let bar = std::sync::Mutex::new(ProgressBar::hidden());
    let progress = |p| {
        let mut b = bar.lock().expect("no panics while holding the bar");
        match p {
            Progress::Start { n, total } => {
                b.finish_and_clear();
                *b = progress_bar(
                    total as u64,
                    match n {
                        0 => "platforms".into(),
                        8 => "strips".into(),
                        9.. => "wide patterns".into(),
                        n => format!("n = {n}"),
                    },
                );
            }
            Progress::Step => b.inc(1),
        }
    };
    let generated = match args.only {
        Some(Only::Strips) => search::Generated {
            strips: Some(search::search_strips(
                &config,
                &search::DeadTable::new(),
                &progress,
            )),
            ..search::Generated::default()
        },
        _ => search::generate(&config, &progress),
    };
    bar.lock().expect("no panics").finish_and_clear();
    // Every file's text, then the files written as one set; the summaries after.
    let mut texts: Vec<(String, String)> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    for (n, file) in &generated.emitters {
        texts.push((
            search::emitter_file_name(*n),
            search::emitter_file_text(*n, file, config.seed),
        ));
    }
    if let Some(p) = &generated.platforms {
        texts.push((
            PLATFORMS_FILE.into(),
            search::platform_file_text(p, config.seed),
        ));
        notes.push(format!(
            "platforms: {} found (centres {}), {} centres proved impossible",
            p.platforms.len(),
            p.platforms
                .iter()
                .map(|x| x.centre.to_string())
                .collect::<Vec<_>>()
                .join(","),
            p.no_platforms.len()
        ));
    }
    if let Some(s) = &generated.strips {
        texts.push((STRIPS_FILE.into(), search::strip_file_text(s, config.seed)));
        notes.push(format!(
            "strips: {} packings over {} bottom rows",
            s.strips.len(),
            s.strips
                .iter()
                .map(|t| (t.width, t.height, t.side, t.bottom))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        ));
    }
    if let Some(w) = &generated.wides {
        texts.push((WIDE_FILE.into(), search::wide_file_text(w, config.seed)));
        notes.push(format!(
            "wide patterns: {} packings over {} bottom rows",
            w.wides.len(),
            w.wides
                .iter()
                .map(|t| (t.bottom, t.height))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        ));
    }
    if args.only.is_none() {
        // The grouped planner's run covers come from the thorough planner, which reads
        // the tables compiled into this binary (not the files just written).
        let t = Instant::now();
        let text = tetris_printer::covers::file_text();
        let secs = t.elapsed().as_secs_f64();
        let runs = text.lines().filter(|l| l.starts_with("run ")).count();
        texts.push((COVERS_FILE.into(), text));
        notes.push(format!(
            "run covers: {runs} runs in {secs:.2}s, planned with the tables built into this \
             binary (after changing the patterns, rebuild and search again to refresh them)"
        ));
    }
    write_pattern_files(files, &texts)?;
    for note in notes {
        infoln!("{note}");
    }
    infoln!(
        "{:>2} {:>18} {:>8} {:>12} {:>10}",
        "n",
        "rows: count (pieces)",
        "proofs",
        "nodes",
        "time"
    );
    for s in &generated.summaries {
        let hs: Vec<String> = s
            .heights
            .iter()
            .map(|(h, c, p)| format!("{h}: {c} ({p})"))
            .collect();
        infoln!(
            "{:>2} {:>18} {:>8} {:>12} {:>9.2}s",
            s.n,
            hs.join(", "),
            s.proofs,
            s.nodes,
            s.time.as_secs_f64()
        );
    }
    infoln!(
        "wrote {} in {:.1}s",
        shown(&args.out),
        t0.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared `--align` keeps each command's short help, the one long help, and its
    /// place among the command's options (which the man page and completions list in
    /// that order).
    #[test]
    fn align_keeps_each_commands_wording_and_place() {
        use clap::CommandFactory;
        let cli = crate::Cli::command();
        let plain = "Where the sprite stands: left, centre, right or best (fewest pieces)";
        for (name, help, after) in [
            ("demo", plain, "no_direct"),
            ("convert", plain, "format"),
            (
                "verify",
                "Where the sprite stands: left, centre, right or best (fewest pieces); \
                 compared at that column",
                "no_direct",
            ),
            ("render", plain, "scale"),
            ("animate", plain, "fall"),
            (
                "stats",
                "Where each sprite stands: left, centre, right or best (fewest pieces)",
                "format",
            ),
        ] {
            let sub = cli.find_subcommand(name).expect(name);
            let ids: Vec<&str> = sub.get_arguments().map(|a| a.get_id().as_str()).collect();
            let at = ids.iter().position(|&id| id == "align").expect(name);
            assert_eq!(ids[at - 1], after, "{name}: {ids:?}");
            let align = sub.get_arguments().nth(at).expect(name);
            let text = |t: Option<&clap::builder::StyledStr>| t.map(ToString::to_string);
            assert_eq!(text(align.get_help()).as_deref(), Some(help), "{name}");
            assert_eq!(
                text(align.get_long_help()).as_deref(),
                Some(ALIGN_HELP),
                "{name}"
            );
        }
    }

    /// `search`'s files are opened all before any is written: one that cannot be replaced
    /// (read-only, without `--force`) fails the set with the others untouched and no
    /// temporary file left; texts that are not the files opened are refused the same way.
    #[test]
    fn pattern_files_are_written_all_or_none() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<String> = ["a.txt", "b.txt", "c.txt"].map(String::from).to_vec();
        for name in &names {
            std::fs::write(dir.path().join(name), "old").unwrap();
        }
        let listing = || -> Vec<(String, String)> {
            let mut v: Vec<(String, String)> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| {
                    let e = e.unwrap();
                    let text = std::fs::read_to_string(e.path()).unwrap();
                    (e.file_name().into_string().unwrap(), text)
                })
                .collect();
            v.sort();
            v
        };
        let old = listing();
        let c = dir.path().join("c.txt");
        std::fs::set_permissions(&c, std::fs::Permissions::from_mode(0o444)).unwrap();
        let opts = WriteOptions::new(&[], false);
        let err = open_pattern_files(dir.path(), &names, &opts).unwrap_err();
        assert!(matches!(err, output::OutputError::ReadOnly { .. }), "{err}");
        assert_eq!(listing(), old);
        std::fs::set_permissions(&c, std::fs::Permissions::from_mode(0o644)).unwrap();
        let texts: Vec<(String, String)> = names
            .iter()
            .map(|n| (n.clone(), format!("new {n}")))
            .collect();
        let files = open_pattern_files(dir.path(), &names, &opts).unwrap();
        let err = write_pattern_files(files, &texts[..2]).unwrap_err();
        assert!(err.to_string().ends_with("(a bug)"), "{err}");
        assert_eq!(listing(), old);
        let files = open_pattern_files(dir.path(), &names, &opts).unwrap();
        write_pattern_files(files, &texts).unwrap();
        assert_eq!(listing(), texts);
    }

    #[test]
    fn stats_times_read_in_a_fitting_unit() {
        assert_eq!(duration_cell(Duration::from_nanos(2_500)), "2.5µs");
        assert_eq!(duration_cell(Duration::from_micros(54_515)), "54.5ms");
        assert_eq!(duration_cell(Duration::from_millis(15_746)), "15.75s");
    }

    /// `stats --passes` takes every `--passes` strategy by the same names and aliases
    /// (its own help for each), and `all`.
    #[test]
    fn stats_passes_are_the_strategies_and_all() {
        let names = |values: Vec<PossibleValue>| -> Vec<Vec<String>> {
            values
                .iter()
                .map(|v| v.get_name_and_aliases().map(String::from).collect())
                .collect()
        };
        let strategies: Vec<PossibleValue> = PassesArg::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .collect();
        let stats: Vec<PossibleValue> = StatsPasses::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .collect();
        let mut expected = names(strategies.clone());
        expected.push(vec!["all".into()]);
        assert_eq!(names(stats.clone()), expected);
        for (s, p) in stats.iter().zip(&strategies) {
            assert_ne!(s.get_help(), p.get_help(), "{}", p.get_name());
        }
        for (arg, want) in [
            ("lookup", StatsPasses::One(PassesArg::Grouped)),
            ("fewest", StatsPasses::One(PassesArg::Thorough)),
            ("exact", StatsPasses::One(PassesArg::Exact)),
            ("all", StatsPasses::All),
        ] {
            assert_eq!(StatsPasses::from_str(arg, false), Ok(want), "{arg}");
        }
    }
}
