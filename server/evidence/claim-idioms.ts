/** Everyday idioms of the claims ("bug's dead", "merge-ready", "checked in", "prints nothing", "ya compila", "全部通った"), by type, in the agents' languages; data, bounded regexes. */
import type { ClaimType } from './claim-patterns.js'

// Tools whose silence or exit is their verdict: "ruff check reports nothing", "gofmt -l prints nothing", "exits 0".
const LINTERS = 'ruff|eslint|clippy|cargo\\s+clippy|cargo\\s+fmt|rustfmt|gofmt|goimports|prettier|black|isort|flake8|pylint|rubocop|standardrb|stylelint|shellcheck|golangci-lint|ktlint|detekt|swiftlint|biome|hadolint|yamllint|markdownlint|sqlfluff|credo|spotless|promtool|spotbugs|pmd|lintian|checkov|tflint|hlint|cppcheck|clang-tidy'
const TYPERS = 'tsc|mypy|pyright|flow|vue-tsc|svelte-check|phpstan|psalm|sorbet|srb\\s+tc|cargo\\s+check|the\\s+TypeScript\\s+compiler'
const ARGS = '(?:\\s+(?:check|--?[\\w-]+(?:=\\S+)?|[0-9]+|[./][\\w./-]*))*'
const silent = (tools: string) => new RegExp(`(?<![\\w-])(?:${tools})${ARGS}\\s+(?:now\\s+)?(?:(?:reports|prints|outputs|flags|lists|finds|shows)\\s+nothing|(?:no\\s+longer|doesn't|does\\s+not)\\s+(?:flag|report|complain)\\w*(?:\\s+(?:about\\s+)?(?:anything|any|it))?\\b|(?:reports|shows|finds|gives)\\s+(?:no|zero|0)\\s+(?:errors|issues|problems|warnings)|(?:exits?|exited|returns?|returned)\\s+(?:with\\s+)?(?:0|zero|cleanly)\\b|(?:agrees|is\\s+happy|'s\\s+happy|’s\\s+happy|is\\s+satisfied))`, 'i')

// The same silence in Spanish, Portuguese and Italian: "ruff check no reporta nada", "non segnala più alcun problema".
const callado = (tools: string) => new RegExp(`(?<![\\w-])(?:${tools})${ARGS}(?:\\s+(?:y|e|ed))?\\s+(?:ya\\s+|agora\\s+|ora\\s+)?(?:no\\s+(?:reporta|marca|muestra|da)|não\\s+(?:lista|reporta|mostra|aponta|acusa)|non\\s+(?:segnala|riporta|trova)(?:\\s+più)?|(?:pasa|passa|passou)\\s+(?:limpio|limpo|sem\\s+(?:nenhum\\s+)?erro|sin\\s+errores|senza\\s+errori))\\b(?:\\s+(?:nada|ningún|nenhum|alcun|nessun)\\w*)?`, 'i')

