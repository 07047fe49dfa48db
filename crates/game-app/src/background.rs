//! Work done off the frame loop, so the window keeps drawing and answering keys while a
//! big level is made or its making recorded ([`crate::loading`], [`crate::watch`]).
//!
//! A [`Background`] job runs on a thread of its own. Where there are no threads
//! (`wasm32-unknown-unknown`) it runs at the second poll instead, so that the frame of
//! the first shows the front end's notice.
//!
//! ```
//! use game_app::background::Background;
//!
//! let mut job = Background::start(|| (1..=10).sum::<u32>());
//! let answer = loop {
//!     if let Some(answer) = job.poll() {
//!         break answer;
//!     }
//! };
//! assert_eq!(answer, Ok(55));
//! assert_eq!(job.poll(), None, "handed out once");
//! ```

use std::fmt;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

/// The thread doing a job ended without an answer: a bug, reported by the panic hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the thread doing the work stopped without an answer")]
pub struct Lost;

type Job<T> = Box<dyn FnOnce() -> T + Send>;

/// A job whose answer, a `T`, comes later. Dropping it abandons the answer (the thread
/// finishes its work and nobody reads it).
pub struct Background<T> {
    state: State<T>,
}

enum State<T> {
    /// The thread's answer is still to come.
    Waiting(Receiver<T>),
    /// To be done without a thread: at the poll after the first.
    Deferred { polled: bool, job: Job<T> },
    /// Handed out.
    Taken,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `job` on a new thread; should no thread start, it runs at the second
    /// [`Background::poll`] instead ([`Background::without_thread`]).
    pub fn start(job: impl FnOnce() -> T + Send + 'static) -> Background<T> {
        // Shared so that the job can be taken back when the thread does not start.
        let job: Arc<Mutex<Option<Job<T>>>> = Arc::new(Mutex::new(Some(Box::new(job))));
        let (sender, receiver) = mpsc::channel();
        let for_thread = Arc::clone(&job);
        let spawned = thread::Builder::new()
            .name("background".to_string())
            .spawn(move || {
                let job = for_thread
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                if let Some(job) = job {
                    // The receiver is gone only if the answer was abandoned.
                    let _ = sender.send(job());
                }
            });
        match spawned {
            Ok(_) => Background {
                state: State::Waiting(receiver),
            },
            // The thread never ran, so the job is still there to take back.
            Err(_) => match job.lock().unwrap_or_else(PoisonError::into_inner).take() {
                Some(job) => Background {
                    state: State::Deferred { polled: false, job },
                },
                None => Background {
                    state: State::Taken,
                },
            },
        }
    }

    /// `job` done without a thread: the first [`Background::poll`] answers nothing (a
    /// frame shows the notice), the second does the job and hands out its answer.
    pub fn without_thread(job: impl FnOnce() -> T + Send + 'static) -> Background<T> {
        Background {
            state: State::Deferred {
                polled: false,
                job: Box::new(job),
            },
        }
    }

    /// The answer, once it is ready; `None` while the job runs and after the answer has
    /// been handed out. Never waits, except for a job without a thread, done here.
    pub fn poll(&mut self) -> Option<Result<T, Lost>> {
        match &mut self.state {
            State::Waiting(receiver) => match receiver.try_recv() {
                Err(TryRecvError::Empty) => None,
                Ok(answer) => {
                    self.state = State::Taken;
                    Some(Ok(answer))
                }
                Err(TryRecvError::Disconnected) => {
                    self.state = State::Taken;
                    Some(Err(Lost))
                }
            },
            State::Deferred { polled, .. } if !*polled => {
                *polled = true;
                None
            }
            State::Deferred { .. } => self.wait_here(),
            State::Taken => None,
        }
    }

    /// Waits for the answer.
    ///
    /// # Errors
    /// [`Lost`]: the thread ended without one, or it was handed out before.
    pub fn wait(mut self) -> Result<T, Lost> {
        match std::mem::replace(&mut self.state, State::Taken) {
            State::Waiting(receiver) => receiver.recv().map_err(|_| Lost),
            State::Deferred { job, .. } => Ok(job()),
            State::Taken => Err(Lost),
        }
    }

    fn wait_here(&mut self) -> Option<Result<T, Lost>> {
        match std::mem::replace(&mut self.state, State::Taken) {
            State::Deferred { job, .. } => Some(Ok(job())),
            other => {
                self.state = other;
                None
            }
        }
    }
}

impl<T> fmt::Debug for Background<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match &self.state {
            State::Waiting(_) => "waiting",
            State::Deferred { .. } => "deferred",
            State::Taken => "taken",
        };
        f.debug_struct("Background").field("state", &state).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_thread_the_answer_comes_at_the_second_poll() {
        let mut job = Background::without_thread(|| 7);
        assert_eq!(
            job.poll(),
            None,
            "the first poll leaves a frame for the notice"
        );
        assert_eq!(job.poll(), Some(Ok(7)));
        assert_eq!(job.poll(), None, "handed out once");
        assert_eq!(Background::without_thread(|| 8).wait(), Ok(8));
    }

    #[test]
    fn a_thread_that_dies_is_an_answer_lost_not_a_wait_forever() {
        let job: Background<u8> = Background::start(|| panic!("a bug"));
        assert_eq!(job.wait(), Err(Lost));
    }

    #[test]
    fn an_abandoned_job_does_not_take_the_caller_down() {
        let job = Background::start(|| {
            thread::sleep(std::time::Duration::from_millis(20));
            1
        });
        drop(job);
    }
}
