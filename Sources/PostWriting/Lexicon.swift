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
}
