import { describe, expect, inject, it } from "vitest";
import { type Item, client, hasFields, ids, nonDecreasing, rfc3339 } from "./connector-client.js";

/**
 * Issue 12: every request Apache DevLake's gitlab plugin makes (apache/incubator-devlake,
 * backend/plugins/gitlab, at 420e494b), sent as the plugin spells it (path, query from
 * `tasks/shared.go` `GetQuery` or the collector's own `Query`, keys sorted as `url.Values.Encode()`
 * sorts them) and paged as its collector pages (see connector-client.ts), with the fields its
 * extractors unmarshal checked. Expected values come from the pin's own unfiltered lists, walked by
 * GitLab's `next` links.
 *
 * The plugin's requests, by source file:
 * - models/connection.go `PrepareApiClient`: `GET user` (Bearer, then Private-Token), `GET version`
 * - api/connection_api.go `testConnection`: `GET projects?page=1&per_page=1`
 * - api/remote_api.go: `groups?top_level_only=true`, `groups/:id/subgroups`, `groups/:id/projects` and
 *   `users/:id/projects` (`archived=false&min_access_level=20`), search `projects?search=` — paged by
 *   `x-next-page`
 * - api/blueprint_v200.go `GetApiProject`: `GET projects/:id`
 * - tasks/mr_collector.go, mr_detail_collector.go, mr_note_collector.go (`notes?system=false`),
 *   mr_commit_collector.go, issue_collector.go, pipeline_collector.go, child_pipeline_collector.go
 *   (`source=parent_pipeline`), pipeline_detail_collector.go, job_collector.go (`scope[]=failed`,
 *   `scope[]=success`), trigger_job_collector.go (`bridges`, no query), deployment_collector.go
 *   (`order_by=updated_at`, `updated_after`/`updated_before`), tag_collector.go, account_collector.go
 *   (`members/all`, or `users` with CollectAllUsers off gitlab.com)
 * The plugin has no commit collector (commits come from gitextractor, a git clone) and issue assignees
 * are converted from the issues' `assignees`, with no request of their own.
 */
const baseUrl = inject("baseUrl");

/** GetQuery (tasks/shared.go): with_stats=true, sort=asc, page, per_page. */
const GET_QUERY = { sort: "asc", with_stats: "true" };

const time = (s: string) => Date.parse(s);

