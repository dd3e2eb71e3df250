/** A check's tools by kind: claims that a named tool found nothing, in any of the agents' languages, and the type a claim takes from the tool it names; data, bounded regexes. */
import type { ClaimType } from './claim-patterns.js'
import { shape } from './claim-shapes.js'

const TYPE_TOOLS = 'mypy|pyright|tsc|vue-tsc|svelte-check|phpstan|psalm|sorbet|steep|dialyzer|pyre|pytype|type[- ]?check(?:er|ing)?|typecheck|the\\s+type\\s*checker'
const LINT_TOOLS = 'eslint|ruff|flake8|pylint|clippy|rubocop|golangci-lint|shellcheck|stylelint|biome|prettier|pint|phpcs|php-cs-fixer|cs-fixer|cppcheck|clang-tidy|clang-format|gdlint|luacheck|ktlint|detekt|swiftlint|credo|hadolint|tflint|markdownlint|yamllint|sqlfluff|ansible-lint|actionlint|oxlint|staticcheck|checkstyle|spotbugs|scalafix|scalafmt|slither|solhint|semgrep|bandit|gosec|brakeman|swiftformat|rustfmt|gofmt|hlint|ormolu|fourmolu|stylish-haskell|standardrb|checkov|tfsec|isort|djlint|erb_?lint|vale|cargo-deny|cargo\\s+deny|stylua|selene|elm-format|PSScriptAnalyzer|go\\s+vet|linter|lint|リント|린트|линтер\\w*'
// None, in the agents' languages; then what a checker reports.
const ZERO = '(?:0|zero|no|none|nothing|keine?n?|aucune?|nessun[oa]?|ningun[oa]?|ningún|nenhuma?|żadnych|žádné|žádná|nul|ゼロ|零|没有|无|없|ни\\s+одно\\w*|yok|tidak\\s+ada)'
const FINDING = '(?:errors?|error|warnings?|issues|problems|findings|offen[cs]es|complaints|violations|diagnostics|fehler|warnungen|probleme|erreurs?|avertissements|problèmes|errori|avvisi|problemi|errores|advertencias|problemas|erros|avisos|błęd\\w*|problem\\w*|ostrzeżeń|chyb\\w*|varování|ошиб\\w*|замечани\\w*|предупреждени\\w*|hata\\w*|uyarı\\w*|kesalahan|peringatan|エラー|警告|指摘|错误|报错|오류|경고|에러)'
// "mypy ne signale plus aucune erreur", "pyright: 0 error", "golangci-lint 指摘ゼロ", "clippy の警告はゼロです".
const zeroShape = (tools: string) => new RegExp(
  `(?<![\\w-])(?:${tools})(?![\\w-])[^.\\n;。]{0,30}?(?<![\\p{L}\\p{N}])${ZERO}(?![\\p{L}\\p{N}])\\s*(?:\\S+\\s+){0,2}?${FINDING}|(?<![\\w-])(?:${tools})(?![\\w-])[^。\\n]{0,12}?${FINDING}[はがもは]?\\s*(?:ゼロ|0\\s*件|なし|ありません|없)`, 'iu')

// "Steep is passing", "Pint passes", "bootloader is cppcheck-clean", "flake8 no longer reports anything", "keine Lint-Fehler mehr",
// "flake8 ne signale plus rien".
const saysNothing = (tools: string) => new RegExp(`(?<![\\w-])(?:${tools})-clean\\b|(?<![\\w-])(?:${tools})(?![\\w-])\\s+ne\\s+(?:signale|remonte|rapporte|trouve|montre|renvoie)\\s+(?:plus\\s+)?(?:rien|aucune?\\b)|(?<![\\w-])(?:${tools})(?![\\w-])\\s+(?:now\\s+)?(?:no\\s+longer\\s+(?:reports|flags|finds|complains\\s+about)\\s+(?:anything|any)\\b|reports\\s+(?:clean|nothing)\\b)|(?<![\\p{L}\\p{N}])${ZERO}\\s+(?:${tools})[\\s-]*${FINDING}`, 'iu')

export const SUBJECT_SHAPES: ReadonlyArray<readonly [ClaimType, RegExp]> = [
  ['types', zeroShape(TYPE_TOOLS)], ['lint', zeroShape(LINT_TOOLS)],
  ['types', shape(TYPE_TOOLS)], ['lint', shape(LINT_TOOLS)],
  ['types', saysNothing(TYPE_TOOLS)], ['lint', saysNothing(LINT_TOOLS)]
]

