import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compileExpression } from "../../generator/core/lists/expression.js";
import { readListRequest, runList, type ListSource } from "../../generator/core/lists/engine.js";
import type { ExpressionSpec, ListProfile } from "../../generator/core/lists/profile.js";
import { parseTime } from "../../generator/core/lists/values.js";
import type { JsonValue, Pagination, QueryRules } from "../../generator/core/provider.js";

/** A tiny frozen list: 12 items, newest first, with times, states and labels. */
const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  id: 12 - i,
  state: i % 3 === 0 ? "closed" : "open",
  updated_at: `2026-03-${String(20 - i).padStart(2, "0")}T10:00:00Z`,
  created_at: `2026-02-${String(20 - i).padStart(2, "0")}T08:30:00Z`,
  labels: [{ name: i % 2 ? "bug" : "feature" }],
  title: `Item ${12 - i}`,
}));
const RULES: QueryRules = {
  keep: ["page", "per_page", "state"],
  defaults: [
    { param: "page", value: "1" },
    { param: "per_page", value: "5" },
  ],
  anyValue: [],
  clamp: [],
};

function paging(mechanism: Pagination["mechanism"], extra: Partial<Pagination> = {}): Pagination {
  return {
    mechanism,
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: 5,
    rendered: [5],
    max: 10,
    origin: "https://p.example",
    ...extra,
  };
}

const PROFILE: ListProfile = {
  path: "^items$",
  source: { state: "all" },
  filters: [
    { param: "state", field: "state", op: "eq", type: "string", default: "open", all: ["all"] },
    { param: "since", field: "updated_at", op: "gte", type: "time" },
    { param: "created", field: "created_at", op: "range", type: "time" },
    { param: "labels", field: "labels[].name", op: "eq", type: "string", split: "," },
  ],
  sort: {
    param: "sort",
    directionParam: "direction",
    keys: { created: { field: "created_at", type: "time" }, updated: { field: "updated_at", type: "time" } },
    default: { key: "created", direction: "desc" },
    unknown: "ignore",
  },
};

function run(query: string, p = paging("link-header"), profile = PROFILE, template: JsonValue = [], envelope?: string) {
  const req = readListRequest("items", [...new URLSearchParams(query)], { profile, paging: p }, RULES);
  if ("message" in req) return { problem: req.message };
  const source: ListSource = { items: ITEMS, template, headers: { "x-static": "1" }, ...(envelope ? { envelope } : {}) };
  const out = runList(req, source);
  return "message" in out ? { problem: out.message } : out;
}

const ids = (out: ReturnType<typeof run>) =>
  "body" in out ? (JSON.parse(out.body) as Array<{ id: number }>).map((i) => i.id).join(",") : out.problem;

