import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PinStore, type PinData } from "../../generator/answer/pin-store.js";
import { resolve, type Answer } from "../../generator/answer/resolve.js";
import { listAnswer, sourceOf } from "../../generator/answer/list-answer.js";
import { NO_SPLICE, spliceFor, spliceHeaders, spliceText, type OriginSplice } from "../../generator/answer/origin.js";
import type { JsonValue } from "../../generator/core/provider.js";
import type { ListRecord } from "../../generator/emit/emit.js";
import { providers } from "../../generator/providers/index.js";
import type { ConformanceOptions } from "./suite.js";

/** Answers requests straight from a built dist/ through the resolver, without HTTP: fast enough to walk every link. */
export class DistClient {
  readonly store: PinStore;

  /** `headers`: sent with every request besides credentials (a version header a provider insists on). */
  constructor(
    readonly dist: string,
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {
    this.store = new PinStore(dist);
  }

  pin(name: string): PinData {
    const pin = this.store.pin(name);
    if (!pin) throw new Error(`pin ${name} is not built in ${this.dist}`);
    return pin;
  }

  private readonly sources = new Map<string, ReturnType<typeof sourceOf>>();

  /** A list's frozen items, parsed once. */
  source(pin: PinData, record: ListRecord): ReturnType<typeof sourceOf> {
    const id = `${pin.dir}|${record.first}`;
    let hit = this.sources.get(id);
    if (!hit) {
      const pages = record.files.map((f) => JSON.parse(readFileSync(join(this.dist, pin.dir, f), "utf8")) as JsonValue);
      hit = sourceOf(pin, record, pages);
      this.sources.set(id, hit);
    }
    return hit;
  }

  /**
   * What a server splices into a pin's files for a request from baseUrl (path style): the pin's canonical
   * origin to `<baseUrl>/<pin>` (decision 0027).
   */
  splice(pinName: string): OriginSplice {
    const url = new URL(this.baseUrl);
    const kind = this.pin(pinName).live ? "live" : pinName === "catalog" ? "catalog" : "pin";
    const scheme = url.protocol === "https:" ? "https" : "http";
    return spliceFor({ scheme, host: url.host }, { label: pinName, style: "path", kind }, this.store.catalog()?.serviceDomain);
  }

  /** A file of a pin as a server answers it to baseUrl: its bytes as text, the request's origin spliced in. */
  read(pinName: string, file: string): string {
    return spliceText(readFileSync(join(this.dist, this.pin(pinName).dir, file), "utf8"), this.splice(pinName));
  }

  /** Resolves an absolute URL under baseUrl (or a path) and reads the answer, as a server answers it to baseUrl. */
  get(urlOrPath: string, method = "GET"): { answer: Answer; status: number; headers: Record<string, string>; text: string } {
    const url = new URL(urlOrPath, this.baseUrl);
    const answer = resolve(
      // A client sends credentials; providers that insist on them (ServingProfile.auth) accept any.
      {
        method,
        path: url.pathname,
        query: [...url.searchParams],
        headers: { authorization: "Bearer snapverse-conformance", ...this.headers, host: url.host },
        scheme: url.protocol === "https:" ? "https" : "http",
      },
      { catalog: this.store.catalog(), pin: (n) => this.store.pin(n) },
    );
    const splice = ("origin" in answer && answer.origin) || NO_SPLICE;
    if (answer.kind === "list") {
      // The query engine, as the server runs it, over the same frozen pages.
      const pin = this.pin(answer.label);
      const out = listAnswer(pin, answer, this.source(pin, answer.list));
      return { answer, status: out.status, headers: spliceHeaders(out.headers, splice), text: spliceText(out.body, splice) };
    }
    const text =
      answer.kind === "body"
        ? answer.body
        : answer.kind === "file"
          ? spliceText(readFileSync(join(this.dist, this.pin(answer.label).dir, answer.file), "utf8"), splice)
          : "";
    // (Computed handlers are exercised over HTTP, in test/serve and the SDK tests.)
    return { answer, status: answer.kind === "compute" ? 0 : answer.status, headers: answer.headers, text };
  }
}

/**
 * `get`, with a computed answer run as the server runs it: the provider's handler over the pin's files,
 * its answer naming the request's origin. For following links, which may name computed resources.
 */
export async function fetchAnswer(
  client: DistClient,
  urlOrPath: string,
): Promise<{ kind: Answer["kind"]; status: number; headers: Record<string, string>; text: string }> {
  const got = client.get(urlOrPath);
  const answer = got.answer;
  if (answer.kind !== "compute") return { kind: answer.kind, status: got.status, headers: got.headers, text: got.text };
  const cut = answer.handler.indexOf("/");
  const run = providers.get(answer.handler.slice(0, cut))?.handlers.get(answer.handler.slice(cut + 1));
  if (!run) throw new Error(`no handler ${answer.handler}`);
  const pin = client.pin(answer.label);
  const url = new URL(urlOrPath, client.baseUrl);
  const result = await run({
    method: "GET",
    path: answer.path,
    query: [...url.searchParams],
    headers: { authorization: "Bearer snapverse-conformance", ...client.headers, host: url.host },
    body: undefined,
    serving: pin.serving,
    read: (key) => {
      const route = pin.routes.get(key);
      return Promise.resolve(route ? readFileSync(join(client.dist, pin.dir, route.file), "utf8") : undefined);
    },
  });
  const splice = answer.origin ?? NO_SPLICE;
  const text = typeof result.body === "string" ? spliceText(result.body, splice) : result.body.toString("latin1");
  return { kind: "compute", status: result.status, headers: spliceHeaders({ ...answer.headers, ...(result.headers ?? {}) }, splice), text };
}

/**
 * Every item of a list, paged to the end as the provider's clients page it, and how many pages it took;
 * undefined when the URL is not a list. Throws on a page that is not a 200 and on a loop.
 */
export function walkList(
  client: DistClient,
  url: string,
  pagination: ConformanceOptions["pagination"],
): { items: unknown[]; pages: number } | undefined {
  let page = client.get(url);
  // A key a computed route answers (GitHub's mount-aware `meta`) is no list of the pin's pages.
  if (page.answer.kind === "compute") return undefined;
  if (!pagination.items(JSON.parse(page.text))) return undefined;
  const items: unknown[] = [];
  const visited = new Set<string>([url]);
  let pageUrl = url;
  for (;;) {
    const body = JSON.parse(page.text) as unknown;
    items.push(...(pagination.items(body) ?? []));
    const next = pagination.next(page.headers, body, pageUrl);
    if (!next) break;
    if (visited.has(next)) throw new Error(`${url}: pagination loops back to ${next}`);
    visited.add(next);
    page = client.get(next);
    pageUrl = next;
    if (page.status !== 200) throw new Error(`${next} (from ${url}) answered ${page.status}`);
  }
  return { items, pages: visited.size };
}
