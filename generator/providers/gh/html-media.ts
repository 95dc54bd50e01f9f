import { JSON_TYPE, readResource } from "../../core/compute.js";
import type { ComputeHandler } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";
import { renderContext } from "./body-media.js";
import { fileHtml } from "./markdown.js";

/**
 * GitHub's html media type on file contents (`Accept: application/vnd.github.html`, `.v3.html`,
 * `.html+json`; the REST reference's "Get repository content" and "Get a repository README"): a Markdown
 * file rendered as GitHub shows it, inside the wrappers GitHub's answer has
 * (`<div id="file" class="md" data-path="…"><article class="markdown-body entry-content container-lg"
 * itemprop="text">`; `id="readme"` for the README endpoint). Answered `text/html; charset=utf-8` with
 * `X-GitHub-Media-Type: github.v3; param=html`. Computed from the JSON form's base64 `content`.
 *
 * Only Markdown is rendered (`.md`, `.markdown`, `.mdown`, `.mkdn`): other markups and source files
 * answer their JSON form, as a directory does, rather than a guess at GitHub's rendering of them.
 */
const HTML = /application\/vnd\.github(\.v3)?\.html(\+json)?\b/;
const MARKDOWN = /\.(md|markdown|mdown|mkdn)$/i;
const NOT_FOUND = JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });

type File = { type?: string; path?: string; content?: string; encoding?: string; html_url?: string | null };

const html: ComputeHandler = async (input) => {
  const query = input.query.filter(([k]) => k === "ref");
  const found = await readResource<File | unknown[]>(input, input.path, query);
  if (found === undefined) return { status: 404, headers: { "content-type": JSON_TYPE }, body: NOT_FOUND };
  const file = Array.isArray(found) ? undefined : found;
  if (!file || typeof file.content !== "string" || file.encoding !== "base64" || !MARKDOWN.test(file.path ?? "") || !file.html_url) {
    return { status: 200, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(found) };
  }
  const markdown = Buffer.from(file.content, "base64").toString("utf8");
  const repoPath = /^repos\/[^/]+\/[^/]+/.exec(input.path)![0];
  const context = await renderContext(markdown, repoPath, file.html_url, (path) => readResource<Record<string, unknown>>(input, path));
  const wrapper = input.path.endsWith("/readme") ? "readme" : "file";
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", "x-github-media-type": "github.v3; param=html" },
    body: fileHtml(markdown, file.path!, context, wrapper),
  };
};

export const htmlMediaRoutes: ComputedRoute[] = [
  { method: "GET", path: "^repos/[^/]+/[^/]+/(contents/.+|readme)$", handler: "html-media", run: html, accept: HTML.source },
];
