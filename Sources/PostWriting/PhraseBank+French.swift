// The French table of the offline writer's lines (typeset by the French voice: a no-break space before : ? !).

extension PhraseBank {
    static let french = PhraseBank(
        lines: [
            .recipe: [
                .punchy: [
                    .hook: [
                        "La bonne cuisine, c’est surtout de la patience écrite noir sur blanc.", "Les vieilles recettes ne gaspillent aucun mot.",
                        "Une recette, c’est une promesse en mots simples.", "Le geste compte plus que la liste.",
                    ]
                ],
                .contrarian: [
                    .hook: [
                        "Avis impopulaire : un vieux livre de cuisine explique mieux une méthode que bien des manuels de management.",
                        "On copie les ingrédients, rarement le soin.",
                    ]
                ],
                .personal: [
                    .hook: [
                        "Une étape {source} à garder près du fourneau :", "La phrase {source} que je recopierais sur une fiche :",
                        "Une phrase {source} que je veux garder :",
                    ],
                    .stepSupport: ["Ce que j’en retiens : le soin est dans les petites étapes, celles qu’on ne voit pas."],
                ],
                .analytical: [.hook: ["Pourquoi cette recette se suit-elle si bien ? Décryptage rapide.", "Une recette {source}, lue de près."]],
                .openQuestion: [
                    .hook: [
                        "Pourquoi les consignes simples sont-elles si rares ?",
                        "Pourquoi les recettes les plus simples demandent-elles le plus de patience ?",
                    ],
                    .support: ["Des consignes comme celle-ci supposent qu’on prenne le temps de lire et de bien faire."],
                ],
            ],
            .manual: [
                .punchy: [
                    .hook: ["Le texte le plus utile que personne ne lit : le mode d’emploi.", "Une consigne claire est une forme de respect."]
                ],
                .contrarian: [
                    .hook: [
                        "Avis impopulaire : le mode d’emploi est le document le plus honnête qu’une entreprise écrive.",
                        "Personne ne lit les modes d’emploi. C’est dommage.",
                    ]
                ],
                .personal: [
                    .hook: ["Une consigne {source} que plus de gens devraient lire :", "La phrase {source} que je soulignerais :"],
                    .stepSupport: ["Ce que j’en retiens : une consigne claire dit quoi faire ensuite, dans le bon ordre."],
                ],
                .analytical: [.hook: ["Pourquoi ces consignes se suivent-elles si bien ?", "Une page de consignes, lue de près."]],
                .openQuestion: [
                    .hook: ["Pourquoi les consignes claires sont-elles si rares ?", "Qui lit encore le mode d’emploi d’abord ?"],
                    .support: ["Des consignes comme celle-ci supposent que quelqu’un les lira."],
                ],
            ],
            .novel: [
                .punchy: [.hook: ["Une phrase de roman en dit parfois plus qu’un rapport.", "Une phrase. Tout un personnage."]],
                .contrarian: [
                    .hook: [
                        "Avis impopulaire : les romans en apprennent plus sur les gens que bien des livres de management.",
                        "Lire un roman, ce n’est pas arrêter d’apprendre.",
                    ]
                ],
                .personal: [
                    .hook: ["Une phrase de roman {source} à retenir :", "Une phrase {source} qui fait le travail d’un chapitre :"]
                ],
                .analytical: [.hook: ["Comment fonctionne ce passage ?", "Une page de roman, lue de près."]],
                .openQuestion: [.hook: ["Que sait un roman qu’un rapport ignore ?", "Une phrase de fiction peut-elle changer notre regard ?"]],
            ],
            .essay: [
                .punchy: [.hook: ["Une phrase. Toute l’idée.", "Certaines phrases valent un chapitre entier.", "L’essentiel, en une ligne."]],
                .contrarian: [
                    .hook: [
                        "Avis impopulaire : les idées simples et anciennes battent encore les idées nouvelles et habiles.",
                        "On complique tout. Cette page, non.", "Le conseil à la mode dit l’inverse.",
                    ]
                ],
                .personal: [
                    .hook: [
                        "Une phrase {source} que je veux garder :", "S’il fallait garder une seule phrase {source}, ce serait celle-ci :",
                        "Une phrase {source} à souligner :", "La phrase {source} que je recopierais :",
                    ]
                ],
                .analytical: [
                    .hook: [
                        "Pourquoi cette page fonctionne-t-elle ? Décryptage rapide.", "Une page {source}, lue de près.",
                        "Comment cette idée est construite :",
                    ]
                ],
                .openQuestion: [
                    .hook: ["Est-ce encore vrai aujourd’hui ?", "Y croit-on vraiment, ou le répète-t-on ?", "Et si c’était tout simplement juste ?"]
                ],
            ],
            nil: [
                .punchy: [
                    .question: [
                        "Vous l’auriez dit autrement ?", "Qu’est-ce que vous y ajouteriez ?", "Vous le diriez plus court ?",
                        "Où l’avez-vous vu se vérifier ?", "Qu’ajouteriez-vous sur «\u{00A0}{topic}\u{00A0}» ?",
                        "Et vous, que diriez-vous de «\u{00A0}{topic}\u{00A0}» en une ligne ?",
                    ],
                    .countTail: ["Rien de trop.", "Pas un de trop.", "Chacun compte."],
                    .noCount: ["Dire moins. Penser chaque mot.", "Court, et tout y est."],
                ],
                .contrarian: [
                    .support: [
                        "Pas de méthode à la mode, pas de jargon : une idée claire, affirmée sans détour.", "Simple, et d’autant plus fort.",
                        "Rien de nouveau, et c’est bien le but.", "Sur «\u{00A0}{topic}\u{00A0}», l’idée simple est la plus forte.",
                        "On dit beaucoup de choses sur «\u{00A0}{topic}\u{00A0}». Rarement aussi clairement.",
                    ],
                    .question: [
                        "Est-ce que je me trompe ?", "Sur quoi n’êtes-vous pas d’accord ?", "Quelle vieille règle suivez-vous encore ?",
                        "Que manque-t-il au discours habituel sur «\u{00A0}{topic}\u{00A0}» ?", "Où en êtes-vous sur «\u{00A0}{topic}\u{00A0}» ?",
                    ],
                ],
                .personal: [
                    .support: [
                        "Ce que j’en retiens : la version simple d’une idée est souvent celle qui dure.",
                        "Ce que j’en retiens : une idée claire se passe de détours.",
                        "Ce que j’en retiens : sur «\u{00A0}{topic}\u{00A0}», le plus simple est le plus juste.",
                    ],
                    .question: [
                        "Quelle phrase souligneriez-vous ?", "Quelle phrase garderiez-vous ?", "Quelle phrase recopieriez-vous ?",
                        "Quelle phrase sur «\u{00A0}{topic}\u{00A0}» garderiez-vous ?", "Qu’avez-vous lu de mieux sur «\u{00A0}{topic}\u{00A0}» ?",
                    ],
                ],
                .analytical: [
                    .lead: [
                        "La phrase qui porte tout :", "La phrase clé :", "La phrase à relire :", "Ce qu’elle dit de «\u{00A0}{topic}\u{00A0}» :",
                        "La phrase sur «\u{00A0}{topic}\u{00A0}» :",
                    ],
                    .stepLead: ["Une étape typique :", "Une étape, telle qu’écrite :"],
                    .question: [
                        "Lequel de ces choix emprunteriez-vous pour vos propres textes ?",
                        "Laquelle de ces habitudes rendrait vos propres consignes plus claires ?",
                    ],
                    .singleQuestion: ["L’auriez-vous écrit de la même façon ?", "Qu’y changeriez-vous ?"],
                ],
                .openQuestion: [
                    .support: ["Ou est-ce une de ces idées qu’on répète sans jamais la vérifier ?", "Simple à dire. Plus dur à vivre."],
                    .question: [
                        "Où cela s’est-il vérifié pour vous, et où cela a-t-il échoué ?", "Qu’en pensez-vous ?", "Qu’y ajouteriez-vous ?",
                        "À quoi ressemble «\u{00A0}{topic}\u{00A0}» là où vous travaillez ?",
                        "«\u{00A0}{topic}\u{00A0}» : est-ce vraiment le sujet ?",
                    ],
                    .askedHook: ["La page pose une question qu’on devrait se poser aussi :", "Une question de la page, qui mérite une minute :"],
                    .askedSupport: ["Elle y répond en quelques lignes. Saurions-nous en faire autant ?"],
                    .askedQuestion: ["Et vous, comment y répondriez-vous en une ligne ?", "Votre réponse, en une phrase ?"],
                ],
            ],
        ],
        thisPage: "de cette page")
}
