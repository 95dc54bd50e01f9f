import { describe, expect, inject, it } from "vitest";

/**
 * Issue 37 on GitLab: the merge request and issue filters GitLab honours are computed (labels, None/Any,
 * search, assignees, milestones), those the items cannot answer are refused with Grape's 400, booleans
 * are read as Grape reads them, and every JSON answer is `Content-Type: application/json` exactly.
 * Expected items are evaluated here over the canonical (pre-rendered) full list.
 */
const baseUrl = inject("baseUrl");

type Item = Record<string, any>;

const iids = (items: Item[]) => items.map((i) => String(i.iid)).join(",");

describe.each(["gl-v4", "gl-v4-g5"])("GitLab parameters on %s", (pin) => {
  const api = `${baseUrl}/${pin}/api/v4`;
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);
  const get = (path: string) => fetch(`${api}/${path}`, { headers: { "private-token": "x" } });

  /** Every page, 100 at a time. */
  async function walk(path: string): Promise<Item[]> {
    const out: Item[] = [];
    for (let page: string | null = "1"; page;) {
      const res = await get(`${path}${path.includes("?") ? "&" : "?"}per_page=100&page=${page}`);
      expect(res.status, path).toBe(200);
      out.push(...((await res.json()) as Item[]));
      page = res.headers.get("x-next-page");
    }
    return out;
  }

  /** The project with the most merge requests, and its full list. */
  async function busiest(): Promise<{ id: number; mrs: Item[] }> {
    const projects = (await (await get("projects?per_page=100")).json()) as Item[];
    let best = { id: 0, mrs: [] as Item[] };
    for (const p of projects) {
      const mrs = await walk(`projects/${p.id}/merge_requests`);
      if (mrs.length > best.mrs.length) best = { id: p.id, mrs };
    }
    return best;
  }

  /** A label some but not all items carry, the one carried least often. */
  function rareLabel(items: Item[]): string {
    const counts = new Map<string, number>();
    for (const i of items) for (const l of i.labels as string[]) counts.set(l, (counts.get(l) ?? 0) + 1);
    // When every item carries every label (issues are all bug reports), the least common one is still a filter to check.
    const ranked = [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    return (ranked.find(([, n]) => n < items.length) ?? ranked[0]!)[0];
  }

  it.skipIf(skip)("merge requests: labels (all of them, None, Any), search, assignee, reviewer and milestone are computed", async () => {
    const { id, mrs } = await busiest();
    const list = (q: string) => walk(`projects/${id}/merge_requests?state=all&${q}`);
    const label = rareLabel(mrs);
    const labelled = mrs.filter((m) => m.labels.includes(label));
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.length).toBeLessThan(mrs.length);
    expect(iids(await list(`labels=${encodeURIComponent(label)}`))).toBe(iids(labelled));
    const other = labelled.flatMap((m) => m.labels as string[]).find((l) => l !== label);
    if (other) {
      const both = mrs.filter((m) => m.labels.includes(label) && m.labels.includes(other));
      expect(iids(await list(`labels=${encodeURIComponent(`${label},${other}`)}`))).toBe(iids(both));
    }
    expect(iids(await list("labels=None"))).toBe(iids(mrs.filter((m) => m.labels.length === 0)));
    expect(iids(await list("labels=any"))).toBe(iids(mrs.filter((m) => m.labels.length > 0)));

    const word = (mrs[Math.floor(mrs.length / 2)]!.title as string).split(/[\s:]+/).find((w) => w.length > 4)!;
    const found = mrs.filter((m) => `${m.title}\n${m.description ?? ""}`.toLowerCase().includes(word.toLowerCase()));
    expect(found.length).toBeLessThan(mrs.length);
    expect(iids(await list(`search=${encodeURIComponent(word)}`))).toBe(iids(found));

    const who = mrs[0]!.assignees[0].username as string;
    expect(iids(await list(`assignee_username=${who}`))).toBe(iids(mrs.filter((m) => m.assignees.some((a: Item) => a.username === who))));
    expect(iids(await list("assignee_id=None"))).toBe(iids(mrs.filter((m) => m.assignees.length === 0)));
    const reviewed = mrs.find((m) => m.reviewers.length)!.reviewers[0].username as string;
    expect(iids(await list(`reviewer_username=${reviewed}`))).toBe(
      iids(mrs.filter((m) => m.reviewers.some((r: Item) => r.username === reviewed))),
    );

    const title = mrs.find((m) => m.milestone)!.milestone.title as string;
    expect(iids(await list(`milestone=${encodeURIComponent(title)}`))).toBe(iids(mrs.filter((m) => m.milestone?.title === title)));
    expect(iids(await list("milestone=None"))).toBe(iids(mrs.filter((m) => !m.milestone)));
    expect(iids(await list("milestone=Any"))).toBe(iids(mrs.filter((m) => m.milestone)));
  });

  it.skipIf(skip)("the global and group lists filter by label too, and issues by label and assignee", async () => {
    const all = await walk("merge_requests?scope=all&state=all");
    const label = rareLabel(all);
    expect(iids(await walk(`merge_requests?scope=all&state=all&labels=${encodeURIComponent(label)}`))).toBe(
      iids(all.filter((m) => m.labels.includes(label))),
    );
    const groups = (await (await get("groups?top_level_only=true")).json()) as Item[];
    const issues = await walk(`groups/${groups[0]!.id}/issues?state=all`);
    const issueLabel = rareLabel(issues);
    expect(issues.filter((i) => i.labels.includes(issueLabel)).length).toBeGreaterThan(0);
    expect(await walk(`groups/${groups[0]!.id}/issues?labels=None`)).toHaveLength(issues.filter((i) => i.labels.length === 0).length);
    expect(iids(await walk(`groups/${groups[0]!.id}/issues?labels=${encodeURIComponent(issueLabel)}`))).toBe(
      iids(issues.filter((i) => i.labels.includes(issueLabel))),
    );
    const assigned = issues.find((i) => i.assignees.length)!.assignees[0].username as string;
    expect(iids(await walk(`groups/${groups[0]!.id}/issues?assignee_username=${assigned}`))).toBe(
      iids(issues.filter((i) => i.assignees.some((a: Item) => a.username === assigned))),
    );
  });

  it.skipIf(skip)("refuses a documented filter it cannot answer with Grape's 400 naming it", async () => {
    const res = await get("merge_requests?scope=all&approved=yes");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('{"error":"approved does not have a valid value"}');
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it.skipIf(skip)("reads booleans as Grape does, and answers application/json exactly", async () => {
    const projects = (await (await get("projects?per_page=1")).json()) as Item[];
    const id = projects[0]!.id as number;
    const plain = await get(`projects/${id}?statistics=true`);
    const python = await get(`projects/${id}?statistics=True`);
    expect(python.status).toBe(200);
    expect(await python.text()).toBe(await plain.text());
    expect(plain.headers.get("content-type")).toBe("application/json");
    const computed = await get(`projects/${id}/merge_requests?labels=None&per_page=3`);
    expect(computed.headers.get("content-type")).toBe("application/json");
    const missing = await get("nowhere");
    expect([missing.status, missing.headers.get("content-type")].join(" ")).toBe("404 application/json");
    if (pin.endsWith("-g5")) {
      const tree = await get(`projects/${id}/repository/tree`);
      const off = await get(`projects/${id}/repository/tree?recursive=False`);
      expect(await off.text()).toBe(await tree.text());
      const on = await get(`projects/${id}/repository/tree?recursive=true`);
      const onPython = await get(`projects/${id}/repository/tree?recursive=True`);
      expect(await onPython.text()).toBe(await on.text());
      expect(on.status).toBe(200);
    }
  });
});
