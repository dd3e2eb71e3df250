// A turn that already committed or pushed, as commit's Layer-1 threshold reads it: the command's own program decides,
// not a word in its arguments, and only a command that exited 0 counts.
import t from 'tap'
import { changesSharedState, committedIn } from '../../server/evidence/committed.js'
import type { Step } from '../../server/evidence/steps.js'

const run = (command: string, status: 'passed' | 'failed' | 'error' | 'pending' = 'passed'): Step => ({ kind: 'command', tool: 'Bash', command, status, verification: false })

// Commits, pushes and pull requests however the line is written (true); reads, dry runs, other programs and quoted
// words (false).
const LINES: Array<[string, boolean]> = [
  ['git commit -m "fix: pager off-by-one"', true], ['git push origin main', true], ['git -C app push', true],
  ['git -c user.name=bot commit -am wip', true], ['git --git-dir=.git commit --amend --no-edit', true],
  ['cd app && git add -A && git commit -m x', true], ['npm test && git push', true], ['sudo git push', true],
  ['GIT_AUTHOR_NAME=x git commit -m y', true], ['/usr/bin/git push --force-with-lease', true], ['gh pr create --fill', true],
  ['gh pr merge 12 --squash', true], ['git add . ; git commit -m "$(cat msg.txt)"', true],
  ['git status', false], ['git log --oneline -5', false], ['git diff HEAD~1', false], ['git -C push status', false],
  ['git push --dry-run origin main', false], ['echo git commit', false], ['echo "git push"', false],
  ['grep -rn commit src', false], ['gh pr view 12', false], ['gh pr list', false], ['npm publish --dry-run', false],
  ['cat .git/COMMIT_EDITMSG', false], ['', false]
]

t.test('the command\'s own program and subcommand decide', async t => {
  for (const [line, ships] of LINES) t.equal(changesSharedState(line), ships, line || '(empty)')
})

t.test('a turn is committed only by such a command that exited 0', async t => {
  t.ok(committedIn([run('npm test'), run('git push')]))
  t.notOk(committedIn([run('git push', 'failed')]), 'a rejected push changed nothing')
  t.notOk(committedIn([run('git commit -m x', 'error')]), 'a refused command did not run')
  t.notOk(committedIn([run('git push', 'pending')]), 'a push still running is not done')
  t.notOk(committedIn([run('git status'), { kind: 'edit', tool: 'Edit', paths: ['a.ts'], status: 'passed' }]))
  t.notOk(committedIn([]))
})
