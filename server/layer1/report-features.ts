/** Hashed features of a whole reply for the bug-fix hooks' topic scorers: word unigrams plus bug-fix report concepts; pure. */
import { fnv, tokens, withConcepts } from './features.js'

/**
 * What a bug-fix report is made of, in any language the corpus holds: the same concept in English, Japanese, Chinese,
 * Russian, German, French, Spanish or Korean is one feature, so what the English replies teach carries over to the rest.
 * Fixed patterns without nested quantifiers, run on the lower-cased reply: matching stays linear in its length.
 */
export const CONCEPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['fix', /\b(fix(e[ds])?|fixing|repair(ed|s)?|patch(ed)?|correct(ed|s)|resolv(e[ds]?|ing)|solv(ed|es)|hotfix|harden(ed)?|bugfix)\b|修正|修復|修复|修好|修了|解決|解决|解消|直し|直っ|直り|対処|対策|исправ|почин|behoben|gefixt|korrigier|reparier|corrig|arregl|solucion|résolu|répar|consert|수정|고쳤|고침|해결/],
  ['cause', /\b(caus(e[ds]?|ing)|root[- ]cause|because|due to|culprit|stem(med|s) from|came from|comes from|the reason|that.s why|which is why|turned out|led to|resulted in|the (issue|problem|bug|error) (was|is|came|comes)|was (happening|failing|broken|stuck|missing))\b|原因|起因|由于|因为|導致|导致|のため|ため、|せいで|によって|причин|из-за|потому что|ursache|weil|liegt an|parce que|à cause|debido|porque|causa|원인|때문/],
  ['defect', /\b(bugs?|issues?|problems?|errors?|broken|crash(es|ed|ing)?|fail(s|ed|ing|ures?)?|wrong|incorrect(ly)?|regressions?|exceptions?|glitch(es)?|typos?|mismatch(es|ed)?|stale|leak(s|ed|ing)?|hang(s|ing)?|stuck|flak(y|iness)|blank|invalid|panic(ked|s)?|undefined|timeout|timed out|disappear(ed|s|ing)?|lost|flicker(s|ed|ing)?|off by one|reject(s|ed|ing)|warnings?|[45]0[0-9]|(can.t|cannot|couldn.t|won.t|wasn.t|weren.t|isn.t|aren.t|doesn.t|didn.t|never|not) (work|load|show|render|start|run|build|compile|connect|save|update|appear|display|open|close|respond|find|return|apply|fire|trigger|pass))\b|バグ|不具合|エラー|問題|失敗|不整合|ずれ|ズレ|崩れ|落ち|表示されない|動かない|错误|问题|故障|报错|异常|崩溃|失败|无法|ошибк|баг|проблем|сбой|не работа|fehler|kaputt|funktioniert nicht|erreur|problème|bogue|problema|fallo|falla|no funciona|버그|오류|에러|문제/],
  ['change', /\b(chang(ed|es)|updat(ed|es)|modif(ied|y)|replac(ed|es)|remov(ed|es)|add(ed|s)|adjust(ed|s)|switch(ed|es)|mov(ed|es)|rewr(ote|itten)|renam(ed|es)|revert(ed|s)|refactor(ed|s)?|tweak(ed|s)|wrapp(ed|s)|swapp(ed|s)|made|set|recreat(ed|es)|rebuil(t|ds)|reworked|reintroduced|restored|guarded|ensured|hardened|excluded|increased|reduced|inlined|wired|implemented|introduced|now (uses?|returns?|handles?|checks?|reads?|passes|calls?|falls back|waits|skips))\b|変更|置き換え|置換|書き換え|追加|削除|更新|修改|替换|删除|添加|改为|改成|已改|重新创建|изменил|обновил|добавил|убрал|заменил|удалил|добавлен|geändert|angepasst|ersetzt|entfernt|hinzugefügt|modifié|remplacé|ajusté|supprimé|ajouté|cambi|actualic|reemplac|elimin|agregu|añad|ajust|변경|추가|삭제|바꿨|교체/],
  ['works', /\b(now works|works now|should (now )?(work|fix|resolve|be (fixed|resolved|gone)|disappear|stop|pass|load|render|show|display|run)|no longer|works? (again|correctly|properly|fine)|is gone|are gone|go away|went away|as expected|try (it )?again|now try|please (refresh|reload|restart|rebuild|retry|try)|hard[- ]refresh|refresh the page|reload the page|retry)\b|正しく|正常|ようになり|なくなり|もう一度|再度|再試行|应该可以|正常了|再试|不会再|теперь|попробуй|jetzt|erneut|maintenant|réessa|ahora|intenta|이제|다시/],
  ['user', /\b(you reported|you mentioned|you saw|you were seeing|you.re seeing|you.re hitting|you.re getting|you (hit|got|noticed)|thanks for (the|flagging|reporting|the logs?)|good catch|nice catch|the problem where|as you (said|described))\b|ご指摘|ご報告|とのこと|您提到|你提到|反馈的|你遇到/],
  ['repro', /\b(reproduc(e[ds]?|ing|tion)|repro(duced)?|confirmed the (bug|issue|failure)|could not reproduce|couldn.t reproduce|failing test|red test|before the fix)\b|再現|复现|重现|воспроизв|reproduzier|reproduit|reproduj|재현/],
  ['test', /\b(tests? (pass(es|ed)?|are passing|green)|all (tests )?pass(ing)?|verified|build (succeeds|passes|passed))\b|テスト.{0,8}(通|成功|パス)|测试通过/],
  ['commit', /\b(commit(ted)?|pushed|deployed)\b|提交|コミット|プッシュ|デプロイ|部署/],
  ['first', /\b(i|we)\b/]
]

/** The concepts a reply holds, and every pair of them: a pair ("a defect" with "a change") is what sets a report apart. */
export function conceptTokens (lower: string): string[] {
  const found = CONCEPTS.filter(([, re]) => re.test(lower)).map(([name]) => name)
  const out = [...found]
  for (let i = 0; i < found.length; i++) for (let j = i + 1; j < found.length; j++) out.push(`${found[i]}+${found[j]}`)
  return out
}

/** For shallow-bugfix each concept counts as this many words: whether a fix names its cause is in the concepts more
 * than the words (cross-validation by repository agreed; for bugfix-without-reproduction it did not). */
export const CONCEPT_WEIGHT = 16

// Both bug-fix hooks score the same reply: its words and concepts are found once, not once per hook.
let last: { text: string, bits: number, words: number[], concepts: string[] } | undefined

/** The reply's words (unigrams only: bigrams overfit the few hundred positives), then its concepts: `copies` buckets
 * each among the words, and each once more at a fixed scale (features.ts). */
export function reportFeatures (copies: number): (text: string, bits: number) => number[] {
  return (text, bits) => {
    if (last?.text !== text || last.bits !== bits) {
      const lower = text.toLowerCase()
      last = { text, bits, words: [...new Set(tokens(lower))].map(w => fnv(w, 1) & ((1 << bits) - 1)), concepts: conceptTokens(lower) }
    }
    return withConcepts(new Set(last.words), bits, last.concepts, copies, 7, 3)
  }
}
