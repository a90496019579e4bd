//! Tiling a pass's matrix with [strips](crate::pattern::Strip) side by side: a DP over the 21
//! columns that looks every step up in the static fit indexes of [`crate::tables`], and
//! the choice between a strip tiling, a [wide pattern](crate::pattern::Wide) and the
//! classic emitter pattern ([`price`]), kept in one word with the plan that chose it
//! ([`PricedFill`]) and built from it when the pass is written ([`PricedFill::build`]).
//! The stages' bar DPs ([`bar_reach`], [`bar_set`]) read their steps from tables
//! derived from those indexes at compile time: for each strip width, height and
//! support byte, the sets of bars it fits over, one `u16` each.

use crate::bits::Bits;
use crate::moves::{self, Move};
use crate::pattern::{strip_side_at, strip_window, Emitter, Span, Strip, StripSide, Wide};
use crate::playfield::WIDTH;
use crate::tables::layout::{EDGE_WIDTH, STRIP_HEIGHT, STRIP_WIDTH, WINDOW};
use crate::tables::{self, SpanMovesExt as _};

/// How a pass's matrix is completed. Built one pass at a time on the stack while a
/// row is written, never stored, so the variants' sizes do not matter.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Fill {
    /// A classic emitter pattern (passes of unflipped emitters only).
    Table(&'static Emitter),
    /// Strips side by side, `(left column, strip)`, left to right.
    Strips {
        tiles: [(u8, &'static Strip); WIDTH],
        len: usize,
    },
    /// A wide pattern over the whole matrix, resting on the emission row.
    Wide(&'static Wide),
}

impl Fill {
    /// The pieces of the fill, in drop order, to `out`.
    pub fn moves(&self, mut out: impl FnMut(Move)) {
        match self {
            Fill::Table(e) => e.fillers.moves().for_each(out),
            Fill::Wide(w) => w.fillers.moves().for_each(out),
            Fill::Strips { tiles, len } => {
                for &(a, s) in &tiles[..*len] {
                    for m in s.fillers.moves() {
                        out(moves::new_unchecked(m.shape(), m.x() as u8 + a));
                    }
                }
            }
        }
    }
}

pub(super) static NO_EMITTER: Emitter = Emitter {
    key: 0,
    n: 0,
    height: 0,
    fillers: Span::new(0, 0),
};

/// Mask of the columns of a strip `w` wide that may hold bottom cells and support.
fn window(side: StripSide, w: usize) -> u32 {
    u32::from(strip_window(w as u8, side))
}

/// Whether an edge strip `w` × `h` on `side` fits over `bottom` on `support` (both
/// relative to its left column, masked to its width). The index holds only strips of
/// whole pieces, and the slot fixes the bottom, so that needs no test here.
#[inline]
fn edge_fits(side: StripSide, w: usize, h: usize, bottom: u32, support: u32) -> bool {
    let win = window(side, w);
    if bottom & !win != 0 {
        return false;
    }
    let shift = win.trailing_zeros();
    tables::edge_fits(side, w, h, bottom >> shift, (support & win) >> shift)
}

/// The strip `w` × `h` on `side` over `bottom` that needs no more than `support`: the
/// first of its list, as the index's bits promise.
fn strip(side: StripSide, w: usize, h: usize, bottom: u32, support: u32) -> Option<&'static Strip> {
    tables::strips(w as u8, h as u8, side, bottom as u16)
        .iter()
        .find(|s| u32::from(s.support) & !support == 0)
}

/// Tiles the 21 columns with strips of height `h` over `bottom`, resting on `support`:
/// the columns the search reached before the right edge (bit `a`: a strip tiling
/// reaches column `a`; bit 0 is always set), or 0 where there is no tiling. The
/// tiling is the one where each strip starts at the leftmost reached column with a
/// strip to its end, walking back from the right edge: [`strips_at`] builds it.
#[inline(always)] // in `price`'s loop most of all
fn tile(bottom: u32, support: u32, h: usize) -> u32 {
    let mut reach: u32 = 1;
    let mut a = 0;
    while a < WIDTH {
        let (rest, sup) = (bottom >> a, support >> a);
        // Inner strips: every width at once, none past the right edge.
        reach |= (inner_ends(h, rest, sup, a)) << (a + 1);
        // Edge strips: from column 0 (every edge width), or to column 21 (one width).
        let mut edge = |side: StripSide, w: usize| {
            let mask = (1u32 << w) - 1;
            if reach >> (a + w) & 1 == 0 && edge_fits(side, w, h, rest & mask, sup & mask) {
                reach |= 1 << (a + w);
            }
        };
        if a == 0 {
            for w in STRIP_WIDTH + 1..=EDGE_WIDTH {
                // A left edge strip's window loses columns on its left as it widens:
                // once a bottom cell is left out, it is for every wider strip too.
                if bottom & ((1 << w) - 1) & !window(StripSide::Left, w) != 0 {
                    break;
                }
                edge(StripSide::Left, w);
            }
        }
        if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&(WIDTH - a)) {
            edge(StripSide::Right, WIDTH - a);
        }
        // Done once the right edge is reached.
        if reach >> WIDTH & 1 != 0 {
            return reach & !(1 << WIDTH);
        }
        // Next reachable column.
        let next = reach & !((2u32 << a) - 1);
        if next == 0 {
            return 0;
        }
        a = next.trailing_zeros() as usize;
    }
    0
}

/// The widths of the inner strips from column `a` that fit over `rest` on `sup`
/// (`bottom` and `support` from column `a`): bit `w − 1` for width `w`, none past the
/// right edge.
#[inline]
fn inner_ends(h: usize, rest: u32, sup: u32, a: usize) -> u32 {
    let room = (1u32 << STRIP_WIDTH.min(WIDTH - a)) - 1;
    u32::from(tables::inner_fits(h, rest, sup)) & room
}

/// Whether a strip of height `h` from column `a` to column `b` fits over `bottom` on
/// `support`, as [`tile`] looks it up.
fn fits(bottom: u32, support: u32, h: usize, a: usize, b: usize) -> bool {
    let w = b - a;
    let (rest, sup) = (bottom >> a, support >> a);
    match strip_side_at(a, w) {
        Some(StripSide::Inner) => inner_ends(h, rest, sup, a) >> (w - 1) & 1 != 0,
        Some(side) => {
            let mask = (1u32 << w) - 1;
            edge_fits(side, w, h, rest & mask, sup & mask)
        }
        None => false,
    }
}

/// The strips of the tiling [`tile`] found for the same bottom, support and height,
/// given the columns it reached, left to right, into `out`; how many. Each strip
/// starts at the leftmost reached column with a strip to its end, which is where
/// [`tile`]'s search, going left to right, first reached that end from.
fn strips_at(
    reached: u32,
    bottom: u32,
    support: u32,
    h: usize,
    out: &mut [(u8, &'static Strip); WIDTH],
) -> usize {
    let mut b = WIDTH;
    let mut len = 0;
    while b > 0 {
        let from = b.saturating_sub(EDGE_WIDTH);
        let a = Bits(reached & ((1 << b) - 1) & !((1 << from) - 1))
            .find(|&a| fits(bottom, support, h, a, b))
            .expect("a reached column has a strip into it");
        let w = b - a;
        let side = strip_side_at(a, w).expect("a fitting strip has a side");
        let mask = (1u32 << w) - 1;
        out[len] = (
            a as u8,
            strip(side, w, h, bottom >> a & mask, support >> a & mask)
                .expect("the index only holds listed strips"),
        );
        len += 1;
        b = a;
    }
    out[..len].reverse();
    len
}

/// The most bars a pass's matrix of one height can hold (7 × 3 = 21 columns).
pub(super) const MOST_BARS: usize = 7;

/// The sets of 3-cell bars starting in 6 columns whose cells are apart (bit `i`: a bar
/// over columns `i..i + 3`), as the bar-step masks index them: the empty set first,
/// then the others in decreasing order of their start masks (the order a plain walk
/// over the subsets of the starts, `m = (m − 1) & starts`, meets them).
const APART: [u8; 13] = {
    let mut out = [0u8; 13];
    let mut n = 1;
    let mut m = 63;
    while m > 0 {
        if m & (m >> 1) == 0 && m & (m >> 2) == 0 {
            out[n] = m as u8;
            n += 1;
        }
        m -= 1;
    }
    assert!(n == 13);
    out
};

/// A set of bar sets: bit `j` for [`APART`]`[j]`.
type BarSets = u16;

/// The cells of bar set `m` (6 bits of starts, apart).
const fn bar_cells(m: u32) -> u32 {
    let (mut c, mut i) = (0u32, 0);
    while i < 6 {
        if m >> i & 1 != 0 {
            c |= 0b111 << i;
        }
        i += 1;
    }
    c
}

/// For each 6 bits of starts, the bar sets among them (the empty set always).
const BAR_SUBSETS: [BarSets; 64] = {
    let mut out = [0; 64];
    let mut starts = 0;
    while starts < 64 {
        let mut j = 0;
        while j < APART.len() {
            if APART[j] as usize & !starts == 0 {
                out[starts] |= 1 << j;
            }
            j += 1;
        }
        starts += 1;
    }
    out
};

/// The bar sets of 0, 1 and 2 bars (6 columns hold no more than 2 apart).
const BAR_COUNTS: [BarSets; 3] = {
    let mut out = [0; 3];
    let mut j = 0;
    while j < APART.len() {
        out[APART[j].count_ones() as usize] |= 1 << j;
        j += 1;
    }
    out
};

/// The inner-strip bar steps: `[h − 1][support][w − 1]` holds the bar sets that an inner
/// strip exactly `w` wide and `h` tall fits over (its bottom the bars' cells, every bar
/// ending inside it) resting on `support` (the 8 columns from its left one). Derived
/// from the fit index ([`tables::inner_fits`]) at compile time.
static BAR_INNER: [[[BarSets; STRIP_WIDTH]; 256]; STRIP_HEIGHT] = {
    let mut out = [[[0; STRIP_WIDTH]; 256]; STRIP_HEIGHT];
    let mut h = 1;
    while h <= STRIP_HEIGHT {
        let mut support = 0;
        while support < 256 {
            let mut j = 0;
            while j < APART.len() {
                let m = APART[j] as u32;
                let fits = tables::inner_fits(h, bar_cells(m), support as u32);
                // A bar starting at column i ends at column i + 3.
                let end = if m == 0 {
                    1
                } else {
                    32 - m.leading_zeros() as usize + 2
                };
                let mut w = end;
                while w <= STRIP_WIDTH {
                    if fits >> (w - 1) & 1 != 0 {
                        out[h - 1][support][w - 1] |= 1 << j;
                    }
                    w += 1;
                }
                j += 1;
            }
            support += 1;
        }
        h += 1;
    }
    out
};

/// Edge strip widths.
const EDGE_WIDTHS: usize = EDGE_WIDTH - STRIP_WIDTH;

/// The edge-strip bar steps: `[side][w − 9][h − 1][support]` (side 0 left, 1 right)
/// holds the bar sets, starting in the first 6 columns of the strip's window, that the
/// edge strip `w` × `h` fits over resting on `support` (the window's 8 columns).
/// Derived from the edge index ([`tables::edge_fits`]) at compile time.
static BAR_EDGE: [[[[BarSets; 256]; STRIP_HEIGHT]; EDGE_WIDTHS]; 2] = {
    let mut out = [[[[0; 256]; STRIP_HEIGHT]; EDGE_WIDTHS]; 2];
    let mut s = 0;
    while s < 2 {
        let side = if s == 0 {
            StripSide::Left
        } else {
            StripSide::Right
        };
        let mut w = STRIP_WIDTH + 1;
        while w <= EDGE_WIDTH {
            let mut h = 1;
            while h <= STRIP_HEIGHT {
                let mut j = 0;
                while j < APART.len() {
                    let cells = bar_cells(APART[j] as u32);
                    let mut support = 0;
                    while support < 256 {
                        if tables::edge_fits(side, w, h, cells, support as u32) {
                            out[s][w - STRIP_WIDTH - 1][h - 1][support] |= 1 << j;
                        }
                        support += 1;
                    }
                    j += 1;
                }
                h += 1;
            }
            w += 1;
        }
        s += 1;
    }
    out
};

/// The bar sets of `starts` (bit 0: the window's first column) that the edge strip
/// `w` wide on `side` fits over at height `h` on `support` (from the same column).
#[inline]
fn edge_bar_sets(side: usize, w: usize, h: usize, starts: u32, support: u32) -> BarSets {
    BAR_EDGE[side][w - STRIP_WIDTH - 1][h - 1][(support & 0xFF) as usize]
        & BAR_SUBSETS[(starts & 0x3F) as usize]
}

/// `here` shifted by the count of bars of each set in `sets`, together (no branch).
#[inline]
fn spread(here: u8, sets: BarSets) -> u8 {
    let has = |n: usize| u8::from(sets & BAR_COUNTS[n] != 0).wrapping_neg();
    (here & has(0)) | (here << 1 & has(1)) | (here << 2 & has(2))
}

/// Which columns a bar-set tiling reaches: `reach[a]` has bit `k` when columns `0..a`
/// tile with strips `h` rows tall holding `k` bars from `starts` (bit: a bar's left
/// column; their cells apart), resting on `support`. A DP over the columns like
/// [`tile`]'s: at each reached column, one load of the bar sets each inner strip width
/// fits ([`BAR_INNER`], at most 8), and the edge strips' ([`BAR_EDGE`], 5 left ones
/// from column 0, one right one to column 21).
pub(super) fn bar_reach(starts: u32, support: u32, h: usize) -> [u8; WIDTH + 1] {
    // Room for every inner width from every column: the steps past column 21 land in
    // the slots after it, which are never read.
    let mut reach = [0u8; WIDTH + 1 + STRIP_WIDTH];
    reach[0] = 1;
    let inner = &BAR_INNER[h - 1];
    for a in 0..WIDTH {
        let here = reach[a];
        if here == 0 {
            continue;
        }
        let avail = BAR_SUBSETS[(starts >> a & 0x3F) as usize];
        let steps = &inner[(support >> a & 0xFF) as usize];
        let ends: &mut [u8; STRIP_WIDTH] = (&mut reach[a + 1..a + 1 + STRIP_WIDTH])
            .try_into()
            .expect("8 columns");
        // Branch-free, so the 8 widths go together.
        for (end, &fits) in ends.iter_mut().zip(steps) {
            *end |= spread(here, fits & avail);
        }
        if a == 0 {
            let edges = reach.iter_mut().enumerate();
            for (w, end) in edges.take(EDGE_WIDTH + 1).skip(STRIP_WIDTH + 1) {
                let shift = w - WINDOW;
                *end |= spread(
                    here,
                    edge_bar_sets(0, w, h, starts >> shift, support >> shift),
                );
            }
        }
        let w = WIDTH - a;
        if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&w) {
            let sets = edge_bar_sets(1, w, h, starts >> a, support >> a);
            reach[WIDTH] |= spread(here, sets);
        }
    }
    let mut out = [0u8; WIDTH + 1];
    out.copy_from_slice(&reach[..=WIDTH]);
    out
}

/// Starts of `k` bars among `starts` that a strip tiling of height `h` can hold on
/// `support`, given its [`bar_reach`] (`k` a count it reaches column 21 with): the
/// first found walking back from column 21, at each step the widest inner strip first
/// (or with `narrow` the narrowest), then the edge strips; of each strip's bar sets,
/// the one first in [`APART`]'s order.
pub(super) fn bar_set(
    reach: &[u8; WIDTH + 1],
    starts: u32,
    support: u32,
    h: usize,
    k: usize,
    narrow: bool,
) -> u32 {
    let inner = &BAR_INNER[h - 1];
    // The bar sets whose count leaves a count column `a` is reached with.
    let counts = |a: usize, k: usize| {
        let here = reach[a];
        let mut sets = 0;
        for (n, &m) in BAR_COUNTS.iter().enumerate() {
            if n <= k && here >> (k - n) & 1 != 0 {
                sets |= m;
            }
        }
        sets
    };
    // The first bar set of `sets` at column `a` (`shift`: where its bit 0 lies), as
    // `(bars, count)`, if it leaves a count column `a` is reached with.
    let first = |a: usize, k: usize, sets: BarSets, shift: usize| {
        let sets = sets & counts(a, k);
        (sets != 0).then(|| {
            let m = u32::from(APART[sets.trailing_zeros() as usize]);
            (m << shift, m.count_ones() as usize)
        })
    };
    let (mut b, mut k, mut set) = (WIDTH, k, 0u32);
    while b > 0 {
        // The first step that has a bar set: the inner strips (widest first, or
        // narrowest), then the left edge strip to `b`, then the right ones from column 21.
        let (a, (bars, n)) = 'found: {
            let widths = b.min(STRIP_WIDTH);
            for d in 0..widths {
                let a = if narrow { b - 1 - d } else { b - widths + d };
                let fits = inner[(support >> a & 0xFF) as usize][b - a - 1]
                    & BAR_SUBSETS[(starts >> a & 0x3F) as usize];
                if fits == 0 {
                    continue;
                }
                if let Some(found) = first(a, k, fits, 0) {
                    break 'found (a, found);
                }
            }
            if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&b) {
                let shift = b - WINDOW;
                let sets = edge_bar_sets(0, b, h, starts >> shift, support >> shift);
                if let Some(found) = first(0, k, sets, shift) {
                    break 'found (0, found);
                }
            }
            if b == WIDTH {
                for w in STRIP_WIDTH + 1..=EDGE_WIDTH {
                    let a = b - w;
                    let sets = edge_bar_sets(1, w, h, starts >> a, support >> a);
                    if let Some(found) = first(a, k, sets, 0) {
                        break 'found (a, found);
                    }
                }
            }
            unreachable!("a reached column has a step into it");
        };
        set |= bars << a;
        (b, k) = (a, k - n);
    }
    set
}

