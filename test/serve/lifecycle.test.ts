import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import { describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { alive } from "../../generator/emit/sink.js";
import { freePort } from "./http.js";

const dist = inject("dist");
/** How long a server or a worker may take to come up: under the whole suite, tsx compiling one has taken over 10 s. */
const WAIT = { timeout: 60_000, interval: 100 };

/**
 * `snapverse serve` on `dist` and a free port, with its stdout and stderr collected. A test that fails
 * before its own SIGTERM would leave the server running after the suite: it is killed when the test ends.
 */
async function serve(...args: string[]) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "generator/cli.ts", "serve", "--dist", dist, "--port", String(port), "--no-https", "--any-origin", ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const out = { child, port, stdout: "", stderr: "" };
  child.stdout.on("data", (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out.stderr += d.toString()));
  await vi.waitFor(() => expect(out.stderr).toContain("serving"), WAIT);
  return out;
}

/** `snapverse serve` as a user runs it: structured access log lines, and a clean stop on SIGTERM. */
describe("snapverse serve", () => {
  it("logs one JSON line per request and shuts down gracefully on SIGTERM", async () => {
    const server = await serve();
    const res = await fetch(`http://127.0.0.1:${server.port}/gh-2026-03/users/web-flow`);
    expect(res.status).toBe(200);
    await res.text();
    await new Promise((r) => setTimeout(r, 100));
    const line = JSON.parse(server.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(`${line.method} ${line.url} ${line.status}`).toBe("GET /gh-2026-03/users/web-flow 200");
    expect(typeof line.ms).toBe("number");
    server.child.kill("SIGTERM");
    const [code] = await once(server.child, "exit");
    expect(code).toBe(0);
    expect(server.stderr).toContain("shutting down");
  });

  it("answers a list paged by a provider's own mechanism as its very first request (the providers load lazily)", async (ctx) => {
    if (!existsSync(join(dist, "live", "current.json")) || !readFileSync(join(dist, "live", "current.json"), "utf8").includes('"zendesk"'))
      return ctx.skip();
    const server = await serve("--quiet", "--workers", "1");
    // A page size no file holds: the list engine pages it with zendesk/pages, which the server registers as it loads the providers.
    const res = await fetch(`http://127.0.0.1:${server.port}/zendesk/api/v2/tickets.json?page[size]=7`, {
      headers: { authorization: "Bearer snapverse-test" },
    });
    const body = await res.text();
    expect(`${res.status} ${body.slice(0, 80)}`).toMatch(/^200 /);
    expect((JSON.parse(body) as { tickets: unknown[] }).tickets.length).toBe(7);
  });

  it("serves from one worker per core when asked, replaces a worker that dies, and stops them all on SIGTERM", async () => {
    const server = await serve("--quiet", "--workers", "2");
    const { child, port } = server;
    expect(server.stderr).toContain("(2 workers)");
    const workers = () => childrenOf(child.pid!);
    const first = await vi.waitFor(() => {
      const now = workers();
      expect(now.length).toBe(2);
      return now;
    }, WAIT);
    const url = `http://127.0.0.1:${port}/gh-2026-03/users/web-flow`;
    const bodies = await Promise.all(Array.from({ length: 40 }, async () => (await fetch(url)).text()));
    expect(new Set(bodies).size).toBe(1);
    // A worker killed outright is replaced, and the service keeps answering meanwhile.
    process.kill(first[0]!, "SIGKILL");
    await vi.waitFor(() => {
      const now = workers();
      expect(now).not.toContain(first[0]);
      expect(now.length).toBe(2);
    }, WAIT);
    expect(await (await fetch(url)).text()).toBe(bodies[0]);
    expect(server.stderr).toMatch(new RegExp(`worker ${first[0]} exited \\(SIGKILL\\): starting another`));
    const last = workers();
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    for (const pid of last) expect(alive(pid), `worker ${pid}`).toBe(false);
  });
});

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .sort()) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid && fields[0] !== "Z") out.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return out;
}
