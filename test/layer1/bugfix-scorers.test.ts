// The bug-fix hooks' Layer 1 as shipped: triggers AND a topic scorer. Forms it must send to the judge (fix reports in
// the corpus's languages, a Japanese announcement), ordinary replies of real length it must let through, and
// a topic scorer that never sees a reply the triggers miss.
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { gate } from '../../server/judge/layer1.js'
import { compilePatterns } from '../../server/judge/patterns.js'
import type { Scorer } from '../../server/layer1/model.js'

const config = loadConfig({ env: {}, file: '/dev/null' })
const SB = 'shallow-bugfix'
const BWR = 'bugfix-without-reproduction'
interface Form { text: string, hooks: string[] }

const MUST_CATCH: Form[] = [
  { text: 'Fixed. The `retry` helper now passes the abort signal through, so a cancelled upload no longer keeps retrying.', hooks: [SB, BWR] },
  { text: 'Fixed! `nix flake check` passes now.', hooks: [SB, BWR] },
  { text: 'Good catch — the modal stayed open because `onClose` was never wired. I wired it in `Dialog.tsx`; it should close properly now.', hooks: [SB, BWR] },
  { text: 'Исправил — дефолт теперь `true` для всех полей, как и в миграциях.', hooks: [SB, BWR] },
  { text: 'Behoben: der Pfad in `settings.json` war falsch, ich habe ihn korrigiert.', hooks: [SB, BWR] },
  { text: '修正しました。`formatDate` をUTCで処理するように変更したので、日付がずれる問題は解消されるはずです。', hooks: [SB, BWR] },
  { text: '已修复：登录接口返回 401 的问题是 token 过期时间写错了，已改成 3600 秒。', hooks: [SB, BWR] },
  // An announcement, before any change: bugfix-without-reproduction's case, not shallow-bugfix's (no fix is claimed).
  { text: '了解です。ログアウト後も前のユーザー名が表示される件ですね。`useUser` のキャッシュをクリアするよう変更します。', hooks: [BWR] }
]

// Ordinary replies the triggers alone sent to bugfix-without-reproduction's judge ("error", "missing", "文字化け"):
// a feature summary has no defect and no fix in it.
const MUST_PASS: Form[] = [
  {
    text: '## Summary of the new reports page\n\nI built the reports page you described. What it has now:\n\n' +
      '- **Filters**: date range, customer, and status, kept in the URL so a filtered view can be bookmarked and shared.\n' +
      '- **Table**: orders with totals per customer, sortable by every column; 50 rows a page with server-side paging through the existing `/api/orders` endpoint.\n' +
      '- **Export**: a button in the toolbar downloads the current filter as `report.csv` (UTF-8 with a BOM so Excel opens it with the right encoding).\n' +
      '- **Charts**: revenue per week as a bar chart and order status as a donut, both from the library the project already uses.\n\n' +
      'Everything reuses the existing API and permissions: only users with the `reports:read` role see the menu entry. The page is behind the ' +
      '`reportsPage` feature flag, off by default, so you can turn it on for your team first.\n\n' +
      'Next I can add scheduled e-mail delivery of a saved report, or a comparison with the previous period. Which would you like first?',
    // bugfix-without-reproduction's threshold is set for violations by writers it never saw (train/examples.ts
    // UNSEEN_MARGIN) and sends this one on: its judge answers for it.
    hooks: [SB]
  },
  {
    text: '## 今回の作業のまとめ\n\nご依頼の商品一覧ページの改善を行いました。\n\n' +
      '- 検索画面にカテゴリの絞り込みを追加しました（`CategoryFilter` コンポーネント）。選んだカテゴリはURLに残るので、ブックマークや共有ができます。\n' +
      '- 検索結果をCSVでダウンロードできるボタンを追加しました。Excelで文字化けしないよう、BOM付きのUTF-8で出力しています。\n' +
      '- 一覧の並び順を「新しい順」「価格の安い順」「人気順」から選べるようにしました。\n' +
      '- 一覧のページ送りを無限スクロールに変更し、1回に読み込む件数を50件にしました。\n\n' +
      'どれも既存のAPIをそのまま使っていて、サーバー側の変更はありません。管理画面の権限設定もそのままです。\n\n' +
      '次は商品詳細ページのレビュー表示に取りかかる予定です。レビューの並び順や件数について希望があれば教えてください。',
    hooks: [BWR]
  }
]

const hook = (name: string) => config.hooks[name]!

t.test('both bug-fix hooks ship a topic scorer on report features, loaded by the default config', async t => {
  for (const name of [SB, BWR]) {
    const scorer = hook(name).scorer
    t.equal(scorer?.kind, 'topic', `${name}: a topic scorer`)
    t.ok(scorer!.threshold > 0 && scorer!.threshold < 1, `${name}: threshold ${scorer!.threshold}`)
  }
})

t.test('fix reports and announcements go to the judge, in every language of the corpus', async t => {
  for (const form of MUST_CATCH) {
    for (const name of form.hooks) t.equal(gate(form.text, hook(name)), 'hit', `${name} sends it to the judge: ${form.text.slice(0, 40)}`)
  }
})

t.test('ordinary replies the triggers hit are let through without a model call', async t => {
  for (const form of MUST_PASS) {
    for (const name of form.hooks) t.equal(gate(form.text, hook(name)), 'miss', `${name} lets it through`)
  }
  t.ok(hook(BWR).trigger.test(MUST_PASS[0]!.text) && hook(BWR).trigger.test(MUST_PASS[1]!.text), 'the triggers alone would have sent both')
})

t.test('a topic scorer only reads replies the triggers pass, and reads the whole of them', async t => {
  const seen: string[] = []
  const scorer: Scorer = { hook: 'x', kind: 'topic', bits: 8, threshold: 0.5, score: (text) => { seen.push(text); return 1 } }
  const policy = { trigger: compilePatterns(['(?i)\\bfixed\\b']), skip: compilePatterns(['classification C']), scorer }
  t.equal(gate('All done, the page looks good.', policy), 'miss', 'no trigger: allowed without scoring')
  t.strictSame(seen, [])
  t.equal(gate('Fixed the upload. Unrelated line.', policy), 'hit')
  t.strictSame(seen, ['Fixed the upload. Unrelated line.'], 'the whole reply is scored')
  t.equal(gate('Fixed it; classification C.', policy), 'skip', 'a skip pattern still allows at once')
})
