#!/usr/bin/env node
import { resolve as resolvePath } from "node:path";
import { Command, CommanderError, InvalidArgumentError } from "commander";
import cliProgress from "cli-progress";
import { SelectionError, buildCatalogSite, buildToDisk, selectPins, verifyLock, type ProgressEvent } from "./build.js";
import { CatalogError, loadCatalog } from "./catalog/index.js";
import { computeHandlers, manifests, providers, unavailable } from "./providers/index.js";
import { LiveJobError, runLiveJob } from "./live/job.js";
import { readCurrent } from "./live/layout.js";
import { LiveScheduler } from "./live/schedule.js";
import { liveSettings } from "./live/settings.js";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeCatalogIndex } from "./emit/catalog-index.js";
import { CATALOG_FILE, type CatalogIndex } from "./emit/format.js";
import type { Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import { createSnapHttpsServer, createSnapServer } from "./serve/server.js";
import { ensureCertificate } from "./serve/tls.js";

const DEFAULT_PORT = 4010;
const port = () => Number(process.env.PORT ?? DEFAULT_PORT);
/** The package's own folder: templates, the catalog and the lock are found from any working directory. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TEMPLATES = join(ROOT, "templates");
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

// `snapverse catalog | head` closes the pipe early: that ends the output, it is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

/** A mistake in what the user asked for: said in one line, with a non-zero exit, never a stack trace. */
class UsageError extends Error {}

const program = new Command()
  .name("snapverse")
  .description("Simulated provider APIs from one seeded, frozen universe.")
  .version(VERSION, "-V, --version", "print the version")
  .option("--catalog <file>", "the catalog", join(ROOT, "catalog.yaml"));

program
  .command("build")
  .description("build every pin (or some) into dist/<pin>/, and verify pins.lock.json")
  .option("--pin <name...>", "only these pins")
  .option("--generation <n>", "only the pins of this generation", positiveInt)
  .option("--out <dir>", "output folder", "dist")
  .option("--origin <url>", "public origin of each pin; {pin} is replaced", `http://localhost:${port()}/{pin}`)
  .option("--scale <n>", "size of the universe (1 = default)", positiveFloat, 1)
  .option("--lock <file>", "the pins lock file", join(ROOT, "pins.lock.json"))
  .option("--update-lock", "record changed tree hashes instead of failing (never for published pins)", false)
  .action((opts: { pin?: string[]; generation?: number; out: string; origin: string; scale: number; lock: string; updateLock: boolean }) => {
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    const selection = { catalog, providers, pins: opts.pin, generation: opts.generation };
    const { build, skipped } = selectPins(selection);
    for (const pin of skipped) log(`skip  ${pin.name}: no generator for provider '${pin.provider}' yet`);
    const started = process.hrtime.bigint();
    const progress = progressReporter(build.length);
    const builds = buildToDisk({ ...selection, templatesDir: TEMPLATES, scale: opts.scale, origin: (pin) => opts.origin.replaceAll("{pin}", pin.name), onProgress: progress.on }, opts.out);
    progress.stop();
    buildCatalogSite({ catalog, providers, manifests, templatesDir: TEMPLATES, origin: (pin) => opts.origin.replaceAll("{pin}", pin.name) }, opts.out);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const resources = builds.reduce((n, b) => n + b.files, 0);
    const files = builds.reduce((n, b) => n + b.written, 0);
    const bytes = builds.reduce((n, b) => n + b.bytes, 0);
    log(`built ${builds.length} pin(s): ${resources} resources in ${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
    if (opts.scale !== 1) {
      log("scale is not 1: the lock is not checked");
      return;
    }
    const { outcomes, ok } = verifyLock(opts.lock, catalog, builds, opts.updateLock);
    for (const o of outcomes) {
      if (o.verdict.kind === "new") log(`lock  ${o.pin}: recorded`);
      else if (o.verdict.kind === "match") log(`lock  ${o.pin}: matches`);
      else log(`${o.verdict.summary}${o.published ? "\n  this pin is published: its bytes may never change" : opts.updateLock ? "\n  lock updated" : "\n  run with --update-lock if the change is deliberate"}`);
    }
    if (!ok) process.exitCode = 1;
  });

program
  .command("serve")
  .description("serve dist/ on http://localhost:$PORT/<pin>/… and https://localhost:$HTTPS_PORT/<pin>/…")
  .option("--dist <dir>", "the built tree", "dist")
  .option("--port <n>", "HTTP port (default $PORT or 4010)", positiveInt)
  .option("--https-port <n>", "HTTPS port (default $HTTPS_PORT or the HTTP port + 1)", positiveInt)
  .option("--tls-dir <dir>", "where the self-signed certificate is made on first start", ".snapverse/tls")
  .option("--no-https", "serve HTTP only")
  .option("--quiet", "no access log", false)
  .option("--live", "also serve the live hosts, regenerating them nightly at the catalog's live.regenerate_at (UTC)", false)
  .option("--any-origin", "serve a dist/ built for another port anyway (its links still point there)", false)
  .action(async (opts: { dist: string; port?: number; httpsPort?: number; tlsDir: string; https: boolean; quiet: boolean; live: boolean; anyOrigin: boolean }) => {
    const listenPort = opts.port ?? port();
    const dist = resolvePath(opts.dist);
    const built = readBuiltCatalog(dist, opts.live);
    if (!opts.anyOrigin && built?.origin && /^http:\/\/(localhost|127\.0\.0\.1):\d+\//.test(built.origin) && new URL(built.origin).port !== String(listenPort)) {
      throw new UsageError(`${opts.dist} was built for ${new URL(built.origin).origin}, and its links would be wrong on port ${listenPort}: rebuild with PORT=${listenPort} npm run build, or serve on port ${new URL(built.origin).port} (or pass --any-origin)`);
    }
    // Imported here, not at the top: the MCP SDK is only loaded by the commands that serve it.
    const { mcpHttpHandler } = await import("./serve/mcp.js");
    const options = { dist, mcp: mcpHttpHandler(dist), compute: computeHandlers, ...(opts.quiet ? {} : { log: (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`) }) };
    const servers: Array<Server | HttpsServer> = [createSnapServer(options)];
    onListenError(servers[0]!, listenPort);
    servers[0]!.listen(listenPort, () => log(`serving ${opts.dist} on http://localhost:${listenPort}/<pin>/: every pin and live host, with a snippet each, at http://localhost:${listenPort}/catalog/ (as JSON: http://localhost:${listenPort}/catalog/v1/snapshots)`));
    if (opts.https) {
      const httpsPort = opts.httpsPort ?? Number(process.env.HTTPS_PORT ?? listenPort + 1);
      const domain = loadCatalog(program.opts<{ catalog: string }>().catalog).serviceDomain;
      const tls = await ensureCertificate(resolvePath(opts.tlsDir), domain);
      const secure = createSnapHttpsServer(options, tls);
      servers.push(secure);
      onListenError(secure, httpsPort);
      secure.listen(httpsPort, () => {
        log(`serving https://localhost:${httpsPort}/<pin>/ with ${tls.created ? "a new" : "the"} self-signed certificate ${tls.certPath}`);
        log(`  trust it in Node clients with NODE_EXTRA_CA_CERTS=${tls.certPath}`);
      });
    }
    const scheduler = opts.live ? startLive(dist, listenPort) : undefined;
    const stop = () => {
      log("shutting down: finishing open requests");
      scheduler?.stop();
      let open = servers.length;
      for (const server of servers) {
        server.close(() => --open === 0 && process.exit(0));
        server.closeIdleConnections();
      }
      setTimeout(() => process.exit(0), 5_000).unref();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });

