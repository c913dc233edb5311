"""The designer's loop: a live gallery of a pack's pieces that follows every save."""
