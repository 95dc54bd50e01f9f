#!/usr/bin/env node
import { resolve as resolvePath } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import cliProgress from "cli-progress";
import { buildCatalogSite, buildToDisk, selectPins, verifyLock, type ProgressEvent } from "./build.js";
import { CatalogError, loadCatalog } from "./catalog/index.js";
import { computeHandlers, providers } from "./providers/index.js";
import type { Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import { createSnapHttpsServer, createSnapServer } from "./serve/server.js";
import { ensureCertificate } from "./serve/tls.js";

const DEFAULT_PORT = 4010;
const port = () => Number(process.env.PORT ?? DEFAULT_PORT);

const program = new Command()
  .name("snapverse")
  .description("Simulated provider APIs from one seeded, frozen universe.")
  .option("--catalog <file>", "the catalog", "catalog.yaml");

program
  .command("build")
  .description("build every pin (or some) into dist/<pin>/, and verify pins.lock.json")
  .option("--pin <name...>", "only these pins")
  .option("--generation <n>", "only the pins of this generation", positiveInt)
  .option("--out <dir>", "output folder", "dist")
  .option("--origin <url>", "public origin of each pin; {pin} is replaced", `http://localhost:${port()}/{pin}`)
  .option("--scale <n>", "size of the universe (1 = default)", positiveFloat, 1)
  .option("--lock <file>", "the pins lock file", "pins.lock.json")
  .option("--update-lock", "record changed tree hashes instead of failing (never for published pins)", false)
  .action((opts: { pin?: string[]; generation?: number; out: string; origin: string; scale: number; lock: string; updateLock: boolean }) => {
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    const selection = { catalog, providers, pins: opts.pin, generation: opts.generation };
    const { build, skipped } = selectPins(selection);
    for (const pin of skipped) log(`skip  ${pin.name}: no generator for provider '${pin.provider}' yet`);
    const started = process.hrtime.bigint();
    const progress = progressReporter(build.length);
    const builds = buildToDisk({ ...selection, templatesDir: "templates", scale: opts.scale, origin: (pin) => opts.origin.replaceAll("{pin}", pin.name), onProgress: progress.on }, opts.out);
    progress.stop();
    buildCatalogSite({ catalog, providers, templatesDir: "templates", origin: (pin) => opts.origin.replaceAll("{pin}", pin.name) }, opts.out);
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
  .action(async (opts: { dist: string; port?: number; httpsPort?: number; tlsDir: string; https: boolean; quiet: boolean }) => {
    const listenPort = opts.port ?? port();
    const dist = resolvePath(opts.dist);
    // Imported here, not at the top: the MCP SDK is only loaded by the commands that serve it.
    const { mcpHttpHandler } = await import("./serve/mcp.js");
    const options = { dist, mcp: mcpHttpHandler(dist), compute: computeHandlers, ...(opts.quiet ? {} : { log: (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`) }) };
    const servers: Array<Server | HttpsServer> = [createSnapServer(options)];
    servers[0]!.listen(listenPort, () => log(`serving ${opts.dist} on http://localhost:${listenPort}/<pin>/  (e.g. http://localhost:${listenPort}/gh-2026-03-g5/orgs, catalog at /catalog/)`));
    if (opts.https) {
      const httpsPort = opts.httpsPort ?? Number(process.env.HTTPS_PORT ?? listenPort + 1);
      const domain = loadCatalog(program.opts<{ catalog: string }>().catalog).serviceDomain;
      const tls = await ensureCertificate(resolvePath(opts.tlsDir), domain);
      const secure = createSnapHttpsServer(options, tls);
      servers.push(secure);
      secure.listen(httpsPort, () => {
        log(`serving https://localhost:${httpsPort}/<pin>/ with ${tls.created ? "a new" : "the"} self-signed certificate ${tls.certPath}`);
        log(`  trust it in Node clients with NODE_EXTRA_CA_CERTS=${tls.certPath}`);
      });
    }
    const stop = () => {
      log("shutting down: finishing open requests");
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
    for (const p of catalog.pins) log(`${p.name.padEnd(20)} ${p.provider.padEnd(8)} g${p.generation}  ${p.apiVersion.padEnd(12)} files=${p.files}${providers.has(p.provider) ? "" : "  (no generator yet)"}`);
  });

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
  if (error instanceof CatalogError) {
    log(`catalog error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
