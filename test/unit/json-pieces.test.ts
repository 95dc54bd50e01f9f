import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasLongArray, jsonPieces } from "../../generator/emit/json-pieces.js";

describe("JSON in pieces", () => {
  it("joins to exactly what JSON.stringify gives, at every depth (fast-check, 500 runs)", () => {
    // Objects with undefined members, dates and sparse-looking arrays included: JSON.stringify drops or
    // rewrites each of them in its own way.
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.jsonValue({ maxDepth: 1 }),
        fc.constant(undefined),
        fc.date({ noInvalidDate: true }),
        fc.string({ unit: "grapheme" }),
      ),
      node: fc.oneof(
        { depthSize: "small" },
        tie("leaf"),
        fc.array(tie("node"), { maxLength: 6 }),
        fc.dictionary(fc.string(), tie("node"), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 4 }), (v, depth) => {
        fc.pre(v !== undefined);
        expect([...jsonPieces(v, depth)].join("")).toBe(JSON.stringify(v));
      }),
      { numRuns: 500 },
    );
  });

  it("orders integer-like keys first, as JSON.stringify does", () => {
    const v = { b: 1, 10: "x", a: [1, undefined, () => 1], 2: { z: undefined, y: null } };
    expect([...jsonPieces(v)].join("")).toBe(JSON.stringify(v));
  });

  it("cuts a page into one piece per item, each whole JSON", () => {
    const page = { count: 3, value: [{ url: "https://o.example/a" }, { url: "https://o.example/b" }, { url: "https://o.example/c" }] };
    const pieces = [...jsonPieces(page)];
    expect(pieces).toContain(',{"url":"https://o.example/b"}');
    expect(pieces.filter((p) => p.includes("https://o.example/")).length).toBe(3);
  });

  it("finds a long array at the top of a body or in one of its members, not deeper", () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(hasLongArray(items)).toBe(true);
    expect(hasLongArray({ count: 1000, value: items })).toBe(true);
    expect(hasLongArray({ count: 999, value: items.slice(1) })).toBe(false);
    expect(hasLongArray({ page: { value: items } })).toBe(false);
    expect(hasLongArray("x".repeat(5000))).toBe(false);
  });
});
