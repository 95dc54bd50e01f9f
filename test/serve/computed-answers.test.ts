import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort } from "./http.js";

const dist = inject("dist");
const baseUrl = inject("baseUrl");
const PIN = "gh-2026-03";
const built = existsSync(join(dist, PIN, "_snapverse", "lists.json"));

/** `snapverse serve` on the test tree, in the given environment. */
async function serve(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "generator/cli.ts", "serve", "--dist", dist, "--port", String(port), "--no-https", "--any-origin", "--quiet"],
    { stdio: ["ignore", "ignore", "pipe"], env },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(`${url}/catalog/v1/snapshots`);
      return { child, url };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("the server did not start");
}

/** A few computed variants of the pin's longest issue list: filters, a reversed sort, odd page sizes. */
function computedPaths(): string[] {
  const lists = JSON.parse(readFileSync(join(dist, PIN, "_snapverse", "lists.json"), "utf8")) as Record<string, { total: number }>;
  const [issues] = Object.entries(lists)
    .filter(([k]) => /^repos\/[^/]+\/[^/]+\/issues\?state=all$/.test(k))
    .sort(([, a], [, b]) => b.total - a.total)[0]!;
  const path = issues.split("?")[0]!;
  return [
    `/${PIN}/${path}?state=all&sort=updated&direction=asc&per_page=7&page=2`,
    `/${PIN}/${path}?state=closed&since=2026-05-01T00:00:00Z&per_page=3`,
    `/${PIN}/${path}?per_page=11&page=3`,
  ];
}

/** What a client can observe of an answer: status, the headers that carry meaning, and the body. */
/** Status, headers and body hash of an answer, with `server`'s origin written as the test server's. */
async function observe(url: string, server = baseUrl): Promise<string> {
  const res = await fetch(url);
  const body = (await res.text()).replaceAll(server, baseUrl);
  const headers = ["content-type", "link", "etag"]
    .map((h) => `${h}: ${res.headers.get(h)?.replaceAll(server, baseUrl) ?? null}`)
    .join("\n");
  return `${res.status}\n${headers}\n${createHash("sha256").update(body).digest("hex")}`;
}

/**
 * A computed answer is a pure function of the frozen files and the request: the same bytes on every
 * request, after a restart, and in a server running in another time zone and locale.
 */
describe.skipIf(!built)("computed answers are deterministic", () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill("SIGTERM")));

  it("gives the same bytes twice, after a restart, and under another TZ and locale; ETags revalidate", async () => {
    const paths = computedPaths();
    const here = await Promise.all(paths.map((p) => observe(`${baseUrl}${p}`)));
    expect(await Promise.all(paths.map((p) => observe(`${baseUrl}${p}`)))).toStrictEqual(here);
    for (const text of here) expect(text.startsWith("200\n")).toBe(true);
    const first = await serve({ ...process.env });
    children.push(first.child);
    // Another server names its own origin (decision 0027): the same bytes up to it.
    const at = (url: string, p: string) => observe(`${url}${p}`, url);
    expect(await Promise.all(paths.map((p) => at(first.url, p)))).toStrictEqual(here);
    first.child.kill("SIGTERM");
    const other = await serve({ ...process.env, TZ: "Pacific/Kiritimati", LANG: "tr_TR.UTF-8", LC_ALL: "tr_TR.UTF-8" });
    children.push(other.child);
    expect(await Promise.all(paths.map((p) => at(other.url, p)))).toStrictEqual(here);
    const etag = (await fetch(`${other.url}${paths[0]}`)).headers.get("etag")!;
    const revalidated = await fetch(`${baseUrl}${paths[0]}`, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
  });
});
