/** The one check that a parsed JSON / YAML value is a plain map (an object, not an array or null). */

export const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
