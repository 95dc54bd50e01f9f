import type { JsonValue, Resource } from "../../core/provider.js";
import type { JiraContext } from "./context.js";
import { hash } from "./context.js";
import { jiraList } from "./lists.js";
import { projectFull, projectListed, projectStatuses, teamsByKey } from "./projects.js";
import {
  CATEGORIES,
  ISSUE_TYPES,
  PRIORITIES,
  RESOLUTIONS,
  STATUSES,
  fieldList,
  issueType,
  priority,
  resolution,
  status,
  statusCategory,
  workflowStatus,
} from "./schemes.js";
import { AUTOMATION_ACCOUNT_ID, automationFull, peopleByName, userFull, userListed } from "./users.js";

/**
 * The platform API around issues: the site and the caller (`serverInfo`, `myself`), people (`user`,
 * `users/search`), projects (`project`, `project/search`, `project/{key}`, its statuses),
 * and the configuration issues refer to (fields, statuses and categories, priorities, issue types,
 * resolutions), each list and each item its `self` names.
 */
export function* platformResources(jc: JiraContext): Generator<Resource> {
  const origin = jc.pin.origin;
  const api = "rest/api/3";
  yield {
    path: `${api}/serverInfo`,
    body: {
      baseUrl: jc.site,
      displayUrl: jc.site,
      version: "1001.0.0-SNAPSHOT",
      versionNumbers: [1001, 0, 0],
      deploymentType: "Cloud",
      buildNumber: 100280,
      buildDate: jc.time(jc.world.start),
      serverTime: jc.time(jc.world.asOf),
      scmInfo: hash(`${jc.world.generation.seed}/jira/scm`).slice(0, 40),
      serverTitle: "Jira",
      defaultLocale: { locale: "en_US" },
      serverTimeZone: "Etc/UTC",
    },
  };
  yield { path: `${api}/myself`, body: userFull(jc, jc.viewer) };

  // People: each by account id, and everyone (`users/search`, which `user/search` and the assignable
  // search compute over: user-search.ts).
  const people = peopleByName(jc);
  for (const p of people) yield { path: `${api}/user`, query: { accountId: jc.accountId(p) }, body: userFull(jc, p) };
  yield* jiraList(
    origin,
    `${api}/users/search`,
    "array",
    people.map((p) => userListed(jc, p)),
  );
  // The app account that authors the stale-work rule's comments (live only): comments link to it.
  if (jc.world.staleNudges.length) yield { path: `${api}/user`, query: { accountId: AUTOMATION_ACCOUNT_ID }, body: automationFull(jc) };

  // Projects.
  const teams = teamsByKey(jc);
  // As Jira lists them: a company-managed project carries no uuid or entityId (team-managed ones do), and
  // description, lead and issue types only when expanded (ServingProfile.partial; DevLake's recording).
  yield { path: `${api}/project`, body: teams.map((t) => projectListed(jc, t)) };
  yield* jiraList(
    origin,
    `${api}/project/search`,
    "pageBean",
    teams.map((t) => projectListed(jc, t)),
  );
  for (const t of teams) {
    yield* jiraList(origin, `${api}/project/search`, "pageBean", [projectListed(jc, t)], [["keys", t.key]]);
    yield { path: `${api}/project/${t.key}`, body: projectFull(jc, t) };
    yield { path: `${api}/project/${t.key}/statuses`, body: projectStatuses(jc) };
    // The company ships from GitHub releases and files no Jira versions or components (issues carry
    // none): the paged and the plain lists are empty, as Jira answers for such a project.
    yield* jiraList(origin, `${api}/project/${t.key}/version`, "pageBean", []);
    yield { path: `${api}/project/${t.key}/versions`, body: [] };
    yield* jiraList(origin, `${api}/project/${t.key}/component`, "pageBean", []);
    yield { path: `${api}/project/${t.key}/components`, body: [] };
  }

  // Configuration.
  yield { path: `${api}/field`, body: fieldList() };
  const statuses = STATUSES.map((s) => status(jc, s.name));
  yield { path: `${api}/status`, body: statuses };
  for (const s of STATUSES) yield { path: `${api}/status/${s.id}`, body: status(jc, s.name) };
  yield* jiraList(origin, `${api}/statuses/search`, "pageBean", STATUSES.map(workflowStatus));
  for (const s of STATUSES) yield { path: `${api}/statuses`, query: { id: s.id }, body: [workflowStatus(s)] };
  const categories = CATEGORIES.map((c) => statusCategory(jc, c.id));
  yield { path: `${api}/statuscategory`, body: categories };
  for (const c of CATEGORIES) yield { path: `${api}/statuscategory/${c.id}`, body: statusCategory(jc, c.id) };
  yield { path: `${api}/priority`, body: PRIORITIES.map((p) => priority(jc, p.name, true)) };
  for (const p of PRIORITIES) yield { path: `${api}/priority/${p.id}`, body: priority(jc, p.name, true) };
  yield { path: `${api}/issuetype`, body: ISSUE_TYPES.map((t) => issueType(jc, t.name)) };
  for (const t of ISSUE_TYPES) yield { path: `${api}/issuetype/${t.id}`, body: issueType(jc, t.name) };
  yield { path: `${api}/resolution`, body: RESOLUTIONS.map((r) => resolution(jc, r.name)) as JsonValue };
  for (const r of RESOLUTIONS) yield { path: `${api}/resolution/${r.id}`, body: resolution(jc, r.name) };
}
