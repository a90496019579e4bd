//! The placement DP: a DP over the rows choosing single pieces, whose state is the set
//! of those meeting the row, and `improve`, its rounds over windows of columns.

use crate::sprite::{MAX_HEIGHT, MAX_WIDTH};

use super::blocks::*;
use super::board::Board;
use super::plan::DirectPlan;

/// Most single placements the placement DP takes.
const DP_PLACEMENTS: usize = 255;
/// Most of them meeting one row (its states are their subsets).
const DP_MEET: usize = 10;
/// Most states of all rows together (each row has 2^k of them, `k` the singles meeting
/// it): the size of the DP's table of where each state came from.
pub(super) const DP_STATES: usize = 8192;
/// The runs of the placement DP per plan at most: one in [`placement_dp`], one per
/// round of [`improve`].
pub(super) const DP_RUNS: u32 = 1 + ROUNDS.len() as u32;

/// The rounds of [`improve`]: the window of columns (from the sprite's first) and the
/// order singles are offered in ([`SingleSet::around`]).
const ROUNDS: [(usize, usize, usize); 14] = [
    (0, MAX_WIDTH, 0),
    (0, MAX_WIDTH, 1),
    (0, 4, 0),
    (2, 6, 0),
    (4, 8, 0),
    (6, 10, 0),
    (8, 12, 0),
    (10, 14, 0),
    (12, 16, 0),
    (14, 18, 0),
    (0, 6, 3),
    (4, 10, 3),
    (8, 14, 3),
    (12, 18, 3),
];

/// One single placement of the placement DP: its block and corner, and its top row
/// (its cells are read from its shape: 4 bytes a single).
#[derive(Clone, Copy, Default)]
struct Single {
    pub(super) at: Placed,
    pub(super) top: u8,
}

impl Single {
    fn new(at: Placed) -> Single {
        Single {
            at,
            top: at.piece(0).2 as u8,
        }
    }

    /// Its cells in row `y`.
    pub(super) fn cells(&self, y: usize) -> u32 {
        let b = usize::from(self.at.y);
        if (b..=usize::from(self.top)).contains(&y) {
            let (s, dx, _) = self.at.shape().pieces[0];
            shape_at(s).row_mask(y - b) << (self.at.x + dx)
        } else {
            0
        }
    }

    /// Its columns.
    fn columns(&self) -> u32 {
        let b = usize::from(self.at.y);
        (b..=usize::from(self.top)).fold(0, |c, y| c | self.cells(y))
    }
}

/// The placement DP: the set of single pieces that fit, none overlapping, each
/// landing, whose print costs least (rows priced as everywhere here), by a DP over the
/// rows whose state is the set of chosen singles meeting the row (at most 2^10), when
/// the sprite has at most [`DP_PLACEMENTS`] singles that fit and no row meets more than
/// [`DP_MEET`] of them. Whether a single lands depends only on the singles meeting its
/// top row ([`SingleSet::lands`]), so the DP checks it in the state of that row. Every
/// single is a candidate; when that makes too many, the lone J1 and L3 are left out
/// (they land only where the cells above their short column are empty or filled by
/// later direct pieces); when that is still too many, the singles offered while the
/// caps allow ([`SingleSet::around`] an empty plan). Singles with the same top row drop
/// in index order: listed by row, then column left to right (one order only: a second,
/// right to left, would double the DP's work).
pub(super) fn placement_dp(board: &Board) -> Option<DirectPlan> {
    let mut singles = SingleSet::new(board.height);
    if !singles.of(board, SINGLES + SINGLE_COUNT, false)
        && !singles.of(board, SINGLES + SINGLE_COUNT - 2, false)
    {
        let all = board.x0..board.x0 + board.width;
        singles.around(board, &DirectPlan::EMPTY, all, 0);
    }
    singles.best_plan(board)
}

