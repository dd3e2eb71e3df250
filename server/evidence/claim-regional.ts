/** Claim wordings as Swedish, Dutch, Italian, German, Vietnamese and Chinese agents write them ("testerna går igenom", "draait weer", "pass hết", "跑通了"), by type; data, bounded regexes. */
import type { ClaimType } from './claim-patterns.js'

export const REGIONAL: ReadonlyArray<readonly [ClaimType, RegExp]> = [
  // Swedish.
  ['tests', /(?<![\p{L}])\p{L}*test(?:er|erna|sviten|körningen)?(?![\p{L}])[^.\n]{0,40}(?<![\p{L}])(?:passerar|går\s+igenom|är\s+gröna?|gick\s+igenom)(?![\p{L}])|(?<![\p{L}])allt\s+passerar(?![\p{L}])|(?<![\p{L}])inga\s+regressioner(?![\p{L}])/iu],
  ['lint', /(?<![\p{L}])(?:swiftlint|swiftformat|lint\p{L}*|\p{L}+-?lint\p{L}*)(?![\p{L}])[^.\n]{0,30}(?<![\p{L}])(?:är\s+rent?|hittar\s+inget)(?![\p{L}])|(?<![\p{L}])inga\s+(?:kvarvarande\s+)?anmärkningar(?![\p{L}])/iu],
  ['build', /(?<![\p{L}])\p{L}+(?:en|et|erna)\s+(?:bygger|kompilerar)(?![\p{L}])|(?<![\p{L}])bygget\s+(?:går\s+igenom|lyckades|gick\s+igenom)(?![\p{L}])/iu],
  ['fixed', /(?<![\p{L}])fixen(?![\p{L}])[^.\n]{0,60}(?<![\p{L}])på\s+plats(?![\p{L}])|^\W{0,4}löst(?![\p{L}])|(?<![\p{L}])(?:är|har)\s+(?:nu\s+)?(?:borta|åtgärdade?|löst)(?![\p{L}])/iu],
  ['works', /(?<![\p{L}])verifierat(?![\p{L}])|(?<![\p{L}])(?:allt\s+)?fungerar(?:\s+(?:nu|som\s+förväntat))?(?![\p{L}])|(?<![\p{L}])stöds\s+nu(?![\p{L}])/iu],
  ['deployed', /(?<![\p{L}])(?:är|har\s+blivit)\s+(?:nu\s+)?(?:uppladdad|ute|släppt|publicerad|inskickad|driftsatt)(?![\p{L}])|(?<![\p{L}])uppladdningen\s+gick\s+igenom(?![\p{L}])/iu],
  ['ready', /(?<![\p{L}])kan\s+skickas\s+ut(?![\p{L}])|(?<![\p{L}])redo\s+(?:för|att)\s+(?:merge|mergas|släppas|skeppas)(?![\p{L}])/iu],
  ['committed', /(?<![\p{L}])(?:committad|pushad)e?(?![\p{L}])/iu],
  // Dutch.
  ['tests', /(?<![\p{L}])\p{L}*tests?\s+(?:draaien|draait|zijn)\s+groen(?![\p{L}])|(?<![\p{L}])\p{L}*-?tests?\s+gedraaid\s*:\s*0\s+fouten(?![\p{L}])/iu],
  ['works', /(?<![\p{L}])alles\s+werkt(?![\p{L}])|(?<![\p{L}])draait\s+weer(?![\p{L}])/iu],
  ['deployed', /(?<![\p{L}])(?:staat|staan)\s+(?:allebei\s+|nu\s+)?op\s+(?:de\s+)?(?:test|dev|acceptatie|productie|prod|staging)[\p{L}-]*(?![\p{L}])/iu],
  ['build', /(?<![\p{L}])compileert(?:\s+zonder\s+fouten)?(?![\p{L}])/iu],
  ['lint', /(?<![\p{L}])(?:dotnet\s+format|lint\p{L}*|\p{L}+lint)\s+meldt\s+niets(?:\s+meer)?(?![\p{L}])/iu],
  // Italian.
  ['tests', /(?<![\p{L}])test(?![\p{L}])[^.\n]{0,40}(?<![\p{L}])(?:sono\s+verdi|continuano\s+a\s+passare)(?![\p{L}])|(?<![\p{L}])nessun\s+(?:fallimento|test\s+fallito)(?![\p{L}])/iu],
  ['types', /(?<![\p{L}])livello\s+\d+\s+senza\s+(?:alcun\s+)?errori?(?![\p{L}])|(?<![\p{L}])senza\s+alcun\s+errore\s+di\s+tipo(?![\p{L}])|(?<![\p{L}])(?:larastan|phpstan|psalm)\s+non\s+ha\s+più\s+niente\s+da\s+segnalare(?![\p{L}])/iu],
  ['works', /(?<![\p{L}])(?:adesso|ora)\s+(?:risponde|funziona)\s+correttamente(?![\p{L}])|(?<![\p{L}])eseguit[ao]\s+senza\s+(?:intoppi|errori)(?![\p{L}])|(?<![\p{L}])è\s+stato\s+processato(?![\p{L}])/iu],
  ['fixed', /(?<![\p{L}])problema\s+risolto(?![\p{L}])/iu],
  ['ready', /(?<![\p{L}])puoi\s+mergiarl[oa](?![\p{L}])|(?<![\p{L}])(?:la\s+)?(?:feature|pr|branch|modifica)\s+è\s+pront[oa](?![\p{L}])/iu],
  // German, and the English twin of its "der Fix ist drin" ("the fix is in").
  ['deployed', /(?<![\p{L}])liegt\s+(?:jetzt\s+)?(?:auf|in)\s+(?:GHCR|PyPI|npm|Docker\s+Hub|der\s+Registry|Maven\s+Central|crates\.io)(?![\p{L}])/iu],
  ['works', /(?<![\p{L}])läuft\s+(?:jetzt\s+)?(?:fehlerfrei|sauber(?:\s+durch)?|problemlos)(?![\p{L}])|(?<![\p{L}])startet(?![\p{L}])[^.\n]{0,40}(?<![\p{L}])zuverlässig(?![\p{L}])/iu],
  ['lint', /(?<![\p{L}])(?:ruff|lint|linter|flake8|eslint|clippy)(?![\p{L}])[^.\n]{0,30}(?<![\p{L}])(?:ist|sind)\s+(?:jetzt\s+)?(?:komplett\s+|völlig\s+)?(?:sauber|ohne\s+Befund)(?![\p{L}])/iu],
  ['tests', /(?<![\p{L}])(?:tests?|testsuite)(?![\p{L}])[^.\n]{0,30}(?<![\p{L}])(?:sind|ist)\s+(?:\p{L}+\s+)?(?:grün|sauber)(?![\p{L}])|(?<![\p{L}])tests\s+grün(?![\p{L}])|(?<![\p{L}])bestehen\s+alle(?![\p{L}])/iu],
  ['build', /(?<![\p{L}])bau(?:t|en)\s+(?:sauber|fehlerfrei|durch)(?![\p{L}])|(?<![\p{L}])(?:image|wheel|paket|projekt)\s+baut(?![\p{L}])/iu],
  ['types', /(?<![\p{L}])(?:pyright|mypy)\s+(?:meldet\s+(?:nichts|0\s+Fehler|keine\s+Fehler)|bleibt\s+bei\s+null\s+Fehlern)(?![\p{L}])/iu],
  ['fixed', /(?<![\p{L}])(?:der\s+)?fix\s+ist\s+drin(?![\p{L}])|(?<![\p{L}])the\s+(?:fix|switch|change|patch)\s+is\s+in(?![\p{L}])/iu],
  ['ready', /(?<![\p{L}])kann\s+(?:das|es|der\s+PR)\s+gemergt\s+werden(?![\p{L}])/iu],
  // Vietnamese.
  ['committed', /(?<![\p{L}])(?:đã\s+)?(?:commit|push|merge|squash-merge)\s+(?:thẳng\s+)?(?:lên|vào)(?![\p{L}])/iu],
  ['deployed', /(?<![\p{L}])đã\s+release(?![\p{L}])|(?<![\p{L}])deploy\s+lên(?![\p{L}])|(?<![\p{L}])đã\s+lên\s+(?:staging|production|prod)(?![\p{L}])/iu],
  ['tests', /(?<![\p{L}])pass\s+hết(?![\p{L}])|(?<![\p{L}])không\s+có\s+(?:test|case)\s+nào\s+fail(?![\p{L}])|(?<![\p{L}])suite\s+ổn(?![\p{L}])|(?<![\p{L}])test(?![\p{L}])[^.\n]{0,30}(?<![\p{L}])(?:đều\s+pass|vẫn\s+ok)(?![\p{L}])/iu],
  ['lint', /(?<![\p{L}])(?:golangci-lint|lint|eslint|ruff|staticcheck)(?![\p{L}])[^.\n]{0,30}(?<![\p{L}])không\s+còn\s+(?:warning|lỗi|issue)(?![\p{L}])/iu],
  ['ready', /(?<![\p{L}])mở\s+PR\s+được\s+rồi(?![\p{L}])|(?<![\p{L}])có\s+thể\s+(?:tiến\s+hành\s+)?(?:release|merge)(?![\p{L}])/iu],
  ['works', /(?<![\p{L}])chạy\s+đúng(?![\p{L}])|(?<![\p{L}])hoạt\s+động\s+(?:đúng|bình\s+thường)(?![\p{L}])/iu],
  ['fixed', /(?<![\p{L}])đã\s+(?:được\s+)?(?:fix|sửa)(?![\p{L}])|(?<![\p{L}])không\s+còn\s+(?:timeout|lỗi|crash)(?![\p{L}])/iu],
  // Chinese.
  ['types', /类型检查[^。\n]{0,10}(?:没有报错|无错误|通过)/u],
  ['lint', /(?:eslint|lint)[^。\n]{0,10}没有(?:新的)?报错/iu],
  ['tests', /跑通了|套件状态良好|没有引入回归|用例全过|所有测试(?:都)?通过/u],
  ['works', /确认过|验证过|切换正常/u],
  ['ready', /可以合并了/u]
]
