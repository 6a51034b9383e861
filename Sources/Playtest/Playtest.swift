// Playtest: transcripts, bots, fuzzing. See docs/ARCHITECTURE.md.
