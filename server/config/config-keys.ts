/** Every config key hookjudge knows, with its type and meaning: unknown keys are refused by it, docs/configuration.md is made from it. */
import { nearest } from '../core/nearest.js'

/** A leaf: [type, what it does]. `*` stands for any name (a backend, a hook); LIST_OF marks a list of maps with their own keys. */
export type Leaf = readonly [type: string, doc: string]
export interface KeyTree { [key: string]: Leaf | KeyTree }
export const isLeaf = (v: Leaf | KeyTree): v is Leaf => Array.isArray(v)

const INT = 'integer'
const STR = 'string'
const BOOL = 'boolean'
const LIST = 'list of strings'
const RE2 = 'list of RE2 patterns'

export const CONFIG_KEYS: KeyTree = {
  server: {
    host: [STR, 'listen address; must be loopback unless tokenFile (or tokensFile) is set'],
    port: [INT, 'listen port (env HOOKJUDGE_PORT)'],
    socket: [STR, 'listen on this Unix socket instead of TCP (0600 socket in a 0700 folder)'],
    tokenFile: [STR, '0600 file holding one token; every request then needs "authorization: Bearer <token>"'],
    tokensFile: [STR, 'a file of per-user tokens; the decision record\'s `user` comes from it'],
    bodyLimit: [INT, 'bytes; a larger hook input gets 413 (the shim then applies its fail mode)'],
    shutdownMs: [INT, 'on SIGTERM, how long requests in flight may take before the daemon exits anyway']
  },
  log: { level: ['fatal | error | warn | info | debug | trace | silent', 'diagnostic log level (env HOOKJUDGE_LOG_LEVEL)'] },
  judge: {
    backends: ['auto | list of backend names', 'the default chain, tried in order within the deadline; auto: detected at startup'],
    deadlineMs: [INT, 'one request\'s whole budget, from its arrival (transcript read and Layer 2 included); past it the hook\'s fail mode applies (requests due together are answered in turn, up to an eighth of it early)'],
    maxTextBytes: [INT, 'the judge reads the LAST this many bytes of the text, cut on a UTF-8 boundary'],
    loop: {
      maxConsecutiveBlocks: [INT, 'Stop hooks: past this many blocks in a row in one turn the next is allowed (source guard)'],
      maxSessions: [INT, 'sessions the loop guard remembers (LRU)']
    },
    circuit: {
      failures: [INT, 'a backend that failed this many times in a row is skipped for the cool-down'],
      coolDownSeconds: [INT, 'how long an open circuit skips its backend before one request probes it']
    }
  },
  cache: {
    max: [INT, 'cached verdicts (LRU)'],
    maxBytes: [INT, 'bytes the cached verdicts may hold (their strings counted at two bytes a character, plus overhead); the least recently used go first'],
    ttlSeconds: [INT, 'a cached verdict expires after this long']
  },
  decisionLog: {
    enabled: [BOOL, 'daily decisions-YYYY-MM-DD.jsonl under $XDG_STATE_HOME/hookjudge (0600)'],
    dir: [STR, 'the folder of the daily files instead'],
    text: ['redacted | none', 'keep the judged text (secrets masked) for replay, or not'],
    retentionDays: [INT, 'daily files older than this are deleted; 0 keeps them all'],
    maxBytes: [INT, 'cap on the whole folder, oldest days first; 0 = no cap']
  },
  redaction: { gitleaksConfig: [STR, 'a gitleaks TOML file of extra secret rules (relative: beside the config file)'] },
  transcripts: {
    enabled: [BOOL, 'Stop hooks judge the whole turn read from the agent\'s transcript; false: last_assistant_message only'],
    roots: [LIST, 'extra folders transcripts may be read from (absolute or ~/…)'],
    maxReadBytes: [INT, 'read at most this much of a transcript\'s tail per turn']
  },
  evidence: {
    enabled: [BOOL, 'learn facts (tests run, failures) from the turn\'s tool calls'],
    verificationCommands: [RE2, 'commands that count as verification'],
    failureOutput: [RE2, 'output that shows a check failed, whatever its exit status'],
    checks: {
      tests: [RE2, 'test runners: back "tests pass", "fixed", "works", "ready"'],
      build: [RE2, 'compilers and builds: back "it builds"'],
      lint: [RE2, 'linter and formatter checks: back "lint is clean"'],
      types: [RE2, 'type checkers: back "types check"'],
      run: [RE2, 'runs that exercise a change (scripts, the program, the project\'s own checks): back "fixed", "works"'],
      deploy: [RE2, 'deploy and publish commands: back "deployed", "live"'],
      git: [RE2, 'git commands that record or share a change: back "committed", "pushed", "merged"']
    }
  },
  selfProtection: {
    enabled: [BOOL, 'deny agent edits of hookjudge\'s own config, service, token, shim and hook entries'],
    paths: [LIST, 'more absolute paths to protect']
  },
  sessionFacts: {
    maxSessions: [INT, 'sessions whose PostToolUse facts are remembered (LRU)'],
    maxFactsPerSession: [INT, 'the oldest fact of a session goes first'],
    ttlSeconds: [INT, 'a fact expires this long after it was recorded']
  },
  state: {
    redis: {
      url: [STR, 'redis://host:port/db shared by several replicas (cache, loop guard, session facts)'],
      timeoutMs: [INT, 'a slower redis answer counts as unreachable (readiness: degraded)'],
      passwordEnv: [STR, 'name of the env var holding the redis password'],
      decisions: [INT, "decision records the team's stream keeps for the review page and logs (0: each replica's own files only)"]
    }
  },
  ui: { enabled: [BOOL, 'serve the review page at GET /ui'] },
  backends: {
    '*': {
      type: ['anthropic | openai | claude-cli | codex-cli | command', 'the protocol (openai: any /chat/completions server)'],
      model: [STR, 'model id (required for anthropic and openai)'],
      baseUrl: [STR, 'API root; default for the shipped anthropic / openai backends: $ANTHROPIC_BASE_URL / $OPENAI_BASE_URL, else the vendor\'s'],
      apiKeyEnv: [STR, 'name of the env var holding the key (never the key itself)'],
      maxTokens: [INT, 'answer budget of one judge call'],
      jsonMode: [BOOL, 'openai: ask for a JSON object response (default true)'],
      command: ['string or list of strings', 'claude-cli / codex-cli: the binary; command: the argv to run'],
      args: [LIST, 'extra arguments after the backend\'s own'],
      cwd: [STR, 'working folder of judge processes (absolute)'],
      spares: [INT, 'judge processes started ahead, waiting for a prompt'],
      maxProcesses: [INT, 'judge processes alive at once, spares included'],
      spareIdleSeconds: [INT, 'a spare older than this is replaced'],
      maxOutputBytes: [INT, 'a judge process printing more is killed and its answer refused'],
      keepAliveProbeSeconds: [INT, 'HTTP backends: a cheap request this often keeps a connection warm; 0 = off'],
      connections: [INT, 'HTTP backends: calls in flight at once (one connection each); more wait, and a deadline passing while one waits is no failure of the backend'],
      price: { inputPerMTok: ['number', 'USD per million input tokens'], outputPerMTok: ['number', 'USD per million output tokens'] }
    }
  },
  hooks: {
    '*': {
      event: ['Stop | SubagentStop | PreToolUse | PostToolUse', 'the agent event the hook judges'],
      mode: ['enforce | shadow | off', 'shadow: log would-block, answer allow'],
      failMode: ['open | safe', 'when no verdict can be had: open allows; safe asks a human (PreToolUse only)'],
      trigger: [RE2, 'Layer 1: any match sends the text to Layer 2'],
      skip: [RE2, 'Layer 1: any match allows at once'],
      fields: [LIST, 'the snake_case facts the judge answers'],
      blockWhen: { all: [LIST, 'block only if every one of these fields is true'], none: [LIST, '… and none of these'] },
      prompt: [STR, 'the hook\'s judging prompt'],
      feedback: [STR, 'what the agent reads on a block; {reason} is the judge\'s reason'],
      backends: [LIST, 'this hook\'s own chain instead of judge.backends'],
      deterministic: [LIST, 'fields hookjudge computes from the transcript instead of asking'],
      evidence: { contradictedClaims: [BOOL, 'a verification claim the transcript contradicts counts as none'] },
      layer1: { model: [STR, 'a trained Layer-1 model file (hookjudge train) used with the patterns'] },
      matcher: [STR, 'PreToolUse / PostToolUse: RE2 pattern the whole tool name must match, in any case (`(?-i)` to match case)'],
      rules: ['list of {id, when, require, equalsFact, decision, reason}', 'PreToolUse: deterministic rules, first match wins'],
      facts: ['list of {name, when, value}', 'PostToolUse: facts recorded for the session'],
      transforms: ['list of {path, type, …}', 'PostToolUse: rewrites of the tool output']
    }
  }
}

export interface KeyProblem { path: string, message: string }

/** Every key of raw not in the tree, with the nearest known key at that level. Values are checked elsewhere. */
export function unknownKeys (raw: unknown, tree: KeyTree = CONFIG_KEYS, at = ''): KeyProblem[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return []
  const problems: KeyProblem[] = []
  const any = tree['*']
  for (const [key, value] of Object.entries(raw)) {
    const path = at ? `${at}.${key}` : key
    const sub = any ?? (Object.hasOwn(tree, key) ? tree[key] : undefined)
    if (sub === undefined) {
      const guess = nearest(key, Object.keys(tree))
      problems.push({ path, message: `unknown key; ${guess ? `did you mean \`${guess}\`?` : `known here: ${Object.keys(tree).join(', ')}`}` })
    } else if (!isLeaf(sub)) problems.push(...unknownKeys(value, sub, path))
  }
  return problems
}
