//! The row planners: each splits a row's pixels into passes, a
//! [`RowPlanner`](super::row_planner::RowPlanner) of its own that knows no other.
//!
//! - [`classic`]: the article's passes of single emitters over the classic emitter
//!   table, split greedily ([`Planner::Greedy`]) or by an exact branch-and-bound
//!   ([`Planner::Optimal`]);
//! - [`grouped`]: the default ([`Planner::Grouped`]): covers from the build-time
//!   run-cover table, grouped into passes by fixed rules, a small bounded search; its
//!   policy value also makes the planner that prices direct placement;
//! - [`thorough`]: [`Planner::Thorough`]: every cover and grouping, searched at run
//!   time within a stated bound;
//! - `exact` (`search` feature): [`Planner::Exact`], the exhaustive row search, rows
//!   planned up front on threads of their own; with `cheaper` and `planned`, the
//!   compositions the exact planner's print with direct pieces is made of.
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

#[cfg(feature = "search")]
pub(crate) mod cheaper;
pub(crate) mod classic;
#[cfg(feature = "search")]
pub(crate) mod exact;
pub(crate) mod grouped;
#[cfg(feature = "search")]
pub(crate) mod planned;
pub(crate) mod thorough;
