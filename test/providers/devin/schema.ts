import { z } from "zod";

/**
 * Validators for the Devin API v1 responses the pin serves. Devin publishes its v1 description as an
 * OpenAPI 3.1 file (`v1-openapi.yaml`, embedded in each page of docs.devin.ai/api-reference/v1), but no
 * copy of it is available offline here (not in ../shared/specs, not in a package), so these are written
 * from that documentation: "List sessions" (GET /v1/sessions), "Retrieve details about an existing
 * session" (GET /v1/sessions/{session_id}), its documented `status_enum` values and message example.
 * Objects are strict: a field Devin does not document fails, as does a missing one or a wrong type.
 */

const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/, "a Devin timestamp (isoformat, +00:00)");
const url = z.string().regex(/^https?:\/\//, "an absolute URL");
const sessionId = z.string().regex(/^devin-[0-9a-f]{32}$/, "a devin- session id");

export const STATUS_ENUM = [
  "working",
  "blocked",
  "expired",
  "finished",
  "suspend_requested",
  "suspend_requested_frontend",
  "resume_requested",
  "resume_requested_frontend",
  "resumed",
] as const;

export const session = z.strictObject({
  session_id: sessionId,
  status: z.string(),
  status_enum: z.enum(STATUS_ENUM).nullable(),
  title: z.string().nullable(),
  created_at: time,
  updated_at: time,
  snapshot_id: z.string().nullable(),
  playbook_id: z.string().nullable(),
  pull_request: z.strictObject({ url }).nullable(),
  structured_output: z.unknown(),
  tags: z.array(z.string()).nullable(),
  requesting_user_email: z.string().email().nullable(),
});

const eventId = z.string().regex(/^event-[0-9a-f-]{36}$/);

const userMessage = z.strictObject({
  type: z.enum(["initial_user_message", "user_message"]),
  event_id: eventId,
  message: z.string(),
  timestamp: time,
  username: z.string().email(),
  origin: z.string(),
  user_id: z.string().regex(/^user-[0-9a-f-]{36}$/),
});

const devinMessage = z.strictObject({
  type: z.literal("devin_message"),
  event_id: eventId,
  message: z.string(),
  timestamp: time,
});

export const sessionDetail = session.extend({ messages: z.array(z.union([userMessage, devinMessage])) }).strict();

export const sessionList = z.strictObject({ sessions: z.array(session) });

/** FastAPI's error bodies: a string detail, or pydantic's list of validation errors. */
export const errorBody = z.strictObject({
  detail: z.union([
    z.string(),
    z.array(
      z.strictObject({
        type: z.string(),
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        input: z.unknown(),
        ctx: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  ]),
});

export const createdSession = z.strictObject({ session_id: sessionId, url, is_new_session: z.boolean().optional() });

/**
 * `GET /v1/knowledge` (AllKnowledgeResponse: `knowledge` and `folders`, both required), from Devin's v1
 * reference "List all knowledge": KnowledgeResponse requires id, name, body, trigger_description and
 * created_at; created_by (`{full_name, id, image_url}`), macro, parent_folder_id and pinned_repo are optional.
 */
const userRef = z.strictObject({ full_name: z.string(), id: z.string(), image_url: z.string().nullable() });
export const knowledgeEntry = z.strictObject({
  id: z.string().regex(/^note-[0-9a-f]{32}$/),
  name: z.string(),
  body: z.string(),
  trigger_description: z.string(),
  parent_folder_id: z.string().nullable().optional(),
  pinned_repo: z.string().nullable().optional(),
  macro: z.string().nullable().optional(),
  created_at: time,
  created_by: userRef.nullable().optional(),
});
export const folder = z.strictObject({
  id: z.string().regex(/^folder-[0-9a-f]{32}$/),
  name: z.string(),
  description: z.string(),
  created_at: time,
});
export const knowledgeList = z.strictObject({ knowledge: z.array(knowledgeEntry), folders: z.array(folder) });

/** `GET /v1/playbooks` (a bare array) and `GET /v1/playbooks/{playbook_id}`: Devin's v1 playbook object. */
export const playbook = z.strictObject({
  playbook_id: z.string().regex(/^playbook-[0-9a-f]{32}$/),
  title: z.string(),
  body: z.string(),
  status: z.string(),
  access_type: z.string(),
  org_id: z.string(),
  created_at: time.nullable(),
  updated_at: time.nullable(),
  created_by_user_id: z.string().nullable(),
  created_by_user_name: z.string().nullable(),
  updated_by_user_id: z.string().nullable(),
  updated_by_user_name: z.string().nullable(),
  macro: z.string().nullable().optional(),
});
export const playbookList = z.array(playbook);

/** `GET /v1/secrets`: SecretMetadata, a bare array; `id` and `type` required, never a value. */
export const secret = z.strictObject({
  id: z.string(),
  type: z.enum(["cookie", "key-value", "dictionary", "totp"]),
  created_at: time.nullable().optional(),
  key: z.string().nullable().optional(),
});
export const secretList = z.array(secret);

/** A message when a served JSON body does not match its documented shape. */
export function validateDevin(path: string, body: unknown): string | undefined {
  const schema =
    path === "v1/sessions"
      ? sessionList
      : /^v1\/sessions\/[^/]+$/.test(path)
        ? sessionDetail
        : path === "v1/knowledge"
          ? knowledgeList
          : path === "v1/playbooks"
            ? playbookList
            : /^v1\/playbooks\/[^/]+$/.test(path)
              ? playbook
              : path === "v1/secrets"
                ? secretList
                : undefined;
  if (!schema) return `no schema for ${path}`;
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : result.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
}
