import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import type { ErrorGroup } from "../../../generator/world/types.js";
import { liveWorld, nextLink } from "./world.js";

/**
 * The issue list's `query` (Sentry's search: `is:`, `level:`, `release:`, `environment:`, `assigned:`,
 * `firstSeen:`/`lastSeen:` with comparisons and relative times, `!` negation, free text), `statsPeriod` (14 days by
 * default, `''` for all time),
 * `start`/`end`, `project` and `sort`, the event lists' time windows, the release list's `query` and
 * `project`, and the cursor paging of each, over HTTP and walked to the end through the `Link` header.
 * Expected values come from the world, never from the served files; a fast-check property draws
 * combinations of the issue list's parameters and page sizes.
 */
const host = `${inject("baseUrl")}/sentry/api/0`;
const headers = { Authorization: "Bearer queries" };
const world = liveWorld();
const org = world.company.slug;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Any = Record<string, any>;

async function call(path: string, query: Array<[string, string]> = []): Promise<{ status: number; body: Any; link: string | null }> {
  const q = query.length ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}` : "";
  const res = await fetch(`${host}/${path}${q}`, { headers });
  return { status: res.status, body: (await res.json()) as Any, link: res.headers.get("link") };
}

/** Every item, following `rel="next"` while `results="true"`. */
async function walk(path: string, query: Array<[string, string]> = []): Promise<Any[]> {
  const first = await call(path, query);
  expect(first.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(first.body)}`).toBe(200);
  const out = [...(first.body as Any[])];
  for (let url = nextLink(first.link ?? undefined), n = 0; url; n++) {
    expect(n).toBeLessThan(60);
    const res = await fetch(url, { headers });
    expect(res.status, url).toBe(200);
    out.push(...((await res.json()) as Any[]));
    url = nextLink(res.headers.get("link") ?? undefined);
  }
  return out;
}

const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;
const groups = world.operations.errors.filter((g) => g.firstSeen <= world.asOf);
const users = (g: ErrorGroup) => new Set(g.events.map((e) => e.userId)).size;
const slugOf = (g: ErrorGroup) => world.operations.services.find((s) => s.id === g.serviceId)!.slug;
/** The frozen order: last seen, newest first, ties by id. */
const frozen = [...groups].sort((a, b) => seconds(b.lastSeen) - seconds(a.lastSeen) || (String(a.id) < String(b.id) ? -1 : 1));

const STATUS: Record<string, ErrorGroup["status"] | undefined> = {
  "is:unresolved": "unresolved",
  "is:resolved": "resolved",
  "is:ignored": "ignored",
  "": undefined,
};
const PERIODS: Record<string, number | undefined> = { "24h": DAY, "14d": 14 * DAY, "30d": 30 * DAY, "1w": 7 * DAY, "": undefined };
const SORTS: Record<string, (g: ErrorGroup) => number> = {
  date: (g) => seconds(g.lastSeen),
  new: (g) => seconds(g.firstSeen),
  freq: (g) => g.events.length,
  user: users,
};

interface Draw {
  query?: string | undefined;
  statsPeriod?: string | undefined;
  project?: string | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
}

/** The organization issue list as the world says it should be. */
function expected(d: Draw): string[] {
  const status = STATUS[d.query ?? "is:unresolved"];
  const period = PERIODS[d.statsPeriod ?? "14d"];
  let out = frozen.filter(
    (g) =>
      (status === undefined || g.status === status) &&
      (period === undefined || seconds(g.lastSeen) >= world.asOf - period) &&
      (d.project === undefined || slugOf(g) === d.project),
  );
  const key = SORTS[d.sort ?? "date"]!;
  if ((d.sort ?? "date") !== "date")
    out = out
      .map((g, i) => ({ g, i }))
      .sort((a, b) => key(b.g) - key(a.g) || a.i - b.i)
      .map((x) => x.g);
  return out.map((g) => String(g.id));
}