describe("query engine", () => {
  it("filters by the default state, `all`, a lower time bound, a range and an array field", () => {
    expect(ids(run("per_page=10"))).toBe("11,10,8,7,5,4,2,1");
    expect(ids(run("state=all&per_page=10&page=2"))).toBe("2,1");
    expect(ids(run("state=all&since=2026-03-15T10:00:00Z&per_page=10"))).toBe("12,11,10,9,8,7");
    expect(ids(run("state=all&created=2026-02-17..2026-02-18&per_page=10"))).toBe("10,9");
    expect(ids(run("state=all&labels=bug&per_page=10"))).toBe("11,9,7,5,3,1");
  });

  it("sorts stably in either direction; naming the default order is the default order", () => {
    expect(ids(run("state=closed&sort=updated&direction=asc"))).toBe("3,6,9,12");
    expect(ids(run("state=closed&sort=created&direction=desc"))).toBe(ids(run("state=closed")));
    expect(ids(run("state=closed&sort=bogus"))).toBe(ids(run("state=closed")));
  });

  it("writes the mechanism's markers for the filtered list, and carries the filters in its links", () => {
    const out = run("state=all&since=2026-03-15&per_page=4&page=1");
    if (!("headers" in out)) throw new Error(out.problem);
    const two = "https://p.example/items?since=2026-03-15&state=all&per_page=4&page=2";
    expect(out.headers.link).toBe(`<${two}>; rel="next", <${two}>; rel="last"`);
    expect(out.headers["x-static"]).toBe("1");
  });

  it("rewrites a field of every item in its place when a parameter asks, and carries the parameter in its links", () => {
    const profile: ListProfile = { ...PROFILE, rewrites: [{ param: "hide_labels", values: ["true"], field: "labels", to: [] }] };
    const plain = run("state=all&per_page=4", paging("link-header"), profile);
    const hidden = run("state=all&per_page=4&hide_labels=TRUE", paging("link-header"), profile);
    const off = run("state=all&per_page=4&hide_labels=false", paging("link-header"), profile);
    if (!("body" in plain) || !("body" in hidden) || !("body" in off)) throw new Error("a problem");
    // The same items, each with `labels: []` where it stood: only that field's bytes differ.
    const emptied = (JSON.parse(plain.body) as Array<Record<string, unknown>>).map((i) => ({ ...i, labels: [] }));
    expect(hidden.body).toBe(JSON.stringify(emptied));
    expect(hidden.body).not.toBe(plain.body);
    expect(off.body).toBe(plain.body);
    expect(hidden.headers.link).toContain("hide_labels=TRUE");
    // Without the declaration the parameter is not read at all: the default answer.
    expect(run("state=all&per_page=4&hide_labels=true")).toStrictEqual(run("state=all&per_page=4"));
  });

  it("counts relative times back from the list's as-of, and reads a date alone as a whole day for an upper bound", () => {
    const profile: ListProfile = {
      path: "^items$",
      filters: [
        { param: "since", field: "updated_at", op: "gte", type: "time", relativeTo: "2026-03-20T12:00:00Z", default: "3d" },
        { param: "until", field: "updated_at", op: "lte", type: "time", relativeTo: "2026-03-20T12:00:00Z", wholeDay: true },
      ],
    };
    // Items are updated at 10:00 on March 20, 19, 18, …: 3d is March 17 12:00, so the 18th onwards.
    expect(ids(run("", paging("link-header"), profile))).toBe("12,11,10");
    expect(ids(run("since=0d", paging("link-header"), profile))).toBe("");
    expect(ids(run("since=1d&until=now", paging("link-header"), profile))).toBe("12");
    expect(ids(run("since=2026-03-10&until=2026-03-11", paging("link-header"), profile))).toBe("3,2");
    expect(run("since=soon", paging("link-header"), profile)).toStrictEqual({ problem: "since is invalid" });
  });

  it("refuses a malformed time with a message naming the parameter", () => {
    expect(run("since=yesterday")).toStrictEqual({ problem: "since is invalid" });
    expect(run("since=2026-02-30")).toStrictEqual({ problem: "since is invalid" });
  });

  it("pages by opaque continuation tokens that are the same for the same request and refused when forged", () => {
    const p = paging("continuation-token", { pageParam: "token", continuation: { header: "x-next", token: "opaque" } });
    const first = run("state=all&per_page=5", p);
    if (!("headers" in first)) throw new Error(first.problem);
    const token = first.headers["x-next"]!;
    expect(run("state=all&per_page=5", p)).toStrictEqual(first);
    expect(ids(run(`state=all&per_page=5&token=${token}`, p))).toBe("7,6,5,4,3");
    expect(run("state=all&per_page=5&token=NSZ4", p)).toStrictEqual({ problem: "token is not a valid continuation token" });
  });

  it("pages by item ids (after-id) with first_id, last_id and has_more", () => {
    const p = paging("after-id", { pageParam: "after", sizeParam: "limit" });
    const out = run(
      "state=all&limit=3&after=10",
      p,
      PROFILE,
      { object: "list", data: [], first_id: null, last_id: null, has_more: false },
      "data",
    );
    expect("body" in out && out.body).toBe(
      JSON.stringify({ object: "list", data: ITEMS.slice(3, 6), first_id: "9", last_id: "7", has_more: true }),
    );
  });

  it("pages backwards by item ids (before): the page ends just before the id, has_more looks backwards", () => {
    const p = paging("after-id", { pageParam: "after", sizeParam: "limit", beforeParam: "before" });
    const template = { object: "list", data: [], first_id: null, last_id: null, has_more: false };
    const body = (query: string) => {
      const out = run(query, p, PROFILE, template, "data");
      return "body" in out ? out.body : out.problem;
    };
    expect(body("state=all&limit=3&before=7")).toBe(
      JSON.stringify({ object: "list", data: ITEMS.slice(2, 5), first_id: "10", last_id: "8", has_more: true }),
    );
    expect(body("state=all&limit=3&before=10")).toBe(
      JSON.stringify({ object: "list", data: ITEMS.slice(0, 2), first_id: "12", last_id: "11", has_more: false }),
    );
    expect(body("state=all&limit=3&before=12")).toBe(
      JSON.stringify({ object: "list", data: [], first_id: null, last_id: null, has_more: false }),
    );
    // Without the parameter declared, `before` is ignored like any unknown parameter.
    const plain = run(
      "state=all&limit=3&before=7",
      paging("after-id", { pageParam: "after", sizeParam: "limit" }),
      PROFILE,
      template,
      "data",
    );
    expect("body" in plain && (JSON.parse(plain.body) as { first_id: string }).first_id).toBe("12");
  });

  it("refuses a page size above the maximum, or below 1, where the provider does", () => {
    expect(run("per_page=11", paging("link-header", { overMax: "error" }))).toStrictEqual({ problem: "per_page must be at most 10" });
    expect(run("per_page=0", paging("link-header", { underMin: "error" }))).toStrictEqual({ problem: "per_page must be at least 1" });
    expect(ids(run("state=all&per_page=0"))).toBe("12");
    expect(ids(run("state=all&per_page=11"))).toBe("12,11,10,9,8,7,6,5,4,3");
  });
});

