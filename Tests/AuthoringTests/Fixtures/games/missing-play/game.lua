return {
  id = "MISSING-PLAY",
  title = "Missing Play",
}
