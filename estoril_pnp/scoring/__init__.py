"""The score sheet language: a sheet read and checked, records checked against it, scores computed,
shown, asked and padded."""
