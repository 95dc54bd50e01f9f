import { createHash } from "node:crypto";
import type { JsonValue } from "../json.js";
import type { Mechanism, PageAt } from "./mechanism.js";
import { count, pageUrl, pathKeys, setPath } from "./mechanism.js";
import type { Continuation, ContinuationTokenPaging } from "./paging.js";

/**
 * A continuation token for the next page, in a response header (`x-ms-continuationtoken`) or a body
 * field (`paging.next.after`, with the next page's link beside it), absent on the last page. Tokens are
 * the decimal index of the next item (`token: "offset"`, as the pins always spelled them), or opaque:
 * the index sealed with a digest of the list and its query, so the same request hands out the same
 * token and a token from another query is refused.
 */
export const continuationToken: Mechanism<ContinuationTokenPaging> = {
  headerNames: (p) => (config(p).header ? [config(p).header!] : []),
  start(p, value, _size, list) {
    if (value === undefined || value === "") return 0;
    if (config(p).token === "offset") {
      const n = count(value);
      return n === undefined ? { problem: `${p.pageParam} is not a valid continuation token` } : n;
    }
    const at = openToken(value);
    return at === undefined || at > list.total ? { problem: `${p.pageParam} is not a valid continuation token` } : at;
  },
  pageValue(p, start) {
    return start === 0 ? undefined : config(p).token === "offset" ? String(start) : sealToken(start);
  },
  markers(p, at) {
    const c = config(p);
    const next = at.start + at.size;
    // The page's item count, where the provider writes one (Azure DevOps' `count`), on every page.
    const counted: Record<string, JsonValue | undefined> = p.countField
      ? { [p.countField]: Math.max(0, Math.min(at.size, at.total - at.start)) }
      : {};
    if (c.moreField) setPath(counted as Record<string, JsonValue | undefined>, c.moreField, next < at.total);
    if (next >= at.total) {
      // The last page names no next page: the fields are left out (undefined), not copied from a template,
      // or hold the provider's null or empty string.
      const fields: Record<string, JsonValue | undefined> = { ...counted };
      for (const path of [c.field, c.linkField]) {
        if (!path) continue;
        if (c.last === "null" || c.last === "empty") setPath(fields, path, c.last === "null" ? null : "");
        else fields[pathKeys(path)[0]!] = undefined;
      }
      return { headers: {}, fields };
    }
    const token = c.token === "offset" ? String(next) : sealToken(next);
    const headers: Record<string, string> = c.header ? { [c.header]: token } : {};
    const fields: Record<string, JsonValue | undefined> = { ...counted };
    if (c.field) setPath(fields, c.field, token);
    if (c.linkField) setPath(fields, c.linkField, nextLink(p, at, token));
    return { headers, fields };
  },
};

function config(p: ContinuationTokenPaging): Continuation {
  return p.continuation ?? { token: "offset" };
}

function nextLink(p: ContinuationTokenPaging, at: PageAt, token: string): string {
  return pageUrl(p, at, token);
}

/** Opaque tokens: base64url of `<index>.<check>`; the check makes a mistyped token fail rather than jump. */
function sealToken(index: number): string {
  const check = createHash("sha256").update(`snapverse-continuation:${index}`).digest("hex").slice(0, 8);
  return Buffer.from(`${index}.${check}`).toString("base64url");
}

function openToken(token: string): number | undefined {
  const text = Buffer.from(token, "base64url").toString("utf8");
  const m = /^(\d{1,9})\.([0-9a-f]{8})$/.exec(text);
  if (!m || sealToken(Number(m[1])) !== token) return undefined;
  return Number(m[1]);
}
