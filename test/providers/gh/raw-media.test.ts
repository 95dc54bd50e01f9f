import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");

/** What git itself names these bytes. */
function blobSha(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

const RAW = "application/vnd.github.raw";

/**
 * GitHub's raw media type on contents, the README and blobs (issue 37): the file's bytes, checked against
 * the JSON form's base64 content and against git's own hash of the bytes (the JSON's `sha`).
 */
describe("the raw media type on gh-2026-03-g5", () => {
  const pin = catalog.pins.find((p) => p.name === "gh-2026-03-g5")!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const repo = `${baseUrl}/gh-2026-03-g5/repos/${world.company.slug}/${world.repos[0]!.name}`;
  const get = (url: string, accept?: string) => fetch(url, accept ? { headers: { accept } } : {});

  it("answers every file of the root directory, the README and their blobs raw, byte for byte", async () => {
    const listing = (await (await get(`${repo}/contents`)).json()) as Array<{ type: string; path: string; sha: string }>;
    const files = listing.filter((e) => e.type === "file");
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const json = (await (await get(`${repo}/contents/${file.path}`)).json()) as { content: string; sha: string };
      for (const accept of [RAW, "application/vnd.github.v3.raw", "application/vnd.github.raw+json"]) {
        const res = await get(`${repo}/contents/${file.path}`, accept);
        expect(res.status, `${file.path} ${accept}`).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(res.headers.get("x-github-media-type")).toBe("github.v3; param=raw");
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.equals(Buffer.from(json.content, "base64"))).toBe(true);
        expect(blobSha(bytes)).toBe(file.sha);
      }
      const blob = await get(`${repo}/git/blobs/${file.sha}`, RAW);
      expect(blob.headers.get("x-github-media-type")).toBe("github.v3; param=raw");
      expect(blobSha(Buffer.from(await blob.arrayBuffer()))).toBe(file.sha);
    }
    const readme = (await (await get(`${repo}/readme`)).json()) as { sha: string };
    const raw = await get(`${repo}/readme`, RAW);
    expect(blobSha(Buffer.from(await raw.arrayBuffer()))).toBe(readme.sha);
  });

  it("answers a directory with its JSON listing, and what the pin does not hold with GitHub's 404", async () => {
    const listing = (await (await get(`${repo}/contents`)).json()) as Array<{ type: string; path: string }>;
    const dir = listing.find((e) => e.type === "dir");
    if (dir) {
      const plain = await (await get(`${repo}/contents/${dir.path}`)).text();
      const raw = await get(`${repo}/contents/${dir.path}`, RAW);
      expect(raw.status).toBe(200);
      expect(raw.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await raw.text()).toBe(plain);
    }
    const missing = await get(`${repo}/contents/no/such/file.txt`, RAW);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe("Not Found");
    // Without the media type, the JSON form as before.
    const json = await get(`${repo}/readme`);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

describe("the raw media type on gh-2026-03 (no repository files)", () => {
  it("answers GitHub's 404, as the JSON request does", async () => {
    const pin = catalog.pins.find((p) => p.name === "gh-2026-03")!;
    const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
    const res = await fetch(`${baseUrl}/gh-2026-03/repos/${world.company.slug}/${world.repos[0]!.name}/readme`, {
      headers: { accept: RAW },
    });
    expect(res.status).toBe(404);
  });
});
