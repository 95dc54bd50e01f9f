import { Octokit } from "@octokit/rest";
import { Ajv } from "ajv";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { GitHubOpenApi } from "./openapi.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");

/**
 * GitHub Enterprise Server's layout (issue 37): clients of a host other than github.com, the gh CLI
 * among them, put `/api/v3` before every REST path. The official client given that base URL walks the
 * same data, and every URL it is handed (Link headers, item `url`s) keeps `/api/v3`, so it never leaves
 * the layout it started in.
 */
describe("@octokit/rest under /api/v3 on gh-2026-03-g5", () => {
  const pin = catalog.pins.find((p) => p.name === "gh-2026-03-g5")!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.issues.length - a.issues.length)[0]!;
  const base = `${baseUrl}/gh-2026-03-g5/api/v3`;
  const octokit = new Octokit({ baseUrl: base, request: { retries: 0 } });

  it("answers the probes an Enterprise client makes first, and the same bytes as the bare paths", async () => {
    const { data: user } = await octokit.rest.users.getAuthenticated();
    expect(typeof user.login).toBe("string");
    const mounted = await fetch(`${base}/orgs/${org}`);
    const bare = await fetch(`${baseUrl}/gh-2026-03-g5/orgs/${org}`);
    expect(mounted.status).toBe(200);
    const bareText = (await bare.text()).replaceAll(`${baseUrl}/gh-2026-03-g5`, base);
    expect(await mounted.text()).toBe(bareText);
  });

  it("paginates the busiest repository's issues to the end, every link and item URL under /api/v3", async () => {
    const links: string[] = [];
    const issues = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
      owner: org,
      repo: busiest.name,
      state: "all",
      per_page: 30,
    })) {
      if (page.headers.link) links.push(page.headers.link);
      issues.push(...page.data);
    }
    expect(links.length).toBeGreaterThan(0);
    const urls = [...links.flatMap((l) => [...l.matchAll(/<([^>]+)>/g)].map((m) => m[1]!)), ...issues.map((i) => i.url)];
    expect(urls.filter((u) => !u.startsWith(`${base}/`)).join("\n")).toBe("");
    // Issues and pull requests both: the issues list holds every one of the repository's issues.
    expect(issues.filter((i) => !i.pull_request).length).toBe(busiest.issues.length);
  });
});

/**
 * The probes that tell github.com from an Enterprise Server (issue 37): `GET /meta` and the
 * `X-GitHub-Enterprise-Version` header. The bare paths are api.github.com's layout, which sends no such
 * header and no `installed_version`; under `/api/v3` every answer names the version, and `/meta` is the
 * body GHES documents (@octokit/openapi ghes-3.19).
 */
describe.each(["gh-2026-03", "gh-2026-03-g5"])("Enterprise probes on %s", (pinName) => {
  const bare = `${baseUrl}/${pinName}`;
  const mounted = `${bare}/api/v3`;
  const require = createRequire(import.meta.url);
  type Ghes = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }> };
  // The newest GHES whose description @octokit/openapi publishes: the server the mount stands for.
  const generated = dirname(require.resolve("@octokit/openapi/generated/api.github.com.json"));
  const newest = readdirSync(generated)
    .map((f) => /^ghes-(\d+)\.(\d+)\.deref\.json$/.exec(f))
    .filter((m) => m !== null)
    .map((m) => [Number(m[1]), Number(m[2])] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .at(-1)!;
  const ghes = require(`${generated}/ghes-${newest[0]}.${newest[1]}.deref.json`) as Ghes;

  it("answers /meta as api.github.com on the bare path: SSH keys whose fingerprints are theirs, no installed_version", async () => {
    const res = await fetch(`${bare}/meta`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-github-enterprise-version")).toBeNull();
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await res.json()) as Record<string, unknown> & { ssh_keys: string[]; ssh_key_fingerprints: Record<string, string> };
    expect(new GitHubOpenApi().validate("/meta", body)).toBeUndefined();
    expect(body).not.toHaveProperty("installed_version");
    expect(body.verifiable_password_authentication).toBe(false);
    // Each fingerprint is OpenSSH's: SHA-256 of the key blob, base64 without padding.
    const printed = Object.fromEntries(
      body.ssh_keys.map((k) => {
        const [type, blob] = k.split(" ") as [string, string];
        const name = { "ssh-ed25519": "SHA256_ED25519", "ecdsa-sha2-nistp256": "SHA256_ECDSA", "ssh-rsa": "SHA256_RSA" }[type]!;
        return [name, createHash("sha256").update(Buffer.from(blob, "base64")).digest("base64").replace(/=+$/, "")];
      }),
    );
    expect(printed).toStrictEqual(body.ssh_key_fingerprints);
    expect(Object.keys(body.ssh_key_fingerprints)).toStrictEqual(["SHA256_ECDSA", "SHA256_ED25519", "SHA256_RSA"]);
    // The same request gives the same bytes.
    expect(await (await fetch(`${bare}/meta`)).text()).toBe(JSON.stringify(body));
  });

  it("answers /api/v3/meta as a GitHub Enterprise Server, its installed_version the version every mounted answer names", async () => {
    const res = await fetch(`${mounted}/meta`);
    expect(res.status).toBe(200);
    const version = res.headers.get("x-github-enterprise-version");
    expect(version).toMatch(/^3\.\d+\.\d+$/);
    const text = await res.text();
    expect(text).toBe(JSON.stringify({ verifiable_password_authentication: true, installed_version: version }));
    const schema = ghes.paths["/meta"]!.get.responses["200"]!.content["application/json"]!.schema;
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(version).toBe(`${newest[0]}.${newest[1]}.0`);
    // Octokit under the Enterprise base URL reads it as a GHES client does.
    const { data, headers } = await new Octokit({ baseUrl: mounted, request: { retries: 0 } }).rest.meta.get();
    expect((data as { installed_version?: string }).installed_version).toBe(version);
    expect(headers["x-github-enterprise-version"]).toBe(version);
  });

  it("names the Enterprise version on every answer under /api/v3, files, computed lists and errors, and never on the bare paths", async () => {
    for (const path of ["user", "", "users/nobody-here-at-all", "user/repos?per_page=7", "rate_limit"]) {
      const on = await fetch(`${mounted}/${path}`);
      const off = await fetch(`${bare}/${path}`);
      expect(on.status, path).toBe(off.status);
      expect(on.headers.get("x-github-enterprise-version"), path).toBe(`${newest[0]}.${newest[1]}.0`);
      expect(off.headers.get("x-github-enterprise-version"), path).toBeNull();
    }
  });
});
