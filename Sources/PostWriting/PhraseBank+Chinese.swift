// The Simplified Chinese table of the offline writer's lines: written for Chinese readers (full-width marks, no spaces,
// 《》 for titles), not the English lines translated. Chinese pages have no topic words here (an ideograph alone is not
// one), so no line needs {topic}.

extension PhraseBank {
    static let chinese = PhraseBank(
        lines: [
            .recipe: [
                .punchy: [.hook: ["好菜，靠的是写在纸上的耐心。", "老菜谱从不浪费一个字。"]],
                .contrarian: [.hook: ["说句不太讨喜的话：一本旧菜谱讲方法，比不少管理书讲得还清楚。"]],
                .personal: [
                    .hook: ["{source}有一步，我想贴在灶台边：", "{source}有句话，值得抄在卡片上："],
                    .stepSupport: ["我的体会：用心都藏在那些看不见的小步骤里。"],
                ],
                .analytical: [.hook: ["这份菜谱为什么这么好照着做？简单拆解一下。"]],
                .openQuestion: [.hook: ["为什么越简单的菜，越需要耐心？"]],
            ],
            .manual: [
                .punchy: [.hook: ["最有用却最没人读的文字：说明书。", "把话说清楚，是对人的尊重。"]],
                .contrarian: [.hook: ["说句不太讨喜的话：说明书是一家公司写得最诚实的东西。"]],
                .personal: [
                    .hook: ["{source}有条说明，应该让更多人读到："],
                    .stepSupport: ["我的体会：好的说明会按顺序告诉你下一步做什么。"],
                ],
                .analytical: [.hook: ["这些步骤为什么这么容易照做？"]],
                .openQuestion: [.hook: ["现在还有谁会先读说明书再动手？"]],
            ],
            .novel: [
                .punchy: [.hook: ["小说里的一句话，有时胜过一份报告。", "一句话，立起一个人物。"]],
                .contrarian: [.hook: ["说句不太讨喜的话：读小说学到的人情世故，比很多成功学都多。"]],
                .personal: [.hook: ["{source}有一句，抵得上一整章："]],
                .analytical: [.hook: ["这段文字是怎么起作用的？", "细读一页小说。"]],
                .openQuestion: [.hook: ["小说知道哪些报告不知道的事？"]],
            ],
            .essay: [
                .punchy: [.hook: ["一句话，说尽一个道理。", "有些句子，抵得上一整章。", "要点，就在这一行。"]],
                .contrarian: [.hook: ["我们总把事情想复杂，这一页没有。", "流行的建议恰恰反着说。"]],
                .personal: [.hook: ["{source}有一句话，我想留下来：", "如果{source}只能留一句，我选这句："]],
                .analytical: [.hook: ["这一页为什么有说服力？简单拆解一下。", "这个想法是怎么搭起来的："]],
                .openQuestion: [.hook: ["这句话今天还成立吗？", "我们是真的相信，还是只是跟着说？"]],
            ],
            nil: [
                .punchy: [
                    .question: ["换作你，会怎么说？", "你会补充什么？", "还能说得更短吗？"],
                    .countTail: ["一个字都不多余。", "字字有分量。", "没有一句废话。"],
                    .noCount: ["少说，但每个字都算数。", "很短，却什么都不缺。"],
                ],
                .contrarian: [
                    .support: ["没有时髦的方法，也没有术语：一个清楚的想法，直截了当。", "朴素，所以更有力。"],
                    .question: ["我说得不对吗？", "你在哪一点上不同意？", "你还在遵守哪条老规矩？"],
                ],
                .personal: [
                    .support: ["我的体会：一个想法最朴素的说法，往往最经得起时间。", "我的体会：说清楚，不需要绕弯子。"],
                    .question: ["你会在哪句话下面划线？", "你会留下哪一句？"],
                ],
                .analytical: [
                    .lead: ["撑起全文的那句话：", "关键的一句：", "值得重读的一句："],
                    .stepLead: ["典型的一步："],
                    .question: ["这些写法里，你会借用哪一种？"],
                    .singleQuestion: ["换作你，会这样写吗？", "你会改动哪里？"],
                ],
                .openQuestion: [
                    .support: ["还是说，这只是我们常挂在嘴边、却从没验证过的说法？", "说起来容易，做起来难。"],
                    .question: ["在你那里，它什么时候灵验，什么时候落空？", "你怎么看？", "你会补充什么？"],
                    .askedHook: ["这一页提了一个我们也该问问自己的问题："],
                    .askedSupport: ["它只用几行就回答了。我们做得到吗？"],
                    .askedQuestion: ["你会怎样用一句话回答？"],
                ],
            ],
        ],
        thisPage: "这一页")
}
