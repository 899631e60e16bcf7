// The German table of the offline writer's lines: written for German readers (du, as LinkedIn in German is written),
// not the English lines translated.

extension PhraseBank {
    static let german = PhraseBank(
        lines: [
            .recipe: [
                .punchy: [.hook: ["Gutes Kochen ist vor allem aufgeschriebene Geduld.", "Alte Rezepte verschwenden kein Wort."]],
                .contrarian: [.hook: ["Steile These: Ein altes Kochbuch erklärt Methode besser als manches Managementbuch."]],
                .personal: [
                    .hook: [
                        "Ein Schritt {source}, den ich neben den Herd hängen würde:", "Der Satz {source}, den ich mir auf eine Karteikarte schreibe:",
                    ],
                    .stepSupport: ["Was ich mitnehme: Die Sorgfalt steckt in den kleinen Schritten, die man nicht sieht."],
                ],
                .analytical: [.hook: ["Warum lässt sich dieses Rezept so gut nachkochen? Ein kurzer Blick.", "Ein Rezept {source}, genau gelesen."]],
                .openQuestion: [.hook: ["Warum brauchen die einfachsten Rezepte die meiste Geduld?"]],
            ],
            .manual: [
                .punchy: [.hook: ["Der nützlichste Text, den niemand liest: die Anleitung.", "Eine klare Anweisung ist eine Form von Respekt."]],
                .contrarian: [.hook: ["Steile These: Die Bedienungsanleitung ist das ehrlichste Dokument, das eine Firma schreibt."]],
                .personal: [
                    .hook: ["Eine Anweisung {source}, die mehr Leute lesen sollten:"],
                    .stepSupport: ["Was ich mitnehme: Eine gute Anleitung sagt, was als Nächstes kommt, in der richtigen Reihenfolge."],
                ],
                .analytical: [.hook: ["Warum lassen sich diese Anweisungen so leicht befolgen?"]],
                .openQuestion: [.hook: ["Wer liest eigentlich zuerst die Anleitung?"]],
            ],
            .novel: [
                .punchy: [.hook: ["Ein Romansatz sagt manchmal mehr als ein Bericht.", "Ein Satz. Eine ganze Figur."]],
                .contrarian: [.hook: ["Steile These: Romane lehren mehr über Menschen als die meisten Ratgeber."]],
                .personal: [.hook: ["Ein Satz {source}, der die Arbeit eines ganzen Kapitels macht:"]],
                .analytical: [.hook: ["Wie funktioniert diese Stelle?", "Eine Romanseite, genau gelesen."]],
                .openQuestion: [.hook: ["Was weiß ein Roman, was ein Bericht nicht weiß?"]],
            ],
            .essay: [
                .punchy: [.hook: ["Ein Satz. Der ganze Gedanke.", "Manche Sätze wiegen ein ganzes Kapitel auf.", "Das Wesentliche in einer Zeile."]],
                .contrarian: [.hook: ["Wir machen es uns zu kompliziert. Diese Seite nicht.", "Der gängige Rat sagt das Gegenteil."]],
                .personal: [
                    .hook: ["Ein Satz {source}, den ich behalten will:", "Wenn ich nur einen Satz {source} behalten dürfte, wäre es dieser:"]
                ],
                .analytical: [.hook: ["Warum trägt diese Seite? Ein kurzer Blick.", "Wie dieser Gedanke gebaut ist:"]],
                .openQuestion: [.hook: ["Stimmt das heute noch?", "Glauben wir das wirklich, oder sagen wir es nur nach?"]],
            ],
            nil: [
                .punchy: [
                    .question: [
                        "Hättest du es anders gesagt?", "Was würdest du ergänzen?", "Geht es noch kürzer?",
                        "Was sagst du zu „{topic}“ in einer Zeile?",
                    ],
                    .countTail: ["Keins zu viel.", "Jedes zählt.", "Nichts verschwendet."],
                    .noCount: ["Weniger sagen. Jedes Wort meinen.", "Kurz, und alles ist drin."],
                ],
                .contrarian: [
                    .support: ["Keine Methode, kein Fachjargon: ein klarer Gedanke, ohne Umschweife.", "Schlicht, und gerade deshalb stark."],
                    .question: ["Liege ich falsch?", "Wo widersprichst du?", "Welche alte Regel befolgst du noch?"],
                ],
                .personal: [
                    .support: [
                        "Was ich mitnehme: Die einfache Fassung eines Gedankens hält am längsten.",
                        "Was ich mitnehme: Klarheit braucht keine Umwege.",
                    ],
                    .question: ["Welchen Satz würdest du unterstreichen?", "Welchen Satz hättest du behalten?"],
                ],
                .analytical: [
                    .lead: ["Der Satz, der alles trägt:", "Der Schlüsselsatz:", "Der Satz zum Wiederlesen:"],
                    .stepLead: ["Ein typischer Schritt:"],
                    .question: ["Welche dieser Entscheidungen würdest du für deine eigenen Texte übernehmen?"],
                    .singleQuestion: ["Hättest du es genauso geschrieben?", "Was würdest du daran ändern?"],
                ],
                .openQuestion: [
                    .support: ["Oder ist es einer dieser Gedanken, die wir wiederholen, ohne sie je zu prüfen?", "Leicht gesagt. Schwerer gelebt."],
                    .question: ["Wo hat sich das bei dir bewährt, und wo nicht?", "Wie siehst du das?", "Was würdest du hinzufügen?"],
                    .askedHook: ["Die Seite stellt eine Frage, die wir uns auch stellen sollten:"],
                    .askedSupport: ["Sie beantwortet sie in wenigen Zeilen. Könnten wir das auch?"],
                    .askedQuestion: ["Und du, wie würdest du in einer Zeile antworten?"],
                ],
            ],
        ],
        thisPage: "dieser Seite")
}
