//! The pattern tables, compiled by `build.rs` from `pattern-src/` after checking every
//! pattern by simulation. Looking a pattern up is one hash probe; nothing here searches,
//! and only the emitter index is built (once, on first use).
#![allow(clippy::unreadable_literal, clippy::large_const_arrays)]

use std::sync::OnceLock;

use crate::pattern::{mv, strip_key, Emitter, Platform, Strip, StripSide};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The emitter for the triples whose bottom-row cells are `key`.
///
/// The converter looks emitters up several times a row, so this goes through an
/// open-addressing index with a multiply-shift hash (a few ns) rather than the `phf`
/// map's SipHash (about 18 ns); both hold the same patterns.
#[must_use]
pub fn emitter(key: u32) -> Option<&'static Emitter> {
    let slots = emitter_index();
    let mut i = emitter_slot(key);
    loop {
        match slots[i] {
            (k, Some(e)) if k == key => return Some(e),
            (_, None) => return None,
            _ => i = (i + 1) % EMITTER_SLOTS,
        }
    }
}

/// Slots of the emitter index: a power of two, over twice the patterns, so probes are
/// short and a free slot always ends them.
const EMITTER_SLOTS: usize = 4096;

/// A slot of the emitter index: key and pattern, `None` when free.
type EmitterSlot = (u32, Option<&'static Emitter>);

fn emitter_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % EMITTER_SLOTS
}

fn emitter_index() -> &'static [EmitterSlot] {
    static INDEX: OnceLock<Box<[EmitterSlot]>> = OnceLock::new();
    INDEX.get_or_init(|| {
        assert!(
            2 * EMITTERS.len() < EMITTER_SLOTS,
            "emitter index too small"
        );
        let mut slots = vec![(0, None); EMITTER_SLOTS].into_boxed_slice();
        for (&key, e) in EMITTERS.entries() {
            let mut i = emitter_slot(key);
            while slots[i].1.is_some() {
                i = (i + 1) % EMITTER_SLOTS;
            }
            slots[i] = (key, Some(e));
        }
        slots
    })
}

/// The platform whose T2 bar is centred on `centre` (odd, 1..=19).
#[must_use]
pub fn platform(centre: u8) -> Option<&'static Platform> {
    PLATFORMS.iter().find(|p| p.centre == centre)
}

/// The strips `width` × `height` on `side` over `bottom`, minimal supports smallest
/// first (empty when none packs).
#[must_use]
pub fn strips(width: u8, height: u8, side: StripSide, bottom: u16) -> &'static [Strip] {
    STRIPS
        .get(&strip_key(width, height, side, bottom))
        .copied()
        .unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index answers exactly as the `phf` map: every key, and keys one cell off.
    #[test]
    fn emitter_index_agrees_with_the_map() {
        for &key in EMITTERS.keys() {
            assert!(core::ptr::eq(
                emitter(key).expect("indexed"),
                EMITTERS.get(&key).expect("in the map")
            ));
            for b in 0..23 {
                let other = key ^ 1 << b;
                assert_eq!(
                    emitter(other).map(|e| e.key),
                    EMITTERS.get(&other).map(|e| e.key)
                );
            }
        }
        assert!(emitter(0).is_none());
    }
}
