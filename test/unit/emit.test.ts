import { describe, expect, it } from "vitest";
import type { PinContext, Resource, ServingProfile } from "../../generator/core/provider.js";
import { canonicalQuery } from "../../generator/core/query.js";
import { emitPin, sha256, type PinSummary } from "../../generator/emit/emit.js";
import { CollisionError, EmitError } from "../../generator/emit/files.js";
import { compareWithLock, lockEntry, readLock, writeLock } from "../../generator/emit/lock.js";
import { verifyLiveLock } from "../../generator/build.js";
import { FolderSink, MemorySink } from "../../generator/emit/sink.js";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadCatalog } from "../../generator/catalog/index.js";

const catalog = loadCatalog("catalog.yaml");
const pin = catalog.pins[0]!;
const ctx: PinContext = { pin, catalog, origin: "https://p.snap.example" };
const doc = { status: 404, body: { message: "Not Found" } };
const serving: ServingProfile = {
  provider: "test",
  headers: {},
  errors: { notFound: doc, methodNotAllowed: doc },
  query: {
    keep: ["page", "per_page", "state", "tag"],
    defaults: [
      { param: "page", value: "1" },
      { param: "state", value: "open", path: "^items$" },
    ],
    anyValue: [],
    clamp: [{ param: "per_page", min: 1, max: 100 }],
  },
};

function emit(resources: Resource[], origin = ctx.origin) {
  const sink = new MemorySink();
  const build = emitPin(resources, serving, { name: pin.name, origin: ctx.origin }, sink, origin);
  return { build, sink };
}

/** A memory sink whose route table spills every few routes to a scratch folder; `runs` counts the run files. */
function emitSpilling(resources: Resource[], origin = ctx.origin) {
  const scratch = join(mkdtempSync(join(tmpdir(), "snapverse-spill-")), "scratch");
  const sink = Object.assign(new MemorySink(), { scratch });
  let runs = 0;
  const counting = new Proxy(sink, {
    get: (target, name) =>
      name === "writeChunks"
        ? (file: string, chunks: Iterable<Buffer>) => {
            if (existsSync(scratch)) runs = readdirSync(scratch).length;
            target.writeChunks(file, chunks);
          }
        : Reflect.get(target, name),
  });
  try {
    const build = emitPin(resources, serving, { name: pin.name, origin: ctx.origin }, counting, origin, undefined, {
      routeRunBytes: 2_000,
    });
    expect(existsSync(scratch)).toBe(false);
    return { build, sink, runs };
  } finally {
    rmSync(dirname(scratch), { recursive: true, force: true });
  }
}

describe("canonical queries", () => {
  it("orders, drops unknown parameters and defaults, clamps, and folds bracketed arrays", () => {
    expect(
      canonicalQuery(
        [
          ["state", "open"],
          ["page", "1"],
          ["x", "y"],
        ],
        serving.query,
        "items",
      ),
    ).toBe("");
    expect(canonicalQuery([["state", "open"]], serving.query, "other")).toBe("state=open");
    expect(
      canonicalQuery(
        [
          ["per_page", "500"],
          ["page", "2"],
        ],
        serving.query,
        "items",
      ),
    ).toBe("page=2&per_page=100");
    expect(
      canonicalQuery(
        [
          ["tag[]", "b"],
          ["tag[]", "a"],
          ["tag", "c"],
        ],
        serving.query,
        "items",
      ),
    ).toBe("tag=a&tag=b&tag=c");
    expect(canonicalQuery([["tag", "a/b c"]], serving.query, "items")).toBe("tag=a%2Fb%20c");
    expect(
      canonicalQuery(
        [
          ["tag", "b"],
          ["tag", "a"],
          ["tag[]", "b"],
        ],
        serving.query,
        "items",
      ),
    ).toBe("tag=a&tag=b");
  });

  it("clamps with the first range whose path applies", () => {
    const rules = {
      ...serving.query,
      clamp: [
        { param: "per_page", min: 1, max: 500, path: "^big/" },
        { param: "per_page", min: 1, max: 100 },
      ],
    };
    expect(canonicalQuery([["per_page", "900"]], rules, "big/list")).toBe("per_page=500");
    expect(canonicalQuery([["per_page", "900"]], rules, "items")).toBe("per_page=100");
    expect(canonicalQuery([["per_page", "0"]], rules, "big/list")).toBe("per_page=1");
  });
});

