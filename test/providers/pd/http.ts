import { expect, inject } from "vitest";

/**
 * Requests to the live host over the test server (computed answers included), as PagerDuty's docs
 * show them: `Authorization: Token token=<key>` and the v2 Accept header.
 */
export type Any = Record<string, any>;

export const HEADERS = { authorization: "Token token=y_NbAkKc66ryYTWUXYEu", accept: "application/vnd.pagerduty+json;version=2" };

export async function call(
  path: string,
  query: Array<[string, string]> = [],
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Any; text: string; headers: Headers }> {
  const q = query.length ? `?${new URLSearchParams(query)}` : "";
  const res = await fetch(`${inject("baseUrl")}/pd/${path}${q}`, {
    method: init.method ?? "GET",
    headers: { ...HEADERS, ...(init.headers ?? {}) },
    ...(init.body ? { body: init.body } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Any, text, headers: res.headers };
}

export async function ok(path: string, query: Array<[string, string]> = []): Promise<Any> {
  const r = await call(path, query);
  expect(r.status, `${path} ${JSON.stringify(query)}: ${r.text.slice(0, 300)}`).toBe(200);
  return r.body;
}

/** Every item of a list, walked with `offset += limit` while `more` is true, as pdjs does. */
export async function walk(path: string, envelope: string, query: Array<[string, string]> = []): Promise<{ items: Any[]; pages: Any[] }> {
  const items: Any[] = [];
  const pages: Any[] = [];
  let offset: number | undefined;
  let limit: number | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const q: Array<[string, string]> = [
      ...query.filter(([k]) => offset === undefined || (k !== "offset" && k !== "limit")),
      ...(offset === undefined
        ? []
        : ([
            ["limit", String(limit)],
            ["offset", String(offset)],
          ] as Array<[string, string]>)),
    ];
    const page = await ok(path, q);
    pages.push(page);
    items.push(...(page[envelope] as Any[]));
    if (page.more !== true) return { items, pages };
    offset = (page.offset as number) + (page.limit as number);
    limit = page.limit as number;
  }
  throw new Error(`${path}: more than 200 pages`);
}
