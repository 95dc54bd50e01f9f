import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/**
 * Issue 37: what Azure DevOps answers link to is served, and agrees with the answer that named it and
 * with the world. Each link is read from an answer (never built here), and the expected values come
 * from the world or from the pin's other answers; JSON is compared as its text (key order included).
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Item = Record<string, any>;

async function get(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const res = await fetch(url, { redirect: "manual", ...init });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString("utf8") };
}

async function ok(url: string, init?: RequestInit): Promise<Item> {
  const r = await get(url, init);
  expect(r.status, url).toBe(200);
  return JSON.parse(r.text) as Item;
}

const text = (v: unknown) => JSON.stringify(v);

describe.each(["ado-7-1", "ado-7-1-g5"].filter((p) => !only || only.includes(p)))("links on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const orgUrl = `${baseUrl}/${pinName}/${world.company.slug}`;
  const project = encodeURIComponent(world.company.name);
  const repoOf = async (name: string) => ok(`${orgUrl}/_apis/git/repositories/${name}`);

  it(
    "identities, avatars and Graph memberships of every person, as identity refs and Graph users link them",
    async () => {
      const users = (await ok(`${orgUrl}/_apis/graph/users?$top=1000`)).value as Item[];
      expect(users.length).toBe(world.people.length);
      const pr = (await ok(`${orgUrl}/${project}/_apis/git/pullRequests?searchCriteria.status=all&$top=1`)).value[0] as Item;
      const ref = pr.createdBy as Item;
      const identity = await ok(ref.url as string);
      expect([identity.id, identity.subjectDescriptor, identity.providerDisplayName, identity.properties.Account.$value]).toStrictEqual([
        ref.id,
        ref.descriptor,
        ref.displayName,
        ref.uniqueName,
      ]);
      const avatar = await get(ref._links.avatar.href as string);
      const image = await get(ref.imageUrl as string);
      expect([avatar.status, avatar.headers.get("content-type"), image.status, image.headers.get("content-type")]).toStrictEqual([
        200,
        "image/png",
        200,
        "image/png",
      ]);
      expect(avatar.bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
      expect(image.bytes.equals(avatar.bytes)).toBe(true);
      expect((await get(`${orgUrl}/_api/_common/identityImage?id=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      for (const u of users) {
        const person = world.people.find((p) => p.email === u.mailAddress)!;
        const groups = (await ok(u._links.memberships.href as string)).value as Item[];
        const names: string[] = [];
        for (const m of groups) {
          expect(m.memberDescriptor).toBe(u.descriptor);
          expect(text(await ok(m._links.self.href as string))).toBe(text(m));
          names.push((await ok(m._links.container.href as string)).displayName as string);
        }
        const teams = [`${world.company.name} Team`, ...world.teams.filter((t) => t.memberIds.includes(person.id)).map((t) => t.name)];
        expect(names.sort()).toStrictEqual(teams.sort());
        expect((await ok(u._links.membershipState.href as string)).active).toBe(true);
        const key = (await ok(u._links.storageKey.href as string)).value as string;
        expect((await ok(`${orgUrl}/_apis/Identities/${key}`)).subjectDescriptor).toBe(u.descriptor);
      }
      const projectBody = await ok(`${orgUrl}/_apis/projects/${project}`);
      expect((await ok(projectBody._links.collection.href as string)).name).toBe(world.company.slug);
    },
    TIMEOUT,
  );

  it(
    "pushes are the default branch's commits and the pull requests' commits; refs/heads/{branch} is the filtered refs list",
    async () => {
      for (const repo of world.repos) {
        const r = await repoOf(repo.name);
        const pushes = (await ok(`${r._links.pushes.href as string}?$top=5000`)).value as Item[];
        const mainCommits = (await ok(`${r.url as string}/commits?searchCriteria.$top=5000`)).value as Item[];
        const prCommits = repo.pulls.reduce((n, pr) => n + pr.commits.length, 0);
        expect(pushes.length, repo.name).toBe(mainCommits.length + prCommits);
        expect(pushes.map((p) => p.pushId)).toStrictEqual(pushes.map((_, i) => pushes.length - i));
        const toMain: string[] = [];
        for (const p of pushes) {
          const one = await ok(p.url as string);
          expect(text({ ...one, commits: undefined, refUpdates: undefined })).toBe(
            text({ commits: undefined, refUpdates: undefined, ...p }),
          );
          expect(one.commits[0].commitId).toBe(one.refUpdates[0].newObjectId);
          if (one.refUpdates[0].name === r.defaultBranch) toMain.push(one.refUpdates[0].newObjectId as string);
        }
        expect(toMain.sort()).toStrictEqual(mainCommits.map((c) => c.commitId as string).sort());
        for (const pr of repo.pulls.slice(0, 5)) {
          const body = await ok(`${r.url as string}/pullRequests/${repo.id * 1000 + pr.number}`);
          const route = await ok(body._links.sourceBranch.href as string);
          const query = await ok(`${r.url as string}/refs?filter=${encodeURIComponent(`heads/${pr.headBranch}`)}`);
          expect(text(route)).toBe(text(query));
        }
      }
    },
    TIMEOUT,
  );

  it(
    "a pull request's reviewers, comments, labels and statuses, one by one as the lists hold them",
    async () => {
      const prs = (await ok(`${orgUrl}/${project}/_apis/git/pullRequests?searchCriteria.status=all&$top=40`)).value as Item[];
      let labels = 0;
      for (const pr of prs) {
        for (const rv of pr.reviewers as Item[]) expect(text(await ok(rv.reviewerUrl as string))).toBe(text(rv));
        const threads = (await ok(`${pr.url as string}/threads`)).value as Item[];
        for (const t of threads) expect(text(await ok(t.comments[0]._links.self.href as string))).toBe(text(t.comments[0]));
        const list = (await ok(`${pr.url as string}/labels`)).value as Item[];
        expect(text(list)).toBe(text(pr.labels ?? []));
        for (const l of list) expect(text(await ok(l.url as string))).toBe(text(l));
        labels += list.length;
        expect((await ok(`${pr.url as string}/statuses`)).count).toBe(0);
      }
      expect(labels).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    "a build's logs follow its timeline, its sources redirect to the commit, its badge and queue answer",
    async () => {
      const builds = (await ok(`${orgUrl}/${project}/_apis/build/builds?$top=25`)).value as Item[];
      for (const b of builds) {
        const records = ((await ok(b._links.timeline.href as string)).records as Item[]).filter((x) => x.log);
        const logs = (await ok(b.logs.url as string)).value as Item[];
        expect(logs.map((l) => l.url)).toStrictEqual(
          records.map((x) => x.log.url).sort((x: string, y: string) => Number(x.split("/").pop()) - Number(y.split("/").pop())),
        );
        for (const l of logs.slice(0, 4)) {
          const record = records.find((x) => x.log.id === l.id)!;
          const log = await get(l.url as string);
          expect(log.headers.get("content-type")).toMatch(/^text\/plain/);
          const lines = log.text.split("\r\n");
          expect([lines.length, lines[0]!.endsWith(`##[section]Starting: ${record.name}`)]).toStrictEqual([l.lineCount, true]);
          const json = await ok(l.url as string, { headers: { accept: "application/json" } });
          expect(text(json.value)).toBe(text(lines));
        }
        const sources = await get(b._links.sourceVersionDisplayUri.href as string);
        expect([sources.status, sources.headers.get("location")?.endsWith(`/commit/${b.sourceVersion as string}`)]).toStrictEqual([
          302,
          true,
        ]);
      }
      const definitions = (await ok(`${orgUrl}/${project}/_apis/build/definitions`)).value as Item[];
      for (const d of definitions) {
        const badge = await get(d._links.badge.href as string);
        const repo = world.repos.find((r) => r.name === d.name)!;
        const last = [...repo.runs]
          .filter((r) => r.headBranch === repo.defaultBranch && r.status === "completed")
          .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
        const state = !last ? "never built" : last.conclusion === "success" ? "succeeded" : "failed";
        expect([badge.status, badge.headers.get("content-type"), badge.text.includes(`Azure Pipelines: ${state}`)]).toStrictEqual([
          200,
          "image/svg+xml",
          true,
        ]);
        const full = await ok(d.url as string);
        const queue = await ok(full.queue.url as string);
        expect(text(queue)).toBe(text(full.queue));
      }
    },
    TIMEOUT,
  );

  it(
    "work item types, revisions, single updates and team field values agree with the work items",
    async () => {
      for (const w of world.workItems.slice(0, 30)) {
        const item = await ok(`${orgUrl}/_apis/wit/workItems/${w.id}?$expand=all`);
        const type = await ok(item._links.workItemType.href as string);
        expect(type.name).toBe(item.fields["System.WorkItemType"]);
        expect((type.states as Item[]).map((s) => s.name)).toContain(item.fields["System.State"]);
        const revisions = (await ok(item._links.workItemRevisions.href as string)).value as Item[];
        expect(revisions.length).toBe(item.rev);
        expect(text(revisions.at(-1)!.fields)).toBe(text(item.fields));
        expect(text(await ok(revisions[0]!.url as string))).toBe(text(revisions[0]));
        const updates = (await ok(item._links.workItemUpdates.href as string)).value as Item[];
        for (const u of updates) expect(text(await ok(u.url as string))).toBe(text(u));
      }
      const teams = (await ok(`${orgUrl}/_apis/projects/${project}/teams`)).value as Item[];
      for (const t of teams) {
        const settings = await ok(`${orgUrl}/${project}/${t.id as string}/_apis/work/teamsettings`);
        const values = await ok(settings._links.teamFieldValues.href as string);
        const team = world.teams.find((x) => x.name === t.name);
        const mine = world.workItems.find((w) => team && w.teamId === team.id);
        const areaOf = mine
          ? ((await ok(`${orgUrl}/_apis/wit/workItems/${mine.id}`)).fields["System.AreaPath"] as string)
          : world.company.name;
        expect([values.field.referenceName, values.defaultValue]).toStrictEqual(["System.AreaPath", areaOf]);
      }
    },
    TIMEOUT,
  );
});
