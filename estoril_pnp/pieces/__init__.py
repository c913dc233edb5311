"""Every piece of a pack in one language as plain data in mm, and which pictures of them an output takes."""
