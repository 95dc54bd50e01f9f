import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/**
 * Lists answer the query a connector sends: the requests DevLake, Airbyte, MeltanoLabs and singer-io
 * send to GitHub (see generator/providers/gh/README.md), replayed with plain fetch and walked through
 * GitHub's Link header. Expected answers are computed here from the unfiltered list, so a filter, a sort
 * or a page size the server ignored would show up as a different id sequence.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");

type Item = Record<string, unknown> & { id: number };

interface Reply {
  status: number;
  text: string;
  headers: Headers;
}

async function get(url: string): Promise<Reply> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** The next page's URL from a Link header, as every connector reads it. */
function rel(link: string | null, name: string): string | undefined {
  return link
    ?.split(", ")
    .map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part))
    .find((m) => m?.[2] === name)?.[1];
}

/** Every item of a list, following rel="next" to the end; `envelope` for `{total_count, <key>: [...]}`. */
async function walk(url: string, envelope?: string): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let pages = 0;
  for (let next: string | undefined = url; next; pages++) {
    const reply = await get(next);
    expect(reply.status, next).toBe(200);
    const body = JSON.parse(reply.text) as Item[] | Record<string, Item[]>;
    items.push(...(envelope ? (body as Record<string, Item[]>)[envelope]! : (body as Item[])));
    next = rel(reply.headers.get("link"), "next");
    expect(pages).toBeLessThan(500);
  }
  return { items, pages };
}

const ids = (items: Item[]) => items.map((i) => i.id).join(",");
const ms = (s: unknown) => Date.parse(String(s));
const at = (item: Item, path: string): unknown => path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], item);
/** A stable sort by a time field: equal times keep the list's own order, as GitHub's are stable. */
const byTime = (items: Item[], field: string, dir: "asc" | "desc") =>
  [...items].sort((a, b) => (dir === "asc" ? 1 : -1) * (ms(at(a, field)) - ms(at(b, field))));
/** A bound that splits a list: the median of a time field, an exact item time, so inclusivity is tested. */
function midpoint(items: Item[], field: string): string {
  const times = [...new Set(items.map((i) => String(at(i, field))))].sort();
  return times[Math.floor(times.length / 2)]!;
}

