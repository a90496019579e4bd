//! The exact row planner of [`Planner::Exact`](crate::Planner::Exact) (`search` feature):
//! each row planned by the exhaustive row search ([`crate::search::exact`]), the
//! compiled tables tried first ([`planner`]), the distinct rows of a sprite on threads
//! of their own. Whole exact prints, checked by replay, are `crate::exact`'s, above the
//! converter.

use crate::moves::Move;
use crate::search::exact::{side_by_side, ExactPlan, ExactPlanner, RowPixel, RowSpec};
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

/// The plans of `sprite`'s rows (bottom first), its distinct rows planned on `threads`
/// threads (each with its own [`planner`]; at least one). The plans do not depend on
/// the number of threads.
#[must_use]
pub fn plan_parallel(sprite: &Sprite, threads: usize) -> Vec<ExactPlan> {
    let rows: Vec<(RowSpec, u32)> = (0..sprite.height())
        .map(|y| (row_spec(sprite, y), 0))
        .collect();
    plan_rows_on(&rows, threads)
}

/// The plan of each `(row, support)` by [`ExactPlanner::plan_row_on`], the distinct
/// ones planned on `threads` threads (each with its own [`planner`]; at least one).
/// The plans do not depend on the number of threads.
#[must_use]
pub fn plan_rows_on(rows: &[(RowSpec, u32)], threads: usize) -> Vec<ExactPlan> {
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
    let results: Vec<Mutex<Option<ExactPlan>>> =
        distinct.iter().map(|_| Mutex::new(None)).collect();
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
    let planned: Vec<ExactPlan> = results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("no planner panics while holding it")
                .expect("every row planned")
        })
        .collect();
    index.iter().map(|&i| planned[i].clone()).collect()
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

/// The [`Hint`](crate::search::exact::Hint) of [`planner`].
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
    if h > MAX_STRIP_HEIGHT {
        return None;
    }
    let tiles = side_by_side(usize::from(MAX_EDGE_WIDTH), |a, w| {
        let side = crate::pattern::strip_side_at(a, w)?;
        let mask = (1u32 << w) - 1;
        let (b, s) = (bottom >> a & mask, support >> a & mask);
        tables::strips(w as u8, h, side, b as u16)
            .iter()
            .find(|st| u32::from(st.support) & !s == 0)
    })?;
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
