//! Helpers shared by the library's integration tests: the test sprites
//! (`sprites.rs`). The command-line tests and their process helpers are in cli/tests/.
#![allow(dead_code)]

pub mod sprites;

use tetris_printer::{Converter, Move, Shape, Sprite};

/// `f` of every item, in order, computed on one thread per core, each thread taking the
/// next item not yet taken (so one slow item does not leave a core idle behind a fixed
/// deal). A long proof's sweep uses both cores this way whatever the harness schedules
/// beside it; its results do not depend on the split. A panic in `f` is passed on.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let (f, next) = (&f, &AtomicUsize::new(0));
    let done: Vec<Vec<(usize, R)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break out };
                        out.push((i, f(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut done: Vec<(usize, R)> = done.into_iter().flatten().collect();
    done.sort_unstable_by_key(|&(i, _)| i);
    assert!(
        done.iter().enumerate().all(|(k, &(i, _))| k == i),
        "one result per item"
    );
    done.into_iter().map(|(_, r)| r).collect()
}

/// Pieces `c` needs for `sprites`, converted on a new thread with a `stack`-byte stack
/// and a 4,096-move buffer on that stack (a microcontroller's budget). An overflow
/// aborts the test binary: that is the failure.
pub fn pieces_on_stack(stack: usize, c: Converter, sprites: &[Sprite]) -> usize {
    let sprites = sprites.to_vec();
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let mut buf = [Move::new(Shape::ALL[0], 0).expect("a valid move"); 4096];
            sprites
                .iter()
                .map(|s| c.convert(s, &mut buf).expect("4,096 moves suffice"))
                .sum::<usize>()
        })
        .expect("a thread")
        .join()
        .expect("the conversions on the thread")
}
