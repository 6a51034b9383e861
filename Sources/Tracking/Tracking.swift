// Tracking: see docs/ARCHITECTURE.md.
