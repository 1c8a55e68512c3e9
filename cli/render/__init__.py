"""Draw validated layout markup with ReportLab: the only package that imports it."""
