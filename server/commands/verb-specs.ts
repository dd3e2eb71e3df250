/** The usage specs of every verb (name, options, help, examples): what --help prints, loadable without the verb's code. */
import { AGENTS } from '../agents/event.js'
import { CONFIG_OPTION as config, JSON_OPTION as json, type VerbSpec } from './args.js'

export const SERVE = {
  name: 'serve',
  summary: 'run the daemon in the foreground; JSON log lines on stdout (pretty on a terminal)',
  options: {
    config,
    host: { type: 'string', value: 'H', help: 'listen address (default 127.0.0.1)' },
    port: { type: 'string', value: 'N', help: 'listen port (default 5834)' },
    socket: { type: 'string', value: 'PATH', help: 'listen on a Unix socket instead of TCP' }
  },
  examples: ['hookjudge serve', 'ANTHROPIC_API_KEY=sk-ant-… hookjudge serve --port 5900']
} satisfies VerbSpec

export const JUDGE = {
  name: 'judge',
  args: 'HOOK',
  positionals: 1,
  summary: 'judge one hook input (JSON) or plain text read on stdin, in-process; prints the decision record as one JSON line',
  options: {
    config,
    agent: { type: 'string', value: 'NAME', help: `the agent whose input this is (${AGENTS.join(', ')}); default: detected` },
    strict: { type: 'boolean', help: 'exit 1 when no judge could answer (the record then shows the hook\'s fail mode)' }
  },
  examples: [
    "echo \"I'll push to main now.\" | hookjudge judge commit --strict",
    'hookjudge judge commit --agent codex < stop-input.json'
  ]
} satisfies VerbSpec

export const STATUS = {
  name: 'status',
  summary: 'is the daemon up, and ready? version, backends, figures (exit 3: not running)',
  options: { config, json, ready: { type: 'boolean', help: 'exit 4 when it runs but some hook cannot be judged (not ready), for health checks' } },
  examples: ['hookjudge status', 'hookjudge status --json | jq .daemon.readiness', 'hookjudge status --ready >/dev/null || echo "no judge for some hook"']
} satisfies VerbSpec

export const DOCTOR = {
  name: 'doctor',
  summary: 'check the whole wiring: config, daemon, backends, agent settings, shim, decision log; each failure with its fix',
  options: {
    config,
    json,
    'expect-installed': { type: 'boolean', help: 'fail when no agent is wired to hookjudge (by default an agent left unwired is only said)' }
  },
  examples: ['hookjudge doctor', 'hookjudge doctor --json']
} satisfies VerbSpec

export const RELOAD = {
  name: 'reload',
  summary: 'make the running daemon re-read its config (SIGHUP does the same); a refused config keeps the running one',
  options: { config, json },
  examples: ['hookjudge reload']
} satisfies VerbSpec

export const TOKENS = {
  name: 'tokens',
  args: 'list | add NAME [--review] | revoke NAME',
  positionals: 2,
  summary: "a team daemon's people (server.tokensFile): list names, add one with a new token, revoke one; the running daemon reloads",
  options: {
    config,
    file: { type: 'string', value: 'F', help: 'the tokens file itself (default: server.tokensFile of the config)' },
    review: { type: 'boolean', help: "with add: the person sees and labels everyone's decisions on the review page" },
    json
  },
  examples: ['hookjudge tokens add bob', 'hookjudge tokens revoke bob', 'hookjudge tokens list --file /etc/hookjudge/tokens']
} satisfies VerbSpec

export const LOGS = {
  name: 'logs',
  summary: 'print decisions from the decision log, oldest first; --follow keeps printing new ones',
  options: {
    config,
    since: { type: 'string', value: 'DATE|DURATION', help: 'only from this date (2026-05-01) or this long ago (90m, 2h, 7d)' },
    hook: { type: 'string', value: 'H', help: 'only this hook' },
    user: { type: 'string', value: 'NAME', help: 'only the decisions of this person (server.tokensFile)' },
    follow: { type: 'boolean', short: 'f', help: 'keep printing new decisions until interrupted' },
    json: { type: 'boolean', help: 'print each decision record as one JSON line' },
    local: { type: 'boolean', help: "this host's own files, not the team's log in Redis (state.redis.decisions)" }
  },
  examples: ['hookjudge logs --since 2h --hook commit', 'hookjudge logs -f --json | jq .reason']
} satisfies VerbSpec

export const SERVICE = {
  name: 'service',
  args: 'install|uninstall|status',
  positionals: 1,
  summary: 'a systemd user unit (Linux) or LaunchAgent (macOS) running the daemon; prints the manager commands to run',
  options: {
    config,
    json: { type: 'boolean', help: 'print one JSON object: each file and what was done to it (or its state), the commands to run next' },
    'clear-keys': { type: 'boolean', help: 'with install: drop the API keys an earlier install stored (by default they are kept unless this shell sets them)' },
    // For tests and for preparing another machine's files.
    platform: { type: 'string', hidden: true }
  },
  examples: ['hookjudge service install', 'hookjudge service status', 'hookjudge service status --json | jq .installed']
} satisfies VerbSpec

