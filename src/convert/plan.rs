//! The plan types of the grouped and the thorough row planners: a [`Candidate`] (a
//! cover's emitters, the pass of each, the order of the passes), renumbered as the
//! groupings and the moves change it ([`renumber`]), and the [`RowPlan`] a planner
//! keeps, which builds each pass with its fill ([`RowPlan::passes`]). A [`RowPlanner`]
//! is a row planner as direct placement takes one: a function of the row to its plan.

use crate::bits::Bits;
use crate::sprite::MAX_WIDTH;

use super::row::{Emit, RowInput};
use super::tiling::{fill_priced, Fill, NO_EMITTER};

/// A row planner: the plan of a row, a function of the row alone (the grouped
/// planner's with its first cover staged in full, or the thorough one's, for direct
/// placement).
pub(crate) type RowPlanner = fn(&RowInput) -> RowPlan;

/// One pass of a plan: its emitters (flipped ones first) and its fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PassPlan {
    pub emits: [Emit; MAX_WIDTH],
    pub len: usize,
    pub fill: Fill,
}

/// A row's plan: its emitters grouped and ordered; [`RowPlan::passes`] builds the passes.
#[derive(Clone, Copy)]
pub(crate) struct RowPlan {
    pub platform: bool,
    /// The row's cells filled before its passes ([`RowInput::support`]).
    pub(crate) support: u32,
    /// Pieces of the plan, platform included.
    pub pieces: u32,
    /// Pieces of each pass's fill, in order (what pricing found: [`RowPlan::passes`]
    /// builds each fill at its price instead of searching for it again).
    pub(crate) fills: [u16; MAX_WIDTH],
    pub(crate) plan: Candidate,
}

impl RowPlan {
    /// The columns where the plan's flipped emitters start (their bars' left cells).
    #[cfg(feature = "search")]
    pub fn flip_columns(&self) -> u32 {
        let c = &self.plan;
        c.emits[..c.len]
            .iter()
            .filter(|e| e.flipped())
            .fold(0, |m, e| m | 1 << e.row.trailing_zeros())
    }

    /// Builds each pass with its fill, in order, and hands it to `f`.
    pub fn passes(&self, mut f: impl FnMut(&PassPlan)) {
        let c = &self.plan;
        // The emitters of each pass, and the flipped ones, as masks of emitter indexes.
        let (mut members, mut flipped) = ([0u32; MAX_WIDTH], 0u32);
        for (i, (e, &p)) in c.emits[..c.len].iter().zip(&c.pass_of).enumerate() {
            members[usize::from(p)] |= 1 << i;
            flipped |= u32::from(e.flipped()) << i;
        }
        let mut support = self.support;
        for (&p, &pieces) in c.order[..c.passes].iter().zip(&self.fills) {
            let mut pass = PassPlan {
                emits: [Emit::NONE; MAX_WIDTH],
                len: 0,
                fill: Fill::Table(&NO_EMITTER),
            };
            let (mut above, mut row) = (0, 0);
            let members = members[usize::from(p)];
            // Flipped emitters first (they lie under the row above), then singles.
            for i in Bits(members & flipped).chain(Bits(members & !flipped)) {
                let e = c.emits[i];
                pass.emits[pass.len] = e;
                pass.len += 1;
                above |= e.above;
                row |= e.row;
            }
            let flips = members & flipped != 0;
            let built = fill_priced(
                above,
                support | row,
                flips,
                u32::from(pieces),
                &mut pass.fill,
            );
            assert!(built, "a costed plan has its fills");
            support |= row;
            f(&pass);
        }
    }
}

/// A candidate plan: emitters, the pass of each, the order of the passes.
#[derive(Clone, Copy)]
pub(crate) struct Candidate {
    pub(crate) emits: [Emit; MAX_WIDTH],
    pub(crate) len: usize,
    pub(crate) pass_of: [u8; MAX_WIDTH],
    pub(crate) order: [u8; MAX_WIDTH],
    pub(crate) passes: usize,
    pub(crate) platform: bool,
}

impl Candidate {
    /// No emitters: a candidate to work in.
    pub(crate) const EMPTY: Candidate = Candidate {
        emits: [Emit::NONE; MAX_WIDTH],
        len: 0,
        pass_of: [0; MAX_WIDTH],
        order: [0; MAX_WIDTH],
        passes: 0,
        platform: false,
    };
}

/// `base` with its passes changed by `change` and renumbered ([`renumber`]); `None` if
/// some pass's emitters overlap.
pub(crate) fn regrouped(base: &Candidate, change: &impl Fn(&mut Candidate)) -> Option<Candidate> {
    let mut c = *base;
    change(&mut c);
    renumber(&mut c).then_some(c)
}

/// Renumbers `c`'s passes in order of first emitter, their order the identity; whether
/// every pass's emitters are apart (if not, `c` is left half renumbered).
pub(crate) fn renumber(c: &mut Candidate) -> bool {
    let mut renumber = [u8::MAX; MAX_WIDTH + 1];
    let mut used = [0u32; MAX_WIDTH];
    c.passes = 0;
    for i in 0..c.len {
        let p = &mut renumber[usize::from(c.pass_of[i])];
        if *p == u8::MAX {
            *p = c.passes as u8;
            c.passes += 1;
        }
        c.pass_of[i] = *p;
        let (used, above) = (&mut used[usize::from(*p)], c.emits[i].above);
        if *used & above != 0 {
            return false;
        }
        *used |= above;
    }
    for (p, o) in c.order[..c.passes].iter_mut().enumerate() {
        *o = p as u8;
    }
    true
}
