"""`tmars report`: many seeded bot games summed up as figures, CSV tables and one HTML page
(docs/report.md)."""
