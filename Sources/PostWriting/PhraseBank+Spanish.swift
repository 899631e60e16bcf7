// The Spanish table of the offline writer's lines: written for Spanish readers (tú, opening ¿ and ¡), not the English
// lines translated.

extension PhraseBank {
    static let spanish = PhraseBank(
        lines: [
            .recipe: [
                .punchy: [.hook: ["Cocinar bien es, sobre todo, paciencia puesta por escrito.", "Las recetas de siempre no gastan palabras."]],
                .contrarian: [.hook: ["Opinión impopular: un recetario antiguo explica el método mejor que muchos libros de gestión."]],
                .personal: [
                    .hook: ["Un paso {source} para tener junto a los fogones:", "La frase {source} que copiaría en una ficha:"],
                    .stepSupport: ["Lo que me llevo: el cuidado está en los pasos pequeños, los que no se ven."],
                ],
                .analytical: [.hook: ["¿Por qué esta receta se sigue tan bien? Un vistazo rápido.", "Una receta {source}, leída con calma."]],
                .openQuestion: [.hook: ["¿Por qué las recetas más sencillas piden más paciencia?"]],
            ],
            .manual: [
                .punchy: [.hook: ["El texto más útil que nadie lee: el manual.", "Una instrucción clara es una forma de respeto."]],
                .contrarian: [.hook: ["Opinión impopular: el manual de instrucciones es lo más honesto que escribe una empresa."]],
                .personal: [
                    .hook: ["Una instrucción {source} que más gente debería leer:"],
                    .stepSupport: ["Lo que me llevo: una buena instrucción dice qué viene después, y en orden."],
                ],
                .analytical: [.hook: ["¿Por qué estas instrucciones se siguen tan fácilmente?"]],
                .openQuestion: [.hook: ["¿Quién lee todavía el manual antes de empezar?"]],
            ],
            .novel: [
                .punchy: [.hook: ["Una frase de novela a veces dice más que un informe.", "Una frase. Un personaje entero."]],
                .contrarian: [.hook: ["Opinión impopular: las novelas enseñan más sobre las personas que muchos manuales de autoayuda."]],
                .personal: [.hook: ["Una frase {source} que hace el trabajo de un capítulo:"]],
                .analytical: [.hook: ["¿Cómo funciona este pasaje?", "Una página de novela, leída con calma."]],
                .openQuestion: [.hook: ["¿Qué sabe una novela que un informe ignora?"]],
            ],
            .essay: [
                .punchy: [.hook: ["Una frase. Toda la idea.", "Hay frases que valen un capítulo.", "Lo esencial, en una línea."]],
                .contrarian: [.hook: ["Lo complicamos todo. Esta página, no.", "El consejo de moda dice justo lo contrario."]],
                .personal: [.hook: ["Una frase {source} que quiero guardar:", "Si solo pudiera quedarme con una frase {source}, sería esta:"]],
                .analytical: [.hook: ["¿Por qué funciona esta página? Un vistazo rápido.", "Cómo está construida esta idea:"]],
                .openQuestion: [.hook: ["¿Sigue siendo cierto hoy?", "¿De verdad lo creemos, o solo lo repetimos?"]],
            ],
            nil: [
                .punchy: [
                    .question: [
                        "¿Lo habrías dicho de otra forma?", "¿Qué le añadirías?", "¿Se puede decir más corto?",
                        "¿Qué dirías de «{topic}» en una línea?",
                    ],
                    .countTail: ["Ni una de más.", "Cada una cuenta.", "Nada sobra."],
                    .noCount: ["Decir menos. Pensar cada palabra.", "Corto, y no le falta nada."],
                ],
                .contrarian: [
                    .support: ["Sin método de moda ni jerga: una idea clara, dicha sin rodeos.", "Sencillo, y por eso más fuerte."],
                    .question: ["¿Me equivoco?", "¿En qué no estás de acuerdo?", "¿Qué regla antigua sigues cumpliendo?"],
                ],
                .personal: [
                    .support: [
                        "Lo que me llevo: la versión sencilla de una idea suele ser la que dura.", "Lo que me llevo: la claridad no necesita rodeos.",
                    ],
                    .question: ["¿Qué frase subrayarías tú?", "¿Con qué frase te quedarías?"],
                ],
                .analytical: [
                    .lead: ["La frase que lo sostiene todo:", "La frase clave:", "La frase para releer:"],
                    .stepLead: ["Un paso típico:"],
                    .question: ["¿Cuál de estas decisiones te llevarías a tus propios textos?"],
                    .singleQuestion: ["¿Lo habrías escrito igual?", "¿Qué cambiarías?"],
                ],
                .openQuestion: [
                    .support: ["¿O es una de esas ideas que repetimos sin comprobarlas nunca?", "Fácil de decir. Más difícil de vivir."],
                    .question: ["¿Dónde te ha funcionado, y dónde no?", "¿Qué opinas?", "¿Qué añadirías?"],
                    .askedHook: ["La página hace una pregunta que también deberíamos hacernos:"],
                    .askedSupport: ["La responde en pocas líneas. ¿Sabríamos hacer lo mismo?"],
                    .askedQuestion: ["Y tú, ¿cómo la responderías en una línea?"],
                ],
            ],
        ],
        thisPage: "de esta página")
}
