import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { Sprint, Team, WorkItem } from "../../world/types.js";
import {
  attachmentsOf,
  categoryChangedAt,
  commentsOf,
  historiesOf,
  resolvedAt,
  worklogsOf,
  type AttachmentData,
  type CommentData,
  type HistoryData,
  type WorklogData,
} from "./activity.js";
import { doc, paragraph } from "./adf.js";
import { duration, type JiraContext } from "./context.js";
import { jiraList } from "./lists.js";
import { projectRef } from "./projects.js";
import {
  DEV_FIELD,
  POINTS_FIELD,
  RANK_FIELD,
  SPRINT_FIELD,
  STATUSES,
  fieldNames,
  issueType,
  priority,
  resolution,
  resolutionOf,
  status,
} from "./schemes.js";
import { automationRef, userRef } from "./users.js";

/** What `expand` a GET issue advertises, and what an expanded one carries (see EXPANDED in index.ts). */
const ISSUE_EXPAND = "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations";
const AGILE_EXPAND = "operations,versionedRepresentations,editmeta,changelog,renderedFields";

export function issuePath(i: WorkItem): string {
  return `rest/api/3/issue/${i.key}`;
}

export function issueSelf(jc: JiraContext, i: WorkItem): string {
  return `${jc.api}/issue/${jc.issueId(i)}`;
}

export function comment(jc: JiraContext, i: WorkItem, c: CommentData): JsonObject {
  const author = c.app ? automationRef(jc) : userRef(jc, jc.person(c.authorId));
  return {
    self: `${issueSelf(jc, i)}/comment/${c.id}`,
    id: c.id,
    author,
    body: c.body,
    updateAuthor: author,
    created: jc.time(c.at),
    updated: jc.time(c.at),
    jsdPublic: true,
  };
}

export function worklog(jc: JiraContext, i: WorkItem, w: WorklogData): JsonObject {
  const author = userRef(jc, jc.person(w.authorId));
  return {
    self: `${issueSelf(jc, i)}/worklog/${w.id}`,
    author,
    updateAuthor: author,
    comment: w.comment,
    created: jc.time(w.at),
    updated: jc.time(w.at),
    started: jc.time(w.started),
    timeSpent: duration(w.seconds),
    timeSpentSeconds: w.seconds,
    id: w.id,
    issueId: jc.issueId(i),
  };
}

export function history(jc: JiraContext, h: HistoryData): JsonObject {
  return { id: h.id, author: userRef(jc, jc.person(h.authorId)), created: jc.time(h.at), items: h.items };
}

export function attachment(jc: JiraContext, a: AttachmentData): JsonObject {
  return {
    self: `${jc.api}/attachment/${a.id}`,
    id: a.id,
    filename: a.filename,
    author: userRef(jc, jc.person(a.authorId)),
    created: jc.time(a.at),
    size: Buffer.byteLength(a.content),
    mimeType: a.mimeType,
    content: `${jc.api}/attachment/content/${a.id}`,
  };
}

/** A sprint as the Sprint field holds it. */
export function sprintValue(jc: JiraContext, t: Team, s: Sprint): JsonObject {
  return {
    id: jc.sprintId(t, s),
    name: jc.sprintName(t, s),
    state: s.state,
    boardId: jc.boardId(t),
    goal: "",
    startDate: isoMillis(s.startAt),
    endDate: isoMillis(s.endAt),
    ...(s.state === "closed" ? { completeDate: isoMillis(s.endAt) } : {}),
  };
}

/** The last time anything happened to the issue: a transition, a comment, a worklog, an attachment. */
export function updatedAt(jc: JiraContext, i: WorkItem): number {
  return jc.once(`updated/${i.key}`, () =>
    Math.max(
      i.updatedAt,
      ...commentsOf(jc, i).map((c) => c.at),
      ...worklogsOf(jc, i).map((w) => w.at),
      ...historiesOf(jc, i).map((h) => h.at),
      ...attachmentsOf(jc, i).map((a) => a.at),
    ),
  );
}