/// The placement DP in rounds over windows of columns (see the module docs), each over
/// the pieces of the best plan so far and as many other singles in the window as the
/// caps allow; a round's plan replaces the best when it has no more pieces. `None`
/// unless it ends with fewer pieces than `plan`.
pub(super) fn improve(board: &Board, plan: &DirectPlan) -> Option<DirectPlan> {
    let mut best = *plan;
    let (x0, w) = (board.x0, board.width);
    let mut singles = SingleSet::new(board.height);
    for &(a, b, order) in &ROUNDS {
        if a >= w {
            continue;
        }
        singles.around(board, &best, x0 + a..x0 + b.min(w), order);
        if let Some(p) = singles.best_plan(board) {
            if p.pieces <= best.pieces {
                best = p;
            }
        }
    }
    (best.pieces < plan.pieces).then_some(best)
}

/// The singles of the placement DP, and those meeting each row.
pub(super) struct SingleSet {
    all: [Single; DP_PLACEMENTS],
    pub(super) n: usize,
    /// The singles meeting each row (by index, increasing).
    pub(super) meet: [[u8; DP_MEET]; MAX_HEIGHT],
    pub(super) meets: [usize; MAX_HEIGHT],
    /// The fixed singles meeting each row (by index, increasing): always chosen.
    pub(super) fixed: [[u8; MAX_WIDTH]; MAX_HEIGHT],
    pub(super) fixeds: [usize; MAX_HEIGHT],
    /// Per row, the cells of the fixed singles.
    pub(super) fixed_cells: [u32; MAX_HEIGHT],
    /// Per row, the columns of the other singles meeting it.
    pub(super) near: [u32; MAX_HEIGHT],
    /// How many singles are fixed: pieces of every plan [`SingleSet::solve`] prices.
    fixed_pieces: u32,
    /// The DP's states of all rows together (at most [`DP_STATES`]).
    states: usize,
    pub(super) height: usize,
}

impl SingleSet {
    /// Takes the singles `SINGLES..last` that fit `board`, by row, then column (right to
    /// left if `reverse`), then block; `false` when there are none or too many.
    pub(super) fn of(&mut self, board: &Board, last: usize, reverse: bool) -> bool {
        *self = SingleSet::new(board.height);
        let singles = self;
        for y in 0..board.height {
            for x in 0..board.width {
                let x = if reverse {
                    board.x0 + board.width - 1 - x
                } else {
                    board.x0 + x
                };
                for b in SINGLES..last {
                    if board.fits(b, x, y) && !singles.push(b, x, y) {
                        return false;
                    }
                }
            }
        }
        singles.n > 0
    }

    /// The pieces of `plan` as singles, in its drop order (so that the DP can choose
    /// them all again, landing as they do): those reaching into `columns` as the DP's
    /// to choose while the caps allow, the others fixed. Then every other single that
    /// fits, lies in `columns` and overlaps no fixed one, while the caps allow, by row,
    /// then column (right to left when `order & 1`), then block (in reverse when
    /// `order & 2`).
    pub(super) fn around(
        &mut self,
        board: &Board,
        plan: &DirectPlan,
        columns: core::ops::Range<usize>,
        order: usize,
    ) {
        *self = SingleSet::new(board.height);
        let singles = self;
        let window = ((1u32 << columns.end) - 1) & !((1u32 << columns.start) - 1);
        for p in &plan.blocks[..plan.len] {
            for (m, bottom, _) in p.pieces() {
                let Some(b) = (SINGLES..SINGLES + SINGLE_COUNT)
                    .find(|&b| usize::from(BLOCKS[b].pieces[0].0) == m.shape().index())
                else {
                    continue;
                };
                let (x, w) = (m.x(), m.shape().width());
                let inside = x < columns.end && columns.start < x + w;
                if !inside || !singles.push(b, x, bottom) {
                    singles.fix(b, x, bottom);
                }
            }
        }
        for y in 0..board.height {
            // Rows where no single fits are passed over at once.
            if board.single_columns_at(y) == 0 {
                continue;
            }
            for x in 0..board.width {
                let x = if order & 1 == 0 {
                    board.x0 + x
                } else {
                    board.x0 + board.width - 1 - x
                };
                for b in 0..SINGLE_COUNT {
                    let b = if order & 2 == 0 {
                        SINGLES + b
                    } else {
                        SINGLES + SINGLE_COUNT - 1 - b
                    };
                    if !board.fits(b, x, y) || singles.has(b, x, y) {
                        continue;
                    }
                    let at = Placed::new(b, x, y);
                    let (m, _, _) = at.piece(0);
                    let clear = (0..m.shape().height()).all(|dy| {
                        let cells = m.shape().row_mask(dy) << m.x();
                        cells & !window == 0 && singles.fixed_cells[y + dy] & cells == 0
                    });
                    if clear {
                        singles.push(b, x, y);
                    }
                }
            }
        }
    }

