/** The wording of each completion claim type, English and Japanese (and common Chinese and Korean forms): the claim detector's vocabulary; data, bounded regexes only. */

export const CLAIM_TYPES = ['tests', 'build', 'lint', 'types', 'fixed', 'works', 'done', 'deployed', 'committed', 'ready'] as const
export type ClaimType = typeof CLAIM_TYPES[number]

const TESTISH = '(?:tests?|specs?|test suite|suite|test cases|unit tests|integration tests|e2e tests|expectations|scenarios|assertions)'
// A check reported by its command: "go test ./...: green", "npm test ✓", "`make test` ✅ green", "vitest: 10/10".
const STATUS = '`?[^\\n`]{0,25}?`?(?::\\s*|\\s+)(?:[✓✔✅]|ok\\b|green\\b|complet(?:es|ed)\\s+(?:without\\s+(?:any\\s+)?errors?|successfully|cleanly)\\b|pass(?:es|ed|ing)?\\b|clean\\b|[0-9]+/[0-9]+|(?:with\\s+)?(?:0|zero|no)\\s+fail(?:ed|ures?|ing)\\b|(?:0|zero|no)\\s+(?:issues|errors|problems|violations|findings|bugs)\\b|[0-9]+\\s+(?:başarılı|successes)|all\\s+(?:checks|tests)\\s+pass(?:ed)?\\b)'
const status = (tools: string) => new RegExp(`(?:^|[\\s\`(])(?:${tools})${STATUS}`, 'i')
// Where a sentence starts: its first words, or after a field's label ("**Summary** — Fixed the panic", "Testing: verified
// locally…", "Resolution: fixed in 2.3"). Looked behind, not matched: the label stays in what comes before the claim, where
// "Next step:" or "TODO:" still says it is no claim now.
const LEAD = '(?<=^(?:\\W{0,4}|\\W{0,4}[\\p{L}\\p{N} ]{1,24}?\\W{0,4}\\s*[:—–]\\s*\\W{0,4}))'
const lead = (words: string, tail = '\\b') => new RegExp(`${LEAD}(?:${words})${tail}`, 'iu')
const PASSED = '(?:pass(?:es|ed|ing)?|succeed(?:s|ed)?|(?:are|is)\\s+(?:now\\s+|all\\s+|still\\s+)?(?:passing|green|ok|good|clean))'

