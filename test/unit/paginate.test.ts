import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPages } from "../../generator/core/paginate.js";
import type { JsonValue, Pagination, ServingProfile } from "../../generator/core/provider.js";

type PageStyle = "link-header" | "page-headers" | "body-links" | "page-fields" | "offset" | "start-at";
import { emitPin } from "../../generator/emit/emit.js";
import { FolderSink } from "../../generator/emit/sink.js";
import { createSnapServer } from "../../generator/serve/server.js";

/**
 * Each pagination style end to end: a tiny pin of 23 items pre-rendered at sizes 5 and 10, served, and
 * walked at every size from 1 to 12 by following the style's own next markers, sliced or not.
 */
const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));
const doc = { status: 404, body: { message: "Not Found" } };

function pagination(style: PageStyle, origin: string): Pagination {
  if (style === "start-at")
    return { mechanism: style, pageParam: "startAt", sizeParam: "maxResults", defaultSize: 5, rendered: [5, 10], max: 12, origin };
  if (style === "page-fields") {
    const pageFields = {
      page: "page",
      size: "pageSize",
      total: "totalCount",
      pages: "pagination.numPages",
      hasNext: "pagination.hasNextPage",
      hasPrevious: "pagination.hasPreviousPage",
    };
    return { mechanism: style, pageParam: "page", sizeParam: "pageSize", defaultSize: 5, rendered: [5, 10], max: 12, origin, pageFields };
  }
  return style === "offset"
    ? { mechanism: style, pageParam: "$skip", sizeParam: "$top", defaultSize: 5, rendered: [5, 10], max: 12, origin, countField: "count" }
    : {
        mechanism: style,
        pageParam: "page",
        sizeParam: style === "body-links" ? "pagelen" : "per_page",
        defaultSize: 5,
        rendered: [5, 10],
        max: 12,
        origin,
      };
}

function profile(p: Pagination): ServingProfile {
  const defaults =
    p.mechanism === "offset" || p.mechanism === "start-at"
      ? [
          { param: p.pageParam, value: "0" },
          { param: p.sizeParam, value: "5" },
        ]
      : [
          { param: "page", value: "1" },
          { param: p.sizeParam, value: "5" },
        ];
  return {
    provider: "test",
    headers: {},
    errors: { notFound: doc, methodNotAllowed: doc },
    pagination: p,
    query: { keep: [p.pageParam, p.sizeParam, "state"], defaults, anyValue: [], clamp: [] },
  };
}

const wraps: Record<
  PageStyle,
  { envelope?: string; wrap?: (items: JsonValue[], fields: Record<string, JsonValue | undefined>) => JsonValue }
> = {
  "link-header": {},
  "page-headers": {},
  "body-links": {
    envelope: "values",
    wrap: (values, f) => ({ pagelen: f.pagelen, size: f.size, values, page: f.page, next: f.next, previous: f.previous }),
  },
  "page-fields": {
    envelope: "items",
    wrap: (items, f) => ({ items, totalCount: f.totalCount, page: f.page, pageSize: f.pageSize, pagination: f.pagination }),
  },
  offset: { envelope: "value", wrap: (value, f) => ({ count: f.count, value }) },
  "start-at": {
    envelope: "values",
    wrap: (values, f) => ({
      self: f.self,
      nextPage: f.nextPage,
      maxResults: f.maxResults,
      startAt: f.startAt,
      total: f.total,
      isLast: f.isLast,
      values,
    }),
  },
};