describe("the emitter", () => {
  it("fails on two resources with one key, naming both", () => {
    const call = () =>
      emit([
        { path: "items", body: [1] },
        { path: "items", query: { page: "1" }, body: [2] },
      ]);
    expect(call).toThrow(CollisionError);
    expect(call).toThrow(/'items' and 'items' both write/);
  });

  it("fails on a duplicate key found only when spilled runs are merged", () => {
    const call = () =>
      emitSpilling([
        { path: "items", body: [1] },
        ...Array.from({ length: 50 }, (_, i) => ({ path: `x/${i}`, body: i })),
        { path: "items", query: { page: "1" }, body: [2] },
      ]);
    expect(call).toThrow(/'items' and 'items' both write/);
  });

  it("writes the same bytes whether its route table spills to disk or not", () => {
    // Array-index keys ("7"), tabs, quotes and non-ASCII in keys and headers, lists, shared bodies.
    const resources = (): Resource[] => [
      ...Array.from({ length: 400 }, (_, i): Resource => ({
        path: `r/${(i * 7919) % 400}/é\t"x"`,
        body: { i, url: `${ctx.origin}/r/${i}` },
        headers: { link: `<${ctx.origin}/r?page=${i}>; rel="next"`, "x-n": `ü${i}` },
      })),
      ...["7", "10", "2", "0"].map((path): Resource => ({ path, body: path })),
      ...Array.from({ length: 30 }, (_, i): Resource => ({
        path: "items",
        query: { page: String(i + 1) },
        body: [i % 3],
        list: { total: 30 },
      })),
    ];
    const inMemory = emit(resources(), "http://localhost:9/p");
    const spilled = emitSpilling(resources(), "http://localhost:9/p");
    expect(spilled.runs).toBeGreaterThan(5);
    expect(spilled.build.treeHash).toBe(inMemory.build.treeHash);
    const files = (sink: MemorySink) => [...sink.files].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(
      files(spilled.sink)
        .map(([f]) => f)
        .join("\n"),
    ).toBe(
      files(inMemory.sink)
        .map(([f]) => f)
        .join("\n"),
    );
    for (const [file, bytes] of files(inMemory.sink)) expect(spilled.sink.files.get(file)!.equals(bytes), file).toBe(true);
    // What JSON.stringify gives the object of every route, array-index keys first.
    const routes = inMemory.sink.files.get("_snapverse/routes.json")!.toString("utf8");
    expect(routes.startsWith('{"0":')).toBe(true);
    expect(routes).toBe(JSON.stringify(JSON.parse(routes)));
    const manifest = inMemory.sink.files.get("_snapverse/manifest.json")!.toString("utf8");
    expect(manifest).toBe(JSON.stringify(JSON.parse(manifest), null, 1));
  });

  it("refuses paths that could leave the pin folder", () => {
    for (const path of ["../x", "a/../../b", "/abs", "a//b", "a/./b", "a\\b", "a/b@c", "@"]) {
      expect(() => emit([{ path, body: 1 }]), path).toThrow(EmitError);
    }
  });

  it("hashes canonical bytes: the public origin changes the files but not the tree hash", () => {
    const resources = (): Resource[] => [
      { path: "a", body: { url: `${ctx.origin}/a` }, headers: { link: `<${ctx.origin}/a?page=2>; rel="next"` } },
    ];
    const here = emit(resources());
    const there = emit(resources(), "http://localhost:9/p");
    expect(there.build.treeHash).toBe(here.build.treeHash);
    expect(there.sink.files.get("a@.json")!.toString()).toBe('{"url":"http://localhost:9/p/a"}');
    expect(here.sink.files.get("a@.json")!.toString()).toBe('{"url":"https://p.snap.example/a"}');
    // The index has it too, in the headers it serves.
    const index = there.sink.files.get("_snapverse/routes.json")!.toString();
    expect(index).toContain("<http://localhost:9/p/a?page=2>");
    expect(index).not.toContain(ctx.origin);
  });

  it("serializes a body of thousands of items in chunks, with the bytes, hash and sharing of the whole string", () => {
    const origin = "http://localhost:9/p";
    const page = (n: number) => ({
      count: n,
      value: Array.from({ length: n }, (_, i) => ({ id: i, url: `${ctx.origin}/builds/${i}`, name: `build ${i} \u00e9\u{1f600}` })),
    });
    // 30000 items is over 2 MiB of JSON: several chunks, each cut between two items.
    const { build, sink } = emit(
      [
        { path: "builds", body: page(30_000) },
        { path: "builds", query: { page: "2" }, body: page(30_000) },
        { path: "few", body: page(3) },
      ],
      origin,
    );
    const whole = Buffer.from(JSON.stringify(page(30_000)).replaceAll(ctx.origin, origin), "utf8");
    const routes = JSON.parse(sink.files.get("_snapverse/routes.json")!.toString("utf8")) as Record<string, { file: string; etag: string }>;
    expect(sink.files.get(routes["builds"]!.file)!.equals(whole)).toBe(true);
    expect(routes["builds"]!.etag).toBe(sha256(JSON.stringify(page(30_000))).slice(0, 24));
    // The second route's body is identical: it shares the first one's file.
    expect(routes["builds?page=2"]!.file).toBe(routes["builds"]!.file);
    expect(build.written).toBe(2);
    expect(build.bytes).toBe(whole.length + Buffer.byteLength(JSON.stringify(page(3)).replaceAll(ctx.origin, origin)));
  });

  it("writes identical bodies once and points both routes at the file", () => {
    const { sink } = emit([
      { path: "a", body: [1, 2] },
      { path: "b", body: [1, 2] },
    ]);
    const routes = JSON.parse(sink.files.get("_snapverse/routes.json")!.toString("utf8")) as Record<string, { file: string }>;
    expect(routes.b!.file).toBe("a@.json");
    expect([...sink.files.keys()].filter((f) => !f.startsWith("_snapverse/")).join(",")).toBe("a@.json");
  });

  it("keeps a path that is both a resource and a parent apart from its children", () => {
    const { sink } = emit([
      { path: "repos/o/r", body: 1 },
      { path: "repos/o/r/pulls", body: 2 },
      { path: "repos/o/r/pulls", query: { page: "2" }, body: 3 },
    ]);
    expect(
      [...sink.files.keys()]
        .filter((f) => !f.startsWith("_snapverse/"))
        .sort()
        .join(","),
    ).toBe("repos/o/r/pulls@.json,repos/o/r/pulls@page=2.json,repos/o/r@.json");
  });
});

