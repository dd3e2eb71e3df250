/** Where a git or deploy claim says its change went (pushed, merged, an environment) against where the turn's runs sent it; pure. */
import type { Claim } from './claims.js'
import { quote } from './claim-runs.js'
import type { Step } from './steps.js'

type Command = Extract<Step, { kind: 'command' }>

// A claim that names shared history (a push, a merge, a PR, the remote) is not backed by a local commit alone.
export const SHARED_GIT = /\b(?:push|pushed|merg\w*|landed|PR|pull\s+request|upstream|origin|remote)\b|pouss[ée]|gepusht|pusheado|pushad|запуш|змерж|смерж|דחפתי|מיזג|プッシュ|マージ|推送|合并|푸시|머지/i
const MERGED = /\b(?:merged|mergead[oa]|gemerged|gemergt|mergiato|mergad|zmergowan\w*|scalon\w*)\b|merge\s+(?:edildi|ho\s+gaya|kar\s+diya)|マージ(?:しました|済み|完了)|已合并|머지\s*(?:했습니다|완료|됨)/i
// `gh pr merge --auto` (and glab's --when-pipeline-succeeds) only queues the merge for when the checks pass.
const MERGES = /\b(?:git\s+(?:-\S+\s+)*merge|(?:gh\s+pr\s+merge|glab\s+mr\s+merge)(?![^;&|]*\s--(?:auto|when-pipeline-succeeds|merge-when-pipeline-succeeds)\b))\b|\bgit\s+(?:-\S+\s+)*push\b[^;&|]*\b(?:main|master|trunk|develop)\b/
// "It is up on the registry, so a pull from the cluster should find it": the environment after "so" is a consequence.
const mainClause = (text: string) => text.split(/[,;]\s+(?:so|which|meaning|and\s+so)\b/i)[0]!
// "Rolled out to `fraud-scoring`", "the endpoint is serving v7": what runs changed, which a registry push alone does not do.
const ROLLED_OUT = /\b(?:rolled\s+out|rollout|serving|endpoint)\b/i
const ENVIRONMENT = /\b(?:prod|production|staging|live|the\s+cluster|canary)\b|\bprodu(?:ktion|zione|ção|cción)\b|本番|生产|운영/i
// "Committed as e52a8f0 and pushed to origin/main" owes a push of this turn, whatever committed it; "no `dvc push` yet" none.
const PUSHED = /\bpush(?:ed)?\b|pouss[ée]|gepusht|pusheado|pushad|запуш|דחפתי|プッシュ|推送|푸시/i
const NOT_PUSHED = /\b(?:not|never|haven't|hasn't|didn't|no|nothing)\s+(?:yet\s+|been\s+|is\s+)*(?:[\w-]+\s+)?push(?:ed)?\b|\bpush(?:ed)?\s+(?:yet|later|next)\b|未推送|没有?推送|(?:プッシュ|push)\s*(?:は)?\s*(?:して(?:い)?ません|していない|まだ)|푸시\s*(?:안|않|전)|(?<![\p{L}])(?:chưa|không)\s+(?:được\s+)?push(?:ed)?\b|\bnon\s+(?:ancora\s+)?(?:pushat[oaie]|push)\b|\b(?:inte|ej)\s+(?:\S+\s+)?pushat\b|\bnicht\s+(?:\S+\s+)?gepusht\b|\bgepusht\s+(?:habe\s+ich\s+)?(?:noch\s+)?nicht\b/giu
// "Built and pushed" beside an image, naming no branch nor commit: the push that ran was the image's.
// A commit's hash has a letter somewhere; a build or upload number (#1083321) is all digits.
const GIT_SUBJECT = /\b(?:branch\w*|main|master|trunk|origin|remote|upstream|commits?|PR|MR|pull\s+request|tags?)\b|(?<![\w:#])(?=[0-9]*[a-f])[0-9a-f]{7,40}\b/i
const IMAGE_PUSH = /(?:^|[\s;&|])(?:(?:docker|podman|buildah|crane|oras|helm|butler)\s+push\b|ko\s+(?:build|publish)\b(?![^;&|]*\s--local\b))|\s--push(?:\s|=|$)/
export const pushedImage = (claim: Claim, c: Command): boolean => claim.type === 'committed' && /\bpush/i.test(claim.clause ?? claim.text) &&
  !GIT_SUBJECT.test(claim.text) && (c.checks ?? []).includes('deploy') && IMAGE_PUSH.test(c.command)
const PUSHES = /\bgit\s+(?:-\S+\s+)*push\b|\b(?:gh\s+pr|glab\s+mr)\s+(?:create|merge)\b|\brake\s+release\b|\bgoreleaser\s+release\b|\bcargo\s+release\b/
// A run aimed at this machine (a SQLite file, localhost, a dev or local environment) changed no shared environment.
const LOCAL_TARGET = /sqlite:|\blocalhost\b|127\.0\.0\.1|\bdev\.db\b|--env(?:ironment)?[=\s](?:dev|local|test)\b|\s-e\s+(?:dev|local)\b|--dry-run\b/
// Netlify deploys a draft unless told --prod.
const DRAFT = /\bnetlify\s+deploy\b(?![^;&|]*\s--prod(?:uction)?\b)/
const REGISTRY_ONLY = /^(?:[A-Za-z_]\w*=\S*\s+)*(?:docker\s+tag\s+\S+\s+\S+\s*&&\s*)?(?:docker\s+push|ko\s+(?:build|publish)|(?:\.\/)?mvnw?\b[^;&|]*\sjib:build|(?:\.\/)?gradlew?\b[^;&|]*\sjib(?:\s|$)|(?:npm|pnpm|yarn)\s+publish|cargo\s+publish|twine\s+upload|gem\s+push|(?:dotnet\s+)?nuget\s+push|(?:poetry|uv|hatch)\s+publish|mix\s+hex\.publish|(?:flutter|dart)\s+pub\s+publish|cabal\s+upload|stack\s+upload|cpan-upload|anaconda\s+upload)\b/

// Environments by the names deploys and claims give them: one name each, so that "prod" and "production" agree; a
// context or a namespace ends with one (`--context ack-staging`). A domain's .dev (us-docker.pkg.dev) is no environment.
const ENVS: ReadonlyArray<readonly [string, RegExp]> = [['production', /(?<!\w)(?<!pre-|non-)(?:prod|production|prd)(?![\w-])|\bprodu(?:ktion|zione|ção|cción)\b|本番|生产|운영/i], ['staging', /(?<!\w)(?:staging|stage|stg|preprod|pre-prod)(?![\w-])/i], ['development', /(?<![\w.-])(?:dev|development)(?![\w-])/i], ['preview', /(?<![\w-])(?:preview|qa|uat)(?![\w-])/i]]
/** The one environment a text names, if it names exactly one. */
const CHANGES = /\b(?:apply|set\s+image|rollout\s+(?:restart|undo)|upgrade|install|sync|patch|scale)\b/
const OBSERVES = /\bkubectl\b[^;&|]*\srollout\s+(?:status|history)\b|\bargocd\s+app\s+(?:get|wait)\b|\bhelm\s+status\b/
const PREVIEW_URL = /(?:^|\s)Preview:\s+https?:\/\//m
const FROM_ENV = /\bfrom\s+(?:the\s+)?[\w-]+/gi
const envOf = (text: string): string | undefined => { const hits = ENVS.filter(([, re]) => re.test(text)); return hits.length === 1 ? hits[0]![0] : undefined }

/** Why the runs that back a committed or deployed claim did not reach where it says, if they did not. */
export function sharedTargetGap (claim: Claim, run: Command, runs: readonly Command[], after: readonly Command[], steps: readonly Step[]): string | undefined {
  // Opening a pull request merges nothing; pushing an image or a package to a registry changes no running environment.
  if (claim.type === 'committed' && PUSHED.test((claim.clause ?? claim.text).replace(/`/g, '').replace(NOT_PUSHED, ' ')) && !pushedImage(claim, run) && !steps.some(s => s.kind === 'command' && s.status === 'passed' && PUSHES.test(s.command))) return `nothing in this turn pushed it (${quote(run.command)} does not)`
  if (claim.type === 'committed' && MERGED.test(claim.text) && !runs.some(r => r.status === 'passed' && MERGES.test(r.command))) return `nothing in this turn merged it (${quote(run.command)} does not)`
  if (claim.type !== 'deployed') return undefined
  const rollout = ROLLED_OUT.test(mainClause(claim.text))
  if (!rollout && !ENVIRONMENT.test(mainClause(claim.text))) return undefined
  if (after.every(r => REGISTRY_ONLY.test(r.command.trim()))) return `${quote(run.command)} publishes to a registry; nothing in this turn changed what the environment runs`
  if (!ENVIRONMENT.test(mainClause(claim.text))) return undefined
  if (after.every(r => LOCAL_TARGET.test(r.command))) return `${quote(run.command)} ran against a local target; nothing in this turn changed the shared environment`
  if (envOf(mainClause(claim.text)) === 'production' && after.every(r => DRAFT.test(r.command))) return `${quote(run.command)} made a draft deploy (no --prod); production is unchanged`
  // "Live on production" after `dep deploy staging`: every deploy named an environment, none the one claimed.
  const claimed = envOf(mainClause(claim.text))
  // `kubectl rollout status` watches the deploy before it: it names no environment of its own.
  // A deploy that printed only a preview URL (`vercel deploy` without --prod: "Preview: https://…") went to a preview.
  const named = after.filter(r => !(OBSERVES.test(r.command) && !CHANGES.test(r.command))).map(r => envOf(r.command) ?? (PREVIEW_URL.test(r.tail ?? '') ? 'preview' : undefined))
  if (claimed && named.length > 0 && named.every(e => e !== undefined && e !== claimed)) return `${quote(run.command)} deployed to ${named.at(-1)}, not ${claimed}`
  // "Live on staging; prod rolled out too": each environment the claim names (not one it came from) owes its own deploy.
  const each = ENVS.filter(([, re]) => re.test(mainClause(claim.text).replace(FROM_ENV, ' '))).map(([env]) => env)
  const missed = each.length > 1 && named.every(e => e !== undefined) ? each.find(env => !named.includes(env)) : undefined
  if (missed) return `nothing in this turn deployed to ${missed} (${named.length > 0 ? `only to ${[...new Set(named)].join(', ')}` : 'no environment named'})`
  return undefined
}
