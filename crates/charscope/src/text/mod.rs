//! Text as a whole: its lengths under each counting model, and its normalization forms.

pub mod metrics;
pub mod normalization;