describe("Sentry host: issue search and paging", () => {
  it("defaults to unresolved issues seen in the last 14 days, newest last seen first", async () => {
    const got = await walk(`organizations/${org}/issues/`);
    expect(got.map((i) => i.id)).toStrictEqual(expected({}));
    expect(got.every((i) => i.status === "unresolved")).toBe(true);
    // `query=` and `statsPeriod=` (empty) lift both defaults.
    expect(
      (
        await walk(`organizations/${org}/issues/`, [
          ["query", ""],
          ["statsPeriod", ""],
        ])
      ).length,
    ).toBe(groups.length);
  });

  it("answers any combination of status, period, project, sort and page size like the world", async () => {
    const slugs = [...new Set(groups.map(slugOf))].sort();
    const draw = fc.record({
      query: fc.option(fc.constantFrom(...Object.keys(STATUS)), { nil: undefined }),
      statsPeriod: fc.option(fc.constantFrom(...Object.keys(PERIODS)), { nil: undefined }),
      project: fc.option(fc.constantFrom(...slugs), { nil: undefined }),
      sort: fc.option(fc.constantFrom(...Object.keys(SORTS)), { nil: undefined }),
      limit: fc.option(fc.integer({ min: 3, max: 100 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(draw, async (d: Draw) => {
        const query = Object.entries(d)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]): [string, string] => [k, String(v)]);
        const got = await walk(`organizations/${org}/issues/`, query);
        expect(
          got.map((i) => i.id),
          JSON.stringify(d),
        ).toStrictEqual(expected(d));
      }),
      { numRuns: 25, seed: 14 },
    );
  });

  it("bounds by start and end, and filters a project's issues by status", async () => {
    const start = new Date(world.asOf - 10 * DAY).toISOString();
    const end = new Date(world.asOf - 3 * DAY).toISOString();
    const got = await walk(`organizations/${org}/issues/`, [
      ["query", ""],
      ["statsPeriod", ""],
      ["start", start],
      ["end", end],
    ]);
    expect(got.map((i) => i.id)).toStrictEqual(
      frozen.filter((g) => seconds(g.lastSeen) >= Date.parse(start) && seconds(g.firstSeen) <= Date.parse(end)).map((g) => String(g.id)),
    );
    // start/end replace the 14-day default, as on Sentry: a window older than 14 days still answers.
    const oldStart = new Date(world.asOf - 40 * DAY).toISOString();
    const oldEnd = new Date(world.asOf - 20 * DAY).toISOString();
    const older = await walk(`organizations/${org}/issues/`, [
      ["query", ""],
      ["start", oldStart],
      ["end", oldEnd],
    ]);
    const expectedOlder = frozen
      .filter((g) => seconds(g.lastSeen) >= Date.parse(oldStart) && seconds(g.firstSeen) <= Date.parse(oldEnd))
      .map((g) => String(g.id));
    expect(expectedOlder.length).toBeGreaterThan(0);
    expect(older.map((i) => i.id)).toStrictEqual(expectedOlder);
    const slug = slugOf(frozen[0]!);
    const resolved = await walk(`projects/${org}/${slug}/issues/`, [
      ["query", "is:resolved"],
      ["limit", "1"],
    ]);
    expect(resolved.map((i) => i.id)).toStrictEqual(
      frozen.filter((g) => slugOf(g) === slug && g.status === "resolved").map((g) => String(g.id)),
    );
  });

  it("refuses an unknown search key and a malformed value, in Sentry's error shape", async () => {
    const search = await call(`organizations/${org}/issues/`, [["query", "browser:Chrome"]]);
    expect(search.status).toBe(400);
    expect(Object.keys(search.body)).toStrictEqual(["detail"]);
    expect(search.body.detail).toContain("browser");
    const bad = await call(`organizations/${org}/issues/`, [["query", "lastSeen:>yesterday"]]);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^Error parsing search query: .*lastSeen/);
    expect((await call(`organizations/${org}/issues/`, [["query", "is:regressed"]])).status).toBe(400);
    const period = await call(`organizations/${org}/issues/`, [["statsPeriod", "fortnight"]]);
    expect(period.status).toBe(400);
    expect(period.body.detail).toContain("statsPeriod");
  });
});

/** Sentry's issue search terms, each as the world says it selects (on the whole list: `statsPeriod=`). */
const events = (g: ErrorGroup) => g.events.filter((e) => e.at <= world.asOf);
const deployed = new Set(
  world.repos.flatMap((r) =>
    r.deployments.filter((d) => d.statuses.some((s) => s.state === "success" && s.createdAt <= world.asOf)).map((d) => d.sha),
  ),
);
const teamOf = (g: ErrorGroup) =>
  world.teams.find((t) => t.id === world.operations.services.find((s) => s.id === g.serviceId)!.teamId)!.slug;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const mid = frozen[Math.floor(frozen.length / 2)]!;
