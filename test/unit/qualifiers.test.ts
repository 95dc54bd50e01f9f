import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readListRequest, runList } from "../../generator/core/lists/engine.js";
import type { ListProfile, QualifierSpec } from "../../generator/core/lists/profile.js";
import { compileQualifiers, splitTerms } from "../../generator/core/lists/qualifiers.js";
import type { JsonValue, Pagination, QueryRules } from "../../generator/core/provider.js";

/** A copy of an object without one of its keys (absent, not undefined: the types say an option is left out). */
function without<T extends object, K extends keyof T>(o: T, key: K): Omit<T, K> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

/**
 * The `key:value` search grammar (core/lists/qualifiers.ts): splitting, negation, comparisons, ranges,
 * relative times, fixed terms, free text, unknown keys and malformed values, the engine's default and
 * its refusal to answer a search from a pre-rendered file; and a fast-check property against a plain
 * evaluation written apart from the engine.
 */
const AS_OF = "2026-03-21T12:00:00Z";
const HOUR = 3_600_000;
const asOf = Date.parse(AS_OF);

interface Item {
  id: string;
  status: string;
  level: string;
  title: string;
  culprit: string;
  lastSeen: string;
  count: number;
  team: string | null;
}
const LEVELS = ["error", "warning", "fatal"];
const STATUSES = ["unresolved", "resolved", "ignored"];
const WORDS = ["Timeout", "KeyError", "null pointer", "disk full"];
/** 30 issues, one every 7 hours back from as-of (so relative windows cut through them). */
const ITEMS: Item[] = Array.from({ length: 30 }, (_, i) => ({
  id: String(100 + i),
  status: STATUSES[i % 3]!,
  level: LEVELS[(i * 7) % 3]!,
  title: `${WORDS[i % 4]}: in worker ${i}`,
  culprit: i % 5 === 0 ? "app/db.py in connect" : "app/http.py in fetch",
  lastSeen: new Date(asOf - i * 7 * HOUR).toISOString().replace(".000Z", "Z"),
  count: (i * 13) % 40,
  team: i % 4 === 3 ? null : `team-${i % 2}`,
}));

const SPEC: QualifierSpec = {
  param: "query",
  negation: ["!", "-"],
  text: ["title", "culprit"],
  unknown: "error",
  relativeTo: AS_OF,
  fixed: {
    "is:unresolved": [{ field: "status", type: "string", value: "unresolved" }],
    "is:resolved": [{ field: "status", type: "string", value: "resolved" }],
    "is:archived": [{ field: "status", type: "string", value: "ignored" }],
    "is:assigned": [{ field: "team", type: "string", op: "present", value: "true" }],
  },
  keys: {
    level: { field: "level", type: "string" },
    lastSeen: { field: "lastSeen", type: "time" },
    count: { field: "count", type: "number" },
    assigned: { field: "team", type: "string", values: { "#zero": "team-0", none: [] } },
    title: { field: "title", type: "string", op: "contains" },
  },
};

function search(text: string, spec: QualifierSpec = SPEC): string[] | string {
  const c = compileQualifiers(spec, text);
  if ("message" in c) return `${c.reason}: ${c.value}`;
  return ITEMS.filter((i) => c.test?.(i as unknown as JsonValue) ?? true).map((i) => i.id);
}
const where = (p: (i: Item) => boolean) => ITEMS.filter(p).map((i) => i.id);

