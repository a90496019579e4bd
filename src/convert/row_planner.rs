//! The row planner interface. A [`RowPlanner`] splits one row's pixels into passes:
//! its plan is a function of the row alone ([`RowInput`]: the pixels, whether the row
//! below holds each up, and the cells filled before the row's passes). The converter's
//! row loop drives any planner the same way, and direct placement prices rows with any
//! planner it is given; the planners (`planners::classic`'s greedy and optimal splits,
//! `planners::grouped`, `planners::thorough`, `planners::exact`) implement it and do not
//! know one another.
//!
//! A plan is a [`PlannedRow`]: its pieces, whether it stands on a platform, and its
//! passes, which it writes itself (each pass's emitters, then its fill) into whatever
//! [`PassSink`] the writer gives it.

use super::error::ConvertError;
use super::row::RowInput;
use super::sink::Sink;

/// Splits a row's pixels into passes.
pub(crate) trait RowPlanner {
    /// What a row is planned into.
    type Plan: PlannedRow;

    /// The plan of `row`: a function of the row alone.
    fn plan(&self, row: &RowInput) -> Self::Plan;
}

/// A row as a [`RowPlanner`] planned it.
pub(crate) trait PlannedRow {
    /// Pieces of the row, its platform included (0 for a row with no pixel).
    fn pieces(&self) -> u32;

    /// Whether the row stands on a platform (built before its passes, removed after).
    fn platform(&self) -> bool;

    /// Writes each pass of the row `y`, in order, with [`PassSink::pass`]: its emitters,
    /// then its fill. An error means the compiled tables lack a pattern (a build bug).
    fn write_passes(&self, y: usize, passes: &mut impl PassSink) -> Result<(), ConvertError>;
}

/// Where a [`PlannedRow`] writes its passes.
pub(crate) trait PassSink {
    /// Writes one pass: `write` puts its moves into the sink, in drop order.
    fn pass(&mut self, write: impl FnOnce(&mut Sink<'_>));
}
