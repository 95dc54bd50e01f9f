import { createHash } from "node:crypto";
import { withKeyedHeaders } from "../../core/keyed.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { auditLogResources } from "./audit-logs.js";
import { inferenceRoutes } from "./completions.js";
import { OaiContext, sec } from "./context.js";
import { badRequest, methodNotAllowed, missingKey, notFound } from "./errors.js";
import { fileResources, filesOf } from "./files.js";
import { DEFAULT_LIMIT, FILES_LIMIT } from "./lists.js";
import { modelResources } from "./models.js";
import { listProfiles } from "./profiles.js";
import { organizationResources } from "./organization.js";
import { usageDataResources } from "./usage-data.js";
import { usageRoutes } from "./usage.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Every answer carries `openai-processing-ms` and `x-request-id`; a pre-rendered one gets them derived
 * from its own key (the pin-wide values in the profile stand for the error answers).
 */
function withRequestHeaders(pin: PinContext, resources: Iterable<Resource>): Generator<Resource> {
  return withKeyedHeaders(resources, (key) => {
    const h = createHash("sha256").update(`${pin.pin.name}\u0000${key}`).digest();
    return { "openai-processing-ms": String(18 + (h[0]! % 160)), "x-request-id": `req_${h.toString("hex").slice(0, 32)}` };
  });
}

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "openai",
  name: "OpenAI",
  unavailable: { status: 503, body: { error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } } },
  snippet:
    'import OpenAI from "openai";\nconst pin = "{{base_url}}";\nconst openai = new OpenAI({ ' +
    'apiKey: "any", adminAPIKey: "any", baseURL: `${pin}/v1` });',
  computed: [...inferenceRoutes, ...usageRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const h = createHash("sha256").update(`${pin.pin.name}\u0000error`).digest("hex");
    return {
      provider: "openai",
      headers: {
        "openai-version": "2020-10-01",
        "openai-organization": world.company.slug,
        "openai-processing-ms": "12",
        "x-request-id": `req_${h.slice(0, 32)}`,
        "x-content-type-options": "nosniff",
        "strict-transport-security": "max-age=31536000; includeSubDomains; preload",
        "access-control-expose-headers": "X-Request-ID, OpenAI-Organization, OpenAI-Processing-Ms, OpenAI-Version",
      },
      query: {
        keep: ["limit", "after", "order", "purpose", "emails", "owner_project_access", "event_types", "project_ids"],
        defaults: [
          { param: "limit", value: String(DEFAULT_LIMIT), path: "^v1/organization/" },
          { param: "limit", value: String(FILES_LIMIT), path: "^v1/files$" },
          { param: "order", value: "desc", path: "^v1/files$" },
          { param: "order", value: "asc", path: "^v1/organization/admin_api_keys$" },
        ],
        anyValue: [],
        clamp: [{ param: "limit", min: 1, max: FILES_LIMIT }],
      },
      errors: { notFound, methodNotAllowed, badRequest },
      lists: listProfiles(pin.origin),
      // OpenAI answers 401 without `Authorization: Bearer <key>`; any key (or admin key) is accepted.
      auth: { header: "authorization", pattern: "^[Bb]earer \\S", error: missingKey },
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const oai = new OaiContext(world, pin);
    yield* withRequestHeaders(
      pin,
      (function* () {
        yield* modelResources(sec(world.asOf), filesOf(oai).models);
        yield* organizationResources(oai);
        yield* auditLogResources(oai);
        yield* fileResources(oai);
        yield* usageDataResources(oai);
      })(),
    );
  },
});
