/** Whether a reply is written in a language Layer 1 was not written for (its triggers and scorers read English, Spanish, Portuguese, French, Russian, Japanese, Chinese and Korean); pure. */
import { prose } from './sentences.js'

const COVERED = new Set(('the a an and or but of to in on at for with from by is are was were be been it this that these those i we you they not no as if so ' +
  'then there here have has had do does did will would can could should my our your its their what which who when where how all any some just now also only ' +
  'el la los las un una y o pero del en con por para es son fue está están se sí que como ya lo le les mi su este esta esto eso hay muy más también cuando porque ' +
  'os as um uma e ou mas do da dos das em na nos nas com é são foi estão não isso isto há muito mais também quando onde ' +
  'le les une et mais du des dans sur avec pour est sont était être ne pas oui qui comme déjà il elle je nous vous ce cette ces très plus aussi quand où ' +
  'и в не на я что с по это как а но он она они мы вы ты из у за для от до так же все уже бы был была было были есть нет да если когда где чтобы или то').split(' '))
// The most frequent function words of other languages agents write in, those the covered languages do not share.
const OTHER = new Set(('der die das und ist nicht ich wir sie ein eine mit auf für von zu dem auch noch nur jetzt wird wurde sind hat habe haben kann bitte ' +
  'het een van voor niet ik wij je jij zijn naar ook nog maar dat deze wordt werd heb hebben kunnen nu ' +
  'il gli è sono che con della delle dei nel nella anche ancora ho abbiamo questo questa ' +
  'jest nie się że jak ale już tylko czy są być był była oraz dla przez jeszcze teraz żeby bo też go jako przy od ze tak więc gdy jeśli został zostały można trzeba będzie mam ' +
  'jen nebo jsou být byl bylo při ještě teď aby protože jsem také když může bude ' +
  've bir bu için ile değil mi ama çok daha şimdi olarak olan yok gibi sonra önce ben biz siz kadar ' +
  'och att det som är inte jag för med på av till har också men ett og ikke jeg vil af ' +
  'ja on ei että myös nyt kun oli ovat olla tämä ' +
  'dan yang di ke dari ini itu untuk dengan tidak ada saya kami kita akan sudah belum juga atau karena jadi bisa nanti ' +
  'và là của có không được cho này những các một đã sẽ với trong khi thì để đang ' +
  'și este că cu din pe la mai sunt fost és az hogy van volt csak már meg még ' +
  'і та що це але вже від ми ви він вона є буде був').split(' ').filter(w => !COVERED.has(w)))
// Words both sides use ("i", "to", "na" are Polish too; "per", "pro", "non" English too): they tell nothing.
const AMBIGUOUS = new Set('a i o e w z v to na do de la en in je se mi da ja on am po te ta per non pro ten co var vi er solo men med die'.split(' '))
// Letters of scripts none of the covered languages is written in (Hebrew, Arabic, Thai, Devanagari, Greek, …), and of
// the covered ones Layer 1 reads without spaces (Japanese, Chinese, Korean).
const OTHER_SCRIPT = /[\u0370-\u03ff\u0590-\u08ff\u0900-\u0dff\u0e00-\u0eff\u10a0-\u10ff\u0530-\u058f]/gu
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu
/** A word spelled with a letter no covered language uses (Polish ą ł, Czech ř ě, Turkish ğ ı ş, German ä ö ß, Nordic
 * å ø, Vietnamese ư ơ, Ukrainian і ї є, …) is of another language, whatever it means. */
const OTHER_LETTER = /[іїєґўąęłśźżćńěščřžůďťňğışőűșțăåøæäößđươ\u1ea0-\u1ef9]/
/** Fewer words than this say too little to tell a language by. */
const MIN_WORDS = 6

let last: { text: string, unread: boolean } | undefined

/** Unread: words of other languages (their function words, or letters no covered language uses) outnumber the covered
 * function words, or most letters are of another script. */
export function unreadLanguage (text: string): boolean {
  if (last?.text === text) return last.unread
  const p = prose(text).toLowerCase()
  const words = p.match(/\p{L}[\p{L}'’]*/gu) ?? []
  let covered = 0
  let other = 0
  for (const w of words) { if (AMBIGUOUS.has(w)) continue; if (COVERED.has(w)) covered++; else if (OTHER.has(w) || OTHER_LETTER.test(w)) other++ }
  const letters = words.reduce((n, w) => n + w.length, 0)
  const script = p.match(OTHER_SCRIPT)?.length ?? 0
  const cjk = p.match(CJK)?.length ?? 0
  const unread = words.length >= MIN_WORDS && cjk * 10 < letters && ((other >= 2 && other > covered) || script * 2 > letters)
  last = { text, unread }
  return unread
}
