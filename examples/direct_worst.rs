//! `--direct`'s time on hard sprites: how long a conversion with direct placement takes
//! at worst, measured on a fixed set of the hardest sprites found (#58 item 11).
//!
//! ```text
//! cargo run --release --example direct_worst                        # time, every sprite
//! cargo run --release --example direct_worst -- --instructions      # and callgrind's count, every sprite
//! cargo run --release --example direct_worst -- --instructions 10   # ... the 10 slowest only
//! cargo run --release --example direct_worst -- --search 200        # then 200 steps of hill climbing
//! cargo run --profile quick --example direct_worst                  # the work bounds checked, not timed
//! ```
//!
//! Each sprite is converted as the command line converts it (`Converter::convert_in`
//! with `--direct` and a `Workspace`). Its time is the best of 3 conversions, read from
//! the converting thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`: on a shared machine the
//! wall clock also counts the time other processes had the core). The lines give each
//! family's median, 90th percentile and maximum, then the whole set's, and the slowest
//! sprites.
//!
//! The set: 17 × 32 sprites of one colour with scattered holes, the hardest kind found
//! (wider, narrower, more colours and denser holes were all faster): every pixel a hole
//! with a given chance (1 % to 30 %), or every row with a given number of holes (1 to 3)
//! at random columns; and the sprites hill climbing found ([`FOUND`]). The same sprites on
//! every machine (ChaCha8 from fixed seeds).
//!
//! `--instructions` also counts each conversion's instructions with callgrind (valgrind
//! must be installed): the example runs itself under `valgrind --tool=callgrind`, once per
//! sprite and once converting nothing, on every core; a sprite's count is the difference.
//! About 50 times slower than the conversion.
//!
//! `--search N` starts from the slowest sprite and toggles 1 to 3 random pixels at a time,
//! keeping a change when the conversion gets slower; it prints the slowest sprite found,
//! for [`FOUND`].
//!
//! Built with `--profile quick` the library's `debug_assert!`s are on: every conversion
//! then checks its work against the bounds the converter states (row-planner calls at
//! most `MAX_ROW_PLANS`, cover-DP runs at most `MAX_COVER_RUNS`, placement-DP states at
//! most `MAX_DP_STATES`, `docs/converter.md`) and panics if one is exceeded. That build
//! converts each sprite once; its times are not the release build's.

use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tetris_printer::{Converter, Move, Shape, Sprite, Workspace, MAX_MOVES};

/// Sprites hill climbing (`--search`) found slower than any of the generated set, as
/// text art: 150 steps from `holes 2 % #15` (the most instructions of a sample of 30,
/// counted at a54371b), three pixels toggled.
const FOUND: [&str; 1] = ["
00000000000000000
00000000000000000
00000000000000000
00000000000000000
00000000000000000
00000000000.00000
00000000000000000
00000000000000000
0.000000000000000
000.0000000000000
.000000000000000.
00000000000000000
0000000000000..00
00000000000000000
00000000000000000
00000000000000000
00000000000000000
00000000000000000
.0000000000000000
00000000000000000
00000000000000000
00000000000000000
00000000000000000
00000000000000000
000000000000000.0
.0000000000000000
000000000.0000000
00000000000000000
00000000000000000
00000000000000.00
00000000000000000
00000000000000000
"];

/// Sprites per generated family.
const PER_FAMILY: usize = 25;

/// Conversions per sprite; its time is the best. One where the library's `debug_assert!`s
/// are on (`--profile quick`): that build checks the work bounds, its times are not the
/// release build's.
const RUNS: usize = if cfg!(debug_assertions) { 1 } else { 3 };

/// One sprite of the set: its family, its number in it, its text art and the sprite.
struct Case {
    family: String,
    k: usize,
    art: String,
    sprite: Sprite,
}

/// 17 × 32 text art of one colour with holes where `hole(x, y)`.
fn holes(mut hole: impl FnMut(usize, usize) -> bool) -> String {
    let mut art = String::new();
    for y in 0..32 {
        art.extend((0..17).map(|x| if hole(x, y) { '.' } else { '0' }));
        art.push('\n');
    }
    art
}

/// The set: the generated families, then [`FOUND`]. A sprite that is not valid (a row
/// of holes) is left out.
fn set() -> Vec<Case> {
    let mut arts: Vec<(String, String)> = Vec::new();
    for percent in [1, 2, 3, 5, 7, 10, 15, 20, 30] {
        let mut rng = ChaCha8Rng::seed_from_u64(percent);
        for _ in 0..PER_FAMILY {
            let art = holes(|_, _| rng.gen_range(0..100) < percent);
            arts.push((format!("holes {percent} %"), art));
        }
    }
    for per_row in 1..=3 {
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + per_row);
        for _ in 0..PER_FAMILY {
            let rows: Vec<u32> = (0..32)
                .map(|_| (0..per_row).fold(0, |m, _| m | 1 << rng.gen_range(0..17)))
                .collect();
            let art = holes(|x, y| rows[y] >> x & 1 == 1);
            arts.push((format!("{per_row} a row"), art));
        }
    }
    arts.extend(
        FOUND
            .iter()
            .map(|a| ("found".to_string(), a.trim().to_string() + "\n")),
    );
    let mut cases: Vec<Case> = Vec::new();
    for (family, art) in arts {
        let k = cases.iter().filter(|c| c.family == family).count();
        if let Ok(sprite) = Sprite::from_ascii(&art) {
            cases.push(Case {
                family,
                k,
                art,
                sprite,
            });
        }
    }
    cases
}

