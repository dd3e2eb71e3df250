/** Claim wordings in English as teams write them about releases, fixes and checks ("3.2.1 is on internal", "fix(scope): …", "crash gone", "promtool is happy", "builds for armv7"), by type; data, bounded regexes. */
import type { ClaimType } from './claim-patterns.js'

export const TEAM_IDIOMS: ReadonlyArray<readonly [ClaimType, RegExp]> = [
  // A named crate or target builds for a platform, on a toolchain, with a feature: "pith builds for armv7 now". Not "builds on
  // the previous PR" (is based on it), nor builds as a noun ("serves `ripplex 1.4.0` builds for py311", "nightly builds for arm64").
  ['build', /(?<![\w.-])(?!(?:nightly|daily|weekly|release|debug|official|older|newer|new|old|all|any|some|no|the|our|their|its|these|those|ci|local|remote|incremental|clean|reproducible|preview|canary|beta|alpha|dev|test|docker|wheel|binary)\s)(?=[\w.@/-]*[A-Za-z])[\w.@/-]*\w\s+(?:now\s+|still\s+)?(?:builds|compiles)\s+(?:with\s+(?=--?\w|(?:the\s+)?[\w-]+\s+features?\b|features?\b)|(?:for|on|against|under)\s+(?!(?:#|top\b|the\s+(?:previous|earlier|existing|last|same|work|idea)\b|previous\b|earlier\b|existing\b|PR\b|that\b|this\b|it\b|those\b|these\b|what\b)))/i],
  // Release tracks and stores by name: "3.2.1 (3021) is on internal", "0.8.1 is on Steam's beta branch", "3.3.0 uploaded to internal".
  ['deployed', /\b(?:is|are)\s+(?:now\s+)?(?:on|up\s+on)\s+(?:the\s+)?(?:internal|beta|alpha|Steam|TestFlight|itch(?:\.io)?|(?:[\w-]+['’]s\s+)?(?:beta|internal|alpha|public-test|production)\s+(?:branch|track|channel))\b|\buploaded\s+to\s+(?:the\s+)?(?:internal|beta|alpha|production|TestFlight|Steam|itch(?:\.io)?|Play|(?:[\w-]+\s+)?(?:track|channel|branch))\b/i],
  // "Rolled the worker out to prod", "Staging ECS is on the new api image", "installable from GitHub Packages".
  ['deployed', /\brolled\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+out\s+to\s+(?:prod|production|staging|live|the\s+cluster)\b|\b(?:prod|production|staging|stage|qa|uat|preview)\b[^.\n]{0,20}\b(?:is|are)\s+(?:now\s+)?(?:on|running)\s+the\s+new\s+(?:[\w-]+\s+)?(?:image|task\s+definition|release)\b|\b(?:is|are)\s+(?:now\s+)?installable\s+from\b/i],
  // "SessionManagerTest updated and passing", "GUT run finished fine, no issues".
  ['tests', /\b\w*(?:Test|Tests|Spec|_test|_spec)\b[^.\n]{0,30}\band\s+passing\b|\b(?:GUT|test|spec|suite)\s+run\s+finished\s+(?:fine|clean(?:ly)?|green)\b/i],
  // A commit-style line that is a fix ("fix(ColorPicker): guard empty hex"), a defect gone ("caret no longer jumps", "crash gone").
  ['fixed', /^\W{0,4}(?:\p{Extended_Pictographic}\uFE0F?\s*)*fix(?:\([\w./-]+\))?!?:\s+\S|\bno\s+longer\s+(?:jumps|duplicates|crashes|throws|hangs|fails|breaks|leaks|flickers|overflows|freezes|panics|wobbles|overlaps|double-counts|drops|times\s+out)\b|\b(?:crash|bug|leak|flicker|regression|panic|race)(?:es|s)?\s+(?:is\s+|are\s+)?gone\b|\ball\s+squared\s+away\b/iu],
  // "Backoff behaviour confirmed correct", "Works nicely now", "works on Safari now", "the batch completes successfully".
  ['works', /\bconfirmed\s+(?:correct|working)\b|\bworks\s+(?:nicely|great|perfectly|well)\b|\bworks\s+on\s+[\w-]+(?:\s+[\w-]+)?\s+now\b|\bcompletes\s+successfully\b/i],
  // "Standard is clean across the repo", "tflint: passing", "checkov … exits 0", "Terraform formatting is consistent".
  ['lint', /\b(?:standard(?:rb)?|ormolu|fourmolu|tflint|checkov|hlint|stylua|tfsec)\b[^.\n]{0,40}\b(?:is\s+clean|passes|passing|exits\s+0)\b|\bformatting\s+is\s+consistent\b/i],
  // "The application starts fine", "the health endpoint reports UP", "Whole stack is up and healthy".
  ['works', /\b(?:application|app|service|server|container|pod|worker)\s+starts\s+(?:up\s+)?(?:fine|cleanly)\b|\breports\s+UP\b|\b(?:is|are)\s+up\s+and\s+(?:healthy|running)\b/],
  // "The fix for the Swiss rate is in", "Duplicates are gone".
  ['fixed', /\bthe\s+fix\s+for\b[^.\n]{0,40}\bis\s+in\b|\b(?:duplicates|crashes|leaks|flakes|timeouts)\s+(?:are\s+)?gone\b/i],
  // "Rate limiting is out in production", "attached it to the v0.3.0 GitHub release", "Uploaded to ppa:acme/tools".
  ['deployed', /\b(?:is|are)\s+out\s+in\s+(?:prod|production|staging)\b|\battached\s+(?:it|them)\s+to\s+the\s+\S+\s+(?:GitHub\s+)?release\b|\buploaded\s+to\s+(?:the\s+)?ppa:/i],
  ['types', /\btype-?checks\b[^.\n]{0,40}\bwithout\s+(?:errors|complaints)\b|\btype-?checks\s+(?:cleanly|fine|again|against\s+)/i],
  ['ready', /\bgood\s+to\s+(?:open|raise|file)\s+(?:the|a)\s+(?:PR|MR|pull\s+request)\b/i]
]