/** Checked in this order; a sentence may carry several types ("Fixed, and all tests pass"). */
export const CLAIM_PATTERNS: ReadonlyArray<readonly [ClaimType, readonly RegExp[]]> = [
  ['tests', [
    // Green said of the whole state: 'we're green', 'still green'. ("All checks passed" is also ruff's clean line: no type.)
    /\b(?:we're|we’re|we\s+are|it's|it’s|everything's|everything’s|everything\s+is)\s+(?:still\s+|all\s+)?green\b|^\W{0,4}(?:still|all)\s+green\b|\bgreen\s+across\s+the\s+board\b/i,
    status('(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?test|(?:go|cargo|dotnet|swift|mix|bazel)\\s+test|(?:mvn|\\./mvnw)\\s+(?:test|verify)|(?:gradle|\\./gradlew|make)\\s+(?:test|check)|pytest|jest|vitest|rspec|phpunit|mocha|unittest|ctest|minitest|PHPUnit|bats|tox|nox|prove|busted|kaocha|lein\\s+test|sbt\\s+test|crystal\\s+spec|dune\\s+test|nimble\\s+test|R\\s+CMD\\s+check|testthat|Pkg\\.test|Invoke-Pester|meson\\s+test|mix\\s+test|nix\\s+flake\\s+check|forge\\s+test|hardhat\\s+test|anchor\\s+test'),
    /\b(?:full|whole|entire)\s+(?:test\s+)?(?:project|suite|solution|run)\s+(?:now\s+)?pass(?:es|ed)?\b|(?<!\b(?:build|lint|linter|typecheck|type-check|tsc|check)\s+(?:still\s+|now\s+)?)\bpass(?:es|ed)\s+locally\b|\b[0-9]+\s+(?:tests?|assertions|scenarios|cases|checks|examples|specs),\s+(?:none|no|zero|0)\s+fail(?:ing|ed|ures?)\b|\bnone\s+failing\b/i,
    new RegExp(`\\b(?:all|the|every|both|each|[0-9]+(?:/[0-9]+)?)\\s+(?:\\S+\\s+){0,3}?${TESTISH}\\s+(?:now\\s+|still\\s+|all\\s+)?${PASSED}\\b`, 'i'),
    new RegExp(`\\b${TESTISH}(?:'s|’s|\\s+are|\\s+is)?\\s+(?:now\\s+|all\\s+|fully\\s+)?(?:pass(?:es|ed|ing)?|green|passing)\\b`, 'i'),
    /\b[0-9]+\s+(?:tests?\s+|specs?\s+|examples?,?\s+)?(?:passing|passed)\b|\b(?:unit\s+|integration\s+)?tests?,\s+[0-9]+\s+green\b|\b[0-9]+\/[0-9]+\s+(?:tests?\s+)?(?:pass(?:ed|ing)?|green)\b/i,
    /\bpass(?:es|ed|ing)?\s+(?:all\s+)?(?:the\s+|its\s+|our\s+)?(?:[0-9]+\s+)?(?:tests?|specs?|test suite|suite)\b/i,
    /\b(?:no|zero|0)\s+(?:test\s+)?failures\b|\ball\s+green\b|\b(?:todo|tudo)\s+(?:est[aá]\s+)?verde\b|\balles\s+(?:ist\s+)?grün\b|\btout\s+(?:est\s+)?vert\b|\bgreen\s+(?:suite|tests|run|build|ci)\b|\btests?:\s*(?:ok|pass(?:ed|ing)?|green|✅|[0-9]+\/[0-9]+)/i,
    /✅\s*(?:all\s+)?(?:[0-9]+\s+)?(?:unit\s+|integration\s+)?tests?\b|\bsuite(?:'s|’s| is)\s+green\b/i,
    /\ball\s+(?:[0-9]+\s+)?(?:packages|suites|specs|modules|crates|projects|targets|tasks|workspaces)\s+(?:are\s+|now\s+)?(?:ok|pass(?:ed|ing)?|green)\b|\b(?:main|master|trunk|ci|develop)(?:'s|’s|\s+is)\s+(?:now\s+|still\s+|all\s+)?green\b|\b(?:0|cero|null|keine)\s+(?:fallos|errores|fehler|fehlschläge|échecs?)\b|\btodos\s+los\s+(?:tests|specs)\b[^.\n]{0,30}\bpasan\b|\b(?:all|everything)\s+(?:still\s+)?(?:\w+ing\s+and\s+)?(?:passing|passes|pass|green)\b|\beverything(?:'s|’s|\s+is|\s+are)\s+(?:now\s+|still\s+)?(?:passing|green)\b|\b(?:everything|it|this|the\s+(?:whole\s+|entire\s+|full\s+)?(?:refactor|change|changes|branch|pr|run|pipeline|ci|main|suite|package|module|crate|project|workspace|repo))(?:'s|’s|\s+is|\s+are)\s+(?:now\s+|still\s+|all\s+)?green\b|\bnothing\s+(?:has\s+)?regressed\b|\b(?:job|suite|ci|pipeline|tests?|specs?)\s+(?:is\s+|are\s+)?back\s+to\s+green\b|регресі[йї]\s+немає|регрессий\s+нет|\b(?:no|zero|0)\s+regressions\b|\bnothing\s+(?:red|failing|broken)\b|\b(?:suite|tests?)\s+(?:is\s+|are\s+)?(?:still\s+)?in\s+(?:a\s+)?(?:good|healthy|great)\s+(?:shape|state|place)\b/i,
    /\btests?\s+(?:still\s+)?(?:pass(?:es|ed|ing)?|green|ok|clean)\b|\b(?:tests?|suite|specs?)\s+(?:running|ran|run|runs)\s+clean(?:ly)?\b|\b(?:tests?|specs?|cases)\s+(?:in|for|of|under)\s+\S+\s+(?:now\s+|all\s+)?pass(?:es|ed)?\b|(?:טסטים|בדיקות|tests?)[^\n.]{0,10}עוברים|\b(?:specs?|tests?)\s*:\s*(?:all\s+)?(?:pass(?:es|ed|ing)?|ok|green)\b/i,
    /\b(?:didn't|didn’t|did not|doesn't|doesn’t|does not|hasn't|hasn’t|has not)\s+break\s+(?:any\s+(?:of\s+the\s+)?(?:tests?|specs?)|the\s+(?:tests?|suite|specs?))\b|\bTests run:\s*[1-9][0-9]*,\s*Failures:\s*0\b/i,
    /\b[0-9]+\s+tests?,\s+0\s+failures\b|\bran\s+the\s+(?:suite|tests)\b[^\n.]{0,30}\b(?:ok|pass(?:es|ed)?|green)\b|\beverything\s+passes\b|\bCI\s+is\s+(?:now\s+)?green\b|\bran\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:tests?|suite|specs?)\b[^.\n]{0,40}\b(?:came\s+back|was|were|is|all)\s+(?:ok|green|clean|fine|good)\b/i,
    /テスト[^\n。]{0,12}(?:通り|通っ|通過|パス|成功|グリーン|オールグリーン|green|問題(?:ありません|なし))|(?:全|すべて|全部)[^\n。]{0,6}(?:パス|通過)|\b(?:tests?|specs?|ci)\b[^\n。]{0,16}(?:グリーン|通り|通っ|通過|パス(?:し|です|$)|green\s*です)|失敗[はが]?\s*0\s*件/i,
    /(?:测试|用例|test)(?:(?![没未不])[^\n。，,]){0,8}(?:通过|没问题|全绿)|(?:全部|所有)(?:测试|用例)[^\n。]{0,6}通过|테스트[^\n.]{0,10}(?:통과|성공)/i
  ]],
  ['build', [
    /\bbuilds\s+(?:now|again)\s*(?:[.!,;]|$)/i,
    // Maven's and Gradle's own closing line, quoted as the outcome ("mvn verify → BUILD SUCCESS"): in capitals, as they print it.
    /(?<![\w-])BUILD\s+SUCCESS(?:FUL)?\b/,
    status('(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?build|(?:cargo|go|swift|dotnet)\\s+build|mvn\\s+package|(?:gradle|\\./gradlew)\\s+build|(?:next|vite)\\s+build|make\\s+(?:build|all)|production\\s+build'),
    /\b(?:it|this|everything|the\s+(?:project|app|code|crate|package|release build|build|binary|image))\s+(?:now\s+|still\s+)?(?:builds|compiles)\b/i,
    /\b(?:msbuild|dotnet|cargo|gradle|maven|mvn|make|webpack|vite|tsc|bazel|xcodebuild)\s+(?:now\s+)?(?:compiles|builds)\b[^.\n]{0,60}?\b(?:no\s+errors|cleanly|without\s+(?:errors|warnings)|successfully|fine)\b/i,
    // A status line with its subject dropped: "Builds and works on device", "Compiles clean".
    lead('(?:builds|compiles)(?=\\s+(?:and\\s+(?:works|runs|passes)|fine|cleanly|clean|ok|green)\\b)'),
    /\b(?:release\s+|production\s+|docker\s+)?build(?:s)?\s+(?:is\s+|are\s+)?(?:now\s+|still\s+)?(?:succeed(?:s|ed)?|successful(?:ly)?|pass(?:es|ed|ing)?|green|clean|ok|fine|works)\b/i,
    /\b(?:builds?|compiles|compiled|built)\s+(?:cleanly|successfully|fine|without\s+(?:errors|warnings))\b|\bcompil(?:es|ation)\s+(?:succeed\w{0,4}|success\w{0,4}|clean\w{0,2}|passes)\b/i,
    /\bbuild:\s*(?:ok|pass(?:ed|ing)?|success|✅|green)|✅\s*build\b|\bbuild\b[^\n.]{0,20}✅\s*(?:succeeds|passes|ok|green)/i,
    /^\W{0,4}(?:compiles|builds|built)(?=\s*(?:[.!,;:✓✔✅]|$)|\s+(?:cleanly|successfully|fine|ok|and\s+(?:tested|deployed|passes|published)))|\b(?:jar|binary|image|bundle|crate|package|module|library|app|project|site|solution|workspace|monorepo|repo|tree|target|firmware|docs|extension|plugin|sln)\s+(?:now\s+|still\s+|also\s+)?(?:builds|compiles)\b(?=\s*(?:[.,;!:)✅✓✔]|$)|\s+(?:cleanly|fine|ok|again|now|with\s+(?:0|no|zero)|without|and\b|under|on\s+(?:all|every|both)))/i,
    /^\W{0,4}(?:compiles|builds)\s+(?:with|under|on|against|for)\s/i,
    // A target named like code (`.#ociImage`, `//cmd:server`, `app@2`, `libFoo`) that builds with, under or against something.
    /(?:^|\s)(?=[\w.#:/@-]*[.#:/@0-9]|[a-z]+[A-Z])[\w.#:/@-]*[\w#]\s+(?:now\s+|still\s+)?(?:builds|compiles)\s+(?:with|under|against|cleanly|fine|again)\b/,
    /(?:^|[.:;]\s+|\s)[A-Z][\w-]{2,30}\s+(?:now\s+)?(?:compiles|builds)(?=\s*[,.;!]|\s+(?:and|cleanly|fine|again)\b)/,
    /\b(?<!\b(?:all|the|[0-9]+)\s+)(?:links|assembles|bundles|packages)\s+(?:fine|cleanly|successfully|ok|without\s+(?:errors|warnings))\b|\b(?:compila|kompiliert|compile|baut)\s+(?:sin\s+errores|sem\s+erros|senza\s+errori|sans\s+erreurs?|ohne\s+fehler|fehlerfrei|sauber|limpio|limpo|bien)/i,
    /\bbuild\s+(?:is\s+|are\s+)?(?:still\s+)?in\s+(?:a\s+)?(?:good|healthy|great)\s+(?:shape|state|place)\b/i,
    /\b(?:package|build|compile|assemble)\S*\s+(?:completes|completed|finishes|finished)\s+(?:successfully|cleanly|without\s+errors)\b/i,
    // An artifact said to exist: "the image is built", "das Paket ist gebaut".
    /\b(?:image|package|wheel|binary|artifact|bundle|jar|apk|aab|ipa|sif|container|tarball|installer|firmware)\s+(?:is|are|has\s+been|have\s+been|was)\s+(?:now\s+)?(?:built|compiled)\b|\b(?:ist|sind|wurde|wurden)\s+(?:jetzt\s+|nun\s+)?gebaut\b/i,
    /ビルド[^\n。]{0,8}(?:成功|通り|通っ|完了|できました)|コンパイル[^\n。]{0,8}(?:成功|通)|\bbuild\b[^\n。，,]{0,4}(?:は|も|が)?\s*(?:成功|通っ|通り|通过|没问题)/i,
    /(?:编译|构建|打包)(?:(?![没未不]|无法)[^\n。，,]){0,6}(?:通过|成功|没问题)|(?:빌드|컴파일)\s*(?:성공|완료|통과)/
  ]],
  ['lint', [
    status('checkstyle|spotbugs|pmd|sonar(?:qube)?(?:\\s+quality\\s+gate)?|eslint|ruff(?:\\s+check)?|clippy|cargo\\s+clippy|flake8|pylint|rubocop|golangci-lint|prettier\\s+--check|credo|detekt|ktlint|swiftlint|hlint|biome|stylelint|standardrb|(?:npm|pnpm|yarn)\\s+(?:run\\s+)?lint|lint|gofmt|rustfmt|black|shellcheck|(?:terraform\\s+|cargo\\s+)?fmt(?:\\s+check)?'),
    /\b(?:lint(?:ing|er)?|eslint|ruff|flake8|pylint|clippy|rubocop|golangci-lint|prettier|formatting|format(?:ter)?|(?:the\s+)?code\s+style|gofmt|rustfmt|black|biome|stylelint|shellcheck|fmt|detekt|ktlint|swiftlint|hlint|credo|static analysis|analy[sz]ers?)\s+(?:is\s+|are\s+|checks?\s+|check\s+is\s+)?(?:now\s+|also\s+|all\s+|basically\s+|mostly\s+)?(?:clean|passes|passing|passed|green|happy|ok|succeed\w{0,3})\b/i,
    /\b(?!type)[a-z][\w-]*(?:lint|fmt|format|critic|kondo|tidy|check)\b(?:\s+check)?\s+(?:is\s+|are\s+|reports\s+|shows\s+)?(?:now\s+)?(?:clean|happy|silent|quiet)\b|\b(?:ruff|eslint|clippy|rubocop|flake8|pylint|luacheck|shellcheck|golangci-lint|biome|stylelint|credo|ktlint|detekt|swiftlint|perlcritic|clj-kondo|[a-z]+lint|the\s+linter)\s+(?:has|reports|shows|gives|raises|finds)\s+(?:no|zero|0)\s+(?:remaining\s+|more\s+|further\s+)?(?:complaints|warnings|issues|errors|findings|offen[cs]es|problems)\b/i,
    /\b(?:go\s+vet|vet|staticcheck|shellcheck|ruff|eslint|clippy|flake8|pylint|rubocop|biome|[\w-]*lint(?:er)?)\s+(?:now\s+)?(?:reports|reported|finds|found|says|said|shows|showed|flags|flagged)\s+nothing\b|\b(?:detekt|ktlint|checkstyle|spotbugs|pmd|ruff|eslint|clippy|rubocop|the\s+linter)\s+has\s+(?:nothing\s+(?:left\s+|more\s+)?to\s+say|no\s+complaints)\b/i,
    /\bno\s+(?:[\w-]+\s+){0,2}?(?:violations|offen[cs]es)\s+(?:left|remaining)\b|\b(?:no|zero|0)\s+(?:lint(?:ing)?|eslint|clippy|ruff|rubocop|stylelint|style)\s+(?:errors|warnings|issues|violations|complaints)\b|\blint[- ](?:clean|free)\b|\blimpi[oa]s?\s+de\s+(?:lint|warnings|errores)\b|\blint:\s*(?:ok|pass|clean|✅)|✅\s*lint/i,
    /\b(?:clippy|eslint|ruff|rubocop|flake8|pylint|golangci-lint|biome|the\s+linter|linter|lint|der\s+linter|de\s+linter|le\s+linter|el\s+linter|o\s+linter)\s+(?:geeft|gibt|meldet|da|donne|dá|reporta|signale)\s+(?:geen|keine|ningún|ninguna|aucun(?:e)?|nenhum(?:a)?|nessun[oa]?)\s+(?:waarschuwingen|warnungen|fouten|fehler|advertencias|errores|avertissements|erreurs|avisos|erros|avvisi|errori)\b/i,
    /\b(?:[a-z]*lint(?:er)?|eslint|ruff|clippy|rubocop|flake8|pylint|biome|prettier|golangci-lint|shellcheck)\s+(?:sin\s+errores|sans\s+erreurs?|ohne\s+fehler|senza\s+errori|sem\s+erros|fehlerfrei)\b/i,
    /по\s+линтеру\s+замечаний\s+нет|линтер\S*\s+(?:чист\S*|без\s+замечаний|проходит)/i,
    /\b(?:style|formatting|lint)(?:-wise|\s+wise)\b[^.\n]{0,40}\b(?:good\s+shape|clean|fine|good|ok)\b/i,
    /(?:リント|lint|Lint|フォーマット)[^\n。]{0,8}(?:エラーなし|クリーン|通り|通っ|パス|問題なし)/,
    /(?:静态分析|代码检查|lint|格式检查)[^\n。，,]{0,6}(?:无问题|没问题|通过|干净|没有报错|不再报错|无报错|零报错)|(?:린트|정적\s*분석|포맷)[^\n.]{0,8}(?:문제\s*없|통과|깨끗)|(?:[a-z]*lint|sqlfluff|eslint|ruff|clippy|린트)\S*\s*(?:위반|경고)\s*(?:사항)?[은는이가]?\s*(?:모두\s*)?(?:해소|해결|없)/i
  ]],
  ['types', [
    status('tsc(?:\\s+--noEmit)?|cargo\\s+check|mypy|pyright|phpstan|psalm|dialyzer|(?:npm|pnpm|yarn)\\s+(?:run\\s+)?(?:typecheck|type-check)|type-?check(?:ing)?'),
    /\bno\s+more\s+type\s+(?:mismatches|errors)\b|\b(?:dialyzer|mypy|pyright|tsc|vue-tsc|sorbet|phpstan|psalm|the\s+type\s*checker)\s+(?:now\s+)?(?:reports|reported|finds|found|says|said|shows|showed|flags|flagged)\s+nothing\b(?!\s+to\b)|\b(?:dialyzer|mypy|pyright|tsc|sorbet|phpstan|psalm|the\s+type\s*checker)\s+has\s+nothing\s+(?:left\s+|more\s+)?to\s+(?:say|report|complain\s+about)\b/i,
    /\btypes?\s+(?:now\s+|all\s+)?check(?:s|ed)?(?:\s+(?:cleanly|fine|out|ok))?(?:\s+(?:too|as\s+well|now|everywhere|across\s+the\s+board))?(?=\s*(?:[.,;!)✅✓✔]|\p{Extended_Pictographic}|$|and\b))/iu,
    /\b[\w-]+\s+(?:now\s+)?type-?checks(?:\s+(?:cleanly|fine|again))?(?:\s+(?:under|with|in|against)\s+[\w.-]+(?:\s+(?:strict|mode|--strict))?)?(?=\s*(?:[.,;!(]|$))|^\W{0,4}type-?checks\b(?=\s*(?:[.,;!(]|$))/i,
    /\btype[- ]?check(?:ing|s|er)?\s+(?:is\s+|are\s+)?(?:now\s+)?(?:passes|passing|passed|clean(?:ly)?|green|ok|succeed\w{0,3}|happy)\b/i,
    /\b(?:mypy|pyright|tsc|typescript|the type checker|flow|sorbet|phpstan|psalm|dialyzer)\s+(?:is\s+|reports\s+|now\s+)?(?:now\s+|basically\s+|mostly\s+)?(?:clean|passes|passing|happy|green|ok|satisfied)\b|\b(?:no|zero|0)\s+(?:typescript\s+|python\s+)?(?:type|tsc|mypy|pyright|typescript|ts)\s+(?:errors|complaints|issues|warnings)\b|\btypes?:\s*(?:ok|clean|✅)/i,
    /\b(?:tsc|vue-tsc|mypy|pyright)\b[^\n.]{0,10}עובר/,
    /\b(?:tsc|vue-tsc|mypy|pyright|phpstan|psalm|flow)\s+(?:sin\s+errores|sans\s+erreurs?|ohne\s+(?:typ)?fehler|senza\s+errori|sem\s+erros)\b|\b(?:sin\s+errores\s+de\s+tipos?|keine\s+typfehler|aucune\s+erreur\s+de\s+type|nessun\s+errore\s+di\s+tipo|sem\s+erros\s+de\s+tipos?)\b/i,
    /型(?:チェック|検査)[^\n。]{0,8}(?:通り|通っ|パス|成功|エラーなし|問題なし)|型エラー[^\n。]{0,6}(?:ゼロ|0\s*件|なし|ありません)|\b(?:mypy|tsc|pyright|vue-tsc)\b[^\n。]{0,16}(?:通っ|通り|パス|エラーなし|エラー[はが]?\s*(?:0|ゼロ)\s*件?)/i,
    /类型检查[^\n。，,]{0,6}(?:通过|无错误|没问题)|(?:无|没有)类型错误|类型错误[为:：]?\s*0|타입\s*(?:체크|검사)[^\n.]{0,6}(?:통과|문제\s*없)/
  ]],
  ['fixed', [
    lead('fixed|resolved|solved'),
    /\b(?:is|are|been|now|all|successfully)\s+(?:fixed|resolved|solved|sorted)\b|\b(?:I|I've|I’ve|I have|we've|we have|this|that)\s+(?:now\s+|also\s+)?(?:fixed|resolved|solved)\b/i,
    /\b(?:that's|that’s|it's|it’s)\s+(?:now\s+)?(?:fixed|resolved|sorted)\b|\b(?:bug|issue|crash|error|problem|regression|leak|failure|race|race condition|deadlock|flake|flakiness|panic|hang|timeout|warning|exception|NPE|NullPointerException|segfault|OOM|stack overflow|memory leak|404|500|CVE(?:-[0-9]{4}-[0-9]+)?|vulnerabilit(?:y|ies)|resets?|spikes?|glitch(?:es)?|stutter(?:s|ing)?|flicker(?:ing)?|softlock|oops|freezes?|drops?)s?\b[^.\n]{0,40}?\s(?:is|are|has been|have been)\s+(?:now\s+)?(?:gone|fixed|resolved)\b|\b(?:bug|issue|problem|crash|regression)s?\s+(?:now\s+)?(?:fixed|resolved)\b/i,
    /\bno\s+more\s+(?:\w+\s+){0,2}?(?:crash(?:es)?|errors?|panics?|leaks?|goroutines|500s|404s|timeouts?|hangs?|flakes?|flakiness|exceptions|races?|deadlocks?|loops?|duplicates|orphans?|retries|regressions?|warnings)\b|\bno\s+longer\s+(?:crashes|fails|errors|throws|hangs|leaks|panics|times out)\b|\bshould\s+(?:now\s+)?(?:fix|resolve)\s+(?:it|this|the)\b/i,
    /\b(?:fixed|resolved|solved|sorted)\b(?=\s*(?:[.!—–(:;]|$|[✅✔]))|\bfix(?:es)?\s+(?:is|are)\s+in\b|\bstatus:?\W{0,4}(?:resolved|fixed)\b|[✅✔]\s*(?:fixed|resolved)\b/i,
    /\b(?:that|this|which)\s+(?:resolves|fixes|solves|closes|addresses|patches)\s+(?:the|a|an|your|this|that|it|CVE-|GHSA-)/i,
    /(?:^|\s)(?:תיקנתי|תוקן|תוקנה|תוקנו)(?=\s|$|[.,])/,
    /\b(?:bug|race|crash|fout|probleem|lek|regressie|error)\S*\s+(?:is|zijn)\s+(?:nu\s+)?weg\b/i,
    /(?:修正|対応|解決|解消)(?:しました|済み|完了|できました)|(?:直り|直っ)(?:まし|てい)|片付きました/,
    /\b(?:fix|solve|resolve|theek|thik)\s+(?:bhi\s+)?(?:kar\s+(?:diya|di|dia)|ho\s+(?:gaya|gya|gayi))\b/i,
    /已?(?:修复|解决|修好)了|已(?:经)?(?:修复|解决)|(?:수정|해결)\s*(?:했습니다|했어요|완료|됨)|고쳤습니다|(?:수정|해결|해소)(?:했|하였|되었|됐)/
  ]],
  ['works', [
    /(?<!\bhow\s+)\b(?:it|this|that|everything|all|the\s+(?:fix|feature|endpoint|script|app|page|command|change))\s+(?:now\s+)?(?:works|is\s+working|runs\s+correctly)\b|\bworks\s+(?:now|again|as\s+expected|correctly|fine|perfectly)\b/i,
    /\bworks\s+on\s+(?:the\s+|a\s+)?(?:stage|staging|prod(?:uction)?|all|every|both|ci|my\s+machine|local(?:ly)?|(?:real\s+)?(?:device|simulator|emulator|sim)s?)\b|\blooks\s+(?:right|correct|good|fine)\s+(?:\S+\s+){0,4}?now\b|\b(?:loads|renders|works|runs|starts|responds|boots)\s+(?:normally|fine|correctly|properly)\s+(?:again|now)\b|\b(?:and|then)\s+(?:also\s+)?(?:verified|confirmed)\s+(?:that\s+)?(?:the|it|this|a|an|every|all|each)\b|\b[\w-]+\s+(?:verified|confirmed)\s*[✓✔✅]/i,
    lead('verified|confirmed|tested'),
    /\b(?:I've|I’ve|I have|I|we've)\s+(?:also\s+)?(?:verified|confirmed|tested)\b|\bshould\s+now\s+(?:work|pass)\b|\b(?:verified|confirmed)\s+(?:working|that|it)\b/i,
    /(?<!\bhow\s+(?:it\s+)?)\b(?!how\b)[a-z][\w-]{2,30}\s+works\b(?=\s*(?:[.!—–,;:(]|$)|\s+(?:now|again|fine|correctly|as expected|and\s+(?:is|does|handles|passes|holds|keeps)\b))/i,
    /\b(?:didn't|didn’t|did\s+not|hasn't|hasn’t|has\s+not)\s+break\s+anything\b|\brien\s+ne\s+(?:casse|plante)\b|\bnada\s+(?:se\s+)?rompe\b|\bbehaves\s+(?:as\s+expected|correctly)\b|\b(?!(?:how|what|should|must|to|will|would|can|could)\b)[a-z]{3,20}\s+(?:correctly|properly)\s+now\b/i,
    /(?:^|[,;:→]\s*)(?:ok\W{0,3})?(?:verified|confirmed)\s*[.!✓✔✅]*\s*$/i,
    /\b(?:still|now)\s+works\s+(?:with|on|after|against|under)\b|^\W{0,4}works\s+(?:with|on|for|again|now|fine|great|as\s+expected)\b|^\W{0,4}werkt\s+(?:in|op|met|nu|weer|goed|prima)\b|\bzoals\s+verwacht\b/i,
    // What the change does is a description ("the script now loads X"); said as seen, after a run or "as expected", it is a claim.
    /\b(?:re-?ran|ran|tried|retried|exercised)\s+(?:\S+\s+){0,8}?(?:and|,)\s+(?:it|this|that|everything)\s+now\s+[a-z]+s\b|\bnow\s+[a-z]+s\b[^.\n]{0,80}\bas\s+expected\b/i,
    /已(?:经)?(?:验证|确认)|验证通过|(?:확인|검증)\s*(?:했습니다|완료|됨)|정상(?:적으로)?\s*(?:동작|작동|로드|실행)/,
    /デグレ[はも]?(?:なく|ありません|なし)|動作確認(?:済|しました|できました|OK)|(?:正常に|問題なく|ちゃんと)(?:動|動作|完了)|(?<!(?:問題|エラー|原因|内容|状況|ログ|コード|ファイル|仕様|挙動|差分|変更点)を)確認(?:しました|済み|できました)/
  ]],
  ['done', [
    /^\W{0,4}(?:all\s+)?done\s*[.!]|\b(?:implementation|fix|feature|change|changes|task|work|refactor(?:ing)?|migration|everything)\s+(?:is\s+|are\s+)?(?:now\s+)?(?:complete|completed|done|finished)\b/i,
    /\b(?:system|project|app|application|module|integration|pipeline|setup|release|version)(?:\s+v?[0-9][\w.]{0,12})?\s+(?:is\s+|are\s+)?(?:now\s+)?(?:fully\s+)?(?:complete|completed|done|finished)\b/i,
    /(?:実装|作業|対応|改修)(?:が|は)?(?:完了|終わりました)/,
    /\b(?:ist|sind)\s+(?:jetzt\s+)?fertig\b|\best[aá]\s+(?:listo|lista|terminad[oa])\b|\best\s+(?:terminée?|finie?)\b/i
  ]],
  ['deployed', [
    /^\W{0,4}live\s*[!.]*\s*$/i,
    lead('deployed|published|released|shipped|rolled out'),
    lead('(?:upgraded|rolled\\s+out|applied|synced|promoted|installed)\\s+(?:in|to|on|into)\\s+(?:the\\s+)?[\\w.-]+\\s+(?:cluster|env(?:ironment)?|namespace)'),
    /\b(?:is|are|been|now|successfully)\s+(?:deployed|published|released|shipped|live|rolled\s+out)\b|\b(?:I've|I’ve|I have|I|we've)\s+(?:also\s+)?(?:deployed|published|released|shipped|rolled\s+out)\b/i,
    /(?:'s|’s)\s+(?:now\s+)?(?:deployed|published|released|shipped|rolled\s+out)\b|\b(?:is|are)\s+(?:now\s+)?(?:on|up\s+on|available\s+(?:on|from))\s+(?:PyPI|npm|NuGet|crates\.io|RubyGems|Hex|Maven\s+Central|Docker\s*Hub|GHCR|the\s+(?:internal|alpha|beta|production|closed|open)\s+(?:testing\s+)?track|quay\.io|ghcr\.io|ECR|GCR|Artifact\s+Registry|Bioconda|conda-forge|anaconda\.org|Packagist|pub\.dev|Hackage|CRAN|Homebrew|JSR|Open\s*VSX|TestFlight|the\s+(?:App|Play)\s+Store|Heroku|Render|Fly|Vercel|Netlify|(?:the\s+)?(?:Hugging\s*Face\s+)?Hub)\b|\b(?:it's|it’s|it\s+is|this\s+is|now|everything\s+is)\s+live\b|^\W{0,4}live\s+(?:on|in)\b|(?:\band|&)\s+(?:deployed|published|released|shipped|rolled\s+out)\b|\b(?:is|are)\s+out\b(?=\s*[!.]|$)|\bpublished\s+to\s+(?:npm|pypi|crates\.io|rubygems|maven|the registry)\b|\buploaded\s+to\s+(?:steam|itch(?:\.io)?|testflight|the\s+(?:app|play)\s+store|google\s+play|app\s+store\s+connect|pypi|npm|the\s+registry)\b|\b(?:enviad[oa]s?|subid[oa]s?)\s+(?:pr[oa]|para|al|a|no|na|en)\b/i,
    /\b(?:prod|production|staging)\s+(?:is\s+|now\s+)(?:now\s+)?(?:on|running)\s+v?[0-9]|(?:^|[,;]\s*)(?:deployed|rolled\s+out|shipped|released|published)(?=\s*(?:[.!✅✓]|👌|🚀|🎉|$))|\bapplied\s+to\s+(?:prod|production|staging|the\s+cluster)\b|\b(?:is|are)\s+(?:now\s+)?(?:on|in)\s+(?:prod|production|staging)\b|\bv?[0-9]+\.[0-9]+(?:\.[0-9]+)?\s+(?:is\s+)?(?:released|published|shipped|out)\b|\b(?:npm|pypi|crates\.io|rubygems|the\s+registry)\s+has\s+it\b/i,
    /\b(?:rolled|pushed|shipped)\s+(?:it|them|this|that)\s+out\s+to\s+(?:prod|production|staging|live|the\s+cluster)\b|\b(?:deployed|shipped|released|rolled\s+out|pushed|promoted)\s+to\s+(?:prod|production|staging|live|the\s+cluster)\b|\b(?:is|are)\s+(?:now\s+)?up\s+on\s+(?:prod|production|staging|ghcr|docker\s*hub|the\s+registry|npm|pypi)\b/i,
    /(?:デプロイ|リリース|公開|本番反映|\bapply|\bdeploy)\s*[もはが]?(?:しました|完了|済み|できました)|本番[^\n。]{0,8}(?:apply|反映)(?:済み|しました)|(?:本番|環境)[^\n。]{0,12}稼働(?:中|しています)/,
    /\b(?:prod(?:uction)?\s+|staging\s+)?(?:deploy(?:ment)?|rollout|roll-out)\s+(?:is\s+|was\s+)?(?:done|complete|completed|finished|succeeded|successful)\b/i,
    /\b(?:prod|production|staging)\s+(?:(?!(?:not|never|yet|will|to|be)\b)[\w-]+\s+){0,3}(?:applied|live)\b(?!\s+(?:to|on|in)\b)/i,
    /(?:^|\s)(?:застосовано|применено|розгорнуто|раскатано)\s+(?:на|в|до|к)\s+(?:staging|stage|prod|production|продакшн|прод|кластер)/i,
    /(?:^|\s)(?:выкатил[аи]?|задеплоил[аи]?|раскатил[аи]?)\s+(?:на|в)\s/i,
    /(?:^|\s)(?:задеплоєно|задеплоено|задеплоїли|задеплоили|задеплоїв|задеплоил|розгорнуто|развернуто|викочено|выкачено|wdrożon[eoy]|wdrożono)(?![\wÀ-ɏЀ-ӿ])/i,
    /\b(?:ist|sind)\s+(?:(?:jetzt|nun|damit|ab\s+sofort)\s+){0,2}(?:auf|bei|in)\s+[\w.-]+\s+(?:verfügbar|live|veröffentlicht)\b/i,
    /已(?:经)?(?:部署|发布|上线)|(?:部署|发布)(?:成功|完成)|배포\s*(?:했습니다|완료|됨)|배포(?:했|하였|되었|됐)/
  ]],
  ['committed', [
    lead('committed|pushed|merged', '\\b(?!\\s+(?:back|for|on\\s+with|through|into\\s+(?:a|the)\\s+(?:corner|wall)))'),
    /\b(?:is|are|been|now|successfully|all)\s+(?:committed|pushed(?!\s+(?:forward|back|aside|out|down|up|ahead)\b)|merged)\b|\b(?:I've|I’ve|I have|I|we've)\s+(?:also\s+)?(?:committed|pushed|merged)\b/i,
    /\b(?:change|changes|fix|work|commit|branch|tag|it)\s+(?:is\s+|are\s+|has\s+been\s+)?(?:committed|pushed|merged)\b|(?:\band|&)\s+(?:committed|pushed|merged)\b/i,
    /\b(?:committed|pushed|merged|landed)\s+(?:on|to|into|pra|para|a|en|nach|naar|na|su|sur)\s+(?:main|master|origin|trunk|develop|(?:the\s+)?branch\s+\S+|[\w.-]+\/[\w./-]+)(?![\w/-])|(?<!\bwhat)(?:'s|’s)\s+(?:now\s+|all\s+)?(?:committed|pushed|merged)\b(?!\s+(?!(?:as|is|was|this|its|has|yes)\b)[a-z]+s\b)/i,
    /\b(?:PR|MR|pull\s+request|merge\s+request)\s+#?[0-9]+\s+(?:is\s+|was\s+|got\s+|has\s+been\s+)?(?:now\s+)?(?:squash[- ])?merged\b|\b(?:I|we)\s+(?:(?:squash|rebase)[- ])?merged\b|\b(?:squash|rebase)[- ]merged\b|\bmerged\s+(?:PR\s+)?#[0-9]+/i,
    /(?:コミット|プッシュ|マージ|\bcommit|\bpush|\bmerge)\s*[もはが]?(?:しました|済み|完了)|\b(?:commit|push|merge)\s+(?:feito|hecho|fatto|effectué|gemacht)\b/i,
    /\b(?:commit|push|merge)\s+(?:bhi\s+)?(?:kar\s+(?:diya|di|dia)|ho\s+(?:gaya|gya|gayi))\b/i,
    /已(?:经)?(?:提交|推送|合并)|(?:提交|推送)(?:成功|完成)|(?:커밋|푸시|머지)\s*(?:했습니다|완료|됨)|(?:커밋|푸시|머지)(?:했|하였|되었|됐)|(?:עשיתי|ביצעתי)\s+commit|(?:^|\s)(?:ו?דחפתי|ו?מיזגתי|מוזג)(?=\s|$|[.,])/
  ]],
  ['ready', [
    /\brelease[-\s]ready\b/i,
    /можно\s+(?:мержить|мёрджить|мерджить|вливать|сливать)/i,
    /\bliberad[oa]\s+(?:para|pra)\s+(?:o\s+)?(?:merge|deploy|produção|release)\b/i,
    /\bready\s+(?:to|for)\s+(?:the\s+)?(?:v?[0-9][\w.]*\s+|(?:next|sprint|nightly|weekly|upcoming)\s+)?(?:merge|ship|release|deploy|production|review|go)\b|\b(?:safe|good)\s+to\s+(?:merge|ship|deploy|go)\b|\bproduction[\s-]ready\b|\ball\s+good\s+to\s+go\b/i,
    /(?:マージ|リリース|本番)(?:可能|できる状態|の準備が)|\b(?:ship|merge|release|deploy)\s*(?:できる|可能な?)\s*状態/i,
    /可以(?:合并|上线|发布)|머지해도\s*(?:됨|됩니다|돼)|(?:머지|배포)\s*가능/
  ]]
]
