//! Emission: moves and blocks. Writes a planned row (platform add, each pass's emitters
//! then its fill, platform remove) into a [`Sink`], and reports each block.

use core::ops::Range;

use crate::bits::Bits;
use crate::moves::Move;
use crate::pattern::Platform;
use crate::piece::Shape;
use crate::sprite::Sprite;
use crate::tables;

use super::classic::{Singles, Split};
use super::fewest::RowPlan;
use super::{ConvertError, ConvertStats};

/// What a block of moves does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// The T2 and the pieces that build a platform before a row's passes.
    PlatformAdd,
    /// One pass: its emitters and its fill.
    Emitter,
    /// The piece that clears a platform after the row's passes.
    PlatformRemove,
}

/// One block: its kind, the sprite row it serves, and its moves' range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// What the block does.
    pub kind: BlockKind,
    /// The sprite's playfield row (0 = bottom) it serves.
    pub row: usize,
    /// Its moves, as a range of the conversion's move list.
    pub moves: Range<usize>,
}

/// Writes a classic split: platform add, each pass (its triples left to right, then the
/// pattern's fillers), platform remove.
#[allow(clippy::too_many_arguments)]
pub(super) fn classic(
    singles: &Singles,
    split: &Split,
    platform: bool,
    sprite: &Sprite,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) -> Result<(), ConvertError> {
    let platform = if platform {
        Some(platform_for(sprite, y)?)
    } else {
        None
    };
    if let Some(p) = platform {
        platform_add(p, y, sink, on_block, stats);
    }
    for (&key, &pixels) in split.keys[..split.passes]
        .iter()
        .zip(&split.members(singles.len))
    {
        let emitter = tables::emitter(key).ok_or(ConvertError::MissingEmitter { key, row: y })?;
        let start = sink.len;
        for i in Bits(pixels) {
            sink.push(singles.triples[i]);
        }
        sink.extend(emitter.fillers);
        on_block(Block {
            kind: BlockKind::Emitter,
            row: y,
            moves: start..sink.len,
        });
    }
    stats.passes += split.passes;
    if let Some(p) = platform {
        platform_remove(p, y, sink, on_block);
    }
    Ok(())
}

/// Writes a planned row: platform add, each pass (emitters, then fill), platform remove.
pub(super) fn planned(
    planned: &RowPlan,
    sprite: &Sprite,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) -> Result<(), ConvertError> {
    let first = sink.len;
    let platform = if planned.platform {
        Some(platform_for(sprite, y)?)
    } else {
        None
    };
    if let Some(p) = platform {
        platform_add(p, y, sink, on_block, stats);
    }
    planned.passes(|pass| {
        let start = sink.len;
        for e in &pass.emits[..pass.len] {
            sink.push(e.mv);
        }
        pass.fill.moves(|m| sink.push(m));
        on_block(Block {
            kind: BlockKind::Emitter,
            row: y,
            moves: start..sink.len,
        });
    });
    stats.passes += planned.len;
    debug_assert_eq!(
        sink.len - first + usize::from(planned.platform),
        planned.pieces as usize
    );
    if let Some(p) = platform {
        platform_remove(p, y, sink, on_block);
    }
    Ok(())
}

/// Writes a row planned by the exact planner: platform add, each pass (emitters, then
/// fillers), platform remove.
#[cfg(feature = "search")]
pub(super) fn exact(
    plan: &crate::exact::RowPlan,
    sprite: &Sprite,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) -> Result<(), ConvertError> {
    let platform = if plan.platform {
        Some(platform_for(sprite, y)?)
    } else {
        None
    };
    if let Some(p) = platform {
        platform_add(p, y, sink, on_block, stats);
    }
    for pass in &plan.passes {
        let start = sink.len;
        for e in &pass.emits {
            sink.push(e.mv);
        }
        sink.extend(&pass.fillers);
        on_block(Block {
            kind: BlockKind::Emitter,
            row: y,
            moves: start..sink.len,
        });
    }
    stats.passes += plan.passes.len();
    if let Some(p) = platform {
        platform_remove(p, y, sink, on_block);
    }
    Ok(())
}

/// Writes a platform's add part (before row `y`'s passes) as one block.
fn platform_add(
    p: &Platform,
    y: usize,
    sink: &mut Sink<'_>,
    on_block: &mut dyn FnMut(Block),
    stats: &mut ConvertStats,
) {
    let start = sink.len;
    sink.extend(p.add);
    on_block(Block {
        kind: BlockKind::PlatformAdd,
        row: y,
        moves: start..sink.len,
    });
    stats.platforms += 1;
}

/// Writes a platform's remove piece (after row `y`'s passes) as one block.
fn platform_remove(p: &Platform, y: usize, sink: &mut Sink<'_>, on_block: &mut dyn FnMut(Block)) {
    sink.push(p.remove);
    on_block(Block {
        kind: BlockKind::PlatformRemove,
        row: y,
        moves: sink.len - 1..sink.len,
    });
}

/// Hands every move to a callback, counting them.
pub(super) struct Sink<'a> {
    pub(super) out: &'a mut dyn FnMut(Move),
    pub(super) len: usize,
}

impl Sink<'_> {
    fn push(&mut self, m: Move) {
        (self.out)(m);
        self.len += 1;
    }

    fn extend(&mut self, moves: &[Move]) {
        for &m in moves {
            self.push(m);
        }
    }
}

/// Filler for fixed-size arrays of moves (any move does; it is overwritten).
pub(super) const PLACEHOLDER: Move = Move::new_unchecked(Shape::ALL[0], 0);

/// The platform for row `y`: its T2 rests on the leftmost square `s` of row `y − 1`,
/// bar centred on the odd column `s | 1` (platforms exist for odd centres only, docs/spec.md §4).
fn platform_for(sprite: &Sprite, y: usize) -> Result<&'static Platform, ConvertError> {
    let x0 = sprite.x0();
    let s = (x0..x0 + sprite.width())
        .find(|&x| sprite.cell(x, y - 1).is_some())
        .unwrap_or(x0); // a valid sprite has no empty row; any column then finds no platform
    let centre = (s | 1) as u8;
    tables::PLATFORMS
        .get(usize::from(centre.saturating_sub(1) / 2))
        .filter(|p| p.centre == centre)
        .ok_or(ConvertError::MissingPlatform { centre, row: y })
}
