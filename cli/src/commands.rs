//! The commands that convert, verify, draw, animate, measure and search.

use std::cell::Cell;
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
    compare, moves_to_string, write_blocks, Align, ConvertStats, Converter, Move, MoveList, Passes,
    Playfield, Sprite,
};

use crate::output::{self, write_with, WriteOptions};
use crate::{errln, input_name, move_reader, one_stdin, outln, shown, Force};

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

fn scale_arg() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(i64::from(MIN_SCALE)..=i64::from(MAX_SCALE))
}

/// How rows are split into passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PassesArg {
    /// The default: each run's flipped emitters from a static table, then a small bounded search over fixed groupings (first fit, deals, stages, one sweep of single moves); fillers and singles rest on squares already emitted.
    #[value(alias = "lookup")]
    Grouped,
    /// The thorough planner: a few fewer pieces in total (not the fewest: that is exact) by a larger bounded search at run time: every cover by flipped emitters, passes regrouped by local moves (an order of magnitude more instructions than the default).
    #[value(alias = "fewest")]
    Thorough,
    /// The classic emitter table only, passes split by exact search.
    Optimal,
    /// The 2013 article's greedy left-to-right passes over the classic table.
    Greedy,
    /// The fewest pieces the printing rules allow per row, by exhaustive search at run
    /// time: the yardstick (seconds per sprite).
    Exact,
}

impl PassesArg {
    /// The library's strategy.
    const fn passes(self) -> Passes {
        match self {
            PassesArg::Grouped => Passes::Grouped,
            PassesArg::Thorough => Passes::Thorough,
            PassesArg::Optimal => Passes::Optimal,
            PassesArg::Greedy => Passes::Greedy,
            PassesArg::Exact => Passes::Exact,
        }
    }

    /// The converter for this strategy, placing pieces directly when `direct` (which
    /// needs the grouped or the exact planner).
    fn converter(self, direct: bool) -> Result<Converter> {
        let converter = Converter::with_passes(self.passes()).with_direct(direct);
        if direct && !converter.direct() {
            bail!(
                "--direct plans rows with --passes grouped (the default) or exact; it \
                 cannot be combined with --passes {}",
                self.passes().name()
            );
        }
        Ok(converter)
    }

    /// What `stats --passes` says of this strategy (`stats` reports it alone).
    const fn stats_help(self) -> &'static str {
        match self {
            PassesArg::Grouped => "The default planner only",
            PassesArg::Thorough => "The thorough planner only",
            PassesArg::Optimal => "The classic table with the exact pass split only",
            PassesArg::Greedy => "The article's greedy passes only",
            PassesArg::Exact => "The exact planner only",
        }
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

/// Help of `--direct`.
const DIRECT_HELP: &str = "\
Also drop J, T and L pieces directly onto pixels of their colour (blocks of 2x4, 4x2,
4x4 and 5x8 of one colour, single pieces, and rows covered whole by single pieces),
where that saves pieces; the other pixels are emitted as usual. Never more pieces than
without; not the article's algorithm, so not the default. The direct pieces are chosen
by fixed sweeps and DPs with a stated bound on their work. Works with --passes grouped
(the default) and exact (grouped's direct pieces, each row re-planned by the exact
planner where that is cheaper; seconds per sprite).";

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
    pub(crate) fn align(self) -> Align {
        match self {
            AlignArg::Left => Align::Left,
            AlignArg::Centre => Align::Centre,
            AlignArg::Right => Align::Right,
            AlignArg::Best => Align::Best,
        }
    }
}

/// The help of `--align` on the commands that convert.
pub(crate) const ALIGN_HELP: &str =
    "Where the sprite stands: left (left edge at column 2), centre (2 + (17 - width) / 2, the
