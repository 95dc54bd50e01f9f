import { describe, expect, inject, it } from "vitest";

/**
 * Issue 37 on GitLab: the endpoints real clients call beside a merge request's own (diff versions, the
 * deprecated `changes`, discussions), a tag by name, and what a project and an issue link to (events,
 * cluster agents, award emoji), over HTTP, each checked against the merge request, tag or project it
 * belongs to rather than against fixed values.
 */
const baseUrl = inject("baseUrl");

type Item = Record<string, any>;

describe.each(["gl-v4", "gl-v4-g5"])("GitLab review endpoints on %s", (pin) => {
  const api = `${baseUrl}/${pin}/api/v4`;
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);
  const get = (path: string) => fetch(path.startsWith("http") ? path : `${api}/${path}`, { headers: { "private-token": "x" } });
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type"), path).toBe("application/json");
    return (await res.json()) as any;
  };

  /** Every page of a list, 100 at a time. */
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

  /** The first project with merged merge requests, and those merge requests. */
  async function projectWithMerges(): Promise<{ project: Item; mrs: Item[] }> {
    for (const project of (await json("projects?per_page=100")) as Item[]) {
      const mrs = await walk(`projects/${project.id}/merge_requests?state=merged`);
      if (mrs.length > 1) return { project, mrs };
    }
    throw new Error("no project has merged merge requests");
  }

  it.skipIf(skip)(
    "a merge request's versions: one, headed at its last commit, based where its diff_refs say, with its commits and diffs",
    async () => {
      const { project, mrs } = await projectWithMerges();
      for (const basic of mrs.slice(0, 5)) {
        const base = `projects/${project.id}/merge_requests/${basic.iid}`;
        const mr = await json(base);
        const commits = await walk(`${base}/commits`);
        const diffs = await walk(`${base}/diffs`);
        const versions = await json(`${base}/versions`);
        expect(versions).toHaveLength(1);
        const [v] = versions;
        expect(v.head_commit_sha).toBe(commits[0]!.id);
        expect(v.head_commit_sha).toBe(mr.diff_refs.head_sha);
        expect(v.base_commit_sha).toBe(mr.diff_refs.base_sha);
        expect(v.start_commit_sha).toBe(mr.diff_refs.start_sha);
        expect(v.merge_request_id).toBe(mr.id);
        expect(v.real_size).toBe(String(diffs.length));
        expect(Date.parse(v.created_at)).toBeGreaterThanOrEqual(Date.parse(mr.created_at));
        const full = await json(`${base}/versions/${v.id}`);
        expect(Object.keys(full).slice(0, Object.keys(v).length)).toStrictEqual(Object.keys(v));
        expect(full.commits.map((c: Item) => c.id)).toStrictEqual(commits.map((c) => c.id));
        expect(full.diffs.map((d: Item) => `${d.new_path}\n${d.diff}`)).toStrictEqual(diffs.map((d) => `${d.new_path}\n${d.diff}`));
        // Another id is not a version of this merge request.
        expect((await get(`${base}/versions/${v.id + 1}`)).status).toBe(404);
      }
    },
  );

  it.skipIf(skip)(
    "`changes` is the merge request with its diffs; `discussions` holds every note, each once, oldest thread first",
    async () => {
      const { project, mrs } = await projectWithMerges();
      for (const basic of mrs.slice(0, 5)) {
        const base = `projects/${project.id}/merge_requests/${basic.iid}`;
        const mr = await json(base);
        const changes = await json(`${base}/changes`);
        const { changes: files, overflow, ...rest } = changes;
        expect(JSON.stringify(rest)).toBe(JSON.stringify(mr));
        expect(overflow).toBe(false);
        expect(files.map((f: Item) => f.new_path)).toStrictEqual((await walk(`${base}/diffs`)).map((d) => d.new_path));
        const notes = await walk(`${base}/notes`);
        const threads = await walk(`${base}/discussions`);
        const threaded = threads.flatMap((t) => t.notes as Item[]);
        expect(threaded.map((n) => n.id).sort()).toStrictEqual(notes.map((n) => n.id).sort());
        for (const t of threads) expect(t.individual_note).toBe(t.notes[0].type !== "DiffNote");
        const starts = threads.map((t) => Date.parse(t.notes[0].created_at));
        expect(starts).toStrictEqual([...starts].sort((a, b) => a - b));
      }
    },
  );

  it.skipIf(skip)("a tag by name is the list's entry; an unknown tag is GitLab's 404", async () => {
    const { project } = await projectWithMerges();
    const tags = await walk(`projects/${project.id}/repository/tags`);
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags)
      expect(JSON.stringify(await json(`projects/${project.id}/repository/tags/${encodeURIComponent(t.name)}`))).toBe(JSON.stringify(t));
    const missing = await get(`projects/${project.id}/repository/tags/no-such-tag`);
    expect(missing.status).toBe(404);
  });

  it.skipIf(skip)(
    "project events: every merge request opened and merged, newest first, filtered by action, target type and date",
    async () => {
      const { project, mrs } = await projectWithMerges();
      const events = await walk(`projects/${project.id}/events`);
      const all = await walk(`projects/${project.id}/merge_requests?state=all`);
      const opened = events.filter((e) => e.target_type === "MergeRequest" && e.action_name === "opened");
      expect(opened.map((e) => e.target_iid).sort()).toStrictEqual(all.map((m) => m.iid).sort());
      const merged = events.filter((e) => e.action_name === "accepted");
      expect(merged.map((e) => e.target_iid).sort()).toStrictEqual(mrs.map((m) => m.iid).sort());
      for (const m of mrs) expect(merged.find((e) => e.target_iid === m.iid)!.created_at).toBe(m.merged_at);
      const times = events.map((e) => Date.parse(e.created_at));
      expect(times).toStrictEqual([...times].sort((a, b) => b - a));
      const mergedOnly = await walk(`projects/${project.id}/events?action=merged`);
      expect(mergedOnly.map((e) => e.id)).toStrictEqual(merged.map((e) => e.id));
      const issueOnly = await walk(`projects/${project.id}/events?target_type=issue`);
      expect(issueOnly.map((e) => e.id)).toStrictEqual(events.filter((e) => e.target_type === "Issue").map((e) => e.id));
      const day = events[Math.floor(events.length / 2)]!.created_at.slice(0, 10);
      const after = await walk(`projects/${project.id}/events?after=${day}`);
      expect(after.map((e) => e.id)).toStrictEqual(events.filter((e) => e.created_at.slice(0, 10) > day).map((e) => e.id));
      const before = await walk(`projects/${project.id}/events?before=${day}&sort=asc`);
      const earlier = events.filter((e) => e.created_at.slice(0, 10) < day);
      expect(before.map((e) => e.id).sort()).toStrictEqual(earlier.map((e) => e.id).sort());
      const ascending = before.map((e) => Date.parse(e.created_at));
      expect(ascending).toStrictEqual([...ascending].sort((a, b) => a - b));
      const bad = await get(`projects/${project.id}/events?action=exploded`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toStrictEqual({ error: "action does not have a valid value" });
    },
  );

  it.skipIf(skip)("what a project and an issue link to resolves: events, cluster agents (none), award emoji (none)", async () => {
    const { project } = await projectWithMerges();
    const detail = await json(`projects/${project.id}`);
    expect(await json(detail._links.events)).toBeInstanceOf(Array);
    expect(await json(detail._links.cluster_agents)).toStrictEqual([]);
    const [issue] = await json(`projects/${project.id}/issues?per_page=1`);
    if (issue) {
      expect(issue.upvotes + issue.downvotes).toBe(0);
      expect(await json(issue._links.award_emoji)).toStrictEqual([]);
    }
  });
});
