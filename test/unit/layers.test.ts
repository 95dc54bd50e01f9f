import { describe, expect, it } from "vitest";
import { RULES, importsOf, layerViolations, unitOf } from "../support/layers.js";

/** The layer check of test/meta.test.ts, fed synthetic files: it must fail where the floors are broken. */
describe("the layer check", () => {
  it("finds static, re-exported and dynamic imports, not ones in comments or strings", () => {
    const source = [
      `import type { A } from "./a.js";`,
      `// import("./commented.js")`,
      `const text = "import('./quoted.js')";`,
      `export { b } from "../b.js";`,
      `import "./c.js";`,
      `const d = await import("./d.js");`,
      `import fs from "node:fs";`,
    ].join("\n");
    expect(
      importsOf(source)
        .map((i) => `${i.line} ${i.spec}`)
        .join(", "),
    ).toBe("1 ./a.js, 4 ../b.js, 5 ./c.js, 6 ./d.js");
  });

  it("names units: a folder under generator/, or a file there by its source name", () => {
    expect(
      [unitOf("generator/answer/reply.ts"), unitOf("generator/cli.ts"), unitOf("generator/build.js"), unitOf("test/meta.test.ts")].join(
        ",",
      ),
    ).toBe("answer,cli.ts,build.ts,");
  });

  it("fails on an up-import, naming the file, the import and both floors", () => {
    const violations = layerViolations([
      { path: "generator/format/dist.ts", source: `import type { ErrorDoc } from "../core/provider.js";\n` },
    ]);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toBe(
      `generator/format/dist.ts:1 imports "../core/provider.js": up a floor, from format (floor 0: format) to core (floor 3: core)`,
    );
  });

  it("fails on a dynamic up-import and on a sibling import", () => {
    const violations = layerViolations([
      { path: "generator/answer/reply.ts", source: `const x = 1;\nconst { LiveScheduler } = await import("../live/schedule.js");\n` },
      { path: "generator/edge/pins.ts", source: `import { PinStore } from "../serve/pin-store.js";\n` },
    ]);
    expect(violations.join("\n")).toBe(
      [
        `generator/answer/reply.ts:2 imports "../live/schedule.js": up a floor, from answer ` +
          `(floor 6: build.ts, answer) to live (floor 7: live, serve, edge, nginx, publish, pins)`,
        `generator/edge/pins.ts:1 imports "../serve/pin-store.js": sideways, from edge (floor 7: ` +
          `live, serve, edge, nginx, publish, pins) to its sibling serve (floor 7: live, serve, edge, ` +
          `nginx, publish, pins)`,
      ].join("\n"),
    );
  });

  it("fails when anything but a composition root imports a provider, and on a unit on no floor", () => {
    const violations = layerViolations([
      { path: "generator/core/compute.ts", source: `import { gh } from "../providers/gh/index.js";\n` },
      { path: "generator/answer/reply.ts", source: `import { providers } from "../providers/index.js";\n` },
      { path: "generator/cli.ts", source: `import { providers } from "./providers/index.js";\nimport { buildAll } from "./build.js";\n` },
      { path: "generator/stray/x.ts", source: `` },
    ]);
    expect(violations.join("\n")).toBe(
      [
        `generator/core/compute.ts:1 imports "../providers/gh/index.js": only cli.ts, worker.ts, build-worker.ts may import providers; core may not`,
        `generator/core/compute.ts:1 imports "../providers/gh/index.js": up a floor, from core ` +
          `(floor 3: core) to providers (floor 4: providers, catalog-site.ts)`,
        `generator/answer/reply.ts:1 imports "../providers/index.js": only cli.ts, worker.ts, build-worker.ts may import providers; answer may not`,
        `generator/stray/x.ts: its unit 'stray' is on no floor: add it to FLOORS (test/support/layers.ts)`,
      ].join("\n"),
    );
  });

  it("passes imports down a floor and within a unit", () => {
    const files = [
      {
        path: "generator/serve/server.ts",
        source:
          `import { reply } from "../answer/reply.js";\nimport { FileCache } from "./file-cache.js";` +
          `\nimport { LIVE_DIR } from "../format/live.js";\n`,
      },
      { path: "generator/live/job.ts", source: `import { buildPin } from "../build.js";\n` },
    ];
    expect(layerViolations(files, RULES)).toEqual([]);
  });
});
