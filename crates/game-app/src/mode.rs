//! The modes of play: moving about, looking with a cursor, the help screen, the
//! message archive and the large map. Each has its own keys
//! ([`ModeKind::spec`](crate::action::ModeKind::spec)), so the help screen is made per
//! mode.
//!
//! Adding a mode is one path the compiler walks: its name in the `mode_kinds!` list
//! (`action.rs`) makes [`ModeKind::spec`](crate::action::ModeKind::spec) ask for its name
//! and keys; its state here makes [`Mode::kind`] ask which kind it is, and the scene's
//! drawing (`scene::compose`) ask how it draws. Every match on a mode is exhaustive.

use crate::action::ModeKind;
use game_core::look::LookState;

/// The mode the session is in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Mode {
    /// Moving about.
    #[default]
    Play,
    /// A cursor describes tiles (`x`).
    Look(LookState),
    /// The help screen of the mode it was opened from (`?`).
    Help {
        /// The mode to go back to, whose keys the help shows.
        from: Box<Mode>,
    },
    /// The message archive (`Ctrl-P`).
    Messages {
        /// Lines scrolled back from the newest.
        scroll: usize,
    },
    /// The large map of a grid of rooms' floor (`Tab`).
    Map,
}

impl Mode {
    /// Which kind of mode this is: what the key table is read for.
    pub fn kind(&self) -> ModeKind {
        match self {
            Mode::Play => ModeKind::Play,
            Mode::Look(_) => ModeKind::Look,
            Mode::Help { .. } => ModeKind::Help,
            Mode::Messages { .. } => ModeKind::Messages,
            Mode::Map => ModeKind::Map,
        }
    }

    /// The mode whose keys the help screen shows: the one it was opened from.
    pub fn help_for(&self) -> Option<ModeKind> {
        match self {
            Mode::Help { from } => Some(from.kind()),
            Mode::Play | Mode::Look(_) | Mode::Messages { .. } | Mode::Map => None,
        }
    }

    /// The look state, in look mode (or in the help opened from it).
    pub fn look(&self) -> Option<&LookState> {
        match self {
            Mode::Look(look) => Some(look),
            Mode::Help { from } => from.look(),
            Mode::Play | Mode::Messages { .. } | Mode::Map => None,
        }
    }
}
