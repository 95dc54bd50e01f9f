import type { Catalog, Pin } from "../catalog/types.js";
import type { StoredError } from "../format/dist.js";
import type { JsonValue } from "./json.js";
import type { World } from "../world/types.js";
import type { ListProfile } from "./lists/profile.js";
import type { Mechanism } from "./pagination/mechanism.js";
import type { ContributedPaging, Pagination } from "./pagination/paging.js";

export type { JsonObject, JsonValue } from "./json.js";
export type { ContributedPaging, CoreMechanismName, MechanismName, Pagination, PagingBase, PagingOf } from "./pagination/paging.js";

/**
 * The contract between core and a provider, made by `defineProvider` (core/define-provider.ts) from the
 * definition in the provider's folder. Core never imports a provider: the composition roots hand a
 * registry of these to the build, and everything the server needs at request time travels as data
 * (ServingProfile).
 */
export interface Provider {
  /** The live prefix, e.g. "gh". */
  id: string;
  /** What the catalog, the MCP tool and an unavailable host say of it. */
  manifest: ProviderManifest;
  /**
   * The profile the resolver applies to every request on a pin of this provider. It sees the world too:
   * alias rules name repositories, teams and ids.
   */
  serving(pin: PinContext, world: World): ServingProfile;
  /** Every resource of the pin, in a deterministic order. A pure function of the world and the pin. */
  resources(world: World, pin: PinContext): Iterable<Resource>;
  /** Handlers for the profile's `computed` routes, by handler name (collected from the routes). */
  handlers: ReadonlyMap<string, ComputeHandler>;
  /**
   * Files the handlers read at run time (absolute paths, distinct file names), such as a GraphQL schema:
   * the edge bundle embeds them, since a Worker has no file system (edge/bundle.ts).
   */
  runtimeFiles?: () => string[];
  /**
   * Pagination mechanisms of its own, for a pagination no core mechanism writes; a profile names one as
   * `<provider id>/<name>`, and its settings extend ContributedPaging in the provider's folder. The
   * composition roots register them with core (registerMechanisms).
   */
  mechanisms?: Record<string, Mechanism<ContributedPaging>>;
}

/**
 * What the rest of snapverse may know of a provider, part of its definition (`providers/<id>/index.ts`).
 * The catalog, the MCP tool and the 503 of a host that is not available read it as data; no code outside
 * the folder names a provider.
 */
export interface ProviderManifest {
  /** The live prefix, e.g. the folder's name. */
  id: string;
  /** The human name the catalog shows. */
  name: string;
  /** What its hosts answer while not available, in its own error shape; `{message}` is filled in. */
  unavailable: ErrorDoc;
  /**
   * The lines that point its client at a pin, for the catalog page (Handlebars, with `base_url`,
   * `provider_name`, `api_version`); without one, a plain `fetch` line.
   */
  snippet?: string;
}

/**
 * A computed answer: a pure function of the request and the pin's frozen resources (read by key), so the
 * same request gives the same bytes and the pin never changes.
 */
export type ComputeHandler = (input: ComputeInput) => Promise<{ status: number; headers?: Record<string, string>; body: string | Buffer }>;

export interface ComputeInput {
  method: string;
  /** The resource path (as in keys), the query pairs, lower-case headers and the body. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string | undefined>;
  body: Buffer | undefined;
  /** The mount the request came in under (ServingProfile.mounts), when it did: a self-hosted layout may answer otherwise. */
  mount?: string;
  serving: ServingProfile;
  /** A served resource of the same pin by key (`repos/o/r/issues?state=all`), as text; undefined when absent. */
  read(key: string): Promise<string | undefined>;
}

export interface PinContext {
  pin: Pin;
  catalog: Catalog;
  /**
   * The canonical origin every URL in a body or header starts with: `https://<pin>.snap.<domain>`.
   * Files keep it, and servers splice in the origin of each request (decision 0027), so hashes never
   * depend on where a tree is served.
   */
  origin: string;
}

export interface Resource {
  /** The request path without a leading slash or the pin label, exactly as the provider's API spells it. */
  path: string;
  /** Query parameters that select this variant (page, per_page, state, …); a list repeats a parameter (`state=OPEN&state=MERGED`). */
  query?: Record<string, string | string[]>;
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body (serialized compactly, key order kept) or raw bytes with a content type. */
  body: JsonValue | RawBody;
  /**
   * For one page of a list: how many items the whole list holds, and the envelope key when the page is
   * `{total_count, <key>: [...]}`. The resolver uses it to answer page sizes that were not pre-rendered.
   */
  list?: { total: number; envelope?: string };
}

/** Typed records (interfaces have no index signature) as a JSON body; they must hold only JSON values. */
export function asJson(value: object): JsonValue {
  return value as JsonValue;
}

