"""The rulebook: a Jinja template and the catalogs make one plain document (content.py);
one builder per output turns it into a PDF (pdf.py) or a self-contained HTML page (html.py)."""
