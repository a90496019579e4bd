//! The row loop: a print's rows bottom to top, each planned by the [`RowPlanner`] it is
//! given and written (platform add, passes, platform remove), then the direct pieces
//! that drop after it. Every planner's print goes through [`Print::rows`].

use crate::moves::Move;
use crate::sprite::Sprite;

use super::direct::DirectPlan;
use super::error::ConvertError;
use super::row::RowInput;
use super::row_planner::RowPlanner;
use super::sink::Sink;
use super::stats::ConvertStats;
use super::write::{self, Block};

/// A conversion's output: where its moves go, where its blocks are reported, and what
/// it costs so far.
pub(super) struct Print<'w, 's> {
    sprite: &'w Sprite,
    sink: &'w mut Sink<'s>,
    on_block: &'w mut dyn FnMut(Block),
    stats: ConvertStats,
}

impl<'w, 's> Print<'w, 's> {
    /// An empty print of `sprite` into `sink`, each block reported to `on_block`.
    pub(super) fn new(
        sprite: &'w Sprite,
        sink: &'w mut Sink<'s>,
        on_block: &'w mut dyn FnMut(Block),
    ) -> Print<'w, 's> {
        let stats = ConvertStats {
            rows: sprite.height(),
            ..ConvertStats::default()
        };
        Print {
            sprite,
            sink,
            on_block,
            stats,
        }
    }

    /// The print without direct pieces: every row of the sprite planned by `planner`.
    pub(super) fn plain(&mut self, planner: &impl RowPlanner) -> Result<(), ConvertError> {
        let sprite = self.sprite;
        self.rows(planner, |y| RowInput::of(sprite, y), |_, _| {})
    }

    /// The print with the direct pieces of `plan`: each row's passes print the pixels it
    /// leaves, planned by `planner`, then the direct pieces whose top row is the next
    /// row drop.
    pub(super) fn direct(
        &mut self,
        plan: &DirectPlan,
        planner: &impl RowPlanner,
    ) -> Result<(), ConvertError> {
        let sprite = self.sprite;
        self.rows(
            planner,
            |y| plan.row(sprite, y),
            |y, f| plan.after_row(y, f),
        )?;
        self.stats.direct = plan.direct_pieces();
        Ok(())
    }

    /// Writes every row `row(y)`, bottom first, planned by `planner` (a row with no pixel
    /// left has no passes), and after each the direct pieces `after(y, …)` hands over.
    /// The plans of the last row planned at an even and at an odd row are kept: a
    /// row's plan depends on the row alone, and sprites repeat rows, often every other
    /// one.
    fn rows<P: RowPlanner>(
        &mut self,
        planner: &P,
        row: impl Fn(usize) -> RowInput,
        after: impl Fn(usize, &mut dyn FnMut(Move)),
    ) -> Result<(), ConvertError> {
        let mut recent: [Option<(RowInput, P::Plan)>; 2] = [None, None];
        for y in 0..self.sprite.height() {
            let row = row(y);
            if row.len > 0 {
                // Planned in place (a plan can be a few hundred bytes: not copied around).
                let known = recent
                    .iter()
                    .position(|r| r.as_ref().is_some_and(|(r, _)| *r == row));
                let k = known.unwrap_or_else(|| {
                    recent[y % 2] = Some((row, planner.plan(&row)));
                    y % 2
                });
                if let Some((_, plan)) = &recent[k] {
                    write::write_row(
                        plan,
                        self.sprite,
                        y,
                        self.sink,
                        self.on_block,
                        &mut self.stats,
                    )?;
                }
            }
            write::direct(y + 1, self.sink, self.on_block, |f| after(y, f));
        }
        Ok(())
    }

    /// What the print cost.
    pub(super) fn finish(self) -> ConvertStats {
        ConvertStats {
            pieces: self.sink.len,
            ..self.stats
        }
    }
}
