import { readResource } from "../../../core/compute.js";
import { BoundedMemo } from "../../../core/memo.js";
import type { ComputeInput, ServingProfile } from "../../../core/provider.js";

/** A REST body as the pin serves it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any REST body of the pin, read field by field
export type Rest = Record<string, any>;

/** The REST list page size the GraphQL layer reads with (GitHub's maximum). */
const PAGE = 100;
/** How many bodies a pin keeps parsed: past it the memo starts again, so a long-lived server stays bounded. */
const MAX_BODIES = 20_000;

/**
 * The pin's REST resources, as GraphQL's resolvers read them: every GraphQL value is taken from the body
 * the REST API serves for the same object, so the two APIs cannot disagree (`id` is REST's `node_id`,
 * `databaseId` its `id`, and so on). Reads are memoized per pin for the life of its serving profile, so
 * a query that visits the same pull request twice reads it once, and the edge (which has only the
 * built files, not the world) can answer the same way.
 */
export class PinSource {
  private readonly bodies = new BoundedMemo<string, Promise<unknown>>(MAX_BODIES);

  constructor(private readonly input: Pick<ComputeInput, "read" | "serving">) {}

  get asOf(): string {
    return (this.input.serving.asOf ?? "1970-01-01T00:00:00Z").replace(/\.\d{3}Z$/, "Z");
  }

  /** One resource (`repos/o/r/pulls/5`), or undefined when the pin does not serve it. */
  get<T = Rest>(path: string, query: Array<[string, string]> = []): Promise<T | undefined> {
    const key = `${path}?${query.map(([k, v]) => `${k}=${v}`).join("&")}`;
    return this.bodies.get(key, () => readResource(this.input, path, query)) as Promise<T | undefined>;
  }

  /** Every item of a REST list, read page by page at 100; `envelope` names the array in an object page. */
  list(path: string, query: Array<[string, string]> = [], envelope?: string): Promise<Rest[]> {
    const key = `list:${envelope ?? ""}:${path}?${query.map(([k, v]) => `${k}=${v}`).join("&")}`;
    return this.bodies.get(key, async () => {
      const out: Rest[] = [];
      for (let page = 1; ; page++) {
        const body = await this.get<Rest>(path, [...query, ["per_page", String(PAGE)], ["page", String(page)]]);
        if (body === undefined) return page === 1 ? [] : out;
        const items = (envelope ? body[envelope] : body) as Rest[];
        out.push(...items);
        if (items.length < PAGE) return out;
      }
    }) as Promise<Rest[]>;
  }
}

/** One source per loaded pin: a rebuilt pin comes with a new serving profile, hence a new source. */
const sources = new WeakMap<ServingProfile, PinSource>();

export function sourceFor(input: Pick<ComputeInput, "read" | "serving">): PinSource {
  let source = sources.get(input.serving);
  if (!source) sources.set(input.serving, (source = new PinSource(input)));
  return source;
}
