//! The message log: what the game told the player, the last lines on the panel and the
//! whole archive (`Ctrl-P`). Identical lines in a row are folded into one with a count,
//! as DCSS and Brogue CE do: "You see stairs down. (x3)".

use std::collections::VecDeque;

/// How many lines the archive keeps; older ones are dropped.
pub const ARCHIVE_LINES: usize = 500;

/// The messages so far, oldest first, each with how many times it came in a row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MessageLog {
    lines: VecDeque<(String, u32)>,
}

impl MessageLog {
    /// An empty log.
    pub fn new() -> MessageLog {
        MessageLog::default()
    }

    /// Adds `text`, folded into the last line when it is the same text.
    ///
    /// ```
    /// use game_app::log::MessageLog;
    /// let mut log = MessageLog::new();
    /// for _ in 0..3 {
    ///     log.push("You see stairs down.");
    /// }
    /// log.push("Explored this level.");
    /// assert_eq!(log.last(2), ["You see stairs down. (x3)", "Explored this level."]);
    /// ```
    pub fn push(&mut self, text: &str) {
        match self.lines.back_mut() {
            Some((last, count)) if last == text => *count = count.saturating_add(1),
            _ => {
                self.lines.push_back((text.to_string(), 1));
                if self.lines.len() > ARCHIVE_LINES {
                    self.lines.pop_front();
                }
            }
        }
    }

    /// How many lines the log holds (folded lines count once).
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// True before the first message.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Line `i`, oldest first, as shown: with " (xN)" when it came N > 1 times in a row.
    pub fn line(&self, i: usize) -> Option<String> {
        self.lines.get(i).map(|(text, count)| shown(text, *count))
    }

    /// The last `n` lines (fewer when the log is shorter), oldest first, as shown.
    pub fn last(&self, n: usize) -> Vec<String> {
        let from = self.lines.len().saturating_sub(n);
        (from..self.lines.len())
            .filter_map(|i| self.line(i))
            .collect()
    }

    /// Every line, oldest first, as shown.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.lines.iter().map(|(text, count)| shown(text, *count))
    }
}

fn shown(text: &str, count: u32) -> String {
    if count > 1 {
        format!("{text} (x{count})")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lines_in_a_row_fold() {
        let mut log = MessageLog::new();
        for text in ["a", "a", "b", "a"] {
            log.push(text);
        }
        assert_eq!(log.lines().collect::<Vec<_>>(), ["a (x2)", "b", "a"]);
        assert_eq!(log.last(10).len(), 3);
        assert_eq!(log.line(3), None);
    }

    #[test]
    fn the_archive_keeps_the_last_lines() {
        let mut log = MessageLog::new();
        for i in 0..ARCHIVE_LINES + 40 {
            log.push(&format!("line {i}"));
        }
        assert_eq!(log.len(), ARCHIVE_LINES);
        assert_eq!(log.line(0).unwrap(), "line 40");
        assert_eq!(log.last(1), [format!("line {}", ARCHIVE_LINES + 39)]);
        const { assert!(ARCHIVE_LINES >= 300) };
    }
}
