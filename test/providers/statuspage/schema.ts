import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { z } from "zod";
import { nullableProperty, Operations } from "../../support/openapi.js";

/**
 * Statuspage's published OpenAPI 3.0 description (developer.statuspage.io, vendored in spec/ with its
 * source), compiled with Ajv: a v1 body is checked against the 200 schema of the GET operation whose
 * path template matches (the most literal first).
 *
 * Readings of the description as the API behaves, each narrow and said here:
 * - it marks no field nullable, while the API writes `null` for every unset field (`group_id` of a
 *   group, `resolved_at` of an open incident, `affected_components` of an update that changed none):
 *   a declared property may be null;
 * - `Incident.metadata` is typed `Object` (no JSON Schema type): an object;
 * - `Incident.postmortem_published_at` is typed boolean, described as "the timestamp when the
 *   postmortem was published": a date-time;
 * - `GroupComponent.components` is typed string with an array of ids as its example, and its `position`
 *   a string: an array of strings, and an integer as `Component.position` is;
 * - the uptime bodies (`ComponentUptime`, `ComponentGroupUptime`): `range_start` and `range_end` are
 *   typed date-time with dates as their examples (`2020-01-15`): dates; `warnings` is typed string with
 *   an array of messages as its example: an array of strings; `related_events` is described as the
 *   related incidents (an object with one `id`): a list of such objects (for a group, one per component
 *   with its incidents);
 * - the metrics lists (`/metrics`, `/metrics_providers/{id}/metrics`) are typed as one `Metric` while
 *   described as lists (paged with `page` and `per_page`): arrays of `Metric`;
 * - `MetricsProvider.page_id` is typed int32, while every page id, this one's included, is a string
 *   ("Page identifier" on every path): a string.
 *
 * The public Status API v2 (`/api/v2/…`) has no published description: its bodies are checked with zod
 * schemas written from its reference (https://metastatuspage.com/api/v2 / developer.statuspage.io).
 */
const SPEC = join(import.meta.dirname, "spec", "statuspage-openapi3.json");

type Schema = Record<string, unknown>;
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, Schema & { properties?: Record<string, Schema> }> };
};

export class StatuspageOpenApi {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly operations = new Operations<object>();

  constructor() {
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["date-time", "date", "uri"]);
    this.ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
    this.ajv.addFormat("float", { type: "number", validate: () => true });
    const spec = JSON.parse(readFileSync(SPEC, "utf8")) as Spec;
    const schemas = spec.components.schemas;
    const props = (name: string) => schemas[name]!.properties!;
    props("Incident").metadata = { type: "object" };
    props("Incident").postmortem_published_at = { type: "string", format: "date-time" };
    props("GroupComponent").components = { type: "array", items: { type: "string" } };
    props("GroupComponent").position = { type: "integer", format: "int32" };
    for (const name of ["ComponentUptime", "ComponentGroupUptime"]) {
      const u = props(name);
      u.range_start = { type: "string", format: "date" };
      u.range_end = { type: "string", format: "date" };
      u.warnings = { type: "array", items: { type: "string" } };
      const ref = { type: "object", required: ["id"], properties: { id: { type: "string" } }, additionalProperties: false };
      u.related_events = {
        type: "array",
        items:
          name === "ComponentUptime"
            ? ref
            : {
                type: "object",
                required: ["component_id", "incidents"],
                properties: { component_id: { type: "string" }, incidents: { type: "array", items: ref } },
              },
      };
    }
    for (const path of ["/pages/{page_id}/metrics", "/pages/{page_id}/metrics_providers/{metrics_provider_id}/metrics"]) {
      const json = spec.paths[path]!.get!.responses!["200"]!.content!["application/json"]!;
      json.schema = { type: "array", items: json.schema };
    }
    props("MetricsProvider").page_id = { type: "string" };
    for (const s of Object.values(schemas)) {
      if (s.properties) for (const [k, p] of Object.entries(s.properties)) s.properties[k] = nullableProperty(p);
    }
    this.ajv.addSchema({ $id: "sp", components: rewriteRefs(spec.components) as object });
    for (const [raw, ops] of Object.entries(spec.paths)) {
      const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const template = `v1${raw}`;
      const source = template.replace(/[.*+^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      this.operations.add(raw, source, rewriteRefs(schema) as object, template);
    }
  }

  /** Why a v1 body served at `path` does not conform, or undefined when it does. */
  validate(path: string, body: unknown): string | undefined {
    return this.operations.validate(this.ajv, path, body);
  }

  /** A named component of the description (`ErrorEntity`), with the readings above. */
  component(name: string): ValidateFunction {
    return this.ajv.getSchema(`sp#/components/schemas/${name}`)!;
  }
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `sp${v}` : rewriteRefs(v)]),
  );
}

