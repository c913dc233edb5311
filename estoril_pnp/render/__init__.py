"""Drawing: pieces onto ReportLab canvases, and pieces onto sheets of paper."""
