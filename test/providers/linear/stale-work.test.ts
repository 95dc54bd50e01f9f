import { execute, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { liveGeneration, livePins, liveSettings, withLiveGeneration } from "../../../generator/live/settings.js";
import { LinearContext } from "../../../generator/providers/linear/context.js";
import { fieldResolver, typeResolver } from "../../../generator/providers/linear/executor.js";
import { attachments, comments, issueHistory, issues } from "../../../generator/providers/linear/issues.js";
import { organization, teamMemberships, users } from "../../../generator/providers/linear/organization.js";
import { issueLabels, projectStatuses, projects } from "../../../generator/providers/linear/projects.js";
import { linearSchema } from "../../../generator/providers/linear/schema.js";
import { type Entity, Store } from "../../../generator/providers/linear/store.js";
import { cycles, teams, workflowStates } from "../../../generator/providers/linear/teams.js";
import { HOUR, isoMillis } from "../../../generator/world/clock.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/**
 * The live workspace's stale-work app (world/work/automation.ts, issues.ts): at every 6-hour slot it comments
 * on the open issue longest without an update, as an app (`user` null, `botActor` naming it). Built
 * in-process from the live universe and queried through the GraphQL executor: no pin carries it.
 */
const catalog = loadCatalog("catalog.yaml");
const AS_OF = Date.parse("2026-09-14T08:00:00Z");
const generation = liveGeneration(liveSettings(catalog), AS_OF);
const world = buildWorld(generation, { render: loadTemplates("templates/repo"), scale: 1 });
const [pin] = livePins(catalog, () => true, ["linear"]);
const lc = new LinearContext(world, {
  pin: pin!,
  catalog: withLiveGeneration(catalog, generation),
  origin: `https://linear.${catalog.serviceDomain}`,
});
const lists: Array<[string, Array<Record<string, unknown>>]> = [
  ["User", users(lc)],
  ["Team", teams(lc)],
  ["TeamMembership", teamMemberships(lc)],
  ["WorkflowState", workflowStates(lc)],
  ["Cycle", cycles(lc)],
  ["ProjectStatus", projectStatuses(lc)],
  ["Project", projects(lc)],
  ["IssueLabel", issueLabels(lc)],
  ["Issue", issues(lc)],
  ["IssueHistory", issueHistory(lc)],
  ["Comment", comments(lc)],
  ["Attachment", attachments(lc)],
];
const store = new Store(organization(lc) as Entity, new Map(lists.map(([t, l]) => [t, l as Entity[]])), world.asOf);

type Any = Record<string, any>;
async function query(text: string): Promise<Any> {
  const result = await execute({
    schema: linearSchema(),
    document: parse(text),
    rootValue: {},
    contextValue: { store },
    fieldResolver,
    typeResolver,
  });
  expect(result.errors).toBeUndefined();
  return result.data as Any;
}

describe("linear: the stale-work app (live only)", () => {
  it("comments as an app on the issue, and the issue's updatedAt moves with it", async () => {
    const last = world.staleNudges.at(-1)!;
    expect(AS_OF - last.at).toBeLessThan(6 * HOUR + 90_000);
    const item = world.workItems.find((i) => i.key === last.itemKey)!;
    const data = await query(
      `{ issue(id: "${item.key}") { updatedAt assignee { name } comments { nodes { body createdAt updatedAt user { id } ` +
        `botActor { id type ` +
        `name } } } } }`,
    );
    expect(data.issue.updatedAt).toBe(isoMillis(last.at));
    const bot = (data.issue.comments.nodes as Any[]).filter((c) => c.botActor);
    expect(bot.length).toBe(world.staleNudges.filter((n) => n.itemKey === item.key).length);
    const newest = bot.find((c) => c.createdAt === isoMillis(last.at))!;
    expect(`${newest.user} ${newest.botActor.type} ${newest.botActor.name} ${newest.updatedAt}`).toBe(
      `null oauthClient Stale Work Nudge ${isoMillis(last.at)}`,
    );
    expect(newest.body).toContain(data.issue.assignee.name);
  });

  it("is what `orderBy: updatedAt` puts first among comments, and no activity is older than the last slot", async () => {
    const data = await query(`{
      issues(first: 1, orderBy: updatedAt) { nodes { updatedAt } }
      comments(first: 1, orderBy: updatedAt) { nodes { updatedAt botActor { name } } }
    }`);
    const last = world.staleNudges.at(-1)!;
    expect(data.comments.nodes[0].updatedAt >= isoMillis(last.at)).toBe(true);
    expect(Date.parse(data.issues.nodes[0].updatedAt)).toBeGreaterThanOrEqual(last.at);
    // People's comments keep their ids: the app's have their own.
    const ids = (store.all("Comment") as Any[]).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
