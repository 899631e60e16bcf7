// The English table of the offline writer's lines. None of them claims the reader's own experience.

extension PhraseBank {
    static let english = PhraseBank(
        lines: [
            .recipe: [
                .punchy: [
                    .hook: [
                        "Good cooking is mostly patience, written down.", "The best kitchen advice fits in one line.", "Old recipes waste no words.",
                        "A recipe is a promise in plain words.", "Cooks have always written short.", "The method matters more than the list.",
                        "One step, done right, carries the dish.", "Kitchen wisdom travels in single sentences.",
                    ],
                    .question: [
                        "What's the one step you never skip?", "Which kitchen rule do you follow without thinking?",
                        "Which step would you teach first?", "What does your own kitchen rule say?",
                    ],
                ],
                .contrarian: [
                    .hook: [
                        "We treat recipes as lists of ingredients. The good ones are about timing.",
                        "Unpopular opinion: an old cookbook explains a process better than most playbooks.",
                        "Everyone wants the secret ingredient. Read the method instead.", "Speed is overrated in a kitchen, and in most work.",
                        "The shortcut versions of recipes keep losing the point.", "We copy ingredients. We rarely copy the care.",
                    ],
                    .support: [
                        "No hype, no shortcuts: the step, and the care it takes.", "The care is the recipe; the list is only the start.",
                        "Timing, order, attention: the parts nobody photographs.",
                    ],
                ],
                .personal: [
                    .hook: [
                        "One line from {source} worth pinning above the stove:", "The step from {source} I'd underline:",
                        "From {source}, the line I'd copy onto a recipe card:", "A line from {source} that belongs on the fridge door:",
                        "The sentence from {source} I'd hand to anyone learning to cook:", "From {source}, one line worth keeping by the stove:",
                    ],
                    .support: ["What I take from it: good instructions give the reason as well as the step."],
                    .stepSupport: ["What I take from it: the care is in small steps like this one, the ones nobody photographs."],
                ],
                .analytical: [
                    .hook: [
                        "Why this recipe is easy to follow:", "What makes a recipe work? This one, broken down.",
                        "A recipe from {source}, read closely.",
                        "How a good recipe is built, from {source}:", "This recipe, taken apart:", "Three things this recipe gets right:",
                    ],
                    .question: ["Which of these habits would make your own instructions clearer?", "Which would you copy into your own recipes?"],
                ],
                .openQuestion: [
                    .hook: [
                        "Why do the simplest recipes ask for the most patience?", "Is there still room for slow work in a fast week?",
                        "What would cooking look like without shortcuts?", "Do we still follow recipes, or only skim them?",
                        "When did patience stop being an ingredient?", "Who still cooks the long way?",
                    ],
                    .support: [
                        "Instructions like this assume the cook will slow down and pay attention.",
                        "A recipe like this trusts the cook to wait.",
                    ],
                ],
            ],
            .manual: [
                .punchy: [
                    .hook: [
                        "The most useful writing nobody reads: the manual.", "Plain instructions are a form of respect.",
                        "Read the instructions first. Really.", "Good manuals are short on purpose.", "Clear beats clever in a manual.",
                        "Every device deserves one plain sentence.",
                    ],
                    .question: ["When did you last read the instructions before starting?", "What's the clearest instruction you've been given?"],
                ],
                .contrarian: [
                    .hook: [
                        "We skip manuals because we assume we already know.",
                        "Unpopular opinion: the manual is the most honest document a company writes.",
                        "“Intuitive” products still need one plain sentence of instruction.", "Nobody reads manuals. That's our loss.",
                        "The boring page is often the useful one.",
                    ],
                    .support: ["It isn't exciting. It's correct, which matters more.", "No marketing in it, only what to do next."],
                ],
                .personal: [
                    .hook: [
                        "One line from {source} more people should read:", "The instruction from {source} I'd underline:",
                        "From a manual, of all places, a line worth keeping:", "The sentence from {source} I'd print and tape up:",
                        "A plain instruction from {source} worth keeping:",
                    ],
                    .support: [
                        "What I take from it: clear writing tells you what to do next, in the order you need it.",
                        "What I take from it: one plain instruction beats a page of features.",
                    ],
                ],
                .analytical: [
                    .hook: [
                        "Why these instructions are easy to follow:", "What makes a manual work? A quick breakdown.",
                        "A page of instructions, read closely.", "How plain instructions are built:", "A manual page, taken apart:",
                    ],
                    .question: [
                        "Which of these habits would make your own instructions clearer?", "What would you borrow for your own how-to pages?",
                    ],
                ],
                .openQuestion: [
                    .hook: [
                        "Why is plain instruction so rare?", "Who still reads the manual first?", "What would change if we read instructions?",
                        "Why do we trust our guess over the manual?", "Is a product that needs a manual a failure, or an honest one?",
                    ],
                    .support: ["Instructions like this assume someone will read them.", "A line like this is written for the person in a hurry."],
                ],
            ],
            .novel: [
                .punchy: [
                    .hook: [
                        "One line of fiction can say what a slide deck can't.", "A novel gets there in one sentence.", "Stories say it faster.",
                        "Fiction does in a line what reports do in pages.", "One sentence. A whole person in it.",
                        "Novelists know where to stop.",
                    ],
                    .question: ["Which line from a novel has stayed with you?", "What's a sentence from fiction you still quote?"],
                ],
                .contrarian: [
                    .hook: [
                        "We call fiction an escape. Often it's the clearest account of real life we get.",
                        "Unpopular opinion: novels teach more about people than most leadership books.",
                        "Reading fiction isn't time off from learning.",
                        "The best case studies are often made up.", "A scene can teach what a framework can't.",
                    ],
                    .support: ["It doesn't argue. It shows.", "No lesson is stated. It doesn't need to be."],
                ],
                .personal: [
                    .hook: [
                        "A line of fiction from {source} I want to remember:", "From {source}, a sentence that does a chapter's work:",
                        "The sentence from this story I'd underline:", "From {source}, a line that says more than it seems to:",
                        "One sentence from {source} worth reading twice:",
                    ],
                    .support: [
                        "What I take from it: one sentence can carry a whole character.",
                        "What I take from it: what people leave unsaid is often the point.",
                    ],
                ],
                .analytical: [
                    .hook: [
                        "How this passage works:", "What makes this scene hold? A quick breakdown.", "A page of fiction, read closely.",
                        "A scene from {source}, taken apart:", "Why this passage lands:",
                    ],
                    .question: ["What makes a sentence in a story stick for you?", "Which of these choices would you use in your own writing?"],
                ],
                .openQuestion: [
                    .hook: [
                        "What does a novel know that a report doesn't?", "Can one line of fiction change how you see people at work?",
                        "Why do made-up people teach us so much?", "Is fiction the most honest kind of writing?",
                    ],
                    .support: ["Fiction rarely states its lesson. This line nearly does.", "A story lets you reach the point yourself."],
                ],
            ],
            .essay: [
                .punchy: [
                    .hook: [
                        "One sentence. The whole argument.", "Some lines do more work than whole chapters.", "Short. Clear. True.",
                        "The point, in one line.", "A whole idea, no padding.", "Worth reading slowly.", "Plain words, big idea.",
                        "This is how you say it.",
                    ]
                ],
                .contrarian: [
                    .hook: [
                        "The usual advice says the opposite.", "Unpopular opinion: the plain old ideas still beat the clever new ones.",
                        "We overcomplicate this. The page doesn't.", "Most advice on this is louder and less right.",
                        "The fashionable view misses something here.", "We keep relearning what was already written down.",
                    ],
                    .support: ["It's stated plainly, without hedging. That's the point.", "No framework, no jargon: one clear claim."],
                ],
                .personal: [
                    .hook: [
                        "One line from {source} I want to remember:", "If I could keep one sentence from {source}, it would be this one:",
                        "A sentence worth underlining, from {source}:", "From {source}, the line that says it best:",
                        "The sentence from {source} worth copying out by hand:", "One line from {source} worth saving:",
                    ],
                    .support: [
                        "What I take from it: it's about “{topic}”, and it says so without padding.",
                        "What I take from it: the plain version of an idea is usually the one that lasts.",
                        "What I take from it: a clear claim about “{topic}” is rarer than it should be.",
                    ],
                ],
                .analytical: [
                    .hook: [
                        "What makes this page work? A quick breakdown.", "Why this argument is easy to follow:",
                        "One page from {source}, read closely.",
                        "How this argument is built:", "A page about “{topic}”, taken apart:", "What this page does well:",
                    ],
                    .question: ["Which of these choices would you borrow for your own writing?", "Which of these would you copy?"],
                ],
                .openQuestion: [
                    .hook: [
                        "Is this still true today?", "Do we believe this, or do we just repeat it?", "What if this is simply right?",
                        "How much of this have we forgotten?", "Would this hold in your line of work?", "Is “{topic}” as simple as this?",
                    ],
                    .support: ["Or is it one of those ideas we repeat without ever testing?", "Simple to say. Harder to live by."],
                ],
            ],
            nil: [
                .punchy: [
                    .question: [
                        "Would you put it any differently?", "What would you add to it?", "Does it hold up in your line of work?",
                        "Would you say it shorter?", "Where have you seen this play out?", "What line would you put beside it?",
                        "Which word does the work here?", "Would this survive an edit of yours?", "What would you add about “{topic}”?",
                        "Is that how you'd put “{topic}”?", "Where does “{topic}” show up in your work?", "What's your one line on “{topic}”?",
                    ],
                    .countTail: [
                        "Nothing wasted.", "Not one spare.", "All of them working.", "None for show.", "Each one earns its place.",
                    ],
                    .noCount: ["Say less. Mean all of it.", "Less, but all of it meant.", "Short is a skill."],
                ],
                .contrarian: [
                    .support: [
                        "Plain, and the stronger for it.", "It doesn't need to shout.", "The quiet version is the true one.",
                        "Nothing new, and that's the point.", "On “{topic}”, the plain claim is the strong one.",
                        "Most of what's said about “{topic}” is louder and less right.", "It says more about “{topic}” than a thread of hot takes.",
                    ],
                    .question: [
                        "Am I reading too much into it?", "Where do you disagree?", "Which plain idea do you think is underrated?",
                        "What's the unfashionable idea you still stand by?", "Which old rule do you still follow?", "Is this right, or only neat?",
                        "What would you push back on?", "Where do you stand on “{topic}”?", "What does the usual advice on “{topic}” miss?",
                        "Is “{topic}” simpler than we make it?", "Who gets “{topic}” wrong, in your experience of work?",
                    ],
                ],
                .personal: [
                    .question: [
                        "Which sentence would you underline?", "What line would you keep from it?", "What's a sentence you'd keep?",
                        "What have you copied out lately?", "Which line from your reading would you pin up?", "What would you underline here?",
                        "Which sentence are you keeping this week?", "What's the best line you've read on “{topic}”?",
                        "Which line about “{topic}” would you keep?", "What would you underline about “{topic}”?",
                    ]
                ],
                .analytical: [
                    .lead: [
                        "The line that carries it:", "The sentence doing the work:", "Where it all lands:", "The line to read twice:",
                        "The sentence it turns on:", "The key line:", "Where “{topic}” comes in:", "The line on “{topic}”:",
                        "What it says about “{topic}”:",
                    ],
                    .stepLead: ["A typical step:", "One step, as written:", "How a step reads:", "A step, word for word:"],
                    .singleQuestion: [
                        "Would you have written it the same way?", "What would you change in it?", "Could it be any shorter?",
                        "Would it work in your field?", "How would you say it about “{topic}”?",
                    ],
                    .question: [
                        "How would you write about “{topic}” with the same habits?", "Which of these would help your next page on “{topic}”?",
                    ],
                ],
                .openQuestion: [
                    .support: [
                        "Or is it one of those ideas we repeat without ever testing?", "It sounds obvious. Is it?",
                        "We talk about “{topic}” a lot. We rarely say it this plainly.", "“{topic}” sounds settled. Is it?",
                        "A plain claim about “{topic}”, and worth testing.",
                    ],
                    .question: [
                        "Where have you seen it hold, and where has it broken down?", "What would you add?", "Where do you stand on it?",
                        "What's your experience of it?", "Would you sign up to it?", "What would make it false?", "Who needs to hear this?",
                        "What has “{topic}” looked like where you work?", "Would you change anything about “{topic}” after reading it?",
                        "Is “{topic}” the real point here, or something else?",
                    ],
                    .askedHook: [
                        "The page asks a question worth putting to ourselves:", "A question from the page, worth a minute:",
                        "The page asks this, and it's a good question:",
                    ],
                    .askedSupport: [
                        "It answers in a few lines. Could we?", "Its answer is short. Ours might not be.", "Worth answering before reading on.",
                    ],
                    .askedQuestion: ["How would you answer it, in one line?", "What's your answer?", "Your answer, in a sentence?"],
                ],
            ],
        ],
        thisPage: "this page")
}