describe("qualifier search: grammar", () => {
  it("splits at spaces outside double quotes and finds unclosed quotes", () => {
    expect(splitTerms(' is:unresolved  title:"null pointer"   "disk full" x')).toStrictEqual([
      "is:unresolved",
      'title:"null pointer"',
      '"disk full"',
      "x",
    ]);
    expect(splitTerms('title:"open')).toBeUndefined();
    expect(search('title:"open')).toBe('format: title:"open');
    expect(splitTerms("   ")).toStrictEqual([]);
    expect(search("  ")).toStrictEqual(ITEMS.map((i) => i.id));
  });

  it("reads fixed terms, keys and their negations (the dialect's prefixes only)", () => {
    expect(search("is:unresolved")).toStrictEqual(where((i) => i.status === "unresolved"));
    expect(search("is:archived level:error")).toStrictEqual(where((i) => i.status === "ignored" && i.level === "error"));
    expect(search("!level:error")).toStrictEqual(where((i) => i.level !== "error"));
    expect(search("-is:resolved")).toStrictEqual(where((i) => i.status !== "resolved"));
    expect(search("is:assigned")).toStrictEqual(where((i) => i.team !== null));
    expect(search("!is:assigned")).toStrictEqual(where((i) => i.team === null));
    // `!` is not a prefix in a dialect that lists only `-`: the term is a free word, found nowhere.
    expect(search("!level:error", { ...SPEC, negation: ["-"] })).toStrictEqual([]);
    expect(search("-level:error", { ...SPEC, negation: ["-"] })).toStrictEqual(where((i) => i.level !== "error"));
  });

  it("reads value lists, aliases and quoted values", () => {
    expect(search("level:[error, fatal]")).toStrictEqual(where((i) => i.level === "error" || i.level === "fatal"));
    expect(search("assigned:#zero")).toStrictEqual(where((i) => i.team === "team-0"));
    expect(search("assigned:none")).toStrictEqual([]);
    expect(search('title:"null pointer"')).toStrictEqual(where((i) => i.title.includes("null pointer")));
  });

  it("compares times and numbers: prefixes, ranges, a whole day, relative times", () => {
    const t = ITEMS[10]!.lastSeen;
    const at = (i: Item) => Date.parse(i.lastSeen);
    expect(search(`lastSeen:>${t}`)).toStrictEqual(where((i) => at(i) > Date.parse(t)));
    expect(search(`lastSeen:>=${t}`)).toStrictEqual(where((i) => at(i) >= Date.parse(t)));
    expect(search(`lastSeen:<${t}`)).toStrictEqual(where((i) => at(i) < Date.parse(t)));
    expect(search(`lastSeen:<=${t}`)).toStrictEqual(where((i) => at(i) <= Date.parse(t)));
    expect(search("lastSeen:2026-03-20")).toStrictEqual(where((i) => i.lastSeen.startsWith("2026-03-20")));
    expect(search("lastSeen:2026-03-15..2026-03-17")).toStrictEqual(where((i) => i.lastSeen >= "2026-03-15" && i.lastSeen < "2026-03-18"));
    expect(search("lastSeen:-24h")).toStrictEqual(where((i) => at(i) >= asOf - 24 * HOUR));
    expect(search("lastSeen:+2d")).toStrictEqual(where((i) => at(i) <= asOf - 48 * HOUR));
    expect(search("lastSeen:-1w")).toStrictEqual(where((i) => at(i) >= asOf - 7 * 24 * HOUR));
    expect(search("count:>=20 count:<30")).toStrictEqual(where((i) => i.count >= 20 && i.count < 30));
    expect(search("count:10..12")).toStrictEqual(where((i) => i.count >= 10 && i.count <= 12));
    // Airbyte's source-sentry issues stream: `lastSeen:>` an ISO instant with microseconds.
    expect(search("lastSeen:>2026-03-20T00:00:00.000000Z")).toStrictEqual(where((i) => at(i) > Date.parse("2026-03-20T00:00:00Z")));
  });

  it("matches every free word in any text field, any case, and keeps quoted phrases whole", () => {
    expect(search("timeout HTTP")).toStrictEqual(where((i) => i.title.startsWith("Timeout") && i.culprit.includes("http")));
    expect(search('"disk full"')).toStrictEqual(where((i) => i.title.includes("disk full")));
    expect(search("disk full")).toStrictEqual(where((i) => i.title.includes("disk") && i.title.includes("full")));
    expect(search("is:resolved db.py")).toStrictEqual(where((i) => i.status === "resolved" && i.culprit.includes("db.py")));
  });

  it("refuses malformed values (format), unknown keys and words (value), or reads unknown keys as text", () => {
    expect(search("lastSeen:>yesterday")).toBe("format: lastSeen:>yesterday");
    expect(search("lastSeen:")).toBe("format: lastSeen:");
    expect(search("count:many")).toBe("format: count:many");
    expect(search("lastSeen:-24h", without(SPEC, "relativeTo"))).toBe("format: lastSeen:-24h");
    expect(search("is:regressed")).toBe("value: is:regressed");
    expect(search("browser:Chrome")).toBe("value: browser:Chrome");
    expect(search("in:worker", { ...SPEC, unknown: "text" })).toStrictEqual([]);
    expect(search("http.py:fetch", { ...SPEC, unknown: "text" })).toStrictEqual([]);
    expect(search("app/http.py", { ...SPEC, unknown: "text" })).toStrictEqual(where((i) => i.culprit.includes("app/http.py")));
    expect(search("crash", without(SPEC, "text"))).toBe("value: crash");
    const c = compileQualifiers(SPEC, "lastSeen:>yesterday");
    expect(c).toMatchObject({ param: "query", reason: "format", value: "lastSeen:>yesterday" });
    expect((c as { message: string }).message).toContain("lastSeen");
  });
});

