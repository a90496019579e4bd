//! The pattern tables, generated at build time from `pattern-src/` by the generator crate
//! (`crates/tetris-printer-gen`, which `build.rs` runs) after checking every pattern by
//! simulation, and the indexes it derives from them. Everything here is
//! `static` data in the binary: nothing is built at run time, nothing allocates, and
//! nothing searches. A lookup is one hash probe or a couple of array loads.
#![allow(clippy::unreadable_literal, clippy::large_const_arrays)]

pub(crate) use tetris_printer_core::layout;

use crate::moves::Move;
use crate::pattern::{mv, strip_key, Emitter, Platform, Span, Strip, StripSide, Wide};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

// The committed pattern files, checked against these tables and the searcher.
#[cfg(all(test, feature = "search"))]
mod search_tests;
#[cfg(all(test, feature = "search"))]
mod strip_tests;
#[cfg(all(test, feature = "search"))]
mod wide_tests;

/// A [`Span`]'s moves, which these tables hold (the span's type lives in the core crate,
/// which the table generator shares; the bytes it points into are here).
pub trait SpanMovesExt {
    /// The moves of the span, decoded from [`MOVE_BYTES`] in drop order.
    ///
    /// # Panics
    /// While iterating, if the span does not lie within [`MOVE_BYTES`] (never for the
    /// tables' own spans).
    #[must_use]
    fn moves(self) -> SpanMoves;
}

impl SpanMovesExt for Span {
    fn moves(self) -> SpanMoves {
        SpanMoves {
            at: self.start(),
            left: self.len(),
        }
    }
}

/// The moves of a [`Span`], in drop order ([`SpanMovesExt::moves`]).
#[derive(Clone, Debug)]
pub struct SpanMoves {
    /// The next code's offset in [`MOVE_BYTES`].
    at: usize,
    /// Moves still to come.
    left: usize,
}

impl Iterator for SpanMoves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let (m, next) = layout::decode_move(&MOVE_BYTES, self.at, &MOVE_CODES, &RARE_MOVES);
        self.at = next;
        Some(m)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for SpanMoves {}

impl core::iter::FusedIterator for SpanMoves {}

/// The covers the lookup planner tries on a run of `len` pixels of `colour` whose first
/// pixel is in column `x`, best first (see [`RUN_COVERS`]): each a mask of the run's
/// pixels (bit 0 its first) where a flipped emitter starts. Empty for a run no sprite
/// row can hold.
#[must_use]
pub fn run_covers(colour: u8, x: u8, len: u8) -> &'static [u16] {
    match layout::run_cover_slot(colour, x, len) {
        Some(slot) => {
            let (covers, n) = &RUN_COVERS[slot];
            &covers[..usize::from(*n)]
        }
        None => &[],
    }
}

/// The emitter for the triples whose bottom-row cells are `key`.
///
/// The converter looks emitters up several times a row, so this goes through an
/// open-addressing index with a multiply-shift hash (one multiplication and a shift)
/// rather than the `phf` map's SipHash; it holds indexes into [`EMITTER_LIST`], whose
/// keys the probes compare.
#[must_use]
pub fn emitter(key: u32) -> Option<&'static Emitter> {
    let mut i = layout::emitter_slot(key);
    loop {
        // A free slot (`u16::MAX`) indexes no pattern and ends the probes.
        let e = EMITTER_LIST.get(usize::from(EMITTER_INDEX[i]))?;
        if e.key == key {
            return Some(e);
        }
        i = (i + 1) % layout::EMITTER_SLOTS;
    }
}

/// The platform whose T2 bar is centred on `centre` (odd, 1..=19); the converter
/// indexes [`PLATFORMS`] itself; the tests of the pattern files look platforms up.
#[cfg(all(test, feature = "search"))]
#[must_use]
pub fn platform(centre: u8) -> Option<&'static Platform> {
    PLATFORMS.iter().find(|p| p.centre == centre)
}

