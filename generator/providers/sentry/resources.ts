import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { SentryContext, SentryIssue, SentryProject } from "./context.js";
import { eventDetail, eventListItem, issueDetail, issueListItem, lastSeen, tagDetail, tagKeys, tagValues } from "./issues.js";
import { pagesOf, sentryPaging } from "./lists.js";
import {
  member,
  memberDetail,
  organization,
  organizationDetail,
  projectDetail,
  projectSummary,
  team,
  teamMember,
  teamWithProjects,
} from "./organization.js";
import { deploy, releaseCommit, releaseSummary, repository } from "./releases.js";

const DAY = 86_400_000;

/** Newest first by an instant, ties by id: the order Sentry's lists come in. */
function newestFirst<T>(items: T[], at: (x: T) => number, id: (x: T) => string): T[] {
  return [...items].sort((a, b) => at(b) - at(a) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

function bySlug<T>(items: T[], slug: (x: T) => string): T[] {
  return [...items].sort((a, b) => (slug(a) < slug(b) ? -1 : slug(a) > slug(b) ? 1 : 0));
}

/** Every resource of the host, in a fixed order. */
export function* sentryResources(s: SentryContext): Generator<Resource> {
  const p = sentryPaging(s.pin.origin);
  const lim = sentryPaging(s.pin.origin, "limit");
  const api = "api/0";
  const org = `${api}/organizations/${s.orgSlug}`;
  const one = (path: string, body: JsonValue): Resource => ({ path, body });

  // The organization.
  yield* pagesOf(p, `${api}/organizations`, [organization(s)]);
  yield one(org, organizationDetail(s));

  // Projects, one per service, by slug.
  const projects = bySlug(s.projects, (x) => x.service.slug);
  yield* pagesOf(
    p,
    `${org}/projects`,
    projects.map((x) => projectSummary(s, x)),
  );
  yield* pagesOf(
    p,
    `${api}/projects`,
    projects.map((x) => ({ ...projectSummary(s, x), organization: organization(s) })),
  );
  yield one(
    `${org}/environments`,
    s.environments().map((name) => ({ id: String(s.number(`environment/${name}`, 1_000_000, 9_999_999)), name })),
  );
  for (const x of projects) yield* projectResources(s, x);
  // The repositories of the GitHub integration, by name.
  yield* pagesOf(
    p,
    `${org}/repos`,
    bySlug(projects, (x) => x.repo.name).map((x) => repository(s, x)),
  );

  // Teams, by slug, and members, by email.
  const teams = bySlug(s.world.teams, (t) => t.slug);
  yield* pagesOf(
    p,
    `${org}/teams`,
    teams.map((t) => teamWithProjects(s, t)),
  );
  for (const t of teams) {
    const path = `${api}/teams/${s.orgSlug}/${t.slug}`;
    yield one(path, { ...teamWithProjects(s, t), organization: organization(s) });
    yield* pagesOf(
      p,
      `${path}/projects`,
      projects.filter((x) => x.team.id === t.id).map((x) => projectSummary(s, x)),
    );
    const people = bySlug(
      s.members.filter((m) => t.memberIds.includes(m.id)),
      (m) => m.email,
    );
    yield* pagesOf(
      p,
      `${path}/members`,
      people.map((m) => teamMember(s, m, t)),
    );
  }
  const members = bySlug(s.members, (m) => m.email);
  yield* pagesOf(
    p,
    `${org}/members`,
    members.map((m) => member(s, m)),
  );
  for (const m of members) yield one(`${org}/members/${s.memberId(m)}`, memberDetail(s, m));

  // Issues: the list's frozen items are every issue (`query=&statsPeriod=`); the canonical answer is
  // Sentry's default, unresolved issues seen in the last 14 days.
  const issues = newestFirst(s.issues, lastSeen, (i) => String(i.group.id));
  const items = issues.map((i) => issueListItem(s, i));
  yield* pagesOf(lim, `${org}/issues`, items, [
    ["query", ""],
    ["statsPeriod", ""],
  ]);
  yield* pagesOf(
    lim,
    `${org}/issues`,
    items.filter((i) => i.status === "unresolved" && Date.parse(i.lastSeen as string) >= s.asOf - 14 * DAY),
  );
  for (const i of issues) yield* issueResources(s, i);

  // Releases, newest first.
  const releases = newestFirst(
    s.releases,
    (r) => r.dateCreated,
    (r) => r.version,
  );
  yield* pagesOf(
    p,
    `${org}/releases`,
    releases.map((r) => releaseSummary(s, r)),
  );
  for (const r of releases) {
    const path = `${org}/releases/${r.version}`;
    yield one(path, releaseSummary(s, r));
    yield* pagesOf(
      p,
      `${path}/deploys`,
      [...r.deploys].reverse().map((d) => deploy(r, d)),
    );
    yield* pagesOf(
      p,
      `${path}/commits`,
      r.commits.map((c) => releaseCommit(s, r, c)),
    );
  }
}

function* projectResources(s: SentryContext, x: SentryProject): Generator<Resource> {
  const p = sentryPaging(s.pin.origin);
  const lim = sentryPaging(s.pin.origin, "limit");
  const path = `api/0/projects/${s.orgSlug}/${x.service.slug}`;
  yield { path, body: projectDetail(s, x) };
  yield* pagesOf(p, `${path}/teams`, [team(s, x.team)]);
  // The project's members are its team's (not paged, as Sentry's endpoint is not).
  yield {
    path: `${path}/members`,
    body: bySlug(
      s.members.filter((m) => x.team.memberIds.includes(m.id)),
      (m) => m.email,
    ).map((m) => member(s, m)),
  };
  const envs = [...new Set(s.issues.filter((i) => i.project === x).flatMap((i) => i.events.map((e) => e.environment)))].sort();
  yield {
    path: `${path}/environments`,
    body: envs.map((name) => ({ id: String(s.number(`environment/${name}`, 1_000_000, 9_999_999)), name, isHidden: false })),
  };

  const issues = newestFirst(
    s.issues.filter((i) => i.project === x),
    lastSeen,
    (i) => String(i.group.id),
  );
  const items = issues.map((i) => issueListItem(s, i));
  yield* pagesOf(lim, `${path}/issues`, items, [["query", ""]]);
  yield* pagesOf(
    lim,
    `${path}/issues`,
    items.filter((i) => i.status === "unresolved"),
  );

  const events = newestFirst(
    issues.flatMap((i) => i.events.map((e) => ({ i, e }))),
    (v) => v.e.at,
    (v) => v.e.id,
  );
  yield* pagesOf(
    p,
    `${path}/events`,
    events.map(({ i, e }) => eventListItem(i, e)),
  );
  for (const { i, e } of events) yield { path: `${path}/events/${e.id}`, body: eventDetail(s, i, e) };

  const releases = newestFirst(
    s.releases.filter((r) => r.project === x),
    (r) => r.dateCreated,
    (r) => r.version,
  );
  yield* pagesOf(
    p,
    `${path}/releases`,
    releases.map((r) => releaseSummary(s, r)),
  );
}

function* issueResources(s: SentryContext, i: SentryIssue): Generator<Resource> {
  const p = sentryPaging(s.pin.origin);
  const path = `api/0/organizations/${s.orgSlug}/issues/${i.group.id}`;
  const detail = issueDetail(s, i);
  yield { path, body: detail };
  const shortId = s.shortId(i);
  const group: JsonObject = Object.fromEntries(
    Object.entries(detail).filter(
      ([k]) => !["firstRelease", "lastRelease", "tags", "stats", "activity", "seenBy", "participants", "userReportCount"].includes(k),
    ),
  ) as JsonObject;
  yield {
    path: `api/0/organizations/${s.orgSlug}/shortids/${shortId}`,
    body: { organizationSlug: s.orgSlug, projectSlug: i.project.service.slug, groupId: String(i.group.id), group, shortId },
  };

  const newest = [...i.events].reverse();
  yield* pagesOf(
    p,
    `${path}/events`,
    newest.map((e) => eventListItem(i, e)),
  );
  for (const e of i.events) yield { path: `${path}/events/${e.id}`, body: eventDetail(s, i, e) };
  const latest = i.events.at(-1);
  const oldest = i.events[0];
  if (latest) {
    yield { path: `${path}/events/latest`, body: eventDetail(s, i, latest) };
    // Sentry recommends the event with the most context; every event here has the same, so the latest.
    yield { path: `${path}/events/recommended`, body: eventDetail(s, i, latest) };
  }
  if (oldest) yield { path: `${path}/events/oldest`, body: eventDetail(s, i, oldest) };

  yield { path: `${path}/tags`, body: tagKeys(i).map((k) => tagDetail(i, k)) };
  for (const key of tagKeys(i)) {
    yield { path: `${path}/tags/${key}`, body: tagDetail(i, key) };
    yield* pagesOf(p, `${path}/tags/${key}/values`, tagValues(i, key));
  }
}
