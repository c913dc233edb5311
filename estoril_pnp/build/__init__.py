"""The print-and-play set: what is built for which languages and paper, the PDFs, the extras, what is unchanged."""