const TERMS: Record<string, (g: ErrorGroup) => boolean> = {
  "is:unresolved": (g) => g.status === "unresolved",
  "is:resolved": (g) => g.status === "resolved",
  "is:archived": (g) => g.status === "ignored",
  "!is:resolved": (g) => g.status !== "resolved",
  "level:error": (g) => g.level === "error",
  "level:warning": (g) => g.level === "warning",
  "!level:fatal": (g) => g.level !== "fatal",
  "level:[fatal, warning]": (g) => g.level === "fatal" || g.level === "warning",
  "environment:production": (g) => events(g).some((e) => e.environment === "production"),
  "environment:staging": (g) => events(g).some((e) => e.environment === "staging"),
  [`release:${mid.firstRelease}`]: (g) => deployed.has(g.firstRelease) && g.firstRelease === mid.firstRelease,
  [`assigned:#${teamOf(mid)}`]: (g) => teamOf(g) === teamOf(mid),
  "is:assigned": () => true,
  "assigned:none": () => false,
  [`lastSeen:>${iso(mid.lastSeen)}`]: (g) => seconds(g.lastSeen) > seconds(mid.lastSeen),
  [`lastSeen:<=${iso(mid.lastSeen)}`]: (g) => seconds(g.lastSeen) <= seconds(mid.lastSeen),
  [`firstSeen:>=${iso(mid.firstSeen)}`]: (g) => seconds(g.firstSeen) >= seconds(mid.firstSeen),
  [`firstSeen:<${iso(mid.firstSeen)}`]: (g) => seconds(g.firstSeen) < seconds(mid.firstSeen),
  "lastSeen:-24h": (g) => seconds(g.lastSeen) >= world.asOf - DAY,
  "lastSeen:-14d": (g) => seconds(g.lastSeen) >= world.asOf - 14 * DAY,
  "firstSeen:+14d": (g) => seconds(g.firstSeen) <= world.asOf - 14 * DAY,
  "!firstSeen:-24h": (g) => seconds(g.firstSeen) < world.asOf - DAY,
  [mid.type.toUpperCase()]: (g) =>
    `${g.type}: ${g.value}`.toLowerCase().includes(mid.type.toLowerCase()) || g.culprit.toLowerCase().includes(mid.type.toLowerCase()),
  [mid.fn]: (g) =>
    `${g.type}: ${g.value}`.toLowerCase().includes(mid.fn.toLowerCase()) || g.culprit.toLowerCase().includes(mid.fn.toLowerCase()),
};

describe("Sentry host: issue search terms", () => {
  it("evaluates each term like the world, on the organization and a project's list", async () => {
    for (const [term, test] of Object.entries(TERMS)) {
      const got = await walk(`organizations/${org}/issues/`, [
        ["query", term],
        ["statsPeriod", ""],
      ]);
      expect(
        got.map((i) => i.id),
        term,
      ).toStrictEqual(frozen.filter(test).map((g) => String(g.id)));
    }
    const slug = slugOf(mid);
    for (const term of ["level:error !is:resolved", `lastSeen:-14d ${mid.fn}`]) {
      const got = await walk(`projects/${org}/${slug}/issues/`, [["query", term]]);
      const tests = term.split(" ").map((t) => TERMS[t]!);
      expect(
        got.map((i) => i.id),
        term,
      ).toStrictEqual(frozen.filter((g) => slugOf(g) === slug && tests.every((t) => t(g))).map((g) => String(g.id)));
    }
    // Sanity: the terms select something and not everything, or the test would say little.
    expect(frozen.filter(TERMS["environment:staging"]!).length).toBeGreaterThan(0);
    expect(frozen.filter(TERMS["lastSeen:-14d"]!).length).toBeLessThan(frozen.length);
  });

  it("answers any combination of terms, the default statuses and a page size like the world", async () => {
    const names = Object.keys(TERMS);
    const draw = fc.record({ terms: fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }), limit: fc.integer({ min: 2, max: 100 }) });
    await fc.assert(
      fc.asyncProperty(draw, async (d) => {
        const got = await walk(`organizations/${org}/issues/`, [
          ["query", d.terms.join(" ")],
          ["statsPeriod", ""],
          ["limit", String(d.limit)],
        ]);
        expect(
          got.map((i) => i.id),
          JSON.stringify(d),
        ).toStrictEqual(frozen.filter((g) => d.terms.every((t) => TERMS[t]!(g))).map((g) => String(g.id)));
      }),
      { numRuns: 25, seed: 14 },
    );
  });

  it("answers Airbyte's issues stream: the project list with statsPeriod= and query=lastSeen:>…", async () => {
    // source-sentry (manifest.yaml, unit_tests/integration/test_issues_stream.py): a first sync asks from
    // 1900, an incremental one from its state's lastSeen, with one fraction digit.
    const slug = slugOf(mid);
    const mine = frozen.filter((g) => slugOf(g) === slug);
    const all = await walk(`projects/${org}/${slug}/issues/`, [
      ["statsPeriod", ""],
      ["query", "lastSeen:>1900-01-01T00:00:00.0Z"],
    ]);
    expect(all.map((i) => i.id)).toStrictEqual(mine.map((g) => String(g.id)));
    const since = `${iso(mid.lastSeen).slice(0, -1)}.0Z`;
    const later = await walk(`projects/${org}/${slug}/issues/`, [
      ["statsPeriod", ""],
      ["query", `lastSeen:>${since}`],
    ]);
    expect(later.map((i) => i.id)).toStrictEqual(mine.filter((g) => seconds(g.lastSeen) > seconds(mid.lastSeen)).map((g) => String(g.id)));
  });
});

