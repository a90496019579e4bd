//! The pattern searcher that makes `pattern-src/` (docs/spec.md §4–§5).
//!
//! For every arrangement of `n` triples it finds a packed matrix of the smallest height
//! `h` with `(21h + n) mod 4 = 0` that exists, proving each lower admissible height
//! impossible by exhaustive search; it also finds the platform patterns and proves the
//! bar centres without one. Mirror images are derived, not searched. Work is spread over
//! threads by arrangement; every search is seeded from the seed and its own key, so the
//! output does not depend on the number of threads.

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

pub mod engine;
pub mod strips;
pub mod wide;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use engine::{
    all_placements, solve, solve_with_restarts, DeadTable, Heights, Outcome, Placement, Problem,
    RESTART_BUDGET,
};

use tetris_printer_core::moves::Move;
use tetris_printer_core::pattern::{mirror_mask, mirror_strip_mask, StripSide};
use tetris_printer_core::pattern_text::{
    arrangements, write_emitter, write_no_platform, write_platform, write_strip, write_wide,
    EmitterText, NoPlatform, PatternFile, PlatformText, Proof, StripText,
};
use tetris_printer_core::playfield::WIDTH;

/// The tallest matrix the converter can afford: a platform (3 rows) under the emission
/// row of the top sprite row (31) leaves rows 35..=41.
pub const MAX_PATTERN_HEIGHT: u8 = 7;

/// How to run a search.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Seed of the shuffled placement orders.
    pub seed: u64,
    /// Worker threads (≥ 1).
    pub jobs: usize,
    /// Only emitters with this many squares (and no platforms), when set.
    pub only: Option<u8>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 1,
            jobs: std::thread::available_parallelism().map_or(1, usize::from),
            only: None,
        }
    }
}

/// Summary of one `n`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Squares per pass (0 for platforms and strips).
    pub n: u8,
    /// `(height, arrangements, pieces)` for each height used.
    pub heights: Vec<(u8, usize, usize)>,
    /// Lower heights proved impossible (counting mirror images too).
    pub proofs: usize,
    /// States expanded by all searches for this `n` (canonical arrangements only).
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

/// The searcher's result: one [`PatternFile`] per `n` (index `n − 1`) plus the platforms.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// The emitter files by `n`.
    pub emitters: Vec<(u8, PatternFile)>,
    /// The platforms, if searched.
    pub platforms: Option<PatternFile>,
    /// The strips, if searched.
    pub strips: Option<PatternFile>,
    /// The wide patterns, if searched.
    pub wides: Option<PatternFile>,
    /// One summary per group searched.
    pub summaries: Vec<Summary>,
}

/// Progress events for a progress bar.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// Starting a group of `total` searches (`n` = 0 for platforms).
    Start {
        /// Squares per pass (0 for platforms and strips).
        n: u8,
        /// Searches in the group.
        total: usize,
    },
    /// One more search done in the current group.
    Step,
}

/// The rail order of restart `attempt` of the search salted by `salt`.
fn shuffled(seed: u64, salt: u64, attempt: u32, base: &[Placement]) -> Vec<Placement> {
    let mut order = base.to_vec();
    let mix = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(attempt).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ mix);
    order.shuffle(&mut rng);
    order
}

fn search(
    problem: &Problem,
    seed: u64,
    salt: u64,
    table: &DeadTable,
    base: &[Placement],
) -> Outcome {
    solve_with_restarts(
        problem,
        |k| shuffled(seed, salt, k, base),
        RESTART_BUDGET,
        table,
    )
}

/// Heights admissible for `n` squares, lowest first, up to [`MAX_PATTERN_HEIGHT`].
#[must_use]
pub fn admissible_heights(n: u8) -> Vec<u8> {
    (1..=MAX_PATTERN_HEIGHT)
        .filter(|&h| (21 * h as usize + n as usize).is_multiple_of(4))
        .collect()
}

/// Finds the pattern for one arrangement (its lowest admissible height that works).
#[must_use]
pub fn search_emitter(
    key: u32,
    seed: u64,
    table: &DeadTable,
    base: &[Placement],
) -> Option<EmitterText> {
    let n = (key.count_ones() / 3) as u8;
    let mut start = [0u8; WIDTH];
    for (x, h) in start.iter_mut().enumerate() {
        *h = u8::from(key & (1 << x) != 0);
    }
    let mut proofs = Vec::new();
    for height in admissible_heights(n) {
        let problem = Problem {
            start,
            goal: [height; WIDTH],
            support: 0,
        };
        match search(
            &problem,
            seed,
            u64::from(key) << 8 | u64::from(height),
            table,
            base,
        ) {
            Outcome::Found { drops, nodes } => {
                return Some(EmitterText {
                    key,
                    height,
                    fillers: drops,
                    proofs,
                    nodes,
                    line: 0,
                })
            }
            Outcome::None { nodes } => proofs.push(Proof { height, nodes }),
        }
    }
    None
}

