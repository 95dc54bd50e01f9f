import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { providers } from "../../generator/providers/index.js";
import { liveOnlyProviders } from "../support/live-hosts.js";
import { checkIgnoredParams, checkListQueries } from "./queries.js";
import { spliceText } from "../../generator/answer/origin.js";
import { notAResource, relationsOf } from "./links.js";
import { DistClient, fetchAnswer, walkList } from "./walk.js";

export interface ConformanceOptions {
  /**
   * Links to repository files (contents, trees, blobs, attachments). DESIGN.md's contract gives generation 1
   * no repository files, so a pin the catalog builds with `files: false` answers them with the provider's
   * 404; on every other pin and live host they are followed like any link. No provider lists other
   * exemptions (decision 0030): every URL an answer hands out is served.
   */
  fileLinks?: RegExp;
  /**
   * How many distinct links the pin must carry for the link check to mean something (default 101). A
   * provider whose bodies name no URLs (OpenAI's ids are not links) says 0, and why.
   */
  minLinks?: number;
  /** How the provider pages: the next page's URL, and the items of a page. */
  pagination: {
    /** `url` is the page just read: Azure DevOps pages carry no links, a client computes the next `$skip`. */
    next(headers: Record<string, string>, body: unknown, url: string): string | undefined;
    items(body: unknown): unknown[] | undefined;
    identity(item: unknown): string;
    /** The query parameter that sets the page size; walks at every size must agree. */
    pageSizeParam: string;
    /** The page number (or offset) parameter: a walk starts only from keys without it. Default `page`. */
    pageParam?: string;
  };
  /**
   * List paths that page by the pin's pagination with no declared profile (no filter or sort to
   * declare), each for a reason the provider's README gives. Every other list must declare one.
   */
  undeclaredLists?: RegExp[];
  /**
   * How many leading path segments name a route family for the sampled checks (default 4). A provider
   * whose every path shares a longer prefix (`v1/compliance/workspaces/{id}/…`) says more.
   */
  familyDepth?: number;
  /**
   * The least the sampled checks must cover for them to mean something: lists walked (default 11), of
   * which several pages long (1), route families validated (11), and routes checked for ignored
   * parameters (11). A provider whose API serves only a
   * few GET lists (its reports are POST reads) says how many it has, and its README says why.
   */
  minimums?: { walkedLists?: number; multiPageLists?: number; validatedFamilies?: number; ignoredParamRoutes?: number };
  /**
   * The pins this file checks, when a provider's pins are split across files to keep each under the
   * per-file budget (GitHub, Bitbucket); the meta-test checks that the files cover every pin.
   */
  pins?: string[];
  /**
   * Where the API lists its repositories, for a provider whose pins with files serve them over git
   * (core/git-http.ts): the key of the list of every repository, and from one item of it, the clone URL
   * it reports and the URL of its default branch's commit list. Required of a pin that serves any.
   */
  repositories?: {
    list: RegExp;
    cloneUrl(repo: any): string;
    commits(repo: any): string;
    sha(commit: any): string;
  };
  /** Headers a client of the provider always sends, besides credentials (`anthropic-version`). */
  requestHeaders?: Record<string, string>;
  /** Schema validation for one served JSON body (`key` has the query too); a message when it does not conform. */
  validate?: (pin: string, path: string, body: unknown, key: string) => string | undefined;
}

/** Covered providers, for the meta-test. */
export const covered = new Set<string>();

/**
 * The shared conformance suite every provider passes: determinism, link integrity, error shapes,
 * pagination to the end, and schema validation, over every pin of the provider in the catalog.
 */
