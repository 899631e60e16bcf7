// Small word lists for the offline writer's reading of English and French text.

enum Lexicon {
    static let englishStopWords: Set<String> = [
        "the", "a", "an", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into",
        "onto", "upon", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "have", "has",
        "had", "having", "it", "its", "this", "that", "these", "those", "there", "here", "then", "than", "so", "such",
        "if", "when", "while", "which", "who", "whom", "whose", "what", "where", "why", "how", "all", "any", "each",
        "every", "some", "no", "not", "only", "own", "same", "too", "very", "can", "could", "will", "would", "shall",
        "should", "may", "might", "must", "i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she",
        "her", "they", "them", "their", "one", "about", "above", "after", "again", "against", "before", "below",
        "between", "both", "down", "during", "few", "further", "more", "most", "other", "out", "over", "under", "until",
        "up", "just", "also", "even", "much", "many", "well", "until", "through", "once", "because", "yet", "still",
        "often", "first", "just", "like", "make", "made", "use", "used", "add", "put", "place", "take",
    ]

    static let frenchStopWords: Set<String> = [
        "le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "et", "ou", "mais", "donc", "or", "ni", "car",
        "à", "au", "aux", "en", "dans", "sur", "sous", "par", "pour", "avec", "sans", "chez", "vers", "entre", "ce",
        "cet", "cette", "ces", "c", "ça", "cela", "qui", "que", "qu", "quoi", "dont", "où", "il", "elle", "ils", "elles",
        "on", "nous", "vous", "je", "j", "tu", "me", "m", "te", "t", "se", "s", "lui", "leur", "leurs", "son", "sa",
        "ses", "mon", "ma", "mes", "ton", "ta", "tes", "notre", "nos", "votre", "vos", "est", "sont", "était", "étaient",
        "être", "été", "a", "ont", "avait", "avaient", "avoir", "fait", "faire", "ne", "pas", "plus", "moins", "très",
        "tout", "tous", "toute", "toutes", "aussi", "comme", "si", "même", "bien", "peut", "peuvent", "y", "n", "se",
        "ainsi", "alors", "encore", "déjà", "chaque", "autre", "autres", "quand", "lorsque", "puis", "après", "avant",
        "peu", "beaucoup", "trop", "assez", "fois",
    ]

    /// Words common in one language and rare in the other, for a cheap language guess.
    static let englishMarkersOfLanguage: Set<String> = [
        "the", "and", "of", "to", "is", "in", "that", "it", "with", "for", "was", "this", "are", "be", "by", "from",
        "which", "or", "an", "have", "not", "you",
    ]
    static let frenchMarkersOfLanguage: Set<String> = [
        "le", "la", "les", "des", "du", "une", "est", "et", "dans", "pour", "que", "qui", "sur", "pas", "au", "aux",
        "avec", "ce", "cette", "sont", "ne", "où", "été", "mais", "nous", "vous", "elle", "il",
    ]

    /// Words that signal a claim, a rule or a contrast: the sentences worth quoting.
    static let englishMarkers: Set<String> = [
        "but", "yet", "instead", "rather", "never", "always", "only", "must", "because", "better", "best", "worst",
        "secret", "key", "truth", "true", "remember", "important", "essential", "matters", "mistake", "wrong",
        "nothing", "everything", "simple", "learn", "lesson", "however", "without", "enough", "real",
        "may", "can", "should", "will",
    ]
    static let frenchMarkers: Set<String> = [
        "mais", "pourtant", "jamais", "toujours", "seulement", "doit", "faut", "parce", "essentiel", "important",
        "clé", "secret", "vrai", "mieux", "meilleur", "rien", "sans", "cependant", "apprendre",
        "peut", "peuvent",
    ]

    /// Words and phrases that set one thing against another: the contrarian draft's favourite lines.
    static let englishContrasts: Set<String> = ["but", "yet", "instead", "rather", "never", "however", "without", "only", "not", "nothing"]
    static let frenchContrasts: Set<String> = ["mais", "pourtant", "jamais", "cependant", "sans", "seulement", "rien", "pas"]
    static let contrastPhrases = ["in place of", "instead of", "au lieu de", "plutôt que"]

    static func hasContrastPhrase(_ text: String) -> Bool {
        let lower = text.lowercased()
        return contrastPhrases.contains { lower.contains($0) }
    }

    static let englishImperatives: Set<String> = [
        "add", "pour", "cook", "remove", "stir", "place", "cover", "bake", "serve", "use", "take", "make", "put", "let",
        "try", "mix", "cut", "keep", "start", "stop", "think", "remember", "consider", "ask", "look", "clean",
        "season", "melt", "reduce", "arrange", "sprinkle", "strain", "boil", "fry", "bring", "beat", "wash", "press",
        "turn", "set", "fill", "write", "read", "check", "open", "close", "heat", "chop", "slice", "roll", "fold",
        "drain", "simmer", "whisk", "combine", "spread", "brush", "roast", "wipe", "insert", "click", "select",
        "connect", "install", "note", "avoid", "do", "don", "never", "always", "be", "give", "hold", "skim",
    ]
    static let frenchImperatives: Set<String> = [
        "ajoutez", "versez", "mettez", "faites", "prenez", "coupez", "laissez", "retirez", "servez", "mélangez",
        "ajouter", "verser", "mettre", "faire", "prendre", "couper", "laisser", "retirer", "servir", "mélanger",
        "pensez", "notez", "lisez", "écrivez", "regardez",
    ]

