import { describe, expect, inject, it } from "vitest";
import { isoMillis } from "../../../generator/world/clock.js";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { AIRBYTE, AIRBYTE_ISSUE_HISTORY, AIRBYTE_SOURCE } from "./connector-queries.js";
import { type Any, LINEAR_STATE, airbyteClient, inPool } from "./connector-client.js";

/**
 * Issue 12: Airbyte source-linear's `issue_history` stream (airbytehq/airbyte @ ba5fdf3,
 * airbyte-integrations/connectors/source-linear/manifest.yaml `definitions.streams.issue_history`): a
 * SubstreamPartitionRouter over the `issues` stream (parent_key id, injected as `variables.issueId`),
 * one `issue(id) { history(after, first: 50, includeArchived: true) }` request per issue and page, four
 * partitions at a time (`concurrency_level`: num_workers, default 4). Checked against the world's
 * transitions. The other streams are in connectors.test.ts.
 */

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["linear-2026-08-g5", "linear-2026-08"].filter((p) => !only || only.includes(p));
const EPOCH = Date.UTC(2000, 0, 1);

describe.each(pins)(`Airbyte source-linear issue_history (${AIRBYTE_SOURCE}) on %s`, (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const { send, read } = airbyteClient(`${baseUrl}/${pinName}/graphql`);
  const people = new Map(world.people.map((p) => [p.id, p]));
  const teamsById = new Map(world.teams.map((t) => [t.id, t]));

  it(
    "issue_history: the substream of issues (variables issueId, after), one entry per status " + "change, actor and states from the world",
    async () => {
      const [issues, users, states, teams] = await Promise.all(
        ["issues", "users", "workflow_states", "teams"].map((name) =>
          read(
            AIRBYTE.find((s) => s.name === name)!,
            EPOCH,
          ),
        ),
      );
      const email = new Map(users!.map((u) => [u.id as string, u.email as string]));
      const stateOf = new Map(states!.map((s) => [s.id as string, s]));
      const keyOf = new Map(teams!.map((t) => [t.id as string, t.key as string]));
      let entries = 0;
      // concurrency_level: default_concurrency num_workers = 4 (the manifest), so four partitions at a time.
      await inPool(issues!, 4, async (issue) => {
        const w = world.workItems.find((i) => i.key === issue.identifier)!;
        const nodes: Any[] = [];
        let after: string | undefined;
        for (;;) {
          const { status, json } = await send({
            query: AIRBYTE_ISSUE_HISTORY,
            variables: { issueId: issue.id, ...(after !== undefined ? { after } : {}) },
          });
          expect(status).toBe(200);
          expect(json.errors).toBeUndefined();
          nodes.push(...json.data.issue.history.nodes);
          if (json.data.issue.history.pageInfo.hasNextPage === false) break;
          after = json.data.issue.history.pageInfo.endCursor ?? "";
        }
        const seen = nodes
          .map(
            (h) =>
              `${h.createdAt} ${email.get(h.actorId)} ${stateOf.get(h.fromStateId)!.name}` +
              `>${stateOf.get(h.toStateId)!.name} ${keyOf.get(stateOf.get(h.toStateId)!.team.id)}`,
          )
          .sort();
        const team = teamsById.get(w.teamId)!.key;
        expect(seen, w.key).toStrictEqual(
          w.transitions
            .map((t) => `${isoMillis(t.at)} ${people.get(t.byId)!.email} ${LINEAR_STATE[t.from].name}>${LINEAR_STATE[t.to].name} ${team}`)
            .sort(),
        );
        for (const h of nodes) {
          expect([
            h.fromAssigneeId,
            h.toAssigneeId,
            h.fromCycleId,
            h.toCycleId,
            h.fromTitle,
            h.toTitle,
            h.fromPriority,
            h.toPriority,
            h.archivedAt,
          ]).toStrictEqual([null, null, null, null, null, null, null, null, null]);
          expect(h.addedLabelIds ?? []).toStrictEqual([]);
        }
        entries += nodes.length;
      });
      expect(entries).toBe(world.workItems.reduce((n, i) => n + i.transitions.length, 0));
    },
  );
});
