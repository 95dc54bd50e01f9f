import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { DAY, isoMillis } from "../../world/clock.js";
import type { Sprint, Team, WorkItem } from "../../world/types.js";
import type { JiraContext } from "./context.js";
import { agileIssue, history } from "./issues.js";
import { EXPANDED, MAX_SIZE, jiraList } from "./lists.js";
import { historiesOf } from "./activity.js";
import { teamsByKey } from "./projects.js";
import { POINTS_FIELD, RANK_FIELD, statusDef } from "./schemes.js";
import { filterId } from "./site.js";

/**
 * Jira Software's Agile API 1.0: one scrum board per project (`PAY board`, id = the team's id), and on
 * each board one sprint per company sprint (`PAY Sprint 14`, id = board id x 1000 + sprint number), in
 * the company's two-week cadence with its states (closed, active, future).
 */
const STATES = ["future", "active", "closed"] as const;

/** Every order of every non-empty subset of the states: clients send `state=active,future` in any order. */
export const STATE_FILTERS: string[] = (() => {
  const out: string[] = [];
  const permute = (rest: string[], picked: string[]) => {
    if (picked.length) out.push(picked.join(","));
    for (const s of rest)
      permute(
        rest.filter((x) => x !== s),
        [...picked, s],
      );
  };
  permute([...STATES], []);
  return out;
})();

export function board(jc: JiraContext, t: Team): JsonObject {
  return {
    id: jc.boardId(t),
    self: `${jc.agile}/board/${jc.boardId(t)}`,
    name: `${t.key} board`,
    type: "scrum",
    location: {
      projectId: Number(jc.projectId(t)),
      displayName: `${t.name} (${t.key})`,
      projectName: t.name,
      projectKey: t.key,
      projectTypeKey: "software",
      avatarURI: `${jc.site}/rest/api/2/universal_avatar/view/type/project/avatar/${10400 + t.id}?size=small`,
      name: `${t.name} (${t.key})`,
    },
  };
}

export function sprint(jc: JiraContext, t: Team, s: Sprint): JsonObject {
  const id = jc.sprintId(t, s);
  return {
    id,
    self: `${jc.agile}/sprint/${id}`,
    state: s.state,
    name: jc.sprintName(t, s),
    startDate: isoMillis(s.startAt),
    endDate: isoMillis(s.endAt),
    ...(s.state === "closed" ? { completeDate: isoMillis(s.endAt) } : {}),
    createdDate: isoMillis(Math.min(s.startAt - 3 * DAY, jc.world.asOf)),
    originBoardId: jc.boardId(t),
    goal: "",
  };
}

/**
 * `board/{id}/configuration`: the board's saved filter (DevLake reads its `jql` through `filter/{id}`),
 * its columns over the workflow's statuses, story points as the estimate and the Rank field. Links name
 * `/rest/api/2/`, as the Agile API writes them.
 */
export function boardConfiguration(jc: JiraContext, t: Team): JsonObject {
  const v2 = `${jc.site}/rest/api/2`;
  const column = (name: string, ids: string[]) => ({ name, statuses: ids.map((id) => ({ id, self: `${v2}/status/${id}` })) });
  return {
    id: jc.boardId(t),
    name: `${t.key} board`,
    type: "scrum",
    self: `${jc.agile}/board/${jc.boardId(t)}/configuration`,
    location: { type: "project", key: t.key, id: jc.projectId(t), self: `${v2}/project/${jc.projectId(t)}`, name: t.name },
    filter: { id: filterId(t), self: `${v2}/filter/${filterId(t)}` },
    subQuery: { query: "fixVersion in unreleasedVersions() OR fixVersion is EMPTY" },
    columnConfig: {
      columns: [
        column("Backlog", []),
        column("To Do", [statusDef("Backlog").id, statusDef("To Do").id]),
        column("In Progress", [statusDef("In Progress").id]),
        column("In Review", [statusDef("In Review").id]),
        column("Done", [statusDef("Done").id, statusDef("Canceled").id]),
      ],
      constraintType: "issueCount",
    },
    estimation: { type: "field", field: { fieldId: POINTS_FIELD, displayName: "Story point estimate" } },
    ranking: { rankCustomFieldId: Number(RANK_FIELD.slice("customfield_".length)) },
  };
}

