//! What can go wrong when drawing a picture.

use crate::canvas::MAX_PIXELS;
use crate::dungeon_picture::TileSize;

/// Why a picture was not made. Each message is one line naming the value and what is
/// allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PictureError {
    /// A tile size outside [`TileSize::MIN`]`..=`[`TileSize::MAX`].
    #[error(
        "tile size {value} is not allowed: {min} to {max} pixels",
        min = TileSize::MIN,
        max = TileSize::MAX
    )]
    TileSize {
        /// The size asked for.
        value: u32,
    },
    /// A picture of more than [`MAX_PIXELS`] pixels.
    #[error(
        "a picture of {width}x{height} pixels is too large: at most {MAX_PIXELS} pixels \
         (4096x4096); use a smaller tile size, fewer seeds or a smaller map"
    )]
    TooLarge {
        /// Columns of pixels asked for.
        width: u64,
        /// Rows of pixels asked for.
        height: u64,
    },
    /// A GIF with a side over 65,535 pixels, the most the format holds.
    #[error(
        "a GIF of {width}x{height} pixels is too large: at most 65535 pixels a side; \
         use a smaller tile size or a smaller map"
    )]
    GifSide {
        /// Columns of pixels asked for.
        width: u64,
        /// Rows of pixels asked for.
        height: u64,
    },
    /// An animation whose frames would hold more than
    /// [`MAX_ANIMATION_PIXELS`](crate::animation::MAX_ANIMATION_PIXELS) pixels in all.
    #[error(
        "an animation of {frames} frames of {width}x{height} pixels is too large: at most \
         {max} pixels in all frames together; use fewer frames, a smaller tile size or a \
         smaller map",
        max = crate::animation::MAX_ANIMATION_PIXELS
    )]
    TooLong {
        /// Frames asked for.
        frames: usize,
        /// Columns of pixels of a frame.
        width: u64,
        /// Rows of pixels of a frame.
        height: u64,
    },
    /// More colours than a GIF's palette holds (tiles of one's own drawn in many colours).
    #[error("an animation of {colours} colours: a GIF holds at most 256")]
    TooManyColours {
        /// Colours the pictures use.
        colours: usize,
    },
    /// A contact sheet of no dungeons, or with no columns.
    #[error("a contact sheet needs at least one dungeon and one column, not {what}")]
    EmptySheet {
        /// What was missing.
        what: &'static str,
    },
    /// The game's built-in font, used for labels, did not decode.
    #[error("{0}")]
    Font(String),
    /// The PNG encoder refused the picture.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// The GIF encoder refused the animation.
    #[error("cannot encode the GIF: {0}")]
    EncodeGif(String),
}