    /// Words about time and care, which make a step worth quoting in a page of instructions.
    static let craftWords: Set<String> = [
        "slow", "slowly", "until", "gently", "carefully", "care", "often", "patience", "patiently", "gradually",
        "tender", "time", "wait", "lentement", "doucement", "jusqu", "soin", "patience", "attendre", "temps",
    ]

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty",
        "thirty", "forty", "fifty", "hundred", "thousand", "half", "dozen", "un", "deux", "trois", "quatre", "cinq",
        "six", "sept", "huit", "neuf", "dix", "douze", "quinze", "vingt", "trente", "quarante", "cinquante", "soixante",
        "cent", "mille", "demi",
    ]
    static let fractionWords: Set<String> = ["half", "third", "fourth", "quarter", "eighth", "demi", "tiers", "quart"]
    static let units: Set<String> = [
        "tablespoon", "tablespoons", "teaspoon", "teaspoons", "cup", "cups", "pint", "pints", "quart", "quarts",
        "pound", "pounds", "ounce", "ounces", "inch", "inches", "minute", "minutes", "hour", "hours", "slice", "slices",
        "sprig", "sprigs", "degrees", "g", "kg", "mg", "ml", "cl", "l", "cm", "mm", "km", "m", "grammes", "grams",
        "litre", "litres", "cuillère", "cuillères", "tasse", "tasses", "heure", "heures", "seconds", "secondes",
        "percent", "pour", "cent", "%", "days", "jours", "years", "ans", "pieces", "morceaux",
    ]

    /// Prefixes that keep their hyphen when a line break splits them: "one-half", "self-made", "well-known".
    static let keptHyphenPrefixes: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "thirty", "forty",
        "fifty", "self", "well", "half", "non", "anti", "semi", "quasi", "demi", "avant", "arrière", "après",
    ]

    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "vs", "etc", "e.g", "i.e", "fig", "no", "p", "pp", "cf", "vol", "ch", "mme",
        "mlle", "m", "env", "av", "apr", "j.-c", "ex", "approx", "jr", "sr", "prof", "gen", "col", "lt", "capt",
    ]

    /// Short words a sentence may end on; any other word of one or two letters at the end is a sign of a cut line.
    static let shortEndings: Set<String> = [
        "it", "up", "on", "in", "us", "me", "go", "do", "so", "be", "to", "no", "is", "of", "at", "by", "an", "as", "he",
        "we", "ok", "oh", "or", "if", "my", "i", "a", "y", "en", "le", "la", "là", "où", "un", "ça", "il", "tu", "ce", "se", "eu", "vu",
        "dû", "pu", "su", "lu", "nu", "né", "ni", "va", "vs",
    ]

    // MARK: Verbs, for telling a sentence from a label or a list item

    /// Auxiliaries, modals and common English verbs in every form: base, -s, past, participles, -ing.
    static let englishVerbs: Set<String> = {
        let fixed = [
            "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "do", "does", "did", "done",
            "can", "could", "will", "would", "shall", "should", "may", "might", "must", "ought", "isn't", "aren't", "wasn't",
            "weren't", "hasn't", "haven't", "hadn't", "don't", "doesn't", "didn't", "can't", "couldn't", "won't", "wouldn't",
            "shouldn't", "it's", "that's", "there's", "here's", "what's", "let's", "i'm", "you're", "we're", "they're", "he's",
            "she's", "i've", "we've", "you've", "they've", "i'd", "we'd", "you'd", "they'd", "i'll", "we'll", "you'll", "they'll",
            "went", "gone", "came", "saw", "seen", "knew", "known", "took", "taken", "gave", "given", "made", "said", "told", "found",
            "thought", "brought", "bought", "felt", "kept", "left", "meant", "met", "paid", "sat", "stood", "understood", "wrote",
            "written", "ran", "began", "begun", "grew", "grown", "held", "heard", "lost", "led", "read", "spent", "sent", "built",
            "taught", "caught", "fought", "chose", "chosen", "spoke", "spoken", "broke", "broken", "fell", "fallen", "drew",
            "drawn", "drove", "driven", "ate", "eaten", "rose", "risen", "lay", "lain", "laid", "won", "sold", "hung", "cut", "put",
            "set", "let", "shut", "hit", "cost", "got", "gotten", "became", "become", "forgot", "forgotten", "slept", "swam",
            "sang", "sung", "threw", "thrown", "wore", "worn", "froze", "frozen", "shook", "shaken", "bore", "born", "tore", "torn",
            "lit", "fed", "bled", "bred", "fled", "sped", "stuck", "struck", "swept", "wept", "crept", "dealt", "dreamt", "burnt",
            "learnt", "spelt", "spilt", "leapt", "knelt", "beat", "beaten", "bit", "bitten", "hid", "hidden", "rode", "ridden",
        ]
        let bases = [
            "add", "allow", "appear", "apply", "ask", "bake", "become", "begin", "believe", "belong", "boil", "break", "bring", "build",
            "burn", "buy", "call", "care", "carry", "cause", "change", "check", "choose", "clean", "close", "come", "consider",
            "contain", "continue", "cook", "cool", "count", "cover", "create", "cut", "decide", "depend", "describe", "die", "do",
            "drain", "draw", "dress", "drink", "drive", "drop", "eat", "end", "enjoy", "explain", "fail", "fall", "feel", "fill",
            "find", "finish", "follow", "forget", "form", "fry", "get", "give", "go", "grow", "happen", "hate", "hear", "heat",
            "help", "hold", "hope", "include", "increase", "keep", "kill", "know", "last", "lead", "learn", "leave", "lie", "like",
            "listen", "live", "look", "lose", "love", "make", "matter", "mean", "meet", "melt", "mix", "move", "need", "notice",
            "offer", "open", "pass", "pay", "place", "plan", "play", "pour", "prefer", "prepare", "press", "produce", "protect",
            "provide", "pull", "push", "reach", "read", "realise", "realize", "receive", "reduce", "remain", "remember", "remove",
            "repeat", "report", "require", "rest", "return", "rise", "roast", "run", "say", "season", "see", "seem", "sell", "send",
            "serve", "set", "show", "simmer", "sit", "sleep", "slice", "smell", "speak", "spend", "stand", "start", "stay", "stir",
            "stop", "strain", "study", "succeed", "suggest", "suppose", "take", "talk", "taste", "teach", "tell", "tend", "think",
            "touch", "travel", "treat", "try", "turn", "understand", "use", "wait", "walk", "want", "warm", "wash", "watch", "wear",
            "win", "wish", "wonder", "work", "worry", "write", "charge", "connect", "flash", "plug", "switch", "unplug", "brush",
            "rinse", "replace", "install", "attach", "hurry", "fight", "shape", "multiply", "deliver", "compound", "improve",
            "matter", "argue", "show", "teach", "agree", "differ", "exist", "occur", "involve", "represent", "build", "measure",
            "record", "count", "affect", "allow", "sound", "rule", "lack", "fit", "suit", "beat", "baste", "truss", "skim", "season",
        ]
        var forms = Set(fixed)
        for base in bases {
            forms.insert(base)
            let stem = base.hasSuffix("e") ? String(base.dropLast()) : base
            if base.hasSuffix("y"), let before = base.dropLast().last, !"aeiou".contains(before) {
                let root = String(base.dropLast())
                forms.formUnion([root + "ies", root + "ied", base + "ing"])
            } else if base.hasSuffix("s") || base.hasSuffix("sh") || base.hasSuffix("ch") || base.hasSuffix("x") || base.hasSuffix("o") {
                forms.formUnion([base + "es", base + "ed", stem + "ing"])
            } else {
                forms.formUnion([base + "s", stem + "ed", stem + "ing"])
            }
            // One consonant after one vowel doubles: "stop", "stopped", "stopping".
            let letters = Array(base)
            if letters.count >= 3, !"aeiouwxy".contains(letters[letters.count - 1]), "aeiou".contains(letters[letters.count - 2]),
                !"aeiou".contains(letters[letters.count - 3])
            {
                forms.formUnion([base + String(letters.last!) + "ed", base + String(letters.last!) + "ing"])
            }
        }
        return forms
    }()

    /// Words of five letters or more ending in -ed that are not verbs.
    static let englishEdNouns: Set<String> = ["hundred", "kindred", "sacred", "naked", "wicked", "rugged", "ragged", "crooked", "beloved"]

    /// Words after which a verb in -s is likely: "it takes", "this means".
    static let englishSubjects: Set<String> = [
        "it", "he", "she", "this", "that", "which", "who", "one", "everyone", "everything", "nothing", "something", "nobody",
        "each", "what",
    ]

    /// Être, avoir and common French verb forms, with the modals.
    static let frenchVerbs: Set<String> = [
        "est", "sont", "était", "étaient", "sera", "seront", "serait", "soit", "sois", "suis", "es", "sommes", "êtes", "fut",
        "a", "ont", "avait", "avaient", "aura", "auront", "aurait", "ai", "as", "avons", "avez", "eut",
        "fait", "font", "faisait", "va", "vont", "allait", "peut", "peuvent", "pouvait", "doit", "doivent", "devait", "faut",
        "fallait", "veut", "veulent", "voulait", "sait", "savent", "dit", "disent", "disait", "voit", "voient", "prend",
        "prennent", "met", "mettent", "vient", "viennent", "tient", "permet", "permettent", "reste", "restent", "semble",
        "devient", "donne", "donnent", "trouve", "passe", "laisse", "appelle", "utilise", "utilisent", "commence", "forme",
        "vit", "vivent", "mange", "mangent", "cuit", "ajoute", "verse", "mélange", "sert", "servent",
    ]
}
