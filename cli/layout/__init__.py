"""Geometry in millimetres: paper and card sizes, imposition, and the layout markup."""
