"""Drawing: layouts resolved into drawing operations, then drawn onto ReportLab canvases."""
