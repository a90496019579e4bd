//! Draws docs/fit.png: what fitting does to pictures people have (docs/fit.md). Each
//! tile shows a picture as it is (scaled to the tile), the sprite fitting makes of it,
//! and the playfield once its moves are played (default planner, replayed and compared).
//! 24 Adwaita icons at 16 to 48 px (Debian's `adwaita-icon-theme`) and one photo,
//! `tests/fixtures/coffee.jpg`. Then it times fitting a 4,000 x 3,000 JPEG (the photo
//! scaled up): the median of 5 runs, from the file's bytes to the sprite.
//!
//! ```sh
//! cargo run --release --example fit_sheet                # writes docs/fit.png
//! cargo run --release --example fit_sheet -- --photo coffee.png
//!                                                        # remakes tests/fixtures/coffee.jpg
//! ```

use std::path::Path;

use image::imageops::{self, FilterType};
use image::{Rgba, RgbaImage};
use tetris_printer::fit::{self, FitOptions};
use tetris_printer::render::render_field;
use tetris_printer::{compare, Converter, Playfield};

/// The icons shown, by size and name under /usr/share/icons/Adwaita.
const ICONS: [&str; 24] = [
    "48x48/legacy/accessories-calculator.png",
    "48x48/legacy/applications-games.png",
    "48x48/devices/printer.png",
    "48x48/legacy/battery-good.png",
    "48x48/legacy/dialog-error.png",
    "48x48/legacy/camera-photo.png",
    "48x48/devices/input-gaming.png",
    "48x48/legacy/address-book-new.png",
    "32x32/mimetypes/image-x-generic.png",
    "32x32/mimetypes/audio-x-generic.png",
    "32x32/devices/computer.png",
    "32x32/emblems/emblem-shared.png",
    "32x32/devices/printer-network.png",
    "32x32/devices/audio-headphones.png",
    "24x24/actions/address-book-new-symbolic.symbolic.png",
    "24x24/legacy/battery-caution.png",
    "24x24/legacy/appointment-new.png",
    "24x24/devices/drive-harddisk.png",
    "16x16/mimetypes/x-office-calendar.png",
    "16x16/mimetypes/text-html.png",
    "16x16/devices/input-gaming.png",
    "16x16/emblems/emblem-readonly.png",
    "16x16/mimetypes/x-office-spreadsheet.png",
    "16x16/places/folder-download.png",
];

/// A tile's picture boxes, in pixels.
const BOX: u32 = 96;
/// Space around boxes and tiles.
const PAD: u32 = 8;
/// Tiles a row.
const COLUMNS: u32 = 5;
/// The sheet's background.
const PAPER: Rgba<u8> = Rgba([236, 236, 236, 255]);

/// `img` drawn over the paper, centred in a `w` x `h` box at (x, y) of `sheet`.
fn place(sheet: &mut RgbaImage, img: &RgbaImage, x: u32, y: u32, w: u32, h: u32) {
    let (dx, dy) = (x + (w - img.width()) / 2, y + (h - img.height()) / 2);
    imageops::overlay(sheet, img, i64::from(dx), i64::from(dy));
}

/// `img` scaled to fit `w` x `h`: by whole factors with nearest neighbour when it is
/// smaller (pixels stay square), smoothly when larger.
fn fit_box(img: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    let (iw, ih) = img.dimensions();
    if iw <= w && ih <= h {
        let k = (w / iw).min(h / ih).max(1);
        return imageops::resize(img, iw * k, ih * k, FilterType::Nearest);
    }
    let s = (f64::from(w) / f64::from(iw)).min(f64::from(h) / f64::from(ih));
    let (nw, nh) = (
        (f64::from(iw) * s).round() as u32,
        (f64::from(ih) * s).round() as u32,
    );
    imageops::resize(img, nw.max(1), nh.max(1), FilterType::Lanczos3)
}

