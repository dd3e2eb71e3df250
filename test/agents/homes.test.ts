import { join } from 'node:path'
import t from 'tap'
import { transcriptRoots } from '../../server/agents/transcript-roots.js'
import { agentHome, agentHomes } from '../../server/agents/homes.js'
import { TARGETS } from '../../server/install/targets.js'
import { selfProtectPolicy } from '../../server/approvals/self-protect.js'

const HOME = '/home/ada'

t.test('each agent\'s folder: its variable when set, else its default', async t => {
  t.equal(agentHome('claude-code', { HOME }), join(HOME, '.claude'))
  t.equal(agentHome('claude-code', { HOME, CLAUDE_CONFIG_DIR: '/cfg/claude' }), '/cfg/claude')
  t.equal(agentHome('codex', { HOME, CODEX_HOME: '/cfg/codex' }), '/cfg/codex')
  t.equal(agentHome('gemini', { HOME, GEMINI_CLI_HOME: '/g' }), '/g/.gemini', 'Gemini\'s variable names the folder above .gemini')
  t.equal(agentHome('copilot', { HOME, COPILOT_HOME: '/c' }), '/c')
  t.equal(agentHome('cursor', { HOME }), join(HOME, '.cursor'))
  t.equal(agentHome('droid', { HOME }), join(HOME, '.factory'))
  t.same(agentHomes('claude-code', { HOME, CLAUDE_CONFIG_DIR: '/cfg/claude' }), ['/cfg/claude', join(HOME, '.claude')], 'readers take both')
})

t.test('install, the transcript reader and self-protection agree on the folders', async t => {
  const env = { HOME, CLAUDE_CONFIG_DIR: '/cfg/claude', CODEX_HOME: '/cfg/codex', COPILOT_HOME: '/cfg/copilot' }
  t.equal(TARGETS['claude-code'].path('user', env, '/w'), '/cfg/claude/settings.json')
  t.equal(TARGETS.codex.path('user', env, '/w'), '/cfg/codex/hooks.json')
  t.equal(TARGETS.copilot.path('user', env, '/w'), '/cfg/copilot/hooks/hookjudge.json')
  const roots = transcriptRoots(env, [])
  for (const dir of ['/cfg/claude/projects', join(HOME, '.claude', 'projects'), '/cfg/codex/sessions', join(HOME, '.codex', 'sessions'), '/cfg/copilot/session-state']) {
    t.ok(roots.includes(dir), `transcripts under ${dir}`)
  }
  const policy = selfProtectPolicy({ files: [], extraPaths: [], env, home: HOME })
  t.same(policy.claudeDirs, ['/cfg/claude', join(HOME, '.claude')])
  t.same(policy.codexDirs, ['/cfg/codex', join(HOME, '.codex')])
})
