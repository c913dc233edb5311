"""A print shop's preflight of finished files: PDFs (and a shop's PNGs) read as they are, whoever made them."""
