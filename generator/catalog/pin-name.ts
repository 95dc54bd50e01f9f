/**
 * Pin names: `<prefix>-<api_version_slug>` with an optional `-g<generation>` suffix (DESIGN.md §1).
 * Parsing is about shape only: `gh-2026-03-g11` is a well-formed name that simply is not in the catalog.
 */
export interface PinName {
  prefix: string;
  versionSlug: string;
  /** The generation written in the name, or undefined when the name carries no suffix. */
  generation: number | undefined;
}

const PIN_NAME = /^([a-z][a-z0-9]*)-([a-z0-9]+(?:-[a-z0-9]+)*?)(?:-g([1-9][0-9]*))?$/;

export function parsePinName(name: string, prefixes: readonly string[]): PinName | undefined {
  const m = PIN_NAME.exec(name);
  if (!m) return undefined;
  const [, prefix, versionSlug, gen] = m;
  if (!prefix || !versionSlug || !prefixes.includes(prefix)) return undefined;
  // A slug segment shaped like a generation suffix (`g`, `g0`, `g05`, or a second `g5`) is a malformed
  // suffix, not part of an API version: without this, `gh-2026-03-g0` parsed as slug `2026-03-g0`.
  if (versionSlug.split("-").some((segment) => /^g[0-9]*$/.test(segment))) return undefined;
  return { prefix, versionSlug, generation: gen === undefined ? undefined : Number(gen) };
}
