#!/bin/bash
# The seed article's style of Stop hook, for comparison only: bash + jq + grep per call, Layer 1 in the shell.
# A Layer-1 miss (what the bench measures) exits 0 without output; a hit would call the model (codex exec …).

[ -n "${STOP_HOOK_LLM_JUDGE_ACTIVE:-}" ] && exit 0

INPUT=$(cat)
JUDGE_TEXT=$(printf '%s' "$INPUT" | jq -r '.last_assistant_message // empty' | tail -c 4000)
[ -z "$JUDGE_TEXT" ] && exit 0

TRIGGER='Next task.*([Cc]ommit|コミット)|([Cc]ommit|コミット).*(leave it to you|shall I|what should I do|is necessary|let'"'"'s do it)|(okay to proceed|shall I proceed|is it alright).*(commit|[Cc]ommit|push|deploy|デプロイ)|(commit|[Cc]ommit).*(proceed to|do|will do)'
SKIP='committed|commit[:：] ?[0-9a-f]{7,}|Q[0-9]+[:：]|Which is|A[[:space:]]*or[[:space:]]*B|test PASS|All PASS|cmp match|CI ✅|smoke test complete|pipeline PASS|pass=[0-9]+ warn=0 fail=0|rc=0|workflow success|build PASS|sequential execution|end-to-end|(commit|push) after|verifier verdict|complete the flow'

printf '%s' "$JUDGE_TEXT" | grep -qE "$TRIGGER" || exit 0
printf '%s' "$JUDGE_TEXT" | grep -qE "$SKIP" && exit 0

# Layer 2 would run here: STOP_HOOK_LLM_JUDGE_ACTIVE=1 codex exec "<prompt + text>" | jq … → block JSON or nothing.
exit 0