export const IDIOMS: ReadonlyArray<readonly [ClaimType, RegExp]> = [
  ['lint', callado(LINTERS)],
  ['types', callado(TYPERS)],
  ['lint', silent(LINTERS)],
  ['types', silent(TYPERS)],
  ['lint', /(?<![\w-])(?:--check|format\s+check|lint)\s+(?:run\s+|step\s+)?(?:now\s+)?pass(?:es|ed)\b|\bformatting\s+is\s+(?:settled|clean|fine|done)\b|\beverything\s+is\s+formatted\b/i],
  ['types', /\btypings?\s+(?:are|is)\s+(?:now\s+)?(?:sound|clean|fine|happy)\b/i],
  ['build', /\b(?:cargo\s+build|go\s+build|make|gradle\s+\w+|\.\/gradlew\s+\w+|mvn\s+\w+|npm\s+run\s+build|assemble\w*)(?:\s+--?[\w-]+)*\s+(?:now\s+)?(?:finishes|runs|completes|exits|is)\s+(?:clean(?:ly)?|green|successfully|ok|fine)\b/i],
  ['fixed', /\bno\s+longer\s+(?:happens|occurs|crashes|fails|reproduces|leaks|hangs|panics)\b|\bno\s+more\s+(?:crash|segfault|panic|flak|timeout|leak|race|hang|deadlock|NPE|500)\w*\b|\b(?:bug|crash|issue|leak|race|flake|regression)(?:'s|’s|\s+is)\s+(?:now\s+)?(?:dead|gone|squashed|history)\b|\bsquashed\s+(?:the|a|that|this)\b[^.\n]{0,40}\bbug\b|\baddressed\s+(?:the|a|that|this)\b[^.\n]{0,40}\b(?:error|bug|issue|crash|warning|failure)\b/i],
  ['works', /\bwork(?:s|ing)\s+(?:fine\s+)?(?:locally|end[\s-]to[\s-]end|in\s+(?:the\s+)?(?:browser|staging|container|simulator|emulator))\b|\b(?:prints|outputs|shows|returns|produces|gives)\s+the\s+expected\b|\beverything\s+checks\s+out\b|\bruns\s+cleanly\b|\b(?:gets|returns)\s+(?:a\s+)?[2-5][0-9]{2}\s+as\s+(?:intended|expected)\b/i],
  ['deployed', /\b(?:kubectl\s+apply|helm\s+upgrade|terraform\s+apply|fly\s+deploy|the\s+deploy)\s+went\s+through\b|\bis\s+(?:now\s+)?serving\s+(?:traffic|requests|the\s+new)\b|\b(?:is|are|has\s+been|have\s+been)\s+(?:now\s+)?re-?(?:deployed|published|released)\b|\b(?:prod|production|staging)\s+is\s+(?:now\s+)?running\s+the\s+new\b|(?:'s|’s)\s+up\s+on\s+(?:crates\.io|pypi|npm|rubygems|hex|nuget|docker\s*hub|the\s+registry|the\s+store)\b/i],
  ['committed', /\b(?:force-?pushed|staged\s*\+\s*committed)\b|\b(?:everything(?:'s|’s|\s+is)|all|changes\s+(?:are|were))\s+checked\s+in\b|\bon\s+the\s+remote\s+now\b|\b(?:both|all)\s+on\s+the\s+remote\b/i],
  ['ready', /\bmerge-?ready\b|\bready\s+to\s+(?:land|tag|go\s+in|go\s+out|release|publish|roll\s+out)\b|\bcan\s+go\s+in\s+whenever\b/i],
  // A build tool's own verdict word, a fix by its verb, what was seen working, where a release went, a branch's state.
  ['build', /(?<![\w-])(?:cargo\s+build|go\s+build|make|gradle\s+\w+|\.\/gradlew\s+\w+|mvn\s+\w+|npm\s+run\s+build|xcodebuild|tsc|webpack|vite\s+build)(?:\s+(?:--?[\w-]+(?:=\S+)?|-j\d+))*\s*(?::\s*)?(?:succeeded|completes|completed|finished|emitted)\b|\bbuilt\s+the\s+(?:app|\w+\s+target|project|image|binary)\s+without\s+(?:any\s+)?errors\b/i],
  ['lint', /\blints?\s+(?:cleanly\s+|clean\s+)?without\s+(?:a\s+)?complaints?\b|\bwarnings\b[^.\n]{0,40}\b(?:are|is)\s+(?:now\s+)?gone\b|\bevery\s+file\s+is\s+formatted\b/i],
  ['fixed', /\b(?:patched|squashed|plugged|closed|nailed)\s+(?:the|a|that|this)\b[^.\n]{0,40}\b(?:bug|leak|deadlock|race|injection|hole|crash|issue|vulnerability|flake|regression|loop)\b|\b(?:has|have)\s+been\s+taken\s+care\s+of\b|\b(?:bug|issue|leak|crash|problem|race|deadlock|regression)\b[^.\n]{0,40}\b(?:is|should\s+be)\s+(?:now\s+|totally\s+|all\s+)?sorted\b|\bno\s+more\s+\w*(?:Exception|Error)s?\b|\bfix\s+applied\b/i],
  ['works', /\b(?:output|result)s?\s+match(?:es)?\s+(?:the\s+)?expected\b|\bbehaviou?r\s+verified\b|\bworks?\s+in\s+(?:Chrome|Firefox|Safari|Edge|both|all)\b|\bworking\s+as\s+(?:intended|expected)\b|\breturns\s+the\s+(?:right|correct|expected)\b|\bbehave\s+correctly\b|\bdoes\s+the\s+right\s+thing\b|\bworks\s+like\s+a\s+charm\b|\bruns\s+fine\b|\bseems\s+to\s+work\b/i],
  ['deployed', /\blive\s+at\s+https?:|\b(?:new|updated|latest)\b[^.\n]{0,30}\bserving\s+(?:traffic|requests)\b|\bwent\s+(?:out|live)\s+(?:to|on|in)\s+(?:prod|production|staging)\b|\b(?:twine\s+upload|npm\s+publish|helm\s+upgrade|gh\s+release\s+create|fly\s+deploy|kubectl\s+apply|cargo\s+publish|sam\s+deploy|serverless\s+deploy)\b[^.\n]{0,40}\b(?:done|finished|worked|succeeded|ok)\b|\bredeployed\b|\buploaded\b[^.\n]{0,40}\bto\s+(?:PyPI|npm|crates\.io|the\s+registry|TestFlight|the\s+store)\b|\b(?:running|serving)\s+it\s+in\s+prod(?:uction)?\b|\bupdated\s+with\s+the\s+new\s+code\b/i],
  ['committed', /\bpushed\s+upstream\b|\bgit\s+push\s+(?:ok|done|went\s+through|succeeded|worked)\b|\bcommits?\b[^.\n]{0,80}\b(?:both|all)\s+on\s+(?:main|master|the\s+branch)\b|\bamended\s+the\s+(?:last\s+)?commit\b|\bremote\s+is\s+up\s+to\s+date\b|\bsafely\s+committed\b|[—–-]\s*merged\b/i],
  ['ready', /\bmergeable\b|\bcleared\s+for\s+(?:merge|release|deploy)\b|\bcan\s+be\s+merged\b|\bcan\s+go\s+out\b/i],
  // Spanish, Portuguese, Italian.
  ['build', /(?:^|\s)(?:ya|já|ora|agora|adesso|ahora|tudo|todo)\s+compila\b|\bcompil(?:ou|ó|a|ato)\s+(?:de\s+primeira|bien|bem|bene|correctamente|corretamente|correttamente|sin\s+errores|sem\s+erros|senza\s+errori|com\s+sucesso|con\s+éxito|con\s+successo)\b|\b(?:build|compilaci[oó]n|compila[çc][aã]o|compilazione)\b[^.\n]{0,40}\b(?:completad[oa]|conclu[ií]d[oa]|gerad[oa]\s+com\s+sucesso|terminó\s+bien|sin\s+intoppi|senza\s+intoppi)\b|\b(?:make|build)\s+rodou\s+limpo\b/i],
  ['fixed', /\bya\s+no\s+(?:ocurre|pasa|falla|aparece)\b|\bquedó\s+resuelto\b|\bresuelto\s*(?:🎉|✅|\.|$)|\bho\s+(?:corretto|risolto|sistemato)\b|(?:^|\s)è\s+(?:sparit[oa]|stat[oa]\s+(?:eliminat[oa]|risolt[oa]|corrett[oa]))\b|\bnão\s+(?:acontece|ocorre)\s+mais\b/i],
  ['works', /\bfuncionando\s+(?:100\s*%|bien|perfeitamente|perfectamente)\b|\bconfirm(?:ado|o|é)\s+que\b|\bbate\s+(?:exatamente\s+)?com\s+o\s+esperado\b|\bva\s+a\s+buon\s+fine\b|\bproduce\s+l['’]output\s+corretto\b|\btodo\s+va\s+como\s+debe\b|\bdevuelve\s+(?:un\s+)?200\b|\b(?:corre|roda)\s+bien\b|^\W{0,4}tutto\s+ok\b/i],
  ['deployed', /\ben\s+vivo\b|\bpubliqu[ée]\s|\bpubliquei\b|(?:^|\s)è\s+(?:ora\s+)?online\b|\brilascio\s+completato\b|(?:^|\s)è\s+stat[oa]\s+distribuit[oa]\b|\bfiz\s+o\s+(?:rollout|deploy)\b|\bsub[ií]\s+(?:a|la)\s+(?:nova|nueva)\s+versi[oó]n\b/i],
  ['committed', /\bhice\s+(?:el\s+)?commit\b|\bcommitei\b|\bfiz\s+o\s+(?:push|commit|merge)\b|\b(?:enviad[oa]s?|inviat[ei])\s+al?\s+(?:remoto|branch\s+remoto|origin)\b|\blo\s+empuj[ée]\b|\bmerge\s+della\s+PR\b[^.\n]{0,20}\bcompletato\b|\bcommittat[ei]\b/i],
  ['ready', /\bseguro\s+hacer\s+merge\b|\bpode\s+mergear\b|\bsi\s+può\s+mergiare\b|\bpront[oa]\s+(?:per|para|pra)\s+(?:essere\s+unit[oa]|la\s+produzione|il\s+rilascio|subir|produ[çc][aã]o)\b/i],
  // Where a claim's verb is followed by where it held: "the filter works in the admin", "type-checks now", "it's on staging now".
  ['works', /(?<!\bhow\s+(?:it\s+)?)\b(?!how\b)[a-z][\w-]{2,30}\s+(?:now\s+)?works\s+(?:in|against)\s+(?:the\s+)?(?!way\b)[\w-]+|\bcame\s+back\s+(?:clean|green|ok)\b/i],
  ['types', /\btype-?checks\s+(?:now|again|cleanly|clean|fine)\b/i],
  ['deployed', /\b(?:it|this|that)(?:'s|’s|\s+is)\s+(?:now\s+)?(?:live\s+)?(?:on|in)\s+(?:staging|prod|production)(?:\s+now)?\s*(?:[.!]|✅|🚀|$)|\b(?:staging|prod|production)\s+is\s+(?:now\s+)?(?:on|running)\s+`?[\w.@-]*[0-9][\w.@-]*`?(?:\s+now)?\b/i],
  // "they pass in chromium": a pronoun for the tests, not "they pass the value along".
  ['tests', /\b(?:they|these|those)\s+(?:all\s+|now\s+|still\s+)?pass(?:es)?\b(?!\s+(?:the|a|an|it|its|their|through|along|by|to|on|back|down|over|into|validation)\b)/i],
  ['build', /\bcompiles\s+(?:against|with|under)\s+|\bbuild\b(?:[^.\n]|\.(?=[0-9])){0,40}\bwent\s+through\b/i],
  ['tests', /\btest\s+runs?\b[^.\n]{0,60}\b(?:is|are|was|came\s+back)\s+(?:all\s+)?green\b/i],
  // A run's verdict said after it, a place and a state: "it ran clean", "healthy in prod", "build 319 is uploaded".
  ['works', /\b(?:it|this|that|everything)\s+ran\s+(?:cleanly|clean|fine|green)\b|\bin\s+and\s+ran\s+(?:cleanly|clean|fine)\b|\b(?:is|are)\s+(?:now\s+)?healthy\s+(?:in|on)\s+(?:prod|production|staging)\b/i],
  ['tests', /\b(?:-?race)\s+runs?\b[^.\n]{0,60}\b(?:is|are|was|came\s+back)\s+(?:all\s+)?(?:green|clean)\b/i],
  ['lint', new RegExp(`(?<![\\w-])(?:${LINTERS}|golangci-lint)${ARGS}\\s+has\\s+nothing\\s+(?:left\\s+|more\\s+)?to\\s+(?:say|report|flag|complain\\s+about)\\b|(?<![\\w-])(?:${LINTERS})(?![\\w-])[^.\\n]{0,60}\\bnichts\\s+zu\\s+beanstanden\\b|\\bnetjes\\s+ge\\w*(?:fmt|formatteerd|lint)\\w*`, 'i')],
  ['deployed', /\b(?:build|binary|bundle|ipa|aab|apk|release|artifact)\s+(?:[\w().-]+\s+)?(?:is|was|has\s+been|got)\s+uploaded\b|\b(?:is|was|has\s+been)\s+submitted\s+(?:to\s+(?:the\s+)?(?:App\s+Store|Play)|for\s+review|and\s+(?:is\s+)?waiting\s+for\s+review)\b|\b(?:deploy(?:ment)?|release(?!\s+notes)|rollout)\b[^.\n]{0,40}\bwent\s+through\b|\b(?:prod|production|staging)(?:'s|’s|\s+is)\s+(?:now\s+)?updated\b|\b(?:created|provisioned)\s+(?:in|on)\s+(?:staging|prod|production)\b/i],
  // Dutch, Hindi, Polish, Turkish.
  ['deployed', /\bstaat\s+(?:nu\s+)?(?:op|in)\s+(?:staging|prod(?:uctie)?|productie)\b|\btoegepast\s+op\b|deploy\s+(?:भी\s+)?कर\s+दिया|\bwrzuci(?:łem|łam|liśmy)\s+na\b|\bsunucuya\s+(?:\S+\s+)?yükledi(?:m|k)\b/iu],
  ['fixed', /ठीक\s+(?:हो\s+)?(?:गया|गई|कर\s+दिया)|(?:fix|फ़िक्स|फिक्स)\s+(?:लगा|कर)\s+दिया|(?:^|\s)düzeldi(?=[\s.,;!]|$)/iu],
  ['ready', /\bgotow[aey]\s+do\s+merg\w*|(?:deploy|merge)['’]?(?:a|e)\s+hazırs?ın?\b/iu],
  ['build', /\bbuild\s+sorunsuz\b/iu],
  // Greek, Thai, Russian.
  ['fixed', /Διορθώθηκε|διορθώθηκε|Διόρθωσα|διόρθωσα/u],
  ['deployed', /κυκλοφόρησε|δημοσιεύτηκε|(?:deploy|ดีพลอย)\S*\s*(?:ขึ้น|ไป)[^\n]{0,40}เรียบร้อย/u],
  ['works', /(?:τρέχει|δουλεύει|λειτουργεί)\s+(?:κανονικά|σωστά)/u],
  ['lint', /(?:--check|lint|scalafmt|scalafix|ruff|eslint)[^.\n]{0,30}\s(?:είναι\s+)?(?:πλέον\s+)?καθαρ[όάή]/u],
  ['committed', /(?:^|\s)(?:смержен[аоы]?|смерджен[аоы]?|вмержен[аоы]?|запушен[аоы]?|закоммичен[аоы]?)(?=[\s.,;!)]|$)/u],
  ['tests', /(?:^|\s)все\s+(?:таргеты|тесты)\s+(?:PASSED|зел[её]ные|прошли|проходят)|регрессий\s+(?:[^.\n]{0,30}\s)?нет/u],
  // Portuguese and Spanish, again.
  ['tests', /\bos\s+testes\s+continuam\s+a\s+passar\b|\bcero\s+fallas\b|\bsuite\s+qued[óo]\s+en\s+buen\s+estado\b/i],
  ['lint', /\btudo\s+limpinho\b|\bavisos\s+limpos\b|\bqued[óo]\s+limpi[ao]\b|\bya\s+no\s+reporta\s+nada\b/i],
  ['build', /\b(?:sitio|proyecto|site|projeto)\s+compila\s+(?:sin|sem)\s+problemas?\b/i],
  // "No regressions" renames a tests claim (the rules' own example of gaming by wording), in the agents' languages; not
  // "no regression test(s)", which says a test is missing.
  ['tests', new RegExp([
    /\b(?:no|zero|0|without\s+(?:any\s+)?)\s+regressions?\b(?!\s*(?:tests?|suites?|specs?|coverage|cases?)\b)|\bregression[\s-]free\b/.source,
    /\bsin\s+regresi(?:ón|ones)\b|\bninguna\s+regresión\b|\bno\s+hay\s+regresiones\b|\bsem\s+regress(?:ão|ões)\b|\bnenhuma\s+regressão\b/.source,
    /(?:\baucune|\bpas\s+de|\bsans)\s+régressions?\b|\b(?:keine|ohne)\s+Regression(?:en)?\b|\b(?:nessuna|senza)\s+regression[ei]\b|\bgeen\s+regressies?\b/.source,
    /\b(?:brak|bez|żadnych)\s+regresji\b|\bregresyon\s+(?:yok|görülmedi)\b|\b(?:tidak\s+ada|tanpa|tak\s+ada)\s+regresi\b|\bregression\s+nahi[n]?\b/.source,
    /(?:^|\s)(?:без|нет)\s+регресс|không\s+có\s+(?:lỗi\s+)?(?:hồi\s+quy|regression)|ไม่มี\s*(?:regression|การถดถอย)/.source,
    /(?:没有|沒有|无|無|未发现|未發現|没发现|未见)(?:任何)?(?:回归|回歸)(?!测试|測試)|(?:リグレッション|デグレ(?:ード)?)(?:は|も)?(?:なく|なし|無し|ありません|ゼロ|発生していません)|회귀(?:는|도)?\s*(?:없|발생하지\s*않)/.source
  ].join('|'), 'iu')],
  // Swedish, Vietnamese, Czech, Italian, Indonesian, Ukrainian.
  ['build', /\bbygger\s+(?:utan\s+(?:problem|fel|varningar)|rent|grönt)\b|\bbuild\s+prošel\b|\bsestavení\s+prošlo\b|\bkompiluje\s+se\s+bez\b|(?:^|\s)build\s+(?:đã\s+)?(?:thành\s+công|pass)|\bcompila\s+senza\s+errori\b/iu],
  ['lint', /\bhar\s+inget\s+(?:att\s+)?(?:klaga|anmärka)\s+på(?=[\s.,!]|$)|\b(?:ktlint|detekt|lint|credo)\b[^.\n]{0,30}\bsạch\b/iu],
  ['committed', /\bpushat\b|\bpushade\b|(?:^|\s)đã\s+(?:squash\s+)?(?:merge|push|commit)\b|\bcommittat[oa]\b|\bè\s+stat[oa]\s+(?:committat|pushat|mergiat)[oa]\b|(?:^|\s)(?:on|na|auf|en|su|em|op|sur)\s+`?origin\/[\w./-]+/iu],
  ['fixed', /(?:^|\s)är\s+(?:nu\s+)?(?:löst|fixat|åtgärdat)\b|(?:^|\s)(?:виправлено|виправив|виправила|полагоджено)(?=[\s.,!—-]|$)/iu],
  ['works', /(?:^|\s)(?:ověřeno|otestováno)\b|\b(?:ran|worked|behaved|purged|returned|responded|came\s+back)\b[^.\n]{0,60}\bas\s+expected\b/iu],
  ['deployed', /(?:^|\s)đã\s+(?:upload|deploy|publish|đẩy)\b|\bsudah\s+(?:keluar|rilis|dirilis|terbit|live|di-?deploy)\b/iu],
  // A property suite's laws, a test named by its class or file, cases counted as passing, every target compiled.
  ['tests', /\b(?:laws?|propert(?:y|ies)|invariants?)\s+(?:all\s+)?hold\b|\b\w+(?:Test|Tests|Spec|_test|_spec|\.test\.\w+|\.spec\.\w+)\s+(?:now\s+|still\s+)?pass(?:es|ed)?\b|\b[0-9]+\s*\/\s*[0-9]+\s+(?:cases|specs|checks)\s+pass(?:ed|ing)?\b|\b(?:solution|workspace|monorepo)\s+is\s+(?:all\s+)?green(?:\s+again)?\b/iu],
  ['build', /\ball\s+(?:[0-9]+\s+)?targets\s+(?:compile|build)\b/iu],
  // Infrastructure's own words: a health check, a play, a role's tests, a change on every node; Hebrew's "green" and "live in prod".
  ['works', /\bhealth\s*-?check\s+(?:now\s+)?pass(?:es|ed)\b|\bdoes\s+(?:exactly\s+)?what\s+it\s+should\b|\banswers\s+(?:with\s+)?(?:a\s+)?200\b/iu],
  ['lint', /(?<![\w-])(?:ansible-lint|yamllint|hadolint|tflint|shellcheck|credo|rubocop|eslint|ruff)\s+has\s+no\s+(?:objections|complaints)\b/iu],
  ['tests', /\bmolecule(?:\s+test)?\s+(?:now\s+)?(?:pass(?:es|ed)|is\s+green|green)\b|(?:molecule|טסטים|בדיקות|tests?)[^.\n]{0,15}ירוק/iu],
  ['deployed', /\b(?:is|are)\s+(?:now\s+)?(?:on|live\s+on|running\s+on)\s+(?:every|all|each|both)\s+(?:[\w-]+\s+){0,2}(?:nodes?|hosts?|servers?|instances?|pods?|machines?|bastions?)\b|חי\s+ב(?:פרוד|פרודקשן|ייצור)/iu],
  // Services and releases in their own words: a stack that boots, replicas healthy on the new image, an environment synced.
  ['works', /\bnow\s+works\s+for\b|\b(?:whole\s+)?(?:stack|app|service|server|container)s?\s+boots?\s+(?:cleanly\s+|fine\s+)?(?:with|on|again)\b|\bran\s+without\s+a\s+hitch\b|\bruns?\s+end\s+to\s+end\b|\bwired\s+up\s+and\s+(?:verified|tested|working)\b|\b(?:both|all\s+(?:three|four|[0-9]+))\s+work\b|\b(?:replicas|pods|instances)\b[^.\n]{0,40}\b(?:are|is)\s+(?:[^.\n]{0,30}\s)?(?:healthy|Ready)\b|\bmigrations?\s+`?[\w.-]*`?\s*(?:is|are|was|were)\s+(?:now\s+)?applied\b/i],
  ['deployed', /(?<![\w-])(?:staging|prod(?:uction)?)\s+is\s+(?:now\s+)?synced\b|\b(?:is|are)\s+now\s+running\s+on\s+(?:the\s+)?(?:prod|production|staging)\b|\bis\s+running\s+the\s+new\s+(?:manifests?|image|release|version)\b|\bpublished\s+with\s+provenance\b/i],
  ['build', /\bthe\s+(?:wheels?|images?|jar|binary|bundle|apk|package)\s+(?:now\s+)?(?:builds\b(?!\s+(?:a|an|the|it|them|its)\b)|builds?\s+(?:fine|cleanly|successfully|again)\b)/i],
  ['tests', /\b(?:packages|suites|modules)\s+(?:are\s+)?(?:both|all)\s+green\b/i],
  ['lint', /\bformatting\s+is\s+canonical\b|\b(?:terraform\s+fmt|gofmt|rustfmt|black|prettier|ruff\s+format)\s+has\s+nothing\s+to\s+(?:change|reformat|fix)\b/i],
  ['ready', /\b(?:probably\s+|should\s+be\s+)?fine\s+to\s+merge\b|\bgood\s+to\s+(?:tag|release|ship)\b|\bclear\s+to\s+(?:raise|open|merge)\s+the\s+(?:PR|MR|pull\s+request)\b/i],
  ['tests', /\ball\s+(?:[0-9]{1,5}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\w-]+\s+)?(?:green|pass(?:ed)?)\b/i],
  ['lint', new RegExp(`(?<![\\w-])(?:${LINTERS}|dotnet\\s+format|flutter\\s+analyze|dart\\s+analyze)(?:\\s+\\S+){0,2}\\s+(?:now\\s+)?(?:reports|shows|finds)\\s+(?:no|zero|0)\\s+(?:violations|issues|problems|findings|warnings)\\b`, 'i')],
  ['lint', /\b(?:module|code|package|project|crate|library)s?\s+(?:is|are)\s+(?:now\s+)?warning-free\b/i],
  // A verb with its subject left out, after another claim: "gofmt clean, compiles now".
  ['build', /(?:^|[,;:]\s*)(?:and\s+)?(?:compiles|builds)\s+(?:now|again|cleanly|fine)\b/i],
  // Brazilian Portuguese, French and German as teams write them.
  ['build', /\bbuilda\s+de\s+boa\b|\bbuildou\s+(?:de\s+boa|certinho|sem\s+erro)\b|\bse\s+construi(?:t|sent)\s+(?:correctement|sans\s+erreur)\b/iu],
  ['works', /\b(?:tá|está)\s+funcionando\b|\brodou\s+(?:certinho|liso|de\s+boa|sem\s+erro)\b|\bläuft\b[^.\n]{0,60}\b(?:wieder\s+(?:vollständig\s+)?|vollständig\s+)durch\b/iu],
  ['types', /\b(?:larastan|phpstan|psalm|mypy)\s+zerado\b|\bnão\s+acusa\s+mais\s+nada\b/iu],
  ['lint', /\b(?:pint|eslint|prettier|php-cs-fixer|rubocop|ruff)\b[^.\n]{0,20}\b(?:tá|está)\s+de\s+boa\b/iu],
  ['deployed', /\b(?:já\s+)?(?:tá|está)\s+(?:no\s+ar|em\s+produção)\b|\bdeploy\b[^.\n]{0,30}\bfoi\s+feito\b/iu],
  ['committed', /\bcommit[ée]e?s?\s+sur\s+(?:la\s+branche|`?[\w./-]+)/iu],
  ['fixed', /\b(?:avertissements|erreurs|warnings)\s+sont\s+(?:traités|corrigés|réglés)\b/iu],
  ['ready', /\bmergefähig\b|\bauslieferbar\b|\bgotowe\s+do\s+(?:publikacji|wydania|merge)\b|(?:^|\s)готово\s+к\s+(?:ревью|мерж|релиз)/iu],
  ['deployed', /(?:^|\s)выкатил[аи]?(?=[\s.,!]|$)|\b(?:upload|live|deploy)\s+ho\s+gaya\b/iu],
  ['types', /\b(?:mypy|pyright|tsc)\s*:?\s+bez\s+błędów\b/iu],
  ['lint', /\b(?:golangci-lint|govulncheck|go\s+vet|staticcheck|gofmt)\s+temiz\b/iu],
  // Chinese, Japanese, Korean.
  ['tests', /(?:全部|すべて|全て)通った|测试也?全过|用例[^。\n]{0,10}(?:也)?过了|没有失败项|올\s*패스|실패\s*0\s*건|다\s*초록/u],
  ['build', /(?:エラーなしで|ちゃんと)(?:完了|通った)|成功构建|构建正常|빌드(?:도)?\s*문제\s*없이\s*성공|已成功构建|顺利构建|(?:깔끔하게|에러\s*없이)\s*통과|빌드\s*ㅇㅋ|끝까지\s*(?:돌아가|통과)/u],
  ['fixed', /もう起きない|不会再出现|搞定了|改对了|수정해\s*두었|고쳤(?:음|어요|습니다)?|✅\s*해결|사라졌습니다/u],
  ['tests', /スペックは通って(?:い|お)ります|スペックは通っています/u],
  ['works', /按预期运行|均正常|可以用了|잘\s*돌아가|잘\s*먹힘|예상대로\s*동작|確かめました|验证可用|回填完成|안정화되었습니다/u],
  ['lint', /포맷팅(?:도|은)?\s*깔끔/u],
  ['lint', /위반\s*사항\s*(?:을\s*)?정리|걸리는\s*부분(?:은|이)?\s*없/u],
  ['deployed', /部署完毕|已完成（?(?:Cloud\s*Run|部署)|反映済み|퍼블리시했|반영\s*(?:완료|끝)|롤아웃(?:도|이)?\s*(?:끝|완료)|라이브\s*상태|推到\s*Vercel|배포(?:를|가)?\s*완료|적용했습니다|이미지로\s*교체되었|在\s*(?:prod|生产|线上)\s*跑完了/u],
  ['committed', /提交好了|推到远程|推上去了|已推到|已\s*push|已经\s*commit|커밋\s*(?:올렸|해\s*두었)|원격\s*저장소에\s*올려|push\s*しておいた|リモートにも反映/u],
  ['ready', /マージしちゃって大丈夫|可安全合并|可以合(?:并|入)?(?=[。，,.!]|$)|随时可以\s*merge|可发布状态|准备好上线|머지\s*준비\s*(?:완료|가\s*끝)|내보내도\s*괜찮/u]
]