    pub(super) fn new(height: usize) -> SingleSet {
        SingleSet {
            all: [Single::default(); DP_PLACEMENTS],
            n: 0,
            meet: [[0u8; DP_MEET]; MAX_HEIGHT],
            meets: [0usize; MAX_HEIGHT],
            fixed: [[0u8; MAX_WIDTH]; MAX_HEIGHT],
            fixeds: [0usize; MAX_HEIGHT],
            fixed_cells: [0u32; MAX_HEIGHT],
            near: [0u32; MAX_HEIGHT],
            fixed_pieces: 0,
            states: height,
            height,
        }
    }

    /// Whether single `b` at `(x, y)` is there already.
    pub(super) fn has(&self, b: usize, x: usize, y: usize) -> bool {
        let at = Placed::new(b, x, y);
        self.all[..self.n].iter().any(|p| p.at == at)
    }

    /// Adds single `b` at `(x, y)` as a fixed one (at most 255 singles in all: the
    /// plans hold at most [`MAX_BLOCKS`] pieces, fixed first).
    fn fix(&mut self, b: usize, x: usize, y: usize) {
        if self.n == DP_PLACEMENTS {
            return;
        }
        let single = Single::new(Placed::new(b, x, y));
        let top = usize::from(single.top);
        for r in y..=top {
            self.fixed_cells[r] |= single.cells(r);
        }
        self.all[self.n] = single;
        for r in y..=top {
            self.fixed[r][self.fixeds[r]] = self.n as u8;
            self.fixeds[r] += 1;
        }
        self.n += 1;
        self.fixed_pieces += 1;
    }

    /// Adds single `b` at `(x, y)`, unless that breaks a cap (then `false`): at most
    /// [`DP_PLACEMENTS`] singles, [`DP_MEET`] meeting a row, and [`DP_STATES`] states
    /// in all (a row's states double with each single meeting it).
    pub(super) fn push(&mut self, b: usize, x: usize, y: usize) -> bool {
        let single = Single::new(Placed::new(b, x, y));
        let top = usize::from(single.top);
        let more: usize = (y..=top).map(|r| 1 << self.meets[r]).sum();
        if self.n == DP_PLACEMENTS
            || (y..=top).any(|r| self.meets[r] == DP_MEET)
            || self.states + more > DP_STATES
        {
            return false;
        }
        self.states += more;
        self.all[self.n] = single;
        let columns = single.columns();
        for r in y..=top {
            self.meet[r][self.meets[r]] = self.n as u8;
            self.meets[r] += 1;
            self.near[r] |= columns;
        }
        self.n += 1;
        true
    }