/// Remakes the committed photo from scikit-image's `coffee.png` (at most 640 pixels wide).
fn make_photo(src: &str) {
    let img = image::open(src).expect("the photo").into_rgb8();
    let w = img.width().min(640);
    let h = img.height() * w / img.width();
    let small = imageops::resize(&img, w, h, FilterType::Lanczos3);
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/coffee.jpg");
    let file = std::fs::File::create(&out).expect("create the photo");
    image::codecs::jpeg::JpegEncoder::new_with_quality(file, 85)
        .encode_image(&small)
        .expect("encode the photo");
    eprintln!("{src} -> {}", out.display());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, src] = args.as_slice() {
        if flag == "--photo" {
            return make_photo(src);
        }
    }
    let root = Path::new("/usr/share/icons/Adwaita");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs: Vec<std::path::PathBuf> = ICONS.iter().map(|n| root.join(n)).collect();
    inputs.push(manifest.join("tests/fixtures/coffee.jpg"));
    let tile_w = 2 * BOX + BOX / 2 + 4 * PAD;
    let tile_h = BOX + 2 * PAD;
    let rows = (inputs.len() as u32).div_ceil(COLUMNS);
    let mut sheet = RgbaImage::from_pixel(COLUMNS * tile_w + PAD, rows * tile_h + PAD, PAPER);
    for (i, path) in inputs.iter().enumerate() {
        let before = image::open(path)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (apt-get install adwaita-icon-theme)",
                    path.display()
                )
            })
            .into_rgba8();
        let fitted = fit::fit_file(path, &FitOptions::default()).expect("fits");
        let s = fitted.sprite;
        let moves = Converter::new().convert_to_vec(&s);
        let field = Playfield::replay(&moves).expect("replays");
        compare(&field, &s).expect("prints the sprite");
        println!(
            "{}: {} ({} pieces)",
            path.display(),
            fitted.report,
            moves.len()
        );
        let after =
            RgbaImage::from_raw(s.width() as u32, s.height() as u32, s.to_rgba()).expect("sized");
        let printed = render_field(&field, Some(s.colors()), 2);
        let (col, row) = (i as u32 % COLUMNS, i as u32 / COLUMNS);
        let (x, y) = (PAD + col * tile_w, PAD + row * tile_h);
        place(
            &mut sheet,
            &fit_box(&before, BOX, BOX),
            x + PAD,
            y + PAD,
            BOX,
            BOX,
        );
        place(
            &mut sheet,
            &fit_box(&after, BOX, BOX),
            x + 2 * PAD + BOX,
            y + PAD,
            BOX,
            BOX,
        );
        place(
            &mut sheet,
            &printed,
            x + 3 * PAD + 2 * BOX,
            y + PAD,
            BOX / 2,
            BOX,
        );
    }
    let out = manifest.join("docs/fit.png");
    sheet.save(&out).expect("write docs/fit.png");
    println!("-> {}", out.display());
    time_a_photo(&inputs[inputs.len() - 1]);
}

/// Times fitting the photo at `path` scaled up to 4,000 x 3,000, as a JPEG.
fn time_a_photo(path: &Path) {
    let img = image::open(path).expect("the photo").into_rgb8();
    let big = imageops::resize(&img, 4000, 3000, FilterType::Triangle);
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
        .encode_image(&big)
        .expect("encode");
    let mut times = Vec::new();
    let mut report = None;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let fitted = fit::fit_image_bytes(&jpeg, &FitOptions::default()).expect("fits");
        times.push(t.elapsed());
        report = Some(fitted.report);
    }
    times.sort();
    let mut decoding = Vec::new();
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let img = image::load_from_memory(&jpeg).expect("decodes");
        decoding.push(t.elapsed());
        drop(img);
    }
    decoding.sort();
    println!(
        "4000x3000 JPEG ({} bytes): {} in {:.0} ms (median of 5; {:.0} to {:.0} ms), of \
         which decoding the JPEG alone takes {:.0} ms",
        jpeg.len(),
        report.expect("timed"),
        times[2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[4].as_secs_f64() * 1e3,
        decoding[2].as_secs_f64() * 1e3
    );
}
