//! The row planners: the policies that split a row's pixels into passes, each a
//! function of the row alone ([`RowPlanner`](super::plan::RowPlanner) for the two that
//! direct placement can take).
//!
//! - [`classic`]: the article's passes of single emitters over the classic emitter
//!   table, split greedily ([`Planner::Greedy`]) or by an exact branch-and-bound
//!   ([`Planner::Optimal`]);
//! - [`grouped`]: the default ([`Planner::Grouped`]): covers from the build-time
//!   run-cover table, grouped into passes by fixed rules, a small bounded search;
//! - [`thorough`]: [`Planner::Thorough`]: every cover and grouping, searched at run time
//!   within a stated bound;
//! - `exact` (`search` feature): [`Planner::Exact`], the exhaustive row search on
//!   threads of its own.
//!
//! The grouped and the thorough planners are built from the same layers below them:
//! the groupings ([`super::grouping`]), the local moves ([`super::local_moves`]), the
//! pricing ([`super::pricing`]) and the plan types ([`super::plan`]).
//!
//! [`Planner::Greedy`]: crate::Planner::Greedy
//! [`Planner::Optimal`]: crate::Planner::Optimal
//! [`Planner::Grouped`]: crate::Planner::Grouped
//! [`Planner::Thorough`]: crate::Planner::Thorough
//! [`Planner::Exact`]: crate::Planner::Exact

pub(crate) mod classic;
#[cfg(feature = "search")]
pub(crate) mod exact;
pub(crate) mod grouped;
pub(crate) mod thorough;
