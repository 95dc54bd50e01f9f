import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { ChatGptConversation } from "../../world/types.js";
import { type CgContext, stamp } from "./context.js";
import { CONVERSATIONS, cgPagination, cursorList, embeddedList } from "./lists.js";

/**
 * Conversations as `GET /v1/compliance/workspaces/{workspace_id}/conversations` returns them: each with
 * its messages embedded (`messages`, a complete list), ordered by last update time, oldest first, so an
 * incremental client asks for `since_timestamp=<its bookmark>` and then follows `after=<last_id>`.
 *
 * - Update time is `last_active_at` (the last message's time): nothing here is updated without
 *   activity, so the order and the `since_timestamp` filter agree with the field.
 * - Every conversation starts with ChatGPT's hidden system message: the root of the message tree
 *   (`parent_id` null), with an empty text and no `created_at`, as ChatGPT stores it. The world's
 *   messages follow, each the child of the one before.
 * - `gpt_id` and `project_id` are set on every message of a conversation held with a GPT or in a
 *   project, as the description says of the message that "was generated" with one.
 * - No message carries files: `files` is an empty list (so `file_format` changes nothing).
 */
const NO_FILES: JsonValue = embeddedList([]);

function message(
  c: ChatGptConversation,
  m: { id: string; parent: string | null; at: number | null; role: "system" | "user" | "assistant"; text: string },
): JsonObject {
  return {
    object: "compliance.workspace.conversation.message",
    id: m.id,
    parent_id: m.parent,
    created_at: m.at === null ? null : stamp(m.at, `conversation/${c.id}`),
    gpt_id: c.gptId ?? null,
    project_id: c.projectId ?? null,
    author: { object: "compliance.workspace.conversation.message.author", role: m.role, tool_name: null },
    content: { object: "compliance.workspace.conversation.message.content", type: "text", value: m.text, annotations: [] },
    files: NO_FILES,
  };
}

/** The id of a conversation's hidden root system message: a UUID from the conversation's. */
export function systemMessageId(conversationId: string): string {
  const h = createHash("sha256").update(`chatgpt-compliance\u0000system\u0000${conversationId}`).digest("hex");
  return uuidFromHex(h, "a");
}

export function conversation(cg: CgContext, c: ChatGptConversation): JsonObject {
  const user = cg.user(c.personId);
  const root = systemMessageId(c.id);
  const messages: JsonValue[] = [message(c, { id: root, parent: null, at: null, role: "system", text: "" })];
  let parent = root;
  for (const m of c.messages) {
    messages.push(message(c, { id: m.id, parent, at: m.at, role: m.role, text: m.text }));
    parent = m.id;
  }
  return {
    object: "compliance.workspace.conversation",
    id: c.id,
    workspace_id: cg.workspaceId,
    user_id: user.id,
    user_email: user.person.email,
    created_at: stamp(c.createdAt, `conversation/${c.id}`),
    last_active_at: stamp(c.updatedAt, `conversation/${c.id}`),
    title: c.title,
    messages: embeddedList(messages),
  };
}

/** Oldest update first (by the served `last_active_at`, so `since_timestamp` selects a suffix); ties by id. */
export function byUpdate(a: JsonObject, b: JsonObject): number {
  return (a.last_active_at as number) - (b.last_active_at as number) || (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0);
}

export function* conversationResources(cg: CgContext): Generator<Resource> {
  const p = cgPagination(cg.pin.origin, CONVERSATIONS);
  const rendered = cg.conversations.map((c) => conversation(cg, c)).sort(byUpdate);
  yield* cursorList(p, `${cg.base}/conversations`, rendered);
}