/// The calling thread's CPU time.
#[cfg(unix)]
fn thread_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write to; the clock exists on every Linux.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "no thread CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The wall clock, where no thread CPU clock is at hand.
#[cfg(not(unix))]
fn thread_time() -> Duration {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

/// One conversion as the command line's `--direct` converts.
fn convert_once(workspace: &mut Workspace, sprite: &Sprite, out: &mut [Move]) -> usize {
    Converter::new()
        .with_direct(true)
        .convert_in(workspace, std::hint::black_box(sprite), out)
        .expect("a buffer of MAX_MOVES suffices")
}

/// The best time of `runs` conversions of `sprite`.
fn best_time(
    runs: usize,
    workspace: &mut Workspace,
    sprite: &Sprite,
    out: &mut [Move],
) -> Duration {
    (0..runs)
        .map(|_| {
            let start = thread_time();
            convert_once(workspace, sprite, out);
            thread_time() - start
        })
        .min()
        .expect("at least one run")
}

/// The value at quantile `q` of `sorted` (nearest rank).
fn quantile<T: Copy>(sorted: &[T], q: f64) -> T {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// `median, p90, max` of `values`, each written by `show`.
fn summary<T: Copy + Ord>(values: &[T], show: impl Fn(T) -> String) -> String {
    let mut v = values.to_vec();
    v.sort_unstable();
    format!(
        "{:>12} {:>12} {:>12}",
        show(quantile(&v, 0.5)),
        show(quantile(&v, 0.9)),
        show(quantile(&v, 1.0))
    )
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn millions(n: u64) -> String {
    format!("{:.1} M", n as f64 / 1e6)
}

/// The instructions callgrind counts in this example run with `--child ARG`: the whole
/// run (the release build is stripped, so no function can be singled out).
fn callgrind(arg: &str) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["--child", arg])
        .output()
        .map_err(|e| format!("valgrind: {e} (is valgrind installed?)"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.split("Collected : ").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .filter(|_| out.status.success())
        .ok_or_else(|| format!("callgrind gave no count:\n{stderr}"))
}

/// The instructions of one conversion of `cases[i]` for every `i` of `which`, on all
/// cores: a child's count less that of the child that converts nothing (`--child -`).
fn count_all(which: &[usize]) -> Result<Vec<(usize, u64)>, String> {
    let baseline = callgrind("-")?;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = which.get(k) else { break };
                let r = callgrind(&i.to_string()).map(|n| n.saturating_sub(baseline));
                results.lock().expect("no panic").push((i, r));
            });
        }
    });
    let mut counted = Vec::new();
    for (i, r) in results.into_inner().expect("no panic") {
        counted.push((i, r?));
    }
    counted.sort_unstable();
    Ok(counted)
}

