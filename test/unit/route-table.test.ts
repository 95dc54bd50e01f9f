import fc from "fast-check";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RouteTable } from "../../generator/emit/route-table.js";

/** Routes read back from a table, as one string: key order and every serialized field. */
function readBack(table: RouteTable): string {
  return [...table.sorted()]
    .map((r) => [JSON.stringify(r.key), r.keyJson, r.status, r.headersJson, r.sha256, r.fileJson, r.listJson].join(" "))
    .join("\n");
}

describe("the route table", () => {
  it("reads back in key order whether it spilled runs to disk or not", () => {
    const dir = mkdtempSync(join(tmpdir(), "snapverse-routes-"));
    try {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 300 }),
          fc.integer({ min: 1, max: 4000 }),
          (keys, runBytes) => {
            const scratch = join(dir, "scratch");
            const spilling = new RouteTable(scratch, runBytes);
            const inMemory = new RouteTable(undefined);
            for (const [i, key] of keys.entries()) {
              const route = {
                file: `${i}@.json`,
                status: 200 + (i % 3),
                headers: { link: `<x\t${key}>`, n: String(i) },
                sha256: `${i}`.padStart(64, "0"),
                ...(i % 4 ? {} : { list: { total: i } }),
              };
              spilling.add(key, route);
              inMemory.add(key, route);
            }
            const expected = [...keys].sort();
            const got = readBack(spilling);
            expect(got).toBe(readBack(inMemory));
            expect(
              got
                .split("\n")
                .filter(Boolean)
                .map((line) => JSON.parse(line.slice(0, line.indexOf(" "))) as string)
                .join("\u0000"),
            ).toBe(expected.join("\u0000"));
            if (keys.length * 100 > runBytes) expect(spilling.runs.length).toBeGreaterThan(0);
            spilling.dispose();
            expect(existsSync(scratch)).toBe(false);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists array-index keys apart, in numeric order", () => {
    const table = new RouteTable(undefined);
    for (const key of ["10", "x", "2", "02", "4294967295", "0"])
      table.add(key, { file: `${key}@.json`, status: 200, headers: {}, sha256: "0".repeat(64) });
    expect(
      table
        .arrayIndexRoutes()
        .map((r) => r.key)
        .join(","),
    ).toBe("0,2,10");
  });
});
