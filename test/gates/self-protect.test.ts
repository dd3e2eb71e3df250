// Self-protection: edits and deletes of hookjudge's files and hook entries are denied, through Edit-like tools and Bash; reads pass.
import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { HookEvent } from '../../server/agents/event.js'
import { selfProtectPolicy, selfProtectReason } from '../../server/approvals/self-protect.js'
import { shellEffects } from '../../server/approvals/shell-effects.js'
import { tempDir } from '../helper.js'

const root = tempDir(t, 'hookjudge-selfprotect-')
const home = join(root, 'home')
const project = join(root, 'project')
const claudeCfg = join(root, 'claude-cfg')
const cfgDir = join(home, '.config', 'hookjudge')
const userConfig = join(cfgDir, 'config.yaml')
const token = join(root, 'secrets', 'hookjudge-token')
for (const d of [cfgDir, join(project, '.claude'), join(project, 'src'), claudeCfg, join(root, 'secrets'), join(home, '.config', 'systemd', 'user')]) mkdirSync(d, { recursive: true })
writeFileSync(userConfig, 'hooks: {}\n')
writeFileSync(token, 'x'.repeat(32))
writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '/opt/hookjudge/shim/hookjudge-hook commit' }] }] } }))
writeFileSync(join(project, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test)'] } }))
writeFileSync(join(claudeCfg, 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:5834/judge/self-protect' }] }] } }))
symlinkSync(userConfig, join(project, 'src', 'innocent.yaml'))

const policy = selfProtectPolicy({ files: ['/dev/null', userConfig], extraPaths: [token], env: { HOME: home }, home })
const transcriptPath = join(claudeCfg, 'projects', '-slug', 'sess.jsonl')
const event = (toolName: string, toolInput: unknown): HookEvent =>
  ({ agent: 'claude-code', event: 'PreToolUse', sessionId: 's', stopHookActive: false, text: '', cwd: project, toolName, toolInput, transcriptPath })
const bash = (command: unknown) => event('Bash', { command })

async function check (t: Test, cases: Array<[string, HookEvent, boolean]>) {
  for (const [name, ev, denied] of cases) {
    const reason = await selfProtectReason(policy, ev)
    t.equal(reason !== undefined, denied, `${denied ? 'deny' : 'allow'}: ${name}`)
    if (denied) t.match(reason, /^hookjudge self-protection: .*ask the user/)
  }
}

t.test('Edit / Write / MultiEdit / NotebookEdit on protected paths', async t => {
  await check(t, [
    ['Edit of the loaded user config', event('Edit', { file_path: userConfig, old_string: 'a', new_string: 'b' }), true],
    ['Write of a new file in ~/.config/hookjudge', event('Write', { file_path: join(cfgDir, 'extra.yaml'), content: '' }), true],
    ['MultiEdit of the service unit', event('MultiEdit', { file_path: join(home, '.config/systemd/user/hookjudge.service'), edits: [] }), true],
    ['Write of the LaunchAgent plist', event('Write', { file_path: join(home, 'Library/LaunchAgents/dev.hookjudge.plist'), content: '' }), true],
    ['Edit of the token file', event('Edit', { file_path: token }), true],
    ['Edit through a symlink to the config', event('Edit', { file_path: 'src/innocent.yaml' }), true],
    ['Edit of project settings holding a hookjudge command hook', event('Edit', { file_path: '.claude/settings.json' }), true],
    ['Write of the agent config dir settings holding an http /judge/ hook', event('Write', { file_path: join(claudeCfg, 'settings.json') }), true],
    ['NotebookEdit of a notebook named like the config', event('NotebookEdit', { notebook_path: userConfig }), true],
    ['Edit of settings without hookjudge entries', event('Edit', { file_path: join(project, '.claude', 'settings.local.json') }), false],
    ['Write creating settings that do not exist yet', event('Write', { file_path: join(root, 'other', '.claude', 'settings.json') }), false],
    ['Edit of an ordinary project file', event('Edit', { file_path: join(project, 'src', 'app.ts') }), false],
    ['Read of the config', event('Read', { file_path: userConfig }), false],
    ['Grep in the config dir', event('Grep', { pattern: 'mode', path: cfgDir }), false],
    ['writing /dev/null (a config layer in tests) is not protected', bash('echo hi > /dev/null'), false]
  ])
})

t.test('Bash: modifying verbs on protected paths are denied, reads pass', async t => {
  await check(t, [
    ['rm -rf the config dir', bash('rm -rf ~/.config/hookjudge'), true],
    ['rm -rf an ancestor of it', bash('cd /tmp && rm -rf "$HOME/.config"'), true],
    ['rm with a glob that covers it', bash('rm -rf ~/.conf*'), true],
    ['rm with a brace list', bash('rm ~/.config/{hookjudge,other}/config.yaml'), true],
    ['sed -i on the config', bash("sed -i 's/enforce/off/' ~/.config/hookjudge/config.yaml"), true],
    // eslint-disable-next-line no-template-curly-in-string -- a shell ${HOME}, not a JS template
    ['a redirection onto the config', bash('echo "selfProtection: {enabled: false}" >> ${HOME}/.config/hookjudge/config.yaml'), true],
    ['tee onto the service unit', bash('echo x | sudo tee ~/.config/systemd/user/hookjudge.service >/dev/null'), true],
    ['cp onto the config', bash('cp /tmp/x.yaml ~/.config/hookjudge/config.yaml'), true],
    ['mv the project settings away', bash('mv .claude/settings.json /tmp/'), true],
    ['git checkout of the settings', bash('git checkout -- .claude/settings.json'), true],
    ['chmod the token', bash(`chmod 000 ${token}`), true],
    ['dd onto the config', bash(`dd if=/dev/zero of=${userConfig} bs=1 count=1`), true],
    ['find -delete in the config dir', bash('find ~/.config/hookjudge -name "*.yaml" -delete'), true],
    ['stopping the service', bash('systemctl --user stop hookjudge.service'), true],
    ['unloading the LaunchAgent', bash('launchctl bootout gui/501/dev.hookjudge'), true],
    ['hookjudge uninstall', bash('npx hookjudge uninstall claude-code'), true],
    ['pkill', bash('pkill -f hookjudge'), true],
    ['a Codex-style argv command', bash(['bash', '-lc', 'rm -rf ~/.config/hookjudge']), true],
    ['a plain argv command', bash(['rm', '-rf', cfgDir]), true],
    ['an apply_patch body', event('apply_patch', { input: `*** Begin Patch\n*** Update File: ${userConfig}\n@@\n-a\n+b\n*** End Patch` }), true],
    ['cat the config', bash('cat ~/.config/hookjudge/config.yaml'), false],
    ['copy the config elsewhere', bash('cp ~/.config/hookjudge/config.yaml /tmp/backup.yaml'), false],
    ['redirect a read of it elsewhere', bash('cat ~/.config/hookjudge/config.yaml > /tmp/copy 2>&1'), false],
    ['grep the settings', bash('grep -n hookjudge .claude/settings.json'), false],
    ['sed without -i', bash("sed 's/a/b/' ~/.config/hookjudge/config.yaml"), false],
    ['service status', bash('systemctl --user status hookjudge'), false],
    ['rm -rf build output', bash('rm -rf node_modules dist && npm ci'), false],
    ['an ordinary pipeline', bash('npm test 2>&1 | tee test.log'), false]
  ])
})

t.test('shellEffects reads segments, redirections and verbs', async t => {
  t.strictSame(shellEffects('a && rm -f x; echo y > out 2>&1 | tee -a log; cp s d'), { writes: ['out', 'log', 'd'], removes: ['x'], stopsHookjudge: false })
  t.strictSame(shellEffects('FOO=1 sudo -E mv a b'), { writes: [], removes: ['a', 'b'], stopsHookjudge: false })
  t.strictSame(shellEffects('echo >"quoted name"'), { writes: ['quoted name'], removes: [], stopsHookjudge: false })
})

t.test('settings that are a FIFO or a device are not read (no hang, no endless read)', async t => {
  const odd = join(root, 'odd-project')
  mkdirSync(join(odd, '.claude'), { recursive: true })
  mkdirSync(join(odd, '.codex'), { recursive: true })
  execFileSync('mkfifo', [join(odd, '.claude', 'settings.json')])
  symlinkSync('/dev/zero', join(odd, '.codex', 'config.toml'))
  const at = (toolInput: unknown): HookEvent => ({ ...event('Edit', toolInput), cwd: odd })
  t.equal(await selfProtectReason(policy, at({ file_path: join(odd, '.claude', 'settings.json') })), undefined, 'a FIFO holds no hook entries')
  t.equal(await selfProtectReason(policy, at({ file_path: join(odd, '.codex', 'config.toml') })), undefined, 'nor does /dev/zero')
})