/// Toggles 1 to 3 random pixels of `art` (17 × 32, one colour).
fn mutate(art: &str, rng: &mut ChaCha8Rng) -> String {
    let mut cells: Vec<u8> = art.bytes().filter(|b| *b != b'\n').collect();
    for _ in 0..rng.gen_range(1..=3) {
        let i = rng.gen_range(0..cells.len());
        cells[i] = if cells[i] == b'.' { b'0' } else { b'.' };
    }
    cells
        .chunks(17)
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

/// `steps` of hill climbing from `start`: the slowest sprite found and its time.
fn search(
    start: &Case,
    time: Duration,
    steps: usize,
    workspace: &mut Workspace,
    out: &mut [Move],
) -> (String, Duration) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut best, mut most) = (start.art.clone(), time);
    for step in 1..=steps {
        let art = mutate(&best, &mut rng);
        let Ok(sprite) = Sprite::from_ascii(&art) else {
            continue;
        };
        let t = best_time(RUNS, workspace, &sprite, out);
        if t > most {
            println!("  step {step}: {}", ms(t));
            (best, most) = (art, t);
        }
    }
    (best, most)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .map(|i| args.get(i + 1).and_then(|n| n.parse::<usize>().ok()))
    };
    let cases = set();
    let mut workspace = Box::new(Workspace::new());
    let mut out = vec![Move::new(Shape::ALL[0], 0).expect("J0 at column 0 fits"); MAX_MOVES];
    // A child of `--instructions`: one conversion (or none, with `-`), under callgrind.
    if let Some(i) = args.iter().position(|a| a == "--child") {
        let arg = args.get(i + 1).map_or("", String::as_str);
        match (arg, arg.parse().ok().and_then(|i: usize| cases.get(i))) {
            ("-", _) => {}
            (_, Some(case)) => {
                convert_once(&mut workspace, &case.sprite, &mut out);
            }
            _ => {
                eprintln!("--child takes a sprite's number in the set, or -");
                return ExitCode::from(2);
            }
        }
        return ExitCode::SUCCESS;
    }
    let counting = value("--instructions");
    let steps = match value("--search") {
        Some(None) => {
            eprintln!("--search takes a number of steps");
            return ExitCode::from(2);
        }
        Some(Some(n)) => n,
        None => 0,
    };
    if cfg!(debug_assertions) {
        println!("debug_asserts on: every conversion is checked against the stated work bounds");
    }
    println!(
        "{} sprites, each converted with --direct and a Workspace; time: the best of {RUNS} on the thread's CPU clock",
        cases.len()
    );
    let times: Vec<Duration> = cases
        .iter()
        .map(|c| best_time(RUNS, &mut workspace, &c.sprite, &mut out))
        .collect();
    println!(
        "{:<14} {:>7} {:>12} {:>12} {:>12}",
        "family", "sprites", "median", "p90", "max"
    );
    let mut families: Vec<&str> = cases.iter().map(|c| c.family.as_str()).collect();
    families.dedup();
    for f in &families {
        let t: Vec<Duration> = cases
            .iter()
            .zip(&times)
            .filter(|(c, _)| c.family == *f)
            .map(|(_, t)| *t)
            .collect();
        println!("{f:<14} {:>7} {}", t.len(), summary(&t, ms));
    }
    println!("{:<14} {:>7} {}", "all", times.len(), summary(&times, ms));
    let mut slowest: Vec<usize> = (0..cases.len()).collect();
    slowest.sort_by_key(|&i| std::cmp::Reverse(times[i]));
    for &i in slowest.iter().take(3) {
        let c = &cases[i];
        println!(
            "slow: {} #{} ({}; `--child {i}` converts it once):\n{}",
            c.family,
            c.k,
            ms(times[i]),
            c.art
        );
    }
    if let Some(k) = counting {
        let which: Vec<usize> = match k {
            Some(k) => slowest.iter().copied().take(k).collect(),
            None => (0..cases.len()).collect(),
        };
        let counted = match count_all(&which) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        for &(i, n) in &counted {
            let c = &cases[i];
            println!(
                "  {} #{}: {} instructions, {}",
                c.family,
                c.k,
                millions(n),
                ms(times[i])
            );
        }
        let n: Vec<u64> = counted.iter().map(|(_, n)| *n).collect();
        println!(
            "instructions (callgrind, the conversion alone), {} sprites: median, p90, max {}",
            n.len(),
            summary(&n, millions)
        );
        if let Some(&(i, most)) = counted.iter().max_by_key(|(_, n)| *n) {
            println!(
                "most: {} #{}: {most} instructions ({})",
                cases[i].family,
                cases[i].k,
                ms(times[i])
            );
        }
    }
    if steps > 0 {
        let start = &cases[slowest[0]];
        println!(
            "hill climbing from {} #{} ({}):",
            start.family,
            start.k,
            ms(times[slowest[0]])
        );
        let (art, t) = search(start, times[slowest[0]], steps, &mut workspace, &mut out);
        println!("slowest found ({}):\n{art}", ms(t));
    }
    ExitCode::SUCCESS
}
