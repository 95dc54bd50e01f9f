/**
 * Which URLs of an answer a client can follow with a GET, decided by one rule for every provider (issue 37:
 * no per-provider exemption list). Every URL on the answer's own origin is followed, except where the
 * field that holds it says it is not a resource of the API:
 *
 * - a write-only action: the real service names the URL a client POSTs (or PUTs, DELETEs) to, and answers a
 *   GET there with an error (Bitbucket's `links.approve`, `links.merge`, `links.decline`,
 *   `links.request-changes`);
 * - a web page: the real service names the page a person opens in a browser, which on a host that serves
 *   its API and its site together (Jira Cloud, Azure DevOps) shares the API's origin (`viewUrl`,
 *   `links.html`, `_links.web`, `web_url`), and which snapshots do not serve;
 * - an endpoint or a base URL: where a client sends its requests or which it appends paths to, not a
 *   resource of its own (Linear's GraphQL `endpoint`, which answers POSTs; Azure DevOps' resource areas'
 *   `locationUrl`, the organization's base).
 *
 * A URL on another host (a web site, a CDN, an avatar service) is not the answer's own and is never
 * followed. The relation of a URL is the key that holds it, or, for a `{ "href": … }` object, the key that
 * holds the object. A URL that also appears under any other key is followed.
 */
export const WRITE_ACTIONS = new Set(["approve", "request-changes", "merge", "decline"]);
export const WEB_PAGES = new Set(["html", "web", "web_url", "viewUrl"]);
export const ENDPOINTS = new Set(["endpoint", "locationUrl"]);

/** The relations each whole-string URL value of a JSON text is held under; an empty map when the text is not JSON. */
export function relationsOf(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  const visit = (value: unknown, key: string | undefined, parentKey: string | undefined) => {
    if (typeof value === "string") {
      if (!/^https?:\/\//.test(value)) return;
      const relation = key === "href" ? parentKey : key;
      const set = out.get(value) ?? new Set<string>();
      set.add(relation ?? "");
      out.set(value, set);
    } else if (Array.isArray(value)) {
      for (const v of value) visit(v, key, parentKey);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, k, key);
    }
  };
  visit(parsed, undefined, undefined);
  return out;
}

/** Whether every place a URL is named marks it as an action, a web page or an endpoint (then it is not followed). */
export function notAResource(relations: Set<string> | undefined): boolean {
  if (!relations || relations.size === 0) return false;
  return [...relations].every((r) => WRITE_ACTIONS.has(r) || WEB_PAGES.has(r) || ENDPOINTS.has(r));
}
