import { describe, expect, inject, it } from "vitest";
import { type Item, client, hasFields, ids, nonDecreasing, rfc3339 } from "./connector-client.js";

/**
 * Issue 12 (second half, split for time; the first is devlake.test.ts): every request Apache DevLake's gitlab plugin
 * makes (apache/incubator-devlake,
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

describe.each(["gl-v4", "gl-v4-g5"])("DevLake's gitlab plugin (CI, deployments, tags, accounts) against %s", (pin) => {
  const c = client(`${baseUrl}/${pin}/api/v4`);
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pin);

  const projects = () => c.all("projects");
  /** An instant inside the list's span: its middle item's `field`, to whole seconds (RFC 3339 drops fractions). */
  const middle = (items: Item[], field: string) => rfc3339(Math.floor(time(items[Math.floor(items.length / 2)]![field]) / 1000) * 1000);

  it.skipIf(skip)(
    "tasks/pipeline_collector.go (10 lanes, no GetTotalPages), child_pipeline_collector.go " +
      "(source=parent_pipeline), pipeline_detail_collector.go",
    async () => {
      for (const p of (await projects()).slice(0, 4)) {
        const path = `projects/${p.id}/pipelines`;
        const all = await c.all(path);
        const query = { sort: "asc", with_stats: "true" };
        const full = await c.undetermined(path, query, 10);
        // order_by id (default), sort=asc: the reverse of GitLab's default order.
        expect(ids(full)).toStrictEqual(ids(all).reverse());
        const since = middle(all, "updated_at");
        const incremental = await c.undetermined(path, { ...query, updated_after: since }, 10);
        expect(ids(incremental)).toStrictEqual(ids(all.filter((x) => time(x.updated_at) >= time(since))).reverse());
        expect(JSON.stringify(await c.undetermined(path, { ...query, source: "parent_pipeline" }, 10))).toBe("[]");
        for (const x of full) {
          // ApiPipeline (tasks/pipeline_extractor.go).
          expect(hasFields(x, ["id", "ref", "sha", "status", "web_url", "source", "created_at", "updated_at"])).toStrictEqual([]);
        }
        for (const x of full.slice(0, 2)) {
          const detail = await c.body(`${path}/${x.id}?with_stats=true`);
          expect(JSON.stringify(detail)).toBe(JSON.stringify(await c.body(`${path}/${x.id}`)));
          expect(
            hasFields(detail, [
              "id",
              "ref",
              "sha",
              "status",
              "tag",
              "duration",
              "queued_duration",
              "web_url",
              "source",
              "created_at",
              "updated_at",
              "started_at",
              "finished_at",
              "detailed_status.icon",
              "detailed_status.text",
              "detailed_status.has_details",
            ]),
          ).toStrictEqual([]);
        }
      }
      expect((await c.get(`projects/${(await projects())[0]!.id}/pipelines?source=nope`)).status).toBe(400);
    },
  );

  it.skipIf(skip)("tasks/job_collector.go: jobs?page&per_page=100&scope[]=failed&scope[]=success, 10 lanes", async () => {
    for (const p of (await projects()).slice(0, 3)) {
      const all = await c.all(`projects/${p.id}/jobs`);
      const jobs = await c.undetermined(`projects/${p.id}/jobs`, { "scope[]": ["failed", "success"] }, 10);
      expect(ids(jobs)).toStrictEqual(ids(all.filter((j) => j.status === "failed" || j.status === "success")));
      for (const j of jobs) {
        // ApiJob (tasks/job_extractor.go); SimpleGitlabApiJob reads created_at.
        expect(
          hasFields(j, [
            "id",
            "status",
            "stage",
            "name",
            "ref",
            "tag",
            "allow_failure",
            "duration",
            "web_url",
            "pipeline.id",
            "queued_duration",
            "created_at",
            "started_at",
            "finished_at",
          ]),
        ).toStrictEqual([]);
      }
    }
  });

  it.skipIf(skip)("tasks/trigger_job_collector.go: pipelines/:id/bridges with no query (2 lanes ask the same URL)", async () => {
    const p = (await projects())[0]!;
    for (const x of (await c.all(`projects/${p.id}/pipelines`)).slice(0, 10)) {
      const lanes = await Promise.all([1, 2].map(() => c.body(`projects/${p.id}/pipelines/${x.id}/bridges`)));
      expect(JSON.stringify(lanes)).toBe("[[],[]]");
    }
  });

  it.skipIf(skip)(
    "tasks/deployment_collector.go: GetQuery + order_by=updated_at (GitLab 16+) + updated_after/updated_before, GetTotalPages",
    async () => {
      for (const p of await projects()) {
        const path = `projects/${p.id}/deployments`;
        const all = await c.all(path);
        const query = { ...GET_QUERY, order_by: "updated_at" };
        const full = await c.determined(path, query);
        expect(ids(full).sort()).toStrictEqual(ids(all).sort());
        expect(nonDecreasing(full.map((d) => time(d.updated_at)))).toBe(true);
        const since = middle(all, "updated_at");
        const until = rfc3339(Math.max(...all.map((d) => time(d.updated_at))) - 86_400_000);
        const window = await c.determined(path, { ...query, updated_after: since, updated_before: until });
        expect(ids(window).sort()).toStrictEqual(
          ids(all.filter((d) => time(d.updated_at) >= time(since) && time(d.updated_at) <= time(until))).sort(),
        );
        for (const d of full) {
          // GitlabDeploymentResp (tasks/deployment_extractor.go).
          expect(
            hasFields(d, [
              "created_at",
              "updated_at",
              "status",
              "deployable",
              "environment.id",
              "environment.name",
              "id",
              "iid",
              "ref",
              "sha",
              "user.id",
              "user.username",
              "user.name",
            ]),
          ).toStrictEqual([]);
        }
      }
    },
  );

  it.skipIf(skip)("tasks/tag_collector.go: repository/tags + GetQuery (sort=asc: oldest commit first), GetTotalPages", async () => {
    for (const p of await projects()) {
      const path = `projects/${p.id}/repository/tags`;
      const all = await c.all(path);
      const tags = await c.determined(path, GET_QUERY);
      expect(tags.map((t) => t.name).sort()).toStrictEqual(all.map((t) => t.name).sort());
      expect(nonDecreasing(tags.map((t) => time(t.commit.committed_date)))).toBe(true);
      // GitlabApiTag (tasks/tag_extractor.go).
      for (const t of tags) expect(hasFields(t, ["name", "message", "target", "protected", "release"])).toStrictEqual([]);
    }
  });

  it.skipIf(skip)(
    "tasks/account_collector.go: members/all (GitLab 13.11+) or users (CollectAllUsers off gitlab.com), page/per_page 100, 10 lanes",
    async () => {
      const users = await c.undetermined("users", {}, 10);
      expect(ids(users)).toStrictEqual(ids(await c.all("users")));
      for (const p of await projects()) {
        const members = await c.undetermined(`projects/${p.id}/members/all`, {}, 10);
        expect(ids(members)).toStrictEqual(ids(await c.all(`projects/${p.id}/members/all`)));
        expect(ids(members).sort()).toStrictEqual(ids(users).sort());
        for (const m of members) {
          // GitlabMember / GitlabAccount (models/account.go).
          expect(
            hasFields(m, [
              "id",
              "username",
              "name",
              "state",
              "avatar_url",
              "web_url",
              "access_level",
              "created_at",
              "created_by.id",
              "expires_at",
              "membership_state",
            ]),
          ).toStrictEqual([]);
        }
      }
    },
  );
});