/** A project's issues in rank order (creation order: the backlog was never re-ranked). */
function teamItems(jc: JiraContext, t: Team): WorkItem[] {
  return jc.once(`team-items/${t.id}`, () => jc.world.workItems.filter((i) => i.teamId === t.id));
}

/** The backlog: unfinished issues in no active or future sprint. */
function backlog(jc: JiraContext, t: Team): WorkItem[] {
  return teamItems(jc, t).filter((i) => statusDef(i.status).category !== 3 && (jc.sprint(i.sprintId)?.state ?? "closed") === "closed");
}

/** An Agile issue with `expand=changelog`: the changelog after the fields, as Jira's issue beans write it. */
function withChangelog(jc: JiraContext, i: WorkItem): JsonValue {
  const histories = historiesOf(jc, i).map((h) => history(jc, h));
  return { ...agileIssue(jc, i), changelog: { startAt: 0, maxResults: histories.length, total: histories.length, histories } };
}

export function* agileResources(jc: JiraContext): Generator<Resource> {
  const origin = jc.pin.origin;
  const teams = teamsByKey(jc);
  const boards = [...jc.world.teams].sort((a, b) => jc.boardId(a) - jc.boardId(b));
  yield* jiraList(
    origin,
    "rest/agile/1.0/board",
    "agileValues",
    boards.map((t) => board(jc, t)),
  );
  yield* jiraList(
    origin,
    "rest/agile/1.0/board",
    "agileValues",
    boards.map((t) => board(jc, t)),
    [["type", "scrum"]],
  );
  yield* jiraList(origin, "rest/agile/1.0/board", "agileValues", [], [["type", "kanban"]]);
  for (const t of teams) {
    for (const ref of [t.key, jc.projectId(t)])
      yield* jiraList(origin, "rest/agile/1.0/board", "agileValues", [board(jc, t)], [["projectKeyOrId", ref]]);
    const base = `rest/agile/1.0/board/${jc.boardId(t)}`;
    yield { path: base, body: board(jc, t) };
    yield { path: `${base}/configuration`, body: boardConfiguration(jc, t) };
    const sprints = [...jc.world.sprints].sort((a, b) => a.startAt - b.startAt || a.id - b.id);
    yield* jiraList(
      origin,
      `${base}/sprint`,
      "agileValues",
      sprints.map((s) => sprint(jc, t, s)),
    );
    for (const filter of STATE_FILTERS) {
      const states = filter.split(",");
      yield* jiraList(
        origin,
        `${base}/sprint`,
        "agileValues",
        sprints.filter((s) => states.includes(s.state)).map((s) => sprint(jc, t, s)),
        [["state", filter]],
      );
    }
    const items = teamItems(jc, t);
    yield* jiraList(
      origin,
      `${base}/issue`,
      "agileIssues",
      items.map((i) => agileIssue(jc, i)),
    );
    // With any `expand` (DevLake sends `expand=changelog`): each issue's changelog, whole and oldest first.
    // Only the 100-item pages are written; every other page of it is cut from them by the query engine.
    yield* jiraList(
      origin,
      `${base}/issue`,
      "agileIssues",
      items.map((i) => withChangelog(jc, i)),
      [["expand", EXPANDED]],
      [MAX_SIZE],
    );
    yield* jiraList(
      origin,
      `${base}/backlog`,
      "agileIssues",
      backlog(jc, t).map((i) => agileIssue(jc, i)),
    );
    for (const s of sprints) {
      const path = `rest/agile/1.0/sprint/${jc.sprintId(t, s)}`;
      yield { path, body: sprint(jc, t, s) };
      yield* jiraList(
        origin,
        `${path}/issue`,
        "agileIssues",
        items.filter((i) => i.sprintId === s.id).map((i) => agileIssue(jc, i)) as JsonValue[],
      );
    }
  }
}