// The Status API v2, from its reference.
const time = z.iso.datetime({ offset: true });
const componentStatus = z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]);
const v2Page = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{12}$/),
  name: z.string(),
  url: z.url(),
  time_zone: z.string(),
  updated_at: time,
});
const v2Component = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: componentStatus,
  created_at: time,
  updated_at: time,
  position: z.number().int(),
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: z.iso.date().nullable(),
  group_id: z.string().nullable(),
  page_id: z.string(),
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
  components: z.array(z.string()).optional(),
});
const v2Update = z.strictObject({
  id: z.string(),
  status: z.enum(["investigating", "identified", "monitoring", "resolved", "scheduled", "in_progress", "verifying", "completed"]),
  body: z.string(),
  incident_id: z.string(),
  created_at: time,
  updated_at: time,
  display_at: time,
  affected_components: z
    .array(z.strictObject({ code: z.string(), name: z.string(), old_status: componentStatus, new_status: componentStatus }))
    .optional(),
  deliver_notifications: z.boolean(),
  custom_tweet: z.string().nullable(),
  tweet_id: z.string().nullable(),
});
const v2Incident = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]),
  created_at: time,
  updated_at: time,
  monitoring_at: time.nullable(),
  resolved_at: time.nullable(),
  impact: z.enum(["none", "minor", "major", "critical"]),
  shortlink: z.url(),
  started_at: time,
  page_id: z.string(),
  incident_updates: z.array(v2Update),
  components: z.array(v2Component),
});
const v2Maintenance = v2Incident.extend({
  status: z.enum(["scheduled", "in_progress", "verifying", "completed"]),
  impact: z.literal("maintenance"),
  scheduled_for: time,
  scheduled_until: time,
});
const v2Status = z.strictObject({ indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]), description: z.string() });

export const statusApi: Record<string, z.ZodType> = {
  "api/v2/summary.json": z.strictObject({
    page: v2Page,
    components: z.array(v2Component),
    incidents: z.array(v2Incident),
    scheduled_maintenances: z.array(v2Maintenance),
    status: v2Status,
  }),
  "api/v2/status.json": z.strictObject({ page: v2Page, status: v2Status }),
  "api/v2/components.json": z.strictObject({ page: v2Page, components: z.array(v2Component) }),
  "api/v2/incidents.json": z.strictObject({ page: v2Page, incidents: z.array(v2Incident) }),
  "api/v2/incidents/unresolved.json": z.strictObject({ page: v2Page, incidents: z.array(v2Incident) }),
  "api/v2/scheduled-maintenances.json": z.strictObject({ page: v2Page, scheduled_maintenances: z.array(v2Maintenance) }),
  "api/v2/scheduled-maintenances/upcoming.json": z.strictObject({ page: v2Page, scheduled_maintenances: z.array(v2Maintenance) }),
  "api/v2/scheduled-maintenances/active.json": z.strictObject({ page: v2Page, scheduled_maintenances: z.array(v2Maintenance) }),
};

let openApi: StatuspageOpenApi | undefined;

/** Why a served body does not conform (v1: the published description; v2: the zod schemas), or undefined. */
export function validateStatuspage(path: string, body: unknown): string | undefined {
  if (path.startsWith("api/v2/")) {
    const schema = statusApi[path];
    if (!schema) return `no Status API schema for ${path}`;
    const r = schema.safeParse(body);
    return r.success
      ? undefined
      : r.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ");
  }
  openApi ??= new StatuspageOpenApi();
  return openApi.validate(path, body);
}
