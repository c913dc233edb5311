"""Reading a pack's files: YAML with the line of every key, typed records, ids, the pack-then-shipped file lookup."""