/// The strips `width` × `height` on `side` over `bottom`, minimal supports smallest
/// first (empty when none packs).
#[must_use]
pub fn strips(width: u8, height: u8, side: StripSide, bottom: u16) -> &'static [Strip] {
    match STRIPS.get(&strip_key(width, height, side, bottom)) {
        Some(&(first, count)) => {
            &STRIP_LIST[usize::from(first)..usize::from(first) + usize::from(count)]
        }
        None => &[],
    }
}

/// The wide patterns `height` rows tall over `bottom`, supports smallest first (minimal,
/// but for the flip pairs': see `pattern-src/README.md`; empty when the family has none).
///
/// Like [`emitter`], this goes through an open-addressing index with a multiply-shift
/// hash (`layout::wide_slot`) into [`WIDE_KEYS`]: a few predictable probes, where a
/// binary search of the sorted keys mispredicts many of its branches.
#[must_use]
pub fn wides(bottom: u32, height: u8) -> &'static [Wide] {
    let mut i = layout::wide_slot(bottom, height);
    loop {
        // A free slot (`u16::MAX`) indexes no key and ends the probes.
        let &(b, h, first, end) = match WIDE_KEYS.get(usize::from(WIDE_INDEX[i])) {
            Some(key) => key,
            None => return &[],
        };
        if (b, h) == (bottom, height) {
            return &WIDE[usize::from(first)..usize::from(end)];
        }
        i = (i + 1) % layout::WIDE_SLOTS;
    }
}

/// The widths (bit `w − 1`) of the inner strips of height `h` (1..=5) that fit over the
/// low 8 bits of `bottom` resting on the low 8 bits of `support`, in whole pieces.
#[inline]
#[must_use]
pub(crate) const fn inner_fits(h: usize, bottom: u32, support: u32) -> u8 {
    FIT_ROWS[FIT_ROW_OF[layout::fit_row_slot(h, bottom)] as usize][support as usize & 0xFF]
}

/// The supports (bit `s`: support `s` within the window) on which an edge strip `w` × `h`
/// on `side` fits over `window_bottom` (its bottom within the window).
#[inline]
#[must_use]
pub(crate) const fn edge_fits(
    side: StripSide,
    w: usize,
    h: usize,
    window_bottom: u32,
    window_support: u32,
) -> bool {
    let s = window_support as usize;
    let set = &EDGE_SETS[EDGE_SET_OF[layout::edge_slot(side, w, h, window_bottom)] as usize];
    set[s / 64] >> (s % 64) & 1 != 0
}

/// The emitter costs as the classic split search sees them (cost = `pieces + 5·n`, which
/// is `21·(height + n)/4`): a *standard* cost by size, and the few *cheap* patterns that
/// cost less than the standard for their size. Derived from [`EMITTER_LIST`] by
/// the table generator (as [`COSTS`]).
///
/// `std(1) = single`, `std(n) = multi` for `2 ≤ n ≤ uniform`, and
/// `multi + single·(n − uniform)` above (as if the extra pixels were lone passes). With
/// the committed tables: single 21 (16 pieces), multi 42, uniform 5; the hard lone
/// squares (37 pieces) and the hard n = 6 patterns (33 pieces, std 63) cost no less than
/// standard; the cheap ones, by size: n = 2: 3 (11 pieces, height 2), n = 6: 35 (12
/// pieces, height 2), n = 7: 1 (7 pieces, height 1).
#[derive(Debug)]
pub struct CostModel {
    /// Least cost of a one-pixel pass.
    pub single: u32,
    /// The commonest cost of a pass of 2 or more pixels.
    pub multi: u32,
    /// Largest `n` up to which `multi` is the commonest cost of an `n`-pixel pass.
    pub uniform: usize,
    /// Whether every pattern of `2..=uniform` triples that is not cheap costs exactly
    /// `multi` (then passes that cannot grow past `uniform` are interchangeable).
    pub flat: bool,
    /// Most triples of a cheap pattern of at most `uniform` triples (2 with two-row
    /// n = 2 patterns), 0 if there is none.
    pub small_cheap: usize,
    /// The cheap patterns: `(key, starts, n, cost)`, `starts` with bit `s` set for each
    /// triple starting at `s`. Sorted by key.
    pub cheap: &'static [(u32, u32, u8, u32)],
}