/// A pass's cheapest fill as pricing found it, in one word kept with the plan: its
/// pieces and, for a strip tiling, the columns its search reached ([`tile`]), so
/// that writing the pass builds the fill found ([`PricedFill::build`]) without trying
/// a height or searching for a tiling again. A wide pattern or the classic pattern is
/// one lookup, told apart as [`price`] tells them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PricedFill(u32);

impl PricedFill {
    /// The low bits: the columns a strip tiling's search reached (0: not a strip tiling).
    const REACHED: u32 = (1 << WIDTH) - 1;

    /// No fill (every pass has one on enough support; not every pass on any).
    pub(crate) const NONE: PricedFill = PricedFill(u32::MAX);

    /// The low bits of a fill priced without its tiling ([`PricedFill::untiled`]): no
    /// search's reached columns (they always hold column 0).
    const UNTILED: u32 = 0b10;

    /// A fill of `pieces` as [`price`] found it, but for its tiling, which
    /// [`PricedFill::build`] then searches for again at the one height it can have
    /// (what a [`StoredPlan`](super::plan::StoredPlan) keeps, to stay small).
    pub(crate) const fn untiled(pieces: u32) -> PricedFill {
        PricedFill::new(pieces, Self::UNTILED)
    }

    /// A fill of `pieces` (at most `21 · 255 / 4`: a classic pattern's height is a
    /// byte), a strip tiling whose search reached `reached` (0: none).
    const fn new(pieces: u32, reached: u32) -> PricedFill {
        debug_assert!(pieces < u32::MAX >> WIDTH && reached & !Self::REACHED == 0);
        PricedFill(pieces << WIDTH | reached)
    }

