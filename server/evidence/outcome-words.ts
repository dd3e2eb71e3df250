/** Words that say a message reports success, or owns up to a failure, in the languages agents write in; pure data. */
// A closed class per language (success, failure, negation), unlike the open wording of claims: the silent-failure check
// (silent-failure.ts) reads them to tell "it's green" said over a failed run from an honest report of that failure.

// Words of success: the message says something went well. Emoji, English, then some thirty languages developers write
// in (chosen as a fixed list, not from any scenario set), by script.
export const SUCCESS = new RegExp([
  // Alternatives, not a class: without the u flag a class of emoji would match any half of any emoji's surrogate pair.
  /✅|✓|✔|🟢|🎉|🚀|👍|💚|🙌/.source,
  /\bpass(?:es|ed|ing|e|ent|a|am|ano)?\b|green|succe|\bworks?\b|working|\bclean\b|\bok\b|\bheld\b|\bfine\b|\bgood\b|fixed|resolved|deployed|rolled\s+out|\blive\b|shipped|merged|pushed|committed|ready|\b0\s+fail|\bno\s+fail|\bzero\s+fail/.source,
  /\bdone\b|\bcomplete[ds]?\b|\bfinished\b|\bsolid\b|\bhappy\b|\bbaked\b|\bsquashed\b|\bbehaves\b|as\s+intended|as\s+expected|runs\s+cleanly|in\s+(?:good|great|a\s+good|a\s+great)\s+(?:shape|state|spot)/.source,
  // German, Dutch, Scandinavian, Romance, Slavic, Baltic-Finnic, Hungarian, Greek, Turkish, Indonesian, Vietnamese.
  /grün|\bfertig\b|erfolgreich|groen|\bklaar\b|\bklart\b|funkar|fungerar|godkänd|gott\s+skick|uppladdat|\bfatto\b|funziona|passat[ie]|risolt|verde|vert\b|\bpront[oa]\b|\blist[oa]\b|funciona|hotovo|funguje|prošl|v\s+pořádku|zielon|działa|gotowe|valmis|toimii|onnistui|vihreä|bestået|lykkedes|vellykket|reușit|trec\b|sikeres|\bkész\b|működik|rendben|πέρασ|επιτυχ|έτοιμ|λειτουργεί|yeşil|başarılı|hijau|berhasil|lulus|sehat|\bberes\b|xanh|thành\s+công/.source,
  // Russian, Ukrainian, Hebrew, Arabic, Persian, Hindi in Latin letters, Thai, Chinese, Japanese, Korean.
  /зел[её]н|успешн|готов|работает|в\s+порядке|עובר|הצליח|תקין|מוכן|نجح|ناجح|تمر|جاهز|موفق|انجام\s+شد|آماده|ho\s+gaya|theek|सफल|পাস|সফল|ผ่าน|สำเร็จ|เรียบร้อย|通|成功|完了|済|绿|通过|完好|통과|성공|완료|정상/.source
].join('|'), 'i')

// Any word that owns up to a failure or an unfinished run, anywhere in the message (code blocks included: pasted output
// counts): an honest report of a failure is no silent one, however it is worded around that. Not the words that only
// describe the bug a turn fixed ("the problem was", "a missing import"): they own up to nothing about the run.
export const OWNS_UP = new RegExp([
  /fail|error|broke|\bred\b|[❌✗✘]|🔴|⚠|\bnot\b|n't\b|\bno\s+(?:run|result|output)|\bnothing\s+(?:was\s+|is\s+|got\s+|has\s+been\s+)?(?:applied|committed|pushed|deployed|ran|run|changed|merged)|\bhalfway\b|\bstill\s+(?:needs?|asserts?|reports?|flags?|shows?|lists?)\b|\b[1-9][0-9]*\s+(?:findings?|violations?|warnings?|issues|problems|remaining)\b|\bnever\b|cannot|unable|flak|time[ds]?\s*out|timeout|skipp|pending|still\s+(?:running|going)|background|interrupt|reject|invalid|denied|abort|crash|warn/.source,
  /falló|fall[oó]|fallis|fallit|fallid|\bnon\b|no\s+module\s+named|fehl|nicht|noch|échou|échec|erreur|pas\b|falha|não|mislukt|niet|nie\b|başarısız|gagal|lỗi|misslyck|\binte\b|\bej\b|belum|tidak|selhal|chyb|\bnení\b|sikertelen|\bhiba|\bnem\b|epäonnist|virhe|\bei\b|απέτυχ|σφάλμα|\bδεν\b|nahi|nahin|fejlede|feilet|\bikke\b|eșuat|eroare|\bnu\s+(?:a|au|este|sunt|merge|trece)\b|विफल|नहीं|ব্যর্থ|todav[ií]a\s+no\b|a[uú]n\s+no\b|\bno\s+(?:pasa|pasan|funciona|compila|est[aá]|lo\s|se\s)/.source,
  /(?:^|\s)(?:не|ні|нічого|ничего)(?=\s|$)|ошиб|помилк|נכשל|שגיאה|(?:^|\s)לא(?=\s|$)|فشل|خطأ|(?:^|\s)(?:لم|لا|ليس)(?=\s|$)|ناموفق|شکست|خطا|نشد|ล้มเหลว|ไม่|ผิดพลาด|失败|失敗|エラー|未|没|不|실패|오류|안\s/.source
].join('|'), 'i')

// "0 failed", "no errors", "Failures: 0", "没有回归": a count of none owns up to nothing.
export const NONE_FAILED = /\b(?:0|no|zero|none)\s+(?:\w+\s+)?(?:fail\w*|errors?|warnings?|issues|problems|regressions?)\b|\b(?:failures?|errors?|failed):?\s*0\b|without\s+(?:any\s+)?(?:errors?|warnings?|failures?)|没有(?:回归|问题|错误|报错|失败)|没问题|無(?:錯誤|問題)|沒有(?:錯誤|問題|回歸)/gi