/** A lexorank per project, in creation order: the backlog order of a board. */
function rank(jc: JiraContext, i: WorkItem): string {
  const order = jc.once(
    `ranks/${i.teamId}`,
    () => new Map(jc.world.workItems.filter((x) => x.teamId === i.teamId).map((x, n) => [x.key, n])),
  );
  return `0|i${(order.get(i.key)! * 8 + 8).toString(36).padStart(5, "0")}:`;
}

/** The Development field: Jira's summary of the linked pull request, as a string. */
function development(jc: JiraContext, i: WorkItem): string {
  const code = jc.pull(i);
  if (!code) return "{}";
  const { pr } = code;
  const state = pr.mergedAt !== undefined ? "MERGED" : pr.state === "open" ? "OPEN" : "DECLINED";
  const json = {
    cachedValue: {
      errors: [],
      summary: {
        pullrequest: {
          overall: {
            count: 1,
            lastUpdated: jc.time(Math.min(pr.updatedAt, jc.world.asOf)),
            stateCount: 1,
            state,
            dataType: "pullrequest",
            open: state === "OPEN",
          },
          byInstanceType: { GitHub: { count: 1, name: "GitHub" } },
        },
      },
    },
    isStale: true,
  };
  return `{pullrequest={dataType=pullrequest, state=${state}, stateCount=1}, json=${JSON.stringify(json)}}`;
}

/** Every field of an issue, in Jira's order. */
export function issueFields(jc: JiraContext, i: WorkItem): JsonObject {
  return jc.once(`fields/${i.key}`, () => {
    const team = jc.teamOf(i);
    const reporter = userRef(jc, jc.person(i.reporterId));
    const comments = commentsOf(jc, i);
    const worklogs = worklogsOf(jc, i);
    const spent = worklogs.reduce((sum, w) => sum + w.seconds, 0);
    const reso = resolutionOf(i);
    const resolved = resolvedAt(i);
    const sprint = jc.sprint(i.sprintId);
    const watchers = watcherIds(i);
    const progress: JsonObject = spent ? { progress: spent, total: spent, percent: 100 } : { progress: 0, total: 0 };
    const self = issueSelf(jc, i);
    return {
      statuscategorychangedate: jc.time(categoryChangedAt(i)),
      issuetype: issueType(jc, i.type),
      timespent: spent || null,
      project: projectRef(jc, team),
      fixVersions: [],
      aggregatetimespent: spent || null,
      resolution: reso ? resolution(jc, reso) : null,
      resolutiondate: resolved !== undefined ? jc.time(resolved) : null,
      workratio: -1,
      watches: { self: `${jc.api}/issue/${i.key}/watchers`, watchCount: watchers.length, isWatching: watchers.includes(jc.viewer.id) },
      lastViewed: null,
      created: jc.time(i.createdAt),
      [SPRINT_FIELD]: sprint ? [sprintValue(jc, team, sprint)] : null,
      priority: priority(jc, i.priority),
      labels: [...i.labels].sort(),
      [POINTS_FIELD]: i.estimate,
      [RANK_FIELD]: rank(jc, i),
      timeestimate: spent ? 0 : null,
      aggregatetimeoriginalestimate: null,
      versions: [],
      issuelinks: [],
      assignee: userRef(jc, jc.person(i.assigneeId)),
      updated: jc.time(updatedAt(jc, i)),
      status: status(jc, i.status),
      components: [],
      timeoriginalestimate: null,
      description: doc(paragraph(i.description)),
      [DEV_FIELD]: development(jc, i),
      timetracking: spent
        ? { remainingEstimate: "0m", timeSpent: duration(spent), remainingEstimateSeconds: 0, timeSpentSeconds: spent }
        : {},
      security: null,
      attachment: attachmentsOf(jc, i).map((a) => attachment(jc, a)),
      aggregatetimeestimate: spent ? 0 : null,
      summary: i.title,
      creator: reporter,
      subtasks: [],
      reporter,
      aggregateprogress: progress,
      environment: null,
      duedate: null,
      progress,
      votes: { self: `${jc.api}/issue/${i.key}/votes`, votes: 0, hasVoted: false },
      comment: {
        comments: comments.map((c) => comment(jc, i, c)),
        self: `${self}/comment`,
        maxResults: comments.length,
        total: comments.length,
        startAt: 0,
      },
      worklog: { startAt: 0, maxResults: 20, total: worklogs.length, worklogs: worklogs.slice(0, 20).map((w) => worklog(jc, i, w)) },
    };
  });
}

