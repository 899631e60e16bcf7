// What sort of page an excerpt is (a recipe, a manual, a novel, an essay), read from its words: it decides how drafts open.

/// The kind of page, guessed from cheap signals. Drafts open to fit it: nobody puts a manual down in awe.
public enum PageKind: String, Sendable, CaseIterable {
    case recipe, manual, novel, essay

    static func classify(words: [String], sentences: Int, imperatives: Int, quantities: Int, text: String) -> PageKind {
        // Distinct words, so one word repeated ("minutes", "mode") does not make a genre.
        let cooking = Set(words.filter { cookingWords.contains($0) }).count
        let device = Set(words.filter { deviceWords.contains($0) }).count
        let speech = words.filter { speechWords.contains($0) }.count
        let dialogue = text.filter { "“”«»\"".contains($0) }.count
        let stepShare = sentences == 0 ? 0 : Double(imperatives) / Double(sentences)
        if device >= 3, device > cooking { return .manual }
        if cooking >= 3 && (quantities >= 1 || stepShare >= 0.25) { return .recipe }
        if device >= 2 && stepShare >= 0.2 { return .manual }
        if speech >= 1 && dialogue >= 2 { return .novel }
        let narration = words.filter { narrationWords.contains($0) }.count
        if words.count >= 40, Double(narration) / Double(words.count) > 0.045, dialogue >= 2 || speech >= 1 { return .novel }
        return .essay
    }

    static let cookingWords: Set<String> = [
        "cup", "cups", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "oven", "bake", "baked", "boil", "boiling", "stir",
        "salt", "pepper", "flour", "butter", "sugar", "sauce", "simmer", "roast", "roasted", "roasting", "fry", "frying", "chicken",
        "cook", "cooked", "cooking", "dough", "pan", "stock", "gravy", "fat", "egg", "eggs", "milk", "cream", "onion", "garlic",
        "season", "baste", "basting", "skim", "strain", "recipe", "fowl", "meat", "beurre",
        "farine", "sucre", "sel", "poivre", "cuire", "cuisson", "casserole", "poêle", "œufs", "lait", "crème", "recette",
    ]
    static let deviceWords: Set<String> = [
        "press", "button", "switch", "battery", "charge", "charging", "charger", "device", "appliance", "cord", "plug", "socket",
        "unit", "setting", "settings", "mode", "handle", "warning", "caution", "instructions", "indicator", "light", "lights",
        "brush", "brushing", "head", "attachment", "mains", "voltage", "power", "screen", "cable", "beep", "teeth", "toothbrush",
        "appareil", "bouton", "batterie",
        "chargeur", "prise", "mode", "avertissement",
    ]
    static let speechWords: Set<String> = [
        "said", "asked", "replied", "whispered", "shouted", "cried", "answered", "murmured", "dit", "demanda", "répondit",
        "murmura", "cria",
    ]
    static let narrationWords: Set<String> = ["he", "she", "his", "her", "him", "had", "was", "il", "elle", "avait", "était"]
}