    /// Whether every single of `state` (bits over the singles meeting row `y`), and
    /// every fixed one near them, whose top row is `y` lands ([`DirectPlan::lands`]):
    /// the pieces dropped after it that its landing depends on (their cells in its
    /// rows) and those dropped before it in its top row all meet row `y`, so the state
    /// decides.
    pub(super) fn lands(&self, board: &Board, y: usize, state: usize) -> bool {
        // The fixed singles sharing a column with a single that may be chosen: the others
        // land as they did in the plan they come from.
        let mut near = [0u8; MAX_WIDTH];
        let mut len = 0;
        for &i in &self.fixed[y][..self.fixeds[y]] {
            let p = &self.all[usize::from(i)];
            if p.columns() & self.near[y] != 0 {
                near[len] = i;
                len += 1;
            }
        }
        let (meet, fixed) = (&self.meet[y][..self.meets[y]], &near[..len]);
        let ends = |i: u8| usize::from(self.all[usize::from(i)].top) == y;
        if !meet
            .iter()
            .enumerate()
            .any(|(k, &i)| state >> k & 1 != 0 && ends(i))
            && !fixed.iter().any(|&i| ends(i))
        {
            return true;
        }
        // The chosen and the fixed singles meeting row y, in index order.
        let mut plan = DirectPlan::EMPTY;
        let mut top = [false; DP_MEET + MAX_WIDTH];
        let (mut k, mut f) = (0, 0);
        loop {
            while k < meet.len() && state >> k & 1 == 0 {
                k += 1;
            }
            let i = match (meet.get(k), fixed.get(f)) {
                (Some(&a), Some(&b)) if a < b => {
                    k += 1;
                    a
                }
                (_, Some(&b)) => {
                    f += 1;
                    b
                }
                (Some(&a), None) => {
                    k += 1;
                    a
                }
                (None, None) => break,
            };
            top[plan.len] = ends(i);
            plan.add(self.all[usize::from(i)].at);
        }
        (0..plan.len).all(|k| !top[k] || plan.lands(board, k, 0))
    }

    /// The plan of [`SingleSet::solve`]'s singles and the fixed ones, in index order.
    pub(super) fn best_plan(&self, board: &Board) -> Option<DirectPlan> {
        let (pieces, mut chosen) = self.solve(board)?;
        for y in 0..self.height {
            for &i in &self.fixed[y][..self.fixeds[y]] {
                chosen[usize::from(i)] = true;
            }
        }
        let mut plan = DirectPlan::EMPTY;
        for (p, _) in self.all[..self.n].iter().zip(&chosen).filter(|(_, &c)| c) {
            plan.add(p.at);
        }
        // The DP saw to it; a plan that did not land would not replay.
        if (0..plan.len).any(|k| !plan.lands(board, k, 0)) {
            return None;
        }
        plan.pieces = pieces;
        Some(plan)
    }