    /// The fill's pieces.
    pub(crate) const fn pieces(self) -> u32 {
        self.0 >> WIDTH
    }

    /// Whether there is a fill.
    pub(crate) const fn exists(self) -> bool {
        self.0 != Self::NONE.0
    }

    /// The fill, built: the classic pattern if it takes no more pieces, else the strip
    /// tiling kept or the wide pattern at the one height `h` with `(21·h − bottom
    /// cells)/4` pieces, where [`price`] found it. Written to `out` (built in place, not
    /// moved), for the pass [`price`] priced (`bottom`, `support`, `flips`).
    pub(crate) fn build(self, bottom: u32, support: u32, flips: bool, out: &mut Fill) {
        assert!(self.exists(), "a priced pass has a fill");
        let pieces = self.pieces();
        let table = if flips { None } else { tables::emitter(bottom) };
        if let Some(e) = table.filter(|e| e.fillers.len() as u32 <= pieces) {
            *out = Fill::Table(e);
            return;
        }
        let h = ((4 * pieces + bottom.count_ones()) / 21) as usize;
        let reached = match self.0 & Self::REACHED {
            Self::UNTILED if h <= STRIP_HEIGHT => tile(bottom, support, h),
            Self::UNTILED => 0,
            reached => reached,
        };
        match reached {
            0 => *out = Fill::Wide(wide(bottom, support, h).expect("a priced wide pattern")),
            reached => {
                *out = Fill::Strips {
                    tiles: [(0, &DUMMY); WIDTH],
                    len: 0,
                };
                if let Fill::Strips { tiles, len } = out {
                    *len = strips_at(reached, bottom, support, h, tiles);
                }
            }
        }
    }
}

