//! `Converter::convert`, `Converter::convert_in` (with a workspace made beforehand) and
//! `Converter::stats` never touch the heap, from the first call
//! in a fresh process: a counting global allocator sees no allocation on this thread
//! while they run, for the nine benchmark sprites and many more up to the worst cases,
//! with every pass strategy but the exact planner's (which allocates), and with direct
//! placement. There is no warm-up: the tables are `static` data, so the
//! very first conversion must not allocate either. (The tests here run on threads of
//! one process, each counting its own thread only; with nothing built lazily, the
//! first of them to convert is a fresh process's first conversion.)

#![cfg(feature = "image-io")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tetris_printer::{
    Align, Converter, Move, MoveLines, MoveList, Planner, Playfield, Sprite, Workspace, MAX_MOVES,
};
use tetris_printer::{ASCII_COLORS, MAX_HEIGHT, MAX_WIDTH};

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

fn sprite(w: usize, h: usize, pixel: impl Fn(usize, usize) -> Option<u8>) -> Sprite {
    let mut rgba = vec![0u8; w * h * 4];
    for y in 0..h {
        for x in 0..w {
            if let Some(c) = pixel(x, y) {
                let rgb = ASCII_COLORS[usize::from(c)];
                rgba[(y * w + x) * 4..][..4].copy_from_slice(&[rgb.r, rgb.g, rgb.b, 255]);
            }
        }
    }
    Sprite::from_rgba(w, h, &rgba).unwrap()
}

/// Sprites from tiny to the worst cases: full size, every colour, dense, sparse,
/// platform on every row, rows that make the optimal search work hardest.
fn sprites() -> Vec<Sprite> {
    let (w, h) = (MAX_WIDTH, MAX_HEIGHT);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("benchmark sprites")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut out: Vec<Sprite> = paths.iter().map(|p| Sprite::open(p).unwrap()).collect();
    assert_eq!(out.len(), 9, "the nine benchmark sprites");
    out.extend([
        sprite(1, 1, |_, _| Some(0)),
        sprite(w, h, |_, _| Some(2)),
        sprite(w, h, |x, y| Some(((x * 7 + y * 3) % 3) as u8)),
        sprite(w, h, |x, y| ((x + y) % 2 == 0).then_some((x % 3) as u8)),
        sprite(w, h, |x, y| (x == y % w).then_some((y % 3) as u8)),
        sprite(w, h, |x, y| {
            (x == 0 || x == w - 1 || y % 4 == 0).then_some((y % 3) as u8)
        }),
    ]);
    let hard = [
        "00102102102202101",
        "22221201201200101",
        "11220220200200211",
        "20022021021011002",
        "12202200100000021",
        "00001102002201101",
    ];
    out.push(sprite(w, h, |x, y| {
        let c = hard[y % hard.len()].as_bytes()[x];
        (c != b'.').then(|| c - b'0')
    }));
    // Pseudo-random sprites of every size class.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..200 {
        let (sw, sh) = (1 + next() as usize % w, 1 + next() as usize % h);
        let colours = 1 + next() % 3;
        let holes = next() % 4;
        let cells: Vec<Option<u8>> = (0..sw * sh)
            .map(|i| (i % sw == 0 || next() % 4 >= holes).then(|| (next() % colours) as u8))
            .collect();
        out.push(sprite(sw, sh, |x, y| cells[y * sw + x]));
    }
    out
}

/// The quick suite's sample of the test below ([`SAMPLE`]), every converter.
#[test]
fn convert_and_stats_never_allocate_on_a_sample() {
    let all = sprites();
    let sample: Vec<Sprite> = SAMPLE.iter().map(|&i| all[i]).collect();
    convert_and_stats_never_allocate_on(&sample);
}

/// Indexes into [`sprites`] of the quick suite's sample: three of the nine (checker,
/// pixel, pyramid), the 1×1 sprite, the rows made to work the optimal search hardest,
/// and the first eight pseudo-random sprites.
const SAMPLE: [usize; 13] = [1, 3, 5, 9, 15, 16, 17, 18, 19, 20, 21, 22, 23];

