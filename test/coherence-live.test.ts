import { describe, expect, inject, it } from "vitest";
import { liveHostSelected } from "./support/live-hosts.js";

/**
 * Cross-provider coherence of the live hosts, read from what they serve (not from the world): the same
 * people in the chat workspace and the directory; the same services in error tracking, paging and the
 * status page; the same customers in support and sales; status-page incidents that the paging host had
 * first. Each check runs when the hosts it reads are built (SNAPVERSE_TEST_PINS may leave some out).
 */
const base = inject("baseUrl");
type Any = Record<string, any>;

async function get(path: string, headers: Record<string, string>): Promise<Any> {
  const res = await fetch(path.startsWith("http") ? path : `${base}${path}`, { headers });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Any;
}

const bearer = { authorization: "Bearer snapverse-coherence" };
const pdHeaders = { authorization: "Token token=snapverse-coherence", accept: "application/vnd.pagerduty+json;version=2" };
const hosts = (...prefixes: string[]) => (prefixes.every(liveHostSelected) ? it : it.skip);

async function slackPeople(): Promise<Map<string, string>> {
  const body = await get("/slack/api/users.list?limit=1000", bearer);
  const humans = (body.members as Any[]).filter((m) => !m.is_bot && m.id !== "USLACKBOT");
  return new Map(humans.map((m) => [String(m.profile.email).toLowerCase(), m.real_name as string]));
}

async function graphPeople(): Promise<Map<string, string>> {
  const body = await get("/graph/v1.0/users?$top=999", bearer);
  expect(body["@odata.nextLink"]).toBeUndefined();
  return new Map((body.value as Any[]).map((u) => [String(u.mail).toLowerCase(), u.displayName as string]));
}

async function sentryProjects(): Promise<string[]> {
  const [org] = (await get("/sentry/api/0/organizations/", bearer)) as unknown as Any[];
  const projects = (await get(`/sentry/api/0/organizations/${org!.slug}/projects/`, bearer)) as unknown as Any[];
  return projects.map((p) => p.slug as string).sort();
}

async function pdServices(): Promise<Any[]> {
  return (await get("/pd/services?limit=100", pdHeaders)).services as Any[];
}

async function zendeskOrganizations(): Promise<string[]> {
  const names: string[] = [];
  for (let url: string | null = "/zendesk/api/v2/organizations.json?page[size]=100"; url;) {
    const body = await get(url, { authorization: "Basic " + Buffer.from("agent@example.com/token:x").toString("base64") });
    names.push(...(body.organizations as Any[]).map((o) => o.name as string));
    url = body.meta.has_more ? (body.links.next as string) : null;
  }
  return names.sort();
}

describe("live hosts agree with each other", () => {
  hosts("slack", "graph")("the chat workspace and the directory have the same people, by name and email", async () => {
    const [slack, graph] = await Promise.all([slackPeople(), graphPeople()]);
    expect(slack.size).toBeGreaterThan(20);
    for (const [email, name] of slack) expect(`${email} ${graph.get(email)}`).toBe(`${email} ${name}`);
  });

  hosts("sentry", "pd")("error tracking and paging watch the same services", async () => {
    const [projects, services] = await Promise.all([sentryProjects(), pdServices()]);
    expect(projects.length).toBeGreaterThan(5);
    expect(
      services
        .map((s) => s.name as string)
        .sort()
        .join(","),
    ).toBe(projects.join(","));
  });

  hosts("statuspage", "pd")("every status-page incident was first an incident paged on the same service", async () => {
    const oauth = { authorization: "OAuth snapverse-coherence" };
    const [page] = (await get("/statuspage/v1/pages", oauth)) as unknown as Any[];
    const posted = ((await get(`/statuspage/v1/pages/${page!.id}/incidents?limit=100`, oauth)) as unknown as Any[]).filter(
      (i) => !i.scheduled_for,
    );
    // Only high-urgency incidents reach the status page; the monitors' low-urgency noise would crowd a page of 100.
    const paged = (await get("/pd/incidents?date_range=all&urgencies[]=high&limit=100", pdHeaders)).incidents as Any[];
    expect(posted.length).toBeGreaterThan(0);
    expect(paged.length).toBeGreaterThan(posted.length);
    for (const i of posted) {
      const services = (i.components as Any[]).map((c) => c.name as string);
      const first = paged.find(
        (x) =>
          services.includes(x.service.summary) &&
          Date.parse(x.created_at) <= Date.parse(i.created_at) &&
          Date.parse(i.created_at) - Date.parse(x.created_at) < 3_600_000,
      );
      expect(first, `${i.name} ${i.created_at}`).toBeDefined();
    }
  });

  hosts("zendesk", "sf")("support's organizations are the customers sales tracks", async () => {
    const orgs = await zendeskOrganizations();
    const accounts = (await get(`/sf/services/data/v67.0/query?q=${encodeURIComponent("SELECT Name FROM Account ORDER BY Name")}`, bearer))
      .records as Any[];
    const leads = (await get(`/sf/services/data/v67.0/query?q=${encodeURIComponent("SELECT Company FROM Lead")}`, bearer)).records as Any[];
    expect(accounts.length).toBeGreaterThan(10);
    const crm = [...new Set([...accounts.map((a) => a.Name as string), ...leads.map((l) => l.Company as string)])].sort();
    expect(crm.join("|")).toBe([...new Set(orgs)].sort().join("|"));
  });
});
