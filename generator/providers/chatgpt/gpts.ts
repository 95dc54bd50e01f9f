import { createHash } from "node:crypto";
import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { ChatGptGpt } from "../../world/types.js";
import { type CgContext, stamp } from "./context.js";
import { OBJECTS, USERS, cgPagination, cursorList, embeddedList } from "./lists.js";

/**
 * The workspace's custom GPTs (`world.ai.chatgpt.gpts`), oldest first.
 *
 * - Sharing: the world's `private` is `invite-only`, `workspace` is `workspace`, `link` is
 *   `workspace-with-link`; whoever it is shared with may chat with it (`can_read`), not see or edit its
 *   configuration. The world names no one a GPT is shared with directly: `recipients` and
 *   `/shared_users` are empty.
 * - Configurations (`/configs`, newest first): the one created with the GPT, and, when the GPT was
 *   edited later (`updatedAt`), the current one. The first version's instructions were its description
 *   alone; the current one's are the world's instructions. `latest_config` holds the newest.
 * - Tools: web browsing always; code interpreter and image generation by a hash of the GPT's id.
 * - `builder_name` is the owner's name; `version_author` the owner.
 */
export interface GptVersion {
  id: string;
  createdAt: number;
  instructions: string;
}

export function gptVersions(cg: CgContext, g: ChatGptGpt): GptVersion[] {
  const first: GptVersion = { id: `gzm_cnf_${cg.b62(`gpt/${g.id}/config/0`, 24)}`, createdAt: g.createdAt, instructions: g.description };
  if (g.updatedAt <= g.createdAt) return [{ ...first, instructions: g.instructions }];
  return [{ id: `gzm_cnf_${cg.b62(`gpt/${g.id}/config/1`, 24)}`, createdAt: g.updatedAt, instructions: g.instructions }, first];
}

const VISIBILITY: Record<ChatGptGpt["sharing"], string> = { private: "invite-only", workspace: "workspace", link: "workspace-with-link" };

function tools(g: ChatGptGpt): string[] {
  const h = createHash("sha256").update(`chatgpt-compliance\u0000tools\u0000${g.id}`).digest();
  return ["browser", ...(h[0]! % 2 === 0 ? ["code_interpreter"] : []), ...(h[1]! % 3 === 0 ? ["dall-e"] : [])];
}

export function gptConfig(cg: CgContext, g: ChatGptGpt, v: GptVersion): JsonObject {
  const owner = cg.user(g.ownerId);
  const at = stamp(v.createdAt, `gpt/${g.id}`);
  return {
    object: "compliance.workspace.gpt.configuration",
    id: v.id,
    name: g.name,
    description: g.description,
    categories: [],
    conversation_starters: [],
    created_at: at,
    instructions: v.instructions,
    version_author: { object: "compliance.workspace.gpt.version_author", id: owner.id, email: owner.person.email },
    files: embeddedList([]),
    tools: embeddedList(
      tools(g).map((type) => ({ type, created_at: at })),
      () => null,
    ),
  };
}

export function gpt(cg: CgContext, g: ChatGptGpt): JsonObject {
  const owner = cg.user(g.ownerId);
  const [latest] = gptVersions(cg, g);
  const permissions = { object: "compliance.workspace.gpt.permissions", can_read: true, can_view_config: false, can_write: false };
  return {
    object: "compliance.workspace.gpt",
    id: g.id,
    created_at: stamp(g.createdAt, `gpt/${g.id}`),
    owner_id: owner.id,
    owner_email: owner.person.email,
    builder_name: owner.person.name,
    sharing: { object: "compliance.workspace.gpt.sharing", visibility: VISIBILITY[g.sharing], permissions, recipients: [] },
    latest_config: embeddedList([gptConfig(cg, g, latest!)]),
  };
}

export function* gptResources(cg: CgContext): Generator<Resource> {
  const objects = cgPagination(cg.pin.origin, OBJECTS);
  const sorted = [...cg.gpts].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  yield* cursorList(
    objects,
    `${cg.base}/gpts`,
    sorted.map((g) => gpt(cg, g)),
  );
  for (const g of sorted) {
    const path = `${cg.base}/gpts/${g.id}`;
    yield { path, body: gpt(cg, g) };
    yield* cursorList(
      objects,
      `${path}/configs`,
      gptVersions(cg, g).map((v) => gptConfig(cg, g, v)),
    );
    yield* cursorList(cgPagination(cg.pin.origin, USERS), `${path}/shared_users`, [] as JsonValue[]);
  }
}
