import type { JsonObject, JsonValue } from "../../core/provider.js";
import type { DevinSession } from "../../world/types.js";
import { type DevinContext, ts } from "./context.js";

/**
 * The world's session states as Devin v1 reports them. `status_enum` is the documented enumeration
 * (working, blocked, expired, finished, suspend_requested…); `status` is the session's lifecycle state
 * (new, claimed, running, exit, error, suspended, resuming), the value v1 returns beside it.
 * A stopped session (its pull request closed unmerged, the session given up) is `expired`.
 */
const STATUS: Record<DevinSession["status"], { status: string; status_enum: string }> = {
  working: { status: "running", status_enum: "working" },
  blocked: { status: "running", status_enum: "blocked" },
  finished: { status: "exit", status_enum: "finished" },
  stopped: { status: "suspended", status_enum: "expired" },
};

/** One session as `GET /v1/sessions` lists it, in the field order Devin's docs give. */
export function sessionSummary(d: DevinContext, s: DevinSession): JsonObject {
  return d.once(`session/${s.id}`, () => ({
    session_id: s.id,
    status: STATUS[s.status].status,
    status_enum: STATUS[s.status].status_enum,
    title: s.title,
    created_at: ts(s.createdAt),
    updated_at: ts(s.updatedAt),
    snapshot_id: null,
    playbook_id: null,
    pull_request: s.pull ? { url: d.pullUrl(s.pull) } : null,
    structured_output: null,
    tags: s.tags,
    requesting_user_email: d.requester(s).email,
  }));
}

/** `GET /v1/sessions/{session_id}`: the summary and the session's messages. */
export function sessionDetail(d: DevinContext, s: DevinSession): JsonObject {
  return { ...sessionSummary(d, s), messages: messages(d, s) };
}

/**
 * The conversation, oldest first: the requester's prompt (`initial_user_message`), later user messages,
 * and Devin's replies. Each file Devin attached is announced by a Devin message at the attachment's time
 * that ends with its download URL, as Devin shares files in a session.
 */
export function messages(d: DevinContext, s: DevinSession): JsonValue[] {
  const requester = d.requester(s);
  const all = [
    ...s.messages.map((m) => ({ at: m.at, origin: m.origin, text: m.text })),
    ...s.attachments.map((a) => ({ at: a.at, origin: "devin" as const, text: `I attached ${a.name}: ${d.attachmentUrl(a)}` })),
  ];
  // A stable sort: at equal times the world's own messages come before the attachment notes.
  all.sort((a, b) => a.at - b.at);
  return all.map((m, i) => {
    const base = {
      type: m.origin === "devin" ? "devin_message" : i === 0 ? "initial_user_message" : "user_message",
      event_id: d.eventId(s, i),
      message: m.text,
      timestamp: ts(m.at),
    };
    return m.origin === "devin" ? base : { ...base, username: requester.email, origin: "web", user_id: d.userId(requester) };
  });
}
