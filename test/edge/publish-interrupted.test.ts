import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { CREDENTIALS, DOMAIN, cli, edgeBench } from "./harness.js";
import { raw } from "./processes.js";

/**
 * `snapverse publish` into s3rver (harness.ts): nothing half-published is ever visible (a kill -9
 * halfway), an interrupted run resumes, a published pin is skipped, and what cannot be published is refused.
 */
const bench = edgeBench({ pins: ["gh-2026-03", "openai-2020-10", "devin-v1"], live: [], publish: false });
let edgePort = 0;

function refusal(args: string[]): string {
  try {
    bench.run(args, CREDENTIALS);
    return "";
  } catch (error) {
    return String((error as { stderr?: string }).stderr);
  }
}

describe("snapverse publish, interrupted", () => {
  // A tree's files name canonical origins since decision 0027, so any build may be published.
  it("refuses a bucket URL it cannot read", () => {
    expect(refusal(["publish", "--to", "https://bucket", "--dist", bench.dist])).toContain("expected s3://<bucket>[/<prefix>]");
  });

  it("never shows a half-published pin: killed halfway, the bucket serves what it served before, and the rerun completes", async () => {
    expect(bench.run(bench.publishArgs("--pin", "catalog", "openai-2020-10", "devin-v1"), CREDENTIALS)).toMatch(
      /published 3 \(skipped 0\)/,
    );
    const edge = await bench.worker({ ORIGIN: `http://127.0.0.1:${bench.s3Port}/snapverse/prod`, POINTER_TTL_SECONDS: "0" });
    edgePort = Number(new URL(String(await edge.ready)).port);
    const models = () => raw(edgePort, `openai-2020-10.snap.${DOMAIN}`, "/v1/models", { headers: { authorization: "Bearer sk-test" } });
    const before = await models();
    expect(before.status).toBe(200);
    // Then everything, killed with SIGKILL a thousand objects into the GitHub pin.
    const child = spawn(process.execPath, cli(...bench.publishArgs()), {
      env: { ...process.env, ...CREDENTIALS },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 2_400 && !/gh-2026-03: 1000\/\d+ objects/.test(out) && child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(child.exitCode, `publish ended before it could be killed: ${out.slice(-500)}`).toBe(null);
    child.kill("SIGKILL");
    await once(child, "exit");
    // What was served still is, byte for byte; the pin being published is not visible at all.
    const after = await models();
    expect(after.status).toBe(200);
    expect(after.body.equals(before.body)).toBe(true);
    expect((await raw(bench.s3Port, "127.0.0.1", "/snapverse/prod/pins/gh-2026-03.json")).status).toBe(404);
    expect((await raw(edgePort, `gh-2026-03.snap.${DOMAIN}`, "/user", {})).status).toBe(503);
    // The rerun sends only what is missing, and completes; a third run has nothing to do.
    const rerun = bench.run(bench.publishArgs(), CREDENTIALS);
    expect(rerun).toMatch(/published 1 \(skipped 3\)/);
    expect(Number(/(\d+) already there/.exec(rerun)?.[1])).toBeGreaterThan(500);
    expect((await raw(edgePort, `gh-2026-03.snap.${DOMAIN}`, "/user", { headers: { authorization: "bearer ghp_test" } })).status).toBe(200);
    expect(bench.run(bench.publishArgs(), CREDENTIALS)).toMatch(
      /published 0 \(skipped 4\) to s3:\/\/snapverse\/prod: 0 uploaded, 0 copied, 0 already there/,
    );
  }, 120_000);
});
