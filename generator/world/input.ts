import type { IdRegistry } from "./ids.js";
import type { Rng } from "./rng.js";
import type { Render } from "./templates.js";
import type { Repo } from "./code/types.js";
import type { Company, Person, Team } from "./org/types.js";
import type { WorkItem } from "./work/types.js";

/** The live universe's schedule (Generation.schedule): slots from `at` (UTC HH:MM), then every `every` ms. */
export interface Schedule {
  at: string;
  every: number;
}

/**
 * What the world's builders read, one type for all of them: the generation (its number, seed, clock and
 * schedule), the keyed streams and the id registry, and the parts of the world built before the builder.
 * Each builder takes the fields it reads, `Pick<WorldInput, …>`, so its signature says what it depends on
 * and buildWorld (index.ts) can only call it once those parts exist.
 */
export interface WorldInput {
  /** The generation's number: each generation numbers its projects from its own thousand. */
  generation: number;
  seed: string;
  /** The universe's keyed streams (rng.ts): one stream per entity path. */
  rng: (path: string) => Rng;
  /** Every id of the universe, unique within its range (ids.ts). */
  ids: IdRegistry;
  start: number;
  asOf: number;
  /** 1 is the default universe; larger values add teams, seats, repositories and activity. */
  scale: number;
  /** Renders repository files from templates/. */
  render: Render;
  /** What runs on the live schedule exists in the live universe only: a pinned generation has none. */
  schedule?: Schedule;
  company: Company;
  people: Person[];
  teams: Team[];
  repos: Repo[];
  workItems: WorkItem[];
}
