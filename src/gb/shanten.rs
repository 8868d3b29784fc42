//! GB shanten (filled in below).
