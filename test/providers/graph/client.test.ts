import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogSite } from "../../../generator/build.js";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { runLiveJob } from "../../../generator/live/job.js";
import { computeHandlers, manifests, providers } from "../../../generator/providers/index.js";
import { createSnapHttpsServer } from "../../../generator/serve/server.js";
import { ensureCertificate } from "../../../generator/serve/tls.js";
import { DAY } from "../../../generator/world/clock.js";
import { TEST_LIVE_NOW, liveHostSelected } from "../../support/live-hosts.js";
import { directory, liveWorld, managerEmail } from "./world.js";

/**
 * @microsoft/microsoft-graph-client 3.0.7, unchanged but for its base URL (and the custom host it may send
 * its token to), over https: the client only treats `https://` links as absolute, so the test serves its own
 * build of the live host over TLS, with the project's certificate trusted by the child process that runs
 * the client (NODE_EXTRA_CA_CERTS), as a user would. The build is told no origin: every `@odata.nextLink`
 * names the one the client came in on (decision 0027).
 */
const selected = liveHostSelected("graph");
const world = liveWorld();
const dist = mkdtempSync(join(tmpdir(), "snapverse-graph-"));
const tls = mkdtempSync(join(tmpdir(), "snapverse-graph-tls-"));
let server: ReturnType<typeof createSnapHttpsServer> | undefined;
let result: Record<string, any>;

const windowStart = new Date(world.asOf - 14 * DAY).toISOString().replace(/\.\d{3}Z$/, "Z");
const windowEnd = new Date(world.asOf).toISOString().replace(/\.\d{3}Z$/, "Z");
const joined = directory(world)
  .map((d) => d.joinedAt)
  .sort((a, b) => a - b);
const earlier = joined.at(-3)! - 1;

beforeAll(async () => {
  if (!selected) return;
  const cert = await ensureCertificate(tls, "snapverse.dev");
  server = createSnapHttpsServer({ dist, compute: computeHandlers }, cert);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const catalog = loadCatalog("catalog.yaml");
  buildCatalogSite({ catalog, providers, templatesDir: "templates", manifests }, dist);
  runLiveJob({
    catalog,
    providers,
    templatesDir: "templates",
    dist,
    now: Date.parse(TEST_LIVE_NOW),
    prefixes: ["graph"],
  });
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["test/providers/graph/fixtures/graph-client.mjs", `${base}/graph`, windowStart, windowEnd, String(earlier)],
    {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert.certPath },
      encoding: "utf8",
    },
  );
  result = JSON.parse(stdout) as Record<string, any>;
}, 120_000);

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((r) => server!.close(() => r()));
  }
  rmSync(dist, { recursive: true, force: true });
  rmSync(tls, { recursive: true, force: true });
});