export function conformance(providerId: string, options: ConformanceOptions): void {
  covered.add(providerId);
  const catalog = loadCatalog("catalog.yaml");
  const provider = providers.get(providerId);
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  // A provider with no pin is a live host only: its one "pin" is the live prefix, built as of TEST_LIVE_NOW.
  const liveOnly = liveOnlyProviders(catalog, providers).includes(providerId);
  const pins = liveOnly
    ? !only || only.includes(providerId)
      ? [providerId]
      : []
    : catalog.pins
        .filter((p) => p.provider === providerId && (!only || only.includes(p.name)) && (!options.pins || options.pins.includes(p.name)))
        .map((p) => p.name);

  describe(`conformance: ${providerId}`, () => {
    it("has a generator, and pins in the catalog or a live host", () => {
      expect(provider?.id).toBe(providerId);
      expect(liveOnly ? catalog.livePrefixes.includes(providerId) : catalog.pins.some((p) => p.provider === providerId)).toBe(true);
    });

    describe.each(pins)("%s", (pinName) => {
      const dist = inject("dist");
      const baseUrl = inject("baseUrl");
      const client = new DistClient(dist, baseUrl, options.requestHeaders);
      const origin = `${baseUrl}/${pinName}`;

      it("builds the same bytes in another process, time zone, locale and public origin", () => {
        // The twin build (test/setup/twin-build.ts) ran beside the served one, under Pacific/Kiritimati and
        // tr_TR at another origin. Equal tree hashes mean every observable byte is equal.
        const here = inject("builds")[pinName];
        const there = inject("twins")[pinName];
        expect(here && there, `${pinName} was built by the test setup and its twin`).toBeTruthy();
        const differing = Object.keys({ ...here!.families, ...there!.families })
          .filter((f) => here!.families[f] !== there!.families[f])
          .sort();
        expect(differing.slice(0, 10).join(", "), "route families whose bytes differ").toBe("");
        expect(there!.treeHash).toBe(here!.treeHash);
        const onDisk = JSON.parse(readFileSync(join(dist, client.pin(pinName).dir, "_snapverse", "manifest.json"), "utf8")) as {
          tree_hash: string;
        };
        expect(onDisk.tree_hash).toBe(here!.treeHash);
      });

      it("resolves every URL in every body and header to a served resource", async () => {
        const pin = client.pin(pinName);
        const withoutFiles = catalog.pins.find((p) => p.name === pinName)?.files === false;
        const unserved = withoutFiles && options.fileLinks ? [options.fileLinks] : [];
        const urlPattern = new RegExp(`${escape(origin)}/[^"\\s>]*`, "g");
        const checked = new Map<string, boolean>();
        const broken: string[] = [];
        // Each URL once, with where it was first seen and the relations it is named under (links.ts).
        const found = new Map<string, { where: string; relations: Set<string> }>();
        const note = (url: string, where: string, relations: Set<string> | undefined) => {
          const clean = url.replace(/\\u0026/g, "&");
          if (clean.includes("{")) return;
          const had = found.get(clean);
          const rels = had?.relations ?? new Set<string>();
          // A URL named without a relation (a header, inside text) is followed whatever else names it.
          for (const r of relations ?? [""]) rels.add(r);
          found.set(clean, { where: had?.where ?? where, relations: rels });
        };
        const files = new Set<string>();
        // Files and headers hold the canonical origin; a server answers them with the request's (decision 0027).
        const splice = client.splice(pinName);
        for (const [key, route] of pin.routes) {
          for (const link of spliceText(route.headers.link ?? "", splice).match(/<[^>]+>/g) ?? [])
            note(link.slice(1, -1), `${key} link header`, undefined);
          if (files.has(route.file)) continue;
          files.add(route.file);
          const text = client.read(pinName, route.file);
          const relations = relationsOf(text);
          for (const url of text.match(urlPattern) ?? []) note(url, key, relations.get(url.replace(/\\u0026/g, "&")));
        }
        for (const [url, { where, relations }] of found) {
          const path = new URL(url).pathname;
          if (notAResource(relations) || unserved.some((re) => re.test(path))) {
            checked.set(url, true);
            continue;
          }
          // A clone URL is served when git's first request to it is.
          let got = await fetchAnswer(client, GIT_REPOSITORY.test(path) ? `${url}/info/refs` : url);
          // A redirect on the pin's own host (Jira's attachment content to its `redirect=false` form) is followed.
          for (let hop = 0; hop < 3 && got.status >= 300 && got.status < 400 && got.headers.location; hop++) {
            const next = new URL(got.headers.location, url);
            if (next.host !== new URL(url).host) break;
            got = await fetchAnswer(client, next.href);
          }
          const ok = linkResolves(got, url) || actionServed(client, url);
          checked.set(url, ok);
          if (!ok && broken.length < 10) broken.push(`${url} (in ${where}): ${got.status}`);
        }
        expect(broken).toStrictEqual([]);
        expect(checked.size).toBeGreaterThanOrEqual(options.minLinks ?? 101);
        // Every URL of every answer, followed: GitHub's pins name some 60,000, a minute or two on a loaded machine.
      }, 300_000);

      it("serves every repository its API lists over git, at the clone URL the API reports, as the API reports it", () => {
        const pin = client.pin(pinName);
        const served = [...pin.routes.keys()]
          .filter((k) => k.endsWith("/info/refs"))
          .map((k) => `${origin}/${k.slice(0, -"/info/refs".length)}`)
          .sort();
        if (!served.length) return;
        const declared = options.repositories;
        if (!declared) return expect.fail(`${pinName} serves repositories over git (${served[0]}): declare options.repositories`);
        const listKey = [...pin.routes.keys()].find((k) => declared.list.test(k));
        const repos = listKey === undefined ? undefined : walkList(client, `${origin}/${listKey}`, options.pagination)?.items;
        if (!repos) return expect.fail(`${pinName}: no list of repositories matches ${declared.list}`);
        expect(
          repos
            .map((r) => declared.cloneUrl(r))
            .sort()
            .join("\n"),
        ).toBe(served.join("\n"));
        for (const repo of repos)
          checkClone(
            client,
            declared.cloneUrl(repo),
            walkList(client, declared.commits(repo), options.pagination)!.items.map(declared.sha),
          );
      });

      it("answers unknown paths and writes in the provider's own error shape", () => {
        const profile = client.pin(pinName).serving;
        const missing = client.get(`${origin}/no/such/resource-${pinName}`);
        expect(missing.status).toBe(profile.errors.notFound.status);
        expect(missing.text).toBe(JSON.stringify(profile.errors.notFound.body));
        const write = client.get(`${origin}/anything`, "POST");
        expect(write.status).toBe(profile.errors.methodNotAllowed.status);
        expect(write.text).toBe(JSON.stringify(profile.errors.methodNotAllowed.body));
        for (const sneaky of ["/..%2f..%2fetc/passwd", "/%2e%2e/_catalog.json", "/_snapverse/routes.json", "/a/..%5c..%5cx", "/x%00y"]) {
          expect(client.get(`${origin}${sneaky}`).status).toBe(profile.errors.notFound.status);
        }
      });

      it("pages every list to the end, each item exactly once, the same at every page size", () => {
        const pin = client.pin(pinName);
        const { pagination } = options;
        const sequences = new Map<string, string>();
        let walked = 0;
        let multiPage = 0;
        for (const key of [...pin.routes.keys()].sort()) {
          const url = new URL(`${origin}/${key}`);
          if (url.searchParams.has(pagination.pageParam ?? "page") || !isJson(pin.routes.get(key)!)) continue;
          const walk = walkList(client, url.href, pagination);
          if (!walk) continue;
          const seen = new Set<string>();
          const ids: string[] = [];
          for (const item of walk.items) {
            const id = pagination.identity(item);
            if (seen.has(id)) expect.fail(`${key}: item ${id} appears twice`);
            seen.add(id);
            ids.push(id);
          }
          if (walk.pages > 1) multiPage++;
          walked++;
          url.searchParams.delete(pagination.pageSizeParam);
          const group = url.href;
          const sequence = ids.join(",");
          const other = sequences.get(group);
          if (other !== undefined && other !== sequence) expect.fail(`${key}: a walk at another page size gives other items`);
          sequences.set(group, sequence);
        }
        expect(walked).toBeGreaterThanOrEqual(options.minimums?.walkedLists ?? 11);
        expect(multiPage).toBeGreaterThanOrEqual(options.minimums?.multiPageLists ?? 1);
      });

      it("answers every list query like a reference evaluation, walked to the end at any page size", () => {
        const walked = checkListQueries(client, pinName, origin);
        // A provider whose every collection is a computed query (Salesforce's SOQL) pre-renders no list, and says so.
        expect(walked).toBeGreaterThanOrEqual(Math.min(1, options.minimums?.walkedLists ?? 1));
      });

      it("declares a list profile for every list it serves", () => {
        const pin = client.pin(pinName);
        const declared = (pin.serving.lists ?? []).map((l) => new RegExp(l.path));
        const missing = new Set<string>();
        for (const key of pin.lists.keys()) {
          const path = key.split("?")[0]!;
          if (declared.some((re) => re.test(path)) || options.undeclaredLists?.some((re) => re.test(path))) continue;
          missing.add(path.replace(/[0-9a-f]{40}/g, "{sha}").replace(/\d+/g, "{n}"));
        }
        expect([...missing].sort().slice(0, 20).join("\n")).toBe("");
      });

      it("ignores parameters the provider ignores: the bytes do not change", () => {
        expect(checkIgnoredParams(client, pinName, origin, options.familyDepth)).toBeGreaterThanOrEqual(
          options.minimums?.ignoredParamRoutes ?? 11,
        );
      });

      if (options.validate) {
        it("validates against the provider's published schema", () => {
          const pin = client.pin(pinName);
          const perFamily = new Map<string, number>();
          const failures: string[] = [];
          for (const [key, route] of [...pin.routes].sort(([a], [b]) => (a < b ? -1 : 1))) {
            const path = key.split("?")[0]!;
            const family =
              path
                .replace(/[0-9a-f]{40}/g, "{sha}")
                .replace(/\/\d+(?=\/|$)/g, "/{n}")
                .split("/")
                .slice(0, 2)
                .join("/") +
              "/" +
              path
                .replace(/^([^/]+\/){3}/, "")
                // A file's name at a commit (`src/{sha}/src/main.rs`, `filehistory/{sha}/README.md`) is not a family of its own.
                .replace(/(\/[0-9a-f]{40}\/(?:[^/]+\/)*)[^/]*\.[^/]*$/, "$1{file}")
                .replace(/[0-9a-f]{40}|\d+/g, "{}");
            const seen = perFamily.get(family) ?? 0;
            if (seen >= 20) continue;
            perFamily.set(family, seen + 1);
            if (!isJson(route)) continue;
            const problem = options.validate!(pinName, path, JSON.parse(readFileSync(join(dist, pin.dir, route.file), "utf8")), key);
            if (problem && failures.length < 10) failures.push(`${key}: ${problem}`);
          }
          expect(failures.join("\n")).toBe("");
          expect(perFamily.size).toBeGreaterThanOrEqual(options.minimums?.validatedFamilies ?? 11);
        });
      }
    });
  });
}

