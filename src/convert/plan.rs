//! The plan types of the grouped and the thorough row planners: a [`Candidate`] (a
//! cover's emitters, the pass of each, the order of the passes), renumbered as the
//! groupings and the moves change it ([`renumber`]), the [`RowPlan`] a planner keeps,
//! which builds each pass with its fill as it is written ([`RowPlan::passes`]), and the
//! same plan kept small ([`StoredPlan`]).

use crate::bits::Bits;
use crate::sprite::MAX_WIDTH;

use super::error::ConvertError;
use super::row::{Emit, RowInput};
use super::row_planner::{PassSink, PlannedRow, RowPlanner};
use super::tiling::{Fill, PricedFill, NO_EMITTER};

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
    /// Each pass's fill, in order, as pricing found it: [`RowPlan::passes`] builds each
    /// from it, tiling kept, instead of searching for it again.
    pub(crate) fills: [PricedFill; MAX_WIDTH],
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
        for (&p, &priced) in c.order[..c.passes].iter().zip(&self.fills) {
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
            priced.build(above, support | row, flips, &mut pass.fill);
            support |= row;
            f(&pass);
        }
    }
}

impl PlannedRow for RowPlan {
    fn pieces(&self) -> u32 {
        self.pieces
    }

    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its emitters, then its fill.
    fn write_passes(&self, _: usize, passes: &mut impl PassSink) -> Result<(), ConvertError> {
        self.passes(|pass| {
            passes.pass(|sink| {
                for e in &pass.emits[..pass.len] {
                    sink.push(e.mv);
                }
                pass.fill.moves(|m| sink.push(m));
            });
        });
        Ok(())
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

/// A [`RowPlan`] kept small, to be rebuilt on its own row ([`StoredPlan::plan_on`]):
/// each emitter as its first pixel and whether it is flipped (a plan keeps its
/// emitters in no fixed order), the pass of each, the order of the passes and the
/// pieces of their fills, and which row it was made for. Direct placement keeps the
/// plans of the print without direct pieces so, to write them without planning the
/// rows again ([`Kept`]).
#[derive(Clone, Copy)]
pub(crate) struct StoredPlan {
    /// The row it was made for ([`RowInput::key`], in two words: no 16-byte
    /// alignment; all ones: none).
    row: [u64; 2],
    /// Emitter `k`'s first pixel (its index in the row).
    first: [u8; MAX_WIDTH],
    /// Bit `k`: emitter `k` is flipped (over its first pixel and the next two).
    flipped: u32,
    len: u8,
    pass_of: [u8; MAX_WIDTH],
    order: [u8; MAX_WIDTH],
    passes: u8,
    /// The plan's platform ([`RowPlan::platform`]) and its candidate's.
    platform: bool,
    candidate_platform: bool,
    pieces: u32,
    /// Each pass's fill's pieces ([`PricedFill::pieces`]; not its tiling, to keep the
    /// plan small: it is tiled again when written, [`PricedFill::untiled`]).
    fills: [u16; MAX_WIDTH],
}

impl StoredPlan {
    /// Nothing stored.
    pub(crate) const EMPTY: StoredPlan = StoredPlan {
        row: [u64::MAX; 2],
        first: [0; MAX_WIDTH],
        flipped: 0,
        len: 0,
        pass_of: [0; MAX_WIDTH],
        order: [0; MAX_WIDTH],
        passes: 0,
        platform: false,
        candidate_platform: false,
        pieces: 0,
        fills: [0; MAX_WIDTH],
    };

    /// `plan`, made for `row`, kept small.
    pub(crate) fn of(plan: &RowPlan, row: &RowInput) -> StoredPlan {
        let c = &plan.plan;
        let mut stored = StoredPlan {
            row: words(row.key()),
            len: c.len as u8,
            pass_of: c.pass_of,
            order: c.order,
            passes: c.passes as u8,
            platform: plan.platform,
            candidate_platform: c.platform,
            pieces: plan.pieces,
            // At most 21 · 255 / 4 (a classic pattern's height is a byte).
            fills: plan.fills.map(|f| f.pieces() as u16),
            ..StoredPlan::EMPTY
        };
        for (k, e) in c.emits[..c.len].iter().enumerate() {
            let x = e.row.trailing_zeros() as u8;
            let first = row.x[..row.len].iter().position(|&p| p == x);
            stored.first[k] = first.expect("an emitter's first cell is a pixel") as u8;
            stored.flipped |= u32::from(e.flipped()) << k;
        }
        stored
    }

    /// The stored plan's pieces.
    pub(crate) fn pieces(&self) -> u32 {
        self.pieces
    }

    /// Whether this is the plan of `row` (with its contents: [`RowInput::key`]).
    pub(crate) fn is_for(&self, row: &RowInput) -> bool {
        self.row == words(row.key())
    }

    /// The plan stored, rebuilt on `row` (the row it was made for).
    pub(crate) fn plan_on(&self, row: &RowInput) -> RowPlan {
        debug_assert!(self.is_for(row), "a stored plan rebuilt on another row");
        let mut c = Candidate::EMPTY;
        c.len = usize::from(self.len);
        for (k, (e, &first)) in c.emits.iter_mut().zip(&self.first).take(c.len).enumerate() {
            let i = usize::from(first);
            *e = match self.flipped >> k & 1 {
                0 => row.single(i),
                _ => row.flip(i).expect("a flipped emitter's pixels are a run"),
            };
        }
        c.pass_of = self.pass_of;
        c.order = self.order;
        c.passes = usize::from(self.passes);
        c.platform = self.candidate_platform;
        let mut fills = [PricedFill::NONE; MAX_WIDTH];
        for (f, &pieces) in fills.iter_mut().zip(&self.fills).take(c.passes) {
            *f = PricedFill::untiled(u32::from(pieces));
        }
        RowPlan {
            platform: self.platform,
            support: row.support,
            pieces: self.pieces,
            fills,
            plan: c,
        }
    }
}

/// A row's key ([`RowInput::key`]) in two words.
fn words(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

/// A row planner answering from stored plans ([`StoredPlan`]) where one was made for the
/// row asked, and from `planner` for any other row: the same plans, each planned once.
pub(crate) struct Kept<'a, P> {
    /// The plans kept.
    pub(crate) plans: &'a [StoredPlan],
    /// The planner they were made by, for the rows they were not made for.
    pub(crate) planner: &'a P,
}

impl<P: RowPlanner<Plan = RowPlan>> RowPlanner for Kept<'_, P> {
    type Plan = RowPlan;

    fn plan(&self, row: &RowInput) -> RowPlan {
        let key = words(row.key());
        match self.plans.iter().find(|p| p.row == key) {
            Some(kept) => kept.plan_on(row),
            None => self.planner.plan(row),
        }
    }
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
