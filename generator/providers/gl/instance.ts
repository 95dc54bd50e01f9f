import { type GlContext } from "./context.js";
import type { JsonObject } from "../../core/provider.js";

/** The GitLab release the pins answer as: the runners' version (`runner_manager.version`), Enterprise Edition. */
export const GITLAB_VERSION = "17.11.0-ee";

/**
 * `GET /version` (`lib/api/version.rb`): the instance's version and revision, the agent server (KAS) it
 * runs, and whether it is Enterprise Edition. DevLake's connection test reads `version`
 * (`backend/plugins/gitlab/api/connection_api.go`, `tasks/api_client.go`) to choose `members/all`.
 */
export function version(gl: GlContext): JsonObject {
  const host = gl.web.replace(/^https:\/\//, "");
  return {
    version: GITLAB_VERSION,
    revision: "8d1c2b6a4f5",
    kas: { enabled: true, externalUrl: `wss://kas.${host}`, externalK8sProxyUrl: `https://kas.${host}/k8s-proxy`, version: "17.11.0" },
    enterprise: true,
  };
}