/** The reporter and the assignee watch their issue. */
export function watcherIds(i: WorkItem): number[] {
  return [...new Set([i.reporterId, i.assigneeId])];
}

/** `GET /issue/{key}`; `expanded` adds `names` and the whole `changelog` (oldest first). */
export function issueBody(jc: JiraContext, i: WorkItem, expanded = false): JsonObject {
  const head = { expand: ISSUE_EXPAND, id: jc.issueId(i), self: issueSelf(jc, i), key: i.key };
  if (!expanded) return { ...head, fields: issueFields(jc, i) };
  const histories = historiesOf(jc, i).map((h) => history(jc, h));
  return {
    ...head,
    names: fieldNames(),
    fields: issueFields(jc, i),
    changelog: { startAt: 0, maxResults: histories.length, total: histories.length, histories },
  };
}

/** An issue as the Agile API lists it: its own self, and the board's view of its sprints. */
export function agileIssue(jc: JiraContext, i: WorkItem): JsonObject {
  return jc.once(`agile-issue/${i.key}`, () => {
    const team = jc.teamOf(i);
    const s = jc.sprint(i.sprintId);
    const fields = issueFields(jc, i);
    return {
      expand: AGILE_EXPAND,
      id: jc.issueId(i),
      self: `${jc.agile}/issue/${jc.issueId(i)}`,
      key: i.key,
      fields: {
        ...fields,
        sprint: s && s.state !== "closed" ? { ...sprintValue(jc, team, s), self: `${jc.agile}/sprint/${jc.sprintId(team, s)}` } : null,
        closedSprints:
          s && s.state === "closed" ? [{ ...sprintValue(jc, team, s), self: `${jc.agile}/sprint/${jc.sprintId(team, s)}` }] : [],
        flagged: false,
        epic: null,
      },
    };
  });
}

/** The pull request as a remote link (what the GitHub for Jira app writes), and the bug report it came from. */
function remoteLinks(jc: JiraContext, i: WorkItem): JsonObject[] {
  const out: JsonObject[] = [];
  const code = jc.pull(i);
  const org = jc.world.company.slug;
  if (code) {
    const { repo, pr } = code;
    const url = jc.pullWeb(repo, pr.number);
    out.push({
      id: Number(`${jc.issueId(i)}51`),
      self: `${jc.api}/issue/${i.key}/remotelink/${jc.issueId(i)}51`,
      globalId: `github=${org}/${repo.name}/pull/${pr.number}`,
      application: { type: "com.github", name: "GitHub" },
      relationship: "implemented by",
      object: {
        url,
        title: `${org}/${repo.name}#${pr.number}: ${pr.title}`,
        icon: { url16x16: `https://github.${jc.pin.catalog.serviceDomain}/favicon.ico`, title: "GitHub" },
        status: { resolved: pr.state === "closed", icon: {} },
      },
    });
  }
  const bug = jc.bugReport(i);
  if (bug) {
    const url = jc.issueWeb(bug.repo, bug.issue.number);
    out.push({
      id: Number(`${jc.issueId(i)}52`),
      self: `${jc.api}/issue/${i.key}/remotelink/${jc.issueId(i)}52`,
      globalId: `github=${org}/${bug.repo.name}/issues/${bug.issue.number}`,
      application: { type: "com.github", name: "GitHub" },
      relationship: "reported in",
      object: {
        url,
        title: `${org}/${bug.repo.name}#${bug.issue.number}: ${bug.issue.title}`,
        icon: { url16x16: `https://github.${jc.pin.catalog.serviceDomain}/favicon.ico`, title: "GitHub" },
        status: { resolved: bug.issue.state === "closed", icon: {} },
      },
    });
  }
  return out;
}

