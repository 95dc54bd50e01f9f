import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { fromOpenApi30, Operations } from "../../support/openapi.js";

/**
 * Sentry's published OpenAPI description (getsentry/sentry-api-schema, `openapi-derefed.json` at
 * a589a26c3b29bfc342a47baa963b7970961f958e), vendored in spec/ as the GET operations this host serves
 * (parameters and 200 schemas; descriptions and examples dropped: spec/README.md), compiled with Ajv.
 * A served body is checked against the 200 schema of the operation whose path template matches its path.
 *
 * Readings, each narrow:
 * - `/api/0/projects/` (List Your Projects) is not in the description: it is checked with the
 *   organization's project list schema (the same ProjectSummarySerializer, plus `organization`).
 * - `/issues/{id}/tags/` (all of an issue's tags) is not in it either: each item is checked with the
 *   schema of `/issues/{id}/tags/{key}/`.
 * - The project issue list's description is an older hand-written one that says
 *   `subscriptionDetails: {}` and `assignedTo: {}` where StreamGroupSerializer writes null; it is
 *   checked with the organization issue list's schema (the same serializer).
 */
type Spec = { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema?: object }> }> } }> };

const SPEC = join(import.meta.dirname, "spec", "sentry-openapi-served.json");
const O = "/api/0/organizations/{organization_id_or_slug}";
const P = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}";

export class SentryOpenApi {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly operations = new Operations<object>();
  readonly spec: Spec;

  constructor() {
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["date-time", "uri"]);
    this.ajv.addFormat("double", { type: "number", validate: () => true });
    this.spec = JSON.parse(readFileSync(SPEC, "utf8")) as Spec;
    const schemaOf = (t: string) => fromOpenApi30(this.spec.paths[t]!.get.responses["200"]!.content!["application/json"]!.schema) as object;
    const add = (served: string, schema: object, name = served) => {
      const template = served.replace(/^\//, "").replace(/\/$/, "");
      const source = template.replace(/[.*+^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      this.operations.add(name, source, schema, template);
    };
    for (const t of Object.keys(this.spec.paths)) if (t !== `${P}/issues/`) add(t, schemaOf(t));
    add("/api/0/projects/", schemaOf(`${O}/projects/`));
    add(`${P}/issues/`, schemaOf(`${O}/issues/`));
    add(`${O}/issues/{issue_id}/tags/`, { type: "array", items: schemaOf(`${O}/issues/{issue_id}/tags/{key}/`) });
  }

  /** Why a body served at `path` (a key path: no leading or trailing slash) does not conform, or undefined. */
  validate(path: string, body: unknown): string | undefined {
    return this.operations.validate(this.ajv, path, body);
  }
}
