//! The exact row planner of [`Planner::Exact`](crate::Planner::Exact) (`search` feature):
//! each row planned by the exhaustive row search ([`search`]), the compiled tables tried
//! first ([`planner`]), the distinct rows of a print planned up front on threads of
//! their own ([`ExactRows`]). Whole exact prints, checked by replay, for the unit tests
//! and measurements, are `crate::exact`'s, above the converter.

pub(crate) mod search;

use std::vec::Vec;

use crate::convert::error::ConvertError;
use crate::convert::row::RowInput;
use crate::convert::row_planner::{PassSink, PlannedRow, RowPlanner};
use crate::moves::{self, Move};
use crate::tables::{self, SpanMovesExt as _};

use search::{side_by_side, ExactPlan, ExactPlanner};

/// The exact planner's plans of a set of rows, made up front (the distinct rows on
/// threads of their own): a row planner that answers from them.
pub(crate) struct ExactRows {
    /// Each distinct row's key ([`RowInput::key`]) and plan.
    plans: Vec<(u128, ExactPlan)>,
}

impl ExactRows {
    /// The plans of `rows`, the distinct ones planned on `threads` threads. The plans do
    /// not depend on the number of threads.
    pub(crate) fn planning<'r>(
        rows: impl IntoIterator<Item = &'r RowInput>,
        threads: usize,
    ) -> ExactRows {
        let mut keys = Vec::new();
        let mut distinct = Vec::new();
        for row in rows {
            let key = row.key();
            if !keys.contains(&key) {
                keys.push(key);
                distinct.push(*row);
            }
        }
        let plans = plan_rows(&distinct, threads);
        ExactRows {
            plans: keys.into_iter().zip(plans).collect(),
        }
    }
}

impl RowPlanner for ExactRows {
    type Plan = ExactPlan;

    /// The plan made up front of `row` (one of the rows [`ExactRows::planning`] was
    /// given).
    fn plan(&self, row: &RowInput) -> ExactPlan {
        let key = row.key();
        let found = self.plans.iter().find(|(k, _)| *k == key);
        found.expect("every row planned up front").1.clone()
    }
}

impl PlannedRow for ExactPlan {
    fn pieces(&self) -> u32 {
        self.pieces
    }

    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its emitters, then its fillers.
    fn write_passes(&self, _: usize, passes: &mut impl PassSink) -> Result<(), ConvertError> {
        for pass in &self.passes {
            passes.pass(|sink| {
                for e in &pass.emits {
                    sink.push(e.mv);
                }
                sink.extend(pass.fillers.iter().copied());
            });
        }
        Ok(())
    }
}

/// The plan of each of `rows` (distinct rows), planned on `threads` threads (each with
/// its own [`planner`]; at least one). The plans do not depend on the number of
/// threads: each is a function of its row alone.
fn plan_rows(rows: &[RowInput], threads: usize) -> Vec<ExactPlan> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let results: Vec<Mutex<Option<ExactPlan>>> = rows.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, rows.len().max(1)) {
            scope.spawn(|| {
                let mut p = planner();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(row) = rows.get(i) else {
                        break;
                    };
                    let plan = p.plan_row(row);
                    *results[i]
                        .lock()
                        .expect("no planner panics while holding it") = Some(plan);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("no planner panics while holding it")
                .expect("every row planned")
        })
        .collect()
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

/// The [`Hint`](search::Hint) of [`planner`].
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
        moves.extend(
            st.fillers
                .moves()
                .map(|m| moves::new_unchecked(m.shape(), m.x() as u8 + a as u8)),
        );
    }
    Some((moves, used))
}
