import { describe, expect, inject, it } from "vitest";
import { liveWorld, nextLink } from "./world.js";

/**
 * The Sentry host against the world it projects, read over HTTP as an integration would:
 * - every release is a commit of its project's repository (the SHAs the SCM hosts show: the world's
 *   main-line commits), and its deploys are the world's successful deployments of that SHA;
 * - every issue's first release is the deployment that introduced the error, deployed before it was
 *   first seen, and a resolved issue's `inRelease` is the later deployment that fixed it;
 * - every event lies between its issue's first and last seen, and names a release of its project;
 * - projects belong to the team that owns the service, and teams' members are the world's people.
 */
const host = `${inject("baseUrl")}/sentry/api/0`;
const headers = { Authorization: "Bearer coherence" };
const world = liveWorld();
const org = world.company.slug;

type Any = Record<string, any>;

async function get(path: string): Promise<{ body: Any; link: string | null }> {
  const res = await fetch(path.startsWith("http") ? path : `${host}/${path}`, { headers });
  expect(res.status, path).toBe(200);
  return { body: (await res.json()) as Any, link: res.headers.get("link") };
}

async function all(path: string): Promise<Any[]> {
  const out: Any[] = [];
  for (let url: string | undefined = path; url;) {
    const page = await get(url);
    out.push(...(page.body as Any[]));
    url = nextLink(page.link ?? undefined);
  }
  return out;
}

const t = (iso: string) => Date.parse(iso);

describe("Sentry host: coherence with the world", () => {
  it("every release is a deployed commit of its project's repository, its deploys the world's deployments", async () => {
    const releases = await all(`organizations/${org}/releases/`);
    expect(releases.length).toBeGreaterThan(0);
    for (const r of releases) {
      const service = world.operations.services.find((s) => s.slug === r.projects[0].slug)!;
      const repo = world.repos.find((x) => x.id === service.repoId)!;
      expect(
        repo.mainCommits.some((c) => c.sha === r.version),
        `${r.version} is a commit of ${repo.name}`,
      ).toBe(true);
      const deploys = await all(`organizations/${org}/releases/${r.version}/deploys/`);
      const expected = repo.deployments.filter(
        (d) =>
          d.sha === r.version && d.createdAt <= world.asOf && d.statuses.some((s) => s.state === "success" && s.createdAt <= world.asOf),
      );
      expect(deploys.map((d: Any) => d.id).sort()).toStrictEqual(expected.map((d) => String(d.id)).sort());
      for (const d of deploys) expect(d.environment).toBe(expected.find((x) => String(x.id) === d.id)!.environment);
    }
    // And every deployed SHA is a release.
    const shas = new Set(releases.map((r: Any) => r.version));
    for (const repo of world.repos)
      for (const d of repo.deployments) {
        if (d.statuses.some((s) => s.state === "success" && s.createdAt <= world.asOf)) expect(shas.has(d.sha), d.sha).toBe(true);
      }
  });

  it("every issue's first release is the deployment that introduced it; resolved issues name the fix", async () => {
    const issues = await all(`organizations/${org}/issues/?query=&statsPeriod=`);
    expect(issues.length).toBe(world.operations.errors.filter((g) => g.firstSeen <= world.asOf).length);
    for (const item of issues) {
      const group = world.operations.errors.find((g) => String(g.id) === item.id)!;
      const repo = world.repos.find((r) => r.id === group.repoId)!;
      const introduced = repo.deployments.find((d) => d.id === group.introducedBy)!;
      const { body: issue } = await get(`organizations/${org}/issues/${item.id}/`);
      expect(issue.firstRelease.version).toBe(introduced.sha);
      const deploys = await all(`organizations/${org}/releases/${introduced.sha}/deploys/`);
      const deploy = deploys.find((d: Any) => d.id === String(introduced.id))!;
      expect(deploy, `deploy ${introduced.id} of ${introduced.sha}`).toBeDefined();
      expect(t(deploy.dateFinished)).toBeLessThanOrEqual(t(issue.firstSeen));
      expect(deploy.environment).toBe(group.environment);
      if (issue.status === "resolved" && group.fixedRelease) {
        expect(issue.statusDetails.inRelease).toBe(group.fixedRelease);
        const fix = await all(`organizations/${org}/releases/${group.fixedRelease}/deploys/`);
        expect(fix.some((d: Any) => d.id === String(group.fixedBy) && t(d.dateStarted) >= t(deploy.dateStarted))).toBe(true);
      }
    }
  });

  it("every event lies between its issue's first and last seen and names a release of its project", async () => {
    const issues = await all(`organizations/${org}/issues/?query=&statsPeriod=`);
    let events = 0;
    for (const issue of issues) {
      const list = await all(`organizations/${org}/issues/${issue.id}/events/`);
      expect(list.length).toBe(Number(issue.count));
      const projectReleases = new Set((await all(`projects/${org}/${issue.project.slug}/releases/`)).map((r: Any) => r.version));
      for (const e of list) {
        expect(t(e.dateCreated)).toBeGreaterThanOrEqual(t(issue.firstSeen));
        expect(t(e.dateCreated)).toBeLessThanOrEqual(t(issue.lastSeen));
        const release = e.tags.find((x: Any) => x.key === "release").value as string;
        expect(projectReleases.has(release), `${e.eventID} release ${release}`).toBe(true);
        events++;
      }
      expect(list.at(-1)!.dateCreated).toBe(issue.firstSeen);
      expect(list[0]!.dateCreated).toBe(issue.lastSeen);
    }
    expect(events).toBe(world.operations.errors.reduce((n, g) => n + g.events.filter((e) => e.at <= world.asOf).length, 0));
  });

  it("projects belong to the team that owns the service; teams and members are the world's", async () => {
    for (const p of await all(`organizations/${org}/projects/`)) {
      const service = world.operations.services.find((s) => s.slug === p.slug)!;
      const team = world.teams.find((x) => x.id === service.teamId)!;
      expect(p.team.slug).toBe(team.slug);
      const { body: projectMembers } = await get(`projects/${org}/${p.slug}/members/`);
      expect(projectMembers.map((m: Any) => m.email).sort()).toStrictEqual(
        team.memberIds
          .map((id) => world.people[id - 1]!)
          .filter((x) => x.joinedAt <= world.asOf)
          .map((x) => x.email)
          .sort(),
      );
      // By id too, as `project_id_or_slug` allows.
      expect((await get(`projects/${org}/${p.id}/`)).body.slug).toBe(p.slug);
    }
    const members = await all(`organizations/${org}/members/`);
    expect(members.map((m: Any) => m.email).sort()).toStrictEqual(
      world.people
        .filter((p) => p.joinedAt <= world.asOf)
        .map((p) => p.email)
        .sort(),
    );
    for (const team of world.teams) {
      const teamMembers = await all(`teams/${org}/${team.slug}/members/`);
      expect(teamMembers.map((m: Any) => m.email).sort()).toStrictEqual(
        team.memberIds
          .map((id) => world.people[id - 1]!)
          .filter((p) => p.joinedAt <= world.asOf)
          .map((p) => p.email)
          .sort(),
      );
    }
  });
});