impl CostModel {
    /// The standard cost of a pass of `n` pixels.
    #[must_use]
    pub fn standard(&self, n: usize) -> u32 {
        if n <= 1 {
            self.single
        } else {
            let extra = n.saturating_sub(self.uniform.max(1)) as u32;
            self.multi.saturating_add(extra.saturating_mul(self.single))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index answers exactly as the `phf` map: every key, and keys one cell off.
    #[test]
    fn emitter_index_agrees_with_the_map() {
        for &key in EMITTERS.keys() {
            assert_eq!(
                emitter(key).expect("indexed"),
                EMITTERS.get(&key).expect("in the map")
            );
            for b in 0..23 {
                let other = key ^ 1 << b;
                assert_eq!(
                    emitter(other).map(|e| e.key),
                    EMITTERS.get(&other).map(|e| e.key)
                );
            }
        }
        assert!(emitter(0).is_none());
        assert_eq!(EMITTER_LIST.len(), EMITTERS.len());
    }

    /// The wide index answers exactly as a binary search of the sorted keys: every key,
    /// every other height over it, and keys one cell off.
    #[test]
    fn wide_index_agrees_with_the_sorted_keys() {
        let plain = |bottom: u32, height: u8| {
            WIDE_KEYS
                .binary_search_by_key(&(bottom, height), |k| (k.0, k.1))
                .map_or(&[][..], |i| {
                    let k = WIDE_KEYS[i];
                    &WIDE[usize::from(k.2)..usize::from(k.3)]
                })
        };
        let same = |a: &[Wide], b: &[Wide]| a.is_empty() && b.is_empty() || core::ptr::eq(a, b);
        assert!(WIDE_KEYS
            .windows(2)
            .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)));
        for &(bottom, height, ..) in &WIDE_KEYS {
            assert!(!wides(bottom, height).is_empty());
            for h in 0..=WIDE_MAX_HEIGHT + 1 {
                assert!(same(wides(bottom, h), plain(bottom, h)));
                for b in 0..23 {
                    let other = bottom ^ 1 << b;
                    assert!(same(wides(other, h), plain(other, h)));
                }
            }
        }
        assert!(wides(0, 3).is_empty());
    }

    /// Every table's span decodes to the moves the tables held before the encoding
    /// ([`PLAIN_MOVES`], generated beside the encoding from the same patterns), and the
    /// tables hold the spans in the order they were generated: emitters, wide patterns,
    /// platforms, strips.
    #[test]
    fn spans_decode_to_the_plain_moves() {
        let spans = EMITTER_LIST
            .iter()
            .map(|e| e.fillers)
            .chain(WIDE.iter().map(|w| w.fillers))
            .chain(PLATFORMS.iter().map(|p| p.add))
            .chain(STRIP_LIST.iter().map(|s| s.fillers));
        let mut count = 0;
        for (span, &(oracle, plain)) in spans.zip(&PLAIN_SPANS) {
            assert_eq!(span, oracle);
            let moves = span.moves();
            assert_eq!(moves.len(), span.len());
            assert!(
                moves.eq(PLAIN_MOVES[plain..plain + span.len()].iter().copied()),
                "{span:?}"
            );
            count += 1;
        }
        assert_eq!(count, PLAIN_SPANS.len());
        let (last, plain) = PLAIN_SPANS[PLAIN_SPANS.len() - 1];
        assert_eq!(plain + last.len(), PLAIN_MOVES.len());
        // Every code decodes: the bytes hold no stray escape.
        let mut at = 0;
        while at < MOVE_BYTES.len() {
            at = layout::decode_move(&MOVE_BYTES, at, &MOVE_CODES, &RARE_MOVES).1;
        }
        // Every key's strips are the run of the list the map gives.
        for (&key, &(first, count)) in STRIPS.entries() {
            let run = &STRIP_LIST[usize::from(first)..][..usize::from(count)];
            assert!(!run.is_empty());
            for s in run {
                assert_eq!(strip_key(s.width, s.height, s.side, s.bottom), key);
            }
        }
    }

