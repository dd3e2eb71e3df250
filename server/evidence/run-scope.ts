/** Where a run is confined (a folder it changed into, the Go packages or the workspace package it names), and whether the turn's edits lie there; pure. */

// Monorepo folders whose children are packages: an edit's package is the folder under one of them.
const PACKAGE_ROOTS = new Set(['packages', 'apps', 'services', 'crates', 'libs', 'modules', 'projects', 'plugins'])
const clean = (dir: string) => dir.replace(/^\.\//, '').replace(/\/(\.\.\.)?$/, '').replace(/\/+$/, '')

/** Folders: `cd web &&`, `go test ./services/auth/...`, `./gradlew :billing:test`; packages: `pnpm --filter @acme/web`, `npm -w web`, `cargo test -p ledger`. */
export function runScope (line: string): { dirs: string[], packages: string[] } {
  // A long command line is a here-document or a script: its start says where it runs.
  const command = line.slice(0, 2000)
  const dirs: string[] = []
  const packages: string[] = []
  const cd = /^\s*cd\s+([^\s;&|]+)\s*(?:&&|;)/.exec(command)?.[1]
  if (cd) dirs.push(clean(cd))
  // `make -C dir` runs the Makefile of that folder (not a kernel's build tree outside the project, which builds this one).
  const makeDir = /^\s*make\s+(?:\S+\s+)*?-C\s*([\w.-][\w./-]*)(?=\s)/.exec(command)?.[1]
  // An out-of-source build folder (CMake's build/, cmake-build-debug/) builds the project's sources, wherever they are.
  if (makeDir && !/\sM=/.test(command) && !/^(?:_?build|out|cmake-build-[\w-]+|build-[\w-]+)\/?$/.test(makeDir)) dirs.push(clean(makeDir))
  const go = /\bgo\s+test\b([^;&|]*)/.exec(command)?.[1]
  if (go) for (const m of go.matchAll(/(?:^|\s)\.\/([\w./-]+)/g)) if (m[1] !== '...') dirs.push(clean(m[1]!))
  // Gradle tasks all qualified by a module (`./gradlew :billing:test`) run in those modules' folders (billing/).
  const gradle = /^\s*(?:\.\/)?gradlew?\b([^;&|]*)/.exec(command)?.[1]
  if (gradle) {
    const tasks = gradle.trim().split(/\s+/).filter(w => w !== '' && !w.startsWith('-'))
    const modules = tasks.map(t => /^:((?:[\w-]+:)*[\w-]+):[\w-]+$/.exec(t)?.[1])
    if (tasks.length > 0 && modules.every(m => m !== undefined)) dirs.push(...modules.map(m => m!.replace(/:/g, '/')))
  }
  // Maven modules named with -pl are folders of the reactor (`mvn -pl legacy-reporting test` runs that module only).
  const modules = /^\s*(?:\.\/)?mvnw?\b[^;&|]*?\s(?:-pl|--projects)[=\s]+([\w.,:/-]+)/.exec(command)?.[1]
  if (modules && !/\s(?:-am|--also-make)\b/.test(command)) dirs.push(...modules.split(',').map(m => m.replace(/^:/, '')).filter(m => /^[\w./-]+$/.test(m)))
  // A dependency's own tree (`ctest --test-dir build/_deps/json-build`, `pytest .venv/lib/…/site-packages/x`) is not the project.
  for (const m of command.matchAll(/(?:^|[\s=])((?:[\w.-]+\/)*(?:_deps|third_party|site-packages)\/[\w.@-]+)/g)) dirs.push(clean(m[1]!))
  // A runner given a package's folder (`pytest packages/ingest`, `npx jest apps/web/src`) runs that package's tests only.
  const runner = /^\s*(?:(?:uv|poetry|pipenv)\s+run\s+)?(?:python[0-9.]*\s+-m\s+)?(?:(?:npx|bunx)\s+)?(?:pytest|py\.test|jest|vitest(?:\s+run)?|mocha|rspec|phpunit)\b([^;&|]*)/.exec(command)?.[1]
  if (runner) {
    for (const w of runner.trim().split(/\s+/)) {
      const m = /^(?:\.\/)?([\w-]+)\/([\w.@-]+)/.exec(w)
      if (m && PACKAGE_ROOTS.has(m[1]!)) dirs.push(`${m[1]}/${m[2]}`)
    }
  }
  // Julia's environment folder (`julia --project=lib/Meshes`): the package whose tests run.
  const julia = /^\s*julia\b[^;&|]*\s--project=([\w./-]+)/.exec(command)?.[1]
  if (julia && julia !== '.' && julia !== '@.') dirs.push(clean(julia))
  // A selection by glob (`ng test --include='src/app/avatar/**'`, `cypress run --spec 'cypress/e2e/cart/*.cy.ts'`): the
  // folder before its first wildcard.
  for (const m of command.matchAll(/\s--(?:include|spec)[=\s]+['"]?([\w.@-]+(?:\/[\w.@-]+)+)\/[^\s'"]*[*?{[]/g)) dirs.push(clean(m[1]!))
  const named = /^\s*(?:pnpm|turbo(?:\s+run)?(?:\s+\S+)?)\s[^;&|]*?--filter[=\s]+([^\s;&|]+)|^\s*npm\s[^;&|]*?(?:-w|--workspace)[=\s]+([^\s;&|]+)|^\s*yarn\s+workspace\s+([^\s;&|]+)|^\s*cargo\s[^;&|]*?(?:-p|--package)[=\s]+([^\s;&|]+)|^\s*(?:(?:npx|bunx|pnpm\s+exec|yarn)\s+)?nx\s+(?:test|build|lint|e2e|typecheck)\s+([\w@/.-]+)|^\s*(?:(?:npx|bunx|pnpm\s+exec|yarn)\s+)?nx\s+run\s+([\w@/.-]+):/.exec(command)
  // turbo's `...pkg` (with its dependents) and `pkg...` (with its dependencies) still run pkg itself.
  const name = named?.slice(1).find(x => x !== undefined)?.replace(/^\.\.\.(?!\^)/, '').replace(/^@[^/]+\//, '').replace(/[.^]+$/, '')
  // A glob or a path (`--filter './packages/**'`) selects many packages: no confinement said.
  if (name && !/[*/'"]|^\./.test(name)) packages.push(name)
  // A workspace named by its folder (`npm test --workspace packages/web`, `--filter ./apps/site`) is that folder.
  else if (name && /\//.test(name) && !/[*'"{}]/.test(name)) dirs.push(clean(name))
  // `cd ../sibling` leaves the project for a folder beside it; `cd ..` alone goes up to what holds it.
  return { dirs: dirs.filter(d => d !== '' && d !== '.' && !/^\.\.(?:\/\.\.)*$/.test(d) && !d.startsWith('$') && !d.startsWith('~')), packages }
}

const packageOf = (path: string): string | undefined => {
  const parts = path.replace(/^\.\//, '').split('/')
  const at = parts.findIndex(p => PACKAGE_ROOTS.has(p))
  return at >= 0 && at + 2 < parts.length ? parts[at + 1] : undefined
}

// A dependency's copy kept in the project (`cd vendor/serde && cargo test`): its tests are the dependency's, not the project's.
const DEPENDENCY_TREE = /^(?:[\w.-]+\/)*(?:vendor|third_party|third-party|_deps|node_modules|site-packages)\/([\w.@-]+)/

/** The dependency a run was confined to (its folder and its name), when every folder it ran in is one. */
export function dependencyScope (command: string): { dir: string, name: string } | undefined {
  const { dirs } = runScope(command)
  const deps = dirs.map(d => DEPENDENCY_TREE.exec(d))
  return deps.length > 0 && deps.every(m => m !== null) ? { dir: dirs[0]!, name: deps[0]![1]! } : undefined
}

// A .NET test project names what it tests (`dotnet test tests/Contoso.Billing.Tests` tests Contoso.Billing); a cabal or
// stack target is a package of the project (`cabal test kite-cli`).
const DOTNET_TESTS = /^\s*dotnet\s+test\s+(?:[\w./-]*\/)?([A-Za-z][\w.-]*?)\.(?:Unit|Integration|Functional)?Tests?(?:\.csproj)?(?=\s|$)/
const HASKELL_TARGET = /^\s*(?:cabal\s+(?:v2-)?test|stack\s+test)\s+(?:[\w-]+:)?(?:test:)?([A-Za-z][\w-]*)(?=\s|$)/
/** The project a run names by its own name, when one of the edits' path parts would name it too. */
const projectOf = (command: string): string | undefined => DOTNET_TESTS.exec(command)?.[1] ?? HASKELL_TARGET.exec(command)?.[1]

/** The scope a run was confined to when none of the edits lies in it, else undefined. */
export function outsideEdits (command: string, edited: readonly string[]): string | undefined {
  if (edited.length === 0) return undefined
  const project = projectOf(command)
  // Only where the edits are in other projects of the same shape: each names a project folder (src/Contoso.Shipping/…).
  if (project && !edited.some(p => p.split('/').some(c => c === project || c.startsWith(`${project}.`) || c.startsWith(`${project}-`)))) {
    const others = edited.flatMap(p => p.split('/').filter(c => /^[A-Z][\w]*\.[A-Z]\w*|^[a-z]+-[a-z]+$/.test(c) && c !== project))
    if (others.length > 0) return `project ${project}`
  }
  const { dirs, packages } = runScope(command)
  const within = (dir: string) => {
    const name = dir.replace(/^(?:\.\.\/)+/, '')
    return edited.some(p => p.includes(`/${name}/`) || p.startsWith(`${name}/`))
  }
  if (dirs.length > 0 && !dirs.some(within)) return dirs.join(', ')
  // A package name is not a folder: only edits that all lie in other packages' folders say the run missed them.
  const owners = edited.map(packageOf)
  if (packages.length > 0 && owners.every(o => o !== undefined && !packages.includes(o)) && !packages.some(within)) return `package ${packages.join(', ')}`
  return undefined
}
