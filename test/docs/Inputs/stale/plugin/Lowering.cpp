// The rows of Table.def.
