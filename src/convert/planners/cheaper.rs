//! Two row planners composed: of their plans of a row, the first's where it needs fewer
//! pieces and no platform the row may not have ([`RowInput::may_platform`]), else the
//! second's. How the exact planner prints the rows of a print with direct pieces
//! chosen by another planner: never a row dearer than that planner's.

use crate::convert::error::ConvertError;
use crate::convert::row::RowInput;
use crate::convert::row_planner::{PassSink, PlannedRow, RowPlanner};

/// The cheaper of two planners' plans of each row (see the module docs).
pub(crate) struct Cheaper<'a, A, B> {
    /// The planner whose plan is taken where it is cheaper and may stand.
    pub(crate) first: &'a A,
    /// The planner whose plan is taken otherwise.
    pub(crate) second: &'a B,
}

/// One of two planners' plans of a row.
#[derive(Clone)]
pub(crate) enum OneOf<A, B> {
    /// The first planner's.
    First(A),
    /// The second planner's.
    Second(B),
}

impl<A: RowPlanner, B: RowPlanner> RowPlanner for Cheaper<'_, A, B> {
    type Plan = OneOf<A::Plan, B::Plan>;

    fn plan(&self, row: &RowInput) -> Self::Plan {
        let (first, second) = (self.first.plan(row), self.second.plan(row));
        if first.pieces() < second.pieces() && (!first.platform() || row.may_platform) {
            OneOf::First(first)
        } else {
            OneOf::Second(second)
        }
    }
}

impl<A: PlannedRow, B: PlannedRow> PlannedRow for OneOf<A, B> {
    fn pieces(&self) -> u32 {
        match self {
            OneOf::First(a) => a.pieces(),
            OneOf::Second(b) => b.pieces(),
        }
    }

    fn platform(&self) -> bool {
        match self {
            OneOf::First(a) => a.platform(),
            OneOf::Second(b) => b.platform(),
        }
    }

    fn write_passes(&self, y: usize, passes: &mut impl PassSink) -> Result<(), ConvertError> {
        match self {
            OneOf::First(a) => a.write_passes(y, passes),
            OneOf::Second(b) => b.write_passes(y, passes),
        }
    }
}
