import type { ComputeInput } from "../../core/provider.js";
import { canonicalQuery, resourceKey } from "../../core/query.js";
import { DATA_PATH, MAX_PAGE } from "./collections.js";

/** A record of the pin's data: a response fragment of its type, relations as `{id}`. */
export type Entity = Record<string, unknown> & { id: string; __typename: string };

/**
 * The pin's frozen data, read once from its GET resources (`graphql/data/…`) and indexed: by type and
 * id, and by every `{id}` reference (issues by team, comments by issue, …). Read-only once built.
 */
export class Store {
  readonly organization: Entity;
  readonly viewer: Entity;
  /** Every record of a type, in the order the build wrote them. */
  private readonly lists = new Map<string, Entity[]>();
  private readonly ids = new Map<string, Map<string, Entity>>();
  /** `Type.field` → referenced id → records of Type pointing at it. */
  private readonly refIndex = new Map<string, Map<string, Entity[]>>();
  private readonly identifiers = new Map<string, Entity>();
  private readonly branches = new Map<string, Entity>();
  private readonly labelled = new Map<string, Entity[]>();

  constructor(
    organization: Entity,
    collections: Map<string, Entity[]>,
    readonly asOf: number,
  ) {
    this.organization = organization;
    this.ids.set("Organization", new Map([[organization.id, organization]]));
    for (const [type, items] of collections) {
      this.lists.set(type, items);
      const byId = new Map<string, Entity>();
      for (const item of items) {
        byId.set(item.id, item);
        for (const [field, value] of Object.entries(item)) {
          if (!isRef(value)) continue;
          const key = `${type}.${field}`;
          let index = this.refIndex.get(key);
          if (!index) this.refIndex.set(key, (index = new Map()));
          const list = index.get(value.id);
          if (list) list.push(item);
          else index.set(value.id, [item]);
        }
      }
      this.ids.set(type, byId);
    }
    for (const issue of this.all("Issue")) {
      this.identifiers.set(String(issue.identifier).toUpperCase(), issue);
      this.branches.set(String(issue.branchName), issue);
      for (const label of (issue.labelIds as string[] | undefined) ?? []) {
        const list = this.labelled.get(label);
        if (list) list.push(issue);
        else this.labelled.set(label, [issue]);
      }
    }
    this.viewer = this.all("User").find((u) => u.isMe === true) ?? this.all("User")[0]!;
  }

  /** Whether the pin holds records of a type (what the executor can look up by id). */
  serves(type: string): boolean {
    return this.ids.has(type);
  }

  all(type: string): Entity[] {
    return this.lists.get(type) ?? [];
  }

  get(type: string, id: string): Entity | undefined {
    return this.ids.get(type)?.get(id);
  }

  /** Records of `type` whose `field` points at `id`. */
  refs(type: string, field: string, id: string): Entity[] {
    return this.refIndex.get(`${type}.${field}`)?.get(id) ?? [];
  }

  issueByIdentifier(identifier: string): Entity | undefined {
    return this.identifiers.get(identifier.toUpperCase());
  }

  issueByBranch(branch: string): Entity | undefined {
    return this.branches.get(branch);
  }

  issuesWithLabel(labelId: string): Entity[] {
    return this.labelled.get(labelId) ?? [];
  }

  /** Reads every data resource of a pin through the handler's `read`, page by page at the largest size. */
  static async load(input: ComputeInput): Promise<Store> {
    const readJson = async (path: string, query: Array<[string, string]> = []) => {
      const text = await input.read(resourceKey(path, canonicalQuery(query, input.serving.query, path)));
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    };
    const index = (await readJson(DATA_PATH)) as DataIndex | undefined;
    const organization = (await readJson(`${DATA_PATH}/organization`)) as Entity | undefined;
    if (!index || !organization) throw new Error(`the pin has no ${DATA_PATH} index or organization`);
    const collections = new Map<string, Entity[]>();
    for (const [name, { type, total }] of Object.entries(index.collections)) {
      const items: Entity[] = [];
      for (let page = 1; items.length < total; page++) {
        const body = (await readJson(`${DATA_PATH}/${name}`, [
          ["per_page", String(MAX_PAGE)],
          ["page", String(page)],
        ])) as Entity[] | undefined;
        if (!body?.length) throw new Error(`${DATA_PATH}/${name}: page ${page} is missing`);
        items.push(...body);
      }
      collections.set(type, items);
    }
    const asOf = Date.parse(input.serving.asOf ?? "");
    return new Store(organization, collections, Number.isNaN(asOf) ? 0 : asOf);
  }
}

/** `graphql/data`: the endpoint, the organization and each list with its record type and length. */
export interface DataIndex {
  endpoint: string;
  organization: string;
  collections: Record<string, { type: string; total: number; url: string }>;
}

export function isRef(value: unknown): value is { id: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { id?: unknown }).id === "string" &&
    Object.keys(value).length === 1
  );
}
