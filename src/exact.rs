//! The exact planner on whole sprites (issue #16): [`convert_exact`] prints every row
//! with the fewest pieces our printing rules allow, and checks the print by replay.
//!
//! The row search itself is [`crate::search::exact`] (re-exported here), where the rules
//! and what is proven optimal are described. It lives apart from this module because
//! `build.rs` compiles `src/search/` into the build script, which has no sprites, tables
//! or printer: everything that needs them is here.

pub use crate::search::exact::*;

use crate::convert::{ConvertError, Converter};
use crate::moves::Move;
use crate::playfield::Playfield;
use crate::printer::compare;
use crate::sprite::Sprite;
use crate::tables;

/// Row `y` of `sprite` as the planner sees it.
#[must_use]
pub fn row_spec(sprite: &Sprite, y: usize) -> RowSpec {
    let x0 = sprite.x0();
    let pixels = (x0..x0 + sprite.width())
        .filter_map(|x| {
            sprite.cell(x, y).map(|c| RowPixel {
                x: x as u8,
                colour: c.min(2),
                held: y == 0 || sprite.cell(x, y - 1).is_some(),
            })
        })
        .collect();
    RowSpec { pixels }
}

/// What one row of an exact print costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowStats {
    pub y: usize,
    pub pixels: usize,
    pub pieces: u32,
    pub platform: bool,
    pub passes: usize,
    /// Σh, the matrix rows of all its passes.
    pub total_height: u32,
}

/// An exact print: the moves (verified by replay) and the cost of each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactPrint {
    pub moves: Vec<Move>,
    pub rows: Vec<RowStats>,
}

impl ExactPrint {
    /// Pieces in all.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.moves.len()
    }

    /// Rows printed on a platform.
    #[must_use]
    pub fn platforms(&self) -> usize {
        self.rows.iter().filter(|r| r.platform).count()
    }

    /// Passes in all.
    #[must_use]
    pub fn passes(&self) -> usize {
        self.rows.iter().map(|r| r.passes).sum()
    }
}

/// Why an exact conversion failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// The tables lack the platform with bar centre `centre` (a build bug).
    #[error("no platform with bar centre {centre} (row {row}): the pattern tables are incomplete")]
    MissingPlatform { centre: u8, row: usize },
    /// The planned moves do not print the sprite (a planner bug).
    #[error("the exact print does not replay to the sprite: {0}")]
    Verify(String),
}

/// Converts `sprite` with `planner` (which keeps its engine answers for later calls):
/// each row by [`ExactPlanner::plan_row`], platform add, passes, platform remove. The
/// moves are replayed and compared with the sprite before they are returned.
///
/// # Errors
/// [`ExactError::MissingPlatform`] if the tables lack a platform (a build bug),
/// [`ExactError::Verify`] if the moves do not print the sprite (a planner bug).
pub fn convert_with(planner: &mut ExactPlanner, sprite: &Sprite) -> Result<ExactPrint, ExactError> {
    let plans: Vec<RowPlan> = (0..sprite.height())
        .map(|y| planner.plan_row(&row_spec(sprite, y)))
        .collect();
    assemble(sprite, &plans)
}

/// Converts `sprite` planning its distinct rows on `threads` threads (each with its own
/// [`planner`]; at least one). Rows are independent and every plan (fillers included)
/// is a function of its row alone, so the moves are the same for any number of threads.
///
/// # Errors
/// See [`convert_with`].
pub fn convert_parallel(sprite: &Sprite, threads: usize) -> Result<ExactPrint, ExactError> {
    assemble(sprite, &plan_parallel(sprite, threads))
}

/// The plans of `sprite`'s rows (bottom first), its distinct rows planned on `threads`
/// threads (each with its own [`planner`]; at least one). The plans do not depend on
/// the number of threads.
#[must_use]
pub fn plan_parallel(sprite: &Sprite, threads: usize) -> Vec<RowPlan> {
    let rows: Vec<(RowSpec, u32)> = (0..sprite.height())
        .map(|y| (row_spec(sprite, y), 0))
        .collect();
    plan_rows_on(&rows, threads)
}

/// The plan of each `(row, support)` by [`ExactPlanner::plan_row_on`], the distinct
/// ones planned on `threads` threads (each with its own [`planner`]; at least one).
/// The plans do not depend on the number of threads.
#[must_use]
pub fn plan_rows_on(rows: &[(RowSpec, u32)], threads: usize) -> Vec<RowPlan> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let mut distinct: Vec<&(RowSpec, u32)> = Vec::new();
    let index: Vec<usize> = rows
        .iter()
        .map(|r| {
            distinct.iter().position(|d| *d == r).unwrap_or_else(|| {
                distinct.push(r);
                distinct.len() - 1
            })
        })
        .collect();
    let results: Vec<Mutex<Option<RowPlan>>> = distinct.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, distinct.len().max(1)) {
            scope.spawn(|| {
                let mut p = planner();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((row, support)) = distinct.get(i) else {
                        break;
                    };
                    let plan = p.plan_row_on(row, *support);
                    *results[i]
                        .lock()
                        .expect("no planner panics while holding it") = Some(plan);
                }
            });
        }
    });
    let planned: Vec<RowPlan> = results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("no planner panics while holding it")
                .expect("every row planned")
        })
        .collect();
    index.iter().map(|&i| planned[i].clone()).collect()
}

