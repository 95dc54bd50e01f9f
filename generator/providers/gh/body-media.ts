import { JSON_TYPE, readResource } from "../../core/compute.js";
import type { ComputeHandler } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";
import { type IssueRef, type RenderContext, bodyHtml, htmlText, references } from "./markdown.js";

/**
 * GitHub's comment-body media types (REST "Custom media types": `application/vnd.github.raw+json`,
 * `.text+json`, `.html+json`, `.full+json`, each also with `.v3.`, and without `+json`, as Octokit's
 * `mediaType: { format: "full" }` sends it: `application/vnd.github.v3.full`) on the single issue, pull request,
 * issue comment, review comment and release. The JSON is the resource as built, with its `body` given
 * the requested way, in `body`'s place in the key order:
 *
 * - `raw`: `body` (the default form, now named in the media type header);
 * - `text`: `body_text` instead of `body`; `html`: `body_html` instead of `body`;
 * - `full`: `body_html`, `body_text`, then `body` (the order GitHub's recorded full answers give them).
 *
 * GitHub answers these `application/json; charset=utf-8` with `X-GitHub-Media-Type: github.v3;
 * param=<type>; format=json` (a recorded `.html+json` answer shows both). Computed at serve time from the
 * frozen resource, like the diff media types; a body of `null` stays `null` in every form. What the pin
 * does not hold gets GitHub's JSON 404.
 */
export const BODY = /application\/vnd\.github(\.v3)?\.(raw|text|html|full)(\+json)?(?![\w.+])/;
type Kind = "raw" | "text" | "html" | "full";
type Obj = Record<string, unknown>;

const NOT_FOUND = JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });

/**
 * What the Markdown's `@login`s and `#n`s refer to in the pin: accounts it serves, issues and pull requests
 * of the same repository. `get` reads a served resource by path (REST's readResource, GraphQL's PinSource).
 */
export async function renderContext(
  markdown: string,
  repoPath: string,
  htmlUrl: string,
  get: (path: string) => Promise<Obj | undefined>,
): Promise<RenderContext> {
  const web = new URL(htmlUrl).origin;
  const { logins, numbers } = references(markdown);
  const users = new Set<string>();
  for (const login of logins) if (await get(`users/${login}`)) users.add(login.toLowerCase());
  const issues = new Map<number, IssueRef>();
  for (const n of numbers) {
    const found = await get(`${repoPath}/issues/${n}`);
    if (found && typeof found.id === "number") issues.set(n, { id: found.id, pull: found.pull_request !== undefined });
  }
  return { web, repoHtml: `${web}/${repoPath.replace(/^repos\//, "")}`, issues, users };
}

/** The resource with its body in the requested form, keys in GitHub's order. */
export async function withBody(resource: Obj, kind: Kind, context: () => Promise<RenderContext>): Promise<Obj> {
  if (!("body" in resource) || kind === "raw") return resource;
  const body = resource.body;
  const html = typeof body === "string" ? bodyHtml(body, await context()) : null;
  const text = html === null ? null : htmlText(html);
  const out: Obj = {};
  for (const [key, value] of Object.entries(resource)) {
    if (key !== "body") out[key] = value;
    else if (kind === "text") out.body_text = text;
    else if (kind === "html") out.body_html = html;
    else Object.assign(out, { body_html: html, body_text: text, body: value });
  }
  return out;
}

const bodyMedia: ComputeHandler = async (input) => {
  const kind = BODY.exec(input.headers.accept ?? "")?.[2] as Kind | undefined;
  const repoPath = /^repos\/[^/]+\/[^/]+/.exec(input.path)?.[0];
  const found = kind && repoPath ? await readResource<Obj>(input, input.path) : undefined;
  if (!found || !kind || !repoPath) return { status: 404, headers: { "content-type": JSON_TYPE }, body: NOT_FOUND };
  const get = (path: string) => readResource<Obj>(input, path);
  const resource = await withBody(found, kind, () => renderContext(String(found.body ?? ""), repoPath, String(found.html_url), get));
  return {
    status: 200,
    headers: { "content-type": JSON_TYPE, "x-github-media-type": `github.v3; param=${kind}; format=json` },
    body: JSON.stringify(resource),
  };
};

export const bodyMediaRoutes: ComputedRoute[] = [
  {
    method: "GET",
    path: "^repos/[^/]+/[^/]+/(issues|pulls)/(\\d+|comments/\\d+)$|^repos/[^/]+/[^/]+/releases/\\d+$",
    handler: "body-media",
    run: bodyMedia,
    accept: BODY.source,
  },
];
