//! Work on many threads, results in order: `mapgen generate --jobs N`.
//!
//! Workers claim item numbers in order from a shared counter and send their results to the
//! calling thread, which hands them on in item order. A worker may claim an item only
//! while it lies within `window` items of the next one to hand on, so at most `window`
//! results wait at any time, whatever the number of items: memory stays bounded, and the
//! output is the same as with one thread.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

/// Runs `work(i)` for every `i` in `0..count` on `jobs` threads and calls `emit(i, result)`
/// in the order of `i`, on the calling thread. Stops at the first `emit` that fails (no
/// later item is emitted) and returns its error. `jobs` and `window` are at least 1;
/// `window` below `jobs` leaves threads idle.
pub fn run_in_order<R: Send, E>(
    count: u64,
    jobs: usize,
    window: usize,
    work: impl Fn(u64) -> R + Sync,
    mut emit: impl FnMut(u64, R) -> Result<(), E>,
) -> Result<(), E> {
    let (jobs, window) = (jobs.max(1), window.max(1) as u64);
    if jobs == 1 {
        return (0..count).try_for_each(|i| emit(i, work(i)));
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // How many items have been emitted; workers wait on it to stay within the window.
    let emitted = Mutex::new(0u64);
    let moved_on = Condvar::new();
    let (send, receive) = mpsc::sync_channel::<(u64, R)>(window as usize);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let (next, stop, emitted, moved_on, work) = (&next, &stop, &emitted, &moved_on, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || !wait_for_window(i, window, emitted, moved_on, stop) {
                        return;
                    }
                    if send.send((i, work(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let result = emit_in_order(count, &receive, &mut emit, |done| {
            *lock(&emitted) = done;
            moved_on.notify_all();
        });
        // Wake and release every worker: a failed emit ends the run early.
        stop.store(true, Ordering::Relaxed);
        moved_on.notify_all();
        drop(receive);
        result
    })
}

/// Blocks until item `i` lies within `window` of the next item to emit; false when the run
/// stops first.
fn wait_for_window(
    i: u64,
    window: u64,
    emitted: &Mutex<u64>,
    moved_on: &Condvar,
    stop: &AtomicBool,
) -> bool {
    let mut done = lock(emitted);
    while i >= *done + window {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        done = moved_on
            .wait(done)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    !stop.load(Ordering::Relaxed)
}

/// Receives results in any order and emits them in item order; `progress(n)` after each
/// emit, `n` items emitted so far.
fn emit_in_order<R, E>(
    count: u64,
    receive: &mpsc::Receiver<(u64, R)>,
    emit: &mut impl FnMut(u64, R) -> Result<(), E>,
    mut progress: impl FnMut(u64),
) -> Result<(), E> {
    let mut waiting = BTreeMap::new();
    let mut done = 0;
    while done < count {
        let Ok((i, result)) = receive.recv() else {
            break; // Every worker has gone: nothing more will come.
        };
        waiting.insert(i, result);
        while let Some(result) = waiting.remove(&done) {
            emit(done, result)?;
            done += 1;
            progress(done);
        }
    }
    Ok(())
}

fn lock(m: &Mutex<u64>) -> std::sync::MutexGuard<'_, u64> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        for jobs in [1, 2, 3, 8] {
            for window in [1, 2, 5, 64] {
                let mut seen = Vec::new();
                run_in_order(
                    200,
                    jobs,
                    window,
                    |i| {
                        // Uneven work, so results arrive out of order.
                        let spin = (i * 7919) % 50;
                        (0..spin * 100).fold(i, |a, b| a ^ b)
                            ^ (0..spin * 100).fold(0, |a, b| a ^ b)
                    },
                    |i, r| {
                        seen.push((i, r));
                        Ok::<(), ()>(())
                    },
                )
                .unwrap();
                let expected: Vec<(u64, u64)> = (0..200).map(|i| (i, i)).collect();
                assert_eq!(seen, expected, "jobs {jobs} window {window}");
            }
        }
    }

    #[test]
    fn at_most_window_results_wait_and_a_failed_emit_stops_the_run() {
        let in_flight = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let started = AtomicUsize::new(0);
        let mut emitted = Vec::new();
        let result = run_in_order(
            10_000,
            4,
            6,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                let now = in_flight.fetch_add(1, Ordering::Relaxed) + 1;
                most.fetch_max(now, Ordering::Relaxed);
                i
            },
            |i, _| {
                in_flight.fetch_sub(1, Ordering::Relaxed);
                if i == 100 {
                    return Err(i);
                }
                emitted.push(i);
                Ok(())
            },
        );
        assert_eq!(result, Err(100));
        assert_eq!(emitted, (0..100).collect::<Vec<_>>());
        assert!(
            most.load(Ordering::Relaxed) <= 6,
            "{most:?} results waited at once"
        );
        assert!(
            started.load(Ordering::Relaxed) <= 100 + 6 + 4,
            "{started:?} started"
        );
    }
}
