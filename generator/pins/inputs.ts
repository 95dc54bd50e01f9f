import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Catalog, Pin } from "../catalog/types.js";

/**
 * What a pin's bytes depend on, as a fingerprint: a build whose fingerprint matches the one recorded
 * beside the pin's tree may reuse that tree (decision 0028). Files keep the canonical origin, so the
 * origin a server answers on is no input (decision 0027).
 *
 * The sources are the folders the build's import graph reaches (test/unit/build-inputs.test.ts checks
 * it against esbuild's metafile, so a new import outside them fails a test) and the pin's own provider
 * folder, every file in them (a provider's schema files are read at run time): a change to the server,
 * the edge or another provider leaves the pin as it was.
 */
export const SHARED_SOURCES = [
  "generator/build.ts",
  "generator/catalog-site.ts",
  "generator/catalog",
  "generator/core",
  "generator/emit",
  "generator/format",
  "generator/world",
  "generator/pins",
  "generator/build-worker.ts",
  "templates",
];

/** The provider's own folder, the only one of generator/providers/ its pins read. */
export const providerSources = (provider: string): string => `generator/providers/${provider}`;

/**
 * Bumped when the way a build is recorded or reused changes in a way the sources above do not show
 * (it never needs to be for a change of generator code).
 */
const FINGERPRINT_VERSION = "1";

/** Hashes of source folders, read once per process: every pin of one build shares them. */
export class BuildInputs {
  private readonly folders = new Map<string, string>();
  private packagesHash: string | undefined;

  constructor(readonly root: string) {}

  /**
   * The pin's fingerprint: its catalog entry, its generation, the service domain (its canonical origin),
   * the scale, the sources, the versions of the packages the build runs (package-lock.json, without
   * development-only ones) and Node's major version (its JSON and sort are part of the output).
   */
  fingerprint(catalog: Catalog, pin: Pin, scale: number): string {
    const hash = createHash("sha256");
    const generation = catalog.generations.get(pin.generation);
    hash.update(`snapverse build inputs ${FINGERPRINT_VERSION}\n`);
    hash.update(`pin\t${JSON.stringify(pin)}\ngeneration\t${JSON.stringify(generation)}\ndomain\t${catalog.serviceDomain}\n`);
    hash.update(`scale\t${scale}\nnode\t${process.versions.node.split(".")[0]}\npackages\t${this.packages()}\n`);
    for (const folder of [...SHARED_SOURCES, providerSources(pin.provider)]) hash.update(`${folder}\t${this.folder(folder)}\n`);
    return `sha256:${hash.digest("hex")}`;
  }

  /** One hash of every file under a folder (or of one file): each one's path and bytes, in sorted order. */
  private folder(path: string): string {
    let known = this.folders.get(path);
    if (known === undefined) {
      const hash = createHash("sha256");
      for (const file of filesUnder(join(this.root, path))) {
        hash.update(`${relative(this.root, file)}\0`);
        hash.update(readFileSync(file));
        hash.update("\0");
      }
      this.folders.set(path, (known = hash.digest("hex")));
    }
    return known;
  }

  /** Every package the lock file installs for production, by path, with its version and integrity. */
  private packages(): string {
    if (this.packagesHash === undefined) {
      const lock = JSON.parse(readFileSync(join(this.root, "package-lock.json"), "utf8")) as {
        packages?: Record<string, { version?: string; integrity?: string; dev?: boolean }>;
      };
      const lines = Object.entries(lock.packages ?? {})
        .filter(([path, p]) => path !== "" && !p.dev)
        .map(([path, p]) => `${path}@${p.version ?? ""}#${p.integrity ?? ""}`)
        .sort();
      this.packagesHash = createHash("sha256").update(lines.join("\n")).digest("hex");
    }
    return this.packagesHash;
  }
}

/** Files under a folder, depth first, each folder's entries sorted (a directory read has no order of its own). */
function filesUnder(path: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return [path];
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
