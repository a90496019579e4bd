//! `Converter::place` with `Align::Best` (a conversion at every column where the sprite
//! fits) and the conversion of the placed sprite never touch the heap, from the first
//! call in a fresh process, with every table strategy: the same counting allocator as
//! `tests/alloc.rs`, in a process of its own. Keep this the only test in this file.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tetris_printer::{Align, Converter, Move, Passes, Sprite, MAX_MOVES};

/// Counts allocations made by the current thread while `COUNTING` is set (other test
/// threads and the harness are not counted).
struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

fn note() {
    // `try_with`: the allocator may run while thread-locals are being torn down.
    let _ = COUNTING.try_with(|on| {
        if on.get() {
            let _ = COUNT.try_with(|n| n.set(n.get() + 1));
        }
    });
}

// SAFETY: every call is forwarded unchanged to `System`; the bookkeeping only touches
// const-initialised thread-locals of `Copy` type, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|n| n.set(0));
    COUNTING.with(|on| on.set(true));
    f();
    COUNTING.with(|on| on.set(false));
    COUNT.with(Cell::get)
}

#[test]
fn best_placement_never_allocates() {
    // Made before counting starts: parsing the art allocates, placing must not.
    let arts = [
        "0",
        "0.0\n000",
        ".1.\n111\n1.1",
        "00.00\n.000.\n..0..",
        "012\n201\n120",
        "00000000000000000",
        "0.0.0.0.0.0.0.0.0\n.1.1.1.1.1.1.1.1.\n22222222222222222",
    ];
    let sprites: Vec<Sprite> = arts
        .iter()
        .map(|a| Sprite::from_ascii(a).unwrap())
        .collect();
    let mut buf = vec!["T0 0".parse::<Move>().unwrap(); MAX_MOVES];
    let mut placed = Vec::with_capacity(sprites.len() * 3 * Align::ALL.len());
    for passes in [Passes::Fewest, Passes::Optimal, Passes::Greedy] {
        let c = Converter::with_passes(passes);
        for s in &sprites {
            for align in Align::ALL {
                let n = allocations(|| {
                    let p = c.place(s, align);
                    let k = c.convert(&p, &mut buf).unwrap();
                    placed.push((p.x0(), k));
                });
                assert_eq!(n, 0, "{passes} {align}: {n} allocations\n{}", s.to_ascii());
            }
        }
    }
    assert_eq!(placed.len(), placed.capacity());
}
