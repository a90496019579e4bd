//! The pass strategies: how a row's pixels are split into passes, by name.

/// How a row's pixels are split into passes.
///
/// Every build has the same variants; one whose feature is off (`Exact` without
/// `search`) makes the converter return [`ConvertError::Unavailable`](crate::ConvertError::Unavailable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Planner {
    /// The article's converter: fill a pass scanning the pixels left to right, taking
    /// every pixel whose triple fits; repeat with the pixels left over.
    Greedy,
    /// The split with the fewest pieces, found by an exact branch-and-bound search that
    /// starts from the greedy split and replaces it only by a strictly cheaper one.
    Optimal,
    /// The default: covers from a build-time table, then a small bounded search over a
    /// fixed set of groupings (no enumeration of covers). Each run of same-colour pixels
    /// looks up its covers by flipped emitters (one J2/T2/L2 for three adjacent pixels of its
    /// colour) in a static table the thorough planner ([`Planner::Thorough`]) computed
    /// at build time; the row's few covers are grouped into passes by fixed rules
    /// (first fit from either end, dealt round robin; the first cover also in at most
    /// three stages on dense rows, one-row passes first and with one sweep of single
    /// moves from its first-fit grouping from the right; then one sweep from the best
    /// plan) and priced with strip and wide fillers resting on squares
    /// already emitted in the row, and singles over holes land on such squares instead
    /// of a platform (see the `planners::grouped`, `grouping`, `pricing` and `local_moves` layers). At most
    /// 76,714 fill prices per row, whatever the row (a unit test counts them on
    /// adversarial rows). Never more pieces than `Greedy`.
    #[default]
    Grouped,
    /// The thorough planner: a larger bounded search at run time, every cover of the
    /// row by flipped emitters, grouped and ordered, then local moves of emitters between
    /// passes (see the `planners::thorough` layer). Fewer pieces than [`Planner::Grouped`] in total,
    /// though not on every sprite, and not the fewest (that is [`Planner::Exact`]); never
    /// more pieces than `Greedy`. Up to 132,229,700 fill prices per row; an order of
    /// magnitude more instructions than the default (`docs/converter.md` and
    /// `docs/results.md` have the figures).
    Thorough,
    /// The fewest pieces our printing rules allow for each row, found by an exhaustive
    /// search at run time (the [`crate::exact`] planner; `search` feature). The yardstick
    /// for the other strategies: seconds per sprite, and it allocates. Never the default.
    /// Without the `search` feature the converter returns
    /// [`ConvertError::Unavailable`](crate::ConvertError::Unavailable) for it.
    Exact,
}

impl Planner {
    /// Every strategy, in the order the command line lists them (in every build: see
    /// [`Planner::available`]).
    pub const ALL: [Planner; 5] = [
        Planner::Grouped,
        Planner::Thorough,
        Planner::Optimal,
        Planner::Greedy,
        Planner::Exact,
    ];

    /// The strategy's name on the command line and in [`Display`](core::fmt::Display)
    /// and [`FromStr`](core::str::FromStr): `grouped`, `thorough`, `optimal`, `greedy` or
    /// `exact`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Planner::Grouped => "grouped",
            Planner::Greedy => "greedy",
            Planner::Optimal => "optimal",
            Planner::Thorough => "thorough",
            Planner::Exact => "exact",
        }
    }

    /// The crate feature this strategy needs that this build lacks, if any: `search`
    /// for [`Planner::Exact`] without it.
    #[must_use]
    pub const fn missing_feature(self) -> Option<&'static str> {
        match self {
            Planner::Exact if !cfg!(feature = "search") => Some("search"),
            _ => None,
        }
    }

    /// Whether this build converts with this strategy ([`Planner::missing_feature`] is
    /// `None`).
    #[must_use]
    pub const fn available(self) -> bool {
        self.missing_feature().is_none()
    }
}

impl core::fmt::Display for Planner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one of [`Planner::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown pass strategy (expected grouped, thorough, optimal, greedy or exact)")]
pub struct UnknownPlanner;

impl core::str::FromStr for Planner {
    type Err = UnknownPlanner;

    /// Parses a name as [`Planner::name`] gives it.
    ///
    /// ```
    /// use tetris_printer::Planner;
    /// assert_eq!("greedy".parse(), Ok(Planner::Greedy));
    /// assert_eq!(Planner::Thorough.to_string(), "thorough");
    /// assert!("best".parse::<Planner>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Planner, UnknownPlanner> {
        Planner::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or(UnknownPlanner)
    }
}