/**
 * The rule a link is followed by (issue 37): it resolves when the pin answers a GET of it from a frozen
 * answer of its own (a file or a list; never the catch-all 404), with a 2xx; or with a redirect to
 * another host (the real service sends a download to its storage host, which is out of scope: URLs of
 * other hosts are never followed); or with a non-2xx the pin froze for that very URL because the real
 * service answers it so (GitHub's 404 "Branch not protected" for an unprotected branch's protection_url).
 */
function linkResolves(got: Awaited<ReturnType<typeof fetchAnswer>>, url: string): boolean {
  if (got.kind === "body") return false;
  if (got.status >= 300 && got.status < 400) {
    const location = got.headers.location;
    return location !== undefined && new URL(location, url).host !== new URL(url).host;
  }
  // A frozen answer is the provider's own for that URL (a 404 GitHub itself gives there); a computed one must succeed.
  return got.kind === "compute" ? got.status === 200 : true;
}

/**
 * A write-only action the answers name (GitHub's `cancel_url`, `rerun_url`, `merges_url`): no GET is
 * served there, as on the real service, but the provider answers a write to it (a computed route).
 */
function actionServed(client: DistClient, url: string): boolean {
  return ["POST", "PUT", "PATCH", "DELETE"].some((method) => client.get(url, method).answer.kind === "compute");
}

