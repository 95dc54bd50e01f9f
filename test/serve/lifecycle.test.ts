import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, inject, it } from "vitest";
import { freePort } from "./http.js";

const dist = inject("dist");


/** `snapverse serve` as a user runs it: structured access log lines, and a clean stop on SIGTERM. */
describe("snapverse serve", () => {
  it("logs one JSON line per request and shuts down gracefully on SIGTERM", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "generator/cli.ts", "serve", "--dist", dist, "--port", String(port), "--no-https", "--any-origin"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    for (let i = 0; i < 100 && !stderr.includes("serving"); i++) await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`http://127.0.0.1:${port}/gh-2026-03/users/web-flow`);
    expect(res.status).toBe(200);
    await res.text();
    await new Promise((r) => setTimeout(r, 100));
    const line = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(`${line.method} ${line.url} ${line.status}`).toBe("GET /gh-2026-03/users/web-flow 200");
    expect(typeof line.ms).toBe("number");
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(stderr).toContain("shutting down");
  });
});