    /// The fewest pieces of a print whose direct pieces are the fixed singles and some
    /// of the others, each landing (the fixed ones counted too), and the others chosen
    /// (by index); `None` when no set prints.
    fn solve(&self, board: &Board) -> Option<(u32, [bool; DP_PLACEMENTS])> {
        let (all, meet, meets, h) = (&self.all, &self.meet, &self.meets, self.height);
        // cost[state] for the current row (state: bits over meet[y]); from[first[y] +
        // state]: the state of row y − 1 it came from (rows one after another, each
        // 2^meets[y] long: at most DP_STATES in all).
        let mut cost = [u16::MAX; 1 << DP_MEET];
        let mut from = Trail([0u64; DP_STATES * DP_MEET / 64]);
        let mut first = [0usize; MAX_HEIGHT];
        for y in 1..h {
            first[y] = first[y - 1] + (1 << meets[y - 1]);
        }
        // The singles of a state of row y that reach row y + 1, as bits over meet[y + 1].
        let carry = |y: usize, state: usize| {
            let mut next = 0usize;
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 && usize::from(all[usize::from(i)].top) > y {
                    let j = meet[y + 1][..meets[y + 1]].iter().position(|&v| v == i);
                    next |= 1 << j.unwrap_or(0);
                }
            }
            next
        };
        // Whether the singles of `state` (bits over meet[y]) overlap.
        let overlaps = |y: usize, state: usize| {
            let mut seen = [0u32; 3];
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 {
                    for (r, s) in seen.iter_mut().enumerate() {
                        let c = all[usize::from(i)].cells(y + r);
                        if *s & c != 0 {
                            return true;
                        }
                        *s |= c;
                    }
                }
            }
            false
        };
        // The singles starting in row y, as bits over meet[y].
        let fresh = |y: usize| {
            meet[y][..meets[y]]
                .iter()
                .enumerate()
                .filter(|&(_, &i)| usize::from(all[usize::from(i)].at.y) == y)
                .fold(0usize, |m, (k, _)| m | 1 << k)
        };
        // Row 0: any set of the singles starting there.
        let f0 = fresh(0);
        let mut f = f0;
        loop {
            if !overlaps(0, f) {
                cost[f] = f.count_ones() as u16;
            }
            if f == 0 {
                break;
            }
            f = (f - 1) & f0;
        }
        let mut best = (u32::MAX, 0usize);
        for y in 0..h {
            let w = board.work.get();
            board.work.set(super::board::Work {
                dp_states: w.dp_states + (1 << meets[y]),
                ..w
            });
            let mut next = [u16::MAX; 1 << DP_MEET];
            for (state, &so_far) in cost.iter().enumerate().take(1 << meets[y]) {
                if so_far == u16::MAX || !self.lands(board, y, state) {
                    continue;
                }
                let (mut covered, mut prefill, mut missing) = (0, 0, 0);
                let fixed = self.fixed[y][..self.fixeds[y]].iter().map(|&i| (i, true));
                let chosen = meet[y][..meets[y]]
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| (i, state >> k & 1 != 0));
                for (i, on) in chosen.chain(fixed) {
                    if on {
                        let p = &all[usize::from(i)];
                        covered |= p.cells(y);
                        if usize::from(p.top) == y {
                            prefill |= p.cells(y);
                        }
                        if y > 0 {
                            missing |= p.cells(y - 1);
                        }
                    }
                }
                let price = match board.row_plan(y, covered, prefill) {
                    (_, true) if prefill != 0 || missing != 0 => continue,
                    (pieces, _) => pieces,
                };
                let c = u32::from(so_far) + price;
                if y + 1 == h {
                    if c < best.0 {
                        best = (c, state);
                    }
                    continue;
                }
                let carried = carry(y, state);
                // Every subset of the singles starting in row y + 1, with the carried
                // ones.
                let fresh = fresh(y + 1);
                let mut f = fresh;
                loop {
                    let s = carried | f;
                    let t = c + f.count_ones();
                    // (A cost below u16::MAX, the mark of no way there, fits.)
                    if t < u32::from(next[s]) && !overlaps(y + 1, s) {
                        next[s] = t as u16;
                        from.set(first[y + 1] + s, state);
                    }
                    if f == 0 {
                        break;
                    }
                    f = (f - 1) & fresh;
                }
            }
            cost = next;
        }
        if best.0 == u32::MAX {
            return None;
        }
        // The chosen singles.
        let mut chosen = [false; DP_PLACEMENTS];
        let mut state = best.1;
        for y in (0..h).rev() {
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 {
                    chosen[usize::from(i)] = true;
                }
            }
            if y > 0 {
                state = from.get(first[y] + state);
            }
        }
        // The fixed singles are pieces of the print too.
        Some((best.0 + self.fixed_pieces, chosen))
    }
}

/// The placement DP's table of where each state came from: [`DP_STATES`] states of
/// [`DP_MEET`] bits each, packed (10 KiB).
struct Trail([u64; DP_STATES * DP_MEET / 64]);

impl Trail {
    fn set(&mut self, i: usize, state: usize) {
        let (word, bit) = (i * DP_MEET / 64, i * DP_MEET % 64);
        let mask = (1u128 << DP_MEET) - 1;
        let two =
            self.0.get(word + 1).map_or(0, |&w| u128::from(w)) << 64 | u128::from(self.0[word]);
        let two = two & !(mask << bit) | (state as u128 & mask) << bit;
        self.0[word] = two as u64;
        if let Some(w) = self.0.get_mut(word + 1) {
            *w = (two >> 64) as u64;
        }
    }

    fn get(&self, i: usize) -> usize {
        let (word, bit) = (i * DP_MEET / 64, i * DP_MEET % 64);
        let two =
            self.0.get(word + 1).map_or(0, |&w| u128::from(w)) << 64 | u128::from(self.0[word]);
        (two >> bit) as usize & ((1 << DP_MEET) - 1)
    }
}