/// The wide pattern `h` rows tall over `bottom` that needs no more than `support`.
#[inline]
fn wide(bottom: u32, support: u32, h: usize) -> Option<&'static Wide> {
    tables::wides(bottom, h as u8)
        .iter()
        .find(|w| w.support & !support == 0)
}

/// The tallest fill [`price`] tries besides the classic pattern: a strip tiling or a
/// wide pattern.
const TALLEST: usize = if tables::WIDE_MAX_HEIGHT as usize > STRIP_HEIGHT {
    tables::WIDE_MAX_HEIGHT as usize
} else {
    STRIP_HEIGHT
};

/// The cheapest fill of a pass whose matrix's bottom row holds `bottom`, resting on
/// `support` (with flipped emitters: `flips`, no classic pattern), priced. At each
/// height a strip tiling is tried first (strips are at most 5 rows tall), then a wide
/// pattern (up to 6 rows: two flipped emitters); both cost the same, `(21·h − bottom
/// cells)/4`; the classic pattern where no lower height has either.
pub(crate) fn price(bottom: u32, support: u32, flips: bool) -> PricedFill {
    let table = if flips { None } else { tables::emitter(bottom) };
    let filled = bottom.count_ones() as usize;
    // The heights whose matrix takes whole pieces: `21·h ≡ h ≡ filled (mod 4)`.
    for h in ((filled + 3) % 4 + 1..=TALLEST).step_by(4) {
        let cells = 21 * h;
        if cells < filled {
            continue;
        }
        let pieces = ((cells - filled) / 4) as u32;
        if let Some(e) = table {
            if e.fillers.len() as u32 <= pieces {
                break; // the classic pattern is no dearer than any strip tiling left
            }
        }
        if h <= STRIP_HEIGHT {
            let reached = tile(bottom, support, h);
            if reached != 0 {
                return PricedFill::new(pieces, reached);
            }
        }
        if wide(bottom, support, h).is_some() {
            return PricedFill::new(pieces, 0);
        }
    }
    match table {
        Some(e) => PricedFill::new(e.fillers.len() as u32, 0),
        None => PricedFill::NONE,
    }
}

