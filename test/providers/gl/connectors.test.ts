import { describe, expect, inject, it } from "vitest";

/**
 * Issue 12: the GitLab endpoints that DevLake's gitlab plugin and Airbyte's source-gitlab call, each
 * requested as the connector spells it (path, parameters, pagination) and walked to the end through
 * GitLab's page headers, with the fields the connector reads checked against the other lists of the pin.
 */
const baseUrl = inject("baseUrl");

type Item = Record<string, any>;

describe.each(["gl-v4", "gl-v4-g5"])("GitLab connector requests on %s", (pin) => {
  const api = `${baseUrl}/${pin}/api/v4`;
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);

  async function get(path: string): Promise<Response> {
    return fetch(`${api}/${path}`, { headers: { "private-token": "x" } });
  }

  async function body(path: string): Promise<any> {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.json();
  }

  /** DevLake's ApiCollector: `page`/`per_page` on every request, `x-total-pages` read from the first page. */
  async function devlake(path: string, perPage: number): Promise<Item[]> {
    const first = await get(`${path}?page=1&per_page=${perPage}`);
    expect(first.status, path).toBe(200);
    const pages = Number(first.headers.get("x-total-pages"));
    const out = (await first.json()) as Item[];
    for (let page = 2; page <= pages; page++) out.push(...((await body(`${path}?page=${page}&per_page=${perPage}`)) as Item[]));
    return out;
  }

  /**
   * Airbyte's declarative `PageIncrement` paginator (manifest.yaml `definitions.paginator`: page_size 50,
   * start_from_page 1, inject_on_first_request false): the first request carries only `per_page=50`, the
   * next ones `page=2, 3…`, until a page holds fewer than 50 records.
   */
  async function airbyte(path: string): Promise<Item[]> {
    const out: Item[] = [];
    for (let page = 1; ; page++) {
      const items = (await body(page === 1 ? `${path}?per_page=50` : `${path}?per_page=50&page=${page}`)) as Item[];
      out.push(...items);
      if (items.length < 50) return out;
    }
  }

  const projects = async () => (await body("projects?per_page=100")) as Item[];
  const companyGroup = async () => ((await body("groups?per_page=100")) as Item[]).find((g) => g.parent_id === null)!;

  it.skipIf(skip)(
    'GET /version: DevLake\'s connection test reads `version` (models/connection.go, PrepareApiClient: apiClient.Get("version"))',
    async () => {
      const v = await body("version");
      expect(Object.keys(v)).toStrictEqual(["version", "revision", "kas", "enterprise"]);
      // DevLake prefixes a `v` and compares with semver: 13.11 or later selects members/all.
      expect(/^\d+\.\d+\.\d+/.exec(v.version)![0]).toBe("17.11.0");
      expect(v.enterprise).toBe(true);
    },
  );

  it.skipIf(skip)(
    "repository/tags: DevLake tag_collector.go:44 (per_page 100) and Airbyte tags_stream read name and commit.id",
    async () => {
      for (const p of await projects()) {
        const path = `projects/${p.id}/repository/tags`;
        const dl = await devlake(path, 100);
        const ab = await airbyte(path);
        expect(ab.map((t) => t.name)).toStrictEqual(dl.map((t) => t.name));
        const releases = (await body(`projects/${p.id}/releases?per_page=100`)) as Item[];
        // One tag per release, each on its release's commit.
        expect(dl.map((t) => t.name).sort()).toStrictEqual(releases.map((r) => r.tag_name).sort());
        const commitOf = new Map(releases.map((r) => [r.tag_name as string, r.commit.id as string]));
        expect(dl.map((t) => `${t.name} ${t.commit.id}`)).toStrictEqual(dl.map((t) => `${t.name} ${commitOf.get(t.name)}`));
        expect(dl.map((t) => t.target)).toStrictEqual(dl.map((t) => t.commit.id));
        // GitLab's default order: `updated` (the commit's date) descending.
        const dates = dl.map((t) => Date.parse(t.commit.committed_date));
        expect(dates).toStrictEqual([...dates].sort((a, b) => b - a));
        // order_by=name&sort=asc is computed by the query engine.
        const byName = (await body(`${path}?order_by=name&sort=asc&per_page=100`)) as Item[];
        expect(byName.map((t) => t.name)).toStrictEqual(dl.map((t) => t.name).sort());
      }
    },
  );

  it.skipIf(skip)(
    "projects/:id/members/all: DevLake account_collector.go:55 (page, per_page 100) reads id, username, name, state, access_level",
    async () => {
      const users = (await body("users?per_page=100")) as Item[];
      for (const p of await projects()) {
        const all = await devlake(`projects/${p.id}/members/all`, 100);
        // Every user reaches every project through the company group, once each, by id.
        expect(all.map((m) => String(m.id))).toStrictEqual(users.map((u) => String(u.id)).sort((a, b) => Number(a) - Number(b)));
        const direct = new Map(
          ((await body(`projects/${p.id}/members?per_page=100`)) as Item[]).map((m) => [m.id as number, m.access_level as number]),
        );
        const company = new Map(
          ((await body(`groups/${(await companyGroup()).id}/members?per_page=100`)) as Item[]).map((m) => [
            m.id as number,
            m.access_level as number,
          ]),
        );
        expect(all.map((m) => `${m.username} ${m.access_level}`)).toStrictEqual(
          all.map((m) => `${m.username} ${Math.max(direct.get(m.id) ?? 0, company.get(m.id) ?? 0)}`),
        );
        expect(all.every((m) => typeof m.name === "string" && m.state === "active")).toBe(true);
      }
    },
  );

  it.skipIf(skip)("groups/:id/members/all: inherited members of the company group in every subgroup", async () => {
    const top = await companyGroup();
    const topAll = await devlake(`groups/${top.id}/members/all`, 100);
    const topDirect = await devlake(`groups/${top.id}/members`, 100);
    expect(JSON.stringify(topAll)).toBe(JSON.stringify(topDirect));
    for (const sub of (await body(`groups/${top.id}/subgroups`)) as Item[]) {
      const all = await devlake(`groups/${sub.id}/members/all`, 100);
      expect(all.map((m) => String(m.id))).toStrictEqual(topAll.map((m) => String(m.id)));
    }
    // `query` matches a name or username, as the members finder does.
    const someone = topAll[0]!;
    const found = (await body(`groups/${top.id}/members/all?query=${encodeURIComponent(someone.username)}`)) as Item[];
    expect(found.map((m) => m.username)).toContain(someone.username);
  });

  it.skipIf(skip)("projects/:id/users: Airbyte users_stream (per_page 50, PageIncrement) reads id, username, name", async () => {
    const users = (await body("users?per_page=100")) as Item[];
    for (const p of await projects()) {
      const listed = await airbyte(`projects/${p.id}/users`);
      expect(listed.map((u) => u.username)).toStrictEqual([...users].sort((a, b) => a.id - b.id).map((u) => u.username));
      expect(JSON.stringify(listed)).toBe(JSON.stringify([...users].sort((a, b) => a.id - b.id)));
    }
  });

  it.skipIf(skip)("groups/:id/descendant_groups: Airbyte include_descendant_groups_stream reads each descendant's id", async () => {
    const top = await companyGroup();
    const desc = await airbyte(`groups/${top.id}/descendant_groups`);
    const subgroups = (await body(`groups/${top.id}/subgroups?per_page=100`)) as Item[];
    expect(desc.map((g) => String(g.id)).sort()).toStrictEqual(subgroups.map((g) => String(g.id)).sort());
    // GitLab's default order: by name.
    expect(desc.map((g) => g.name)).toStrictEqual(desc.map((g) => g.name).sort());
    expect(desc.every((g) => g.parent_id === top.id)).toBe(true);
    for (const g of desc) expect(JSON.stringify(await airbyte(`groups/${g.id}/descendant_groups`))).toBe("[]");
    // The same group by its path.
    expect(JSON.stringify(await body(`groups/${encodeURIComponent(top.full_path)}/descendant_groups`))).toBe(
      JSON.stringify(desc.slice(0, 20)),
    );
  });

  it.skipIf(skip)("groups?top_level_only=true: only the company group", async () => {
    const top = (await body("groups?top_level_only=true")) as Item[];
    expect(top.map((g) => g.full_path)).toStrictEqual([(await companyGroup()).full_path]);
    const all = (await body("groups?top_level_only=false")) as Item[];
    expect(JSON.stringify(all)).toBe(JSON.stringify(await body("groups")));
  });

  it.skipIf(skip)(
    "notes activity_filter=only_comments drops system notes (gitlab-org/gitlab lib/api/" +
      "notes.rb declares activity_filter, order_by, sort; " +
      "no `system`): DevLake's system=false is ignored",
    async () => {
      const p = (await projects())[0]!;
      const mr = ((await body(`projects/${p.id}/merge_requests?per_page=100`)) as Item[])[0]!;
      const path = `projects/${p.id}/merge_requests/${mr.iid}/notes`;
      const all = (await body(`${path}?per_page=100`)) as Item[];
      const comments = (await body(`${path}?per_page=100&activity_filter=only_comments`)) as Item[];
      const activity = (await body(`${path}?per_page=100&activity_filter=only_activity`)) as Item[];
      expect(comments.map((n) => String(n.id))).toStrictEqual(all.filter((n) => !n.system).map((n) => String(n.id)));
      expect(activity.map((n) => String(n.id))).toStrictEqual(all.filter((n) => n.system).map((n) => String(n.id)));
      expect(JSON.stringify(await body(`${path}?per_page=100&system=false`))).toBe(JSON.stringify(all));
      expect((await get(`${path}?activity_filter=nope`)).status).toBe(400);
      // order_by created_at (default) | updated_at, sort desc (default) | asc.
      const asc = (await body(`${path}?per_page=100&sort=asc`)) as Item[];
      expect(asc.map((n) => String(n.id)).sort()).toStrictEqual(all.map((n) => String(n.id)).sort());
      expect(asc.map((n) => Date.parse(n.created_at))).toStrictEqual(asc.map((n) => Date.parse(n.created_at)).sort((a, b) => a - b));
      const byUpdate = (await body(`${path}?per_page=100&order_by=updated_at&sort=asc`)) as Item[];
      expect(byUpdate.map((n) => Date.parse(n.updated_at))).toStrictEqual(
        byUpdate.map((n) => Date.parse(n.updated_at)).sort((a, b) => a - b),
      );
      expect((await get(`${path}?order_by=id`)).status).toBe(400);
      expect((await get(`${path}?sort=up`)).status).toBe(400);
    },
  );

  it.skipIf(skip)(
    "boards and epics: Airbyte group_issue_boards_stream, epics_stream (Premium: available, none made) and project boards",
    async () => {
      const top = await companyGroup();
      for (const g of [top, ...((await body(`groups/${top.id}/subgroups`)) as Item[])]) {
        for (const path of [`groups/${g.id}/boards`, `groups/${g.id}/epics`]) {
          const res = await get(`${path}?per_page=50`);
          expect(res.status, path).toBe(200);
          expect(await res.text()).toBe("[]");
          expect(res.headers.get("x-total")).toBe("0");
        }
      }
      // Grape checks the enum even on an empty list.
      expect((await get(`groups/${top.id}/epics?state=nope`)).status).toBe(400);
      expect(JSON.stringify(await body(`groups/${top.id}/epics?state=opened&order_by=updated_at&sort=asc`))).toBe("[]");
      for (const p of await projects()) expect(JSON.stringify(await body(`projects/${p.id}/boards`))).toBe("[]");
    },
  );

  it.skipIf(skip)(
    "pipelines/:id/bridges: DevLake trigger_job_collector.go (UrlTemplate projects/{id}/" +
      "pipelines/{GitlabId}/bridges, PageSize 100): no trigger jobs",
    async () => {
      const p = (await projects())[0]!;
      const pipelines = await devlake(`projects/${p.id}/pipelines`, 100);
      expect(pipelines.length).toBeGreaterThan(0);
      for (const pl of pipelines.slice(0, 10)) {
        expect(JSON.stringify(await devlake(`projects/${p.id}/pipelines/${pl.id}/bridges`, 100))).toBe("[]");
        expect(JSON.stringify(await body(`projects/${p.id}/pipelines/${pl.id}/bridges`))).toBe("[]");
      }
    },
  );

  it.skipIf(skip)("pipelines?source=: the pipeline source filter (merge_request_event, push)", async () => {
    for (const p of (await projects()).slice(0, 3)) {
      const all = await devlake(`projects/${p.id}/pipelines`, 100);
      for (const source of ["push", "merge_request_event", "schedule"]) {
        const listed = (await body(`projects/${p.id}/pipelines?source=${source}&per_page=100`)) as Item[];
        expect(listed.map((x) => String(x.id))).toStrictEqual(
          all
            .filter((x) => x.source === source)
            .slice(0, 100)
            .map((x) => String(x.id)),
        );
      }
    }
  });

  it.skipIf(skip)("projects/:id?statistics=1: Airbyte projects_stream (request_parameters statistics: 1) reads statistics", async () => {
    for (const p of await projects()) {
      const plain = await body(`projects/${p.id}`);
      expect(Object.keys(plain)).not.toContain("statistics");
      for (const on of ["1", "true"]) {
        const withStats = await body(`projects/${p.id}?statistics=${on}`);
        const { statistics, ...rest } = withStats;
        expect(JSON.stringify(rest)).toBe(JSON.stringify(plain));
        // The default branch's commits, as the commit list of `main` counts them.
        const commits = await get(`projects/${p.id}/repository/commits?per_page=1`);
        expect(String(statistics.commit_count)).toBe(commits.headers.get("x-total"));
        expect(statistics.storage_size).toBe(statistics.repository_size);
      }
      for (const off of ["false", "0"])
        expect(JSON.stringify(await body(`projects/${p.id}?statistics=${off}`))).toBe(JSON.stringify(plain));
    }
  });
});
