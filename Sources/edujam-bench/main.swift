import Sandbox
var limits = SandboxLimits()
limits.time = .milliseconds(200)
let sb = try Sandbox(limits: limits)
do { try sb.run("while true do end", name: "x.lua") } catch { print(error) }
