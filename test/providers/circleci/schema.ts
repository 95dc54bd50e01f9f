import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { Operations } from "../../support/openapi.js";

/**
 * CircleCI's published API v2 description (spec/openapi.json.gz, see spec/README.md), compiled with Ajv:
 * a served body is checked against the 200 schema of the GET operation whose path template matches it.
 *
 * Readings of the description, as the service means it:
 * - `x-nullable: true` (CircleCI's spelling) and `nullable: true` allow null;
 * - objects are strict: a property the description does not name fails (the description itself leaves
 *   `additionalProperties` open, so this is stricter than it, to catch invented fields), except where it
 *   declares `additionalProperties` (trigger parameters) or names no properties (config objects);
 * - `{project-slug}` is `gh/<org>/<repo>` (three segments; `github/…` and `circleci/<org id>/<project id>`
 *   alike) and `{org-slug}` is `gh/<org>`.
 *
 * `/api/private/me` is no part of the v2 description (DevLake reads it); it is checked against the
 * user schema of `/me` plus `followed_projects`. API v1.1 has no published description: `/api/v1.1/me`
 * and `/api/v1.1/projects` (which Airbyte's connector reads) are checked against schemas written from
 * CircleCI's v1 reference (circleci-docs, api-v1/index.html) and the Airbyte connector's stream schemas.
 */
const SPEC = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "spec", "openapi.json.gz"))).toString("utf8")) as Spec;

interface Spec {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, object> };
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) {
    if (k === "example" || k === "examples" || k === "x-nullable" || k === "nullable") continue;
    out[k] = k === "$ref" && typeof v === "string" ? v.replace(/^#\//, "cci#/") : rewrite(v);
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.anyOf && !out.oneOf) out.additionalProperties = false;
  if (n["x-nullable"] === true || n.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

export class CircleciSchema {
  private readonly ajv: Ajv;
  private readonly operations = new Operations<object>();
  private readonly privateMe: ValidateFunction;
  private readonly v1: Map<string, ValidateFunction>;

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["uuid", "date-time"]);
    for (const f of ["int64", "int32", "float", "double", "uri", "byte"]) this.ajv.addFormat(f, true);
    this.ajv.addSchema({ $id: "cci", components: rewrite(SPEC.components) as object }, "cci");
    for (const [template, ops] of Object.entries(SPEC.paths)) {
      const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const source = template
        .replace(/^\//, "")
        .replace(/[.*+^$()|[\]\\]/g, "\\$&")
        .replace(/\{project-slug\}/g, "(?:gh|github|circleci)/[^/]+/[^/]+")
        .replace(/\{org-slug\}/g, "(?:gh|github|circleci)/[^/]+")
        .replace(/\{[^}]+\}/g, "[^/]+");
      this.operations.add(template, `api/v2/${source}`, rewrite(schema) as object);
    }
    const me = SPEC.paths["/me"]!.get!.responses!["200"]!.content!["application/json"]!.schema!;
    this.privateMe = this.ajv.compile({
      allOf: [{ ...(rewrite(me) as object), additionalProperties: true }],
      type: "object",
      required: ["followed_projects"],
      properties: {
        followed_projects: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "org_id", "slug"],
            properties: {
              id: { type: "string", format: "uuid" },
              name: { type: "string" },
              org_id: { type: "string", format: "uuid" },
              slug: { type: "string" },
            },
          },
        },
      },
    });
    this.v1 = new Map([
      ["api/v1.1/me", this.ajv.compile(V1_ME)],
      ["api/v1.1/projects", this.ajv.compile(V1_PROJECTS)],
    ]);
  }

  /** The templates of the operations a served path answers, most specific first. */
  templatesOf(path: string): string[] {
    return this.operations.templatesOf(path);
  }

  /** A message when the body does not conform to the operation its path names; undefined when it does. */
  validate(path: string, body: unknown): string | undefined {
    const v1 = this.v1.get(path);
    if (v1) return v1(body) ? undefined : `[${path}] ${this.ajv.errorsText(v1.errors)}`;
    if (path === "api/private/me") return this.privateMe(body) ? undefined : `[private/me] ${this.ajv.errorsText(this.privateMe.errors)}`;
    return this.operations.validate(this.ajv, path, body);
  }
}

const time = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$" };
const sha = { type: "string", pattern: "^[0-9a-f]{40}$" };
const buildRef = {
  type: "object",
  additionalProperties: false,
  required: ["pushed_at", "vcs_revision", "build_num", "outcome"],
  properties: {
    pushed_at: time,
    vcs_revision: sha,
    build_num: { type: "integer", minimum: 1 },
    outcome: { enum: ["success", "failed", null] },
  },
};

const V1_ME = {
  type: "object",
  required: ["analytics_id", "created_at", "login", "name", "selected_email", "basic_email_prefs", "avatar_url"],
  properties: {
    analytics_id: { type: "string", format: "uuid" },
    created_at: time,
    trial_end: time,
    login: { type: "string" },
    name: { type: "string" },
    selected_email: { type: "string" },
    all_emails: { type: "array", items: { type: "string" } },
    avatar_url: { type: "string" },
    basic_email_prefs: { enum: ["smart", "none", "all"] },
    admin: { type: ["boolean", "null"] },
    sign_in_count: { type: "integer" },
    github_oauth_scopes: { type: "array", items: { type: "string" } },
    in_beta_program: { type: "boolean" },
    enrolled_betas: { type: "array" },
    num_projects_followed: { type: "integer" },
    containers: { type: "integer" },
    parallelism: { type: "integer" },
    privacy_optout: { type: "boolean" },
    projects: {
      type: "object",
      additionalProperties: { type: "object", properties: { emails: { type: "string" }, on_dashboard: { type: "boolean" } } },
    },
    identities: { type: "object" },
  },
};

const V1_PROJECTS = {
  type: "array",
  items: {
    type: "object",
    required: ["vcs_url", "followed", "username", "reponame", "branches"],
    properties: {
      vcs_url: { type: "string" },
      followed: { type: "boolean" },
      username: { type: "string" },
      reponame: { type: "string" },
      vcs_type: { type: "string" },
      default_branch: { type: "string" },
      oss: { type: "boolean" },
      branches: {
        type: "object",
        additionalProperties: {
          type: "object",
          additionalProperties: false,
          required: ["pusher_logins", "recent_builds", "running_builds"],
          properties: {
            pusher_logins: { type: "array", items: { type: "string" } },
            last_non_success: buildRef,
            last_success: buildRef,
            recent_builds: { type: "array", maxItems: 5, items: buildRef },
            running_builds: { type: "array", items: buildRef },
            is_using_workflows: { type: "boolean" },
          },
        },
      },
    },
  },
};
