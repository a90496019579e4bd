//! Working memory a caller lends the converter ([`Converter::convert_in`]), for what a
//! small stack cannot hold.
//!
//! [`Converter::convert_in`]: super::Converter::convert_in

use core::cell::Cell;

/// Working memory for [`Converter::convert_in`]: with direct placement
/// ([`Converter::with_direct`]), the table of row prices it remembers, [`Workspace::PLANS`]
/// of them in 64 KiB. Without one, direct placement remembers 512 on its own stack (it
/// runs on a 64 KiB thread), and plans again the rows it forgot: the moves are the
/// same either way, the work is not. The other
/// modes do not use it.
///
/// It is 64 KiB: keep it in a `static` or a `Box`, rather than on a small stack. Reuse
/// it for any number of conversions, one at a time. [`Converter::convert_to_vec`] and
/// [`Converter::convert_blocks`] (the `alloc` feature) use a table as large on the heap.
///
/// [`Converter::convert_in`]: super::Converter::convert_in
/// [`Converter::with_direct`]: super::Converter::with_direct
/// [`Converter::convert_to_vec`]: super::Converter::convert_to_vec
/// [`Converter::convert_blocks`]: super::Converter::convert_blocks
pub struct Workspace {
    memo: [u64; Workspace::PLANS],
}

impl Workspace {
    /// How many row plans a workspace remembers.
    pub const PLANS: usize = 8192;

    /// A workspace (its contents do not matter: each conversion empties what it uses).
    #[must_use]
    pub const fn new() -> Workspace {
        Workspace {
            memo: [0; Workspace::PLANS],
        }
    }

    /// The table of remembered row plans, as the direct module takes it.
    pub(super) fn memo(&mut self) -> &[Cell<u64>] {
        cells(&mut self.memo)
    }
}

/// A table of words as the direct module's remembered row plans.
pub(super) fn cells(words: &mut [u64]) -> &[Cell<u64>] {
    Cell::from_mut(words).as_slice_of_cells()
}

impl Default for Workspace {
    fn default() -> Workspace {
        Workspace::new()
    }
}

impl core::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Workspace")
            .field("plans", &Workspace::PLANS)
            .finish()
    }
}

const _: () = assert!(Workspace::PLANS.is_power_of_two());