describe("the folder sink", () => {
  it("writes through its writer thread and swaps the folder in whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "snapverse-sink-"));
    try {
      const target = join(dir, "pin");
      const first = new FolderSink(target, 1_024);
      for (let i = 0; i < 200; i++) first.write(`d${i % 7}/f${i}.json`, JSON.stringify({ i, pad: "x".repeat(100) }));
      expect(existsSync(target)).toBe(false);
      first.commit();
      expect(readFileSync(join(target, "d3/f3.json"), "utf8")).toBe(JSON.stringify({ i: 3, pad: "x".repeat(100) }));
      const second = new FolderSink(target);
      second.write("only.json", "{}");
      second.commit();
      expect(readdirSync(target).sort().join(",")).toBe("only.json");
      // The pin is a link to its one build; the first build is gone.
      expect(readdirSync(dir).sort().join(",")).toBe(".pins,pin");
      expect(readdirSync(join(dir, ".pins")).length).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports a failed write and leaves the previous pin in place", () => {
    const dir = mkdtempSync(join(tmpdir(), "snapverse-sink-"));
    try {
      const target = join(dir, "pin");
      const good = new FolderSink(target);
      good.write("kept.json", "{}");
      good.commit();
      const bad = new FolderSink(target);
      bad.write("a", "a file");
      bad.write("a/b.json", "{}"); // a folder where a file already is: the writer fails
      expect(() => bad.commit()).toThrow(/writing the pin failed: a\/b\.json/);
      bad.abort();
      expect(readdirSync(target).join(",")).toBe("kept.json");
      expect(readdirSync(dir).sort().join(",")).toBe(".pins,pin");
      expect(readdirSync(join(dir, ".pins")).length).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the pins lock", () => {
  it("says which route families changed, were added or removed", () => {
    const before = emit([
      { path: "repos/o/r/pulls", body: [1] },
      { path: "repos/o/r/issues", body: [1] },
      { path: "users/x", body: 1 },
    ]).build;
    const after = emit([
      { path: "repos/o/r/pulls", body: [2] },
      { path: "repos/o/r/issues", body: [1] },
      { path: "orgs/o", body: 1 },
    ]).build;
    const lock = { pins: { [pin.name]: lockEntry(before) } };
    expect(compareWithLock(lock, before).kind).toBe("match");
    expect(compareWithLock({ pins: {} }, before).kind).toBe("new");
    const verdict = compareWithLock(lock, after);
    if (verdict.kind !== "changed") throw new Error("expected a change");
    expect(verdict.summary).toContain("changed (1): repos/o/r/pulls");
    expect(verdict.summary).toContain("added (1): orgs/o");
    expect(verdict.summary).toContain("removed (1): users/x");
  });

  it("keeps the live section under its reserved key, after the pins, and reads it back apart from them", () => {
    const dir = mkdtempSync(join(tmpdir(), "snapverse-lock-"));
    try {
      const file = join(dir, "pins.lock.json");
      const entry = { tree_hash: "sha256:aa", families: { f: "01" } };
      writeLock(file, {
        pins: { "zz-v1": entry, "aa-v1": entry },
        live: { now: "2026-10-01T03:00:00Z", scale: 1, hosts: { slack: entry, gh: entry } },
      });
      const text = readFileSync(file, "utf8");
      expect(Object.keys(JSON.parse(text) as object).join(",")).toBe("aa-v1,zz-v1,live");
      expect(Object.keys((JSON.parse(text) as { live: { hosts: object } }).live.hosts).join(",")).toBe("gh,slack");
      const back = readLock(file);
      expect(Object.keys(back.pins).join(",")).toBe("aa-v1,zz-v1");
      expect(back.live?.now).toBe("2026-10-01T03:00:00Z");
      // Written again, the same bytes.
      writeLock(file, back);
      expect(readFileSync(file, "utf8")).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks live hosts against the live section: records new ones, fails a change or another instant unless updating", () => {
    const dir = mkdtempSync(join(tmpdir(), "snapverse-lock-"));
    try {
      const file = join(dir, "pins.lock.json");
      const host = (name: string, hash: string): PinSummary => ({
        pin: name,
        treeHash: hash,
        families: { "api/x": hash.slice(-4) },
        files: 1,
        written: 1,
        bytes: 1,
      });
      const now = "2026-10-01T03:00:00Z";
      expect(verifyLiveLock(file, now, 1, [host("gh", "sha256:0001")], false).outcomes[0]!.verdict.kind).toBe("new");
      expect(verifyLiveLock(file, now, 1, [host("gh", "sha256:0001")], false).ok).toBe(true);
      const changed = verifyLiveLock(file, now, 1, [host("gh", "sha256:0002")], false);
      expect(changed.ok).toBe(false);
      expect(changed.outcomes[0]!.verdict.kind === "changed" && changed.outcomes[0]!.verdict.summary).toContain(
        "live host gh: tree hash sha256:0002 differs",
      );
      expect(readLock(file).live?.hosts.gh?.tree_hash).toBe("sha256:0001");
      const elsewhen = verifyLiveLock(file, "2026-10-02T03:00:00Z", 1, [host("gh", "sha256:0001")], false);
      expect(elsewhen.ok).toBe(false);
      expect(elsewhen.problem).toContain("built at 2026-10-01T03:00:00Z, scale 1");
      expect(verifyLiveLock(file, now, 1, [host("gh", "sha256:0002")], true).ok).toBe(true);
      expect(readLock(file).live?.hosts.gh?.tree_hash).toBe("sha256:0002");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
