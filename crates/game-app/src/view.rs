//! What the player chose to see beyond the rules: the whole map (`M`) and room labels
//! (`T`). Neither changes what the `@` has seen or remembers.

/// The view toggles. Both start off, and both last across levels and new games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ViewToggles {
    /// `M`: every tile of the map is drawn, unseen ones in the remembered colours.
    pub reveal_map: bool,
    /// `T`: room labels `A`, `B`, `C`... at the centres of rooms in view, in placement
    /// order.
    pub show_labels: bool,
}
