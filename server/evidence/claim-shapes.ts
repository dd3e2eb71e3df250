/** Claims by their shape rather than their wording: a check named as the subject, then a good outcome ("ci's happy", "die Tests sind grün"); data, bounded regexes. */

// What may stand between the check and its outcome: a copula, "all", "now", "again" (English, German, Spanish, Italian,
// French, Portuguese). Nothing else: "the deploy script is fine" says nothing of a deploy.
const BETWEEN = '(?:\\s+(?:are|is|was|were|now|all|still|both|look|looks|seem|seems|stay|stays|remain|remains|came\\s+back|went|again|totally|fully|basically|pretty\\s+much|sind|ist|waren|alle|jetzt|wieder|está|esta|están|estan|son|en|todas?|todos|ya|ahora|sono|tutti|tutte|ora|sont|tous|toutes|estão|todos\\s+os))*'
const GOOD = '(?:pass(?:es|ed|ing)?|green|ok(?:ay)?|fine|good|happy|clean|succeed(?:s|ed)?|successful(?:ly)?|solid|lgtm|through|bestanden|grün|gruen|erfolgreich|sauber|durch|verdes?|pasan|pasaron|pasando|limpios?|exitos[oa]s?|bien|passano|passati|verdi|puliti?|riuscit[oa]|passent|verts?|propres?|passam|passaram)'
const EMOJI = '(?:[✅✓✔]|🟢|👍)'

const shape = (checks: string) => new RegExp(
  `(?:^|[^\\w-])(?:${checks})(?:'s|’s|,)?${BETWEEN}(?:\\s*:\\s*|\\s+)${GOOD}(?=[\\s.!,;:)✅✓✔]|👍|🎉|🟢|$)|(?:^|[^\\w-])(?:${checks})\\s*:?\\s*${EMOJI}`, 'i')

/** Per claim type: the shape, and past participles of the other languages the agents write in. */
export const CLAIM_SHAPES: ReadonlyArray<readonly [string, readonly RegExp[]]> = [
  ['tests', [shape('tests?|specs?|(?:the\\s+)?(?:test\\s+)?suite|unit\\s+tests|e2e(?:\\s+tests)?|ci|pruebas|testes|prove|pytest|jest|vitest|rspec|nextest|phpunit|playwright|minitest')]],
  ['build', [shape('build|(?:the\\s+)?compil(?:e|ation)|bundle|compilación|compilazione|kompilierung|compilation|compilação')]],
  ['lint', [shape('lint(?:er|ing)?|eslint|ruff|clippy|rubocop|golangci-lint|biome|prettier|fmt|formatting|format\\s+check')]],
  ['types', [shape('types?|type\\s*check(?:s|er|ing)?|typecheck|mypy|pyright|tsc|phpstan|psalm')]],
  ['fixed', [/\b(?:behoben|gefixt|repariert|arreglad[oa]|corregid[oa]|solucionad[oa]|risolt[oa]|sistemat[oa]|corrigé|résolu|corrigid[oa]|resolvid[oa])\b/i]],
  ['works', [/\b(?:funktioniert|funciona|funziona|fonctionne|verifiziert|verificad[oa]|comprobad[oa]|verificat[oa]|vérifié|testad[oa])\b/i]],
  ['deployed', [shape('deploy(?:ment)?|rollout|release|despliegue'), /\b(?:desplegad[oa]|ausgerollt|deployt|rilasciat[oa]|publicad[oa]|veröffentlicht|pubblicat[oa]|déployé|publié|implantad[oa])\b/i]],
  ['committed', [/\b(?:committet|gepusht|gemergt|gemerged|commiteado|pusheado|mergeado|commitato|pushato|mergiato)\b/i]],
  ['ready', [/\b(?:bereit\s+(?:zum|für)\s+(?:den\s+)?(?:merge|mergen|release)|list[oa]\s+para\s+(?:el\s+)?(?:merge|mergear|producción|desplegar)|pront[oa]\s+per\s+(?:il\s+)?merge|prêt\s+(?:à|pour)\s+(?:merger|la\s+mise)|lgtm|ship\s*it)\b/i]]
]
