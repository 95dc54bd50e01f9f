import { asJson, type ErrorDoc, type Resource, type ServingProfile } from "./core/provider.js";
import type { Render } from "./world/templates.js";
import Handlebars from "handlebars";
import { filterRecords, liveHostRecords, type LiveHostRecord, type ProviderNames, type SnapshotRecord } from "./catalog/records.js";
import type { Catalog } from "./catalog/types.js";
import { buildCompany } from "./world/org/people.js";
import { rngFactory } from "./world/rng.js";

/**
 * The catalog site: `GET /v1/snapshots` with every combination of its filters pre-rendered (so a bucket
 * can serve it), `GET /v1/snapshots/<pin>`, and the human page at the root.
 */
export function catalogResources(
  catalog: Catalog,
  records: SnapshotRecord[],
  render: Render | undefined,
  origin: string,
  about: { names: ProviderNames; snippets: Record<string, string>; liveBaseUrl: (prefix: string) => string },
): Resource[] {
  const live = liveHostRecords(catalog, about.names, about.liveBaseUrl);
  const providers = [...new Set(records.map((r) => r.provider))];
  const generations = [...new Set(records.map((r) => r.generation))];
  const out: Resource[] = [];
  for (const provider of [undefined, ...providers]) {
    for (const generation of [undefined, ...generations]) {
      for (const files of [undefined, true, false]) {
        const picked = filterRecords(records, { provider, generation, files });
        const query: Record<string, string> = {};
        if (provider !== undefined) query.provider = provider;
        if (generation !== undefined) query.generation = String(generation);
        if (files !== undefined) query.files = String(files);
        out.push({ path: "v1/snapshots", query, body: { total_count: picked.length, snapshots: picked.map(asJson) } });
      }
    }
  }
  for (const r of records) out.push({ path: `v1/snapshots/${r.pin}`, body: asJson(r) });
  out.push({ path: "v1/live-hosts", body: { live_hosts: live.map(asJson) } });
  if (render) {
    const organization = (seed: string) => buildCompany({ rng: rngFactory(seed), start: 0 }).slug;
    const withSnippets = records.map((r) => ({
      ...r,
      snippet: snippet(about.snippets[r.provider], { ...r, organization: organization(catalog.generations.get(r.generation)!.seed) }),
    }));
    const liveSeed = catalog.live?.seed;
    const liveWithSnippets = live.map((l) => ({
      ...l,
      snippet: snippet(about.snippets[l.prefix], {
        ...l,
        api_version: "current",
        ...(liveSeed ? { organization: organization(liveSeed) } : {}),
      }),
    }));
    const schedule = catalog.live && {
      at: catalog.live.regenerateAt,
      every_ms: catalog.live.regenerateEvery,
      hours: catalog.live.regenerateEvery / 3_600_000,
    };
    out.push({
      path: "",
      body: {
        raw: render("catalog/index.html", {
          records: withSnippets,
          live: liveWithSnippets,
          schedule,
          domain: catalog.serviceDomain,
          origin,
        }),
        contentType: "text/html; charset=utf-8",
      },
    });
  }
  return out;
}

const FETCH_SNIPPET = `// {{provider_name}}, API {{api_version}}: the provider's own paths, under the pin's base URL
const res = await fetch("{{base_url}}/...");`;

/**
 * A pin's or live host's SDK lines for the page: its provider's snippet (or a plain fetch), filled in with
 * the record and `organization` (the company's slug in that universe: Azure DevOps' URLs start with it).
 * The page escapes it.
 */
function snippet(
  source: string | undefined,
  r: (SnapshotRecord | LiveHostRecord) & { api_version: string; organization?: string },
): string {
  return Handlebars.compile(source ?? FETCH_SNIPPET, { noEscape: true, strict: true })(r);
}

export function catalogServing(records: SnapshotRecord[]): ServingProfile {
  const providers = [...new Set(records.map((r) => r.provider))];
  const generations = [...new Set(records.map((r) => r.generation))].sort((a, b) => a - b).map(String);
  const accepted = { provider: providers, generation: generations, files: ["true", "false"] };
  const error = (status: number, code: string, message: string): ErrorDoc => ({ status, body: { error: code, message } });
  return {
    provider: "catalog",
    headers: { "cache-control": "public, max-age=60" },
    query: { keep: Object.keys(accepted), defaults: [], anyValue: [], clamp: [], accepted },
    errors: {
      notFound: error(404, "not_found", "'{path}' is not in the catalog. GET /v1/snapshots lists every pin."),
      methodNotAllowed: error(405, "method_not_allowed", "The catalog is read-only: use GET."),
      badQuery: error(
        400,
        "bad_request",
        `Unknown filter or value. Accepted filters: ${Object.entries(accepted)
          .map(([k, v]) => `${k} (${v.join(", ")})`)
          .join("; ")}.`,
      ),
    },
  };
}
