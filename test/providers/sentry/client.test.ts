import { describe, expect, inject, it } from "vitest";
import { liveWorld, nextLink } from "./world.js";

/**
 * A client of Sentry's Web API as its docs describe one (docs.sentry.io/api/: "Authentication",
 * "Paginating Results"): plain `fetch` with `Authorization: Bearer <token>`, paths with their trailing
 * slash, and the `Link` header's `rel="next"` followed while it says `results="true"`. Only the base URL
 * is ours. The workflow: list organizations and projects, page a project's issues to the end, get an
 * issue, page its events, get its latest event, list releases and read a release's deploys and commits.
 */
const host = `${inject("baseUrl")}/sentry`;
const headers = { Authorization: "Bearer sntrys_snapverse-client" };
const world = liveWorld();

type Any = Record<string, any>;

async function get(url: string): Promise<{ body: Any; link: string | null }> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return { body: (await res.json()) as Any, link: res.headers.get("link") };
}

/** Every item of a list, following `rel="next"` while `results="true"`; also how many pages it took. */
async function all(url: string): Promise<{ items: Any[]; pages: number; lastLink: string }> {
  const items: Any[] = [];
  let pages = 0;
  let next: string | undefined = url;
  let lastLink = "";
  while (next) {
    const page = await get(next);
    items.push(...(page.body as Any[]));
    pages++;
    lastLink = page.link ?? "";
    next = nextLink(page.link ?? undefined);
    expect(pages).toBeLessThan(50);
  }
  return { items, pages, lastLink };
}

describe("Sentry host: a fetch client's read workflow", () => {
  it("lists organizations and projects, pages a project's issues, reads an issue, its events and releases", async () => {
    const { body: orgs } = await get(`${host}/api/0/organizations/`);
    expect(orgs.map((o: Any) => o.slug)).toStrictEqual([world.company.slug]);
    const org = orgs[0].slug as string;

    const projects = await all(`${host}/api/0/organizations/${org}/projects/`);
    expect(projects.items.map((p: Any) => p.slug).sort()).toStrictEqual(world.operations.services.map((s) => s.slug).sort());

    // The project with the most issues, paged two at a time, every status (an empty query).
    const counts = new Map<number, number>();
    for (const e of world.operations.errors) counts.set(e.serviceId, (counts.get(e.serviceId) ?? 0) + 1);
    const [serviceId, count] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    const service = world.operations.services.find((s) => s.id === serviceId)!;
    const issues = await all(`${host}/api/0/projects/${org}/${service.slug}/issues/?query=&limit=2`);
    expect(issues.pages).toBe(Math.ceil(count / 2));
    expect(issues.items.map((i: Any) => i.id).sort()).toStrictEqual(
      world.operations.errors
        .filter((e) => e.serviceId === serviceId)
        .map((e) => String(e.id))
        .sort(),
    );
    // The last page still names its next neighbour, with results="false", as Sentry writes it.
    const previous = /rel="previous"; results="true"; cursor="0:\d+:1", /.source;
    const next = /<[^>]+\/issues\/\?(query=&limit=2|limit=2&query=)&cursor=0:\d+:0>; rel="next"; results="false"; cursor="0:\d+:0"$/.source;
    expect(issues.lastLink).toMatch(new RegExp(previous + next));

    // The issue with the most events: its detail, its events (more than one page of 100), the latest.
    const busiest = [...world.operations.errors].sort((a, b) => b.events.length - a.events.length || a.id - b.id)[0]!;
    const { body: issue } = await get(`${host}/api/0/organizations/${org}/issues/${busiest.id}/`);
    expect(issue.shortId).toMatch(/^[A-Z0-9-]+-[0-9A-Z]+$/);
    expect(issue.count).toBe(String(busiest.events.length));
    expect(issue.firstRelease.version).toBe(busiest.firstRelease);
    const events = await all(`${host}/api/0/organizations/${org}/issues/${busiest.id}/events/`);
    expect(events.pages).toBe(Math.ceil(busiest.events.length / 100));
    expect(events.items.map((e: Any) => e.eventID)).toStrictEqual([...busiest.events].reverse().map((e) => e.id));
    const { body: latest } = await get(`${host}/api/0/organizations/${org}/issues/${busiest.id}/events/latest/`);
    expect(latest.eventID).toBe(busiest.events.at(-1)!.id);
    expect(latest.entries[0].type).toBe("exception");
    // The older spelling without the organization answers the same bytes.
    const legacy = await fetch(`${host}/api/0/issues/${busiest.id}/`, { headers });
    expect(await legacy.text()).toBe(JSON.stringify(issue));

    // Releases: every deployed SHA; a release's deploys and commits.
    const releases = await all(`${host}/api/0/organizations/${org}/releases/`);
    expect(releases.items.length).toBeGreaterThan(0);
    const release = releases.items.find((r: Any) => r.deployCount > 1) ?? releases.items[0]!;
    const deploys = await all(`${host}/api/0/organizations/${org}/releases/${release.version}/deploys/`);
    expect(deploys.items.length).toBe(release.deployCount);
    const commits = await all(`${host}/api/0/organizations/${org}/releases/${release.version}/commits/`);
    expect(commits.items.length).toBe(release.commitCount);
    expect(commits.items[0]!.id).toBe(release.version);
    const projectCommits = await all(`${host}/api/0/projects/${org}/${release.projects[0].slug}/releases/${release.version}/commits/`);
    expect(projectCommits.items.map((c: Any) => c.id)).toStrictEqual(commits.items.map((c: Any) => c.id));
  });

  it("answers without a token, and for what does not exist, as Sentry does", async () => {
    const anonymous = await fetch(`${host}/api/0/organizations/`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe(JSON.stringify({ detail: "Authentication credentials were not provided." }));
    const missing = await fetch(`${host}/api/0/organizations/no-such-org/`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(JSON.stringify({ detail: "The requested resource does not exist" }));
    const badCursor = await fetch(`${host}/api/0/organizations/${world.company.slug}/releases/?cursor=next`, { headers });
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toStrictEqual({ detail: "Invalid cursor parameter." });
    const tooMany = await fetch(`${host}/api/0/organizations/${world.company.slug}/releases/?per_page=101`, { headers });
    expect(tooMany.status).toBe(400);
    const write = await fetch(`${host}/api/0/organizations/${world.company.slug}/releases/`, { method: "POST", headers, body: "{}" });
    expect(write.status).toBe(405);
  });
});
