"""The file system's edge: where the shipped pack, templates and fonts are, the path guard, atomic
writes, all-or-nothing output folders."""
