//! Memory follows the size of the input: reading a short text never reserves room for the
//! map its first line and line count could describe. A counting allocator records the
//! largest single allocation while each case runs.

#![allow(unsafe_code, reason = "a counting allocator wraps the system one")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use mapgen::{Map, MapError};

struct Counting;

static LARGEST: AtomicUsize = AtomicUsize::new(0);
/// One case at a time: the record is process-wide.
static CASE: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The largest allocation `f` makes.
fn largest_allocation<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let _one = CASE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    LARGEST.store(0, Ordering::Relaxed);
    let result = f();
    (result, LARGEST.load(Ordering::Relaxed))
}

#[test]
fn from_ascii_reserves_no_more_than_the_text_holds() {
    // A 10,000-tile first row and 9,999 empty rows: 20 KB of text that claims a
    // 10,000 x 10,000 map (400 MB of tiles) before its second row proves it wrong.
    let text = format!("{}\n{}", ".".repeat(10_000), "\n".repeat(9_999));
    let (result, largest) = largest_allocation(|| Map::from_ascii(&text));
    assert_eq!(
        result,
        Err(MapError::Ragged {
            row: 1,
            len: 0,
            expected: 10_000
        })
    );
    assert!(largest < 1 << 20, "largest allocation {largest} bytes");
    // A real map still reads.
    let (map, _) = largest_allocation(|| Map::from_ascii(&".#\n#.\n".repeat(3)));
    assert_eq!(map.map(|m| (m.width(), m.height())), Ok((2, 6)));
}

/// Issue 25: 76 bytes of JSON made a `RoomGrid` allocate its 100 MB cell index (a slot per
/// cell of a 4999 x 4999 grid) before any check, and a list of such grids 3.8 GB. The
/// index now follows the rooms.
#[cfg(feature = "serde")]
#[test]
fn a_loaded_room_grid_reserves_no_more_than_its_rooms_need() {
    use mapgen::generators::grid::{RoomCell, RoomGrid};
    let grid = |rooms: &str| {
        format!(r#"{{"cols":4999,"rows":4999,"room_width":3,"room_height":3,"rooms":[{rooms}]}}"#)
    };
    let room = |col: i32, row: i32| {
        format!(r#"{{"col":{col},"row":{row},"doors":"","kind":"start","depth":0}}"#)
    };
    let cases = [
        (grid(""), None),
        (grid(&room(4998, 4998)), None),
        (
            grid(&[room(1, 1), room(4998, 0), room(1, 1)].join(",")),
            Some("rooms 0 and 2 are both at cell (1, 1)"),
        ),
        (grid(&room(4999, 0)), Some("outside")),
    ];
    for (text, error) in cases {
        let (loaded, largest) = largest_allocation(|| {
            serde_json::from_str::<Vec<RoomGrid>>(&format!("[{text}, {text}]"))
        });
        assert!(
            largest < 1 << 20,
            "{text}: largest allocation {largest} bytes"
        );
        match (loaded, error) {
            (Ok(grids), None) => {
                let last = RoomCell::new(4998, 4998);
                let expected = grids[0].rooms().iter().position(|r| r.cell == last);
                assert_eq!(grids[0].room_index(last), expected);
                assert_eq!(grids[0].room_index(RoomCell::new(0, 0)), None);
                assert_eq!(grids[0].room_index(RoomCell::new(-1, 4998)), None);
                assert_eq!(grids[0], grids[1]);
            }
            (Err(err), Some(expected)) => assert!(err.to_string().contains(expected), "{err}"),
            (other, _) => panic!("{text}: {other:?}"),
        }
    }
}
