import { mkdtempSync, rmSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PinStore, type PinData } from "../../generator/answer/pin-store.js";
import { computeHandlers } from "../../generator/providers/index.js";
import { createSnapHttpsServer, createSnapServer } from "../../generator/serve/server.js";
import { ensureCertificate } from "../../generator/serve/tls.js";

/**
 * Issue 37 (decision 0027): every list of every pin and live host in the test tree, walked to the end
 * over HTTPS in host style, over HTTP in path style, and from 127.0.0.1, following every absolute URL a
 * client follows (Link, a body's `next`, `@odata.nextLink`, `nextRecordsUrl`, `links.*`, `paging.next`);
 * every absolute URL of the label's own host in every header and body names the origin the request came
 * in on. Lists of more than one page are walked to the end in all three ways, the others (most: a
 * resource's one page of comments) each in one of them, in turn, so that the files that call this
 * (origin-*.test.ts) stay under a minute.
 */
export function originWalk(select: (label: string) => boolean): void {
  const dist = inject("dist");
  const store = new PinStore(dist);
  const catalog = store.catalog()!;
  const DOMAIN = catalog.serviceDomain;
  const tls = mkdtempSync(join(tmpdir(), "snapverse-origin-tls-"));
  const servers: Array<ReturnType<typeof createSnapServer> | ReturnType<typeof createSnapHttpsServer>> = [];
  let ports = { http: 0, https: 0 };
  let ca = "";
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 8 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 8 }) };

  const labels = [
    ...catalog.pins.map((p) => p.name).filter((name) => store.pin(name) && !store.pin(name)!.live),
    ...catalog.livePrefixes.filter((prefix) => store.pin(prefix)?.live),
  ]
    .filter(select)
    .sort();

  beforeAll(async () => {
    const cert = await ensureCertificate(tls, DOMAIN);
    ca = cert.cert;
    const plain = createSnapServer({ dist, compute: computeHandlers });
    const secure = createSnapHttpsServer({ dist, compute: computeHandlers }, cert);
    servers.push(plain, secure);
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    await new Promise<void>((r) => secure.listen(0, "127.0.0.1", r));
    ports = { http: (plain.address() as AddressInfo).port, https: (secure.address() as AddressInfo).port };
  });

  afterAll(async () => {
    agents.http.destroy();
    agents.https.destroy();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
    rmSync(tls, { recursive: true, force: true });
  });

  /** How a request comes in: the scheme, the Host it sends, and the origin its answers must name. */
  interface Way {
    name: string;
    secure: boolean;
    host: (label: string, live: boolean) => string;
    origin: (label: string, live: boolean) => string;
  }

  const ways = (): Way[] => [
    {
      name: "https, host style",
      secure: true,
      host: (label, live) => `${live ? label : `${label}.snap`}.${DOMAIN}:${ports.https}`,
      origin: (label, live) => `https://${live ? label : `${label}.snap`}.${DOMAIN}:${ports.https}`,
    },
    {
      name: "http, path style",
      secure: false,
      host: () => `localhost:${ports.http}`,
      origin: (label) => `http://localhost:${ports.http}/${label}`,
    },
    {
      name: "http from 127.0.0.1",
      secure: false,
      host: () => `127.0.0.1:${ports.http}`,
      origin: (label) => `http://127.0.0.1:${ports.http}/${label}`,
    },
  ];

  /** Credentials and a version each pin's rules accept, as its clients send them. */
  function clientHeaders(pin: PinData): Record<string, string> {
    const headers: Record<string, string> = {};
    const { auth, version } = pin.serving;
    if (auth) {
      const rule = [auth, ...(auth.alternatives ?? [])].find((a): a is { header: string; pattern: string } => "header" in a)!;
      const candidates = ["Bearer snapverse-origin", "Basic c25hcDo=", "Token token=snap", "sk-ant-snapverse", "snapverse-origin"];
      headers[rule.header.toLowerCase()] = candidates.find((c) => new RegExp(rule.pattern).test(c)) ?? "Bearer snapverse-origin";
    }
    if (version) headers[version.requestHeader.toLowerCase()] = version.supported[0]!;
    return headers;
  }

  function get(
    way: Way,
    host: string,
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    return new Promise((done, fail) => {
      const options = {
        host: "127.0.0.1",
        port: way.secure ? ports.https : ports.http,
        path,
        headers: { ...headers, host },
        agent: way.secure ? agents.https : agents.http,
        ...(way.secure ? { ca, servername: host.replace(/:\d+$/, "") } : {}),
      };
      const req = (way.secure ? httpsRequest : httpRequest)(options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      });
      req.on("error", fail);
      req.end();
    });
  }

  /** Every absolute URL in a header value or a JSON body (strings anywhere in it). */
  function urlsIn(text: string): string[] {
    return text.match(/https?:\/\/[^\s"'<>,;\\]+/g) ?? [];
  }

  /** The URLs a client follows to the next page: Link rel=next, and a body's next fields. */
  function nextUrls(headers: Record<string, string | string[] | undefined>, body: unknown): string[] {
    const out: string[] = [];
    const link = headers.link;
    // Sentry's last page still links on, with results="false": a client stops there.
    for (const part of String(link ?? "").split(/,\s*(?=<)/))
      if (/;\s*rel="next"/.test(part) && !/results="false"/.test(part)) out.push(/^<([^>]+)>/.exec(part)?.[1] ?? "");
    const visit = (value: unknown, key: string, depth: number) => {
      if (depth > 3 || value === null || typeof value !== "object") {
        if (typeof value === "string" && /^(next|nextlink|@odata\.nextlink|nextrecordsurl|next_page|nextpage|link|href)$/i.test(key))
          if (/^https?:\/\//.test(value)) out.push(value);
        return;
      }
      if (Array.isArray(value)) return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        if (depth === 0 || /next|links|paging|pagination|meta/i.test(key)) visit(v, k, depth + 1);
    };
    visit(body, "", 0);
    return [...new Set(out)];
  }

  describe.runIf(labels.length > 0)("every absolute URL names the origin of the request", () => {
    it.each(labels)(
      "%s",
      async (label) => {
        const pin = store.pin(label)!;
        const live = Boolean(pin.live);
        const headers = clientHeaders(pin);
        // Lists of more than one page (the ones with links to follow) are walked in all three ways; every
        // other list in one of them, in turn.
        const lists = [...pin.lists.values()]
          .map((l) => ({ first: l.first, pages: l.files.length }))
          .sort((a, b) => (a.first < b.first ? -1 : 1));
        // The label's own host and this machine's, not the web hosts of the world (`github.snapverse.dev`,
        // Linear's web app at `linear.snapverse.dev` beside a Linear pin), which no API request is answered on.
        const own = `${live ? label : `${label}.snap`}.${DOMAIN}`.replace(/\./g, "\\.");
        const service = new RegExp(`^https?://(${own}|localhost|127\\.0\\.0\\.1)(:\\d+)?(/|$|\\?)`);
        let pages = 0;
        let followed = 0;
        for (const [w, way] of ways().entries()) {
          const host = way.host(label, live);
          const origin = way.origin(label, live);
          const prefix = way.name.includes("host style") ? "" : `/${label}`;
          const wrong: string[] = [];
          const check = (url: string, where: string) => {
            if (service.test(url) && url !== origin && !url.startsWith(`${origin}/`) && !url.startsWith(`${origin}?`) && wrong.length < 5)
              wrong.push(`${url} (in ${where})`);
          };
          // Up to 8 lists at once; each walked page by page, to the end in this way for every third list.
          const queue = lists.filter((l, i) => l.pages > 1 || i % 3 === w);
          const walk = async () => {
            for (let list = queue.shift(); list !== undefined; list = queue.shift()) {
              const seen = new Set<string>();
              let path: string | undefined = `${prefix}/${list.first}`;
              while (path !== undefined && !seen.has(path)) {
                seen.add(path);
                const page = await get(way, host, path, headers);
                pages++;
                expect(page.status, `${way.name} ${path}`).toBe(200);
                for (const [name, value] of Object.entries(page.headers))
                  for (const url of urlsIn(String(value))) check(url, `${path} ${name}`);
                for (const url of urlsIn(page.text)) check(url, path);
                let body: unknown;
                try {
                  body = JSON.parse(page.text);
                } catch {
                  body = undefined;
                }
                const next: string | undefined = nextUrls(page.headers, body)[0];
                path = undefined;
                if (next !== undefined && next.startsWith(origin)) {
                  followed++;
                  const rest = next.slice(origin.length);
                  path = `${prefix}${rest.startsWith("/") ? rest : `/${rest}`}`;
                }
              }
            }
          };
          await Promise.all(Array.from({ length: 8 }, walk));
          expect(wrong.join("\n"), `${label}, ${way.name}`).toBe("");
        }
        expect(pages).toBeGreaterThanOrEqual(lists.length);
        // Every pin and live host with a list of more than one page had its next links followed.
        // Providers that page by a cursor or token in the body (OpenAI's `after`, CircleCI's page token) give
        // no URL to follow; those that link, link on this origin (checked above), and were followed here.
        if (label.startsWith("gh-") || label.startsWith("bb-") || label === "graph") expect(followed).toBeGreaterThan(0);
      },
      300_000,
    );
  });
}
