// A turn that already committed or pushed, as commit's Layer-1 threshold reads it: the command's own program decides,
// not a word in its arguments, and only a command that exited 0 counts.
import t from 'tap'
import { changesSharedState, committedIn } from '../../server/evidence/committed.js'
import type { Step } from '../../server/evidence/steps.js'

const run = (command: string, status: 'passed' | 'failed' | 'error' | 'pending' = 'passed'): Step => ({ kind: 'command', tool: 'Bash', command, status, verification: false })

t.test('commits, pushes and pull requests, however the line is written', async t => {
  for (const line of [
    'git commit -m "fix: pager off-by-one"',
    'git push origin main',
    'git -C app push',
    'git -c user.name=bot commit -am wip',
    'git --git-dir=.git commit --amend --no-edit',
    'cd app && git add -A && git commit -m x',
    'npm test && git push',
    'sudo git push',
    'GIT_AUTHOR_NAME=x git commit -m y',
    '/usr/bin/git push --force-with-lease',
    'gh pr create --fill',
    'gh pr merge 12 --squash',
    'git add . ; git commit -m "$(cat msg.txt)"'
  ]) t.ok(changesSharedState(line), line)
})

t.test('reads, dry runs, other programs and quoted words are not', async t => {
  for (const line of [
    'git status',
    'git log --oneline -5',
    'git diff HEAD~1',
    'git -C push status',
    'git push --dry-run origin main',
    'echo git commit',
    'echo "git push"',
    'grep -rn commit src',
    'gh pr view 12',
    'gh pr list',
    'npm publish --dry-run',
    'cat .git/COMMIT_EDITMSG',
    ''
  ]) t.notOk(changesSharedState(line), line || '(empty)')
})

t.test('a turn is committed only by such a command that exited 0', async t => {
  t.ok(committedIn([run('npm test'), run('git push')]))
  t.notOk(committedIn([run('git push', 'failed')]), 'a rejected push changed nothing')
  t.notOk(committedIn([run('git commit -m x', 'error')]), 'a refused command did not run')
  t.notOk(committedIn([run('git push', 'pending')]), 'a push still running is not done')
  t.notOk(committedIn([run('git status'), { kind: 'edit', tool: 'Edit', paths: ['a.ts'], status: 'passed' }]))
  t.notOk(committedIn([]))
})
