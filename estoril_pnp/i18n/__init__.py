"""Words: catalogs with plurals and lists, yes/no answers, one term per concept."""