export interface RawBody {
  raw: string | Buffer;
  contentType: string;
}

export function isRaw(body: Resource["body"]): body is RawBody {
  return typeof body === "object" && body !== null && !Array.isArray(body) && "raw" in body && "contentType" in body;
}

/** A pre-rendered error response: the format's StoredError, so profiles and the catalog index store one shape. */
export type ErrorDoc = StoredError;

/** Everything the resolver must know about a pin at request time, as plain data. */
export interface ServingProfile {
  provider: string;
  /** The generation's as-of instant, filled in by the build: Last-Modified of every file. */
  asOf?: string;
  /** Sent with every response of the pin (rate-limit headers, media type, version echo). */
  headers: Record<string, string>;
  query: QueryRules;
  /** `{path}` in an error body is replaced by the requested path (sanitized). */
  errors: {
    notFound: ErrorDoc;
    /** Writes to a frozen pin. */
    methodNotAllowed: ErrorDoc;
    /** An unsupported API version requested by header; `{version}` in the body is replaced. */
    badVersion?: ErrorDoc;
    /** A query parameter or value outside `query.accepted`. */
    badQuery?: ErrorDoc;
    /**
     * A malformed list parameter (a `since` that is no time, an unknown sort, a JQL that does not
     * parse): `{message}`, `{param}` and `{value}` in the body are replaced, JSON-escaped. Without it, such a
     * parameter gets `badQuery`, or is ignored.
     */
    badRequest?: ErrorDoc;
    /**
     * A missing resource the provider words by where it was asked for (Slack's `user_not_found` on
     * `api/users.info`, Buildkite's `No pipeline found`): the first rule whose `path` (a regex source over
     * the key path) matches; else `notFound`.
     */
    notFoundByPath?: Array<{ path: string; error: ErrorDoc }>;
    /** A parameter whose refusal the provider words differently (Bitbucket's BBQL `q`); else `badRequest`. */
    badRequestByParam?: Record<string, ErrorDoc>;
    /** A kind of refusal the provider words differently (GitLab: "does not have a valid value"). */
    badRequestByReason?: Partial<Record<"format" | "value" | "range" | "minimum", ErrorDoc>>;
  };
  /** Version negotiation by request header, as GitHub's X-GitHub-Api-Version. */
  version?: {
    requestHeader: string;
    supported: string[];
    /** The answer to a request without the header, for providers that insist on one (`anthropic-version`). */
    required?: ErrorDoc;
  };
  /** How the pin's lists page unless their profile says otherwise: one variant per mechanism (core/pagination/). */
  pagination?: Pagination;
  /**
   * The list endpoints: what selects, filters, sorts and pages each (core/lists/profile.ts). A list path
   * no profile matches still pages by `pagination`, without filters or sorts.
   */
  lists?: ListProfile[];
  /**
   * True when an encoded slash belongs to its segment (GitLab's `projects/group%2Fname`): the key keeps it
   * as `%2F`, and resource paths spell it so. Otherwise `%2F` separates segments, as GitHub reads it.
   */
  slashInSegment?: boolean;
  /**
   * Other names for the same resources, applied to the request path before lookup (first match wins):
   * GitLab's `projects/group%2Fname/…` for `projects/42/…`, Azure DevOps project and repository names
   * for their GUIDs. `from` is a regex source over the key path, `to` its replacement. One alias rule
   * stands for thousands of duplicate files.
   */
  aliases?: Array<{ from: string; to: string }>;
  /**
   * Credentials the provider insists on: a request whose `header` does not match `pattern` (a regex
   * source; a missing header never matches) gets `error`, as Devin answers 401 without a Bearer token.
   * Any token passes: the pin is not a secret, only the shape of the request is checked. `alternatives`
   * are other credentials the provider takes instead (Anthropic: `x-api-key`, or an OAuth bearer token;
   * a query parameter: CircleCI's `circle-token`, Slack's `token`).
   */
  auth?: {
    header: string;
    pattern: string;
    error: ErrorDoc;
    alternatives?: Array<{ header: string; pattern: string } | { query: string; pattern: string }>;
    /** Paths that need no credential (a regex source over the key path): Statuspage's public Status API. */
    except?: string;
  };
  /** A per-request id header derived from the pin and resource key, e.g. x-github-request-id. */
  requestIdHeader?: string;
  /**
   * Path prefixes under which the provider's clients may ask for every resource, as a self-hosted server
   * lays them out (GitHub Enterprise Server's `api/v3`): the same answers, and every URL in them keeps the
   * prefix, so a client that starts there stays there (answer/resolve.ts, decision 0027).
   */
  mounts?: string[];
  /**
   * Headers every answer under a mount carries, by mount (GitHub Enterprise Server's
   * `X-GitHub-Enterprise-Version`, which api.github.com's bare paths never send).
   */
  mountHeaders?: Record<string, Record<string, string>>;
  /**
   * POST-as-read: RPC-style reads (Slack methods, search endpoints) whose parameters come in the body.
   * The listed body fields join the query, and the request is answered like the GET with that query.
   */
  rpc?: Array<{ method: string; path: string; params: string[] }>;
  /**
   * Requests only code can answer (GraphQL over the pin's data, deterministic replies to writes). The
   * server calls the handler registered as `<provider>/<handler>`; same request, same bytes. Each route
   * is defined with its code (ComputedRoute, core/define-provider.ts); this is its data. A route with
   * `accept` (a regex source over the Accept header) answers only requests whose Accept matches it: a
   * media type the provider computes from the frozen resource (GitHub's `.diff` of a pull request)
   * while every other Accept gets the resource as built.
   */
  computed?: Array<{ method: string; path: string; handler: string; accept?: string }>;
  /**
   * Partial responses (core/partial.ts, decision 0034): a query parameter naming the fields of a JSON
   * answer the client wants (Bitbucket's `fields=-links`, `fields=values.id,page`). The resolver marks
   * every file, list page and handler answer of a path it applies to, and reply() cuts the answer down.
   */
  partial?: PartialResponses[];
}

