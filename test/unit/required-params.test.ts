import { describe, expect, it } from "vitest";
import { listParams, readListRequest, runList } from "../../generator/core/lists/engine.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import type { JsonValue, Pagination, QueryRules } from "../../generator/core/provider.js";

/**
 * ListProfile.required (core/lists/engine.ts): a list that cannot answer without a parameter (GitHub's
 * search `q`) refuses a request that omits it or sends it blank, with the profile's message, before
 * any other parameter is read; given, the parameter is read as usual.
 */
const paging: Pagination = {
  mechanism: "link-header",
  pageParam: "page",
  sizeParam: "per_page",
  defaultSize: 2,
  rendered: [2],
  max: 10,
  origin: "https://p.example",
};
const rules: QueryRules = { keep: ["page", "per_page", "q"], defaults: [{ param: "page", value: "1" }], anyValue: [], clamp: [] };
const ITEMS = [
  { id: 1, state: "open" },
  { id: 2, state: "closed" },
  { id: 3, state: "open" },
];
const profile: ListProfile = {
  path: "^search$",
  source: { q: "all" },
  required: [{ param: "q", message: "missing" }],
  qualifiers: { param: "q", fixed: { "is:open": [{ field: "state", type: "string", value: "open" }] }, unknown: "text", text: ["state"] },
};
const read = (q: string) => readListRequest("search", [...new URLSearchParams(q)], { profile, paging }, rules);

describe("required list parameters", () => {
  it("refuses a request without the parameter, or with a blank one, with the profile's message", () => {
    for (const q of ["", "per_page=5", "q=", "q=%20%20", "page=2&q="]) {
      expect(read(q), q).toStrictEqual({ param: "q", message: "missing", reason: "value" });
    }
  });

  it("refuses before reading other parameters, and reads the parameter when given", () => {
    expect(read("per_page=abc")).toMatchObject({ param: "q", message: "missing" });
    const req = read("q=is:open&per_page=5");
    expect("message" in req).toBe(false);
    if ("message" in req) return;
    const out = runList(req, { items: ITEMS as unknown as JsonValue[], template: [], headers: {} });
    expect("message" in out ? out : (JSON.parse(out.body) as Array<{ id: number }>).map((i) => i.id)).toStrictEqual([1, 3]);
  });

  it("counts the parameter as one the list reads", () => {
    expect(listParams({ path: "^x$", required: [{ param: "term", message: "missing" }] }, paging).has("term")).toBe(true);
  });

  it("changes nothing for lists that declare none", () => {
    const plain = readListRequest("search", [], { profile: { path: "^search$" }, paging }, rules);
    expect("message" in plain).toBe(false);
  });
});