program
  .command("live")
  .description("build the live hosts' universe as of the latest nightly slot into dist/live/<build>/, verify it, switch to it, prune old builds")
  .option("--dist <dir>", "the built tree", "dist")
  .option("--now <instant>", "the job's clock (ISO instant; default: the system clock)")
  .option("--prefix <name...>", "only these live prefixes")
  .option("--origin <url>", "public origin of each live host; {pin} is replaced by the prefix", `http://localhost:${port()}/{pin}`)
  .option("--force", "rebuild even if the latest slot is already serving", false)
  .action((opts: { dist: string; now?: string; prefix?: string[]; origin: string; force: boolean }) => {
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    // The only place live mode reads the system clock: everything after takes this instant.
    const now = opts.now === undefined ? Date.now() : Date.parse(opts.now);
    if (Number.isNaN(now)) throw new UsageError(`--now ${opts.now} is not an ISO instant`);
    const dist = resolvePath(opts.dist);
    // Live hosts route through the catalog index; a dist/ made by `live` alone gets one too.
    if (!existsSync(join(dist, CATALOG_FILE))) writeCatalogIndex(catalog, dist, { generators: [...providers.keys()], unavailable, names: Object.fromEntries([...manifests].map(([id, m]) => [id, m.name])) });
    try {
      const result = runLiveJob({
        catalog, providers, templatesDir: TEMPLATES, dist, now, force: opts.force,
        origin: (prefix) => opts.origin.replaceAll("{pin}", prefix), log, ...(opts.prefix ? { prefixes: opts.prefix } : {}),
      });
      if (result.kind === "up-to-date") return log(`live: ${result.build} is already serving (use --force to rebuild it)`);
      for (const [prefix, d] of Object.entries(result.drift.providers)) log(`drift ${prefix}: ${d.new} new, ${d.changed} changed, ${d.removed} removed since ${result.drift.previous ?? "(first build)"}`);
    } catch (error) {
      if (!(error instanceof LiveJobError)) throw error;
      log(`live: ${error.message}`);
      process.exitCode = 1;
    }
  });