describe.each(["gl-v4", "gl-v4-g5"])("DevLake's gitlab plugin against %s", (pin) => {
  const c = client(`${baseUrl}/${pin}/api/v4`);
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);

  const projects = () => c.all("projects");
  /** An instant inside the list's span: its middle item's `field`, to whole seconds (RFC 3339 drops fractions). */
  const middle = (items: Item[], field: string) => rfc3339(Math.floor(time(items[Math.floor(items.length / 2)]![field]) / 1000) * 1000);

  it.skipIf(skip)(
    "models/connection.go PrepareApiClient: GET user (Bearer, then Private-Token) reads id, name; GET version reads version",
    async () => {
      const bearer = await c.body("user", { authorization: "Bearer x" });
      const privateToken = await c.body("user", { "private-token": "x" });
      expect(JSON.stringify(bearer)).toBe(JSON.stringify(privateToken));
      expect(typeof bearer.id).toBe("number");
      expect(typeof bearer.name).toBe("string");
      const v = await c.body("version");
      expect(typeof v.version).toBe("string");
      expect(typeof v.revision).toBe("string");
    },
  );

  it.skipIf(skip)("api/connection_api.go testConnection: GET projects?page=1&per_page=1 answers 200 with one project", async () => {
    const res = await c.get("projects?page=1&per_page=1");
    expect(res.status).toBe(200);
    expect(((await res.json()) as Item[]).length).toBe(1);
    expect(Number(res.headers.get("x-total"))).toBe((await projects()).length);
  });

  it.skipIf(skip)(
    "api/remote_api.go listGitlabRemoteScopes: groups, subgroups, group and user projects, paged by x-next-page; searchGitlabScopes",
    async () => {
      /** getNextPage: the next page while `x-next-page` is not empty. */
      async function remote(path: string, query: Record<string, string>, perPage: number): Promise<Item[]> {
        const out: Item[] = [];
        for (let page = 1; ; page++) {
          const res = await c.get(`${path}?${new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) })}`);
          expect(res.status, path).toBe(200);
          out.push(...((await res.json()) as Item[]));
          if (!res.headers.get("x-next-page")) return out;
        }
      }
      const me = await c.body("user");
      const top = await remote("groups", { top_level_only: "true" }, 100);
      expect(top.length).toBe(1);
      expect(top[0]!.parent_id).toBeNull();
      for (const perPage of [100, 2]) {
        const subgroups = await remote(`groups/${top[0]!.id}/subgroups`, {}, perPage);
        expect(ids(subgroups)).toStrictEqual(ids(await c.all(`groups/${top[0]!.id}/subgroups`)));
        for (const g of [top[0]!, ...subgroups]) {
          expect(hasFields(g, ["id", "name", "full_path"])).toStrictEqual([]);
          const listed = await remote(`groups/${g.id}/projects`, { archived: "false", min_access_level: "20" }, perPage);
          expect(ids(listed)).toStrictEqual(ids(await c.all(`groups/${g.id}/projects`)));
        }
      }
      const all = await remote(`groups/${top[0]!.id}/projects`, { archived: "false", min_access_level: "20" }, 100);
      expect(ids(all).sort()).toStrictEqual(ids(await projects()).sort());
      for (const p of all) {
        // toProjectModel and GitlabApiProject (models/project.go).
        expect(
          hasFields(p, [
            "id",
            "name",
            "description",
            "default_branch",
            "path_with_namespace",
            "web_url",
            "visibility",
            "open_issues_count",
            "star_count",
            "created_at",
            "last_activity_at",
            "http_url_to_repo",
            "archived",
            "namespace.id",
            "namespace.kind",
            "namespace.full_path",
          ]),
        ).toStrictEqual([]);
        expect(p.namespace.kind).toBe("group");
      }
      // The token owner's own namespace (`user:<id>`): every project is in the company group.
      expect(JSON.stringify(await remote(`users/${me.id}/projects`, { archived: "false", min_access_level: "20" }, 100))).toBe("[]");
      // searchGitlabScopes: search, page, per_page (the UI's page size), archived, min_access_level.
      for (const p of all.slice(0, 4)) {
        const query = { archived: "false", min_access_level: "20", page: "1", per_page: "10", search: p.name.toUpperCase() };
        const found = (await c.body(`projects?${new URLSearchParams(query)}`)) as Item[];
        expect(ids(found)).toContain(String(p.id));
        for (const f of found)
          expect([f.path, f.name, f.description ?? ""].some((s: string) => s.toLowerCase().includes(p.name.toLowerCase()))).toBe(true);
      }
      expect((await c.get("projects?min_access_level=7")).status).toBe(400);
      expect(JSON.stringify(await c.body("projects?archived=true"))).toBe("[]");
    },
  );

  it.skipIf(skip)("api/blueprint_v200.go GetApiProject: GET projects/:id", async () => {
    for (const p of await projects()) expect((await c.body(`projects/${p.id}`)).path_with_namespace).toBe(p.path_with_namespace);
  });

  it.skipIf(skip)(
    "tasks/mr_collector.go (GetQuery + updated_after, GetTotalPages) and mr_detail_collector.go (with_stats=true)",
    async () => {
      for (const p of await projects()) {
        const path = `projects/${p.id}/merge_requests`;
        const all = await c.all(path);
        const full = await c.determined(path, GET_QUERY);
        expect(ids(full).sort()).toStrictEqual(ids(all).sort());
        expect(nonDecreasing(full.map((m) => time(m.created_at)))).toBe(true);
        const since = middle(all, "updated_at");
        const incremental = await c.determined(path, { ...GET_QUERY, updated_after: since });
        expect(ids(incremental).sort()).toStrictEqual(ids(all.filter((m) => time(m.updated_at) >= time(since))).sort());
        expect(incremental.length).toBeGreaterThan(0);
        for (const m of full) {
          // MergeRequestRes (tasks/mr_extractor.go); Go matches keys without regard to case.
          expect(
            hasFields(m, [
              "id",
              "iid",
              "project_id",
              "source_project_id",
              "target_project_id",
              "state",
              "title",
              "description",
              "web_url",
              "user_notes_count",
              "work_in_progress",
              "source_branch",
              "target_branch",
              "created_at",
              "updated_at",
              "merged_at",
              "closed_at",
              "merge_commit_sha",
              "squash_commit_sha",
              "sha",
              "merged_by",
              "author.id",
              "author.username",
              "reviewers",
              "assignees",
              "labels",
            ]),
          ).toStrictEqual([]);
        }
        for (const m of full.slice(0, 2)) {
          expect(JSON.stringify(await c.body(`${path}/${m.iid}?with_stats=true`))).toBe(JSON.stringify(await c.body(`${path}/${m.iid}`)));
        }
      }
    },
  );

  it.skipIf(skip)(
    "tasks/mr_note_collector.go (notes?system=false + GetQuery) and mr_commit_collector.go (GetQuery), per merge request",
    async () => {
      // Every merge request of one project (the plugin iterates every merge request of each project alike).
      for (const p of (await projects()).slice(0, 1)) {
        for (const m of await c.all(`projects/${p.id}/merge_requests`)) {
          const base = `projects/${p.id}/merge_requests/${m.iid}`;
          const notes = await c.determined(`${base}/notes?system=false`, GET_QUERY);
          const allNotes = await c.all(`${base}/notes`);
          // GitLab's notes list has no `system` parameter (lib/api/notes.rb): system notes come too, oldest first.
          expect(ids(notes).sort()).toStrictEqual(ids(allNotes).sort());
          expect(nonDecreasing(notes.map((n) => time(n.created_at)))).toBe(true);
          for (const n of notes) {
            // MergeRequestNote (tasks/mr_note_extractor.go).
            expect(
              hasFields(n, [
                "id",
                "noteable_id",
                "noteable_iid",
                "noteable_type",
                "body",
                "created_at",
                "confidential",
                "resolvable",
                "system",
                "author.id",
                "author.username",
                "type",
              ]),
            ).toStrictEqual([]);
            expect([n.noteable_iid, n.noteable_id, n.noteable_type]).toStrictEqual([m.iid, m.id, "MergeRequest"]);
          }
          const commits = await c.determined(`${base}/commits`, GET_QUERY);
          expect(JSON.stringify(commits)).toBe(JSON.stringify(await c.all(`${base}/commits`)));
          for (const x of commits) {
            // GitlabApiCommit (tasks/mr_commit_extractor.go).
            expect(
              hasFields(x, [
                "id",
                "title",
                "message",
                "short_id",
                "author_name",
                "author_email",
                "authored_date",
                "committer_name",
                "committer_email",
                "committed_date",
                "web_url",
              ]),
            ).toStrictEqual([]);
          }
        }
      }
    },
  );

  it.skipIf(skip)("tasks/issue_collector.go: issues?page&per_page=100&sort=asc[&updated_after], GetTotalPages", async () => {
    for (const p of await projects()) {
      const path = `projects/${p.id}/issues`;
      const all = await c.all(path);
      const full = await c.determined(path, { sort: "asc" });
      expect(ids(full).sort()).toStrictEqual(ids(all).sort());
      expect(nonDecreasing(full.map((i) => time(i.created_at)))).toBe(true);
      if (all.length) {
        const since = middle(all, "updated_at");
        const incremental = await c.determined(path, { sort: "asc", updated_after: since });
        expect(ids(incremental).sort()).toStrictEqual(ids(all.filter((i) => time(i.updated_at) >= time(since))).sort());
      }
      for (const i of full) {
        // IssuesResponse (tasks/issue_extractor.go).
        expect(
          hasFields(i, [
            "id",
            "iid",
            "project_id",
            "milestone",
            "author.id",
            "author.username",
            "author.name",
            "description",
            "state",
            "assignees",
            "assignee",
            "type",
            "labels",
            "upvotes",
            "downvotes",
            "merge_requests_count",
            "title",
            "updated_at",
            "created_at",
            "closed_at",
            "closed_by",
            "user_notes_count",
            "due_date",
            "web_url",
            "references.short",
            "references.full",
            "time_stats.time_estimate",
            "time_stats.total_time_spent",
            "has_tasks",
            "confidential",
            "discussion_locked",
            "issue_type",
            "_links.self",
            "task_completion_status.count",
            "task_completion_status.completed_count",
          ]),
        ).toStrictEqual([]);
      }
    }
  });
});
