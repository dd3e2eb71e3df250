/** Hand-written project themes the synthetic Codex replies are composed from: files, feature work, test runs and bug stories. */

export interface Bug { symptom: string, change: string, cause: string, repro: string }
export interface Theme {
  name: string, stack: string, files: string[], work: string[], test: string, pass: string, fail: string, bugs: Bug[]
}

export const THEMES: Theme[] = [
  {
    name: 'invoice-api',
    stack: 'TypeScript + Fastify + Postgres',
    files: ['src/routes/invoices.ts', 'src/services/tax.ts', 'src/db/migrations/0007_credit_notes.sql', 'test/invoices.test.ts', 'src/schemas/invoice.ts'],
    work: ['Added `POST /invoices/:id/credit-notes` with Zod validation and a transaction that writes the credit note and updates the balance.', 'Extracted tax rounding into `roundTax()` so line items and totals use the same half-even rule.', 'Added a `credit_notes` table with a foreign key to `invoices` and an index on `(invoice_id, created_at)`.', 'Exposed `GET /invoices/:id/history` returning issued, credited and paid events in order.', 'Wired the new routes into `src/app.ts` behind the existing `requireAccount` hook.'],
    test: 'npm test -- test/invoices.test.ts',
    pass: '✔ invoices (14 tests) 1.8s\n✔ tax rounding (6 tests) 0.2s\nℹ pass 20  fail 0',
    fail: '✖ credit note exceeding balance → 409 (expected 409, got 500)\nℹ pass 18  fail 2',
    bugs: [
      { symptom: 'credit notes above the open balance returned 500 instead of 409', change: 'added a balance check before the insert in `src/services/credit-notes.ts`', cause: 'the insert relied on a CHECK constraint, and the constraint violation surfaced as an unhandled `23514` error instead of being mapped to a conflict', repro: 'POST /invoices/42/credit-notes {"amount": 9999} → 500 {"error":"internal"}' },
      { symptom: 'totals were off by one cent on invoices with many lines', change: 'changed `sumLines()` to round once at the end', cause: 'each line was rounded before summing, so 0.005 remainders accumulated across 30+ lines', repro: 'expected 1043.10, received 1043.11 (invoice fixture big-basket.json)' }
    ]
  },
  {
    name: 'tilemap-cli',
    stack: 'Rust CLI (clap, serde)',
    files: ['src/main.rs', 'src/render/tiles.rs', 'src/config.rs', 'tests/cli.rs', 'Cargo.toml'],
    work: ['Added a `render --zoom <n>` flag that validates 0–18 and defaults to 12.', 'Split tile rendering into `render/tiles.rs` and `render/labels.rs` so labels can be toggled.', 'Config is now read from `tilemap.toml` with `serde` defaults for missing keys.', 'Added a `--dry-run` mode that prints the tile list without writing PNGs.', 'Progress output now goes to stderr so stdout stays pipeable.'],
    test: 'cargo test',
    pass: 'running 31 tests\ntest result: ok. 31 passed; 0 failed; 0 ignored',
    fail: 'test cli::render_rejects_zoom_19 ... FAILED\ntest result: FAILED. 29 passed; 2 failed',
    bugs: [
      { symptom: 'the CLI panicked on an empty `tilemap.toml`', change: 'made every config field `#[serde(default)]`', cause: '`Config` derived `Deserialize` without defaults, so an empty file was missing required keys and `unwrap()` in `load_config` panicked', repro: "thread 'main' panicked at src/config.rs:41: missing field `bbox`" },
      { symptom: 'tiles at the antimeridian were rendered twice', change: 'normalised longitudes to [-180, 180) before tiling', cause: 'bounding boxes crossing 180° produced two overlapping ranges that both contained x=0 at zoom 1', repro: 'tilemap render --bbox 170,-10,-170,10 → 8 tiles written, expected 4' }
    ]
  },
  {
    name: 'clinic-booking',
    stack: 'Django 5 + HTMX',
    files: ['booking/views.py', 'booking/forms.py', 'booking/templates/booking/slot_list.html', 'booking/tests/test_slots.py', 'booking/models.py'],
    work: ['Added a slot picker that loads free slots per practitioner via `hx-get` without a full page reload.', 'Introduced `BookingForm.clean()` checks for overlapping appointments and closed days.', 'Added `Practitioner.max_daily_slots` with a data migration setting 16 for existing rows.', 'The confirmation page now shows the appointment in the clinic time zone.', 'Added an admin action to export the day list as CSV.'],
    test: 'python manage.py test booking',
    pass: 'Ran 27 tests in 3.412s\n\nOK',
    fail: 'FAIL: test_overlapping_slot_rejected (booking.tests.test_slots.SlotTests)\nRan 27 tests in 3.9s\n\nFAILED (failures=1)',
    bugs: [
      { symptom: 'patients could book the same slot twice when double-clicking', change: 'wrapped the booking in `select_for_update()` and added a unique constraint on `(practitioner, start)`', cause: 'two requests read the slot as free before either wrote, because the availability check and the insert were separate queries without a lock', repro: 'two parallel POST /book requests → both 302, two Appointment rows for 09:30' },
      { symptom: 'slots showed one hour early after the DST change', change: 'rendered times with `timezone.localtime(slot.start, clinic_tz)`', cause: 'the template formatted the naive UTC value, and the offset used was the server default rather than the clinic zone', repro: 'slot stored 2026-03-29T08:30Z displayed as 09:30 instead of 10:30' }
    ]
  },
  {
    name: 'metrics-gateway',
    stack: 'Go 1.23 + chi + Redis',
    files: ['internal/ingest/handler.go', 'internal/ingest/batch.go', 'internal/store/redis.go', 'internal/ingest/handler_test.go', 'cmd/gateway/main.go'],
    work: ['Added batched ingestion: up to 500 points per request, validated against the metric registry.', 'Points are now written through a pipelined Redis client with a 2s timeout.', 'Added `/healthz` and `/readyz`, the latter checking Redis with `PING`.', 'Introduced per-tenant rate limits using a token bucket stored in Redis.', 'Structured logs now include `tenant`, `batch_size` and `duration_ms`.'],
    test: 'go test ./...',
    pass: 'ok  \tgateway/internal/ingest\t0.412s\nok  \tgateway/internal/store\t0.220s',
    fail: '--- FAIL: TestBatchRejectsUnknownMetric (0.00s)\nFAIL\tgateway/internal/ingest\t0.398s',
    bugs: [
      { symptom: 'the gateway leaked goroutines under load', change: 'passed the request context into `flushBatch` and returned on `ctx.Done()`', cause: 'each batch started a goroutine that waited on a channel nobody closed when the client disconnected, so abandoned requests kept their goroutine forever', repro: 'pprof after 10k aborted requests: goroutine count 10412, growing' },
      { symptom: 'tenants over their limit still got 200 responses', change: 'checked the token bucket before decoding the body', cause: 'the limiter key used the raw header value, so `Tenant-A` and `tenant-a` had separate buckets', repro: '120 requests with mixed-case tenant header → 120×200, limit is 100/min' }
    ]
  },
  {
    name: 'habit-tracker',
    stack: 'React 19 + Vite + Zustand',
    files: ['src/components/HabitList.tsx', 'src/store/habits.ts', 'src/hooks/useStreak.ts', 'src/components/HabitList.test.tsx', 'src/styles/habits.css'],
    work: ['Added streak badges computed by `useStreak()` from the completion log.', 'The habit list is now virtualised with `@tanstack/react-virtual` for 1k+ habits.', 'Added keyboard shortcuts: `j`/`k` to move, `space` to toggle today.', 'Persisted the store in IndexedDB with a versioned migration from localStorage.', 'Added an empty state and a skeleton while the store hydrates.'],
    test: 'npm run test -- --run',
    pass: ' ✓ src/components/HabitList.test.tsx (9 tests) 412ms\n Test Files  4 passed (4)\n      Tests  23 passed (23)',
    fail: ' ✗ src/hooks/useStreak.test.ts > counts a streak across midnight\n      Tests  21 passed | 2 failed (23)',
    bugs: [
      { symptom: 'toggling a habit reset the scroll position', change: 'gave rows a stable `key={habit.id}`', cause: 'rows were keyed by index, so inserting today’s entry re-mounted every row below it and the virtualiser lost its measured offsets', repro: 'scroll to row 400, press space → list jumps to row 0' },
      { symptom: 'streaks broke for users east of UTC', change: 'computed day keys with the user’s time zone', cause: '`toISOString().slice(0, 10)` produced UTC dates, so a check-in at 00:30 in Tokyo counted for the previous day', repro: 'TZ=Asia/Tokyo, check-ins at 00:30 on 3 days → streak 1, expected 3' }
    ]
  },
  {
    name: 'etl-pipeline',
    stack: 'Python 3.12 + Polars + Airflow',
    files: ['pipelines/orders/extract.py', 'pipelines/orders/transform.py', 'dags/orders_daily.py', 'tests/test_transform.py', 'pipelines/common/schema.py'],
    work: ['Added an incremental extract keyed on `updated_at` with a watermark stored in the Airflow Variable `orders_wm`.', 'Transform now casts currency amounts to `Decimal(18, 2)` and drops test accounts.', 'Added a schema contract in `schema.py` checked before load.', 'The DAG now has a data-quality task that fails on >1% null customer ids.', 'Backfill mode takes `--from`/`--to` and runs day by day.'],
    test: 'pytest -q',
    pass: '........................                                   [100%]\n24 passed in 2.31s',
    fail: 'FAILED tests/test_transform.py::test_refunds_negative - AssertionError\n1 failed, 23 passed in 2.40s',
    bugs: [
      { symptom: 'the daily run skipped orders updated in the last second before midnight', change: 'made the watermark comparison inclusive and de-duplicated on `order_id`', cause: 'the extract used `updated_at > wm` while the watermark was stored as the max timestamp truncated to seconds, so rows sharing that second were excluded', repro: 'orders 18812 and 18813 (23:59:59.4) missing from 2026-05-02 partition' },
      { symptom: 'refund rows came out positive', change: 'applied the sign from `transaction_type` before aggregation', cause: 'the source sends refunds as positive amounts with type REFUND, and the transform summed raw amounts', repro: 'fixture refunds.csv: expected -120.00, got 120.00' }
    ]
  },
  {
    name: 'field-notes-app',
    stack: 'Flutter 3 + Riverpod + Drift',
    files: ['lib/features/notes/note_list.dart', 'lib/data/notes_dao.dart', 'lib/features/sync/sync_service.dart', 'test/notes_dao_test.dart', 'lib/app_router.dart'],
    work: ['Added offline-first note editing backed by Drift with a pending-changes table.', 'Sync now uploads pending changes in order and marks them synced on 2xx.', 'Added photo attachments stored under the app documents directory.', 'Notes can be filtered by tag and date range from the list header.', 'Added a settings screen with export to JSON.'],
    test: 'flutter test',
    pass: '00:06 +38: All tests passed!',
    fail: '00:05 +35 -3: Some tests failed.',
    bugs: [
      { symptom: 'edits made offline were lost after the app was killed', change: 'wrote pending changes inside the same Drift transaction as the note update', cause: 'the pending-change row was inserted after the note update in a separate transaction, so killing the app between the two left an updated note with nothing queued for sync', repro: 'edit offline, force-stop, reopen online → server still has the old text' },
      { symptom: 'the note list flickered on every keystroke', change: 'debounced the search provider', cause: 'each keystroke rebuilt the whole `StreamProvider`, re-running the Drift query and replacing the list', repro: 'typing "river" triggers 5 full list rebuilds (DevTools rebuild counter)' }
    ]
  },
  {
    name: 'kintai-portal',
    stack: 'Next.js 15 + Prisma（勤怠管理）',
    files: ['app/(dashboard)/timesheets/page.tsx', 'lib/overtime.ts', 'prisma/schema.prisma', 'tests/overtime.test.ts', 'app/api/timesheets/route.ts'],
    work: ['月次の残業集計 `calcOvertime()` を追加し、深夜・休日の割増を分けて計算するようにしました。', '勤怠一覧にフィルタ（部署・月）を追加しました。', '`Timesheet` に `approvedAt` を追加し、承認済みの行を編集不可にしました。', 'CSV エクスポート API `GET /api/timesheets/export` を追加しました。', '打刻修正の申請フォームを追加し、理由の入力を必須にしました。'],
    test: 'pnpm test',
    pass: ' ✓ tests/overtime.test.ts (12)\n Test Files  3 passed (3)\n      Tests  31 passed (31)',
    fail: ' ✗ tests/overtime.test.ts > 深夜割増が 22:00 から付く\n      Tests  29 passed | 2 failed (31)',
    bugs: [
      { symptom: '月末の残業時間が翌月に計上されていた', change: '集計の境界を JST の月初 0:00 に変更しました', cause: '集計クエリが UTC の月境界で区切っていたため、JST 0:00〜9:00 の打刻が前月ではなく翌月扱いになっていた', repro: '3/31 23:00〜4/1 02:00 の勤務 → 3月: 1h, 4月: 2h（期待値: 3月 3h）' },
      { symptom: '承認済みの勤怠が一覧から編集できてしまう', change: 'API 側でも `approvedAt` をチェックするようにしました', cause: '編集不可の判定が画面のボタン表示だけで、`PATCH /api/timesheets/:id` はステータスを見ていなかった', repro: 'curl -X PATCH /api/timesheets/88 → 200（承認済みの行）' }
    ]
  },
  {
    name: 'parking-android',
    stack: 'Kotlin + Jetpack Compose + Room',
    files: ['app/src/main/java/app/parking/ui/MapScreen.kt', 'app/src/main/java/app/parking/data/SpotRepository.kt', 'app/src/main/java/app/parking/data/SpotDao.kt', 'app/src/test/java/app/parking/SpotRepositoryTest.kt', 'app/build.gradle.kts'],
    work: ['Added a map screen with clustered parking spots and a bottom sheet for details.', 'Spots are cached in Room and refreshed every 10 minutes via WorkManager.', 'Added favourites with a swipe action and a dedicated tab.', 'The search bar now geocodes addresses and recentres the map.', 'Added dark-theme colours for the map markers.'],
    test: './gradlew testDebugUnitTest',
    pass: 'BUILD SUCCESSFUL in 41s\n46 actionable tasks: 12 executed\nSpotRepositoryTest > 11 tests PASSED',
    fail: 'SpotRepositoryTest > refreshKeepsFavourites FAILED\nBUILD FAILED in 38s',
    bugs: [
      { symptom: 'favourites disappeared after the background refresh', change: 'switched the refresh to an upsert that keeps the `favourite` column', cause: 'the refresh used `@Insert(onConflict = REPLACE)`, which deletes and re-inserts the row, resetting `favourite` to its default', repro: 'favourite spot 17, run RefreshWorker → spot 17 favourite=false' },
      { symptom: 'the map crashed when rotating during a search', change: 'moved the geocoder call into the ViewModel scope', cause: 'the coroutine was launched in the composable’s scope and resumed after the activity was destroyed, touching a disposed map', repro: 'IllegalStateException: MapView destroyed at MapScreen.kt:118 (rotate while searching)' }
    ]
  }
]
