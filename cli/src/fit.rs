//! Fitting on the command line (docs/fit.md): the `fit` command, `--fit` on the commands
//! that read a sprite, and the hint a refused sprite ends with.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;

use tetris_printer::fit::{self, Background, FitError, FitOptions, Fitted, Gaps, DEFAULT_ALPHA};
use tetris_printer::{Rgb, Sprite, SpriteError, MAX_HEIGHT, MAX_WIDTH};

use crate::output::{self, WriteOptions};
use crate::{errln, infoln, is_stdin, output_name, Force};

/// How fitting works, for `fit --help` and `--fit`'s long help.
const FIT_HELP: &str = "\
Fitting changes only what does not fit: an image that already is a sprite (within
--colors and --size) is used exactly as it is. Otherwise, in this order:
  - alpha: a pixel is opaque from --alpha up, else transparent (when no pixel is that
    opaque, from half the highest alpha up, so a faint picture still prints);
  - background: when the image's whole border is one opaque colour (compression noise
    aside), the region of it touching the border and every pixel of exactly that
    colour become transparent (--background);
  - upscales: pixel art scaled up by nearest neighbour (k x k blocks of one colour)
    becomes the original again, pixel for pixel;
  - size: a larger picture is scaled down to fit 17x32 (--size), keeping its aspect
    ratio (Lanczos3 resampling, alpha premultiplied);
  - colours: reduced to 3 (--colors) in Oklab, near-identical ones merged first, then
    k-means; the same image always gives the same sprite;
  - empty rows: a fully transparent row between opaque rows cannot be printed; it is
    bridged by one pixel (--gaps).
One line on stderr says what was changed.";

/// The options of fitting, as `fit` takes them and `--fit` allows them.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct FitOptionArgs {
    /// Pixels from this alpha up are opaque, the others transparent (1..=255)
    /// [default: 128].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=255))]
    alpha: Option<u8>,
    /// The background made transparent: auto (the colour of the border, when all of it is
    /// one opaque colour), a colour (`ffffff`, `#ffffff`), or none [default: auto].
    #[arg(long, value_name = "auto|COLOR|none", value_parser = parse_background)]
    background: Option<Background>,
    /// At most this many colours (1..=3) [default: 3].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=3))]
    colors: Option<u8>,
    /// At most this size: WxH, at most 17x32 [default: 17x32].
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(usize, usize)>,
    /// How a fully transparent row between opaque rows is made printable: bridge (one
    /// pixel in it) or close (remove it) [default: bridge].
    #[arg(long, value_name = "bridge|close", value_parser = parse_gaps)]
    gaps: Option<Gaps>,
}

impl FitOptionArgs {
    /// The options, the defaults where none is given.
    fn options(&self) -> FitOptions {
        let d = FitOptions::default();
        FitOptions {
            alpha: self.alpha.unwrap_or(DEFAULT_ALPHA),
            background: self.background.unwrap_or(d.background),
            colors: self.colors.map_or(d.colors, usize::from),
            size: self.size.unwrap_or(d.size),
            gaps: self.gaps.unwrap_or(d.gaps),
        }
    }

    /// The first option given, by its flag.
    fn first_given(&self) -> Option<&'static str> {
        [
            (self.alpha.is_some(), "--alpha"),
            (self.background.is_some(), "--background"),
            (self.colors.is_some(), "--colors"),
            (self.size.is_some(), "--size"),
            (self.gaps.is_some(), "--gaps"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// `--fit` and fitting's options, on the commands that read a sprite.
#[derive(Args, Debug, Clone, Copy)]
#[command(next_help_heading = "Fitting")]
pub(crate) struct FitFlags {
    /// Fit the image into a printable sprite first (see `tetris-printer fit --help`).
    #[arg(long, long_help = FIT_HELP)]
    fit: bool,
    #[command(flatten)]
    options: FitOptionArgs,
}

/// Fit any image into a printable sprite.
#[derive(Args, Debug)]
#[command(
    long_about = FIT_HELP,
    after_help = "\
Examples:
  tetris-printer fit photo.jpg -o sprite.png
  tetris-printer fit icon.svg.png -o icon.png --colors 2 --background none
  tetris-printer fit sheet.png -o small.png --size 12x12
  tetris-printer verify photo.jpg --fit      # fit, convert, replay, compare"
)]
pub(crate) struct FitArgs {
    #[command(flatten)]
    pub(crate) write: Force,
    /// The image (`-`: standard input).
    #[arg(value_name = "IMAGE")]
    image: PathBuf,
    /// The sprite PNG to write (`-`: standard output).
    #[arg(short, long, value_name = "SPRITE.png")]
    output: PathBuf,
    #[command(flatten)]
    options: FitOptionArgs,
}

/// `--background`: `auto`, `none` or a colour.
fn parse_background(s: &str) -> Result<Background, String> {
    match s {
        "auto" => return Ok(Background::Auto),
        "none" => return Ok(Background::None),
        _ => {}
    }
    let hex = s.strip_prefix('#').unwrap_or(s);
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    match (hex.len(), channel(0), channel(2), channel(4)) {
        (6, Some(r), Some(g), Some(b)) => Ok(Background::Color(Rgb::new(r, g, b))),
        _ => Err("expected auto, none, or a colour as six hex digits (ffffff or #ffffff)".into()),
    }
}

/// `--size`: `WxH` within 17x32.
fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected WxH with W 1..={MAX_WIDTH} and H 1..={MAX_HEIGHT} (e.g. 16x16)");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (
        w.parse::<usize>().map_err(|_| bad())?,
        h.parse::<usize>().map_err(|_| bad())?,
    );
    if (1..=MAX_WIDTH).contains(&w) && (1..=MAX_HEIGHT).contains(&h) {
        Ok((w, h))
    } else {
        Err(bad())
    }
}