default), right (right edge at column 18) or best (convert at every column where it fits
and keep the fewest pieces, leftmost on a tie). `check` finds the column by itself.";

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
    /// Pixels per playfield cell in the pictures.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SCALE, value_parser = scale_arg())]
    scale: u32,
    /// Skip the animation.
    #[arg(long)]
    no_gif: bool,
    /// Where the sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
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
    /// How each row is split into passes.
    #[arg(long, value_enum, default_value_t = PassesArg::Grouped)]
    passes: PassesArg,
    /// Also place J, T and L pieces directly onto pixels of their colour.
    #[arg(long, long_help = DIRECT_HELP)]
    direct: bool,
    /// Output format: the move list, or the article's block listing.
    #[arg(long, value_enum, default_value_t = Format::Moves)]
    format: Format,
    /// Where the sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
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
  tetris-printer verify mario.png --align best   # ok: ..., x0 = K (best)"
)]
pub struct VerifyArgs {
    /// The sprite image (`-`: standard input).
    #[arg(value_name = "SPRITE.png")]
    sprite: PathBuf,
    /// How each row is split into passes.
    #[arg(long, value_enum, default_value_t = PassesArg::Grouped)]
    passes: PassesArg,
    /// Also place J, T and L pieces directly onto pixels of their colour.
    #[arg(long, long_help = DIRECT_HELP)]
    direct: bool,
    /// Where the sprite stands: left, centre, right or best (fewest pieces); compared
    /// at that column.
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
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
    /// Pixels per playfield cell (1..=64; grid lines from 4 up).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SCALE, value_parser = scale_arg())]
    scale: u32,
    /// Where the sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
    /// Also place J, T and L pieces directly onto pixels of their colour.
    #[arg(long, long_help = DIRECT_HELP)]
    direct: bool,
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
    #[arg(long, value_name = "MOVES.txt")]
    moves: Option<PathBuf>,
    /// Pixels per playfield cell.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SCALE, value_parser = scale_arg())]
    scale: u32,
    /// Frames per second (1..=50).
    #[arg(long, value_name = "F", default_value_t = animate::DEFAULT_FPS, value_parser = clap::value_parser!(u32).range(1..=50))]
    fps: u32,
    /// Show every piece falling, not just landing.
    #[arg(long)]
    fall: bool,
    /// Where the sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
    /// Also place J, T and L pieces directly onto pixels of their colour (without
    /// --moves).
    #[arg(long, long_help = DIRECT_HELP, conflicts_with = "moves")]
    direct: bool,
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
or tab-separated values with --format). By default the default planner (grouped) is
measured, in microseconds per sprite. With --passes all the pieces of the greedy and
optimal classic passes, of the thorough planner (thorough) and of the exact planner are
shown next to the default's, with the default's pieces as a ratio to exact; platforms
and time are the default's. The exact planner searches at run time and can take seconds
per sprite (a progress bar shows on a terminal). A file that cannot be read or is not a
printable sprite is reported on stderr, the others are still measured, and the exit
code is 1. With --align every strategy places each sprite by that rule
(best: each strategy at its own best column, so the exact planner then runs at every
column, up to 17 times); the time includes choosing the column.
With --passes all or --direct, a `direct` column shows the pieces with direct
placement (convert --direct), each print verified too: the default planner's, or with
--passes exact --direct the default's direct pieces with rows re-planned by the exact
planner.",
    after_help = "\
Examples:
  tetris-printer stats sprites/
  tetris-printer stats sprites/ --passes all       # every strategy, exact included
  tetris-printer stats sprites/ --direct --format json
  tetris-printer stats a.png b.png --passes greedy --format tsv
  tetris-printer stats sprites/ --align best"
)]
pub struct StatsArgs {
    /// Sprite files, or directories searched recursively for image files (`-`: one sprite
    /// on standard input).
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// Which pass strategy to report (the default planner's unless asked; `all` adds the
    /// greedy, optimal, thorough and exact pieces, which takes seconds per sprite).
    #[arg(long, value_enum, default_value_t = StatsPasses::One(PassesArg::Grouped))]
    passes: StatsPasses,
    /// Output: an aligned table with totals, JSON (an array, one record per sprite) or
    /// tab-separated values (a header line, then one line per sprite).
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    format: StatsFormat,
    /// Report the planner (grouped or exact) with direct pieces (`--direct`) in a column
    /// of its own, next to the pieces without (always shown with --passes all).
    #[arg(long)]
    direct: bool,
    /// Where each sprite stands: left, centre, right or best (fewest pieces).
    #[arg(long, value_enum, default_value_t = AlignArg::Centre, long_help = ALIGN_HELP)]
    align: AlignArg,
    #[command(flatten)]
    pub(crate) fit: crate::fit::FitFlags,
}

