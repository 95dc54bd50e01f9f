import { readResource } from "../../core/compute.js";
import type { ComputeHandler } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * GitHub's raw media type on file contents (`Accept: application/vnd.github.raw`, `.v3.raw`,
 * `.raw+json`; the REST reference's "Get repository content", "Get a repository README" and "Get a
 * blob"): the file's bytes instead of the JSON that carries them base64-encoded. Computed from that JSON,
 * so each file is stored once. GitHub answers `text/plain; charset=utf-8` with `X-GitHub-Media-Type:
 * github.v3; param=raw` (r-lib/gh reads the media type header to tell a raw answer from JSON). A
 * directory has no raw form: its JSON listing is the answer, as GitHub gives it. Anything the pin does
 * not hold gets GitHub's JSON 404, as the JSON request would.
 */
const RAW = /application\/vnd\.github(\.v3)?\.raw(\+json)?\b/;
const NOT_FOUND = JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
const JSON_TYPE = "application/json; charset=utf-8";

const raw: ComputeHandler = async (input) => {
  // Contents and the README take `ref` (default branch when absent); a blob is named by its SHA alone.
  const query = input.path.includes("/git/blobs/") ? [] : input.query.filter(([k]) => k === "ref");
  const found = await readResource<{ content?: string; encoding?: string } | unknown[]>(input, input.path, query);
  if (found === undefined) return { status: 404, headers: { "content-type": JSON_TYPE }, body: NOT_FOUND };
  if (Array.isArray(found) || typeof found.content !== "string" || found.encoding !== "base64") {
    return { status: 200, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(found) };
  }
  return {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8", "x-github-media-type": "github.v3; param=raw" },
    body: Buffer.from(found.content, "base64"),
  };
};

export const rawMediaRoutes: ComputedRoute[] = [
  {
    method: "GET",
    path: "^repos/[^/]+/[^/]+/(contents/.+|readme|git/blobs/[0-9a-f]{40})$",
    handler: "raw-media",
    run: raw,
    accept: RAW.source,
  },
];
