import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The team's published API descriptions (`../shared/specs` beside the repository, see its README). A
 * clone elsewhere finds them through SNAPVERSE_SPECS or the workspace's fixed place; without them the
 * schema tests fail with this message rather than pass unchecked.
 */
export function specsDir(name: string): string {
  const candidates = [process.env.SNAPVERSE_SPECS, join("..", "shared", "specs"), "/work/shared/specs"].filter((c): c is string => !!c);
  for (const dir of candidates) if (existsSync(join(dir, name))) return resolve(dir, name);
  throw new Error(`the published API description '${name}' is not in ${candidates.join(", ")}: set SNAPVERSE_SPECS to the specs folder`);
}
