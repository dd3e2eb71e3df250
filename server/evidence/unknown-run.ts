/** A command the check vocabulary does not know that passed after the turn's last change: it may be the check a claim names; pure. */
import type { CheckKind } from './checks.js'
import type { Step } from './steps.js'
import { quotedCount, saysFailed } from './quoted-count.js'
import { HIDDEN, REWRITES } from './run-proof.js'
import { firstWord } from './claim-runs.js'
import { outsideEdits } from './run-scope.js'
import { shadowsOf } from './shadowing.js'
import { showsOnly, simpleCommands } from './verification.js'

type Command = Extract<Step, { kind: 'command' }>

// Programs that look, move, edit, install or manage and never check anything: a passing one is no unknown check.
// Beside what only shows text or runs inline code (verification.ts showsOnly): the shell's own words and file handling.
const LOOKS = /^(?:tree|fd|ack|cut|tr|cmp|xargs|false|cd|pushd|popd|pwd|mkdir|rmdir|cp|mv|rm|ln|touch|chmod|chown|stat|du|df|file|which|type|command|export|set|unset|source|\.|env|sleep|wait|date|whoami|id|uname|ps|pgrep|kill|pkill|lsof|top|history|clear|open|xdg-open|code|vim|vi|nano|glab|ssh-keygen|tar|zip|unzip|gzip|gunzip|base64|sha256sum|md5sum|shasum|read|test|\[|\[\[|if|for|while|do|done|then|else|fi|case|esac|function|return|exit|alias|basename|dirname|realpath|readlink|nl|column|fold|patch|apply_patch|Write-(?:Output|Host)|cmake(?![^;&|]*--build))(?:\s|$)/
const MANAGES = /^(?:(?:npm|pnpm|yarn|bun)\s+(?:i|install|add|ci|remove|rm|uninstall|update|up|upgrade|outdated|ls|list|view|info|init|config|cache|link|audit|why|dedupe|prune)\b|(?:pip[0-9.]*|pipx|uv\s+pip|poetry|pdm|uv|conda|mamba)\s+(?:install|add|remove|lock|sync|show|list|freeze|venv|init|create|activate)\b|cargo\s+(?:add|remove|update|install|fetch|tree|metadata|new|init|clean)\b|go\s+(?:get|mod|install|env|version|list|work|generate|clean)\b|(?:bundle|gem)\s+(?:install|add|update|list|info|exec\s+rails\s+(?:g|generate))\b|composer\s+(?:install|require|update|dump-autoload|show)\b|(?:apt|apt-get|brew|dnf|yum|apk|choco|winget|sdk|asdf|mise|nvm|rustup|pyenv|corepack)\b|(?:docker|podman)\s+(?:ps|logs|images|inspect|pull|stop|rm|exec|start|restart|compose\s+(?:ps|logs|down|pull|stop|restart))\b|kubectl\s+(?:get|describe|logs|config|version|top|explain|port-forward)\b|make\s+(?:clean|install|deps|setup|distclean)\b|(?:dotnet|flutter|dart)\s+(?:restore|pub\s+get|clean|new)\b)/

// What prepares, previews, rewrites or serves checks nothing: `terraform plan`, `helm template`, `prisma generate`,
// `cargo fmt`, `docker compose up`. What compiles or packs is a build, and only a build.
const PREPARES = /\s(?:plan|template|preview|generate|gen|init|up|serve|dev|watch|start|check\s+dist|fmt|format|fix|\w*fmtAll)(?:\s|$)|\s--(?:dry-?run|fix|write)(?:\s|=|$)/
const BUILDS = /\s(?:compile|build|package|assemble|bundle|release)(?:\s|$)/
// An unknown command is the check a claim names only where its line names that kind of check.
const NAMES_KIND: Partial<Record<CheckKind, RegExp>> = {
  tests: /(?<![a-z])(?:tests?|specs?|check)(?![a-z])/i,
  build: /(?<![a-z])(?:build|compile|package|assemble|bundle|make)(?![a-z])/i,
  lint: /lint|(?<![a-z])(?:check|analy[sz]e|vet|style|tidy|validate|format)(?![a-z])|fmt(?![a-z])/i,
  types: /(?<![a-z])(?:types?|typecheck|check)(?![a-z])/i,
  // Named so by a script of the project (`./scripts/deploy-prod.sh`) or a program's subcommand (`kamal deploy`): a word
  // only in an argument (`mix assets.deploy`, a pipeline called "Release") or a program's name (`dune-release distrib`
  // packs a tarball) deploys nothing.
  deploy: /^(?:[A-Za-z_]\w*=\S*\s+)*(?:\S*\/(?:[\w.]*[-_])?(?:deploy|publish|release|rollout|promote)(?:[-_.][\w.-]*)?|[\w.-]+(?:\s+-\S+)*\s+(?:deploy|publish|release|rollout|promote|ship)(?::[\w-]+)?)(?:\s|$)/i
}
// A program named by an absolute or a variable's path (`/tmp/shim/bats`, `$UE_ROOT/…`) may be anything: no check by its name.
const PATHED = /^["']?[/~$]/
// A program that does more than show text, look, manage, rewrite or prepare.
// An option that only prints what would run (`cibuildwheel --print-build-identifiers`, `--list-targets`) runs nothing.
const PRINTS_ONLY = /\s--(?:print|list|show)(?:-[\w-]+)?(?:[\s=]|$)|\s--(?:help|version)\s*$/
const acting = (text: string) => !PATHED.test(text) && !PRINTS_ONLY.test(text) && !showsOnly(text) && !LOOKS.test(text) && !MANAGES.test(text) && !REWRITES.test(text) && !PREPARES.test(` ${text}`)
const unknownCheck = (text: string, kind: CheckKind) => acting(text) && (kind === 'build' || !BUILDS.test(` ${text}`)) && NAMES_KIND[kind]?.test(text) === true

// A fix or a behaviour is exercised by running something, not by building, packing, dry-running, checking its syntax,
// inspecting, restarting or shipping it: a word of those anywhere in a program's words (`mix assets.build`, `BuildScript.Build`, `oc get pods`).
const NO_EXERCISE = /(?<![a-z])(?:build|compile|package|assemble|bundle|install|apply|deploy|sync|push|publish|release|upload|get|describe|inspect|ping|status|list|ls|show|logs?|version|info|restart|reload|clear|cache:clear|analy[sz]e|check|validate|configtest|lint|vet|fmt|format)(?![a-z])|--(?:dry[-_]?run|no-run|syntax-check|check|list|pretend|print-[\w-]+)\b|\s-[nt](?:\s|$)/i
/** A passing line that may exercise a change: one of its programs acts, and does not only build, dry-run, inspect, restart or ship. */
const exercising = (command: string) => simpleCommands(command).some(p => acting(p.text) && !NO_EXERCISE.test(words(p.text)))
// camelCase split into words: `BuildScript.BuildAndroidDev` builds.
const words = (command: string) => command.replace(/([a-z])([A-Z])/g, '$1 $2')

/**
 * The last command after the last code edit that passed, checks nothing the vocabulary knows, and does more than look or
 * manage. Its line names the kind of check, or its last lines print a count the claim quotes (`Invoke-Pester` → "Tests
 * Passed: 27, Failed: 0" for "27 tests, 0 failures"): then a pipe hid nothing the claim did not read.
 */
export function unknownRun (steps: Step[], lastEdit: number, kind: CheckKind, claim = ''): Command | undefined {
  const edited = steps.flatMap(s => s.kind === 'edit' && s.status !== 'error' ? s.paths : [])
  return steps.slice(lastEdit + 1).findLast((s): s is Command => {
    if (s.kind !== 'command' || s.status !== 'passed' || saysFailed(s.tail ?? '')) return false
    // `cd roles/fail2ban && molecule test` checks nothing of an edit under roles/sshd.
    if (outsideEdits(s.command, edited) !== undefined) return false
    const quoted = quotedCount(claim, s) !== undefined
    // A program of the project's own (`./tools/conform`) is a check of the kind whose count it printed.
    const checks = s.checks ?? []
    // A project script is a run by the vocabulary; one named as a deploy (`./ops/promote-build.sh`) may be one. (Not a
    // test's "check": `manage.py check` checks settings, not tests.)
    const deploys = kind === 'deploy' && simpleCommands(s.command).some(p => unknownCheck(p.text, kind))
    if (checks.length > 0 && !((quoted || deploys) && checks.every(k => k === 'run'))) return false
    const acts = (p: { text: string }) => quoted ? acting(p.text) : unknownCheck(p.text, kind)
    const shown = quoted || (!HIDDEN.test(s.command) && !/(?<!\|)\|(?!\|)/.test(s.command))
    // A program the turn redefined (`x() { echo ok; }; x`, an alias, a PATH prepend) runs what the turn wrote.
    const redefined = () => simpleCommands(s.command).some(p => { const w = firstWord(p.text); const by = shadowsOf(w); return w !== '' && steps.slice(0, steps.indexOf(s) + 1).some(x => by(x, [])) })
    if (kind === 'run') return checks.length === 0 && shown && exercising(s.command) && !redefined()
    return shown && simpleCommands(s.command).some(acts)
  })
}
