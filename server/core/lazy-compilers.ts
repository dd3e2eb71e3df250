/** Fastify's schema compilers (ajv, fast-json-stringify), loaded the first time a route has a schema, not at start-up. */
import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type Factory = (...args: unknown[]) => unknown

// Resolved from Fastify's own folder: the compilers are its dependencies, at the versions it was built with.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'))

/** A compiler factory that requires its package on first use. */
function lazy (name: string): Factory {
  let factory: Factory | undefined
  return (...args) => {
    factory ??= (fromFastify(name) as () => Factory)()
    return factory(...args)
  }
}

/**
 * No route of the daemon declares a schema, yet Fastify loads ajv and fast-json-stringify's compiler when it starts:
 * about 2 MiB of an idle daemon's memory (docs/BENCHMARKS.md) for nothing. These load them only if a route with a
 * schema is ever added.
 */
export function lazyCompilers (): Factories {
  return {
    buildValidator: lazy('@fastify/ajv-compiler') as Factories['buildValidator'],
    buildSerializer: lazy('@fastify/fast-json-stringify-compiler') as Factories['buildSerializer']
  }
}
