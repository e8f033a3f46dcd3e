// A corpus source (only counted).
