import { AgileClient, Version3Client } from "jira.js";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Person, WorkItem } from "../../../generator/world/types.js";
import { errorBody, searchResults, validateJira } from "./schema.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Any = Record<string, any>;

/** `2026-04-02T18:14:00.000+0900`: Jira's timestamps, in the viewer's zone. */
function jiraTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const abs = Math.abs(offsetMinutes);
  return `${local}${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** What jira.js throws for an HTTP error: the status and Jira's body. */
async function failure(call: Promise<unknown>): Promise<{ status: number; data: Any }> {
  try {
    await call;
  } catch (e) {
    const err = e as { status: number; response: { data: Any } };
    return { status: err.status, data: err.response.data };
  }
  throw new Error("the call did not fail");
}

/**
 * jira.js 5, unchanged but for `host`, running the read workflow of a sync integration against both
 * pins: the caller and the people, every project, JQL search paged to the end by `nextPageToken` (GET and
 * POST), issues with their changelog, comments and worklogs, boards, sprints by state and their issues,
 * and on generation 5 the attachments. jira.js has no switch for strict response checking (it validates
 * only the statuses API, strictly, with its own zod schemas, and that API is called here); every other
 * answer is checked against the validators in schema.ts. Expected values come from the world model.
 */
describe.each(["jira-v3-g5", "jira-v3"].filter((p) => !only || only.includes(p)))("jira.js against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const host = `${baseUrl}/${pinName}`;
  const config = { host, authentication: { basic: { email: "integration@example.com", apiToken: "token" } } };
  const v3 = new Version3Client(config);
  const agile = new AgileClient(config);
  const viewer = world.people.find((p) => p.admin)!;
  const time = (ms: number) => jiraTime(ms, viewer.utcOffsetMinutes);
  const person = (id: number): Person => world.people[id - 1]!;
  const team = world.teams[0]!;
  const teamItems = world.workItems.filter((i) => i.teamId === team.id);
  const pullOf = (i: WorkItem) => world.repos.find((r) => r.id === i.repoId)?.pulls.find((p) => p.workItemKey === i.key);
  const valid = (path: string, body: unknown) => expect(validateJira(path, body), path).toBeUndefined();

  it(
    "reads the caller, the site, and everyone by page, by email and by account id",
    async () => {
      const me = await v3.myself.getCurrentUser();
      valid("rest/api/3/myself", me);
      expect(`${me.displayName} ${me.emailAddress} ${me.timeZone} ${me.accountType}`).toBe(
        `${viewer.name} ${viewer.email} ${viewer.timeZone} atlassian`,
      );
      const info = await v3.serverInfo.getServerInfo();
      expect(`${info.baseUrl} ${info.deploymentType} ${info.serverTime}`).toBe(`${host} Cloud ${time(world.asOf)}`);
      const everyone: Any[] = [];
      for (let startAt = 0; ; startAt += 10) {
        const page = await v3.users.getAllUsers({ startAt, maxResults: 10 });
        valid("rest/api/3/users/search", page);
        everyone.push(...page);
        if (page.length < 10) break;
      }
      expect(everyone.map((u) => `${u.displayName} <${u.emailAddress}>`).sort()).toStrictEqual(
        world.people.map((p) => `${p.name} <${p.email}>`).sort(),
      );
      expect(new Set(everyone.map((u) => u.accountId)).size).toBe(world.people.length);
      const found = await v3.userSearch.findUsers({ query: viewer.email });
      expect(found.map((u) => u.accountId)).toStrictEqual([me.accountId]);
      const byId = await v3.users.getUser({ accountId: me.accountId! });
      expect(JSON.stringify(byId)).toBe(JSON.stringify(me));
      expect(JSON.stringify(await v3.users.getAllUsersDefault())).toBe(JSON.stringify(await v3.users.getAllUsers()));
    },
    TIMEOUT,
  );

  it(
    "pages through every project (PageBean), and reads each by key and by id",
    async () => {
      const projects: Any[] = [];
      for (let startAt = 0; ;) {
        const page = await v3.projects.searchProjects({ startAt, maxResults: 4 });
        valid("rest/api/3/project/search", page);
        projects.push(...page.values);
        expect(page.nextPage === undefined).toBe(page.isLast);
        if (page.isLast) break;
        startAt = page.startAt + page.values.length;
      }
      const teams = [...world.teams].sort((a, b) => (a.key < b.key ? -1 : 1));
      expect(projects.map((p) => `${p.key} ${p.name}`)).toStrictEqual(teams.map((t) => `${t.key} ${t.name}`));
      const byKey = await v3.projects.getProject({ projectIdOrKey: team.key });
      const byId = await v3.projects.getProject({ projectIdOrKey: byKey.id });
      expect(JSON.stringify(byId)).toBe(JSON.stringify(byKey));
      expect(`${byKey.lead?.displayName} ${byKey.description}`).toBe(`${person(team.leadId).name} ${team.description}`);
      const missing = await failure(v3.projects.getProject({ projectIdOrKey: "NOPE" }));
      expect(missing.status).toBe(404);
      expect(errorBody.safeParse(missing.data).success).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "searches a project with JQL to the end by nextPageToken, GET and POST alike",
    async () => {
      const jql = `project = ${team.key} ORDER BY created DESC`;
      const expected = [...teamItems].sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
      const fields = ["summary", "status", "assignee", "customfield_10020"];
      const seen: Any[] = [];
      let token: string | undefined;
      let pages = 0;
      for (;;) {
        const args = { jql, fields, maxResults: 40, ...(token ? { nextPageToken: token } : {}) };
        const page = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch(args);
        const posted = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost(args);
        expect(JSON.stringify(posted)).toBe(JSON.stringify(page));
        expect(searchResults.safeParse(page).error?.issues ?? []).toStrictEqual([]);
        expect(Object.keys(page)).not.toContain("total");
        seen.push(...page.issues!);
        pages++;
        token = page.nextPageToken;
        expect((page as Any).isLast).toBe(token === undefined);
        if (!token) break;
      }
      expect(pages).toBe(Math.ceil(expected.length / 40));
      expect(seen.map((i) => i.key)).toStrictEqual(expected.map((i) => i.key));
      for (const [n, issue] of seen.entries()) {
        const item = expected[n]!;
        expect(Object.keys(issue.fields).sort()).toStrictEqual([...fields].sort());
        expect(`${issue.fields.summary} | ${issue.fields.status.name} | ${issue.fields.assignee.emailAddress}`).toBe(
          `${item.title} | ${item.status} | ${person(item.assigneeId).email}`,
        );
      }
      // By default the search returns ids only, 50 at a time.
      const ids = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({ jql: `project = ${team.key}` });
      expect(ids.issues!.length).toBe(Math.min(50, teamItems.length));
      expect(Object.keys(ids.issues![0]!)).toStrictEqual(["id"]);
    },
    TIMEOUT,
  );

  it(
    "answers the JQL integrations run, counts, and rejects what it does not serve in Jira's shape",
    async () => {
      const active = world.sprints.find((s) => s.state === "active")!;
      const open = new Set(world.sprints.filter((s) => s.state !== "closed").map((s) => s.id));
      const keysOf = async (jql: string) => {
        const out: string[] = [];
        let token: string | undefined;
        do {
          const page = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost({
            jql,
            fields: ["key"],
            maxResults: 100,
            ...(token ? { nextPageToken: token } : {}),
          });
          out.push(...page.issues!.map((i) => i.key!));
          token = page.nextPageToken;
        } while (token);
        return out.sort();
      };
      const sorted = (items: WorkItem[]) => items.map((i) => i.key).sort();
      const unfinished = (i: WorkItem) => !["Done", "Canceled"].includes(i.status);
      expect(await keysOf("sprint in openSprints() AND assignee = currentUser()")).toStrictEqual(
        sorted(world.workItems.filter((i) => i.sprintId !== undefined && open.has(i.sprintId) && i.assigneeId === viewer.id)),
      );
      expect(await keysOf(`project = ${team.key} AND sprint in openSprints()`)).toStrictEqual(
        sorted(teamItems.filter((i) => i.sprintId === active.id)),
      );
      expect(await keysOf(`project = "${team.key}" AND statusCategory != Done`)).toStrictEqual(sorted(teamItems.filter(unfinished)));
      expect(await keysOf("statusCategory != Done ORDER BY updated DESC")).toStrictEqual(sorted(world.workItems.filter(unfinished)));
      expect(await keysOf(`created >= -14d AND issuetype = Bug`)).toStrictEqual(
        sorted(world.workItems.filter((i) => i.createdAt >= world.asOf - 14 * 86_400_000 && i.type === "Bug")),
      );
      expect(await keysOf(`assignee = "${viewer.email}" and resolution = Unresolved`)).toStrictEqual(
        sorted(world.workItems.filter((i) => i.assigneeId === viewer.id && unfinished(i))),
      );
      const some = teamItems.slice(0, 3).map((i) => i.key);
      expect(await keysOf(`key in (${some.join(", ")}) ORDER BY key`)).toStrictEqual([...some].sort());
      const count = await v3.issueSearch.countIssues({ jql: `project = ${team.key}` });
      expect(count.count).toBe(teamItems.length);

      for (const [jql, message] of [
        ["project = NOPE", "The value 'NOPE' does not exist for the field 'project'."],
        ["summary ~ cache", "This snapshot of Jira answers a subset of JQL"],
        ["ORDER BY created DESC", "Unbounded JQL queries are not allowed here"],
        [`project = ${team.key} AND`, "Error in the JQL Query"],
      ] as const) {
        const bad = await failure(v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({ jql }));
        expect(bad.status, jql).toBe(400);
        expect(errorBody.parse(bad.data).errorMessages[0], jql).toContain(message);
      }
      // The search API Jira removed answers as Jira does now.
      const gone = await failure(v3.issueSearch.searchForIssuesUsingJql({ jql: `project = ${team.key}` }));
      expect(gone.status).toBe(410);
      expect(gone.data.errorMessages[0]).toMatch(
        /^The requested API has been removed\. Please migrate to the \/rest\/api\/3\/search\/jql API/,
      );
    },
    TIMEOUT,
  );

  it(
    "reads an issue with its changelog, comments and worklogs",
    async () => {
      const item = teamItems.find((i) => pullOf(i)?.mergedAt !== undefined && i.status === "Done")!;
      const pr = pullOf(item)!;
      const repo = world.repos.find((r) => r.id === item.repoId)!;
      const issue = await v3.issues.getIssue({ issueIdOrKey: item.key, expand: "changelog" });
      valid(`rest/api/3/issue/${item.key}`, issue);
      const f = issue.fields as Any;
      expect([
        f.summary,
        f.status.name,
        f.priority.name,
        f.issuetype.name,
        f.reporter.emailAddress,
        f.assignee.emailAddress,
        f.created,
        f.customfield_10016,
        f.labels.join(),
      ]).toStrictEqual([
        item.title,
        item.status,
        item.priority,
        item.type,
        person(item.reporterId).email,
        person(item.assigneeId).email,
        time(item.createdAt),
        item.estimate,
        [...item.labels].sort().join(),
      ]);
      const sprint = world.sprints.find((s) => s.id === item.sprintId)!;
      expect(f.customfield_10020.map((s: Any) => s.name)).toStrictEqual([`${team.key} ${sprint.name}`]);
      expect(f.resolution.name).toBe("Done");

      const histories = issue.changelog!.histories!;
      const statusChanges = histories.filter((h) => h.items!.some((x) => x.field === "status"));
      expect(
        statusChanges.map((h) => {
          const s = h.items!.find((x) => x.field === "status")!;
          return `${s.fromString}>${s.toString} ${h.author!.emailAddress} ${h.created}`;
        }),
      ).toStrictEqual(item.transitions.map((t) => `${t.from}>${t.to} ${person(t.byId).email} ${time(t.at)}`));
      expect(histories.some((h) => h.items!.some((x) => x.field === "assignee" && x.toString === person(item.assigneeId).name))).toBe(true);

      const byId = await v3.issues.getIssue({ issueIdOrKey: issue.id!, expand: "changelog" });
      expect(JSON.stringify(byId)).toBe(JSON.stringify(issue));
      const paged: Any[] = [];
      for (let startAt = 0; ;) {
        const page = await v3.issues.getChangeLogs({ issueIdOrKey: item.key, startAt, maxResults: 2 });
        valid(`rest/api/3/issue/${item.key}/changelog`, page);
        paged.push(...page.values!);
        if (page.isLast) break;
        expect(page.nextPage).toBe(`${host}/rest/api/3/issue/${item.key}/changelog?startAt=${startAt + 2}&maxResults=2`);
        startAt += 2;
      }
      expect(JSON.stringify(paged)).toBe(JSON.stringify(histories));

      const comments = await v3.issueComments.getComments({ issueIdOrKey: item.key });
      valid(`rest/api/3/issue/${item.key}/comment`, comments);
      const prUrl = `https://github.${catalog.serviceDomain}/${world.company.slug}/${repo.name}/pull/${pr.number}`;
      const opened = comments.comments!.find((c) => JSON.stringify(c.body).includes(`"href":"${prUrl}"`))!;
      expect(`${opened.author!.emailAddress} ${opened.created}`).toBe(`${person(pr.authorId).email} ${time(pr.createdAt)}`);
      expect(comments.total).toBe(comments.comments!.length);

      const worklogs = await v3.issueWorklogs.getIssueWorklog({ issueIdOrKey: item.key });
      valid(`rest/api/3/issue/${item.key}/worklog`, worklogs);
      const moves = item.transitions.filter((t) => (t.to === "In Review" || t.to === "Done") && t.byId === item.assigneeId);
      expect(worklogs.worklogs!.map((w) => `${w.author!.emailAddress} ${w.created}`)).toStrictEqual(
        moves.map((t) => `${person(item.assigneeId).email} ${time(t.at)}`),
      );
      expect(f.timetracking.timeSpentSeconds).toBe(worklogs.worklogs!.reduce((s, w) => s + w.timeSpentSeconds!, 0));

      const missing = await failure(v3.issues.getIssue({ issueIdOrKey: `${team.key}-1` }));
      expect(missing.status).toBe(404);
      expect(missing.data).toStrictEqual({ errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} });
    },
    TIMEOUT,
  );

  it(
    "lists boards, sprints by state, and the issues of a sprint and of a board to the end",
    async () => {
      const boards = await agile.board.getAllBoards();
      valid("rest/agile/1.0/board", boards);
      expect(boards.values.map((b) => `${b.name} ${b.location?.projectKey}`).sort()).toStrictEqual(
        world.teams.map((t) => `${t.key} board ${t.key}`).sort(),
      );
      const board = boards.values.find((b) => b.location?.projectKey === team.key)!;
      const boardId = board.id!;
      const byState = async (state?: string) =>
        (await agile.board.getAllSprints({ boardId, ...(state ? { state } : {}) })).values.map((s) => s.name);
      const named = (states: string[]) => world.sprints.filter((s) => states.includes(s.state)).map((s) => `${team.key} ${s.name}`);
      expect(await byState()).toStrictEqual(named(["closed", "active", "future"]));
      expect(await byState("closed")).toStrictEqual(named(["closed"]));
      expect(await byState("active")).toStrictEqual(named(["active"]));
      expect(await byState("future,active")).toStrictEqual(named(["active", "future"]));
      const active = (await agile.board.getAllSprints({ boardId, state: "active" })).values[0]!;
      const sprintId = active.id!;
      valid(`rest/agile/1.0/sprint/${sprintId}`, await agile.sprint.getSprint({ sprintId }));

      const walk = async (get: (startAt: number) => Promise<Any>, path: string) => {
        const keys: string[] = [];
        for (let startAt = 0; ;) {
          const page = await get(startAt);
          valid(path, page);
          keys.push(...page.issues.map((i: Any) => i.key));
          startAt = page.startAt + page.issues.length;
          if (page.issues.length === 0 || startAt >= page.total) return keys;
        }
      };
      const activeSprint = world.sprints.find((s) => s.state === "active")!;
      const inSprint = await walk(
        (startAt) => agile.sprint.getIssuesForSprint({ sprintId, startAt, maxResults: 3 }),
        `rest/agile/1.0/sprint/${sprintId}/issue`,
      );
      expect(inSprint).toStrictEqual(teamItems.filter((i) => i.sprintId === activeSprint.id).map((i) => i.key));
      const onBoard = await walk(
        (startAt) => agile.board.getIssuesForBoard({ boardId, startAt, maxResults: 30 }),
        `rest/agile/1.0/board/${boardId}/issue`,
      );
      expect(onBoard).toStrictEqual(teamItems.map((i) => i.key));
      const first = await agile.board.getIssuesForBoard({ boardId });
      expect(`${first.maxResults} ${first.issues!.length} ${first.total}`).toBe(`50 ${Math.min(50, teamItems.length)} ${teamItems.length}`);
    },
    TIMEOUT,
  );

  it(
    "reads the workflow's statuses through jira.js's strict schema, and the fields",
    async () => {
      const statuses = await v3.status.search();
      expect(statuses.values.map((s) => `${s.name}:${s.statusCategory}`).sort()).toStrictEqual(
        ["Backlog:TODO", "To Do:TODO", "In Progress:IN_PROGRESS", "In Review:IN_PROGRESS", "Done:DONE", "Canceled:DONE"].sort(),
      );
      for (const item of world.workItems) expect(statuses.values.map((s) => s.name)).toContain(item.status);
      const inProgress = await v3.status.getStatusesById({ id: ["3"] });
      expect(JSON.stringify(inProgress)).toBe(JSON.stringify(statuses.values.filter((s) => s.id === "3")));
      const fields = await v3.issueFields.getFields();
      valid("rest/api/3/field", fields);
      expect(
        fields
          .filter((f) => f.custom)
          .map((f) => f.name)
          .sort(),
      ).toStrictEqual(["Development", "Rank", "Sprint", "Story point estimate"]);
    },
    TIMEOUT,
  );

  it(
    "answers writes with Jira's 403: the snapshot never changes",
    async () => {
      const write = await failure(
        v3.issues.createIssue({ fields: { summary: "x", project: { key: team.key }, issuetype: { name: "Task" } } }),
      );
      expect(write.status).toBe(403);
      expect(errorBody.safeParse(write.data).success).toBe(true);
    },
    TIMEOUT,
  );

  if (pin.files) {
    it(
      "attaches each pull request's diff, read by metadata and content",
      async () => {
        const item = teamItems.find((i) => (pullOf(i)?.files.length ?? 0) > 0)!;
        const pr = pullOf(item)!;
        const issue = await v3.issues.getIssue({ issueIdOrKey: item.key });
        const meta = ((issue.fields as Any).attachment as Any[])[0]!;
        expect(meta.filename).toBe(`${item.key.toLowerCase()}-pr-${pr.number}.diff`);
        const attachment = await v3.issueAttachments.getAttachment({ id: meta.id });
        expect(JSON.stringify(attachment)).toBe(JSON.stringify(meta));
        const content = Buffer.from((await v3.issueAttachments.getAttachmentContent({ id: meta.id })) as ArrayBuffer).toString("utf8");
        expect(Buffer.byteLength(content)).toBe(meta.size);
        for (const file of pr.files) expect(content).toContain(`diff --git a/${file.path} b/${file.path}\n`);
      },
      TIMEOUT,
    );
  } else {
    it(
      "has no files: no attachments, and attachment paths answer Jira's 404",
      async () => {
        const issues = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch({
          jql: `project = ${team.key}`,
          fields: ["attachment"],
          maxResults: 100,
        });
        expect(issues.issues!.every((i) => (i.fields as Any).attachment.length === 0)).toBe(true);
        const item = teamItems.find((i) => pullOf(i))!;
        const id = `1${String(item.teamId).padStart(2, "0")}${item.number}401`;
        for (const path of [`attachment/${id}`, `attachment/content/${id}`]) {
          const res = await fetch(`${host}/rest/api/3/${path}`);
          expect(res.status).toBe(404);
          expect(errorBody.safeParse(await res.json()).success).toBe(true);
        }
      },
      TIMEOUT,
    );
  }

  const ghPin = pin.files ? "gh-2026-03-g5" : "gh-2026-03";
  it.skipIf(only !== undefined && !only.includes(ghPin))(
    `agrees with ${ghPin} on work item keys and people`,
    async () => {
      const org = world.company.slug;
      const gh = async <T>(path: string) => (await (await fetch(`${baseUrl}/${ghPin}/${path}`)).json()) as T;
      const keys = new Set<string>();
      const authors = new Map<string, string>();
      for (const repo of world.repos) {
        const commits = await gh<Array<{ commit: { message: string; author: { name: string; email: string } } }>>(
          `repos/${org}/${repo.name}/commits?per_page=100`,
        );
        for (const c of commits) {
          for (const k of c.commit.message.match(/\b[A-Z][A-Z0-9]+-\d+\b/g) ?? []) keys.add(k);
          if (c.commit.author.email.endsWith(`@${world.company.domain}`)) authors.set(c.commit.author.email, c.commit.author.name);
        }
        const pulls = await gh<Array<{ title: string; head: { ref: string } }>>(`repos/${org}/${repo.name}/pulls?state=all&per_page=100`);
        for (const p of pulls) {
          keys.add(/^[A-Z][A-Z0-9]+-\d+/.exec(p.title)![0]);
          keys.add(/\/([a-z][a-z0-9]+-\d+)-/.exec(p.head.ref)![1]!.toUpperCase());
        }
      }
      expect(keys.size).toBeGreaterThan(100);
      const found = new Set<string>();
      const all = [...keys].sort();
      for (let n = 0; n < all.length; n += 100) {
        const page = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost({
          jql: `key in (${all.slice(n, n + 100).join(",")})`,
          fields: ["key"],
          maxResults: 100,
        });
        for (const i of page.issues!) found.add(i.key!);
      }
      expect([...found].sort()).toStrictEqual(all);
      const users = new Map((await v3.users.getAllUsers({ maxResults: 100 })).map((u) => [u.emailAddress!, u.displayName!]));
      expect(authors.size).toBeGreaterThan(3);
      for (const [email, name] of authors) expect(users.get(email), email).toBe(name);
    },
    TIMEOUT,
  );
});