    /// The encoding pays: it is under half the plain array's two bytes a move.
    #[test]
    fn move_encoding_is_compact() {
        assert!(MOVE_BYTES.len() < PLAIN_MOVES.len(), "{}", MOVE_BYTES.len());
    }

    /// The cost model matches the list: every pattern costs its standard, or is listed
    /// as cheap at its own cost.
    #[test]
    fn cost_model_agrees_with_the_list() {
        for e in &EMITTER_LIST {
            let cost = (e.pieces() + 5 * usize::from(e.n)) as u32;
            match COSTS.cheap.iter().find(|c| c.0 == e.key) {
                Some(&(_, _, n, c)) => {
                    assert_eq!((n, c), (e.n, cost));
                    assert!(cost < COSTS.standard(usize::from(e.n)));
                }
                None => assert!(cost >= COSTS.standard(usize::from(e.n)), "{e:?}"),
            }
        }
        assert_eq!((COSTS.single, COSTS.multi, COSTS.uniform), (21, 42, 5));
        assert_eq!(COSTS.cheap.len(), 35 + 1 + 3);
    }

    /// The cost model's figures in [`CostModel`]'s docs are the committed tables'.
    #[test]
    fn cost_model_docs_state_the_tables() {
        use crate::convert::doc_figures::assert_says;
        use core::fmt::Write as _;
        let pieces = |n: usize| {
            EMITTER_LIST
                .iter()
                .filter(move |e| usize::from(e.n) == n)
                .map(Emitter::pieces)
        };
        let hard = COSTS.uniform + 1;
        let mut sizes: Vec<u8> = COSTS.cheap.iter().map(|c| c.2).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut cheap = String::new();
        for n in sizes {
            let group: Vec<&Emitter> = COSTS
                .cheap
                .iter()
                .filter(|c| c.2 == n)
                .map(|c| emitter(c.0).expect("a cheap pattern is in the list"))
                .collect();
            // Each group's patterns share their pieces and their height, or the docs
            // cannot state one of each.
            let shared = |f: fn(&Emitter) -> usize| {
                let first = f(group[0]);
                assert!(group.iter().all(|e| f(e) == first), "n = {n}");
                first
            };
            let (p, h) = (shared(Emitter::pieces), shared(|e| usize::from(e.height)));
            let sep = if cheap.is_empty() { "" } else { ", " };
            let _ = write!(
                cheap,
                "{sep}n = {n}: {} ({p} pieces, height {h})",
                group.len()
            );
        }
        let stated = format!(
            "single {} ({} pieces), multi {}, uniform {}; the hard lone squares ({} pieces) \
             and the hard n = {hard} patterns ({} pieces, std {}) cost no less than \
             standard; the cheap ones, by size: {cheap}.",
            COSTS.single,
            pieces(1).min().expect("lone squares"),
            COSTS.multi,
            COSTS.uniform,
            pieces(1).max().expect("lone squares"),
            pieces(hard).max().expect("patterns of that size"),
            COSTS.standard(hard),
        );
        assert_says("tables/mod.rs", include_str!("mod.rs"), &stated);
    }

    /// The indexes the core's `layout` sizes hold over twice the keys they index, as
    /// its docs say, so probes stay short.
    #[test]
    fn index_slots_are_over_twice_the_keys() {
        let patterns = EMITTER_LIST.len() + WIDE.len() + PLATFORMS.len() + STRIP_LIST.len();
        assert_eq!(patterns, PLAIN_SPANS.len());
        assert!(layout::EMITTER_SLOTS > 2 * EMITTER_LIST.len());
        assert!(layout::WIDE_SLOTS > 2 * WIDE_KEYS.len());
    }
}
