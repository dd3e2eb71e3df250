/** Passwords given on command lines (curl -u, sshpass -p, redis-cli -a, docker login -p, htpasswd -b, mysql -pPASS). */
import { RE2JS } from 're2js'
import { isPlaceholder, isReference } from './entropy.js'
import type { RuleSpec } from './redact-rule.js'

const r = String.raw
const real = (v: string): boolean => !isPlaceholder(v)
// Unquoted, a plain word is prose or a name (`htpasswd -b to pass it`), not a password.
const notAWord = (v: string, before: string): boolean => real(v) && (before === '"' || before === '\'' || !isReference(v))

// A user:password pair given to curl/wget/httpie-style flags; `-u 1000:1000` (docker's uid:gid) is no password.
const USER_PASS = r`(?:^|\s)(?:-u|--user|--proxy-user|-U|--auth|-a)(?:=|[ \t]*)["']?[^\s:'"]+:([^\s'"]+)`
const UID_GID = RE2JS.compile('[0-9]+')

// A password argument quoted (spaces and all) or one word, never a shell operator; the options before it.
const ARG = r`(?:'([^'\r\n]+)'|"([^"\r\n]+)"|([^\s'"|;&<>]+))`
const WORD = r`[^\s'"|;&<>-][^\s|;&<>]*`
const OPTIONS = r`(?:[ \t]+--?[A-Za-z][A-Za-z0-9-]*(?:=[^\s|;&<>]*|[ \t]+${WORD})?)*`

/** htpasswd's option clusters (letters from `set`; -C and -r take a number), with each letter of `must` in one of them. */
function htOptions (set: string, ...must: string[]): string {
  const opt = (c: string) => r`[ \t]+-${set}*${c}${set}*(?:[ \t]+[0-9]+)?`
  const any = r`(?:${opt('')})*`
  const [a = '', b] = must
  if (b === undefined) return r`${any}${opt(a)}${any}`
  return r`${any}(?:${opt(`(?:${a}${set}*${b}|${b}${set}*${a})`)}|${opt(a)}${any}${opt(b)}|${opt(b)}${any}${opt(a)})${any}`
}

export const COMMAND_RULES: readonly RuleSpec[] = [
  { kind: 'password', keywords: ['-u', '--user', '-a', '--auth'], lineLocal: true, regex: USER_PASS, accept: (v) => real(v) && !isReference(v) && !UID_GID.testExact(v) },
  // sshpass -p PASS, and the MySQL family's glued -pPASS (`-p PASS`, with a space, prompts and names a database).
  { kind: 'password', keywords: ['sshpass'], lineLocal: true, regex: r`sshpass(?:[ \t]+-[a-oq-zA-Z]+(?:[ \t]+[^\s-]\S*)?)*[ \t]+-p[ \t]*${ARG}`, accept: real },
  // redis-cli's -p is the port; its -a is the password.
  { kind: 'password', keywords: ['redis-cli'], lineLocal: true, regex: r`redis-cli${OPTIONS}[ \t]+-a[ \t]+${ARG}`, accept: notAWord },
  {
    kind: 'password',
    keywords: ['docker login', 'podman login', 'nerdctl login', 'buildah login', 'skopeo login', 'registry login', 'oras login'],
    lineLocal: true,
    // The registry may come first: `docker login REGISTRY -u me -p PASS`.
    regex: r`(?:docker|podman|nerdctl|buildah|skopeo|helm registry|oras) login(?:[ \t]+${WORD})?${OPTIONS}[ \t]+(?:-p|--password)(?:=|[ \t]+)${ARG}`,
    accept: notAWord
  },
  // htpasswd -b takes the password as its last word: after FILE USER, or after USER alone when -n prints instead.
  { kind: 'password', keywords: ['htpasswd'], lineLocal: true, regex: r`htpasswd${htOptions('[A-Za-mo-z]', 'b')}(?:[ \t]+${WORD}){2}[ \t]+${ARG}`, accept: notAWord },
  { kind: 'password', keywords: ['htpasswd'], lineLocal: true, regex: r`htpasswd${htOptions('[A-Za-z]', 'b', 'n')}[ \t]+${WORD}[ \t]+${ARG}`, accept: notAWord },
  {
    kind: 'password',
    keywords: ['mysql', 'mariadb'],
    lineLocal: true,
    regex: r`(?:mysql[a-z]*|mariadb[a-z-]*)(?:[ \t]+[^\s|;&]+)*?[ \t]+-p(?:'([^'\s]+)'|"([^"\s]+)"|([^\s'"]+))`,
    accept: real
  }
]