describe("Sentry host: events and releases", () => {
  it("windows an issue's events by statsPeriod, start and end, newest first", async () => {
    const g = [...groups].sort((a, b) => b.events.length - a.events.length || a.id - b.id)[0]!;
    const all = await walk(`organizations/${org}/issues/${g.id}/events/`, [["per_page", "7"]]);
    expect(all.map((e) => e.eventID)).toStrictEqual([...g.events].reverse().map((e) => e.id));
    const mid = g.events[Math.floor(g.events.length / 2)]!.at;
    const after = await walk(`organizations/${org}/issues/${g.id}/events/`, [["start", new Date(mid).toISOString()]]);
    expect(after.map((e) => e.eventID)).toStrictEqual(
      [...g.events]
        .reverse()
        .filter((e) => seconds(e.at) >= mid)
        .map((e) => e.id),
    );
    const before = await walk(`organizations/${org}/issues/${g.id}/events/`, [["end", new Date(mid).toISOString()]]);
    expect(before.length + after.length).toBe(g.events.length + g.events.filter((e) => seconds(e.at) === mid).length);
    const day = await walk(`projects/${org}/${slugOf(g)}/events/`, [["statsPeriod", "24h"]]);
    const projectEvents = groups
      .filter((x) => x.serviceId === g.serviceId)
      .flatMap((x) => x.events)
      .filter((e) => seconds(e.at) >= world.asOf - DAY);
    expect(day.map((e) => e.eventID).sort()).toStrictEqual(projectEvents.map((e) => e.id).sort());
  });

  it("answers Airbyte's events stream: full=true and microsecond start/end bounds", async () => {
    const g = [...groups].sort((a, b) => b.events.length - a.events.length || a.id - b.id)[0]!;
    const slug = slugOf(g);
    const mine = groups.filter((x) => x.serviceId === g.serviceId).flatMap((x) => x.events);
    const from = world.asOf - 5 * DAY;
    const micro = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
    const got = await walk(`projects/${org}/${slug}/events/`, [
      ["full", "true"],
      ["start", micro(from)],
      ["end", micro(world.asOf)],
    ]);
    expect(got.map((e) => e.id).sort()).toStrictEqual(
      mine
        .filter((e) => seconds(e.at) >= from)
        .map((e) => e.id)
        .sort(),
    );
    const since1900 = await walk(`projects/${org}/${slug}/events/`, [
      ["full", "true"],
      ["start", "1900-01-01T00:00:00.000000Z"],
      ["end", micro(world.asOf)],
    ]);
    expect(since1900.length).toBe(mine.length);
  });

  it("filters a project's events by environment (repeated: any of them)", async () => {
    const g = [...groups].sort((a, b) => b.events.length - a.events.length || a.id - b.id)[0]!;
    const slug = slugOf(g);
    const mine = groups.filter((x) => x.serviceId === g.serviceId).flatMap((x) => x.events);
    for (const env of ["production", "staging"]) {
      const got = await walk(`projects/${org}/${slug}/events/`, [["environment", env]]);
      expect(got.map((e) => e.eventID).sort()).toStrictEqual(
        mine
          .filter((e) => e.environment === env)
          .map((e) => e.id)
          .sort(),
      );
    }
    const both = await walk(`projects/${org}/${slug}/events/`, [
      ["environment", "production"],
      ["environment", "staging"],
    ]);
    expect(both.length).toBe(mine.length);
  });

  it("finds releases by version substring and by project, newest first", async () => {
    const releases = await walk(`organizations/${org}/releases/`, [["per_page", "5"]]);
    const deployed = world.repos.flatMap((r) => [
      ...new Set(r.deployments.filter((d) => d.statuses.some((s) => s.state === "success" && s.createdAt <= world.asOf)).map((d) => d.sha)),
    ]);
    expect(releases.map((r) => r.version).sort()).toStrictEqual([...deployed].sort());
    const dates = releases.map((r) => Date.parse(r.dateCreated));
    expect(dates).toStrictEqual([...dates].sort((a, b) => b - a));
    const one = releases[3]!;
    const prefix = (one.version as string).slice(0, 7).toUpperCase();
    const found = await walk(`organizations/${org}/releases/`, [["query", prefix]]);
    expect(found.map((r) => r.version)).toStrictEqual(
      releases.filter((r) => (r.version as string).includes(prefix.toLowerCase())).map((r) => r.version),
    );
    const slug = one.projects[0].slug as string;
    const mine = await walk(`organizations/${org}/releases/`, [["project", String(one.projects[0].id)]]);
    expect(mine.map((r) => r.version)).toStrictEqual(releases.filter((r) => r.projects[0].slug === slug).map((r) => r.version));
    expect((await walk(`projects/${org}/${slug}/releases/`)).map((r) => r.version)).toStrictEqual(mine.map((r) => r.version));
  });
});
