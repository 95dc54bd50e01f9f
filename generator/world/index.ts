import type { Generation } from "../catalog/types.js";
import { parseInstant } from "./clock.js";
import { buildDelivery } from "./delivery/delivery.js";
import { buildStatuses } from "./delivery/statuses.js";
import { buildHistory } from "./code/history.js";
import { buildMilestones } from "./code/milestones.js";
import { buildCompany, buildOrg } from "./org/people.js";
import { planWork } from "./work/plan.js";
import { buildRepos } from "./code/repos.js";
import { rngFactory } from "./rng.js";
import { buildSprints } from "./work/sprints.js";
import { buildAi } from "./ai/ai.js";
import { buildStaleNudges } from "./work/automation.js";
import { buildCommerce } from "./commerce/commerce.js";
import { buildOperations } from "./operations/operations.js";
import { IdRegistry } from "./ids.js";
import type { WorldInput } from "./input.js";
import type { Render } from "./templates.js";
import type { Operations, World } from "./types.js";
import { LABELS } from "./vocabulary.js";

export interface WorldOptions {
  /** 1 is the default universe; larger values add teams, seats, repositories and activity. */
  scale?: number;
  /** Renders repository files from templates/. */
  render: Render;
}

/**
 * The whole universe of one generation: a pure function of its seed, its clock, the scale and the templates.
 * Each domain's builder reads one input (WorldInput), grown by the parts built before it.
 */
export function buildWorld(generation: Generation, options: WorldOptions): World {
  // Every id of the universe, unique within its range (world/ids.ts); providers take child registries.
  const ids = new IdRegistry(generation.seed);
  const base = {
    generation: generation.id,
    seed: generation.seed,
    rng: rngFactory(generation.seed),
    ids,
    start: parseInstant(generation.start),
    asOf: parseInstant(generation.asOf),
    scale: options.scale ?? 1,
    render: options.render,
    ...(generation.schedule ? { schedule: generation.schedule } : {}),
  };
  const company = buildCompany(base);
  const { teams, people } = buildOrg({ ...base, company });
  const repos = buildRepos({ ...base, teams });
  const { items, plans } = planWork({ ...base, teams, people, repos });
  const input: WorldInput = { ...base, company, people, teams, repos, workItems: items };
  for (const repo of repos) {
    const team = teams.find((t) => t.id === repo.teamId)!;
    buildHistory(
      repo,
      team,
      plans.filter((p) => p.repo === repo),
      input,
    );
    buildMilestones(repo, team, input);
    buildDelivery(repo, team, input);
    buildStatuses(repo, team, input);
  }
  const sprints = buildSprints(input);
  const staleNudges = buildStaleNudges(input);
  const commerce = buildCommerce(input);
  const ai = buildAi(input);
  const labels = LABELS.map(([n, color, description]) => ({ name: n, color, description }));
  ids.seal();
  let operations: Operations | undefined;
  return {
    generation,
    ids,
    start: input.start,
    asOf: input.asOf,
    company,
    people,
    teams,
    repos,
    workItems: items,
    labels,
    sprints,
    staleNudges,
    commerce,
    ai,
    get operations() {
      return (operations ??= buildOperations({ ...input, ids: ids.child() }));
    },
  };
}

export type * from "./types.js";
export type { Schedule, WorldInput } from "./input.js";
export { loadTemplates, type Render } from "./templates.js";