/// Every sprite, every converter. The sprites are dealt to two threads (each counts its
/// own allocations and converts for the first time in it, so neither warms up the other).
#[test]
#[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
fn convert_and_stats_never_allocate() {
    let all = sprites();
    let halves: [Vec<Sprite>; 2] =
        [0, 1].map(|half| all.iter().skip(half).step_by(2).copied().collect());
    std::thread::scope(|scope| {
        for half in &halves {
            scope.spawn(|| convert_and_stats_never_allocate_on(half));
        }
    });
}

/// Converts `sprites` with every converter, counting allocations; see the module docs.
fn convert_and_stats_never_allocate_on(sprites: &[Sprite]) {
    let sprites = sprites.to_vec();
    let mut buf = vec!["T0 0".parse::<Move>().unwrap(); MAX_MOVES];
    let converters = [
        Converter::new(),
        Converter::with_planner(Planner::Thorough),
        Converter::with_planner(Planner::Optimal),
        Converter::greedy(),
        Converter::new().with_direct(true),
    ];
    // No warm-up: the first conversion in this process (the default converter on the
    // first benchmark sprite) is counted like every other.
    let mut total = 0;
    let mut list: Box<MoveList> = Box::default();
    let mut workspace = Box::new(Workspace::new());
    for s in &sprites {
        for c in converters {
            let n = allocations(|| {
                let moves = c.convert(s, &mut buf).unwrap();
                let stats = c.stats(s);
                assert_eq!(stats.pieces, moves);
                // Streamed: the same moves, replayed as they come.
                let mut field = Playfield::new();
                let mut i = 0;
                let streamed = c
                    .for_each_move(s, |m| {
                        assert_eq!(m, buf[i]);
                        i += 1;
                        field.drop_piece(m).unwrap();
                    })
                    .unwrap();
                assert_eq!(streamed, moves);
                assert_eq!(tetris_printer::compare(&field, s), Ok(()));
                list.clear();
                c.convert_into(s, &mut list).unwrap();
                assert_eq!(&list[..], &buf[..moves]);
                // With a workspace: the same moves.
                assert_eq!(c.convert_in(&mut workspace, s, &mut buf).unwrap(), moves);
                assert_eq!(&list[..], &buf[..moves]);
                total += moves;
            });
            assert_eq!(n, 0, "{c:?} allocated converting\n{}", s.to_ascii());
        }
    }
    assert!(total > 0);
    // The counter works: a Vec allocates.
    assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8]))), 1);
    // Too small a buffer is reported, still without allocating.
    let n = allocations(|| {
        assert!(Converter::new()
            .convert(&sprites[1], &mut buf[..3])
            .is_err());
    });
    assert_eq!(n, 0);
    let mut small = MoveList::<3>::new();
    let n = allocations(|| {
        assert!(Converter::new()
            .convert_into(&sprites[1], &mut small)
            .is_err());
        assert!(small.is_empty());
    });
    assert_eq!(n, 0);
}

#[test]
fn reading_moves_and_their_errors_never_allocate() {
    let long = format!("J0 5{}\nJ0 1\n", "x".repeat(10_000));
    let texts = [
        "# moves\nJ0 5\r\nT2 0\rI1 20\n",
        "J0 5\nX0 1\n",
        "J0 99\n",
        "J4 1\n",
        "J0 five\n",
        long.as_str(),
    ];
    let n = allocations(|| {
        let mut moves = 0;
        let mut errors = 0;
        for text in texts {
            for r in MoveLines::new(text) {
                match r {
                    Ok(_) => moves += 1,
                    Err(e) => {
                        errors += 1;
                        // Formatting the error into a fixed buffer needs no heap either.
                        let mut out = [0u8; 512];
                        let mut w = &mut out[..];
                        std::io::Write::write_fmt(&mut w, format_args!("{e}")).unwrap();
                    }
                }
            }
        }
        assert_eq!((moves, errors), (4, 5));
        assert_eq!("L3 7".parse::<Move>().unwrap().to_string().len(), 4);
    });
    // `to_string` above is the one allocation.
    assert_eq!(n, 1);
}

/// `Converter::place` with every [`Align`], `Align::Best` included (a conversion at every
/// column where the sprite fits), and the conversion of the placed sprite.
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
    let mut placed = Vec::with_capacity(sprites.len() * 4 * Align::ALL.len());
    for passes in [
        Planner::Grouped,
        Planner::Thorough,
        Planner::Optimal,
        Planner::Greedy,
    ] {
        let c = Converter::with_planner(passes);
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