program
  .command("mcp")
  .description("serve the MCP tool get_snapshot over stdio (also served over HTTP at /mcp on the catalog host by `serve`)")
  .option("--dist <dir>", "the built tree", "dist")
  .action(async (opts: { dist: string }) => {
    // stdout is the protocol channel: everything human goes to stderr.
    const dist = resolvePath(opts.dist);
    const { runStdioMcp } = await import("./serve/mcp.js");
    await runStdioMcp(dist);
    log(`snapverse MCP server on stdio, reading ${dist}`);
  });

program
  .command("catalog")
  .description("validate catalog.yaml and list its pins")
  .action(() => {
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    // The list is the command's output (stdout, so it pipes); errors go to stderr.
    for (const p of catalog.pins) process.stdout.write(`${p.name.padEnd(20)} ${p.provider.padEnd(8)} g${p.generation}  ${p.apiVersion.padEnd(12)} files=${p.files}${providers.has(p.provider) ? "" : "  (no generator yet)"}\n`);
  });

/**
 * Nightly regeneration inside `serve --live`: each run is a child `snapverse live` process, so the
 * server keeps answering (from the build before) while the new one is made.
 */
function startLive(dist: string, listenPort: number): LiveScheduler {
  const catalogFile = program.opts<{ catalog: string }>().catalog;
  const settings = liveSettings(loadCatalog(catalogFile));
  const scheduler = new LiveScheduler({
    settings,
    now: () => Date.now(),
    serving: () => readCurrent(dist)?.build,
    log,
    run: (slot) => new Promise<void>((resolve, reject) => {
      // tsx by its resolved URL: a bare `--import tsx` would be looked up from the working directory.
      const args = ["--import", import.meta.resolve("tsx"), fileURLToPath(new URL("./cli.ts", import.meta.url)), "--catalog", catalogFile, "live", "--dist", dist, "--now", new Date(slot).toISOString(), "--origin", `http://localhost:${listenPort}/{pin}`];
      const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`snapverse live exited with ${code}`))));
    }),
  });
  log(`live: regenerating nightly at ${settings.regenerateAt} UTC into ${dist}/live/`);
  scheduler.start();
  return scheduler;
}

function progressReporter(total: number) {
  if (!process.stderr.isTTY) {
    return {
      on: (e: ProgressEvent) => {
        if (e.kind === "world") log(`world generation ${e.generation}`);
        if (e.kind === "pin-done") log(`pin   ${e.build.pin}: ${e.build.files} resources in ${e.build.written} files, ${(e.build.bytes / 1e6).toFixed(1)} MB`);
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar({ format: "{bar} {value}/{total} pins | {pin} {files} files", hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic);
  bar.start(total, 0, { pin: "", files: 0 });
  return {
    on: (e: ProgressEvent) => {
      if (e.kind === "world") bar.update({ pin: `world g${e.generation}`, files: 0 });
      if (e.kind === "pin-start") bar.update(e.index, { pin: e.pin, files: 0 });
      if (e.kind === "files") bar.update({ pin: e.pin, files: e.files });
      if (e.kind === "pin-done") bar.increment(1, { pin: e.build.pin, files: e.build.files });
    },
    stop: () => bar.stop(),
  };
}

/** dist/_catalog.json, which every build writes; its absence means nothing was built there. */
function readBuiltCatalog(dist: string, live: boolean): CatalogIndex | undefined {
  const file = join(dist, CATALOG_FILE);
  if (!existsSync(file)) {
    if (live) return undefined;
    throw new UsageError(`${dist} holds no build: run npm run build (or snapverse build --out ${dist}) first`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as CatalogIndex;
}

function onListenError(server: Server | HttpsServer, listenPort: number): void {
  server.once("error", (error: NodeJS.ErrnoException) => {
    log(error.code === "EADDRINUSE" ? `port ${listenPort} is in use: stop what listens there, or pick another with PORT=<n> (or --port)` : `cannot listen on port ${listenPort}: ${error.message}`);
    process.exit(1);
  });
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected a positive whole number");
  return n;
}

function positiveFloat(v: string): number {
  const n = Number(v);
  if (!(n > 0)) throw new InvalidArgumentError("expected a positive number");
  return n;
}

try {
  await program.parseAsync();
} catch (error) {
  // What the user asked for is wrong: one line and exit 2. Anything else is a bug, with its stack.
  if (error instanceof CatalogError) log(`catalog error: ${error.message}`);
  else if (error instanceof UsageError || error instanceof SelectionError || error instanceof LiveJobError) log(`snapverse: ${error.message}`);
  else if (error instanceof CommanderError) log(error.message);
  else throw error;
  process.exit(2);
}
