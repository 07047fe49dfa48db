//! A recorded generation: the steps, each a caption and the tiles it set.

use std::fmt;

use crate::{Map, MapError, Point, Tile};

/// What a step did, as its report named it: a stage's caption, or a repeated step's
/// caption and its number among the steps of that caption ("smoothing pass 3").
///
/// ```
/// use mapgen::prelude::*;
/// let (_, recording) = RoomsSettings::default().record(1)?;
/// let first = recording.steps().next().unwrap().caption;
/// assert_eq!((first.text(), first.number()), ("room", Some(1)));
/// assert_eq!(first.to_string(), "room 1");
/// # Ok::<(), mapgen::GenerateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Caption {
    text: &'static str,
    number: Option<u32>,
}

impl Caption {
    pub(crate) const fn new(text: &'static str, number: Option<u32>) -> Caption {
        Caption { text, number }
    }

    /// The caption as the generator reported it.
    pub const fn text(self) -> &'static str {
        self.text
    }

    /// The step's number among the steps of its caption (from 1); `None` for a stage.
    pub const fn number(self) -> Option<u32> {
        self.number
    }
}

impl fmt::Display for Caption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(n) => write!(f, "{} {n}", self.text),
            None => f.write_str(self.text),
        }
    }
}

/// One step of a [`Recording`] (or a frame: several steps taken together): its caption
/// and the tiles it set, to be applied in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step<'a> {
    /// What the step did (for a frame, what its last step did).
    pub caption: Caption,
    /// The tiles set, in the order to apply them.
    pub set: &'a [(Point, Tile)],
}

impl Step<'_> {
    /// Sets this step's tiles on `map`.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let (dungeon, recording) = MazeSettings::default().record(3)?;
    /// let mut map = Map::new(recording.width(), recording.height())?;
    /// for frame in recording.frames(20) {
    ///     frame.apply(&mut map);
    /// }
    /// assert_eq!(map, dungeon.map);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&self, map: &mut Map) {
        for &(p, tile) in self.set {
            map.set(p, tile);
        }
    }
}

/// Where a step ends in the list of changes, and its caption.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    caption: Caption,
    end: usize,
}

/// A recorded generation, made by a [`DiffRecorder`](super::DiffRecorder): the map's
/// size and the steps in order, each the tiles it changed. Applied in order to an
/// all-wall map of that size ([`Recording::replay`]), the steps give the final map.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Recording {
    width: i32,
    height: i32,
    marks: Vec<Mark>,
    changes: Vec<(Point, Tile)>,
}

impl Recording {
    pub(crate) fn new(width: i32, height: i32) -> Recording {
        Recording {
            width,
            height,
            ..Recording::default()
        }
    }

    /// Appends the step `caption` that set the tiles `set`.
    pub(crate) fn push(&mut self, caption: Caption, set: impl IntoIterator<Item = (Point, Tile)>) {
        self.changes.extend(set);
        self.marks.push(Mark {
            caption,
            end: self.changes.len(),
        });
    }

    /// The map's width in tiles.
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// The map's height in tiles.
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// How many steps.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// The steps, in order.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = Step<'_>> + '_ {
        (0..self.marks.len()).map(|i| self.span(i, i + 1))
    }

    /// The steps taken together into at most `max` frames (at least one), as even in
    /// steps as they divide: each frame sets the tiles of its steps in order and has the
    /// caption of its last. Played in order on an all-wall map they give the final map,
    /// as the steps do. A recording of no steps has no frames.
    ///
    /// ```
    /// use mapgen::prelude::*;
    /// let (_, recording) = MazeSettings::default().record(5)?;
    /// assert!(recording.len() > 30);
    /// let frames = recording.frames(30);
    /// assert_eq!(frames.len(), 30);
    /// assert_eq!(frames.last().unwrap().caption, recording.steps().last().unwrap().caption);
    /// assert_eq!(recording.frames(usize::MAX).len(), recording.len());
    /// # Ok::<(), mapgen::GenerateError>(())
    /// ```
    pub fn frames(&self, max: usize) -> Vec<Step<'_>> {
        let steps = self.marks.len();
        let count = steps.min(max.max(1));
        // Frame `i` ends after step `(i + 1) * steps / count` (rounded down), so frame
        // sizes differ by at most one step and the last frame ends at the last step.
        let end = |i: usize| ((i as u128 + 1) * steps as u128 / count as u128) as usize;
        (0..count)
            .map(|i| {
                let first = if i == 0 { 0 } else { end(i - 1) };
                self.span(first, end(i))
            })
            .collect()
    }

    /// Steps `first..end` as one: their changes and the last one's caption.
    fn span(&self, first: usize, end: usize) -> Step<'_> {
        let from = first
            .checked_sub(1)
            .and_then(|i| self.marks.get(i))
            .map_or(0, |m| m.end);
        let last = self.marks[end - 1];
        Step {
            caption: last.caption,
            set: &self.changes[from..last.end],
        }
    }

    /// The map the steps make: an all-wall map of the recording's size with every step
    /// applied in order.
    ///
    /// # Errors
    /// [`MapError`] when the map's memory cannot be had.
    pub fn replay(&self) -> Result<Map, MapError> {
        let mut map = Map::new(self.width, self.height)?;
        for &(p, tile) in &self.changes {
            map.set(p, tile);
        }
        Ok(map)
    }
}