const _: () =
    assert!(DP_STATES * DP_MEET / 64 * 64 == DP_STATES * DP_MEET && 1 << DP_MEET <= DP_STATES);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::planners::thorough::Thorough;
    use crate::sprite::Sprite;
    use crate::xorshift::xorshift;

    /// The figures the docs (here and the direct module's) type in are this DP's caps
    /// and [`ROUNDS`].
    #[test]
    fn the_docs_state_the_caps() {
        use crate::convert::doc_figures::{assert_says, thousands};
        const WORDS: [&str; 11] = [
            "no", "once", "twice", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        let windows = |w: usize| ROUNDS.iter().filter(|r| r.1 - r.0 == w).count();
        let every = |w: usize| {
            let los: Vec<usize> = ROUNDS
                .iter()
                .filter(|r| r.1 - r.0 == w)
                .map(|r| r.0)
                .collect();
            let steps: Vec<usize> = los.windows(2).map(|p| p[1] - p[0]).collect();
            assert!(steps.windows(2).all(|p| p[0] == p[1]), "{w} wide: {los:?}");
            steps[0]
        };
        let kib = core::mem::size_of::<Trail>() / 1024;
        let module = [
            format!("at most {DP_PLACEMENTS} singles fit"),
            format!("meets more than {DP_MEET} of them"),
            format!("cap of {DP_MEET} a row allows"),
            format!("at most {DP_MEET} chosen"),
            format!("at most 2^{DP_MEET} subsets"),
            format!(
                "({} states of {DP_MEET} bits, {kib} KiB)",
                thousands(DP_STATES as u64)
            ),
            format!("the whole width {}", WORDS[windows(MAX_WIDTH)]),
            format!(
                "{} windows 4 wide (every {} columns) and {} 6 wide (every {} columns",
                WORDS[windows(4)],
                every(4),
                WORDS[windows(6)],
                every(6)
            ),
        ];
        for phrase in module {
            assert_says("direct/mod.rs", include_str!("mod.rs"), &phrase);
        }
        for phrase in [
            format!("at most {DP_PLACEMENTS} singles in all"),
            format!("(at most 2^{DP_MEET})"),
            format!("bits each, packed ({kib} KiB)"),
        ] {
            assert_says("direct/placement.rs", include_str!("placement.rs"), &phrase);
        }
    }

    /// The placement DP checks landing in each row's state ([`SingleSet::lands`]): every
    /// plan it finds on dense three-colour noise lands, J1 and L3 among its candidates
    /// (without the check it picks singles that do not).
    #[test]
    fn the_placement_dp_finds_only_pieces_that_land() {
        let mut rng = xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: u64| rng() % n;
        let (mut plans, mut pieces) = (0, 0);
        for _ in 0..200 {
            let (w, h) = (3 + next(8) as usize, 3 + next(10) as usize);
            let mut art = [[b'.'; 12]; 13];
            for row in art.iter_mut().take(h) {
                for c in row.iter_mut().take(w) {
                    *c = b'0' + next(3) as u8;
                }
                row[w] = b'\n';
            }
            let text: &[u8] = art[..h].as_flattened();
            let text = core::str::from_utf8(text).unwrap().replace('.', "");
            let sprite = Sprite::from_ascii(&text).unwrap();
            let board = Board::of(&sprite, &Thorough::DEFAULT);
            for reverse in [false, true] {
                let mut singles = SingleSet::new(board.height);
                if !singles.of(&board, SINGLES + SINGLE_COUNT, reverse) {
                    continue;
                }
                let Some((_, chosen)) = singles.solve(&board) else {
                    continue;
                };
                let mut plan = DirectPlan::EMPTY;
                for (p, _) in singles.all[..singles.n]
                    .iter()
                    .zip(&chosen)
                    .filter(|(_, &c)| c)
                {
                    plan.add(p.at);
                }
                for k in 0..plan.len {
                    assert!(plan.lands(&board, k, 0), "{:?} in\n{text}", plan.blocks[k]);
                }
                plans += 1;
                pieces += plan.len;
            }
        }
        assert!(
            plans > 100 && pieces > 100,
            "{plans} plans, {pieces} pieces"
        );
    }
}
