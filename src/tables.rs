//! The pattern tables, compiled by `build.rs` from `pattern-src/` after checking every
//! pattern by simulation. Looking a pattern up is one perfect-hash probe; nothing here
//! allocates or searches.
#![allow(clippy::unreadable_literal, clippy::large_const_arrays)]

use crate::pattern::{mv, strip_key, Emitter, Platform, Strip, StripSide};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The emitter for the triples whose bottom-row cells are `key`.
#[must_use]
pub fn emitter(key: u32) -> Option<&'static Emitter> {
    EMITTERS.get(&key)
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
