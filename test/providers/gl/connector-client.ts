import { expect } from "vitest";

/**
 * The paging of the two connectors replayed against the GitLab pins (issue 12), written from their
 * sources so the tests send exactly what they send:
 *
 * - Apache DevLake, `backend/helpers/pluginhelper/api/api_collector.go` (`ApiCollector.exec`): with
 *   `GetTotalPages` (the gitlab plugin's `GetTotalPagesFromResponse`, `tasks/shared.go`, reads
 *   `X-Total-Pages`) it fetches page 1, then pages 2..N (`fetchPagesDetermined`); without it, it runs
 *   `concurrency` lanes (10 without an input iterator, 2 with one), lane i asking for pages i, i+c, i+2c…
 *   while a page comes back full (`fetchPagesUndetermined`); so it also asks for pages past the last.
 *   The query is `url.Values.Encode()`, keys sorted.
 * - Airbyte source-gitlab, `manifest.yaml` `definitions.paginator`: `PageIncrement`, page_size 50,
 *   start_from_page 1, inject_on_first_request false: the first request carries `per_page=50` and no
 *   `page`, the next ones `page=2, 3…`, until a page holds fewer than 50 records.
 */
export type Item = Record<string, any>;

export interface Client {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  body(path: string, headers?: Record<string, string>): Promise<any>;
  /** DevLake, `GetTotalPages` set: page 1, then 2..X-Total-Pages. */
  determined(path: string, query: Record<string, string | string[]>, pageSize?: number): Promise<Item[]>;
  /** DevLake, no `GetTotalPages`: `lanes` interleaved lanes, each until a short page. Items in page order. */
  undetermined(path: string, query: Record<string, string | string[]>, lanes: number, pageSize?: number): Promise<Item[]>;
  /** Airbyte's PageIncrement paginator over one slice's request parameters. */
  airbyte(path: string, params?: Record<string, string>): Promise<Item[]>;
  /** Every item of a list, by GitLab's own `next` links at 100 a page (the reference the replays are checked against). */
  all(path: string): Promise<Item[]>;
}

/** `url.Values.Encode()`: keys sorted, each value in order, `[]` escaped as Go escapes it. */
export function goEncode(query: Record<string, string | string[]>): string {
  return Object.keys(query)
    .sort()
    .flatMap((k) => [query[k]!].flat().map((v) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .join("&");
}

export function client(api: string): Client {
  const get = (path: string, headers: Record<string, string> = { "private-token": "x" }) => fetch(`${api}/${path}`, { headers });
  const body = async (path: string, headers?: Record<string, string>) => {
    const res = await get(path, headers);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const join = (path: string, q: string) => (q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path);
  return {
    get,
    body,
    async determined(path, query, pageSize = 100) {
      const page = (n: number) => join(path, goEncode({ ...query, page: String(n), per_page: String(pageSize) }));
      const first = await get(page(1));
      expect(first.status, path).toBe(200);
      const pages = Number(first.headers.get("x-total-pages"));
      expect(Number.isInteger(pages), `${path}: x-total-pages`).toBe(true);
      const out = (await first.json()) as Item[];
      for (let n = 2; n <= pages; n++) out.push(...((await body(page(n))) as Item[]));
      return out;
    },
    async undetermined(path, query, lanes, pageSize = 100) {
      const pages = new Map<number, Item[]>();
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          for (let n = lane + 1; ; n += lanes) {
            const items = (await body(join(path, goEncode({ ...query, page: String(n), per_page: String(pageSize) })))) as Item[];
            pages.set(n, items);
            if (items.length < pageSize) return;
          }
        }),
      );
      return [...pages.keys()].sort((a, b) => a - b).flatMap((n) => pages.get(n)!);
    },
    async airbyte(path, params = {}) {
      const out: Item[] = [];
      for (let n = 1; ; n++) {
        const q = new URLSearchParams({ ...params, per_page: "50", ...(n === 1 ? {} : { page: String(n) }) }).toString();
        const got = await body(join(path, q));
        const items = (Array.isArray(got) ? got : [got]) as Item[];
        out.push(...items);
        if (items.length < 50) return out;
      }
    },
    async all(path) {
      const out: Item[] = [];
      let url: string | undefined = `${api}/${join(path, "per_page=100")}`;
      while (url) {
        const res: Response = await fetch(url);
        expect(res.status, url).toBe(200);
        out.push(...((await res.json()) as Item[]));
        url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      }
      return out;
    },
  };
}

/** Go's `time.RFC3339` for a UTC instant (what DevLake's `GetSince().Format(time.RFC3339)` sends). */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export const ids = (items: Item[]) => items.map((i) => String(i.id));

/** Each value in `xs` is no smaller than the one before. */
export function nonDecreasing(xs: number[]): boolean {
  return xs.every((x, i) => i === 0 || x >= xs[i - 1]!);
}

/** The item has every listed key (a dotted path reaches into objects; null on the way counts as present). */
export function hasFields(item: Item, fields: string[]): string[] {
  const missing: string[] = [];
  for (const f of fields) {
    let at: unknown = item;
    for (const part of f.split(".")) {
      if (at === null) break;
      if (typeof at !== "object" || !(part in (at as object))) {
        missing.push(f);
        break;
      }
      at = (at as Record<string, unknown>)[part];
    }
  }
  return missing;
}

/**
 * Airbyte source-gitlab's partition routers (manifest.yaml): the group slices, the project slices the
 * groups stream yields, and the projects stream's records, as both Airbyte replay files walk them.
 */
export function airbyteRouters(c: Client) {
  /** GroupStreamsPartitionRouter: `groups_list` set -> include_descendant_groups, else groups_list (`GET groups`). */
  async function groupSlices(groupsList?: string[]): Promise<Item[]> {
    if (!groupsList) return c.airbyte("groups");
    const out: Item[] = [];
    for (const g of groupsList) {
      out.push(...(await c.airbyte(`groups/${g}`)));
      out.push(...(await c.airbyte(`groups/${g}/descendant_groups`)));
    }
    return out;
  }

  /** groups stream: `groups/{id}` per slice; ProjectStreamsPartitionRouter takes `projects[].path_with_namespace`, `/` as `%2F`. */
  async function projectSlices(groupsList?: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const g of await groupSlices(groupsList)) {
      for (const record of await c.airbyte(`groups/${g.id}`)) {
        // The groups stream's AddFields keeps each project's id and path_with_namespace.
        for (const p of record.projects as Item[]) {
          expect(hasFields(p, ["id", "path_with_namespace"])).toStrictEqual([]);
          out.push((p.path_with_namespace as string).replace("/", "%2F"));
        }
      }
    }
    return out;
  }

  /** projects stream (`statistics: 1`): one record per slice; child streams take its numeric `id`. */
  async function projectRecords(): Promise<Item[]> {
    const out: Item[] = [];
    for (const slice of await projectSlices()) out.push(...(await c.airbyte(`projects/${slice}`, { statistics: "1" })));
    return out;
  }
  return { groupSlices, projectSlices, projectRecords };
}
