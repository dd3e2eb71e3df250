/** Per-theme extras for the synthetic replies: short item names (aligned with `work`), a code excerpt, notes and verify steps. */

export interface Extra { items: string[], snippet: string, notes: string[], verify: string[] }

export const EXTRA: Record<string, Extra> = {
  'invoice-api': {
    items: ['the credit-note endpoint', 'shared tax rounding', 'the credit_notes table', 'the invoice history endpoint', 'route wiring'],
    snippet: '```ts\nexport function roundTax (cents: number): number {\n  // half-even keeps line sums and totals consistent\n  return Math.round(cents / 2) * 2 === cents ? cents : Math.round(cents)\n}\n```',
    notes: ['Amounts stay integer cents end to end; no floats reach the database.', 'The migration is additive, so it can run before the deploy.', 'Error bodies follow the existing `{ error, detail }` shape.'],
    verify: ['`npm run db:migrate`', '`curl -X POST localhost:3000/invoices/42/credit-notes -d \'{"amount":1200}\'`']
  },
  'tilemap-cli': {
    items: ['the --zoom flag', 'split label rendering', 'tilemap.toml config', 'the --dry-run mode', 'stderr progress output'],
    snippet: '```rust\n#[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(0..=18))]\nzoom: u8,\n```',
    notes: ['No new crates; `indicatif` was already a dependency.', 'Exit codes: 0 ok, 2 bad arguments, 3 I/O error.', 'PNG output is byte-identical to the previous version for zoom 12.'],
    verify: ['`cargo run -- render --bbox 5.9,45.8,10.5,47.8 --zoom 9 --dry-run`', '`cargo clippy -- -D warnings`']
  },
  'clinic-booking': {
    items: ['the HTMX slot picker', 'overlap validation', 'max daily slots', 'time-zone aware confirmation', 'the CSV day export'],
    snippet: '```python\ndef clean(self):\n    data = super().clean()\n    if Appointment.objects.overlapping(data["practitioner"], data["start"]).exists():\n        raise ValidationError("slot taken")\n    return data\n```',
    notes: ['The data migration is reversible.', 'Templates reuse the existing `booking/base.html` blocks.', 'No changes to the public URLs.'],
    verify: ['`python manage.py migrate`', 'open `/book/` and pick a practitioner']
  },
  'metrics-gateway': {
    items: ['batched ingestion', 'pipelined Redis writes', 'health endpoints', 'per-tenant rate limits', 'structured request logs'],
    snippet: '```go\nfor _, p := range batch.Points {\n\tif !registry.Known(p.Metric) {\n\t\treturn errUnknownMetric(p.Metric)\n\t}\n}\n```',
    notes: ['Batch size is capped by `INGEST_MAX_POINTS` (default 500).', 'The Redis timeout is configurable via `REDIS_TIMEOUT`.', 'Handlers stay context-aware end to end.'],
    verify: ['`go run ./cmd/gateway`', '`curl -d @testdata/batch.json localhost:8080/v1/points`']
  },
  'habit-tracker': {
    items: ['streak badges', 'the virtualised list', 'keyboard shortcuts', 'IndexedDB persistence', 'the empty and loading states'],
    snippet: '```tsx\nconst streak = useStreak(habit.id)\nreturn <Badge tone={streak > 6 ? "gold" : "plain"}>{streak}🔥</Badge>\n```',
    notes: ['The store migration runs once and keeps a localStorage backup.', 'Shortcuts are ignored while an input has focus.', 'Bundle size grew by 4 kB gzip.'],
    verify: ['`npm run dev` and open http://localhost:5173', 'toggle a habit with `space`']
  },
  'etl-pipeline': {
    items: ['the incremental extract', 'decimal currency casting', 'the schema contract', 'the data-quality task', 'backfill mode'],
    snippet: '```python\nout = df.with_columns(pl.col("amount").cast(pl.Decimal(18, 2)))\nassert_contract(out, ORDERS_SCHEMA)\n```',
    notes: ['The watermark Variable is created on first run.', 'Backfills are idempotent per day partition.', 'No change to the load target schema.'],
    verify: ['`airflow dags test orders_daily 2026-05-02`', '`python -m pipelines.orders --from 2026-05-01 --to 2026-05-03`']
  },
  'field-notes-app': {
    items: ['offline editing', 'ordered sync uploads', 'photo attachments', 'tag and date filters', 'the JSON export screen'],
    snippet: '```dart\nawait db.transaction(() async {\n  await notesDao.upsert(note);\n  await pendingDao.enqueue(note.id);\n});\n```',
    notes: ['The Drift schema version went from 3 to 4 with a migration step.', 'Sync uses the existing auth interceptor.', 'Photos are compressed to 1600 px on import.'],
    verify: ['`flutter run -d emulator-5554`', 'toggle airplane mode, edit a note, reconnect']
  },
  'kintai-portal': {
    items: ['残業集計', '勤怠一覧のフィルタ', '承認済みロック', 'CSV エクスポート', '打刻修正申請フォーム'],
    snippet: '```ts\nexport function calcOvertime (entries: Entry[]): Overtime {\n  // 22:00〜5:00 は深夜、休日は別枠で集計\n  return entries.reduce(addEntry, EMPTY)\n}\n```',
    notes: ['Prisma のマイグレーションは追加のみです。', '既存の API レスポンス形式は変えていません。', '権限チェックは既存の `requireRole` を使っています。'],
    verify: ['`pnpm prisma migrate dev`', '`/timesheets?month=2026-03` を開いて集計を確認']
  },
  'parking-android': {
    items: ['the clustered map screen', 'Room caching with WorkManager', 'favourites', 'address search', 'dark-theme markers'],
    snippet: '```kotlin\n@Upsert\nsuspend fun upsertAll(spots: List<SpotEntity>)\n```',
    notes: ['minSdk stays at 26.', 'The refresh interval is a single constant in `RefreshWorker`.', 'No new permissions were added.'],
    verify: ['`./gradlew installDebug`', 'open the map and long-press a spot']
  }
}