describe("qualifier search: in the engine", () => {
  const RULES: QueryRules = {
    keep: ["cursor", "limit", "query"],
    defaults: [{ param: "query", value: "is:unresolved" }],
    anyValue: [],
    clamp: [],
  };
  const paging: Pagination = {
    mechanism: "link-header",
    pageParam: "page",
    sizeParam: "limit",
    defaultSize: 100,
    rendered: [100],
    max: 100,
    origin: "https://p.example",
  };
  const profile: ListProfile = { path: "^issues$", source: { query: "" }, qualifiers: { ...SPEC, default: "is:unresolved" } };
  const read = (q: string) =>
    readListRequest("issues", [...new URLSearchParams(q)], { profile, paging }, { ...RULES, keep: ["limit", "page"] });
  const run = (q: string) => {
    const req = read(q);
    if ("message" in req) return req;
    const out = runList(req, { items: ITEMS as unknown as JsonValue[], template: [], headers: {} });
    return "message" in out ? out : (JSON.parse(out.body) as Item[]).map((i) => i.id);
  };

  it("applies the default when the parameter is absent, and nothing for an empty one", () => {
    expect(run("")).toStrictEqual(where((i) => i.status === "unresolved"));
    expect(run("query=")).toStrictEqual(ITEMS.map((i) => i.id));
    expect(run("query=level:fatal+!is:resolved")).toStrictEqual(where((i) => i.level === "fatal" && i.status !== "resolved"));
    expect(run("query=lastSeen:>yesterday")).toMatchObject({ param: "query", reason: "format" });
  });

  it("never answers a search from a pre-rendered file the key does not name", () => {
    // `query` is not kept here: any search must be computed, the empty one may be read from the file.
    const searched = read("query=lastSeen:-24h");
    expect("lookup" in searched && searched.lookup).toBeUndefined();
    const plain = read("query=");
    expect("lookup" in plain && plain.lookup).not.toBeUndefined();
  });
});

/** A plain evaluation of one drawn term, apart from the engine: loops and Date.parse. */
type Drawn = { kind: "level" | "status" | "seen" | "count" | "word"; neg: boolean; op: string; value: string };
function plain(item: Item, t: Drawn): boolean {
  const cmp = (a: number, b: number) => ({ ">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "": a === b })[t.op]!;
  let r: boolean;
  if (t.kind === "level") r = item.level === t.value;
  else if (t.kind === "status")
    r = item.status === ({ unresolved: "unresolved", resolved: "resolved", archived: "ignored" } as Record<string, string>)[t.value];
  else if (t.kind === "seen") {
    const rel = /^([+-])(\d+)h$/.exec(t.value);
    const at = Date.parse(item.lastSeen);
    r = rel ? (rel[1] === "-" ? at >= asOf - Number(rel[2]) * HOUR : at <= asOf - Number(rel[2]) * HOUR) : cmp(at, Date.parse(t.value));
  } else if (t.kind === "count") r = cmp(item.count, Number(t.value));
  else return [item.title, item.culprit].some((f) => f.toLowerCase().includes(t.value.toLowerCase()));
  return t.neg ? !r : r;
}
function spell(t: Drawn): string {
  const neg = t.neg ? "!" : "";
  if (t.kind === "level") return `${neg}level:${t.value}`;
  if (t.kind === "status") return `${neg}is:${t.value}`;
  if (t.kind === "seen") return `${neg}lastSeen:${t.op}${t.value}`;
  if (t.kind === "count") return `${neg}count:${t.op}${t.value}`;
  return t.value.includes(" ") ? `"${t.value}"` : t.value;
}

describe("qualifier search: property", () => {
  const op = fc.constantFrom(">", ">=", "<", "<=");
  const term: fc.Arbitrary<Drawn> = fc.oneof(
    fc.record({ kind: fc.constant("level" as const), neg: fc.boolean(), op: fc.constant(""), value: fc.constantFrom(...LEVELS, "debug") }),
    fc.record({
      kind: fc.constant("status" as const),
      neg: fc.boolean(),
      op: fc.constant(""),
      value: fc.constantFrom("unresolved", "resolved", "archived"),
    }),
    fc.record({
      kind: fc.constant("seen" as const),
      neg: fc.boolean(),
      op,
      value: fc.integer({ min: 0, max: 29 }).map((i) => ITEMS[i]!.lastSeen),
    }),
    fc.record({
      kind: fc.constant("seen" as const),
      neg: fc.boolean(),
      op: fc.constant(""),
      value: fc.tuple(fc.constantFrom("-", "+"), fc.integer({ min: 1, max: 240 })).map(([s, n]) => `${s}${n}h`),
    }),
    fc.record({ kind: fc.constant("count" as const), neg: fc.boolean(), op, value: fc.integer({ min: -1, max: 41 }).map(String) }),
    fc.record({
      kind: fc.constant("word" as const),
      neg: fc.constant(false),
      op: fc.constant(""),
      value: fc.constantFrom("timeout", "KEYERROR", "null pointer", "db.py", "worker 1", "zzz"),
    }),
  );

  it("selects exactly the items a plain evaluation of every term selects", () => {
    fc.assert(
      fc.property(fc.array(term, { maxLength: 4 }), (terms) => {
        const text = terms.map(spell).join(" ");
        expect(search(text), text).toStrictEqual(where((i) => terms.every((t) => plain(i, t))));
      }),
      { numRuns: 300, seed: 14 },
    );
  });
});