/// `--gaps`: `bridge` or `close`.
fn parse_gaps(s: &str) -> Result<Gaps, String> {
    Gaps::ALL
        .into_iter()
        .find(|g| g.name() == s)
        .ok_or_else(|| "expected bridge or close".into())
}

/// What fits a refused sprite where it is read: the command's `--fit`, or, on a command
/// without it (`play --sprite`), the `fit` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fitting {
    /// `--fit`.
    Flag,
    /// `tetris-printer fit`.
    Command,
}

impl fmt::Display for Fitting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fitting::Flag => "--fit",
            Fitting::Command => "`tetris-printer fit`",
        })
    }
}

/// A sprite refused for what fitting would change, with the hint that says so:
/// `... (try --fit to reduce it to 3 colours)`.
#[derive(Debug)]
struct Hinted(SpriteError, Fitting);

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.fit_hint() {
            Some(hint) => write!(f, "{} (try {} to {hint})", self.0, self.1),
            None => write!(f, "{}", self.0),
        }
    }
}

impl std::error::Error for Hinted {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// A refused sprite's error, ending with the hint of what `fitting` would do.
pub(crate) fn hinted(e: SpriteError, fitting: Fitting) -> anyhow::Error {
    anyhow::Error::new(Hinted(e, fitting))
}

/// An image file in a format this build does not read, or in none it knows (`photo.heic`,
/// a move file given as the sprite), with the tip that names the formats it reads.
#[derive(Debug)]
pub(crate) struct Unreadable(pub(crate) SpriteError);

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut formats: Vec<String> = image::ImageFormat::all()
            .filter(|f| f.reading_enabled())
            .map(|f| match f {
                image::ImageFormat::WebP => "WebP".into(),
                f => format!("{f:?}").to_uppercase(),
            })
            .collect();
        formats.sort_by_key(|f| f.to_uppercase());
        write!(
            f,
            "{}\n\n  tip: the formats read are {}; convert the picture to one of them \
             (PNG keeps every pixel)",
            self.0,
            formats.join(", ")
        )
    }
}

impl std::error::Error for Unreadable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// An error of reading a sprite file, which names the file: with the formats' tip when
/// the `image` crate does not read its format ([`Unreadable`]).
pub(crate) fn unreadable(e: SpriteError) -> anyhow::Error {
    match e {
        SpriteError::Decode {
            source: image::ImageError::Unsupported(_),
            ..
        } => anyhow::Error::new(Unreadable(e)),
        e => anyhow::Error::new(e),
    }
}

impl FitFlags {
    /// The usage error of an option of fitting given without `--fit`, which `main` reports
    /// as soon as the command line is parsed (before any input is read or output written).
    pub(crate) fn without_fit(&self) -> Option<String> {
        if self.fit {
            return None;
        }
        let flag = self.options.first_given()?;
        Some(format!("{flag} is an option of fitting: add --fit"))
    }
}

/// The sprite at `path` (`-`: standard input): as it is, or fitted with `--fit`, saying
/// what was changed on stderr (after `name: ` when `named`). Options of fitting without
/// `--fit` never get here ([`FitFlags::without_fit`]).
pub(crate) fn load(path: &Path, flags: &FitFlags, named: bool) -> Result<Sprite> {
    if !flags.fit {
        return crate::load_sprite(path, Fitting::Flag);
    }
    let fitted = fit_path(path, &flags.options.options())?;
    let name = if named {
        format!("{}: ", crate::input_name(path))
    } else {
        String::new()
    };
    errln!("{name}{}", fitted.report);
    Ok(fitted.sprite)
}

/// Fits the image at `path` (`-`: standard input); errors name the file.
fn fit_path(path: &Path, opts: &FitOptions) -> Result<Fitted> {
    let fitted = if is_stdin(path) {
        fit::fit_reader(io::stdin().lock(), Path::new("standard input"), opts)
    } else {
        fit::fit_file(path, opts)
    };
    fitted.map_err(|e| match e {
        // These already name the file.
        FitError::Image(
            e @ (SpriteError::Read { .. }
            | SpriteError::Decode { .. }
            | SpriteError::FileTooLarge { .. }),
        ) => unreadable(e),
        e => anyhow::Error::new(e).context(format!("cannot fit {}", crate::input_name(path))),
    })
}

/// `tetris-printer fit`.
pub(crate) fn run(args: &FitArgs) -> Result<ExitCode> {
    crate::not_to_a_terminal(&args.output, "a PNG", args.write.force)?;
    let fitted = fit_path(&args.image, &args.options.options())?;
    let s = fitted.sprite;
    let img = image::RgbaImage::from_raw(s.width() as u32, s.height() as u32, s.to_rgba())
        .context("the sprite's pixels (a bug)")?;
    let inputs = [args.image.as_path()];
    output::write_png(
        &args.output,
        &img,
        &WriteOptions::new(&inputs, args.write.force),
    )?;
    infoln!("{} -> {}", fitted.report, output_name(&args.output));
    Ok(ExitCode::SUCCESS)
}
