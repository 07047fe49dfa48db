//! What the integration tests share.

pub mod sim;
pub mod skips;