/// The cheapest fill of a pass, built (`None`: there is none).
#[cfg(test)]
fn fill(bottom: u32, support: u32, flips: bool) -> Option<Fill> {
    let priced = price(bottom, support, flips);
    let mut out = Fill::Table(&NO_EMITTER);
    priced.exists().then(|| {
        priced.build(bottom, support, flips, &mut out);
        out
    })
}

/// The cheapest fill's pieces (`None`: there is none).
#[cfg(test)]
fn fill_pieces(bottom: u32, support: u32, flips: bool) -> Option<u32> {
    let priced = price(bottom, support, flips);
    priced.exists().then(|| priced.pieces())
}

static DUMMY: Strip = Strip {
    width: 1,
    height: 1,
    side: StripSide::Inner,
    bottom: 1,
    support: 0,
    fillers: Span::new(0, 0),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::xorshift;

    const FULL_ROW: u32 = (1 << WIDTH) - 1;

    /// The tiling of 21 columns by strips `h` tall over `bottom` on `support` as a plain
    /// DP over the strip lists finds it (inner strips anywhere, edge strips against
    /// their edge, each looked up with [`strip`]), each column reached by a strip from
    /// the leftmost column that reaches it: the oracle of [`tile`] and [`strips_at`].
    fn plain_tiling(bottom: u32, support: u32, h: usize) -> Option<Vec<(u8, &'static Strip)>> {
        let mut from: [Option<(usize, &'static Strip)>; WIDTH + 1] = [None; WIDTH + 1];
        for a in 0..WIDTH {
            if a > 0 && from[a].is_none() {
                continue;
            }
            for w in 1..=(WIDTH - a).min(EDGE_WIDTH) {
                let Some(side) = strip_side_at(a, w) else {
                    continue;
                };
                let mask = (1u32 << w) - 1;
                if from[a + w].is_none() {
                    if let Some(st) = strip(side, w, h, bottom >> a & mask, support >> a & mask) {
                        from[a + w] = Some((a, st));
                    }
                }
            }
        }
        let mut tiles = Vec::new();
        let mut b = WIDTH;
        while b > 0 {
            let (a, st) = from[b]?;
            tiles.push((a as u8, st));
            b = a;
        }
        tiles.reverse();
        Some(tiles)
    }

    /// The fit index tiles as the plain DP over the strip lists does, strip for strip.
    #[test]
    fn index_tiles_as_the_strip_lists_do() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut tiled, mut tries) = (0, 0);
        for _ in 0..4000 {
            // Sparse bottoms (as a pass leaves them) over denser supports.
            let r = next();
            let bottom = (r as u32 & (r >> 21) as u32 & (r >> 42) as u32) & FULL_ROW;
            let support = (next() as u32 | next() as u32) & FULL_ROW;
            for h in 1..=STRIP_HEIGHT {
                let expected = plain_tiling(bottom, support, h);
                let reached = tile(bottom, support, h);
                let mut tiles = [(0u8, &DUMMY); WIDTH];
                let found = (reached != 0).then(|| {
                    let len = strips_at(reached, bottom, support, h, &mut tiles);
                    tiles[..len].to_vec()
                });
                let addresses = |t: &Option<Vec<(u8, &'static Strip)>>| {
                    t.as_ref().map(|t| {
                        t.iter()
                            .map(|&(a, s)| (a, s as *const Strip))
                            .collect::<Vec<_>>()
                    })
                };
                assert_eq!(
                    addresses(&found),
                    addresses(&expected),
                    "bottom {bottom:021b} support {support:021b} height {h}"
                );
                tries += 1;
                tiled += usize::from(expected.is_some());
            }
        }
        // Both answers occur, so the comparison means something.
        assert!(tiled > 0 && tiled < tries, "{tiled} of {tries} tiled");
    }

    // The bar DPs as they were written before their steps were tabled ([`BAR_INNER`],
    // [`BAR_EDGE`]): every set of bars looked up in the fit indexes at each step. The
    // oracle of `bar_steps_match_the_plain_walk`.
    /// The cells of each set of 3-cell bars starting in 6 columns (bit `i`: a bar over
    /// columns `i..i + 3`), or 0 when two of them overlap (the empty set's cells are 0
    /// too, and it is always apart: [`bar_windows`] takes it first).
    const BAR_CELLS: [u8; 64] = {
        let mut cells = [0u8; 64];
        let mut m = 0;
        while m < 64 {
            if m & (m >> 1) == 0 && m & (m >> 2) == 0 {
                let mut c = 0u32;
                let mut i = 0;
                while i < 6 {
                    if m >> i & 1 != 0 {
                        c |= 0b111 << i;
                    }
                    i += 1;
                }
                cells[m] = c as u8;
            }
            m += 1;
        }
        cells
    };

    /// The sets of bars (starts relative to the window, apart) among `avail` (6 bits),
    /// each with its cells, to `f`: the empty set first.
    #[inline]
    fn bar_windows(avail: u32, mut f: impl FnMut(u32, u32)) {
        f(0, 0);
        let mut m = avail & 0x3F;
        while m != 0 {
            let cells = u32::from(BAR_CELLS[m as usize]);
            if cells != 0 {
                f(m, cells);
            }
            m = (m - 1) & avail;
        }
    }

    /// One step of a bar-set tiling: a strip from column `a` `w` wide holding the bars
    /// `bars` (starts relative to `a`).
    type BarStep = (usize, usize, u32);

    /// Every inner strip from column `a` exactly `w` wide (if `w` is given) or of any
    /// width that fits with bars from `starts` starting in its first 6 columns (so ending
    /// inside it), to `f`.
    #[inline]
    fn inner_bar_steps(
        starts: u32,
        support: u32,
        h: usize,
        a: usize,
        w: Option<usize>,
        mut f: impl FnMut(BarStep),
    ) {
        let sup = support >> a;
        let room = (1u32 << STRIP_WIDTH.min(WIDTH - a)) - 1;
        let (room, avail) = match w {
            Some(w) => (
                room & 1 << (w - 1),
                starts >> a & ((1 << w.saturating_sub(2)) - 1),
            ),
            None => (room, starts >> a),
        };
        bar_windows(avail, |bars, cells| {
            let fits = u32::from(tables::inner_fits(h, cells, sup)) & room;
            // Every bar inside the strip: it ends by column w.
            let end = if bars == 0 {
                0
            } else {
                34 - bars.leading_zeros() as usize
            };
            for w in Bits(fits >> end.saturating_sub(1)) {
                f((a, w + end.max(1), bars));
            }
        });
    }

    /// The edge strip on `side` from column `a`, `w` wide, with every set of bars from
    /// `starts` in its window that fits, to `f`.
    #[inline]
    fn edge_bar_steps(
        starts: u32,
        support: u32,
        h: usize,
        (a, side, w): (usize, StripSide, usize),
        mut f: impl FnMut(BarStep),
    ) {
        let win = window(side, w);
        let shift = win.trailing_zeros();
        let mask = (1u32 << w) - 1;
        bar_windows(starts >> a >> shift & (win >> shift), |bars, cells| {
            let cells = cells << shift;
            if cells & !win == 0 && edge_fits(side, w, h, cells, support >> a & mask) {
                f((a, w, bars << shift));
            }
        });
    }

    /// Which columns a bar-set tiling reaches: `reach[a]` has bit `k` when columns `0..a`
    /// tile with strips `h` rows tall holding `k` bars from `starts` (bit: a bar's left
    /// column; their cells apart), resting on `support`. A DP over the columns like
    /// [`tile`]'s: at most 21 columns × 13 bar sets (those apart among 6 starts) of
    /// inner-strip lookups, and the edge strips' (2 × 5 widths × 13 bar sets).
    fn plain_bar_reach(starts: u32, support: u32, h: usize) -> [u8; WIDTH + 1] {
        let mut reach = [0u8; WIDTH + 1];
        reach[0] = 1;
        for a in 0..WIDTH {
            let here = reach[a];
            if here == 0 {
                continue;
            }
            let mut step = |(a, w, bars): BarStep| reach[a + w] |= here << bars.count_ones();
            inner_bar_steps(starts, support, h, a, None, &mut step);
            if a == 0 {
                for w in STRIP_WIDTH + 1..=EDGE_WIDTH {
                    edge_bar_steps(starts, support, h, (0, StripSide::Left, w), &mut step);
                }
            }
            if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&(WIDTH - a)) {
                edge_bar_steps(
                    starts,
                    support,
                    h,
                    (a, StripSide::Right, WIDTH - a),
                    &mut step,
                );
            }
        }
        reach
    }

    /// Starts of `k` bars among `starts` that a strip tiling of height `h` can hold on
    /// `support`, given its [`plain_bar_reach`] (`k` a count it reaches column 21 with): the
    /// first found walking back from column 21, at each step the widest inner strip first
    /// (or with `narrow` the narrowest), then the edge strips.
    fn plain_bar_set(
        reach: &[u8; WIDTH + 1],
        starts: u32,
        support: u32,
        h: usize,
        k: usize,
        narrow: bool,
    ) -> u32 {
        let (mut b, mut k, mut set) = (WIDTH, k, 0u32);
        while b > 0 {
            let mut found = None;
            let mut step = |(a, _, bars): BarStep| {
                let n = bars.count_ones() as usize;
                if found.is_none() && n <= k && reach[a] >> (k - n) & 1 != 0 {
                    found = Some((a, bars, n));
                }
            };
            for d in 0..b.min(STRIP_WIDTH) {
                let a = if narrow {
                    b - 1 - d
                } else {
                    b - b.min(STRIP_WIDTH) + d
                };
                inner_bar_steps(starts, support, h, a, Some(b - a), &mut step);
            }
            if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&b) {
                edge_bar_steps(starts, support, h, (0, StripSide::Left, b), &mut step);
            }
            if b == WIDTH {
                for w in STRIP_WIDTH + 1..=EDGE_WIDTH {
                    edge_bar_steps(starts, support, h, (b - w, StripSide::Right, w), &mut step);
                }
            }
            let (a, bars, n) = found.expect("a reached column has a step into it");
            set |= bars << a;
            (b, k) = (a, k - n);
        }
        set
    }

    /// The tabled bar reach and bar sets ([`bar_reach`], [`bar_set`]) equal the plain
    /// DPs above on random and adversarial starts and supports, at every height, for
    /// every count the reach holds, both walks.
    #[test]
    fn bar_steps_match_the_plain_walk() {
        let mut next = xorshift(0x0123_4567_89AB_CDEF);
        let mut cases: Vec<(u32, u32)> = vec![
            (0, 0),
            (FULL_ROW, 0),
            (FULL_ROW, FULL_ROW),
            (0, FULL_ROW),
            (0x0A_AAAA & FULL_ROW, 0x15_5555),
            (0x15_5555, 0x0A_AAAA),
            (0x12_4924, FULL_ROW),
            (0x09_2492, 0x12_4924),
        ];
        for _ in 0..6000 {
            let r = next();
            let density = next() % 4;
            let starts = match density {
                0 => r as u32,
                1 => r as u32 & (r >> 32) as u32,
                2 => r as u32 | (r >> 32) as u32,
                _ => (r as u32) & (next() as u32) & (next() as u32),
            } & FULL_ROW;
            let support = match next() % 3 {
                0 => next() as u32,
                1 => next() as u32 | next() as u32,
                _ => next() as u32 & next() as u32,
            } & FULL_ROW;
            cases.push((starts, support));
        }
        let (mut sets, mut reached) = (0, 0);
        for &(starts, support) in &cases {
            for h in 1..=STRIP_HEIGHT {
                let reach = bar_reach(starts, support, h);
                assert_eq!(
                    reach,
                    plain_bar_reach(starts, support, h),
                    "starts {starts:021b} support {support:021b} h {h}"
                );
                for k in 0..8 {
                    if reach[WIDTH] >> k & 1 == 0 {
                        continue;
                    }
                    reached += usize::from(k > 0);
                    for narrow in [false, true] {
                        let set = bar_set(&reach, starts, support, h, k, narrow);
                        assert_eq!(
                            set,
                            plain_bar_set(&reach, starts, support, h, k, narrow),
                            "starts {starts:021b} support {support:021b} h {h} k {k} {narrow}"
                        );
                        assert_eq!(set.count_ones() as usize, k);
                        sets += 1;
                    }
                }
            }
        }
        assert!(reached > 5000 && sets > 20_000, "{reached} {sets}");
    }

    /// A priced fill, built ([`PricedFill::build`]), is the cheapest fill as a plain
    /// search finds it: at each height whose matrix takes whole pieces, lowest first, the
    /// strip tiling of [`plain_tiling`], else the first wide pattern that rests on the
    /// support; the classic pattern (unflipped passes only) where it takes no more
    /// pieces. The same pieces, in the same order.
    #[test]
    fn priced_fills_are_the_cheapest() {
        let moves = |f: Fill| {
            let mut out = Vec::new();
            f.moves(|m| out.push(m));
            out
        };
        let plain = |bottom: u32, support: u32, flips: bool| -> Option<Vec<Move>> {
            let table = tables::emitter(bottom).filter(|_| !flips);
            let filled = bottom.count_ones() as usize;
            for h in 1..=TALLEST {
                let cells = 21 * h;
                if cells < filled || !(cells - filled).is_multiple_of(4) {
                    continue;
                }
                if table.is_some_and(|e| e.fillers.len() <= (cells - filled) / 4) {
                    break;
                }
                if let Some(tiles) = plain_tiling(bottom, support, h).filter(|_| h <= STRIP_HEIGHT)
                {
                    let len = tiles.len();
                    let mut all = [(0, &DUMMY); WIDTH];
                    all[..len].copy_from_slice(&tiles);
                    return Some(moves(Fill::Strips { tiles: all, len }));
                }
                let wides = tables::wides(bottom, h as u8);
                if let Some(w) = wides.iter().find(|w| w.support & !support == 0) {
                    return Some(moves(Fill::Wide(w)));
                }
            }
            table.map(|e| moves(Fill::Table(e)))
        };
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut found, mut strips) = (0, 0);
        for _ in 0..20_000 {
            let r = next();
            let bottom = (r as u32 & (r >> 21) as u32) & FULL_ROW;
            let support = bottom | (next() as u32 & (next() as u32 | next() as u32)) & FULL_ROW;
            for flips in [false, true] {
                let built = fill(bottom, support, flips);
                found += usize::from(built.is_some());
                strips += usize::from(matches!(built, Some(Fill::Strips { .. })));
                assert_eq!(
                    built.map(moves),
                    plain(bottom, support, flips),
                    "bottom {bottom:021b} support {support:021b} flips {flips}"
                );
            }
        }
        assert!(found > 1000 && strips > 1000, "{found} {strips}");
    }

    /// A lone triple with no 3-row classic pattern fills in 3 rows with a wide pattern
    /// as soon as one sprite column outside its bar holds a square, and falls back to the
    /// classic 7-row pattern on an empty emission row.
    #[test]
    fn lone_triples_lean_on_one_square() {
        for start in [3u8, 7, 11, 15] {
            let bottom = 0b111 << start;
            let classic = tables::emitter(bottom).expect("a lone triple");
            assert_eq!(classic.height, 7);
            assert_eq!(fill_pieces(bottom, 0, false), Some(36));
            assert!(matches!(fill(bottom, 0, false), Some(Fill::Table(_))));
            for x in 2..=18 {
                let support = 1u32 << x;
                let want = if bottom & support == 0 { 15 } else { 36 };
                assert_eq!(
                    fill_pieces(bottom, support, false),
                    Some(want),
                    "{start} {x}"
                );
                let f = fill(bottom, support, false).expect("fills");
                let mut n = 0;
                f.moves(|_| n += 1);
                assert_eq!(n, want, "{start} {x}");
                if want == 15 {
                    assert!(matches!(f, Fill::Wide(w) if w.support == support));
                }
            }
        }
    }

    /// A lone flipped emitter (J2, T2 or L2 on three pixels, its top cell the pass's only
    /// bottom cell) fills in 5 rows resting on its own bar, wherever it lies: no strip
    /// tiling packs most of them.
    #[test]
    fn lone_flips_fill_in_five_rows() {
        for x in 2..=16u32 {
            for c in 0..3 {
                let (bottom, bar) = (1 << (x + c), 0b111 << x);
                assert_eq!(fill_pieces(bottom, bar, true), Some(26), "{x} {c}");
                let mut n = 0;
                fill(bottom, bar, true).expect("fills").moves(|_| n += 1);
                assert_eq!(n, 26);
            }
        }
    }

    /// A pass of one flipped emitter and one single whose bottom row the wide patterns
    /// list fills in 4 rows (20 fillers) on any emission row; most have no strip tiling.
    /// (The other 4-row keys are runs of other lengths.)
    #[test]
    fn a_flip_and_a_single_fill_in_four_rows() {
        let keys: Vec<u32> = tables::WIDE_KEYS
            .iter()
            // A triple and a top cell (four top cells of flipped emitters side by side
            // hold no triple; they need their bars: the next test).
            .filter(|k| k.1 == 4 && k.0.count_ones() == 4 && k.0 & k.0 >> 1 & k.0 >> 2 != 0)
            .map(|k| k.0)
            .collect();
        assert!(keys.len() > 200);
        let mut untiled = 0;
        for bottom in keys {
            assert_eq!(fill_pieces(bottom, 0, true), Some(20), "{bottom:#b}");
            if let Some(Fill::Wide(w)) = fill(bottom, 0, true) {
                assert!(tables::wides(bottom, 4).iter().any(|t| core::ptr::eq(t, w)));
                assert_eq!(w.fillers.len(), 20);
                untiled += 1;
            }
        }
        assert!(untiled > 100, "{untiled}");
    }

    /// A row of the smiley with direct pieces, `jJJLLLLLLJJj` over columns 4..=15: four
    /// flipped emitters side by side (J2, L2, L2, J2; top cells 4, 9, 12 and 13) in one
    /// pass close in 4 rows on their bars (20 fillers), which only a wide pattern packs;
    /// without the bars under them nothing packs that low.
    #[test]
    fn four_flips_side_by_side_fill_in_four_rows() {
        let bottom = 1 << 4 | 1 << 9 | 1 << 12 | 1 << 13;
        let bars = 0xFFF << 4;
        assert_eq!(tile(bottom, bars, 4), 0);
        assert_eq!(fill_pieces(bottom, bars, true), Some(20));
        match fill(bottom, bars, true) {
            Some(Fill::Wide(w)) => {
                assert!(tables::wides(bottom, 4).iter().any(|t| core::ptr::eq(t, w)));
                assert_eq!(w.support, bars);
            }
            other => panic!("{other:?}"),
        }
        assert_ne!(fill_pieces(bottom, 0, true), Some(20));
    }

    /// The pyramid's widest rows: three singles (bars 5..=7, 9..=11, 13..=15) and two
    /// flipped emitters (top cells 8 and 12, bars 7..=9 and 11..=13) leave one run over
    /// columns 5..=15. No strip tiling packs it at 3 rows (five empty columns each
    /// side), so only a run pattern fills it there: 13 fillers on any support.
    #[test]
    fn the_pyramids_run_fills_in_three_rows() {
        let bottom = 0b111_1111_1111 << 5;
        let support = 0b1_1111_1111 << 6;
        assert_eq!(tile(bottom, support, 3), 0);
        for s in [0, support] {
            assert_eq!(fill_pieces(bottom, s, true), Some(13));
            match fill(bottom, s, true) {
                Some(Fill::Wide(w)) => {
                    assert!(tables::wides(bottom, 3).iter().any(|t| core::ptr::eq(t, w)));
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// The floors assume every classic pattern fills its whole matrix (`3·n + 4·fillers
    /// = 21·height`) and the edge index assumes edge supports stay in their window.
    #[test]
    fn floors_and_index_hold_for_the_tables() {
        for e in tables::EMITTERS.values() {
            assert_eq!(
                3 * usize::from(e.n) + 4 * e.fillers.len(),
                21 * usize::from(e.height)
            );
        }
        for s in &tables::STRIP_LIST {
            let w = usize::from(s.width);
            if s.side != StripSide::Inner {
                assert_eq!(u32::from(s.bottom | s.support) & !window(s.side, w), 0);
            }
        }
    }

    /// The converter's tiling, read from the compiled fit indexes, agrees with the
    /// searcher's plain tiling over the committed strips (`search::strips::StripIndex`,
    /// which leaves out wide patterns that strips already pack) on random bottoms and
    /// supports at every strip height.
    #[cfg(feature = "search")]
    #[test]
    fn tiling_agrees_with_the_plain_strip_index() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/pattern-src/strips.txt"
        ))
        .expect("pattern-src/strips.txt");
        let file = crate::pattern_text::parse_file(&text).expect("strips.txt parses");
        let index = crate::search::strips::StripIndex::new(&file.strips);
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut tiled, mut trials) = (0, 0);
        for _ in 0..20_000 {
            let r = next();
            // Sparse bottoms (a few emitter cells), supports in the sprite columns.
            let bottom = (r & next() & next()) as u32 & FULL_ROW;
            let support = (next() as u32) & crate::pattern::WIDE_SUPPORT & !bottom;
            let h = 1 + (next() % STRIP_HEIGHT as u64) as usize;
            let fast = tile(bottom, support, h) != 0;
            assert_eq!(
                fast,
                index.tiles(bottom, support, h as u8),
                "bottom {bottom:#b} support {support:#b} h {h}"
            );
            tiled += usize::from(fast);
            trials += 1;
        }
        assert!(
            tiled * 10 > trials && tiled * 10 < trials * 9,
            "{tiled} of {trials}"
        );
    }
}
