// Runtime: see docs/ARCHITECTURE.md.