// A folder (`tests/`) names no tests.
const TESTS_WORD = /\b(?:tests?|specs?|suites?|examples|cases|scenarios|assertions|pytest|jest|vitest|rspec|phpunit|pest|ctest|busted|minitest|mocha|junit|nextest|twister)\b(?!\/)|テスト|测试|테스트|testy|testes|pruebas/i
const TYPE_TOOL = new RegExp(`(?<![\\w-])(?:${TYPE_TOOLS})(?![\\w-])`, 'i')
const LINT_TOOL = new RegExp(`(?<![\\w-])(?:${LINT_TOOLS})(?![\\w-])`, 'i')

// The tools a lint or type claim names by name (not "the linter", "type check"): each one's run is what the claim reports.
const GENERIC = /^(?:linter|lint|リント|린트|линтер\w*|type[- ]?check(?:er|ing)?|typecheck|the\s+type\s*checker)$/i
const NAMED = { types: new RegExp(`(?<![\\w-])(?:${TYPE_TOOLS})(?![\\w-])`, 'gi'), lint: new RegExp(`(?<![\\w-])(?:${LINT_TOOLS})(?![\\w-])`, 'gi') }
export const toolsNamed = (text: string, kind: 'types' | 'lint'): string[] => [...new Set([...text.matchAll(NAMED[kind])].map(m => m[0].toLowerCase()).filter(w => !GENERIC.test(w)))]

/** A "tests" claim whose sentence names no test but a type checker or a linter ("mypy meldet keine Fehler") is that tool's claim. */
// "ghcr.io/acme/api:2.4.1 is pushed": an image in a registry is published, not committed.
const IMAGE = /(?:^|[\s`(])(?:ghcr\.io|docker\.io|quay\.io|gcr\.io|[\w-]+\.azurecr\.io|[\w.-]+\.amazonaws\.com|registry\.[\w.-]+|[\w.-]+-docker\.pkg\.dev)\/\S+|\b(?:docker|container|OCI)\s+images?\b|\bimages?\s+(?:\S+\s+){0,2}(?:is|are|was|were|has\s+been)\s+pushed\b|\bpushed\s+(?:the\s+)?(?:new\s+)?(?:docker\s+|container\s+)?images?\b|\bto\s+(?:ECR|GHCR|GCR|ACR|Docker\s*Hub|Artifact\s+Registry)\b|(?:^|[\s`(])[\w.-]+(?:\/[\w.-]+)+:[\w][\w.-]*(?=[\s`),]|$)/i
// "Shipped to the remote 🚀 3f2a9d1 is on origin/feature": a branch pushed is shared history, not a deploy.
// A branch is shared history too: "commit e41b9c0 ya subido a main" is a push.
const TO_THE_REMOTE = /\b(?:shipped|pushed|sent|published)\s+to\s+(?:the\s+)?(?:remote|origin)\b|\bpouss[ée]e?s?\s+sur\s+(?:la\s+branche\b|`?[\w.-]+\/[\w./-]+|`?(?:main|master|develop|trunk)\b)|(?:^|[\s`])origin\/[\w./-]+|\b(?:subid[oa]s?|sub[ií]|shipped|sent|uploaded|hochgeladen|envoy[ée]e?s?|enviad[oa]s?|mandad[oa]s?)\s+(?:a|al|pro|para|to|auf|nach|sur|su)\s+(?:the\s+)?`?(?:main|master|trunk|develop|(?:feature|feat|fix|bugfix|hotfix|release|chore)\/[\w./-]+)\b`?(?!\s*(?:server|site|cluster|environment|database|db)\b)/i
// "Pushed to nuget.org", "pushed to Cloudflare": a package registry or a host is no git remote. (Not "prod" or "staging":
// branches are named so too.)
const TO_A_HOST = /\bpushed\s+(?:it\s+|them\s+|this\s+)?(?:up\s+)?to\s+(?:the\s+)?(?:nuget(?:\.org)?|pypi(?:\.org)?|npm(?:js)?(?:\.com)?|crates\.io|rubygems(?:\.org)?|hackage|hex(?:\.pm)?|pub\.dev|packagist|maven\s+central|docker\s*hub|cloudflare|vercel|netlify|heroku|fly(?:\.io)?|render|railway|app\s+engine|the\s+(?:registry|store|app\s+store|play\s+store)|testflight|app\s+store|play\s+store)\b/i
export function subjectType (sentence: string, type: ClaimType): ClaimType {
  if (type === 'committed' && /\bpushed\b/i.test(sentence) && (IMAGE.test(sentence) || TO_A_HOST.test(sentence))) return 'deployed'
  if (type === 'deployed' && TO_THE_REMOTE.test(sentence) && !IMAGE.test(sentence)) return 'committed'
  if (type !== 'tests' || TESTS_WORD.test(sentence)) return type
  return TYPE_TOOL.test(sentence) ? 'types' : LINT_TOOL.test(sentence) ? 'lint' : type
}
