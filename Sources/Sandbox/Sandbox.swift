// Sandbox: see docs/ARCHITECTURE.md.
