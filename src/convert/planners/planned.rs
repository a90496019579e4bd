//! A row planner that answers from plans made before: each distinct row (with whether a
//! platform may stand under it) planned once, however often it is asked for.

use std::vec::Vec;

use crate::convert::row::RowInput;
use crate::convert::row_planner::{PlannedRow, RowPlanner};

/// Plans made before, by row (see the module docs).
pub(crate) struct Planned<P> {
    /// Each distinct row's key ([`RowInput::key`]), whether a platform may stand under
    /// it, and its plan.
    plans: Vec<(u128, bool, P)>,
}

impl<P: PlannedRow + Clone> Planned<P> {
    /// The plans `planner` makes of `rows`, each distinct row planned once.
    pub(crate) fn of<'r>(
        rows: impl IntoIterator<Item = &'r RowInput>,
        planner: &impl RowPlanner<Plan = P>,
    ) -> Planned<P> {
        let mut plans: Vec<(u128, bool, P)> = Vec::new();
        for row in rows {
            let key = (row.key(), row.may_platform);
            if !plans.iter().any(|(k, m, _)| (*k, *m) == key) {
                plans.push((key.0, key.1, planner.plan(row)));
            }
        }
        Planned { plans }
    }

    /// The pieces of the plans of `rows` (each one of the rows planned), added up.
    pub(crate) fn pieces<'r>(&self, rows: impl IntoIterator<Item = &'r RowInput>) -> u32 {
        rows.into_iter().map(|row| self.find(row).pieces()).sum()
    }

    /// The plan made of `row`.
    fn find(&self, row: &RowInput) -> &P {
        let key = (row.key(), row.may_platform);
        let found = self.plans.iter().find(|(k, m, _)| (*k, *m) == key);
        &found.expect("every row planned before").2
    }
}

impl<P: PlannedRow + Clone> RowPlanner for Planned<P> {
    type Plan = P;

    /// The plan made before of `row` (one of the rows [`Planned::of`] was given).
    fn plan(&self, row: &RowInput) -> P {
        self.find(row).clone()
    }
}
