import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import { startOfDay } from "../../world/clock.js";
import type { Sprint } from "../../world/types.js";
import { isoSeconds, type AdoContext, type AdoTeam } from "./context.js";
import { valueList } from "./lists.js";

/**
 * The Work API's team settings: every team runs on the company's two-week sprints (`world.sprints`), as
 * iterations `{Project}\Sprint N` of the project's iteration tree; `$timeframe=current` is the active one.
 * An iteration's work items are the team's items planned in it (the default team sees every area).
 */
function iterationId(ado: AdoContext, s: Sprint): string {
  return ado.guid(`sprint/${s.id}`);
}

function teamSettingsUrl(ado: AdoContext, t: AdoTeam): string {
  return `${ado.orgUrl}/${ado.projectId}/${t.id}/_apis/work/teamsettings`;
}

function iteration(ado: AdoContext, t: AdoTeam, s: Sprint): JsonValue {
  const id = iterationId(ado, s);
  return {
    id,
    name: s.name,
    path: `${ado.projectName}\\${s.name}`,
    attributes: {
      startDate: isoSeconds(s.startAt),
      finishDate: isoSeconds(startOfDay(s.endAt)),
      timeFrame: s.state === "closed" ? "past" : s.state === "active" ? "current" : "future",
    },
    url: `${teamSettingsUrl(ado, t)}/iterations/${id}`,
  };
}

export function* iterationResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const current = ado.world.sprints.find((s) => s.state === "active");
  for (const t of ado.teams) {
    const base = `${ado.teamPath(t)}/_apis/work/teamsettings`;
    const url = teamSettingsUrl(ado, t);
    const all = ado.world.sprints.map((s) => iteration(ado, t, s));
    yield* valueList(p, `${base}/iterations`, all);
    yield* valueList(p, `${base}/iterations`, current ? [iteration(ado, t, current)] : [], [["$timeframe", "current"]]);
    for (const s of ado.world.sprints) {
      const id = iterationId(ado, s);
      yield { path: `${base}/iterations/${id}`, body: iteration(ado, t, s) };
      const items = ado.world.workItems
        .filter((i) => i.sprintId === s.id && (t.team === undefined || i.teamId === t.team.id))
        .sort((a, b) => a.id - b.id);
      yield {
        path: `${base}/iterations/${id}/workitems`,
        body: {
          workItemRelations: items.map((i) => ({ rel: null, source: null, target: { id: i.id, url: ado.workItemUrl(i.id) } })),
          url: `${url}/iterations/${id}/workitems`,
          _links: {
            self: { href: `${url}/iterations/${id}/workitems` },
            project: { href: ado.projectUrl() },
            team: { href: `${ado.orgUrl}/_apis/projects/${ado.projectId}/teams/${t.id}` },
            teamIteration: { href: `${url}/iterations/${id}` },
          },
        },
      };
    }
    // The team's area: the default team owns the project's root and everything under it, a team its own node.
    const area = t.team ? `${ado.projectName}\\${t.name}` : ado.projectName;
    yield {
      path: `${base}/teamfieldvalues`,
      body: {
        field: { referenceName: "System.AreaPath", url: `${ado.orgUrl}/_apis/wit/fields/System.AreaPath` },
        defaultValue: area,
        values: [{ value: area, includeChildren: t.team === undefined }],
        url: `${url}/teamfieldvalues`,
        _links: {
          self: { href: `${url}/teamfieldvalues` },
          project: { href: ado.projectUrl() },
          team: { href: `${ado.orgUrl}/_apis/projects/${ado.projectId}/teams/${t.id}` },
          teamSettings: { href: url },
          areaPath: {
            href: `${ado.orgUrl}/${ado.projectId}/_apis/wit/classificationNodes/Areas${t.team ? `/${encodeURIComponent(t.name)}` : ""}`,
          },
        },
      },
    };
    const root = { id: ado.guid("sprint/root"), name: ado.projectName, path: "", url: `${url}/iterations/${ado.guid("sprint/root")}` };
    yield { path: `${base}/iterations/${root.id}`, body: root };
    yield {
      path: base,
      body: {
        backlogIteration: root,
        bugsBehavior: "asRequirements",
        workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
        backlogVisibilities: { "Microsoft.EpicCategory": false, "Microsoft.FeatureCategory": true, "Microsoft.RequirementCategory": true },
        ...(current
          ? {
              defaultIteration: {
                id: iterationId(ado, current),
                name: current.name,
                path: `${ado.projectName}\\${current.name}`,
                url: `${url}/iterations/${iterationId(ado, current)}`,
              },
            }
          : {}),
        defaultIterationMacro: "@currentIteration",
        url,
        _links: {
          self: { href: url },
          project: { href: ado.projectUrl() },
          team: { href: `${ado.orgUrl}/_apis/projects/${ado.projectId}/teams/${t.id}` },
          teamIterations: { href: `${url}/iterations` },
          teamFieldValues: { href: `${url}/teamfieldvalues` },
        },
      },
    };
  }
}
