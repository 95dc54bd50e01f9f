import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/**
 * Issue 12's Boards and refs endpoints, as a connector developer would check them against the docs
 * (Work Item Tracking 7.1; Comments 7.1-preview.4): classification nodes with `$depth`, the fields,
 * each work item's comments (newest first, `order`, `$top` with the body's continuation token), refs
 * with `filter=tags`, `peelTags` and `filterContains`, and WIQL over any field with a date range.
 * Expected values come from the world and the pin's other lists.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Item = Record<string, any>;

async function get(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string; body: Item }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : {}) as Item };
}

async function ok(url: string, init?: RequestInit): Promise<Item> {
  const r = await get(url, init);
  expect(r.status, url).toBe(200);
  return r.body;
}

describe.each(["ado-7-1", "ado-7-1-g5"].filter((p) => !only || only.includes(p)))("boards and refs on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const orgUrl = `${baseUrl}/${pinName}/${org}`;
  const projectName = world.company.name;
  const project = encodeURIComponent(projectName);
  const wiqlUrl = `${orgUrl}/${project}/_apis/wit/wiql?api-version=7.1`;
  const post = (url: string, query: string) =>
    get(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });

  /** Every work item, as the batch API returns them (ids from WIQL, 200 at a time); read once per pin. */
  let itemsOnce: Promise<Item[]> | undefined;
  const allItems = (): Promise<Item[]> => (itemsOnce ??= readItems());
  async function readItems(): Promise<Item[]> {
    const ids = ((await post(wiqlUrl, "SELECT [System.Id] FROM WorkItems")).body.workItems as Item[]).map((w) => w.id as number);
    const out: Item[] = [];
    for (let i = 0; i < ids.length; i += 200) {
      const page = await ok(`${orgUrl}/${project}/_apis/wit/workitemsbatch?api-version=7.1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ids: ids.slice(i, i + 200) }),
      });
      out.push(...(page.value as Item[]));
    }
    return out;
  }

  it(
    "classification nodes: areas are the teams, iterations the sprints (the team settings' iterations), children to $depth",
    async () => {
      const shallow = await ok(`${orgUrl}/${project}/_apis/wit/classificationnodes?api-version=7.1`);
      expect(shallow.value.map((n: Item) => [n.structureType, n.name, n.hasChildren, "children" in n])).toStrictEqual([
        ["area", projectName, true, false],
        ["iteration", projectName, true, false],
      ]);
      const deep = await ok(`${orgUrl}/${project}/_apis/wit/classificationnodes?$depth=2&api-version=7.1`);
      // The trees are two levels deep: any $depth from 1 up answers the same.
      expect(JSON.stringify(await ok(`${orgUrl}/${project}/_apis/wit/classificationnodes?$depth=7`))).toBe(JSON.stringify(deep));
      const [areas, iterations] = deep.value as Item[];
      expect(areas!.children.map((c: Item) => c.name).sort()).toStrictEqual(world.teams.map((t) => t.name).sort());
      expect(areas!.children.every((c: Item) => c.path === `\\${projectName}\\Area\\${c.name}` && c.hasChildren === false)).toBe(true);
      const team = encodeURIComponent(`${projectName} Team`);
      const sprints = (await ok(`${orgUrl}/${project}/${team}/_apis/work/teamsettings/iterations`)).value as Item[];
      expect(iterations!.children.map((c: Item) => [c.identifier, c.name, c.attributes.startDate, c.attributes.finishDate])).toStrictEqual(
        sprints.map((s) => [s.id, s.name, s.attributes.startDate, s.attributes.finishDate]),
      );
      // One node by path, in the docs' spelling and the service's; each node's url is served.
      const one = await ok(
        `${orgUrl}/${project}/_apis/wit/classificationnodes/areas/${encodeURIComponent(world.teams[0]!.name)}?api-version=7.1`,
      );
      expect([one.name, one.structureType, one.path]).toStrictEqual([
        world.teams[0]!.name,
        "area",
        `\\${projectName}\\Area\\${world.teams[0]!.name}`,
      ]);
      for (const n of [areas!, iterations!, ...areas!.children, ...iterations!.children.slice(0, 3)])
        expect((await ok(n.url as string)).id).toBe(n.id);
      const group = await ok(`${orgUrl}/${project}/_apis/wit/classificationNodes/Iterations?$depth=1`);
      expect(group.children).toHaveLength(world.sprints.length);
      // Work items name these nodes without the structure segment.
      const items = (await allItems()).slice(0, 50);
      const areaPaths = new Set(areas!.children.map((c: Item) => String(c.path).replace("\\Area", "").slice(1)));
      const iterationPaths = new Set([
        projectName,
        ...iterations!.children.map((c: Item) => String(c.path).replace("\\Iteration", "").slice(1)),
      ]);
      for (const i of items) {
        expect(areaPaths.has(i.fields["System.AreaPath"])).toBe(true);
        expect(iterationPaths.has(i.fields["System.IterationPath"])).toBe(true);
      }
    },
    TIMEOUT,
  );

  it(
    "fields: the organization's and the project's lists, each field by reference name, every field work items carry, WIQL columns' urls",
    async () => {
      const org_ = await ok(`${orgUrl}/_apis/wit/fields?api-version=7.1`);
      const proj = await ok(`${orgUrl}/${project}/_apis/wit/fields?api-version=7.1`);
      expect(proj).toStrictEqual(org_);
      const refs = new Set((org_.value as Item[]).map((f) => f.referenceName as string));
      for (const i of (await allItems()).slice(0, 100)) for (const ref of Object.keys(i.fields)) expect(refs.has(ref), ref).toBe(true);
      for (const f of org_.value as Item[]) {
        expect(Object.keys(f)).toStrictEqual([
          "name",
          "referenceName",
          "description",
          "type",
          "usage",
          "readOnly",
          "canSortBy",
          "isQueryable",
          "supportedOperations",
          "isIdentity",
          "isPicklist",
          "isPicklistSuggested",
          "isLocked",
          "url",
        ]);
        expect(f.isIdentity).toBe(f.type === "identity");
      }
      expect((await ok(`${orgUrl}/${project}/_apis/wit/fields/System.Title`)).name).toBe("Title");
      const result = (
        await post(
          wiqlUrl,
          "SELECT [System.Id], [System.CommentCount], [Microsoft.VSTS.Common.ActivatedDate] FROM WorkItems WHERE [System.Id] > 0",
        )
      ).body;
      expect(result.columns.map((c: Item) => c.name)).toStrictEqual(["ID", "Comment Count", "Activated Date"]);
      for (const c of result.columns as Item[]) expect((await ok(c.url as string)).referenceName).toBe(c.referenceName);
    },
    TIMEOUT,
  );

  it(
    "comments: newest first, as many as System.CommentCount, each the history of a revision; " +
      "order=asc, $top with the body's continuationToken",
    async () => {
      const items = await allItems();
      const withComments = items.filter((i) => i.fields["System.CommentCount"] > 0);
      expect(withComments.length).toBeGreaterThan(items.length / 4);
      for (const i of withComments.slice(0, 12)) {
        const url = `${orgUrl}/${project}/_apis/wit/workItems/${i.id}/comments`;
        const list = await ok(`${url}?api-version=7.1-preview.4`);
        expect([list.totalCount, list.count, list.comments.length]).toStrictEqual(Array(3).fill(i.fields["System.CommentCount"]));
        expect(list.continuationToken).toBeUndefined();
        const dates = (list.comments as Item[]).map((c) => Date.parse(c.createdDate));
        expect(dates).toStrictEqual([...dates].sort((a, b) => b - a));
        expect(dates.every((d) => d <= world.asOf && d <= Date.parse(i.fields["System.ChangedDate"]))).toBe(true);
        // Each comment was saved with a revision: its System.History, by the same person at the same time.
        const updates = ((await ok(`${orgUrl}/_apis/wit/workItems/${i.id}/updates`)).value as Item[]).filter(
          (u) => u.fields["System.History"],
        );
        expect(updates.map((u) => [u.fields["System.History"].newValue, u.revisedBy.uniqueName]).reverse()).toStrictEqual(
          (list.comments as Item[]).map((c) => [c.text, c.createdBy.uniqueName]),
        );
        const asc = await ok(`${url}?order=asc`);
        expect(asc.comments.map((c: Item) => c.id)).toStrictEqual([...list.comments].reverse().map((c: Item) => c.id));
        // One at a time: the token in the body (and nextPage, its URL) until the last page, which has none.
        const walked: Item[] = [];
        let next: string | undefined = `${url}?$top=1`;
        while (next) {
          const page = await ok(next);
          walked.push(...(page.comments as Item[]));
          expect(page.count).toBe(1);
          if (page.continuationToken) expect(page.nextPage).toContain(`continuationToken=${page.continuationToken}`);
          next = page.nextPage;
        }
        expect(walked.map((c) => c.id)).toStrictEqual(list.comments.map((c: Item) => c.id));
        for (const c of list.comments as Item[]) expect(await ok(c.url as string)).toStrictEqual(c);
      }
      const none = items.find((i) => i.fields["System.CommentCount"] === 0)!;
      expect(await ok(`${orgUrl}/${project}/_apis/wit/workItems/${none.id}/comments`)).toStrictEqual({
        totalCount: 0,
        count: 0,
        comments: [],
      });
      const bad = await get(`${orgUrl}/${project}/_apis/wit/workItems/${withComments[0]!.id}/comments?continuationToken=nonsense`);
      expect(bad.status).toBe(400);
      expect(bad.body.typeName).toMatch(/Exception/);
    },
    TIMEOUT,
  );

  it(
    "refs: filter=tags lists each release's tag (lightweight: objectId is the commit, peelTags adds nothing), the unfiltered list has " +
      "branches then tags, filterContains",
    async () => {
      for (const repo of world.repos.slice(0, 4)) {
        const base = `${orgUrl}/${project}/_apis/git/repositories/${repo.name}/refs`;
        const tags = (await ok(`${base}?filter=tags&api-version=7.1`)).value as Item[];
        const releases = [...repo.releases].sort((a, b) => (a.tag < b.tag ? -1 : 1));
        expect(tags.map((t) => [t.name, t.objectId])).toStrictEqual(releases.map((r) => [`refs/tags/${r.tag}`, r.targetSha]));
        const peeled = await get(`${base}?filter=tags&peelTags=true&api-version=7.1`);
        expect(peeled.body).toStrictEqual({ count: tags.length, value: tags });
        expect(tags.every((t) => !("peeledObjectId" in t))).toBe(true);
        expect((await ok(`${base}?filter=tags/`)).value).toStrictEqual(tags);
        for (const t of tags.slice(0, 3)) expect((await ok(t.url as string)).value).toStrictEqual([t]);
        const heads = (await ok(`${base}?filter=heads/`)).value as Item[];
        const all = (await ok(base)).value as Item[];
        expect(all).toStrictEqual([...heads, ...tags]);
        // Each tag names a commit of the repository.
        for (const t of tags.slice(0, 3))
          expect((await ok(`${orgUrl}/_apis/git/repositories/${repo.name}/commits/${t.objectId}`)).commitId).toBe(t.objectId);
        const needle = releases[0]!.tag.slice(0, 4);
        expect(((await ok(`${base}?filterContains=${encodeURIComponent(needle)}`)).value as Item[]).map((r) => r.name)).toStrictEqual(
          all.map((r) => r.name as string).filter((n) => n.toLowerCase().includes(needle.toLowerCase())),
        );
      }
    },
    TIMEOUT,
  );

  it(
    "WIQL over other fields: a date range with @Today - N, AND/OR, ORDER BY two fields, $top; comment counts agree with the comments",
    async () => {
      const items = await allItems();
      const today = Date.parse(`${new Date(world.asOf).toISOString().slice(0, 10)}T00:00:00Z`);
      const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
      const query =
        "SELECT [System.Id], [System.Title] FROM WorkItems WHERE ([Microsoft.VSTS.Common.StateChangeDate] >= @Today - 60 AND " +
        "[Microsoft.VSTS.Common.StateChangeDate] < @Today - 10) OR [System.CommentCount] >= 3 " +
        "ORDER BY [System.WorkItemType], [System.Id] DESC";
      const r = await post(wiqlUrl, query);
      expect(r.status).toBe(200);
      const expected = items
        .filter((i) => {
          const d = day(i.fields["Microsoft.VSTS.Common.StateChangeDate"]);
          return (d >= today - 60 * 86_400_000 && d < today - 10 * 86_400_000) || i.fields["System.CommentCount"] >= 3;
        })
        .sort((a, b) =>
          a.fields["System.WorkItemType"] < b.fields["System.WorkItemType"]
            ? -1
            : a.fields["System.WorkItemType"] > b.fields["System.WorkItemType"]
              ? 1
              : b.id - a.id,
        );
      expect(r.body.workItems.map((w: Item) => w.id)).toStrictEqual(expected.map((i) => i.id));
      expect(r.body.sortColumns.map((c: Item) => [c.field.referenceName, c.descending])).toStrictEqual([
        ["System.WorkItemType", false],
        ["System.Id", true],
      ]);
      const top = await post(`${wiqlUrl}&$top=5`, query);
      expect(top.body.workItems).toStrictEqual(r.body.workItems.slice(0, 5));
      const commented = await post(wiqlUrl, "SELECT [System.Id] FROM WorkItems WHERE [System.CommentCount] > 0");
      expect(commented.body.workItems.map((w: Item) => w.id).sort((a: number, b: number) => a - b)).toStrictEqual(
        items
          .filter((i) => i.fields["System.CommentCount"] > 0)
          .map((i) => i.id)
          .sort((a, b) => a - b),
      );
      // A statement that does not parse: the service's 400, never the read-only 403.
      const bad = await post(wiqlUrl, "SELECT [System.Id] FROM WorkItems WHERE [System.ChangedDate] >=");
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toStrictEqual(["$id", "innerException", "message", "typeName", "typeKey", "errorCode", "eventId"]);
    },
    TIMEOUT,
  );
});
