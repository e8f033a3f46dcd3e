// The rows of Rows.def.
