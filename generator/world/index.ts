import type { Generation } from "../catalog/types.js";
import { parseInstant } from "./clock.js";
import { buildDelivery } from "./delivery.js";
import { buildHistory } from "./history.js";
import { buildOrg, foundedAt } from "./people.js";
import { planWork } from "./plan.js";
import { buildRepos } from "./repos.js";
import { rngFactory } from "./rng.js";
import { assignSprints, buildSprints } from "./sprints.js";
import { buildAi } from "./ai.js";
import { buildStaleNudges } from "./automation.js";
import { buildCommerce } from "./commerce.js";
import { buildOperations } from "./operations.js";
import { IdRegistry } from "./ids.js";
import type { Render } from "./templates.js";
import type { Operations, World } from "./types.js";
import { COMPANIES, LABELS } from "./vocabulary.js";

/**
 * The live universe's first repositories run CI on a cron (Generation.schedule): one of each kind of CI
 * hosting (operations.ts buildCiHosting deals repositories to CircleCI, Actions only and Buildkite in turn),
 * so every CI host has a run from each build's own instant.
 */
const SCHEDULED_REPOS = 3;

export interface WorldOptions {
  /** 1 is the default universe; larger values add teams, seats, repositories and activity. */
  scale?: number;
  /** Renders repository files from templates/. */
  render: Render;
}

/** The whole universe of one generation: a pure function of its seed, its clock, the scale and the templates. */
export function buildWorld(generation: Generation, options: WorldOptions): World {
  const scale = options.scale ?? 1;
  const rng = rngFactory(generation.seed);
  // Every id of the universe, unique within its range (world/ids.ts); providers take child registries.
  const ids = new IdRegistry(generation.seed);
  const start = parseInstant(generation.start);
  const asOf = parseInstant(generation.asOf);
  const [name, slug, domain] = rng("company").pick(COMPANIES);
  const company = { name, slug, domain, foundedAt: foundedAt(start, rng("company/founded")) };
  const { teams, people } = buildOrg(rng, scale, start, domain);
  const repos = buildRepos(rng, teams, scale, start);
  const { items, plans } = planWork(rng, teams, people, repos, { start, asOf, scale, generation: generation.id });
  for (const repo of repos) {
    const team = teams.find((t) => t.id === repo.teamId)!;
    buildHistory(
      repo,
      team,
      plans.filter((p) => p.repo === repo),
      { seed: generation.seed, ids, rng, render: options.render, people, company, asOf },
    );
    buildDelivery(repo, team, {
      seed: generation.seed,
      ids,
      rng,
      people,
      asOf,
      ...(generation.schedule && repo.id <= SCHEDULED_REPOS ? { schedule: { ...generation.schedule, since: start } } : {}),
    });
  }
  const sprints = buildSprints(start, asOf);
  assignSprints(items, sprints);
  const staleNudges = generation.schedule ? buildStaleNudges(rng, items, generation.schedule, start, asOf) : [];
  const commerce = buildCommerce({
    seed: generation.seed,
    ids,
    rng,
    start,
    asOf,
    company,
    people,
    workItems: items,
    ...(generation.schedule ? { schedule: generation.schedule } : {}),
  });
  const ai = buildAi({
    seed: generation.seed,
    rng,
    start,
    asOf,
    people,
    teams,
    repos,
    workItems: items,
    ...(generation.schedule ? { schedule: generation.schedule } : {}),
  });
  const labels = LABELS.map(([n, color, description]) => ({ name: n, color, description }));
  const world = {
    generation,
    start,
    asOf,
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
  } as World;
  // The registry is no part of the universe's data: kept off its enumerable fields.
  Object.defineProperty(world, "ids", { enumerable: false, value: ids });
  ids.seal();
  // Operations are built on first use: only the live hosts read them, and the pins' builds need not pay.
  // Their ids come from a child registry, so when they are built changes no other id.
  let operations: Operations | undefined;
  Object.defineProperty(world, "operations", {
    enumerable: true,
    get: () => (operations ??= buildOperations({ seed: generation.seed, ids: ids.child(), rng, start, asOf, people, teams, repos })),
  });
  return world;
}

export type * from "./types.js";
export { loadTemplates, type Render } from "./templates.js";
