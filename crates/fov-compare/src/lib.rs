//! Shared maps for the field-of-view comparison benchmark.
