import { build } from "esbuild";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { BuildInputs, SHARED_SOURCES, providerSources } from "../generator/pins/inputs.js";

/**
 * A pin's input fingerprint (pins/inputs.ts) covers every source its build reads: the folders it lists
 * must hold the whole import graph of the build and of each provider (as esbuild resolves it), and the
 * fingerprint must change with a file in them and with nothing else.
 */
const providers = readdirSync("generator/providers", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const catalog = loadCatalog("catalog.yaml");
const work = mkdtempSync(join(tmpdir(), "snapverse-inputs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const inside = (file: string, folders: string[]) => folders.some((f) => file === f || file.startsWith(`${f}/`));

describe("the build's input fingerprint", () => {
  it("lists every folder the build and each provider import", async () => {
    const result = await build({
      entryPoints: ["generator/build.ts", ...providers.map((id) => `${providerSources(id)}/index.ts`)],
      bundle: true,
      write: false,
      metafile: true,
      packages: "external",
      platform: "node",
      format: "esm",
      outdir: join(work, "bundle"),
      logLevel: "silent",
    });
    const outputs = Object.values(result.metafile.outputs).filter((o) => o.entryPoint);
    expect(outputs.length).toBe(providers.length + 1);
    for (const output of outputs) {
      const own = /^generator\/providers\/([^/]+)\//.exec(output.entryPoint!)?.[1];
      const allowed = [...SHARED_SOURCES, ...(own ? [providerSources(own)] : [])];
      const outside = Object.keys(output.inputs).filter((file) => !inside(file, allowed));
      expect(outside, output.entryPoint).toStrictEqual([]);
    }
  });

  it("changes with a file of the pin's provider or of the shared sources, and with the scale; not with another provider's or the server's", () => {
    const root = join(work, "root");
    for (const folder of ["generator", "templates"]) cpSync(folder, join(root, folder), { recursive: true });
    cpSync("package-lock.json", join(root, "package-lock.json"));
    const pin = catalog.pins.find((p) => p.name === "devin-v1")!;
    const fingerprint = (scale = 1) => new BuildInputs(root).fingerprint(catalog, pin, scale);
    const before = fingerprint();
    expect(fingerprint()).toBe(before);
    expect(fingerprint(2)).not.toBe(before);
    writeFileSync(join(root, "generator/providers/openai/extra.ts"), "export const x = 1;\n");
    writeFileSync(join(root, "generator/serve/extra.ts"), "export const x = 1;\n");
    expect(fingerprint()).toBe(before);
    writeFileSync(join(root, "generator/providers/devin/extra.ts"), "export const x = 1;\n");
    const own = fingerprint();
    expect(own).not.toBe(before);
    writeFileSync(join(root, "generator/world/extra.ts"), "export const x = 1;\n");
    expect(fingerprint()).not.toBe(own);
    const other = catalog.pins.find((p) => p.name === "openai-2020-10")!;
    expect(new BuildInputs(root).fingerprint(catalog, other, 1)).not.toBe(fingerprint());
  });
});