describe.each(["gh-2026-03", "gh-2026-03-g5"])("list queries against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length + b.issues.length - a.pulls.length - a.issues.length)[0]!;
  const repo = `${baseUrl}/${pinName}/repos/${org}/${busiest.name}`;

  it("syncs issues fully, then incrementally from a bound, as DevLake, Airbyte, MeltanoLabs and singer-io ask", async () => {
    // The frozen list: every issue and pull request, newest first.
    const all = (await walk(`${repo}/issues?state=all&per_page=100`)).items;
    expect(all.length).toBe(busiest.issues.length + busiest.pulls.length);
    // DevLake's full sync: direction without sort applies to the default key, creation.
    const dlFull = await walk(`${repo}/issues?state=all&direction=asc&per_page=100&page=1`);
    expect(ids(dlFull.items)).toBe(ids(byTime(all, "created_at", "asc")));

    const bound = midpoint(all, "updated_at");
    const since = all.filter((i) => ms(i.updated_at) >= ms(bound));
    expect(since.length).toBeGreaterThan(0);
    expect(since.length).toBeLessThan(all.length);
    expect(all.some((i) => i.updated_at === bound)).toBe(true);

    // DevLake incremental: since on updated_at, creation order ascending; it fetches pages 2..last from rel=last.
    const dl = await get(`${repo}/issues?state=all&since=${bound}&direction=asc&page=1&per_page=7`);
    const last = rel(dl.headers.get("link"), "last");
    expect(last).toBeDefined();
    expect(new URL(last!).searchParams.get("page")).toBe(String(Math.ceil(since.length / 7)));
    expect(ids((await walk(`${repo}/issues?state=all&since=${bound}&direction=asc&page=1&per_page=7`)).items)).toBe(
      ids(byTime(since, "created_at", "asc")),
    );
    // Airbyte: sort=updated&direction=asc&since=…Z, walked to the end at a small page size.
    const ab = await walk(`${repo}/issues?per_page=5&state=all&sort=updated&direction=asc&since=${bound}`);
    expect(ids(ab.items)).toBe(ids(byTime(since, "updated_at", "asc")));
    expect(ab.pages).toBe(Math.ceil(since.length / 5));
    // MeltanoLabs: the same bound spelled with an offset, `+` percent-encoded as requests does.
    const offset = encodeURIComponent(bound.replace("Z", "+00:00"));
    const ml = await walk(`${repo}/issues?per_page=100&sort=updated&direction=asc&since=${offset}&state=all&page=1`);
    expect(ids(ml.items)).toBe(ids(ab.items));
    // singer-io's malformed URL: `direction` swallows `?since=…`, so the whole list comes back by updated desc.
    const sg = await walk(`${repo}/issues?state=all&sort=updated&direction=desc?since=${bound}`);
    expect(ids(sg.items)).toBe(ids(byTime(all, "updated_at", "desc")));
    // The default state is open, with or without since.
    const open = await walk(`${repo}/issues?since=${bound}&per_page=100`);
    expect(ids(open.items)).toBe(ids(since.filter((i) => i.state === "open")));
  });

  it("syncs commits incrementally on the committer date, since and until both inclusive", async () => {
    const all = (await walk(`${repo}/commits?per_page=100`)).items;
    expect(all.length).toBe(busiest.mainCommits.length);
    const bound = midpoint(all, "commit.committer.date");
    const since = all.filter((c) => ms(at(c, "commit.committer.date")) >= ms(bound));
    // Airbyte names the branch; DevLake adds state=all and direction=asc, which GitHub ignores on commits.
    const ab = await walk(`${repo}/commits?per_page=100&since=${bound}&sha=${busiest.defaultBranch}`);
    expect(ab.items.map((c) => c.sha).join()).toBe(since.map((c) => c.sha).join());
    const dl = await walk(`${repo}/commits?state=all&since=${bound}&direction=asc&page=1&per_page=9`);
    expect(dl.items.map((c) => c.sha).join()).toBe(since.map((c) => c.sha).join());
    const until = await walk(`${repo}/commits?until=${bound}&per_page=100`);
    expect(until.items.map((c) => c.sha).join()).toBe(
      all
        .filter((c) => ms(at(c, "commit.committer.date")) <= ms(bound))
        .map((c) => c.sha)
        .join(),
    );
    // The author filter answers from its pre-rendered file, and combines with since by computation.
    const login = (all[0]!.author as { login: string }).login;
    const mine = await walk(`${repo}/commits?author=${login}&since=${bound}`);
    expect(mine.items.map((c) => c.sha).join()).toBe(
      since
        .filter((c) => (c.author as { login: string }).login === login)
        .map((c) => c.sha)
        .join(),
    );
    const upper = await walk(`${repo}/commits?author=${login.toUpperCase()}&per_page=100`);
    expect(upper.items.map((c) => c.sha).join()).toBe(
      all
        .filter((c) => (c.author as { login: string }).login === login)
        .map((c) => c.sha)
        .join(),
    );
  });

  it("windows Actions runs by created=a..b with a total_count that counts the window, as DevLake bisects", async () => {
    const all = (await walk(`${repo}/actions/runs?per_page=100`, "workflow_runs")).items;
    expect(all.length).toBe(busiest.runs.length);
    const times = all.map((r) => String(r.created_at)).sort();
    const [a, b] = [times[Math.floor(times.length / 4)]!, times[Math.floor((3 * times.length) / 4)]!];
    const want = all.filter((r) => ms(r.created_at) >= ms(a) && ms(r.created_at) <= ms(b));
    const probe = JSON.parse((await get(`${repo}/actions/runs?created=${a}..${b}&per_page=1&page=1`)).text) as { total_count: number };
    expect(probe.total_count).toBe(want.length);
    expect(ids((await walk(`${repo}/actions/runs?created=${a}..${b}&per_page=30&page=1`, "workflow_runs")).items)).toBe(ids(want));
    expect(ids((await walk(`${repo}/actions/runs?created=${encodeURIComponent(`>=${b}`)}&per_page=10`, "workflow_runs")).items)).toBe(
      ids(all.filter((r) => ms(r.created_at) >= ms(b))),
    );
    const push = await walk(`${repo}/actions/runs?event=push&status=success&per_page=100`, "workflow_runs");
    expect(ids(push.items)).toBe(ids(all.filter((r) => r.event === "push" && r.conclusion === "success")));
  });

  it("answers exclude_pull_requests=true (gh run list) with every run's pull_requests emptied, on the repository's and a workflow's runs", async () => {
    for (const list of ["actions/runs", "actions/workflows/ci.yml/runs"]) {
      const plain = await get(`${repo}/${list}?per_page=20`);
      const excluded = await get(`${repo}/${list}?per_page=20&exclude_pull_requests=true`);
      expect(excluded.status, list).toBe(200);
      const body = JSON.parse(plain.text) as { total_count: number; workflow_runs: Array<Record<string, unknown>> };
      // The frozen runs name pull requests (pull_request runs do), so emptying them changes the bytes.
      expect(
        body.workflow_runs.some((r) => (r.pull_requests as unknown[]).length > 0),
        list,
      ).toBe(true);
      const want = { ...body, workflow_runs: body.workflow_runs.map((r) => ({ ...r, pull_requests: [] })) };
      expect(excluded.text).toBe(JSON.stringify(want));
      expect(rel(excluded.headers.get("link"), "next")).toContain("exclude_pull_requests=true");
      // `false` is the default answer, byte for byte.
      expect((await get(`${repo}/${list}?per_page=20&exclude_pull_requests=false`)).text).toBe(plain.text);
    }
  });

  it("filters deployments, org repositories and a date-only Actions window as GitHub does", async () => {
    const deployments = (await walk(`${repo}/deployments?per_page=100`)).items;
    const env = String(deployments[0]?.environment ?? "production");
    expect(ids((await walk(`${repo}/deployments?environment=${env}&per_page=3`)).items)).toBe(
      ids(deployments.filter((d) => d.environment === env)),
    );
    const repos = `${baseUrl}/${pinName}/orgs/${org}/repos`;
    const everyRepo = (await walk(`${repos}?per_page=100`)).items;
    // Every repository here is a private non-fork: forks and public are empty, sources and private are all.
    expect((await walk(`${repos}?type=forks`)).items.length).toBe(0);
    expect((await walk(`${repos}?type=public`)).items.length).toBe(0);
    expect(ids((await walk(`${repos}?type=sources&per_page=100`)).items)).toBe(ids(everyRepo));
    expect(ids((await walk(`${repos}?type=private&per_page=100`)).items)).toBe(ids(everyRepo));
    const runs = (await walk(`${repo}/actions/runs?per_page=100`, "workflow_runs")).items;
    const day = String(runs[0]!.created_at).slice(0, 10);
    const sameDay = runs.filter((r) => String(r.created_at).startsWith(day));
    expect(ids((await walk(`${repo}/actions/runs?created=${day}`, "workflow_runs")).items)).toBe(ids(sameDay));
  });

  it("sorts ascending and descending by the requested key, differently", async () => {
    const asc = (await walk(`${repo}/pulls?state=all&sort=updated&direction=asc&per_page=100`)).items;
    const desc = (await walk(`${repo}/pulls?state=all&sort=updated&direction=desc&per_page=100`)).items;
    expect(ids(asc)).not.toBe(ids(desc));
    expect(asc.map((p) => ms(p.updated_at))).toStrictEqual(asc.map((p) => ms(p.updated_at)).sort((x, y) => x - y));
    expect(desc.map((p) => ms(p.updated_at))).toStrictEqual(desc.map((p) => ms(p.updated_at)).sort((x, y) => y - x));
    // `sort=updated` alone is ascending on pulls (GitHub's rule: desc only for created).
    expect(ids((await walk(`${repo}/pulls?state=all&sort=updated&per_page=100`)).items)).toBe(ids(asc));
    // Airbyte's org repositories: sort=updated&direction=desc.
    const repos = `${baseUrl}/${pinName}/orgs/${org}/repos`;
    const upd = (await walk(`${repos}?per_page=100&sort=updated&direction=desc`)).items;
    const name = (await walk(`${repos}?per_page=100&sort=full_name`)).items;
    expect(upd.map((r) => ms(r.updated_at))).toStrictEqual(upd.map((r) => ms(r.updated_at)).sort((x, y) => y - x));
    expect(name.map((r) => r.full_name)).toStrictEqual(name.map((r) => String(r.full_name)).sort());
    expect(ids(upd)).not.toBe(ids(name));
  });

  it("ignores parameters GitHub ignores: the bytes are those of the request without them", async () => {
    const same = async (plain: string, noisy: string) => {
      const [a, b] = [await get(plain), await get(noisy)];
      expect(a.status, plain).toBe(200);
      expect(b.status, noisy).toBe(200);
      expect(b.text).toBe(a.text);
      expect(b.headers.get("link")).toBe(a.headers.get("link"));
    };
    await same(`${repo}/commits`, `${repo}/commits?state=all`);
    await same(`${repo}`, `${repo}?per_page=100`);
    await same(`${repo}/issues?state=all`, `${repo}/issues?state=all&fake_since=2020-01-01T00:00:00Z`);
    await same(`${repo}/releases`, `${repo}/releases?sort=created_at&direction=desc`);
    await same(`${repo}/issues`, `${repo}/issues?sort=bogus`);
    await same(`${repo}/issues?state=all`, `${repo}/issues?state=all&sort=created&direction=desc`);
    const pr = busiest.pulls[0]!.number;
    await same(`${repo}/pulls/${pr}/commits`, `${repo}/pulls/${pr}/commits?state=all&direction=asc`);
  });

  it("answers a malformed time with GitHub's 422, never a 500 or an empty list", async () => {
    for (const url of [`${repo}/issues?since=yesterday`, `${repo}/commits?until=2024-13-45`, `${repo}/actions/runs?created=soon..later`]) {
      const reply = await get(url);
      expect(reply.status, url).toBe(422);
      const body = JSON.parse(reply.text) as { message: string; status: string };
      expect(body.message).toMatch(/^The (since|until|created) parameter needs to be in ISO 8601 format/);
      expect(body.status).toBe("422");
    }
  });

  it("gives the same bytes for the same computed request", async () => {
    const url = `${repo}/issues?state=all&sort=updated&direction=asc&since=2020-01-01T00:00:00Z&per_page=7&page=2`;
    const [a, b] = [await get(url), await get(url)];
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get("link")).toBe(a.headers.get("link"));
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
  });
});
