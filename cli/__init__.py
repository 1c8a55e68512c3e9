"""pnpkit: print-and-play card-game kits, laid out in millimetres and drawn with ReportLab."""

__version__ = "0.1.0"