describe.runIf(selected)("@microsoft/microsoft-graph-client against the graph live host", () => {
  it("pages every user with PageIterator, five a page, following @odata.nextLink", () => {
    expect(result.firstPageSize).toBe(5);
    expect(result.hasNextLink).toBe(true);
    const want = directory(world)
      .map((d) => d.email)
      .sort();
    expect((result.users as Array<{ mail: string }>).map((u) => u.mail).sort()).toStrictEqual(want);
    expect(new Set((result.users as Array<{ id: string }>).map((u) => u.id)).size).toBe(want.length);
    for (const u of result.users as Array<{ mail: string; userPrincipalName: string; displayName: string }>) {
      expect(u.userPrincipalName).toBe(u.mail);
      expect(u.displayName).toBe(directory(world).find((d) => d.email === u.mail)!.name);
    }
  });

  it("answers select().filter().top(), evaluates a startsWith filter, and refuses a malformed one", () => {
    expect(result.selected).toBe(10);
    const names = result.filtered as string[];
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().startsWith("a"))).toBe(true);
    expect(result.unsupportedFilter).toStrictEqual({ status: 400, code: "BadRequest" });
  });

  it("gets me, a user's manager (the team lead) and the manager's direct reports", () => {
    const admin = world.people.find((p) => p.admin)!;
    expect(result.me).toBe(admin.email);
    const users = result.users as Array<{ id: string; mail: string }>;
    const email = (id: string) => users.find((u) => u.id === id)!.mail;
    const someone = world.people.find((p) => p.email === email(result.someone))!;
    expect(email(result.manager)).toBe(managerEmail(world, someone.id));
    const lead = world.people.find((p) => p.email === email(result.manager))!;
    const team = world.teams.find((t) => t.leadId === lead.id)!;
    const members = world.people.filter((p) => p.teamId === team.id && p.id !== lead.id && p.joinedAt <= world.asOf).map((p) => p.email);
    const reports = (result.reports as string[]).map(email);
    expect(reports).toEqual(expect.arrayContaining(members));
    expect(reports).toContain(someone.email);
  });

  it("lists the teams and the all-company group as Unified groups, with a team's members", () => {
    const groups = result.groups as Array<{ displayName: string; mailNickname: string; groupTypes: string[] }>;
    expect(groups.map((g) => g.mailNickname).sort()).toStrictEqual([...world.teams.map((t) => t.slug), `all-${world.company.slug}`].sort());
    for (const g of groups) expect(g.groupTypes).toStrictEqual(["Unified"]);
    const payments = world.teams.find((t) => t.slug === "payments")!;
    expect((result.teamMembers as string[]).sort()).toStrictEqual(
      world.people
        .filter((p) => p.teamId === payments.id && p.joinedAt <= world.asOf)
        .map((p) => p.email)
        .sort(),
    );
  });

  it("runs a delta round: every user, then nothing new from its delta link, then whoever joined after an earlier link", () => {
    expect(result.delta.count).toBe(directory(world).length);
    expect(result.delta.deltaLink).toMatch(/\/graph\/v1\.0\/users\/delta\?\$deltatoken=\d+$/);
    expect(result.deltaAgain.count).toBe(0);
    expect(result.deltaAgain.deltaLink).toBe(result.delta.deltaLink);
    expect((result.deltaSince as string[]).sort()).toStrictEqual(
      directory(world)
        .filter((d) => d.joinedAt > earlier)
        .map((d) => d.email)
        .sort(),
    );
  });

  it("reads a team member's calendarView, three events a page: the team's ceremonies in the window", () => {
    const users = result.users as Array<{ id: string; mail: string }>;
    const someone = world.people.find((p) => p.email === users.find((u) => u.id === result.someone)!.mail)!;
    const team = world.teams.find((t) => t.id === someone.teamId)!;
    const view = result.calendarView as Array<{ subject: string; start: string; attendees: string[]; organizer: string }>;
    const sprints = world.sprints.filter((s) => s.startAt < world.asOf && s.endAt > world.asOf - 14 * DAY);
    expect(sprints.length).toBeGreaterThan(0);
    // Ten weekdays in two weeks: a stand-up or a ceremony on most of them.
    expect(view.filter((e) => e.subject.startsWith(`${team.name} `)).length).toBeGreaterThanOrEqual(8);
    for (const e of view) {
      const at = Date.parse(`${e.start}Z`);
      expect(at).toBeLessThan(world.asOf);
      expect(at).toBeGreaterThan(world.asOf - 15 * DAY);
      expect([e.organizer, ...e.attendees]).toContain(someone.email);
      if (e.subject.startsWith(`${team.name} `)) expect(e.organizer).toBe(world.people[team.leadId - 1]!.email);
    }
    expect(view.map((e) => e.start)).toStrictEqual([...view.map((e) => e.start)].sort());
  });

  it("counts users with ConsistencyLevel: eventual, and refuses $count without it", () => {
    expect(Number(result.count)).toBe(directory(world).length);
    expect(result.countWithoutHeader).toStrictEqual({ status: 400, code: "Request_BadRequest" });
  });
});
