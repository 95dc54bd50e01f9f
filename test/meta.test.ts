import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { manifests, providers } from "../generator/providers/index.js";
import { GEN_COMMAND, REGISTRY_FILE, providerFolders, renderRegistry } from "../scripts/gen-providers.js";
import { layerViolations } from "./support/layers.js";

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

  it("every provider that classifies its parameters (params.ts) runs the shared classification check", () => {
    for (const id of providers.keys()) {
      if (!existsSync(join("generator", "providers", id, "params.ts"))) continue;
      const file = join("test", "providers", id, "parameter-classes.test.ts");
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, "utf8")).toContain(`describeParameterClasses("${id}"`);
    }
  });

  it("every provider with a published description classifies its parameters (issue 37: none silently ignored)", () => {
    // A description vendored beside its tests, or one of the team's (../shared/specs/<id> or <id>-<version>).
    const shared = ["../shared/specs", "/work/shared/specs", process.env.SNAPVERSE_SPECS ?? ""].find((d) => d && existsSync(d));
    const sharedNames = shared ? readdirSync(shared).sort() : [];
    const unclassified = [...providers.keys()]
      .filter(
        (id) => existsSync(join("test", "providers", id, "spec")) || sharedNames.some((name) => name === id || name.startsWith(`${id}-`)),
      )
      .filter((id) => !existsSync(join("generator", "providers", id, "params.ts")))
      .sort();
    expect(unclassified.join(", "), "providers with a description and no params.ts").toBe("");
  });

  it("every provider with a live prefix says what its newest activity is, for the freshness test", () => {
    for (const id of providers.keys()) {
      if (!catalog.livePrefixes.includes(id)) continue;
      const file = join("test", "providers", id, "activity.ts");
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/export const newestActivity: ActivityProbe\b/);
    }
    expect(readFileSync("test/live/freshness.ts", "utf8")).toContain("../providers/${prefix}/activity.ts");
  });

  it("a provider whose conformance is split across files covers every one of its pins, each once", () => {
    for (const id of providers.keys()) {
      const files = fg.sync(`test/providers/${id}/conformance*.test.ts`).sort();
      const named = files.flatMap((f) =>
        [...readFileSync(f, "utf8").matchAll(/pins: \[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!)),
      );
      if (!named.length) continue;
      const pins = catalog.pins
        .filter((p) => p.provider === id)
        .map((p) => p.name)
        .sort();
      expect([...named].sort().join(","), id).toBe(pins.join(","));
    }
  });

  it("every live prefix is one folder with a README, errors.ts and index.ts, which defines the provider named by the folder", () => {
    const folders = readdirSync("generator/providers", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders.join(",")).toBe([...catalog.livePrefixes].sort().join(","));
    expect([...manifests.keys()].sort().join(",")).toBe(folders.join(","));
    for (const folder of folders) {
      for (const file of ["index.ts", "errors.ts", "README.md"])
        expect(existsSync(join("generator/providers", folder, file)), `${folder}/${file}`).toBe(true);
      expect(manifests.get(folder)?.id).toBe(folder);
      expect(providers.get(folder)?.id).toBe(folder);
      // One shape: the folder's definition is its index.ts's default export, made by defineProvider.
      expect(readFileSync(join("generator/providers", folder, "index.ts"), "utf8"), `${folder}/index.ts`).toMatch(
        /^export default defineProvider\(\{$/m,
      );
    }
  });

  it("the provider registry is the file scripts/gen-providers.ts writes from the provider folders", () => {
    const stale =
      `${relative(".", REGISTRY_FILE)} is not what scripts/gen-providers.ts writes for the ` +
      `folders under generator/providers/: run \`${GEN_COMMAND}\``;
    expect(readFileSync(REGISTRY_FILE, "utf8"), stale).toBe(renderRegistry(providerFolders()));
  });

  it("importing a provider registers nothing: only the composition roots register mechanisms", () => {
    const roots = [
      "generator/cli.ts",
      "generator/worker.ts",
      "generator/build-worker.ts",
      "scripts/bench/build.ts",
      "test/setup/global.ts",
      "test/setup/providers.ts",
      "test/setup/twin-build.ts",
    ];
    const callers = fg
      .sync(["generator/**/*.ts", "scripts/**/*.ts", "test/**/*.ts"])
      .sort()
      .filter((f) =>
        /\bregisterMechanisms?\(/.test(
          readFileSync(f, "utf8")
            .replace(/\/\*[\s\S]*?\*\//g, "")
            .replace(/\/\/[^\n]*/g, ""),
        ),
      );
    // core/ defines them; the unit test of core's mechanisms registers one of its own.
    const others = callers.filter((f) => !roots.includes(f) && !f.startsWith("generator/core/") && f !== "test/unit/mechanisms.test.ts");
    expect(others.join(",")).toBe("");
  });

  it(
    "nothing outside a provider's folder names a provider: no string of core, serve, emit, " +
      "catalog or the catalog page is a prefix or a provider's name",
    () => {
      const names = [...manifests.values()].map((m) => m.name);
      const prefixes = [...manifests.keys()];
      // The world is the company's own story (which AI tools its people use is data of it); the rest is core.
      const files = [
        ...fg.sync(["generator/{format,core,answer,serve,emit,catalog,live,publish,edge}/**/*.ts", "generator/*.ts"]),
        ...fg.sync("templates/catalog/**/*.hbs"),
      ].sort();
      const hits: string[] = [];
      for (const file of files) {
        // String literals only, comments removed: a comment may say where a mechanism was first seen.
        const code = readFileSync(file, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/(^|[^:"'`])\/\/[^\n]*/g, "$1")
          .replace(/\{\{!--[\s\S]*?--\}\}/g, "");
        for (const [literal] of code.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)) {
          const text = literal.slice(1, -1);
          if (prefixes.includes(text) || names.some((n) => new RegExp(`\\b${n}\\b`).test(text)))
            hits.push(`${file}: ${literal.slice(0, 80)}`);
        }
      }
      expect(hits.join("\n")).toBe("");
    },
  );
});

describe("meta: the guide to adding a provider", () => {
  it("names every step the meta-tests demand of a provider, with the file or command each checks", () => {
    const guide = readFileSync("docs/adding-a-provider.md", "utf8");
    // What the tests above (and test/lock.test.ts) require of a provider; the edge groups take a new one
    // by themselves (test/edge/harness.ts).
    const steps = [
      "`catalog.yaml`",
      "live_prefixes",
      ...["index.ts", "errors.ts", "README.md"].map((f) => `generator/providers/<prefix>/${f}`),
      "export default defineProvider(",
      GEN_COMMAND,
      "test/providers/<prefix>/conformance.test.ts",
      'conformance("<prefix>"',
      "test/providers/<prefix>/activity.ts",
      "newestActivity: ActivityProbe",
      "snapverse lock",
      "pins.lock.json",
    ];
    expect(steps.filter((step) => !guide.includes(step)).join("\n"), "steps docs/adding-a-provider.md does not name").toBe("");
  });
});

describe("meta: layering and determinism rules in generator code", () => {
  it("no unit imports one on a floor above it or a sibling on its own, and only the composition roots import a provider", () => {
    // The floors are declared once, in test/support/layers.ts; test/unit/layers.test.ts shows the check fails.
    const sources = fg
      .sync("generator/**/*.{ts,mjs,js}")
      .sort()
      .map((path) => ({ path, source: readFileSync(path, "utf8") }));
    expect(layerViolations(sources).join("\n")).toBe("");
  });

  it("generator code uses no clock, chance, locale or unsorted directory reads: ESLint's rules say so, and they catch each", async () => {
    // The bans live in eslint.config.js (npm test runs ESLint over every file); this proves they bite
    // where they must and only there.
    const eslint = new ESLint();
    const probe = [
      "import { readdirSync } from 'node:fs';",
      "export const a = Math.random();",
      "export const b = Date.now();",
      "export const c = new Date();",
      "export const d = new Intl.NumberFormat('en').format(1);",
      "export const e = (1).toLocaleString();",
      "export const f = 'a'.localeCompare('b');",
      "export const g = readdirSync('.');",
      "export const h = performance.now();",
      "export const ok1 = readdirSync('.').sort();",
      "export const ok2 = readdirSync('.')\n  .sort()\n  .filter(Boolean);",
      "export const ok3 = new Date(0);",
    ].join("\n");
    const banned = async (filePath: string) =>
      (await eslint.lintText(probe, { filePath }))[0]!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line);
    expect((await banned("generator/world/probe.ts")).join(",")).toBe("2,3,4,5,6,7,8,9");
    // The CLI and the Node server time their logs, the pin store's stat cache its entries; none of it reaches output.
    expect((await banned("generator/serve/probe.ts")).join(",")).toBe("");
    expect((await banned("generator/answer/pin-store.ts")).join(",")).toBe("");
  });
});