describe("query language grammar", () => {
  const spec: ExpressionSpec = {
    param: "q",
    operators: ["=", "!=", "~", ">", ">=", "<", "<=", "IN", "NOT_IN", "IS", "IS_NOT"],
    orderBy: true,
    caseInsensitiveFields: true,
    bracketFields: true,
    fields: {
      state: { field: "state", type: "string" },
      updated: { field: "updated_at", type: "time" },
      title: { field: "title", type: "string" },
      id: { field: "id", type: "number" },
    },
    literals: { null: null, EMPTY: null },
  };
  const match = (q: string) => {
    const c = compileExpression(spec, q);
    if ("message" in c) return c.message;
    return (
      ITEMS.filter((i) => c.test?.(i as JsonValue) ?? true)
        .map((i) => i.id)
        .join(",") + (c.order.length ? ` by ${c.order.map((o) => `${o.field} ${o.direction}`).join(",")}` : "")
    );
  };

  it("reads clauses, AND/OR/NOT, parentheses, IN, ~ and ORDER BY", () => {
    expect(match('state = "closed" AND updated >= 2026-03-15T00:00:00+00:00')).toBe("12,9");
    expect(match("(id < 3 OR id > 10) and not state = 'closed'")).toBe("11,2,1");
    expect(match("[State] IN ('closed') ORDER BY updated ASC, id DESC")).toBe("12,9,6,3 by updated_at asc,id desc");
    expect(match('id NOT IN (1, 2, 3) AND title ~ "item 1"')).toBe("12,11,10");
    expect(match("ORDER BY created DESC")).toBe("Field 'created' does not exist or cannot be queried here.");
    expect(match("state IS NOT EMPTY AND id <= 2")).toBe("2,1");
  });

  it("names what is wrong with a malformed query", () => {
    expect(match('state = "open')).toBe("The quoted value at position 8 is not closed.");
    expect(match("state")).toBe("Expected an operator (= != ~ > >= < <= IN NOT_IN IS IS_NOT) at the end of the query.");
    expect(match("updated > yesterday")).toBe("'yesterday' is not a valid date value.");
    expect(match("id = 1 id = 2")).toBe("Unexpected 'id' at position 7.");
  });
});

describe("times", () => {
  it("reads ISO 8601, dates alone, offsets, fractions and Jira's slashes; never guesses", () => {
    expect(parseTime("2026-03-01T10:00:00Z")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseTime("2026-03-01T12:00:00+02:00")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseTime("2026-03-01T10:00:00.1234567Z")).toBe(Date.UTC(2026, 2, 1, 10, 0, 0, 123));
    expect(parseTime("2026/03/01 10:00")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseTime("2026-03-01")).toBe(Date.UTC(2026, 2, 1));
    expect(parseTime("Sun, 01 Mar 2026 10:00:00 GMT")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseTime("3/1/2026 10:00:00 PM")).toBe(Date.UTC(2026, 2, 1, 22));
    for (const bad of ["March 1 2026", "2026-13-01", "1709287200", "", "2026-03-01T25:00:00Z"]) expect(parseTime(bad)).toBeUndefined();
  });

  it("gives the same computed bytes in another time zone and locale", () => {
    const script =
      `
      import { readListRequest, runList } from "./generator/core/lists/engine.ts";
      const items = ${JSON.stringify(ITEMS)};
      const profile = ${JSON.stringify(PROFILE)};
      const p = { mechanism: "page-headers", pageParam: "page", sizeParam: "per_page", ` +
      `defaultSize: 5, rendered: [5], max: 10, origin: "https://p.example", sizeInLinks: true };
      const req = readListRequest("items", [["state","all"],["since","2026-03-10"],` +
      `["sort","updated"],["direction","asc"],["per_page","3"],["page","2"]], { profile, paging: ` +
      `p }, ${JSON.stringify(RULES)});
      const out = runList(req, { items, template: [], headers: {} });
      process.stdout.write(JSON.stringify(out));`;
    const here = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    const there = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, TZ: "Pacific/Kiritimati", LANG: "tr_TR.UTF-8", LC_ALL: "tr_TR.UTF-8" },
    });
    expect(createHash("sha256").update(there).digest("hex")).toBe(createHash("sha256").update(here).digest("hex"));
    expect(here).toContain('"x-page":"2"');
  });
});
