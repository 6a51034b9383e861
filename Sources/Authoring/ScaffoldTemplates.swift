/// The text of a new game's files. The quiz's answers are fixed, so the transcript
/// and the bot below stay right until the author changes the questions.
enum ScaffoldTemplates {
    static func files(id: String, title: String, type: String, topic: String?, folder: String) -> [(
        path: String, text: String
    )] {
        [
            ("game.lua", game(id: id, title: title, type: type, topic: topic, folder: folder)),
            ("tests/quiz.play", transcript(title: title)),
            ("tests/student.bot.lua", bot(title: title)),
        ] + EditorDefinitions.files
    }

    static func game(id: String, title: String, type: String, topic: String?, folder: String) -> String {
        let topicLine =
            topic.map { "  topic = \"\($0)\"," } ?? "  -- topic = \"math\",   -- math, science, literacyAndWriting, ..."
        return """
            -- \(title): a three-question quiz, made by `edujam new`.
            --
            -- Change the questions below, then:
            --   edujam check \(folder)    finds mistakes, with file:line and a hint
            --   edujam test \(folder)     runs tests/ (update them when you change questions)
            --   edujam play \(folder)     plays it (add --watch to replay when you save)
            -- Every function a game can use is in docs/lua-api.md.

            -- Each question: what to ask, and the answer we accept.
            local QUESTIONS = {
              { ask = "What is 2 + 3?", answer = "5" },
              { ask = "How many days are in a week?", answer = "7" },
              { ask = "What colour do you get by mixing blue and yellow?", answer = "green" },
            }

            -- "  Green " and "green" count as the same answer.
            local function tidy(text)
              return (text:gsub("%s+", "")):lower()
            end

            -- play runs once per student attempt. (A game with levels gets the level's id
            -- as play(level); this one has none.)
            local function play()
              activity.start()                -- first: starts the attempt and its timer
              say("Welcome to \(title)! Answer " .. #QUESTIONS .. " questions.")
              local right = 0
              for i, q in ipairs(QUESTIONS) do
                local answer = ask("Question " .. i .. ": " .. q.ask)
                if answer == nil then         -- the student left: stop, without finishing
                  say("Goodbye!")
                  activity.stop()
                  return
                end
                if tidy(answer) == tidy(q.answer) then
                  right = right + 1
                  say("Correct!")
                else
                  say("Not quite: the answer is " .. q.answer .. ".")
                end
                activity.progress(i / #QUESTIONS)  -- how far the student got, as they go
              end
              say("You got " .. right .. " of " .. #QUESTIONS .. " right.")
              -- The result teachers see, set once the run is over: a student who leaves
              -- half-way gets no score (and no "failed"), only their progress.
              activity.score("correct", right, #QUESTIONS, "Correct answers")
              activity.finish()               -- last: the run counts as finished
            end

            -- The declaration: who this game is (docs/lua-api.md lists every field). The
            -- ---@type line lets an editor with lua-language-server check the fields as you type.
            ---@type edujam.Game
            local game = {
              id = "\(id)",
              title = "\(title)",
              type = "\(type)",
            \(topicLine)
              summary = "A three-question quiz.",
              minutes = { 1, 3 },
              play = play,
            }

            return game

            """
    }

    static func transcript(title: String) -> String {
        """
        # Transcripts for \(title): a case is a scripted student and what the game must say.
        # `> text` is what the student types; other lines must appear in the output since the
        # previous input; `report:` lines check the tracked result. Format: docs/playtesting.md.

        * all answers right
        Welcome to \(title)!
        Question 1: What is 2 + 3?
        > 5
        Correct!
        > 7
        Correct!
        > Green
        Correct!
        You got 3 of 3 right.
        report: outcome = finished
        report: correct = 3/3
        report: progress = 1
        report: primary = correct

        * one wrong answer
        > 5
        > 6
        Not quite: the answer is 7.
        > green
        You got 2 of 3 right.
        report: outcome = finished
        report: correct = 2/3

        * the student leaves after one question: no score, only progress
        > 5
        Goodbye!
        report: outcome = quit
        report: primary = none

        """
    }

    static func bot(title: String) -> String {
        """
        -- A bot student for \(title): plays 20 times, knows the first two answers and
        -- guesses the last one. Format: docs/playtesting.md.
        local KNOWN = {
          ["What is 2 + 3?"] = "5",
          ["How many days are in a week?"] = "7",
        }

        return {
          seeds = { 1, 20 },
          think = 2,

          -- prompt is what the game asked ("Question 1: What is 2 + 3?").
          answer = function(prompt, output)
            local question = prompt:match("^Question %d+: (.*)$")
            assert(question, "not a question: " .. prompt)
            return KNOWN[question] or "purple"
          end,

          check = function(report)
            assert(report.outcome == "finished", "outcome " .. report.outcome)
            assert(report.items.correct.score == 2, "score " .. report.items.correct.score)
            assert(report.items.correct.maxScore == 3)
            assert(report.progress == 1)
          end,
        }

        """
    }
}
