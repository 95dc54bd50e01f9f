import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { providers } from "../generator/providers/index.js";

/** Catalog providers whose generator has not landed yet. This list may only shrink. */
const PENDING: string[] = [];

describe("meta: every provider is covered", () => {
  const catalog = loadCatalog("catalog.yaml");
  const catalogProviders = [...new Set(catalog.pins.map((p) => p.provider))].sort();

  it("every catalog provider has a generator or is listed as pending, and none is both", () => {
    const missing = catalogProviders.filter((p) => !providers.has(p) && !PENDING.includes(p));
    const stale = PENDING.filter((p) => providers.has(p));
    expect(missing.join(",")).toBe("");
    expect(stale.join(",")).toBe("");
  });

  it("every provider with a generator runs the shared conformance suite", () => {
    for (const id of providers.keys()) {
      const file = join("test", "providers", id, "conformance.test.ts");
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, "utf8")).toContain(`conformance("${id}"`);
    }
  });

  it("every provider folder is registered, and has the same shape: index.ts, errors.ts, README.md", () => {
    const folders = readdirSync("generator/providers", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(folders.join(",")).toBe([...providers.keys()].sort().join(","));
    for (const folder of folders) {
      for (const file of ["index.ts", "errors.ts", "README.md"]) expect(existsSync(join("generator/providers", folder, file)), `${folder}/${file}`).toBe(true);
    }
  });
});

describe("meta: layering and determinism rules in generator code", () => {
  const files = fg.sync("generator/**/*.ts").sort();

  it("core code never imports a provider", () => {
    const core = files.filter((f) => !f.startsWith("generator/providers/") && f !== "generator/cli.ts");
    const offenders = core.filter((f) => /from\s+["'][^"']*providers\//.test(readFileSync(f, "utf8")));
    expect(offenders.join(",")).toBe("");
  });

  it("generator code uses no clock, chance, locale or unsorted directory reads", () => {
    // Timing for logs and the progress bar is allowed in the CLI and the server; it never reaches output.
    const checked = files.filter((f) => f !== "generator/cli.ts" && !f.startsWith("generator/serve/"));
    const banned = [/Math\.random/, /Date\.now\(/, /new Date\(\)/, /\bIntl\./, /toLocale\w*\(/, /localeCompare\(/, /readdirSync\([^)]*\)(?!\.sort)/, /performance\.now\(/];
    const hits: string[] = [];
    for (const f of checked) {
      readFileSync(f, "utf8").split("\n").forEach((line, i) => {
        if (banned.some((re) => re.test(line))) hits.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits.join("\n")).toBe("");
  });
});
