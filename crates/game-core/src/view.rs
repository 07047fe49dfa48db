//! What the player chose to see beyond the rules: the whole map (`M`), room labels (`T`)
//! and the help screen (`?`). None changes what the `@` has seen or remembers.

/// The view toggles. All start off, and all last across new dungeons (`R`, `G`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ViewToggles {
    /// `M`: every tile of the map is drawn, unseen ones in the remembered colours.
    pub reveal_map: bool,
    /// `T`: room labels `A`, `B`, `C`... at the centres of rooms in view, in placement
    /// order.
    pub show_labels: bool,
    /// `?`: the help screen, the key table, over the map.
    pub show_help: bool,
}