/** Raw bodies (file contents, a raw blob) carry their own content type; everything else is JSON. */
/** A clone URL: `<name>.git`, or Azure DevOps' `_git/<name>`. */
const GIT_REPOSITORY = /(\.git|\/_git\/[^/]+)$/;

/**
 * `git clone` of a served repository as a user runs it: over HTTP from the test server, into a fresh
 * folder. Then `git fsck --strict` is clean, the refs are the ones `info/refs` advertises, the default
 * branch's history is the API's commit list in the API's order, and every loose object served holds the
 * object its name says.
 */
function checkClone(client: DistClient, cloneUrl: string, apiCommits: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), "snapverse-clone-"));
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
  try {
    git("clone", "--quiet", cloneUrl, ".");
    git("fsck", "--strict", "--no-progress");
    const advertised = client
      .get(`${cloneUrl}/info/refs`)
      .text.trim()
      .split("\n")
      .map((l) => l.split("\t").reverse().join(" "));
    const cloned = git("for-each-ref", "--format=%(refname) %(objectname)", "refs/remotes/origin", "refs/tags")
      .trim()
      .split("\n")
      .filter((l) => !l.startsWith("refs/remotes/origin/HEAD "))
      .map((l) => l.replace("refs/remotes/origin/", "refs/heads/"))
      .sort();
    expect(cloned.join("\n"), cloneUrl).toBe(advertised.sort().join("\n"));
    expect(git("log", "--format=%H").trim().split("\n").join(","), `${cloneUrl}: git log against the API's commit list`).toBe(
      apiCommits.join(","),
    );
    const base = new URL(cloneUrl).pathname.slice(1);
    const pin = client.pin(base.split("/")[0]!);
    const objects = [...pin.routes.keys()].filter(
      (k) => k.startsWith(`${base.split("/").slice(1).join("/")}/objects/`) && /\/[0-9a-f]{2}\/[0-9a-f]{38}$/.test(k),
    );
    expect(objects.length).toBeGreaterThan(apiCommits.length);
    for (const key of objects) {
      const inflated = inflateSync(readFileSync(join(client.dist, pin.dir, pin.routes.get(key)!.file)));
      expect(createHash("sha1").update(inflated).digest("hex"), key).toBe(key.slice(-41).replace("/", ""));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A frozen success with a JSON body: lists to walk and bodies to validate. A 204 has no body, and an
 * error or a redirect frozen for a linked URL (linkResolves) is checked as the provider's error shape, not
 * against the success schema.
 */
function isJson(route: { status: number; headers: Record<string, string> }): boolean {
  const type = route.headers["content-type"];
  return route.status >= 200 && route.status < 300 && route.status !== 204 && (type === undefined || type.includes("json"));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How item-id cursor lists page (`{data, has_more, first_id?, last_id}`, as OpenAI, ChatGPT's Compliance
 * API and Anthropic answer): the next page is the same request with `pageParam=<last_id>` while
 * `has_more` says so. `isPage` tells a list page from another body; `identity` names an item.
 */
export function afterIdPagination(options: {
  pageParam: string;
  isPage: (body: Record<string, unknown>) => boolean;
  identity?: (item: unknown) => string;
}): ConformanceOptions["pagination"] {
  const page = (body: unknown) => {
    const b = body as Record<string, unknown> | null;
    return b && typeof b === "object" && Array.isArray(b.data) && options.isPage(b)
      ? (b as { data: unknown[]; has_more?: unknown; last_id?: unknown })
      : undefined;
  };
  return {
    next: (_headers, body, url) => {
      const p = page(body);
      if (p?.has_more !== true || typeof p.last_id !== "string" || p.last_id === "") return undefined;
      const next = new URL(url);
      next.searchParams.set(options.pageParam, p.last_id);
      return next.href;
    },
    items: (body) => page(body)?.data,
    identity: options.identity ?? ((item) => String((item as { id: unknown }).id)),
    pageSizeParam: "limit",
    pageParam: options.pageParam,
  };
}
