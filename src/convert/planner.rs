//! The row planners a converter can use, by name: how a row's pixels are split into
//! passes.

/// Which row planner a [`Converter`](crate::Converter) uses: how it splits each row's
/// pixels into passes.
///
/// [`Planner::Exact`] exists only with the `search` feature: a build without it cannot
/// name a planner it lacks.
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
    /// looks up its covers by flipped emitters (one J2/T2/L2 for three adjacent pixels of
    /// its colour) in a static table the thorough planner ([`Planner::Thorough`])
    /// computed at build time; the row's few covers are grouped into passes by fixed
    /// rules (first fit from either end, dealt round robin; the first cover also in at
    /// most three stages on dense rows, one-row passes first and with one sweep of single
    /// moves from its first-fit grouping from the right; then one sweep from the best
    /// plan) and priced with strip and wide fillers resting on squares already emitted
    /// in the row, and singles over holes land on such squares instead of a platform. At
    /// most 76,714 fill prices per row, whatever the row (a unit test counts them on
    /// adversarial rows). Never more pieces than `Greedy`.
    #[default]
    Grouped,
    /// The thorough planner: a larger bounded search at run time, every cover of the
    /// row by flipped emitters, grouped and ordered, then local moves of emitters between
    /// passes. Fewer pieces than [`Planner::Grouped`] in total, though not on every
    /// sprite, and not the fewest (that is `Exact`); never more pieces than `Greedy`. Up
    /// to 132,229,700 fill prices per row (`docs/converter.md`'s frontier table has its
    /// instructions beside the others').
    Thorough,
    /// The fewest pieces our printing rules allow for each row, found by an exhaustive
    /// search at run time (`search` feature). The yardstick for the other planners:
    /// seconds per sprite, on threads of its own, and it allocates. Never the default.
    #[cfg(feature = "search")]
    Exact,
}

impl Planner {
    /// Every planner this build has, in the order the command line lists them.
    #[cfg(feature = "search")]
    pub const ALL: &'static [Planner] = &[
        Planner::Grouped,
        Planner::Thorough,
        Planner::Optimal,
        Planner::Greedy,
        Planner::Exact,
    ];

    /// Every planner this build has, in the order the command line lists them (the
    /// exact planner needs the `search` feature).
    #[cfg(not(feature = "search"))]
    pub const ALL: &'static [Planner] = &[
        Planner::Grouped,
        Planner::Thorough,
        Planner::Optimal,
        Planner::Greedy,
    ];

    /// The planner's name on the command line and in [`Display`](core::fmt::Display)
    /// and [`FromStr`](core::str::FromStr): `grouped`, `thorough`, `optimal`, `greedy` or
    /// `exact`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Planner::Grouped => "grouped",
            Planner::Greedy => "greedy",
            Planner::Optimal => "optimal",
            Planner::Thorough => "thorough",
            #[cfg(feature = "search")]
            Planner::Exact => "exact",
        }
    }
}

impl core::fmt::Display for Planner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A planner name that is not one of [`Planner::ALL`] (or `exact` in a build without
/// the `search` feature, which says so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownPlanner {
    /// The name was `exact`, which this build lacks.
    exact: bool,
}

impl core::fmt::Display for UnknownPlanner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.exact {
            return f
                .write_str("the exact planner needs the `search` feature, which this build lacks");
        }
        f.write_str("unknown planner (expected ")?;
        let last = Planner::ALL.len() - 1;
        for (i, p) in Planner::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i == last => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{p}")?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownPlanner {}

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
            .iter()
            .copied()
            .find(|p| p.name() == s)
            .ok_or(UnknownPlanner {
                exact: s == "exact",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every planner's name parses back to it; other names say what is expected.
    #[test]
    fn names_parse_back() {
        for &p in Planner::ALL {
            assert_eq!(p.name().parse(), Ok(p));
        }
        let unknown = "best".parse::<Planner>().unwrap_err().to_string();
        assert_eq!(
            unknown,
            "unknown planner (expected grouped, thorough, optimal, greedy or exact)"
        );
    }
}
