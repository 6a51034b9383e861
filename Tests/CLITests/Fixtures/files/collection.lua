-- The games collection: the root of the activity tree, as an app's bundle id
-- is in ClassKit. Every game in this folder sits under it.
return {
  id = "org.example.files",
  title = "Files",
  locale = "en",
}
