import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { validateJira } from "./schema.js";

/**
 * Issue 12: every request pattern of two connectors, as each spells it (path, parameters, paging), walked
 * to the end as each pages, with the fields each reads checked against the world and the pin's other lists.
 *
 * Apache DevLake's jira plugin (apache/incubator-devlake at 420e494b, backend/plugins/jira/): every
 * ApiCollector pages by `startAt`/`maxResults` and reads the page count from `total`
 * (tasks/shared.go `GetTotalPagesFromResponse`: ceil(total / PageSize)); the v3 collectors run on Jira Cloud
 * (`deploymentType` "Cloud" from `api/2/serverInfo`).
 *
 * Airbyte source-jira (airbytehq/airbyte airbyte-integrations/connectors/source-jira, manifest.yaml at
 * 01961889 and source_jira/streams.py at 018476df): `url_base` `/rest/api/3/` (Agile streams
 * `/rest/agile/1.0/`); `paginator` sends `maxResults=50` on every request, then `startAt` =
 * `startAt + maxResults` until `isLast` or `startAt + maxResults >= total` (a plain array stops on a short
 * page); `jql_paginator` (issues) sends `nextPageToken` until `isLast` or no token.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Any = Record<string, any>;

describe.each(["jira-v3", "jira-v3-g5"].filter((p) => !only || only.includes(p)))("connector requests on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const site = `${baseUrl}/${pinName}/rest`;
  const raw = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${site}/${path}`, init);
    return { status: res.status, text: await res.text() };
  };
  const json = async (path: string, init?: RequestInit): Promise<Any> => {
    const res = await raw(path, init);
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    const body = JSON.parse(res.text) as Any;
    // The served key: numeric issue ids and v2 paths other than issues are aliases of other resources.
    const key = `rest/${path.split("?")[0]!}`.replace(/^rest\/api\/2\/(?!issue\/)/, "rest/api/3/");
    // An answer cut by `fields` (Airbyte's Agile issues) is checked against the whole one in expand-fields.test.ts.
    const cut = /[?&]fields=/.test(path) && key.startsWith("rest/agile/");
    if (!cut && !/\/search|\/worklog\/(updated|list)|\/issue\/\d+/.test(key)) expect(validateJira(key, body), path).toBe(undefined);
    return body;
  };
  /** DevLake's ApiCollector: page 1, then as many pages as ceil(total / size) says, each by `startAt`. */
  const devlake = async (path: string, query: string, size: number, envelope: string): Promise<Any[]> => {
    const sep = query ? `${query}&` : "";
    const first = await json(`${path}?${sep}startAt=0&maxResults=${size}`);
    const out = [...(first[envelope] as Any[])];
    const pages = Math.ceil(first.total / size);
    for (let p = 1; p < pages; p++) out.push(...((await json(`${path}?${sep}startAt=${p * size}&maxResults=${size}`))[envelope] as Any[]));
    expect(out.length, path).toBe(first.total);
    return out;
  };
  /** Airbyte's `paginator`. */
  const airbyte = async (path: string, envelope?: string, extra = ""): Promise<Any[]> => {
    const out: Any[] = [];
    let query = `maxResults=50${extra}`;
    for (let n = 0; n < 100; n++) {
      const page = await json(`${path}?${query}`);
      if (Array.isArray(page)) {
        out.push(...page);
        if (page.length < 50) return out;
        query = `maxResults=50${extra}&startAt=${out.length}`;
        continue;
      }
      out.push(...((envelope ? page[envelope] : [page]) as Any[]));
      if (page.startAt === undefined) return out;
      const next = page.startAt + page.maxResults;
      if (page.isLast || next >= page.total) return out;
      query = `maxResults=50${extra}&startAt=${next}`;
    }
    throw new Error(`${path}: no last page`);
  };
  const teams = [...world.teams].sort((a, b) => a.id - b.id);
  const issueId = (key: string) => {
    const item = world.workItems.find((i) => i.key === key)!;
    return `1${String(item.teamId).padStart(2, "0")}${item.number}`;
  };
  /** A spread of issues: every 41st, so each project and most statuses show up. */
  const sample = world.workItems.filter((_, n) => n % 41 === 0);

  it(
    "DevLake connection test and site collectors (connection_api.go, status/issue_type/issue_field/project/account collectors)",
    async () => {
      // api/connection_api.go testConnection: `api/2/serverInfo`, then `agile/1.0/board`.
      const info = await json("api/2/serverInfo");
      expect(`${info.deploymentType} ${info.versionNumbers[0]}`).toBe("Cloud 1001");
      expect((await json("agile/1.0/board")).values.length).toBe(teams.length);
      // tasks/status_collector.go: `api/2/status`; issue_type_collector.go: `api/3/issuetype` on Cloud;
      // issue_field_collector.go: `api/2/field`.
      const statuses = await json("api/2/status");
      expect((statuses as unknown as Any[]).map((s) => `${s.name}/${s.statusCategory.key}`).sort()).toStrictEqual([
        "Backlog/new",
        "Canceled/done",
        "Done/done",
        "In Progress/indeterminate",
        "In Review/indeterminate",
        "To Do/new",
      ]);
      const types = (await json("api/3/issuetype")) as unknown as Any[];
      for (const t of new Set(world.workItems.map((i) => i.type)))
        expect(
          types.some((x) => x.name === t),
          t,
        ).toBe(true);
      const fields = (await json("api/2/field")) as unknown as Any[];
      expect(fields.some((f) => f.id === "customfield_10020" && f.schema.custom === "com.pyxis.greenhopper.jira:gh-sprint")).toBe(true);
      // tasks/project_collector.go: `api/2/project` (its `jql` is ignored: the answer is every project).
      const projects = (await json("api/2/project?jql=ORDER+BY+created+ASC")) as unknown as Any[];
      expect(projects.map((p) => p.key).sort()).toStrictEqual(teams.map((t) => t.key).sort());
      // tasks/account_collector.go: `api/2/user?accountId=` for each account the issues name.
      const assignees = [...new Set(sample.map((i) => i.assigneeId))];
      const me = await json("api/2/myself");
      for (const id of assignees.slice(0, 8)) {
        const person = world.people.find((p) => p.id === id)!;
        const issue = await json(`api/3/issue/${sample.find((i) => i.assigneeId === id)!.key}`);
        const account = await json(`api/2/user?accountId=${issue.fields.assignee.accountId}`);
        expect(`${account.displayName} ${account.emailAddress}`).toBe(`${person.name} ${person.email}`);
      }
      expect(me.accountType).toBe("atlassian");
    },
    TIMEOUT,
  );

  it(
    "DevLake board scope: configuration, filter jql, sprints and board issues (board_filter_begin/sprint/issue collectors)",
    async () => {
      for (const t of teams.slice(0, 2)) {
        // board_filter_begin_collector.go: `agile/1.0/board/{id}/configuration` -> `filter.id` -> `api/2/filter/{id}` -> `jql`.
        const config = await json(`agile/1.0/board/${t.id}/configuration`);
        const filter = await json(`api/2/filter/${config.filter.id}`);
        expect(filter.jql).toBe(`project = ${t.key} ORDER BY Rank ASC`);
        expect(config.location.key).toBe(t.key);
        // sprint_collector.go: `agile/1.0/board/{id}/sprint`, `jql=ORDER BY created ASC` (ignored), PageSize 50.
        const sprints = await devlake(`agile/1.0/board/${t.id}/sprint`, "jql=ORDER+BY+created+ASC", 50, "values");
        expect(sprints.map((s) => s.name)).toStrictEqual(
          [...world.sprints].sort((a, b) => a.startAt - b.startAt).map((s) => `${t.key} ${s.name}`),
        );
        // issue_collector.go: `agile/1.0/board/{id}/issue`, `jql=ORDER BY created ASC`, `expand=changelog`, PageSize 100.
        const issues = await devlake(`agile/1.0/board/${t.id}/issue`, "jql=ORDER+BY+created+ASC&expand=changelog", 100, "issues");
        const items = world.workItems.filter((i) => i.teamId === t.id).sort((a, b) => a.createdAt - b.createdAt);
        expect(issues.map((i) => i.key)).toStrictEqual(items.map((i) => i.key));
        for (const issue of issues) {
          const item = items.find((i) => i.key === issue.key)!;
          expect(`${issue.id} ${issue.fields.status.name} ${issue.fields.summary}`).toBe(
            `${issueId(item.key)} ${item.status} ${item.title}`,
          );
          expect(issue.changelog.total).toBe(issue.changelog.histories.length);
        }
        // The incremental form, `updated >= 'yyyy/MM/dd HH:mm'` in the caller's zone (issue_collector.go buildJQL).
        const since = await devlake(
          `agile/1.0/board/${t.id}/issue`,
          `jql=${encodeURIComponent("updated >= '2000/01/01 00:00' ORDER BY created ASC")}&expand=changelog`,
          100,
          "issues",
        );
        expect(since.length).toBe(issues.length);
      }
    },
    TIMEOUT,
  );

  it(
    "DevLake issue children: changelogs, comments, worklogs, remote links, dev-status (v2 and v3, by issue id)",
    async () => {
      for (const item of sample) {
        const id = issueId(item.key);
        const issue = await json(`api/3/issue/${id}?expand=changelog`);
        // issue_changelog_collector.go: `api/3/issue/{id}/changelog`, startAt/maxResults 100.
        const histories = await devlake(`api/3/issue/${id}/changelog`, "", 100, "values");
        expect(histories.map((h) => h.id)).toStrictEqual((issue.changelog.histories as Any[]).map((h) => h.id));
        const transitions = histories.flatMap((h) =>
          (h.items as Any[]).filter((x) => x.field === "status").map((x) => `${x.fromString}>${x.toString}`),
        );
        expect(transitions).toStrictEqual(item.transitions.map((t) => `${t.from}>${t.to}`));
        // issue_comment_collector.go: `api/3/issue/{id}/comment`, startAt/maxResults 100.
        const comments = await devlake(`api/3/issue/${id}/comment`, "", 100, "comments");
        expect(comments.map((c) => c.id)).toStrictEqual((issue.fields.comment.comments as Any[]).map((c) => c.id));
        // worklog_collector.go: `api/2/issue/{id}/worklog` without parameters, `worklogs` (v2: the comment is wiki text).
        const worklogs = await json(`api/2/issue/${id}/worklog`);
        expect(worklogs.total).toBe(issue.fields.worklog.total);
        for (const w of worklogs.worklogs as Any[]) {
          expect(typeof w.comment).toBe("string");
          expect(w.self).toContain("/rest/api/2/issue/");
        }
        // remotelink_collector.go: `api/2/issue/{id}/remotelink`, an array; the pull request is the world's.
        const links = (await json(`api/2/issue/${id}/remotelink`)) as unknown as Any[];
        const pr = world.repos.flatMap((r) => r.pulls.map((p) => ({ r, p }))).find(({ p }) => p.workItemKey === item.key);
        expect(
          links.some((l) => l.relationship === "implemented by"),
          item.key,
        ).toBe(pr !== undefined);
        if (pr)
          expect(links.find((l) => l.relationship === "implemented by")!.object.url).toBe(
            `https://github.${catalog.serviceDomain}/${world.company.slug}/${pr.r.name}/pull/${pr.p.number}`,
          );
        // development_panel_collector.go: `dev-status/1.0/issue/detail?issueId=&applicationType=GitHub&dataType=repository`.
        const panel = await json(`dev-status/1.0/issue/detail?issueId=${id}&applicationType=GitHub&dataType=repository`);
        const shas = (panel.detail[0].repositories as Any[]).flatMap((r) => (r.commits as Any[]).map((c) => c.id)).sort();
        const want = world.repos
          .flatMap((r) => [...r.mainCommits, ...r.pulls.flatMap((p) => p.commits)])
          .filter((c) => c.keys.includes(item.key))
          .map((c) => c.sha);
        expect(shas).toStrictEqual([...new Set(want)].sort());
      }
    },
    TIMEOUT,
  );

  it(
    "v2 issues and search: wiki markup where v3 has documents, /rest/api/2/ links, POST search is a read",
    async () => {
      const item = sample.find((i) => world.repos.some((r) => r.pulls.some((p) => p.workItemKey === i.key)))!;
      const v3 = await json(`api/3/issue/${item.key}`);
      const v2 = await json(`api/2/issue/${item.key}`);
      expect(v2.self).toBe(String(v3.self).replace("/rest/api/3/", "/rest/api/2/"));
      expect(v2.fields.description).toBe(item.description.replace(/[\\[\]{}|]/g, (c) => `\\${c}`));
      const c2 = (v2.fields.comment.comments as Any[])[0]!;
      expect(c2.body).toMatch(/\[[^|\]]+\|https:\/\/github\.[^\]]+\]/);
      expect(JSON.stringify(v2)).not.toContain("/rest/api/3/");
      // GET and POST search/jql under v2 (jira.js Version2Client, DevLake on Cloud uses v3's): the same issues, v2 bodies.
      const jql = `key = ${item.key}`;
      const got = await json(`api/2/search/jql?jql=${encodeURIComponent(jql)}&fields=*all`);
      expect(JSON.stringify(got.issues[0].fields)).toBe(JSON.stringify(v2.fields));
      const posted = await json("api/2/search/jql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jql, fields: ["*all"] }),
      });
      expect(JSON.stringify(posted)).toBe(JSON.stringify(got));
      // The removed `/search` answers 410 in both versions, GET and POST: not the read-only 403.
      for (const method of ["GET", "POST"])
        expect(
          (
            await raw("api/2/search?jql=project%3DPAY", {
              method,
              headers: { "content-type": "application/json" },
              ...(method === "POST" ? { body: "{}" } : {}),
            })
          ).status,
        ).toBe(410);
    },
    TIMEOUT,
  );

  it(
    "Airbyte site streams: dashboards, project_types, project_roles, jira_settings, " +
      "permissions, filters, projects, project versions and components",
    async () => {
      // dashboards: `dashboard`, `dashboards`; the site's system dashboard and one per team.
      const dashboards = await airbyte("api/3/dashboard", "dashboards");
      expect(dashboards.map((d) => d.name)).toStrictEqual(["Default dashboard", ...teams.map((t) => `${t.name} dashboard`)]);
      // Paged by two: `{startAt, maxResults, total, dashboards}` walked to the end gives the same list.
      const paged: Any[] = [];
      for (let startAt = 0; ;) {
        const page = await json(`api/3/dashboard?startAt=${startAt}&maxResults=2`);
        expect(`${page.startAt} ${page.maxResults} ${page.total}`).toBe(`${startAt} 2 ${dashboards.length}`);
        paged.push(...page.dashboards);
        startAt += page.maxResults;
        if (startAt >= page.total) break;
      }
      expect(paged.map((d) => d.id)).toStrictEqual(dashboards.map((d) => d.id));
      const plain = await json("api/3/dashboard");
      expect(plain.maxResults).toBe(20);
      for (const d of dashboards.slice(1))
        expect(teams.some((t) => t.leadId === world.people.find((p) => p.name === d.owner.displayName)?.id)).toBe(true);
      // project_types, project_roles, jira_settings: plain arrays.
      expect((await airbyte("api/3/project/type")).map((t) => t.key)).toContain("software");
      const roles = await airbyte("api/3/role");
      const project = await json(`api/3/project/${teams[0]!.key}`);
      for (const url of Object.values(project.roles as Record<string, string>))
        expect(roles.some((r) => url.endsWith(`/role/${r.id}`))).toBe(true);
      const settings = await airbyte("api/3/application-properties");
      expect(settings.find((s) => s.key === "jira.title")!.value).toBe(world.company.name);
      // permissions: the values of `permissions`.
      const permissions = Object.values((await json("api/3/permissions?maxResults=50")).permissions as Record<string, Any>);
      expect(permissions.map((p) => p.key)).toContain("BROWSE_PROJECTS");
      // filters: `filter/search` with its `expand`.
      const filters = await airbyte(
        "api/3/filter/search",
        "values",
        "&expand=description,owner,jql,viewUrl,searchUrl,favourite,favouritedCount,sharePermissions,isWritable,subscriptions",
      );
      expect(filters.length).toBe(teams.length);
      // projects, then each project's versions and components (`project/{key}/version`, `/component`): none.
      const projects = await airbyte("api/3/project/search", "values", "&expand=description,lead");
      for (const p of projects) {
        expect(await airbyte(`api/3/project/${p.key}/version`, "values")).toStrictEqual([]);
        expect(await airbyte(`api/3/project/${p.key}/component`, "values")).toStrictEqual([]);
        expect((await raw(`api/3/project/${p.key}/versions`)).text).toBe("[]");
      }
    },
    TIMEOUT,
  );

  // airbytehq/airbyte airbyte-integrations/connectors/source-jira/source_jira/manifest.yaml: the administration
  // streams its connection check (CheckStream, every stream once) reads: avatars_stream (ListPartitionRouter over
  // issuetype/project/user, `system`), issue_security_schemes_stream, permission_schemes_stream,
  // issue_notification_schemes_stream, workflow_schemes_stream, issue_type_schemes_stream,
  // issue_type_screen_schemes_stream, screens_stream, screen_tabs_stream, screen_tab_fields_stream,
  // screen_schemes_stream, issue_field_configurations_stream, time_tracking_stream, issue_navigator_settings_stream,
  // issue_custom_field_contexts_stream, filter_sharing_stream, project_avatars_stream, project_email_stream,
  // project_permission_schemes_stream (`securitylevel`).
  it(
    "Airbyte administration streams: avatars, schemes, screens, field configurations, time tracking, navigator columns (manifest.yaml)",
    async () => {
      const projects = await airbyte("api/3/project/search", "values", "&expand=description,lead");
      const types = (await json("api/3/issuetype")) as unknown as Any[];
      // avatars_stream: `avatar/{slice}/system`, `system`, no paging; the ids the issue types and projects use are system avatars.
      const avatars: Record<string, Any[]> = {};
      for (const slice of ["issuetype", "project", "user"]) avatars[slice] = (await json(`api/3/avatar/${slice}/system`)).system as Any[];
      for (const t of types)
        expect(
          avatars.issuetype!.some((a) => a.id === String(t.avatarId)),
          t.name,
        ).toBe(true);
      for (const p of projects)
        expect(
          avatars.project!.some((a) => p.avatarUrls["48x48"].includes(`/avatar/${a.id}?`)),
          p.key,
        ).toBe(true);
      expect(avatars.user!.length).toBeGreaterThan(0);
      // issue_security_schemes_stream (`issueSecuritySchemes`) and permission_schemes_stream (`permissionSchemes`), no paging.
      expect((await json("api/3/issuesecurityschemes")).issueSecuritySchemes).toStrictEqual([]);
      expect(((await json("api/3/permissionscheme")).permissionSchemes as Any[]).map((s) => s.name)).toStrictEqual([
        "Default Permission Scheme",
      ]);
      // issue_notification_schemes_stream, workflow_schemes_stream: `values`, paginator.
      expect((await airbyte("api/3/notificationscheme", "values")).map((s) => s.name)).toStrictEqual(["Default Notification Scheme"]);
      const workflows = (await airbyte("api/3/workflow/search", "values")).map((w) => w.id.name);
      const schemes = await airbyte("api/3/workflowscheme", "values");
      expect(schemes.length).toBe(projects.length);
      for (const s of schemes) expect(workflows, s.name).toContain(s.defaultWorkflow);
      // issue_type_schemes_stream (and the mapping Jira pages alike): every mapped type exists.
      const typeSchemes = await airbyte("api/3/issuetypescheme", "values");
      expect(typeSchemes.filter((s) => s.isDefault).length).toBe(1);
      expect(typeSchemes.length).toBe(projects.length + 1);
      const mapping = await airbyte("api/3/issuetypescheme/mapping", "values");
      for (const m of mapping) {
        expect(typeSchemes.some((s) => s.id === m.issueTypeSchemeId)).toBe(true);
        expect(types.some((t) => t.id === m.issueTypeId)).toBe(true);
      }
      for (const t of new Set(world.workItems.map((i) => i.type))) {
        const id = types.find((x) => x.name === t)!.id;
        expect(mapping.filter((m) => m.issueTypeId === id).length, t).toBe(typeSchemes.length);
      }
      // issue_type_screen_schemes_stream, screen_schemes_stream, screens_stream: `values`, paginator.
      expect((await airbyte("api/3/issuetypescreenscheme", "values")).length).toBe(projects.length + 1);
      const screens = await airbyte("api/3/screens", "values");
      const screenSchemes = await airbyte("api/3/screenscheme", "values");
      for (const s of screenSchemes)
        expect(
          screens.some((x) => x.id === s.screens.default),
          s.name,
        ).toBe(true);
      // screen_tabs_stream: `screens/{id}/tabs` for each screen; screen_tab_fields_stream: `screens/{id}/tabs/{tabId}/fields`.
      const fields = (await json("api/3/field")) as unknown as Any[];
      for (const s of screens) {
        const tabs = (await json(`api/3/screens/${s.id}/tabs`)) as unknown as Any[];
        expect(tabs.length).toBeGreaterThan(0);
        for (const tab of tabs) {
          for (const f of (await json(`api/3/screens/${s.id}/tabs/${tab.id}/fields`)) as unknown as Any[]) {
            expect(fields.find((x) => x.id === f.id)?.name, f.id).toBe(f.name);
          }
        }
      }
      // issue_field_configurations_stream: `fieldconfiguration`, `values`.
      expect((await airbyte("api/3/fieldconfiguration", "values")).filter((c) => c.isDefault).length).toBe(1);
      expect(await airbyte("api/3/fieldconfigurationscheme", "values")).toStrictEqual([]);
      // issue_custom_field_contexts_stream: `field/{id}/context` for each custom field (`values`, paginator).
      for (const f of fields.filter((x) => x.custom)) {
        const contexts = await airbyte(`api/3/field/${f.id}/context`, "values");
        expect(contexts.length, f.id).toBe(1);
        // issue_custom_field_options_stream only reads contexts of `option` fields: there are none.
        expect(f.schema.type).not.toBe("option");
      }
      // time_tracking_stream: `configuration/timetracking/list` (`*`); the selected provider is one of them.
      const providers = (await json("api/3/configuration/timetracking/list")) as unknown as Any[];
      expect(providers.map((p) => p.key)).toContain((await json("api/3/configuration/timetracking")).key);
      // issue_navigator_settings_stream: `settings/columns` (`*`): each column a field.
      for (const c of (await json("api/3/settings/columns")) as unknown as Any[])
        expect(
          fields.some((f) => f.id === c.value),
          c.value,
        ).toBe(true);
      // filter_sharing_stream: `filter/{id}/permission` for each filter: its sharePermissions.
      for (const f of await airbyte("api/3/filter/search", "values", "&expand=sharePermissions")) {
        expect(await json(`api/3/filter/${f.id}/permission`)).toStrictEqual(f.sharePermissions);
      }
      for (const p of projects) {
        // project_avatars_stream: `project/{id}/avatars` (by id), `*/*`; the selected one is the project's.
        const pa = await json(`api/3/project/${p.id}/avatars`);
        const selected = [...pa.system, ...pa.custom].filter((a: Any) => a.isSelected);
        expect(selected.length).toBe(1);
        expect(p.avatarUrls["48x48"]).toContain(`/avatar/${selected[0].id}?`);
        // project_email_stream: `project/{id}/email`; project_permission_schemes_stream: `project/{key}/securitylevel`, `levels`.
        expect(typeof (await json(`api/3/project/${p.id}/email`)).emailAddress).toBe("string");
        expect((await json(`api/3/project/${p.key}/securitylevel`)).levels).toStrictEqual([]);
      }
      // Webhooks (no stream of this manifest.yaml reads them): Jira answers a user, not an app, 403.
      const hook = await raw("api/3/webhook?maxResults=50");
      expect(hook.status).toBe(403);
      expect(JSON.parse(hook.text).errorMessages[0]).toContain("OAuth 2.0 apps");
      // users_groups_detailed_stream: `user?accountId=&expand=groups,applicationRoles`.
      const someone = (await json("api/3/users/search?maxResults=1")) as unknown as Any[];
      expect((await json(`api/3/user?accountId=${someone[0]!.accountId}&expand=groups,applicationRoles`)).accountId).toBe(
        someone[0]!.accountId,
      );
    },
    TIMEOUT,
  );

  it(
    "Airbyte issues (search/jql, jql_paginator) and their child streams",
    async () => {
      // issues: `search/jql`, `fields=*all`, `jql=updated >= <ms> ORDER BY updated asc`, `expand`, nextPageToken.
      const since = world.workItems.map((i) => i.updatedAt).sort((a, b) => a - b)[Math.floor(world.workItems.length / 2)]!;
      const issues: Any[] = [];
      for (let token: string | undefined, n = 0; n < 100; n++) {
        const page = await json(
          `api/3/search/jql?maxResults=50&fields=*all&expand=renderedFields,transitions,changelog&` +
            `jql=${encodeURIComponent(`updated >= ${since} ORDER BY updated asc`)}` +
            (token ? `&nextPageToken=${encodeURIComponent(token)}` : ""),
        );
        issues.push(...page.issues);
        token = page.nextPageToken;
        if (page.isLast || !token) break;
      }
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.length).toBeLessThanOrEqual(world.workItems.length);
      for (const issue of issues.filter((_, n) => n % 31 === 0)) {
        const key = issue.key as string;
        // issue_comments, issue_worklogs: paged by startAt; the same as the issue's own fields.
        expect((await airbyte(`api/3/issue/${key}/comment`, "comments")).map((c) => c.id)).toStrictEqual(
          (issue.fields.comment.comments as Any[]).map((c) => c.id),
        );
        expect((await airbyte(`api/3/issue/${key}/worklog`, "worklogs")).length).toBe(issue.fields.worklog.total);
        // issue_transitions: `transitions`; every status but the current one.
        const transitions = (await json(`api/3/issue/${key}/transitions?maxResults=50`)).transitions as Any[];
        expect(transitions.map((t) => t.to.name)).not.toContain(issue.fields.status.name);
        expect(transitions.length).toBe(5);
        // issue_properties (`properties`, `keys`): none stored; issue_remote_links, issue_watchers, issue_votes.
        expect((await json(`api/3/issue/${key}/properties?maxResults=50`)).keys).toStrictEqual([]);
        const links = (await json(`api/3/issue/${key}/remotelink?maxResults=50`)) as unknown as Any[];
        expect(links.length).toBe(
          new Set(
            (issue.fields.comment.comments as Any[]).flatMap(
              (c) => JSON.stringify(c.body).match(/https:\/\/github\.[^"]+\/(pull|issues)\/\d+/g) ?? [],
            ),
          ).size,
        );
        expect((await json(`api/3/issue/${key}/watchers?maxResults=50`)).watchCount).toBe(issue.fields.watches.watchCount);
        expect((await json(`api/3/issue/${key}/votes?maxResults=50`)).votes).toBe(0);
      }
    },
    TIMEOUT,
  );

  it(
    "Airbyte boards, sprints and board issues (Agile, paginator)",
    async () => {
      const boards = await airbyte("agile/1.0/board", "values");
      expect(boards.map((b) => b.location.projectKey).sort()).toStrictEqual(teams.map((t) => t.key).sort());
      for (const b of boards.slice(0, 2)) {
        const sprints = await airbyte(`agile/1.0/board/${b.id}/sprint`, "values");
        expect(sprints.length).toBe(world.sprints.length);
        const issues = await airbyte(`agile/1.0/board/${b.id}/issue`, "issues", "&fields=key,created,updated");
        expect(issues.length).toBe(world.workItems.filter((i) => String(i.teamId) === String(b.id)).length);
        for (const s of sprints.filter((x) => x.state !== "future").slice(0, 2)) {
          const inSprint = await airbyte(`agile/1.0/sprint/${s.id}/issue`, "issues", "&fields=key,status,created,updated");
          // Cut to the fields Airbyte names; the same issues as the whole list, which all name the sprint.
          expect(inSprint.every((i) => Object.keys(i.fields as Any).every((k) => ["status", "created", "updated"].includes(k)))).toBe(true);
          const whole = await airbyte(`agile/1.0/sprint/${s.id}/issue`, "issues", "");
          expect(inSprint.map((i) => i.key)).toStrictEqual(whole.map((i) => i.key));
          expect(whole.every((i) => (i.fields.customfield_10020 as Any[]).some((x) => x.id === s.id))).toBe(true);
        }
      }
    },
    TIMEOUT,
  );

  it(
    "worklog/updated and worklog/list: every worklog once, oldest update first (Airbyte's all-worklogs mode)",
    async () => {
      const ids: number[] = [];
      let times: number[] = [];
      let url = "api/3/worklog/updated?since=0";
      for (let n = 0; n < 50; n++) {
        const page = await json(url);
        ids.push(...(page.values as Any[]).map((v) => v.worklogId));
        times = [...times, ...(page.values as Any[]).map((v) => v.updatedTime)];
        expect(typeof page.lastPage).toBe("boolean");
        if (page.lastPage) {
          expect(page.nextPage).toBe(undefined);
          break;
        }
        url = String(page.nextPage).slice(`${site}/`.length);
      }
      expect(new Set(ids).size).toBe(ids.length);
      expect([...times].sort((a, b) => a - b)).toStrictEqual(times);
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse(catalog.generations.get(pin.generation)!.asOf));
      // Every worklog of every issue is there: the issues' own worklog totals add up.
      const all = await json(`api/3/search/jql?jql=${encodeURIComponent("created >= -3650d")}&fields=worklog&maxResults=100`);
      expect(all.issues.length).toBeGreaterThan(0);
      const mid = times[Math.floor(times.length / 2)]!;
      const later = await json(`api/3/worklog/updated?since=${mid}`);
      expect((later.values as Any[]).length).toBe(times.filter((t) => t > mid).length);
      // worklog/list: the worklogs by id, as the issues' lists write them (v2: wiki comments).
      const some = ids.slice(0, 5);
      const listed = (await json("api/3/worklog/list", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ids: some }),
      })) as unknown as Any[];
      expect(listed.map((w) => Number(w.id)).sort((a, b) => a - b)).toStrictEqual([...some].sort((a, b) => a - b));
      for (const w of listed) {
        const own = await json(`api/3/issue/${w.issueId}/worklog/${w.id}`);
        expect(JSON.stringify(w)).toBe(JSON.stringify(own));
      }
      const v2 = (await json("api/2/worklog/list", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ids: some }),
      })) as unknown as Any[];
      expect(v2.every((w) => typeof w.comment === "string")).toBe(true);
    },
    TIMEOUT,
  );
});