/**
 * Where and how a partial-response parameter is read (ServingProfile.partial); the first rule whose
 * parameter the request sends on a path it applies to answers.
 */
export interface PartialResponses {
  param: string;
  /**
   * The parameter is a list of fields to add, not core/partial.ts's syntax (Jira's
   * `expand=description,lead`): each of `names` it lists is added as `+<under>.<name>` (`under` absent:
   * `+<name>`), read from the object's full representation; other names are left to the refusal rules.
   */
  expand?: { names: string[]; under?: string };
  /** A regex over the key path; absent: every path. */
  path?: string;
  /**
   * Where an object names its full representation, as a dotted path to a URL on the same pin
   * (`links.self.href`): a named field the object lacks is read from there.
   */
  self?: string;
  /**
   * Objects that carry no link to themselves, found by a field's value (Bitbucket's
   * `{"type":"deployment_environment","uuid":…}`): `from` is a regex over the answer's key path, and
   * `key` the object's own key, with `$1`… from `from`'s captures and `{name}` from the object's fields.
   */
  references?: Array<{ field: string; value: string; from: string; key: string }>;
  /**
   * Top-level string fields of an answer that are links to its other pages (`next`, `previous`): they
   * carry the parameter on, as the provider's page links carry every query parameter.
   */
  pageLinks?: string[];
}

export interface QueryRules {
  /** Parameters that select a resource; all others are ignored, as providers ignore unknown parameters. */
  keep: string[];
  /** Values equal to the default are dropped from the key; `path` (a regex over the key path) scopes one. */
  defaults: Array<{ param: string; value: string; path?: string }>;
  /** Parameters whose presence is what matters: any value becomes `value`. */
  anyValue: Array<{ param: string; value: string }>;
  /** When set, only these parameters and values are accepted; anything else gets `errors.badQuery`. */
  accepted?: Record<string, string[]>;
  /**
   * Numeric parameters are clamped into range (per_page above the maximum gets the maximum); `path` (a
   * regex over the key path) scopes a range to some lists, and the first entry that applies wins.
   */
  clamp: Array<{ param: string; min: number; max: number; path?: string }>;
  /**
   * Boolean parameters the provider reads in several spellings (GitLab's Grape: `True`, `1`, `yes`, `t`
   * for true): each listed parameter's value is read as `true` or `false` before anything else looks at the
   * request, so `recursive=False` finds what `recursive=false` finds. Other values are left as sent.
   */
  booleans?: { params: string[]; true: string[]; false: string[] };
  /**
   * Parameters the provider refuses where they are sent (issue 37: a parameter the real API honours and
   * this snapshot cannot compute gets an error naming it, never the answer without it). Checked before
   * any file, list or computed route is read; the first rule that refuses a value answers.
   */
  refuse?: QueryRefusal[];
}

/** One refused parameter: where, which values still pass, and the error that names it. */
export interface QueryRefusal {
  param: string;
  /** A regex over the key path, matched without regard to case; absent: every path. */
  path?: string;
  /** A regex over the value: a value it matches is answered as if the parameter were absent (`false`). */
  allow?: string;
  /**
   * The error; `{param}`, `{value}` and `{message}` in its body are filled in (JSON-escaped). Absent:
   * `errors.badRequest` with the message.
   */
  error?: ErrorDoc;
  /** The message for `{message}` (`{param}` and `{value}` filled in too). */
  message: string;
}
