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

export const STATUS_ENUM = ["working", "blocked", "expired", "finished", "suspend_requested", "suspend_requested_frontend", "resume_requested", "resume_requested_frontend", "resumed"] as const;

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
    z.array(z.strictObject({ type: z.string(), loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), input: z.unknown(), ctx: z.record(z.string(), z.unknown()).optional() })),
  ]),
});

export const createdSession = z.strictObject({ session_id: sessionId, url, is_new_session: z.boolean().optional() });

/** A message when a served JSON body does not match its documented shape. */
export function validateDevin(path: string, body: unknown): string | undefined {
  const schema = path === "v1/sessions" ? sessionList : /^v1\/sessions\/[^/]+$/.test(path) ? sessionDetail : undefined;
  if (!schema) return `no schema for ${path}`;
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}