export const EVAL = {
  name: 'eval',
  args: 'CORPUS.jsonl',
  positionals: 1,
  summary: 'score the judge on a labelled corpus: Layer-1 hit rate and recall, final precision, recall and false blocks',
  options: {
    config,
    hooks: { type: 'string', value: 'a,b', help: 'only these hooks (default: every configured hook the corpus labels)' },
    'layer1-only': { type: 'boolean', help: 'score the regex layer alone, no model calls' },
    separate: { type: 'boolean', help: 'ask each hook in its own model call (default: a message\'s hooks in one, as a live turn does)' },
    misses: { type: 'boolean', help: 'list the misclassified lines' },
    split: { type: 'string', value: 'train|validation|test', help: 'only the rows of this split (the project\'s corpora carry one)' },
    json
  },
  examples: ['hookjudge eval corpus/codex.jsonl --split validation --layer1-only', 'hookjudge eval test/fixtures/corpus.jsonl --layer1-only', 'hookjudge eval corpus.jsonl --hooks commit --json']
} satisfies VerbSpec

export const TRAIN = {
  name: 'train',
  args: 'CORPUS.jsonl…',
  positionals: Infinity,
  summary: 'train the Layer-1 scorers from corpora in the eval format (read as one); writes the model files, reports recall and hit rate',
  options: {
    config,
    hooks: { type: 'string', value: 'a,b', help: 'only these hooks (default: every labelled hook that has a scorer kind)' },
    out: { type: 'string', value: 'DIR', help: 'where the model files go (default: config/models)' },
    json
  },
  examples: ['hookjudge train test/fixtures/corpus.jsonl --out /tmp/models', 'hookjudge train corpus.jsonl --hooks commit --json']
} satisfies VerbSpec

export const REPLAY = {
  name: 'replay',
  args: 'LOG…',
  positionals: Infinity,
  summary: 're-judge logged decisions with the current config and list the verdicts that change',
  options: { config, json },
  examples: ['hookjudge replay ~/.local/state/hookjudge/', 'hookjudge replay decisions-2026-05-01.jsonl --json']
} satisfies VerbSpec

const scope = { type: 'string', value: 'user|project', help: 'the user settings (default) or this project\'s' } as const
const hooks = { type: 'string', value: 'a,b', help: 'only these hooks (default: every hook not off)' } as const
const dryRun = { type: 'boolean', help: 'print the change as a diff, write nothing' } as const
const installJson = { type: 'boolean', help: 'print one JSON object: the file, whether it changed, the diff, the entries, the notes' } as const

export const INSTALL = {
  name: 'install',
  args: 'claude-code|codex|gemini|copilot|cursor|droid',
  positionals: 1,
  summary: 'merge hookjudge\'s hook entries into the agent\'s settings (idempotent, with a backup; others\' entries kept)',
  options: {
    config,
    scope,
    transport: { type: 'string', value: 'http|shim', help: 'how the agent reaches the daemon' },
    stop: { type: 'string', value: 'sync|async', help: 'Claude Code\'s end of turn: sync (default) waits for the verdict; async judges in the background (asyncRewake) and a block wakes the model' },
    hooks,
    url: { type: 'string', value: 'URL', help: 'a shared daemon (https://judge.team.example) instead of the local one' },
    'token-file': { type: 'string', value: 'FILE', help: 'the file holding your token for that daemon (0600)' },
    'dry-run': dryRun,
    json: installJson
  },
  examples: ['hookjudge install claude-code --dry-run', 'hookjudge install claude-code --stop async', 'hookjudge install codex --scope project', 'hookjudge install gemini', 'hookjudge install claude-code --url https://judge.team.example --token-file ~/.config/hookjudge/token', 'hookjudge install codex --dry-run --json | jq -r .diff']
} satisfies VerbSpec

export const UNINSTALL = {
  name: 'uninstall',
  args: 'AGENT',
  positionals: 1,
  summary: 'remove exactly hookjudge\'s entries from the agent\'s settings again',
  options: { config, scope, hooks, 'dry-run': dryRun, json: installJson },
  examples: ['hookjudge uninstall claude-code', 'hookjudge uninstall codex --dry-run --json']
} satisfies VerbSpec

export const LABELS = {
  name: 'labels',
  args: 'export|what-if',
  positionals: 1,
  summary: 'the review page\'s labels (/ui) as an eval corpus on stdout, or what a config would decide on them',
  options: { config, candidate: { type: 'string', value: 'FILE', help: 'what-if: a candidate config to compare with the current one' }, json },
  examples: ['hookjudge labels export > labels.jsonl && hookjudge eval labels.jsonl', 'hookjudge labels what-if --candidate new.yaml']
} satisfies VerbSpec