/// Runs `work` over `items` on `jobs` threads as progress group `n`, keeping results
/// in item order.
fn parallel<T: Sync, R: Send>(
    n: u8,
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<R> {
    progress(Progress::Start {
        n,
        total: items.len(),
    });
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = work(item);
                results.lock().expect("no worker panics")[i] = Some(r);
                progress(Progress::Step);
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}

/// Searches every emitter with `n` squares.
pub fn search_emitters(
    n: u8,
    config: &Config,
    table: &DeadTable,
    progress: &(dyn Fn(Progress) + Sync),
) -> (PatternFile, Summary) {
    let t0 = Instant::now();
    let base = all_placements();
    let all = arrangements(n);
    let canonical: Vec<u32> = all
        .iter()
        .copied()
        .filter(|&k| k <= mirror_mask(k))
        .collect();
    let found = parallel(
        n,
        &canonical,
        config.jobs,
        |&key| search_emitter(key, config.seed, table, &base),
        progress,
    );
    let mut by_key = std::collections::BTreeMap::new();
    let mut nodes = 0;
    for (key, e) in canonical.iter().zip(found) {
        let e = e.unwrap_or_else(|| {
            panic!("no pattern up to {MAX_PATTERN_HEIGHT} rows for key {key:#b}")
        });
        nodes += e.nodes + e.proofs.iter().map(|p| p.nodes).sum::<u64>();
        let m = e.mirrored();
        by_key.insert(m.key, m);
        by_key.insert(*key, e);
    }
    let emitters: Vec<EmitterText> = all.iter().map(|k| by_key[k].clone()).collect();
    let mut heights: Vec<(u8, usize, usize)> = Vec::new();
    for e in &emitters {
        match heights.iter_mut().find(|h| h.0 == e.height) {
            Some(h) => h.1 += 1,
            None => heights.push((e.height, 1, e.pieces())),
        }
    }
    heights.sort_unstable();
    let summary = Summary {
        n,
        proofs: emitters.iter().map(|e| e.proofs.len()).sum(),
        heights,
        nodes,
        time: t0.elapsed(),
    };
    (
        PatternFile {
            emitters,
            ..PatternFile::default()
        },
        summary,
    )
}

/// The goal profile of a platform whose remove piece is J3 at column 0 (`left`) or L1 at
/// column 19: three full rows above the cleared one, less the remove piece's cells.
fn platform_goal(left: bool) -> (Heights, Move) {
    let mut goal = [4u8; WIDTH];
    let (edge, foot, remove) = if left {
        (0, 1, tetris_printer_core::pattern::mv(7, 0))
    } else {
        (20, 19, tetris_printer_core::pattern::mv(9, 19))
    };
    goal[edge] = 1;
    goal[foot] = 3;
    (goal, remove)
}

/// Searches the platform for bar centre `centre` (either remove side).
pub fn search_platform(
    centre: u8,
    seed: u64,
    table: &DeadTable,
    base: &[Placement],
) -> Result<PlatformText, NoPlatform> {
    let mut start = [0u8; WIDTH];
    let c = centre as usize;
    start[c - 1..=c + 1].copy_from_slice(&[1, 2, 1]);
    let mut nodes = 0;
    for left in [true, false] {
        let (goal, remove) = platform_goal(left);
        if (0..WIDTH).any(|i| start[i] > goal[i]) {
            continue;
        }
        let salt = 1 << 40 | u64::from(centre) << 1 | u64::from(left);
        match search(
            &Problem {
                start,
                goal,
                support: 0,
            },
            seed,
            salt,
            table,
            base,
        ) {
            Outcome::Found { drops, nodes: k } => {
                let mut add = vec![tetris_printer_core::pattern::mv(2, centre - 1)];
                add.extend(drops);
                return Ok(PlatformText {
                    centre,
                    add,
                    remove,
                    nodes: nodes + k,
                    line: 0,
                });
            }
            Outcome::None { nodes: k } => nodes += k,
        }
    }
    Err(NoPlatform {
        centre,
        nodes,
        line: 0,
    })
}

/// Searches platforms for every bar centre 1..=19 (mirrors derived from 1..=10).
pub fn search_platforms(
    config: &Config,
    table: &DeadTable,
    progress: &(dyn Fn(Progress) + Sync),
) -> PatternFile {
    let base = all_placements();
    let centres: Vec<u8> = (1..=10).collect();
    let found = parallel(
        0,
        &centres,
        config.jobs,
        |&c| search_platform(c, config.seed, table, &base),
        progress,
    );
    let mut out = PatternFile::default();
    let mut all: Vec<Result<PlatformText, NoPlatform>> = Vec::new();
    for r in found {
        match &r {
            Ok(p) if p.centre != 10 => all.push(Ok(p.mirrored())),
            Err(e) if e.centre != 10 => all.push(Err(NoPlatform {
                centre: 20 - e.centre,
                ..*e
            })),
            _ => {}
        }
        all.push(r);
    }
    all.sort_by_key(|r| match r {
        Ok(p) => p.centre,
        Err(e) => e.centre,
    });
    for r in all {
        match r {
            Ok(p) => out.platforms.push(p),
            Err(e) => out.no_platforms.push(e),
        }
    }
    out
}

/// Runs the whole search.
pub fn generate(config: &Config, progress: &(dyn Fn(Progress) + Sync)) -> Generated {
    let table = DeadTable::new();
    let mut g = Generated::default();
    let ns: Vec<u8> = match config.only {
        Some(n) => vec![n],
        None => (1..=7).collect(),
    };
    for n in ns {
        let (file, summary) = search_emitters(n, config, &table, progress);
        g.emitters.push((n, file));
        g.summaries.push(summary);
    }
    if config.only.is_none() {
        g.platforms = Some(search_platforms(config, &table, progress));
        g.strips = Some(search_strips(config, &table, progress));
        let strips = strips::StripIndex::new(&g.strips.as_ref().expect("just searched").strips);
        g.wides = Some(search_wides(config, &table, &strips, progress));
    }
    g
}

/// Searches every strip (see [`strips`]): for each `(width, height, bottom)` up to the
/// limits there, the minimal supports with one packing each. Mirror images are derived.
/// Progress group `n` = 8.
pub fn search_strips(
    config: &Config,
    table: &DeadTable,
    progress: &(dyn Fn(Progress) + Sync),
) -> PatternFile {
    let all = all_placements();
    let bases: Vec<Vec<Placement>> = (0..=strips::MAX_EDGE_WIDTH)
        .map(|w| strips::strip_placements(w, &all))
        .collect();
    let keys = strips::strip_keys();
    let flip = mirror_strip_mask;
    let mirror = |&(w, h, side, b): &(u8, u8, StripSide, u16)| (w, h, side.mirrored(), flip(w, b));
    // Search left edge strips and inner ones up to mirroring; derive the rest.
    let canonical: Vec<(u8, u8, StripSide, u16)> = keys
        .iter()
        .copied()
        .filter(|k| match k.2 {
            StripSide::Inner => k.3 <= flip(k.0, k.3),
            StripSide::Left => true,
            StripSide::Right => false,
        })
        .collect();
    let found = parallel(
        8,
        &canonical,
        config.jobs,
        |&(w, h, side, b)| {
            strips::search_strip_supports(w, h, side, b, table, &bases[w as usize]).0
        },
        progress,
    );
    let mut by_key = std::collections::BTreeMap::new();
    for (k, list) in canonical.iter().zip(found) {
        let mut mirrored: Vec<StripText> = list.iter().map(StripText::mirrored).collect();
        mirrored.sort_by_key(|s| (s.support.count_ones(), s.support));
        by_key.insert(mirror(k), mirrored);
        by_key.insert(*k, list);
    }
    let mut out = PatternFile::default();
    for k in &keys {
        out.strips.extend(by_key.remove(k).unwrap_or_default());
    }
    out
}

/// Searches every wide pattern (see [`wide`]): for each `(bottom, height)` of the
/// family, the minimal supports with one packing each. Progress group `n` = 9.
pub fn search_wides(
    config: &Config,
    table: &DeadTable,
    strips: &strips::StripIndex,
    progress: &(dyn Fn(Progress) + Sync),
) -> PatternFile {
    /// One key of the file: a kind searched for minimal supports, or a flip pair.
    enum Key {
        Minimal(u32, u8, u32),
        FlipPair(u32),
        FlipQuad(u32, u32),
        Run(u32, u8),
    }
    let base = all_placements();
    // The flip pairs, the flip quads, then the runs, come last.
    let keys: Vec<Key> = wide::wide_candidates()
        .into_iter()
        .map(|(bottom, height, window)| Key::Minimal(bottom, height, window))
        .chain(wide::flip_pair_candidates().into_iter().map(Key::FlipPair))
        .chain(
            wide::flip_quad_candidates()
                .into_iter()
                .map(|(bottom, bars)| Key::FlipQuad(bottom, bars)),
        )
        .chain(
            wide::run_candidates()
                .into_iter()
                .map(|(bottom, height)| Key::Run(bottom, height)),
        )
        .collect();
    let orders = |salt: u64, k: u32| shuffled(config.seed, salt, k, &base);
    let found = parallel(
        9,
        &keys,
        config.jobs,
        |key| match *key {
            Key::Minimal(bottom, height, window) => {
                wide::search_wide_supports(bottom, height, window, table, &base, strips)
            }
            Key::FlipPair(bottom) => wide::search_flip_pair(bottom, table, &orders),
            Key::FlipQuad(bottom, bars) => {
                wide::search_flip_quad(bottom, bars, table, &orders, strips)
                    .into_iter()
                    .collect()
            }
            Key::Run(bottom, height) => wide::search_run(bottom, height, table, &orders, strips)
                .into_iter()
                .collect(),
        },
        progress,
    );
    PatternFile {
        wides: found.into_iter().flatten().collect(),
        ..PatternFile::default()
    }
}

/// The text of the wide-pattern file.
#[must_use]
pub fn wide_file_text(file: &PatternFile, seed: u64) -> String {
    let mut s = format!(
        "# Wide patterns: full-width fillers of a pass's matrix, resting on emission-row\n\
         # squares (`#`): one triple whose classic pattern needs 7 rows (3 rows), one\n\
         # flipped emitter's top cell (5 rows), a top cell and one triple (4 rows), two\n\
         # triples (2 rows), a top cell and two triples (3 rows), every minimal support\n\
         # on which no strip tiling packs, smallest first; two top cells (6 rows),\n\
         # supports that serve every pair of their bars (not proved minimal); four top\n\
         # cells of flipped emitters side by side (4 rows), on their bars; last, every\n\
         # bottom row that is one run of 2..=21 cells (heights up to 6) that no other kind\n\
         # covers and no strip tiling packs, on no support.\n\
         # Generated by `tetris-printer search --seed {seed}`; format in README.md here.\n\n",
    );
    for w in &file.wides {
        write_wide(&mut s, w);
    }
    s
}

/// The text of the strip file.
#[must_use]
pub fn strip_file_text(file: &PatternFile, seed: u64) -> String {
    let mut s = format!(
        "# Strip patterns: fillers 1..={} columns wide (edge strips up to {}) and 1..={} rows\n\
         # tall that tile a pass's matrix side by side. For each bottom row (`A`: cells the\n\
         # emitters fill) the minimal emission-row supports (`#`) that admit a packing,\n\
         # smallest first. Generated by `tetris-printer search --seed {seed}`; format in\n\
         # README.md here.\n\n",
        strips::MAX_STRIP_WIDTH,
        strips::MAX_EDGE_WIDTH,
        strips::MAX_STRIP_HEIGHT,
    );
    for t in &file.strips {
        write_strip(&mut s, t);
    }
    s
}

/// The file name of the emitters with `n` squares.
#[must_use]
pub fn emitter_file_name(n: u8) -> String {
    format!("emitters-{n}.txt")
}

/// The text of an emitter file.
#[must_use]
pub fn emitter_file_text(n: u8, file: &PatternFile, seed: u64) -> String {
    let mut s = format!(
        "# Emitter patterns with {n} square(s) a pass: {} arrangements.\n\
         # Generated by `tetris-printer search --seed {seed}`; format in README.md here.\n\n",
        file.emitters.len()
    );
    for e in &file.emitters {
        write_emitter(&mut s, e);
    }
    s
}

/// The text of the platform file.
#[must_use]
pub fn platform_file_text(file: &PatternFile, seed: u64) -> String {
    let mut s = format!(
        "# Platform patterns: a T2 on one square of the row below (`A`), the add pieces,\n\
         # and last the remove piece. Generated by `tetris-printer search --seed {seed}`.\n\n"
    );
    for p in &file.platforms {
        write_platform(&mut s, p);
    }
    for p in &file.no_platforms {
        write_no_platform(&mut s, p);
    }
    s
}
