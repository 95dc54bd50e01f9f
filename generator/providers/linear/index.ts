import { fileURLToPath } from "node:url";
import { SCHEMA_FILES } from "./schema.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { type CollectionName, COLLECTIONS, DATA_PATH, DEFAULT_PAGE, MAX_PAGE, dataPagination } from "./collections.js";
import { LinearContext } from "./context.js";
import { methodNotAllowed, notFound } from "./errors.js";
import { computedRoutes } from "./handler.js";
import { attachments, comments, issueHistory, issues } from "./issues.js";
import { organization, teamMemberships, users } from "./organization.js";
import { issueLabels, projectStatuses, projects } from "./projects.js";
import { cycles, teams, workflowStates } from "./teams.js";
import { defineProvider } from "../../core/define-provider.js";

/** Each data list's records, in the order the build writes them. */
const RENDER: Record<CollectionName, (lc: LinearContext) => Array<Record<string, JsonValue>>> = {
  users,
  teams,
  teamMemberships,
  workflowStates,
  cycles,
  projectStatuses,
  projects,
  issueLabels,
  issues,
  issueHistory,
  comments,
  attachments,
};

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "linear",
  name: "Linear",
  unavailable: {
    status: 503,
    body: {
      errors: [{ message: "{message}", extensions: { code: "SERVICE_UNAVAILABLE", type: "service unavailable", userError: false } }],
    },
  },
  snippet:
    'import { LinearClient } from "@linear/sdk";\nconst pin = "{{base_url}}";\nconst linear = ' +
    'new LinearClient({ apiKey: "any", apiUrl: `${pin}/graphql` });',
  computed: computedRoutes,
  serving(pin: PinContext, _world: World, computed): ServingProfile {
    const asOf = Date.parse(pin.catalog.generations.get(pin.pin.generation)?.asOf ?? "");
    const reset = Number.isNaN(asOf) ? "0" : String(asOf + 3_600_000);
    return {
      provider: "linear",
      headers: {
        "x-ratelimit-requests-limit": "5000",
        "x-ratelimit-requests-remaining": "4999",
        "x-ratelimit-requests-reset": reset,
        "x-ratelimit-complexity-limit": "3000000",
        "x-ratelimit-complexity-remaining": "3000000",
        "x-ratelimit-complexity-reset": reset,
      },
      query: {
        keep: ["page", "per_page"],
        defaults: [
          { param: "page", value: "1" },
          { param: "per_page", value: String(DEFAULT_PAGE) },
        ],
        anyValue: [],
        clamp: [
          { param: "per_page", min: 1, max: MAX_PAGE },
          { param: "page", min: 1, max: 100_000 },
        ],
      },
      errors: { notFound, methodNotAllowed },
      pagination: dataPagination(pin.origin),
      // The frozen input of the GraphQL handler, paged by number: filters and orders are GraphQL's.
      lists: [{ path: `^${DATA_PATH}/(?!organization$)[^/]+$` }],
      computed,
    };
  },
  runtimeFiles: () => SCHEMA_FILES.map((u) => fileURLToPath(u)),
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const lc = new LinearContext(world, pin);
    const lists = COLLECTIONS.map((c) => ({ ...c, records: RENDER[c.name](lc) }));
    // The index: where the GraphQL endpoint and every data list are, each list's type and length.
    yield {
      path: DATA_PATH,
      body: {
        endpoint: `${pin.origin}/graphql`,
        organization: `${pin.origin}/${DATA_PATH}/organization`,
        collections: Object.fromEntries(
          lists.map((l) => [l.name, { type: l.type, total: l.records.length, url: `${pin.origin}/${DATA_PATH}/${l.name}` }]),
        ),
      },
    };
    yield { path: `${DATA_PATH}/organization`, body: organization(lc) };
    for (const l of lists) yield* listPages(dataPagination(pin.origin), `${DATA_PATH}/${l.name}`, l.records);
  },
});
