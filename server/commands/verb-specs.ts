/** The usage specs of the verbs whose files other work owns (eval, train, replay, install, uninstall); each may move into its verb's file. */
import { CONFIG_OPTION as config, JSON_OPTION as json, type VerbSpec } from './args.js'

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
    split: { type: 'string', value: 'train|validation', help: 'only the rows of this split (the project\'s corpora carry one)' },
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
    hooks,
    url: { type: 'string', value: 'URL', help: 'a shared daemon (https://judge.team.example) instead of the local one' },
    'token-file': { type: 'string', value: 'FILE', help: 'the file holding your token for that daemon (0600)' },
    'dry-run': dryRun,
    json: installJson
  },
  examples: ['hookjudge install claude-code --dry-run', 'hookjudge install codex --scope project', 'hookjudge install gemini', 'hookjudge install claude-code --url https://judge.team.example --token-file ~/.config/hookjudge/token', 'hookjudge install codex --dry-run --json | jq -r .diff']
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