/// The moves of `plans` (one per row of `sprite`, bottom first): platform add, passes,
/// platform remove; replayed and compared with the sprite.
fn assemble(sprite: &Sprite, plans: &[RowPlan]) -> Result<ExactPrint, ExactError> {
    let mut moves = Vec::new();
    let mut rows = Vec::new();
    Converter::exact_moves(sprite, plans, |m| moves.push(m)).map_err(|e| match e {
        ConvertError::MissingPlatform { centre, row } => {
            ExactError::MissingPlatform { centre, row }
        }
        other => ExactError::Verify(other.to_string()),
    })?;
    for (y, plan) in plans.iter().enumerate() {
        rows.push(RowStats {
            y,
            pixels: plan
                .passes
                .iter()
                .map(|p| {
                    p.emits
                        .iter()
                        .map(|e| e.pixels.count_ones() as usize)
                        .sum::<usize>()
                })
                .sum(),
            pieces: plan.pieces,
            platform: plan.platform,
            passes: plan.passes.len(),
            total_height: plan.total_height,
        });
    }
    debug_assert_eq!(
        moves.len(),
        rows.iter().map(|r| r.pieces as usize).sum::<usize>()
    );
    let field = Playfield::replay(&moves).map_err(|e| ExactError::Verify(e.to_string()))?;
    compare(&field, sprite).map_err(|m| ExactError::Verify(m.to_string()))?;
    Ok(ExactPrint { moves, rows })
}

/// A planner that tries the compiled tables before the engine: the classic emitter
/// pattern of the matrix's bottom row (it needs no support) and a tiling of strips
/// (`tables::STRIPS`, each resting only on support it is given). Both are sufficient
/// tests only; every "no" still comes from the engine, so the plans are the same as
/// [`ExactPlanner::new`]'s, found faster.
#[must_use]
pub fn planner() -> ExactPlanner {
    ExactPlanner::with_hint(table_hint)
}

/// The [`Hint`] of [`planner`].
#[must_use]
pub fn table_hint(above: u32, support: u32, h: u8) -> Option<(Vec<Move>, u32)> {
    if let Some(e) = tables::emitter(above) {
        if e.height == h {
            return Some((e.fillers.moves().collect(), 0));
        }
    }
    strip_tiling(above, support, h)
}

/// A tiling of the 21 columns by strips of height `h` over `bottom`, resting on
/// `support`: its fillers (strip by strip, left to right) and the support it uses.
#[must_use]
pub fn strip_tiling(bottom: u32, support: u32, h: u8) -> Option<(Vec<Move>, u32)> {
    use crate::pattern::{MAX_EDGE_WIDTH, MAX_STRIP_HEIGHT};
    use crate::playfield::WIDTH;
    if h > MAX_STRIP_HEIGHT {
        return None;
    }
    // from[b] = (a, strip) of the first strip found ending at column b.
    let mut from: [Option<(usize, &'static crate::pattern::Strip)>; WIDTH + 1] = [None; WIDTH + 1];
    let mut reach = [false; WIDTH + 1];
    reach[0] = true;
    for a in 0..WIDTH {
        if !reach[a] {
            continue;
        }
        for w in 1..=(WIDTH - a).min(usize::from(MAX_EDGE_WIDTH)) {
            if reach[a + w] {
                continue;
            }
            let Some(side) = crate::pattern::strip_side_at(a, w) else {
                continue;
            };
            let mask = (1u32 << w) - 1;
            let (b, s) = (bottom >> a & mask, support >> a & mask);
            if let Some(st) = tables::strips(w as u8, h, side, b as u16)
                .iter()
                .find(|st| u32::from(st.support) & !s == 0)
            {
                reach[a + w] = true;
                from[a + w] = Some((a, st));
            }
        }
    }
    if !reach[WIDTH] {
        return None;
    }
    let mut tiles = Vec::new();
    let mut b = WIDTH;
    while b > 0 {
        let (a, st) = from[b].expect("reached");
        tiles.push((a, st));
        b = a;
    }
    tiles.reverse();
    let mut moves = Vec::new();
    let mut used = 0;
    for (a, st) in tiles {
        used |= u32::from(st.support) << a;
        moves.extend(st.fillers.moves().map(|m| Move {
            shape: m.shape,
            x: m.x + a as u8,
        }));
    }
    Some((moves, used))
}

/// Converts `sprite` with the fewest pieces per row, on as many threads as the machine
/// has (see [`convert_parallel`]; the moves do not depend on it).
///
/// # Errors
/// See [`convert_with`].
pub fn convert_exact(sprite: &Sprite) -> Result<ExactPrint, ExactError> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    convert_parallel(sprite, threads)
}