/**
 * The transitions the caller may make: a company-managed Software Simplified Workflow has one global
 * transition into each status (ids 11, 21, ... in the workflow's order), each available from any other
 * status; the one into the issue's own status is not offered.
 */
export function transitionsOf(jc: JiraContext, i: WorkItem): JsonObject[] {
  return STATUSES.flatMap((s, n) =>
    s.name === i.status
      ? []
      : [
          {
            id: String(11 + n * 10),
            name: s.name,
            to: status(jc, s.name),
            hasScreen: false,
            isGlobal: true,
            isInitial: false,
            isAvailable: true,
            isConditional: false,
            isLooped: false,
          },
        ],
  );
}

/** Everything served for one issue. */
export function* issueResources(jc: JiraContext, i: WorkItem, expandValue: string): Generator<Resource> {
  const base = issuePath(i);
  const origin = jc.pin.origin;
  yield { path: base, body: issueBody(jc, i) };
  yield { path: base, query: { expand: expandValue }, body: issueBody(jc, i, true) };
  yield { path: `rest/agile/1.0/issue/${i.key}`, body: agileIssue(jc, i) };
  yield* jiraList(
    origin,
    `${base}/changelog`,
    "pageBean",
    historiesOf(jc, i).map((h) => history(jc, h)),
  );
  const comments = commentsOf(jc, i).map((c) => comment(jc, i, c));
  yield* jiraList(origin, `${base}/comment`, "comments", comments);
  for (const c of comments) yield { path: `${base}/comment/${c.id as string}`, body: c };
  const worklogs = worklogsOf(jc, i).map((w) => worklog(jc, i, w));
  yield* jiraList(origin, `${base}/worklog`, "worklogs", worklogs);
  for (const w of worklogs) yield { path: `${base}/worklog/${w.id as string}`, body: w };
  const watchers = watcherIds(i);
  yield {
    path: `${base}/watchers`,
    body: {
      self: `${jc.api}/issue/${i.key}/watchers`,
      isWatching: watchers.includes(jc.viewer.id),
      watchCount: watchers.length,
      watchers: watchers.map((id) => userRef(jc, jc.person(id))),
    },
  };
  yield { path: `${base}/votes`, body: { self: `${jc.api}/issue/${i.key}/votes`, votes: 0, hasVoted: false, voters: [] } };
  yield { path: `${base}/transitions`, body: { expand: "transitions", transitions: transitionsOf(jc, i) } };
  // No app or integration stored entity properties on the company's issues.
  yield { path: `${base}/properties`, body: { keys: [] } };
  const links = remoteLinks(jc, i);
  yield { path: `${base}/remotelink`, body: links as JsonValue };
  for (const l of links) yield { path: `${base}/remotelink/${String(l.id)}`, body: l };
  for (const a of attachmentsOf(jc, i)) {
    yield { path: `rest/api/3/attachment/${a.id}`, body: attachment(jc, a) };
    // Jira answers a 303 to its media host by default, the bytes with `redirect=false`. The media host is
    // another service: the redirect names this host's own `redirect=false` answer, so a client that
    // follows it gets the bytes, and one that asks for them directly gets them at once.
    const content = `rest/api/3/attachment/content/${a.id}`;
    yield { path: content, query: { redirect: "false" }, body: { raw: a.content, contentType: a.mimeType } };
    yield {
      path: content,
      status: 303,
      headers: { location: `${jc.site}/${content}?redirect=false` },
      body: { raw: "", contentType: "text/plain" },
    };
  }
}