describe.each(["link-header", "page-headers", "body-links", "page-fields", "offset", "start-at"] as const)(
  "pagination mechanism %s",
  (style) => {
    let dist = "";
    let server: ReturnType<typeof createSnapServer>;
    let base = "";

    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), "snapverse-paginate-"));
      server = createSnapServer({ dist });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/p`;
      const canonical = "https://p.snap.example";
      const p = pagination(style, canonical);
      const resources = [...listPages(p, "items", ITEMS, { filters: [["state", "all"]], ...wraps[style] })];
      emitPin(resources, profile(p), { name: "p", origin: canonical }, new FolderSink(join(dist, "p")), base);
    });
    afterAll(async () => {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dist, { recursive: true, force: true });
    });

    const next = (headers: Headers, body: unknown): string | undefined => {
      if (style === "body-links") return (body as { next?: string }).next;
      if (style === "start-at") return (body as { nextPage?: string }).nextPage;
      if (style === "page-fields") {
        const b = body as { page: number; pageSize: number; pagination: { hasNextPage: boolean } };
        return b.pagination.hasNextPage ? `${base}/items?state=all&pageSize=${b.pageSize}&page=${b.page + 1}` : undefined;
      }
      if (style === "offset") return undefined;
      return /<([^>]+)>;\s*rel="next"/.exec(headers.get("link") ?? "")?.[1];
    };
    const itemsOf = (body: unknown) =>
      (Array.isArray(body)
        ? body
        : (body as Record<string, unknown[]>)[
            style === "body-links" || style === "start-at" ? "values" : style === "page-fields" ? "items" : "value"
          ]!) as Array<{ id: number }>;

    it("walks to the end at every size, each item once, in order", async () => {
      for (let size = 1; size <= 12; size++) {
        const ids: number[] = [];
        if (style === "offset") {
          for (let skip = 0; skip < 30; skip += size) {
            const res = await fetch(`${base}/items?state=all&$top=${size}&$skip=${skip}`);
            expect(res.status).toBe(200);
            const body = (await res.json()) as { count: number; value: Array<{ id: number }> };
            expect(body.count).toBe(body.value.length);
            ids.push(...body.value.map((i) => i.id));
          }
        } else {
          let url: string | undefined = `${base}/items?state=all&${pagination(style, "").sizeParam}=${size}`;
          for (let guard = 0; url && guard < 30; guard++) {
            const res: Response = await fetch(url);
            expect(res.status, url).toBe(200);
            const body = (await res.json()) as unknown;
            ids.push(...itemsOf(body).map((i) => i.id));
            url = next(res.headers, body);
          }
        }
        expect(ids.join(","), `size ${size}`).toBe(ITEMS.map((i) => i.id).join(","));
      }
    });

    it("writes the style's markers on a sliced page", async () => {
      if (style === "offset") {
        const res = await fetch(`${base}/items?state=all&$top=7&$skip=3`);
        expect(await res.text()).toBe(JSON.stringify({ count: 7, value: ITEMS.slice(3, 10) }));
        return;
      }
      if (style === "start-at") {
        // Between page boundaries, and the last page (no nextPage, isLast).
        const url = (n: number) => `${base}/items?state=all&startAt=${n}&maxResults=7`;
        const mid = await fetch(url(3));
        expect(await mid.text()).toBe(
          JSON.stringify({
            self: url(3),
            nextPage: url(10),
            maxResults: 7,
            startAt: 3,
            total: 23,
            isLast: false,
            values: ITEMS.slice(3, 10),
          }),
        );
        const last = await fetch(url(17));
        expect(await last.text()).toBe(
          JSON.stringify({ self: url(17), maxResults: 7, startAt: 17, total: 23, isLast: true, values: ITEMS.slice(17) }),
        );
        return;
      }
      const size = pagination(style, "").sizeParam;
      const res = await fetch(`${base}/items?state=all&${size}=7&page=2`);
      const body = await res.text();
      const url = (n: number) => `${base}/items?state=all&${size}=7&page=${n}`;
      if (style === "link-header") {
        expect(res.headers.get("link")).toBe(
          `<${url(1)}>; rel="prev", <${url(3)}>; rel="next", <${url(4)}>; rel="last", <${url(1)}>; rel="first"`,
        );
        expect(body).toBe(JSON.stringify(ITEMS.slice(7, 14)));
      } else if (style === "page-headers") {
        expect(res.headers.get("link")).toBe(
          `<${url(1)}>; rel="prev", <${url(3)}>; rel="next", <${url(1)}>; rel="first", <${url(4)}>; rel="last"`,
        );
        const h = ["x-page", "x-per-page", "x-next-page", "x-prev-page", "x-total", "x-total-pages"].map(
          (n) => `${n}=${res.headers.get(n)}`,
        );
        expect(h.join(" ")).toBe("x-page=2 x-per-page=7 x-next-page=3 x-prev-page=1 x-total=23 x-total-pages=4");
        expect(body).toBe(JSON.stringify(ITEMS.slice(7, 14)));
      } else if (style === "page-fields") {
        expect(body).toBe(
          JSON.stringify({
            items: ITEMS.slice(7, 14),
            totalCount: 23,
            page: 2,
            pageSize: 7,
            pagination: { numPages: 4, hasNextPage: true, hasPreviousPage: true },
          }),
        );
      } else {
        expect(body).toBe(JSON.stringify({ pagelen: 7, size: 23, values: ITEMS.slice(7, 14), page: 2, next: url(3), previous: url(1) }));
      }
    });

    it("answers a page past the end with an empty page", async () => {
      const res = await fetch(
        style === "offset"
          ? `${base}/items?state=all&$skip=40`
          : style === "start-at"
            ? `${base}/items?state=all&startAt=40`
            : `${base}/items?state=all&page=9`,
      );
      expect(res.status).toBe(200);
      expect(itemsOf(await res.json()).length).toBe(0);
    });
  },
);
