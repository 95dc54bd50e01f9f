import { errorReply, jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import { notFound } from "./errors.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The Compliance API's deletions of what this snapshot serves: `DELETE …/conversations/{id}`,
 * `…/gpts/{id}` and `…/projects/{id}`. The reply is the description's `DeletionResponse`,
 * `{"deleted":true,"object":<the deleted object's type>,"id":<its id>}`, for an object the workspace
 * holds, and the 404 for any other; nothing is removed, so a later GET still finds the object (the
 * snapshot is frozen). The resolver has already checked the Bearer key.
 */
const KINDS: Record<string, string> = {
  conversations: "compliance.workspace.conversation",
  gpts: "compliance.workspace.gpt",
  projects: "compliance.workspace.project",
};

type Page = { data?: Array<{ id?: string }>; has_more?: boolean; last_id?: string | null };

/** Whether the workspace's conversation list holds `id`, read page by page along the `after` chain. */
async function hasConversation(input: ComputeInput, list: string, id: string): Promise<boolean> {
  let query: Array<[string, string]> = [];
  for (;;) {
    const page = await readResource<Page>(input, list, query);
    if (!page) return false;
    if (page.data?.some((c) => c.id === id)) return true;
    if (!page.has_more || !page.last_id) return false;
    query = [["after", page.last_id]];
  }
}

const remove: ComputeHandler = async (input) => {
  const [, , , workspace, kind, id] = input.path.split("/");
  const base = `v1/compliance/workspaces/${workspace}`;
  const found =
    kind === "conversations"
      ? await hasConversation(input, `${base}/conversations`, id!)
      : (await readResource(input, `${base}/${kind}/${id}`)) !== undefined;
  if (!found) return errorReply(notFound);
  return jsonReply(200, { deleted: true, object: KINDS[kind!], id });
};

export const deleteRoutes: ComputedRoute[] = [
  { method: "DELETE", path: "^v1/compliance/workspaces/[^/]+/(conversations|gpts|projects)/[^/]+$", handler: "delete", run: remove },
];
