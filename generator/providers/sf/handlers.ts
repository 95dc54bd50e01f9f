import { errorReply, jsonReply, readResource, type Reply } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { LATEST, OLDEST, base } from "./describe.js";
import { NOT_FOUND, sfError } from "./errors.js";
import { normalizeId } from "./ids.js";
import type { OrgData, SfRecord } from "./records.js";
import { runSoql } from "./run.js";
import { objectDef } from "./schema.js";
import { parseSoql } from "./soql.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/** The frozen org every query reads, private to the host (`_snapverse/…` is never served). */
export const ORG_KEY = "_snapverse/sf/org.json";

const DEFAULT_BATCH = 2000;
const LIMIT_INFO = { "sforce-limit-info": "api-usage=1/100000" };
const reply = (status: number, body: unknown): Reply => jsonReply(status, body, { headers: LIMIT_INFO });
const refuse = (errorCode: string, message: string, status = 400) => errorReply(sfError(errorCode, message, status));

/** The version a path names, when the org answers it (31.0 up to the latest). */
function versionOf(path: string): string | undefined {
  const m = /^services\/data\/v(\d+)\.(\d+)/.exec(path);
  if (!m || m[2] !== "0" || Number(m[1]) < OLDEST || Number(m[1]) > Number(LATEST)) return undefined;
  return `${m[1]}.0`;
}

/** The last org read, kept while its text is the same (a live build replaces it); never mutated. */
let parsed: { text: string; data: OrgData } | undefined;

async function org(input: ComputeInput): Promise<OrgData> {
  const text = (await input.read(ORG_KEY))!;
  if (parsed?.text !== text) parsed = { text, data: JSON.parse(text) as OrgData };
  return parsed.data;
}

/** A query locator carries the query itself, so that `nextRecordsUrl` needs no server state. */
const encodeLocator = (q: string, all: boolean, batch: number, position: number) =>
  `01g${Buffer.from(JSON.stringify([q, all ? 1 : 0, batch])).toString("base64url")}-${position}`;
function decodeLocator(locator: string): { q: string; all: boolean; batch: number; position: number } | undefined {
  const m = /^01g([A-Za-z0-9_-]+)-(\d+)$/.exec(locator);
  if (!m) return undefined;
  try {
    const [q, all, batch] = JSON.parse(Buffer.from(m[1]!, "base64url").toString("utf8")) as [string, number, number];
    return typeof q === "string" ? { q, all: all === 1, batch, position: Number(m[2]) } : undefined;
  } catch {
    return undefined;
  }
}

/** `Sforce-Query-Options: batchSize=500`: 200 to 2000 records a page (Salesforce may round; this does not). */
function batchSize(input: ComputeInput): number {
  const m = /batchSize\s*=\s*(\d+)/i.exec(input.headers["sforce-query-options"] ?? "");
  return m ? Math.min(2000, Math.max(200, Number(m[1]))) : DEFAULT_BATCH;
}

const query: ComputeHandler = async (input) => {
  const version = versionOf(input.path);
  if (!version) return errorReply(NOT_FOUND);
  const [, kind, locator] = /\/(query|queryAll)(?:\/([^/]+))?$/.exec(input.path)!;
  let q: string,
    position = 0,
    batch = batchSize(input),
    all = kind === "queryAll";
  if (locator) {
    const state = decodeLocator(locator);
    if (!state) return refuse("INVALID_QUERY_LOCATOR", "invalid query locator");
    ({ q, position, batch, all } = state);
  } else {
    const given = input.query.find(([k]) => k === "q")?.[1];
    if (given === undefined || !given.trim()) return refuse("MALFORMED_QUERY", "A query string has to be specified");
    q = given;
  }
  const parsed = parseSoql(q, Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z"));
  if ("errorCode" in parsed) return refuse(parsed.errorCode, parsed.message);
  const result = runSoql(parsed, await org(input), base(version));
  const page = result.records.slice(position, position + batch);
  const done = parsed.count || position + batch >= result.records.length;
  return reply(200, {
    totalSize: result.totalSize,
    done,
    ...(done ? {} : { nextRecordsUrl: `${base(version)}/${all ? "queryAll" : "query"}/${encodeLocator(q, all, batch, position + batch)}` }),
    records: page,
  });
};

const record: ComputeHandler = async (input) => {
  const version = versionOf(input.path);
  const [, type, rawId] = /\/sobjects\/([^/]+)\/([^/]+)$/.exec(input.path)!;
  const o = objectDef(type!);
  if (!version || !o) return errorReply(NOT_FOUND);
  const id = normalizeId(rawId!);
  if (!id) return refuse("MALFORMED_ID", `${o.label} ID: id value of incorrect type: ${rawId}`);
  const found = (await org(input))[o.name]!.find((r) => r.Id === id);
  if (!found) return errorReply(NOT_FOUND);
  const wanted = input.query
    .find(([k]) => k === "fields")?.[1]
    ?.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const fields = wanted ? wanted.map((w) => o.fields.find((f) => f.name.toLowerCase() === w.toLowerCase()) ?? w) : o.fields;
  const unknown = fields.find((f) => typeof f === "string");
  if (unknown) return refuse("INVALID_FIELD", `No such column '${unknown as string}' on sobject of type ${o.name}`);
  const out: SfRecord = { attributes: { type: o.name, url: `${base(version)}/sobjects/${o.name}/${id}` } };
  for (const f of fields as Array<{ name: string }>) out[f.name] = found[f.name] ?? null;
  return reply(200, out);
};

/** An older version answers what the latest does, with its own version in every URL. */
const versioned: ComputeHandler = async (input) => {
  const version = versionOf(input.path);
  if (!version) return errorReply(NOT_FOUND);
  const latestPath = input.path.replace(/^services\/data\/v\d+\.\d+/, `services/data/v${LATEST}`);
  const body = await readResource(input, latestPath);
  if (body === undefined) return errorReply(NOT_FOUND);
  return reply(200, JSON.parse(JSON.stringify(body).split(base(LATEST)).join(base(version))) as JsonValue);
};

/** Computed routes: SOQL queries and record reads at any version; any other path at an older version. */
export const computedRoutes: ComputedRoute[] = ["GET", "HEAD"].flatMap((method) => [
  { method, path: "^services/data/v\\d+\\.\\d+/(query|queryAll)(/[^/]+)?$", handler: "query", run: query },
  { method, path: "^services/data/v\\d+\\.\\d+/sobjects/[^/]+/(?!describe$)[^/]+$", handler: "record", run: record },
  { method, path: `^services/data/v(?!${LATEST.replace(".", "\\.")}(/|$))\\d+\\.\\d+(/.*)?$`, handler: "versioned", run: versioned },
]);
