//! A picture as PNG bytes.

use crate::PictureError;
use crate::canvas::Canvas;

/// `canvas` as a PNG of 8-bit RGB, in memory: a picture is written whole or not at all.
///
/// # Errors
/// [`PictureError::Encode`] if the encoder refuses it (a picture with no pixels).
pub fn encode_png(canvas: &Canvas) -> Result<Vec<u8>, PictureError> {
    let encode_error = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, canvas.width(), canvas.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer
        .write_image_data(canvas.rgb_bytes())
        .map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(bytes)
}
