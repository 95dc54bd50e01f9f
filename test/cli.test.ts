import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { writeCatalogIndex } from "../generator/emit/catalog-index.js";
import { resolve as resolveRequest } from "../generator/answer/resolve.js";

/**
 * The CLI as a newcomer meets it: run through its bin from a working directory that is not the
 * repository, with the mistakes people make. A user error is one line on stderr and a non-zero exit,
 * never a stack trace; data goes to stdout.
 */
const BIN = resolve("bin/snapverse.js");
const work = mkdtempSync(join(tmpdir(), "snapverse-cli-"));
const catalog = loadCatalog("catalog.yaml");

function run(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, ...args], {
    cwd: work,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, PORT: "4010" },
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** One line on stderr, nothing that looks like a stack frame. */
function expectOneLine(result: ReturnType<typeof run>, status: number, pattern: RegExp) {
  expect(result.status, result.stderr).toBe(status);
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines.length, result.stderr).toBe(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

let busy: Server;
let busyPort = 0;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((r) => busy.listen(0, "127.0.0.1", r));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((r) => busy.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

describe("the CLI, from another working directory", () => {
  it("prints its version and lists the catalog on stdout, so both pipe", () => {
    const version = run("--version");
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version);
    const listed = run("catalog");
    expect(listed.status).toBe(0);
    expect(listed.stderr).toBe("");
    expect(
      listed.stdout
        .trimEnd()
        .split("\n")
        .map((l) => l.split(/\s+/)[0]),
    ).toStrictEqual(catalog.pins.map((p) => p.name));
  });

  it("says in one line what is wrong with a build request", () => {
    expectOneLine(run("build", "--pin", "nope", "--out", join(work, "d")), 2, /^snapverse: pin 'nope' is not in the catalog \(known: /);
    expectOneLine(
      run("build", "--generation", "7", "--out", join(work, "d")),
      2,
      /^snapverse: generation 7 is not in the catalog \(known: 1, 5\)$/,
    );
    expectOneLine(run("build", "--scale", "-1"), 1, /^error: option '--scale <n>' argument '-1' is invalid/);
    expectOneLine(
      run("--catalog", join(work, "missing.yaml"), "catalog"),
      2,
      /^catalog error: .*missing\.yaml: cannot read the catalog \(ENOENT\)$/,
    );
    writeFileSync(join(work, "bad.yaml"), "service_domain: x\npins:\n  - { name: gh-2026-03-g5 }\n");
    expectOneLine(run("--catalog", join(work, "bad.yaml"), "catalog"), 2, /^catalog error: /);
  });

  // A dist/ built for any origin serves on any port: answers name the request's origin (decision 0027).
  it("refuses to serve what is not there, or on a port in use", () => {
    expectOneLine(run("serve", "--dist", join(work, "nothing"), "--no-https"), 2, /holds no build: run npm run build/);
    const other = join(work, "other");
    mkdirSync(other);
    writeCatalogIndex(catalog, other, { generators: [], origin: `http://localhost:${busyPort}/catalog` });
    expectOneLine(
      run("serve", "--dist", other, "--port", String(busyPort), "--no-https", "--quiet"),
      1,
      new RegExp(`^port ${busyPort} is in use`),
    );
  });

  it("answers bad arguments of live, mcp and unknown commands in one line", () => {
    expectOneLine(run("live", "--now", "soon", "--dist", join(work, "live")), 2, /^snapverse: --now soon is not an ISO instant$/);
    expectOneLine(run("mcp", "--bogus"), 1, /^error: unknown option '--bogus'$/);
    expectOneLine(run("frobnicate"), 1, /^error: unknown command 'frobnicate'$/);
  });
});

describe("the server on a dist/ where a pin is not built yet", () => {
  it("says to build it, instead of blaming its provider", () => {
    const dist = join(work, "unbuilt");
    const withGenerator = catalog.pins[0]!;
    writeCatalogIndex(catalog, dist, { generators: [withGenerator.provider] });
    const index = JSON.parse(readFileSync(join(dist, "_catalog.json"), "utf8"));
    const answer = resolveRequest(
      { method: "GET", path: `/${withGenerator.name}/anything`, query: [], headers: {} },
      { catalog: index, pin: () => undefined },
    );
    expect(answer.kind === "body" ? `${answer.status} ${answer.body}` : answer.kind).toMatch(
      new RegExp(`^503 .*The pin '${withGenerator.name}' is not built in this dist/ yet: run 'npm run build'`),
    );
  });
});
