// Authoring: edujam new and check. See docs/ARCHITECTURE.md.