/// Output formats of `stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// An aligned table, then the totals.
    Table,
    /// A JSON array, one record per sprite (its file, size, colours, rows, column,
    /// pieces, platforms and time; with --passes all or --direct the other counts too).
    Json,
    /// Tab-separated values: a header line, then one line per sprite.
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
            StatsPasses::One(p) => p.to_possible_value()?.help(p.stats_help()),
            StatsPasses::All => PossibleValue::new("all").help(
                "Greedy, optimal, thorough and exact pieces next to the default planner's, \
                 and its ratio to exact",
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
into DIR (one file per n plus platforms.txt, strips.txt and wide.txt; --only strips
writes strips.txt alone). The output depends only on --seed, not on
--jobs. A progress bar and a summary table go to stderr.",
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
    #[arg(long, value_name = "N")]
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
    if !std::io::stderr().is_terminal() {
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

/// Runs `f` with a spinner on standard error when `slow` (the exact planner: seconds per
/// sprite, up to 17 times that with `--align best`) and standard error is a terminal.
fn with_spinner<T>(slow: bool, f: impl FnOnce() -> T) -> T {
    if !slow || !std::io::stderr().is_terminal() {
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
fn convert_sprite(
    sprite: &Sprite,
    passes: PassesArg,
    direct: bool,
    align: AlignArg,
) -> Result<(Sprite, Vec<Move>)> {
    let converter = passes.converter(direct)?;
    // With --align best the best column's moves are kept, not converted again.
    Ok(with_spinner(passes == PassesArg::Exact, || {
        converter.place_to_vec(sprite, align.align())
    }))
}

/// `, x0 = K (align)` for messages, empty for the default centre.
fn placement_note(sprite: &Sprite, align: AlignArg) -> String {
    if align == AlignArg::Centre {
        String::new()
    } else {
        format!(", x0 = {} ({})", sprite.x0(), align.align())
    }
}

/// Replays `moves` and compares with `sprite`; the error names the first difference.
fn verify_moves(sprite: &Sprite, moves: &[Move]) -> Result<Playfield> {
    let field = Playfield::replay(moves).context("the converted moves do not replay (a bug)")?;
    compare(&field, sprite).context("the converted moves do not print the sprite (a bug)")?;
    Ok(field)
}

pub fn demo(args: &DemoArgs, force: bool) -> Result<ExitCode> {
    let opts = WriteOptions::new(&[], force);
    let sprite = Sprite::from_ascii(DEMO_SPRITE).context("the built-in sprite")?;
    let (sprite, moves) = convert_sprite(&sprite, PassesArg::Grouped, false, args.align)?;
    let field = verify_moves(&sprite, &moves)?;
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("could not create {}", shown(&args.output)))?;
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
    let pic = render::render_field(&field, Some(sprite.colors()), args.scale);
    output::write_png(&dir.join("demo-field.png"), &pic, &opts)?;
    if !args.no_gif {
        let anim = AnimateOptions {
            scale: args.scale,
            ..AnimateOptions::default()
        };
        write_gif(
            &dir.join("demo.gif"),
            moves.iter().map(|&m| Ok(m)),
            moves.len(),
            None,
            &sprite,
            &anim,
            &opts,
        )?;
    }
    outln!(
        "ok: {}x{} sprite, {} pieces, {} rows{} -> {}/demo.txt, demo-field.png{}",
        sprite.width(),
        sprite.height(),
        moves.len(),
        sprite.height(),
        placement_note(&sprite, args.align),
        shown(&dir),
        if args.no_gif { "" } else { ", demo.gif" }
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn convert(args: &ConvertArgs, force: bool) -> Result<ExitCode> {
    let converter = args.passes.converter(args.direct)?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let (sprite, (moves, blocks)) = with_spinner(args.passes == PassesArg::Exact, || {
        sprite.place_by(args.align.align(), |s| {
            let (moves, blocks) = converter.convert_blocks(s);
            (moves.len(), (moves, blocks))
        })
    });
    let text = match args.format {
        Format::Moves => moves_to_string(&moves),
        Format::Blocks => write_blocks(sprite.colors(), &moves, &blocks)
            .context("the converted moves do not replay (a bug)")?,
    };
    let inputs = [args.sprite.as_path()];
    let opts = WriteOptions::new(&inputs, force);
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            write_with(path, &opts, text.as_bytes())?;
            errln!(
                "{}: {} pieces{} -> {}",
                input_name(&args.sprite),
                moves.len(),
                placement_note(&sprite, args.align),
                shown(&path)
            );
        }
        _ => write_with(Path::new("-"), &opts, text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn verify(args: &VerifyArgs) -> Result<ExitCode> {
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let (sprite, moves) = convert_sprite(&sprite, args.passes, args.direct, args.align)?;
    verify_moves(&sprite, &moves)?;
    outln!(
        "ok: {}x{} sprite, {} pieces, {} rows{}",
        sprite.width(),
        sprite.height(),
        moves.len(),
        sprite.height(),
        placement_note(&sprite, args.align)
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn render(args: &RenderArgs, force: bool) -> Result<ExitCode> {
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let (sprite, moves) = convert_sprite(&sprite, PassesArg::Grouped, args.direct, args.align)?;
    let field = verify_moves(&sprite, &moves)?;
    let img = render::render_field(&field, Some(sprite.colors()), args.scale);
    let inputs = [args.sprite.as_path()];
    output::write_png(&args.output, &img, &WriteOptions::new(&inputs, force))?;
    errln!(
        "{}: {} pieces{} -> {}",
        input_name(&args.sprite),
        moves.len(),
        placement_note(&sprite, args.align),
        shown(&args.output)
    );
    Ok(ExitCode::SUCCESS)
}

/// Streams the animation of `moves` (`total` of them, 0 if unknown) into `path`; errors in
/// the moves name `moves_file` when they come from one, and the line of the last move
/// read (which the iterator keeps in the cell).
fn write_gif(
    path: &Path,
    moves: impl Iterator<Item = Result<Move, AnimateError>>,
    total: usize,
    moves_file: Option<(&Path, &Cell<usize>)>,
    sprite: &Sprite,
    opts: &AnimateOptions,
    write: &WriteOptions<'_>,
) -> Result<()> {
    let pb = progress_bar(total as u64, "animating".into());
    let context = || format!("could not animate into {}", shown(&path));
    // Frame by frame through a buffer into the output file: memory stays flat, and a
    // regular file is only replaced once the whole GIF is written (on an error or an
    // interrupt the target is left as it was).
    let file = output::create(path, write).with_context(context)?;
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
    errln!(
        "{}: {} frames, {} bytes",
        shown(&path),
        stats.frames,
        stats.bytes
    );
    Ok(())
}

pub fn animate(args: &AnimateArgs, force: bool) -> Result<ExitCode> {
    let mut inputs = vec![args.sprite.as_path()];
    inputs.extend(args.moves.as_deref());
    one_stdin(&inputs)?;
    let sprite = crate::fit::load(&args.sprite, &args.fit, false)?;
    let opts = AnimateOptions {
        scale: args.scale,
        fps: args.fps,
        fall: args.fall,
        ..AnimateOptions::default()
    };
    let write = WriteOptions::new(&inputs, force);
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
            write_gif(
                &args.output,
                moves,
                0,
                Some((p, &line)),
                &sprite,
                &opts,
                &write,
            )?;
        }
        None => {
            let (sprite, moves) =
                convert_sprite(&sprite, PassesArg::Grouped, args.direct, args.align)?;
            write_gif(
                &args.output,
                moves.iter().map(|&m| Ok(m)),
                moves.len(),
                None,
                &sprite,
                &opts,
                &write,
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether a directory entry's extension names an image format the `image` crate, as
/// this build configures it, can read (`.png`, `.jpg`, `.jpeg`, `.pbm`, …; any case).
fn is_sprite_file(path: &std::path::Path) -> bool {
    image::ImageFormat::from_path(path).is_ok_and(|f| f.reading_enabled())
}

/// The files `stats` measures: files named as they are, directories searched
/// recursively (in name order) for image files; other files are skipped, and links to
/// directories are not followed (no loops).
fn collect_sprites(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
        let mut entries: Vec<(PathBuf, bool)> = std::fs::read_dir(dir)
            .with_context(|| format!("could not list {}", shown(dir)))?
            .filter_map(Result::ok)
            .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
            .collect();
        entries.sort();
        for (path, is_dir) in entries {
            if is_dir {
                walk(&path, out)?;
            } else if is_sprite_file(&path) && path.is_file() {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
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
    // Best of a few runs: the conversion takes microseconds, so one run is noise. The
    // exact planner takes up to seconds, and runs once.
    let runs = if converter.passes() == Passes::Exact {
        1
    } else {
        20
    };
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        last = Some(place_convert(converter, sprite, align));
        best = best.min(t.elapsed());
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

/// One line of the stats table: the file name left-aligned in `name_width` characters,
/// then each cell right-aligned in its column's width.
fn table_line(name: &str, name_width: usize, cells: &[(usize, String)]) -> String {
    let mut line = format!("{name:<name_width$}");
    for (width, cell) in cells {
        line += &format!(" {cell:>width$}");
    }
    line
}

/// One sprite's line of `stats` (a JSON record with `--format json`).
#[derive(serde::Serialize)]
struct StatsRecord {
    file: String,
    width: usize,
    height: usize,
    colors: usize,
    rows: usize,
    /// The column of the sprite's left edge.
    x0: usize,
    /// The strategy of `pieces`.
    passes: &'static str,
    pieces: usize,
    /// With `--passes all`: the other strategies' pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    greedy: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    thorough: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<usize>,
    /// With `--passes all` or `--direct`: the pieces with direct placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    direct: Option<usize>,
    platforms: usize,
    /// Conversion time (best of several runs but with the exact planner).
    seconds: f64,
}

impl StatsRecord {
    /// The other strategies' pieces, in the order of `STATS_OTHERS`.
    fn others(&self) -> [Option<usize>; 4] {
        [self.greedy, self.optimal, self.thorough, self.exact]
    }
}

/// The strategies `--passes all` shows next to the default planner's.
const STATS_OTHERS: [Passes; 4] = [
    Passes::Greedy,
    Passes::Optimal,
    Passes::Thorough,
    Passes::Exact,
];

/// Converts (and verifies) one sprite for `stats`.
fn stats_record(
    name: String,
    sprite: &Sprite,
    main: Converter,
    others: &[Passes],
    direct: Option<Converter>,
    align: Align,
) -> Result<StatsRecord> {
    let (placed, st, moves, time) = timed_convert(sprite, main, align);
    verify_moves(&placed, &moves).with_context(|| name.clone())?;
    let mut record = StatsRecord {
        file: name,
        width: sprite.width(),
        height: sprite.height(),
        colors: sprite.colors().len(),
        rows: sprite.height(),
        x0: placed.x0(),
        passes: main.passes().name(),
        pieces: moves.len(),
        greedy: None,
        optimal: None,
        thorough: None,
        exact: None,
        direct: None,
        platforms: st.platforms,
        seconds: time.as_secs_f64(),
    };
    for &p in others {
        let (placed, _, moves) = place_convert(Converter::with_passes(p), sprite, align);
        verify_moves(&placed, &moves).with_context(|| format!("{} ({p})", record.file))?;
        let slot = match p {
            Passes::Greedy => &mut record.greedy,
            Passes::Optimal => &mut record.optimal,
            Passes::Thorough => &mut record.thorough,
            _ => &mut record.exact,
        };
        *slot = Some(moves.len());
    }
    if let Some(c) = direct {
        let (placed, _, moves) = place_convert(c, sprite, align);
        verify_moves(&placed, &moves).with_context(|| format!("{} (direct)", record.file))?;
        record.direct = Some(moves.len());
    }
    Ok(record)
}

/// The label of the stats table's last line.
fn stats_total(sprites: usize) -> String {
    format!("total ({sprites} sprites)")
}

pub fn stats(args: &StatsArgs) -> Result<ExitCode> {
    let files = collect_sprites(&args.paths)?;
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            if crate::is_stdin(f) {
                "standard input".to_string()
            } else {
                shown(f).to_string()
            }
        })
        .collect();
    // The file column fits every name, the header and the total line (whose count is at
    // most the number of files), so the columns line up whatever the path lengths.
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .chain([STATS_NAME_WIDTH, stats_total(files.len()).chars().count()])
        .max()
        .unwrap_or(STATS_NAME_WIDTH);
    let all = args.passes == StatsPasses::All;
    let main = Converter::with_passes(match args.passes {
        StatsPasses::One(p) => p.passes(),
        StatsPasses::All => Passes::Grouped,
    });
    // With --passes all: the other strategies' pieces, before the default's.
    let others: &[Passes] = if all { &STATS_OTHERS } else { &[] };
    // The planner with direct pieces, in a column of its own (the default's unless the
    // exact planner is the one reported).
    let direct = (all || args.direct).then(|| {
        if main.passes() == Passes::Exact {
            main.with_direct(true)
        } else {
            Converter::new().with_direct(true)
        }
    });
    // Column widths: size, colours, rows, one per other strategy, pieces, ÷exact (with
    // --passes all), direct, platforms, time.
    let widths = |cells: Vec<String>| -> Vec<(usize, String)> {
        let mut w = vec![6, 6, 4];
        w.extend(others.iter().map(|_| 9));
        w.push(9);
        if all {
            w.push(8);
        }
        if direct.is_some() {
            w.push(9);
        }
        w.extend([9, 10]);
        w.into_iter().zip(cells).collect()
    };
    let mut head: Vec<String> = ["size", "colors", "rows"].map(String::from).to_vec();
    head.extend(others.iter().map(|p| p.name().to_string()));
    head.push("pieces".into());
    if all {
        head.push("÷exact".into());
    }
    if direct.is_some() {
        head.push("direct".into());
    }
    head.extend(["platforms".into(), "time".into()]);
    // One line of the table or of the TSV.
    let line = |name: &str, cells: Vec<String>| match args.format {
        StatsFormat::Tsv => format!("{name}\t{}", cells.join("\t")),
        _ => table_line(name, name_width, &widths(cells)),
    };
    let cells = |r: &StatsRecord| -> Vec<String> {
        let mut c = vec![
            format!("{}x{}", r.width, r.height),
            r.colors.to_string(),
            r.rows.to_string(),
        ];
        c.extend(r.others().iter().flatten().map(ToString::to_string));
        c.push(r.pieces.to_string());
        if all {
            c.push(ratio(r.pieces, r.exact.unwrap_or(0)));
        }
        c.extend(r.direct.map(|d| d.to_string()));
        c.push(r.platforms.to_string());
        c.push(match args.format {
            StatsFormat::Tsv => format!("{:.6}", r.seconds),
            _ => duration_cell(Duration::from_secs_f64(r.seconds)),
        });
        c
    };
    if args.format != StatsFormat::Json {
        outln!("{}", line("file", head))?;
    }
    // The exact planner takes seconds on large sprites: show progress on a terminal.
    let bar = if all || main.passes() == Passes::Exact {
        progress_bar(files.len() as u64, "sprites".into())
    } else {
        ProgressBar::hidden()
    };
    let mut records = Vec::new();
    let mut failed = 0;
    for (f, name) in files.iter().zip(names) {
        let record = crate::fit::load(f, &args.fit, true).and_then(|sprite| {
            stats_record(name, &sprite, main, others, direct, args.align.align())
        });
        bar.inc(1);
        match record {
            Ok(r) => {
                if args.format != StatsFormat::Json {
                    bar.suspend(|| outln!("{}", line(&r.file, cells(&r))))?;
                }
                records.push(r);
            }
            Err(e) => {
                bar.suspend(|| errln!("error: {}", crate::report(&e)));
                failed += 1;
            }
        }
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
            let total = |f: &dyn Fn(&StatsRecord) -> usize| records.iter().map(f).sum::<usize>();
            let mut cells = vec![String::new(), String::new(), String::new()];
            for i in 0..others.len() {
                cells.push(total(&|r| r.others()[i].unwrap_or(0)).to_string());
            }
            let pieces = total(&|r| r.pieces);
            cells.push(pieces.to_string());
            if all {
                cells.push(ratio(pieces, total(&|r| r.exact.unwrap_or(0))));
            }
            if direct.is_some() {
                cells.push(total(&|r| r.direct.unwrap_or(0)).to_string());
            }
            cells.push(total(&|r| r.platforms).to_string());
            let time: f64 = records.iter().map(|r| r.seconds).sum();
            cells.push(duration_cell(Duration::from_secs_f64(time)));
            let name = stats_total(records.len());
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
        if j == 0 {
            bail!("--jobs must be at least 1");
        }
        // More threads than cores only cost memory (and a million would not start).
        config.jobs = j.min(max_jobs());
    }
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
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("could not create {}", shown(&args.out)))?;
    let write = |name: &str, text: &str| write_with(&args.out.join(name), &opts, text.as_bytes());
    for (n, file) in &generated.emitters {
        write(
            &search::emitter_file_name(*n),
            &search::emitter_file_text(*n, file, config.seed),
        )?;
    }
    if let Some(p) = &generated.platforms {
        write("platforms.txt", &search::platform_file_text(p, config.seed))?;
        errln!(
            "platforms: {} found (centres {}), {} centres proved impossible",
            p.platforms.len(),
            p.platforms
                .iter()
                .map(|x| x.centre.to_string())
                .collect::<Vec<_>>()
                .join(","),
            p.no_platforms.len()
        );
    }
    if let Some(s) = &generated.strips {
        write("strips.txt", &search::strip_file_text(s, config.seed))?;
        errln!(
            "strips: {} packings over {} bottom rows",
            s.strips.len(),
            s.strips
                .iter()
                .map(|t| (t.width, t.height, t.side, t.bottom))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        );
    }
    if let Some(w) = &generated.wides {
        write("wide.txt", &search::wide_file_text(w, config.seed))?;
        errln!(
            "wide patterns: {} packings over {} bottom rows",
            w.wides.len(),
            w.wides
                .iter()
                .map(|t| (t.bottom, t.height))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        );
    }
    if args.only.is_none() {
        // The grouped planner's run covers come from the thorough planner, which reads
        // the tables compiled into this binary (not the files just written).
        let t = Instant::now();
        let text = tetris_printer::covers::file_text();
        let secs = t.elapsed().as_secs_f64();
        write("covers.txt", &text)?;
        let runs = text.lines().filter(|l| l.starts_with("run ")).count();
        errln!(
            "run covers: {runs} runs in {secs:.2}s, planned with the tables built into this \
             binary (after changing the patterns, rebuild and search again to refresh them)"
        );
    }
    errln!(
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
        errln!(
            "{:>2} {:>18} {:>8} {:>12} {:>9.2}s",
            s.n,
            hs.join(", "),
            s.proofs,
            s.nodes,
            s.time.as_secs_f64()
        );
    }
    errln!(
        "wrote {} in {:.1}s",
        shown(&args.out),
        t0.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

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
