#!/usr/bin/env node
import { resolve as resolvePath } from "node:path";
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { CATALOG_FILE, type CatalogIndex } from "./format/dist.js";
import { DEBIAN_NJS_MODULE } from "./nginx/conf.js";
import type { Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { LockOutcome } from "./build.js";
import type { BuildPlan } from "./pins/plan.js";
import type { PoolEvent } from "./pins/pool.js";
import { createSnapHttpsServer, createSnapServer } from "./serve/server.js";
import { registerMechanisms } from "./core/define-provider.js";

/*
 * Each command imports what it needs when it runs: `serve` answers its first request without loading
 * the world generator and every provider (about 0.3 s), which it needs only for computed answers and
 * loads then (ServeOptions.compute), nor the MCP SDK, loaded on the first MCP request.
 */
const loadBuild = () => import("./build.js");
const loadCatalogModule = () => import("./catalog/index.js");
/**
 * The provider registry, with the pagination mechanisms providers contribute registered with core (here:
 * importing it registers nothing).
 */
const loadProviders = () => import("./providers/index.js").then((registry) => (registerMechanisms(registry.providers.values()), registry));

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
  .description(
    "build every pin (or some) into dist/<pin>/ on every core, reusing each pin whose inputs did not change, and verify pins.lock.json",
  )
  .option("--pin <name...>", "only these pins")
  .option("--generation <n>", "only the pins of this generation", positiveInt)
  .option("--out <dir>", "output folder", "dist")
  // Files keep the canonical origin and answers name the request's (decision 0027). Kept for old scripts.
  .option("--origin <url>", "no effect: answers name the origin each request came in on", `http://localhost:${port()}/{pin}`)
  .option("--scale <n>", "size of the universe (1 = default)", positiveFloat, 1)
  .option("--lock <file>", "the pins lock file", join(ROOT, "pins.lock.json"))
  .option("--update-lock", "record changed tree hashes instead of failing (never for published pins)", false)
  .option("--force", "build every selected pin again, even one whose inputs did not change", false)
  .option("--workers <n>", "build processes (default: one per core)", positiveInt)
  .action(async (opts: BuildCommandOptions) => {
    const started = process.hrtime.bigint();
    const { builds, lock } = await buildTree({ ...opts, out: resolvePath(opts.out) }, await progressReporter());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const resources = builds.reduce((n, b) => n + b.files, 0);
    const files = builds.reduce((n, b) => n + b.written, 0);
    const bytes = builds.reduce((n, b) => n + b.bytes, 0);
    log(
      `built ${builds.length} pin(s): ${resources} resources in ${files} files,` +
        ` ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
    );
    if (!lock) return;
    reportLock(lock.outcomes, opts.updateLock);
    if (!lock.ok) process.exitCode = 1;
  });

interface BuildCommandOptions {
  pin?: string[] | undefined;
  generation?: number | undefined;
  out: string;
  scale: number;
  lock: string;
  updateLock: boolean;
  force: boolean;
  workers?: number | undefined;
}

/**
 * What `build` and `start` share: the catalog site first (the catalog answers at once), then every
 * selected pin, reused or built in parallel (pins/run.ts), then the edge bundle and the lock check (not
 * at another scale: the lock records scale 1). `hooks.onPlan` sees which pins are about to be built.
 */
async function buildTree(
  opts: BuildCommandOptions,
  hooks: {
    on: (event: PoolEvent) => void;
    stop: () => void;
    onPlan?: (plan: BuildPlan) => void;
    onCatalogSite?: () => void;
    signal?: AbortSignal;
  },
) {
  const [{ buildCatalogSite, selectPins, verifyLock }, { loadCatalog }, { manifests, providers }, { buildPinsInto }] = await Promise.all([
    loadBuild(),
    loadCatalogModule(),
    loadProviders(),
    import("./pins/run.js"),
  ]);
  const catalogFile = program.opts<{ catalog: string }>().catalog;
  const catalog = loadCatalog(catalogFile);
  const selection = { catalog, providers, pins: opts.pin, generation: opts.generation };
  const { build, skipped } = selectPins(selection);
  for (const pin of skipped) log(`skip  ${pin.name}: no generator for provider '${pin.provider}' yet`);
  mkdirSync(opts.out, { recursive: true });
  buildCatalogSite({ catalog, providers, manifests, templatesDir: TEMPLATES }, opts.out);
  hooks.onCatalogSite?.();
  const { builds } = await buildPinsInto({
    catalog,
    catalogFile,
    root: ROOT,
    templatesDir: TEMPLATES,
    outDir: opts.out,
    scale: opts.scale,
    lockFile: opts.lock,
    force: opts.force,
    workers: opts.workers ?? availableParallelism(),
    pins: build,
    onPlan: (plan) => {
      reportPlan(plan);
      hooks.onPlan?.(plan);
    },
    onEvent: hooks.on,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
  }).finally(hooks.stop);
  // The edge resolver, for serving the tree from a bucket once published (docs/deploy.md).
  const { bundleEdge } = await import("./edge/bundle.js");
  await bundleEdge(opts.out, {
    domain: catalog.serviceDomain,
    runtimeFiles: [...providers.values()].flatMap((p) => p.runtimeFiles?.() ?? []),
  });
  if (opts.scale !== 1) {
    log("scale is not 1: the lock is not checked");
    return { builds };
  }
  return { builds, lock: verifyLock(opts.lock, catalog, builds, opts.updateLock) };
}

/** One line for the pins kept as they were, one per pin to build with the reason. */
function reportPlan(plan: BuildPlan): void {
  if (plan.reused.length)
    log(`reuse ${plan.reused.map((b) => b.pin).join(", ")}: inputs unchanged, tree hashes match (--force builds them again)`);
  for (const job of plan.jobs) log(`build ${job.pin.name}: ${plan.why.get(job.pin.name)}`);
}

program
  .command("lock")
  .description(
    "check every entry of pins.lock.json without writing a file: each pin, and each live host " +
      "as the live job builds it at the lock's instant",
  )
  .option("--pin <name...>", "only these pins")
  .option("--no-pins", "only the live hosts")
  .option("--no-live", "only the pins")
  .option("--now <instant>", "the live section's instant (default: the one it was recorded at)")
  .option("--lock <file>", "the lock file", join(ROOT, "pins.lock.json"))
  .option("--update-lock", "record changed tree hashes instead of failing (never for published pins)", false)
  .action(async (opts: { pin?: string[]; pins: boolean; live: boolean; now?: string; lock: string; updateLock: boolean }) => {
    const [{ buildPins, verifyLiveLock, verifyLock }, { loadCatalog }, { providers }, { buildLiveHosts }, { discardSink }, { readLock }] =
      await Promise.all([
        loadBuild(),
        loadCatalogModule(),
        loadProviders(),
        import("./live/hosts.js"),
        import("./emit/sink.js"),
        import("./emit/lock.js"),
      ]);
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    // The origin only changes where links point, never a tree hash: any will do for a check.
    const origin = (name: string) => `http://localhost:${port()}/${name}`;
    let ok = true;
    if (opts.pins) {
      const builds = [
        ...buildPins(
          { catalog, providers, templatesDir: TEMPLATES, origin: (pin) => origin(pin.name), ...(opts.pin ? { pins: opts.pin } : {}) },
          () => discardSink,
        ),
      ];
      const verdict = verifyLock(opts.lock, catalog, builds, opts.updateLock);
      reportLock(verdict.outcomes, opts.updateLock);
      ok &&= verdict.ok;
    }
    if (opts.live) {
      const now = opts.now ?? readLock(opts.lock).live?.now;
      if (now === undefined) throw new UsageError("the lock has no live section yet: pass --now <ISO instant> to record one");
      if (Number.isNaN(Date.parse(now))) throw new UsageError(`--now ${now} is not an ISO instant`);
      const builds = [
        ...buildLiveHosts({ catalog, providers, templatesDir: TEMPLATES, now: Date.parse(now), sinkFor: () => discardSink, origin }),
      ];
      const verdict = verifyLiveLock(opts.lock, now, 1, builds, opts.updateLock);
      if (verdict.problem) log(`lock  live: ${verdict.problem}`);
      reportLock(verdict.outcomes, opts.updateLock);
      ok &&= verdict.ok;
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
  .option(
    "--live",
    "also serve the live hosts, regenerating them at the catalog's live.regenerate_at (UTC) and every live.regenerate_every from it",
    false,
  )
  // Answers name the request's origin (decision 0027): a dist/ serves on any port. Kept for old scripts.
  .option("--any-origin", "no effect: answers name the origin each request came in on", false)
  .option("--workers <n>", "serving processes, sharing the ports (default: one per core)", positiveInt)
  .action(async (opts: ServeOptions) => {
    // A dist/ serves on any port and host: answers name the origin each request came in on (decision 0027).
    readBuiltCatalog(resolvePath(opts.dist), opts.live);
    await serveTree(opts, (dist, listenPort) => (opts.live ? startLive(dist, listenPort) : Promise.resolve(undefined)));
  });

program
  .command("start")
  .description(
    "serve dist/ at once (the catalog first) while the pins whose inputs changed are built on every core, each answering " +
      "as soon as it is in place (before that, its provider's 503 with Retry-After); then the live hosts, as serve --live",
  )
  .option("--dist <dir>", "the tree to build and serve", "dist")
  .option("--port <n>", "HTTP port (default $PORT or 4010)", positiveInt)
  .option("--https-port <n>", "HTTPS port (default $HTTPS_PORT or the HTTP port + 1)", positiveInt)
  .option("--tls-dir <dir>", "where the self-signed certificate is made on first start", ".snapverse/tls")
  .option("--no-https", "serve HTTP only")
  .option("--quiet", "no access log", false)
  .option("--no-live", "leave the live hosts out")
  .option("--pin <name...>", "only build these pins")
  .option("--force", "build every pin again, even one whose inputs did not change", false)
  .option("--lock <file>", "the pins lock file", join(ROOT, "pins.lock.json"))
  .option("--workers <n>", "serving processes, sharing the ports (default: one per core)", positiveInt)
  .option("--build-workers <n>", "build processes (default: one per core)", positiveInt)
  .action(async (opts: ServeOptions & { pin?: string[]; force: boolean; lock: string; buildWorkers?: number }) => {
    const { isServingWorker } = await import("./serve/cluster.js");
    // A serving worker (forked with the same arguments) only serves: the primary builds.
    if (isServingWorker()) return serveTree(opts, () => Promise.resolve(undefined));
    const dist = resolvePath(opts.dist);
    const stopping = new AbortController();
    const { writeBuildingNote } = await import("./emit/building.js");
    let building: string[] = [];
    let started = false;
    let treeDone = false;
    let backgroundTree: Promise<unknown> | undefined;
    const began = process.hrtime.bigint();
    const elapsed = () => `${(Number(process.hrtime.bigint() - began) / 1e9).toFixed(1)} s`;
    // The catalog site and the note of the pins to build are in place before the server listens; the pins follow.
    const ready = new Promise<void>((resolveReady, rejectReady) => {
      const tree = buildTree(
        { pin: opts.pin, out: dist, scale: 1, lock: opts.lock, updateLock: false, force: opts.force, workers: opts.buildWorkers },
        {
          on: (event) => {
            if (event.kind === "world") log(`world generation ${event.generation} (build worker ${event.worker + 1})`);
            if (event.kind !== "built") return;
            building = building.filter((name) => name !== event.summary.pin);
            writeBuildingNote(dist, building);
            log(`pin   ${event.summary.pin}: in place after ${elapsed()} (${event.summary.files} resources)`);
          },
          stop: () => {},
          onPlan: (plan) => {
            building = plan.jobs.map((j) => j.pin.name);
            writeBuildingNote(dist, building);
            started = true;
            resolveReady();
          },
          signal: stopping.signal,
        },
      );
      void tree.then(
        ({ lock }) => {
          writeBuildingNote(dist, []);
          log(`start: every pin is in place after ${elapsed()}`);
          if (lock) reportLock(lock.outcomes, false);
          if (lock && !lock.ok) log("start: a pin differs from the lock: it is served as built; see above");
        },
        (error: Error) => {
          writeBuildingNote(dist, []);
          if (!started) return rejectReady(error);
          if (!stopping.signal.aborted) log(`start: the build failed, serving what is in place: ${error.message}`);
        },
      );
      tree.finally(() => (treeDone = true)).catch(() => undefined);
      backgroundTree = tree;
    });
    await ready;
    await serveTree(opts, async (servedDist, listenPort) => {
      let scheduler: { stop(): void } | undefined;
      let stopped = false;
      // The live hosts' first build waits for the pins: both would share the same cores.
      void backgroundTree
        ?.catch(() => undefined)
        .then(async () => {
          if (opts.live && !stopped) scheduler = await startLive(servedDist, listenPort);
        });
      return {
        stop: () => {
          stopped = true;
          if (!treeDone) stopping.abort();
          scheduler?.stop();
        },
      };
    });
  });

interface ServeOptions {
  dist: string;
  port?: number;
  httpsPort?: number;
  tlsDir: string;
  https: boolean;
  quiet: boolean;
  live: boolean;
  workers?: number;
}

/**
 * Serves a dist/ (in one process, or in a worker per core under a supervising primary), and once it
 * listens, runs `background` in the primary (the live job's scheduler, start's build), stopped on SIGINT
 * or SIGTERM before the servers close.
 */
async function serveTree(opts: ServeOptions, background: (dist: string, listenPort: number) => Promise<{ stop(): void } | undefined>) {
  const listenPort = opts.port ?? port();
  const httpsPort = opts.httpsPort ?? Number(process.env.HTTPS_PORT ?? listenPort + 1);
  const dist = resolvePath(opts.dist);
  const { defaultWorkers, isServingWorker, portFree, superviseWorkers } = await import("./serve/cluster.js");
  const workers = opts.workers ?? defaultWorkers();
  const worker = isServingWorker();
  const announce = () => {
    log(
      `serving ${opts.dist} on http://localhost:${listenPort}/<pin>/: every pin and live host, ` +
        `with a snippet each, at http://localhost:${listenPort}/catalog/ ` +
        `(as JSON: http://localhost:${listenPort}/catalog/` +
        `v1/snapshots)${workers > 1 ? ` (${workers} workers)` : ""}`,
    );
  };
  // The certificate is made once, before any worker looks for it.
  const tls = opts.https && !worker ? await certificate(opts.tlsDir) : undefined;
  const announceTls = () => {
    if (!tls) return;
    log(`serving https://localhost:${httpsPort}/<pin>/ with ${tls.created ? "a new" : "the"} self-signed certificate ${tls.certPath}`);
    log(`  trust it in Node clients with NODE_EXTRA_CA_CERTS=${tls.certPath}`);
  };

  if (workers > 1 && !worker) {
    for (const p of opts.https ? [listenPort, httpsPort] : [listenPort]) {
      if (!(await portFree(p))) {
        log(`port ${p} is in use: stop what listens there, or pick another with PORT=<n> (or --port)`);
        process.exit(1);
      }
    }
    const group = superviseWorkers(workers, {
      onListening: () => {
        announce();
        announceTls();
      },
      onFatal: (code) => process.exit(code),
      log,
    });
    const running = await background(dist, listenPort);
    const stop = () => {
      log("shutting down: finishing open requests");
      running?.stop();
      void group.stop().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 6_000).unref();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return;
  }

  let mcp: Promise<(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>> | undefined;
  const options = {
    dist,
    mcp: async (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) =>
      (await (mcp ??= import("./serve/mcp.js").then((m) => m.mcpHttpHandler(dist))))(req, res),
    // Also what a list paged by a provider's own mechanism waits for (ReplySource.providers).
    compute: async () => (await loadProviders()).computeHandlers,
    ...(opts.quiet ? {} : { log: (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`) }),
  };
  // The HTTP port also tunnels CONNECT <own name>:443 to the HTTPS port (HTTPS_PROXY, decision 0029).
  const servers: Array<Server | HttpsServer> = [createSnapServer(opts.https ? { ...options, tunnelTo: httpsPort } : options)];
  onListenError(servers[0]!, listenPort);
  servers[0]!.listen(listenPort, () => worker || announce());
  if (opts.https) {
    const secure = createSnapHttpsServer(options, tls ?? (await certificate(opts.tlsDir)));
    servers.push(secure);
    onListenError(secure, httpsPort);
    secure.listen(httpsPort, () => worker || announceTls());
  }
  const running = worker ? undefined : await background(dist, listenPort);
  const stop = () => {
    if (!worker) log("shutting down: finishing open requests");
    running?.stop();
    let open = servers.length;
    for (const server of servers) {
      server.close(() => --open === 0 && process.exit(0));
      server.closeIdleConnections();
    }
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** One line per lock entry checked: recorded, matches, or what changed and what to do about it. */
function reportLock(outcomes: LockOutcome[], updating: boolean): void {
  const advice = (o: LockOutcome) =>
    o.published
      ? "this pin is published: its bytes may never change"
      : updating
        ? "lock updated"
        : "run with --update-lock if the change is deliberate";
  for (const o of outcomes) {
    if (o.verdict.kind === "new") log(`lock  ${o.pin}: recorded`);
    else if (o.verdict.kind === "match") log(`lock  ${o.pin}: matches`);
    else log(`${o.verdict.summary}\n  ${advice(o)}`);
  }
}

/** The self-signed certificate for the service domain, made on first start. */
async function certificate(tlsDir: string) {
  const domain = (await loadCatalogModule()).loadCatalog(program.opts<{ catalog: string }>().catalog).serviceDomain;
  const { ensureCertificate } = await import("./serve/tls.js");
  return ensureCertificate(resolvePath(tlsDir), domain);
}

program
  .command("live")
  .description(
    "build the live hosts' universe as of the latest slot (every 6 hours) into dist/live/<build>/, verify it, switch to it, prune old builds",
  )
  .option("--dist <dir>", "the built tree", "dist")
  .option("--now <instant>", "the job's clock (ISO instant; default: the system clock)")
  .option("--prefix <name...>", "only these live prefixes")
  .option("--origin <url>", "no effect: answers name the origin each request came in on", `http://localhost:${port()}/{pin}`)
  .option("--force", "rebuild even if the latest slot is already serving", false)
  .option("--scale <n>", "size of the universe (1 = default; other sizes for tests and stress)", positiveFloat, 1)
  .action(async (opts: { dist: string; now?: string; prefix?: string[]; origin: string; force: boolean; scale: number }) => {
    const [{ loadCatalog }, { manifests, providers, unavailable }, { LiveJobError, runLiveJob }, { writeCatalogIndex }] = await Promise.all(
      [loadCatalogModule(), loadProviders(), import("./live/job.js"), import("./emit/catalog-index.js")],
    );
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    // The only place live mode reads the system clock: everything after takes this instant.
    const now = opts.now === undefined ? Date.now() : Date.parse(opts.now);
    if (Number.isNaN(now)) throw new UsageError(`--now ${opts.now} is not an ISO instant`);
    const dist = resolvePath(opts.dist);
    // Live hosts route through the catalog index; a dist/ made by `live` alone gets one too.
    if (!existsSync(join(dist, CATALOG_FILE)))
      writeCatalogIndex(catalog, dist, {
        generators: [...providers.keys()],
        unavailable,
        names: Object.fromEntries([...manifests].map(([id, m]) => [id, m.name])),
      });
    try {
      const result = runLiveJob({
        catalog,
        providers,
        templatesDir: TEMPLATES,
        dist,
        now,
        force: opts.force,
        scale: opts.scale,
        origin: (prefix) => opts.origin.replaceAll("{pin}", prefix),
        log,
        ...(opts.prefix ? { prefixes: opts.prefix } : {}),
      });
      if (result.kind === "up-to-date") return log(`live: ${result.build} is already serving (use --force to rebuild it)`);
      for (const [prefix, d] of Object.entries(result.drift.providers))
        log(`drift ${prefix}: ${d.new} new, ${d.changed} changed, ${d.removed} removed since ${result.drift.previous ?? "(first build)"}`);
    } catch (error) {
      if (!(error instanceof LiveJobError)) throw error;
      log(`live: ${error.message}`);
      process.exitCode = 1;
    }
  });

program
  .command("publish")
  .description("upload a built dist/ to an S3-compatible bucket: each pin in a folder of its own, visible once complete")
  .requiredOption("--to <url>", "s3://<bucket>[/<prefix>]")
  .option("--endpoint <url>", "an S3-compatible endpoint (R2, MinIO, s3rver), addressed path-style")
  .option("--dist <dir>", "the built tree", "dist")
  .option("--pin <name...>", "only these pins (the catalog site is 'catalog'); the live hosts are then left alone")
  .option("--no-live", "leave the live hosts alone")
  .option("--concurrency <n>", "requests in flight", positiveInt, 16)
  .option("--keep-live <n>", "live builds kept in the bucket (never the one serving nor the one before)", positiveInt, 3)
  .option("--allow-local-origin", "publish a tree built for this machine's origin (tests)", false)
  .action(
    async (opts: {
      to: string;
      endpoint?: string;
      dist: string;
      pin?: string[];
      live: boolean;
      concurrency: number;
      keepLive: number;
      allowLocalOrigin: boolean;
    }) => {
      const [{ s3Bucket }, { publish }] = await Promise.all([import("./publish/bucket.js"), import("./publish/publish.js")]);
      let bucket;
      try {
        bucket = s3Bucket(opts.to, opts.endpoint ? { endpoint: opts.endpoint } : {});
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const started = process.hrtime.bigint();
      const report = await publish({
        dist: resolvePath(opts.dist),
        bucket,
        live: opts.live,
        concurrency: opts.concurrency,
        keepLive: opts.keepLive,
        allowLocalOrigin: opts.allowLocalOrigin,
        log,
        ...(opts.pin ? { pins: opts.pin } : {}),
      }).catch((error: Error) => {
        throw new UsageError(error.message);
      });
      const { put, copied, present } = report.objects;
      log(
        `published ${report.published.length} (skipped ${report.skipped.length}) to ${bucket.name}` +
          `: ${put} uploaded, ${copied} copied, ${present} already there, ` +
          `in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`,
      );
    },
  );

program
  .command("nginx")
  .description("write an nginx + njs configuration that answers a built dist/'s pins from disk and proxies the rest to `snapverse serve`")
  .requiredOption("--out <dir>", "the folder for nginx.conf, routes.map and the njs module (nginx's prefix)")
  .option("--dist <dir>", "the built tree", "dist")
  .option("--listen <host:port>", "where nginx listens", "127.0.0.1:8080")
  .option("--upstream <host:port>", "where `snapverse serve` listens on the same dist/", `127.0.0.1:${DEFAULT_PORT}`)
  .option("--njs-module <file>", "njs's shared object ('' when nginx has it built in)", DEBIAN_NJS_MODULE)
  .option("--user <name>", "the user nginx's workers run as, when it starts as root")
  .action(async (opts: { out: string; dist: string; listen: string; upstream: string; njsModule: string; user?: string }) => {
    const dist = resolvePath(opts.dist);
    if (!existsSync(join(dist, CATALOG_FILE)))
      throw new UsageError(`${opts.dist} holds no build: run npm run build (or snapverse build --out ${opts.dist}) first`);
    const { writeNginx } = await import("./nginx/write.js");
    const started = process.hrtime.bigint();
    const out = resolvePath(opts.out);
    const table = await writeNginx(dist, {
      out,
      listen: opts.listen,
      upstream: opts.upstream,
      module: opts.njsModule,
      ...(opts.user ? { user: opts.user } : {}),
    });
    for (const p of table.pins) log(`nginx ${p.label}: ${p.fromDisk} of ${p.routes} routes from disk`);
    log(
      `nginx: wrote ${out}/nginx.conf (${table.entries.length} map entries) ` +
        `in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s; run nginx -p ${out} ` +
        `-c nginx.conf`,
    );
  });

program
  .command("mcp")
  .description("serve the MCP tool get_snapshot over stdio (also served over HTTP at /mcp on the catalog host by `serve`)")
  .option("--dist <dir>", "the built tree", "dist")
  .option("--server <url>", "where `serve` answers, which the records' base URLs name", `http://localhost:${port()}`)
  .action(async (opts: { dist: string; server: string }) => {
    // stdout is the protocol channel: everything human goes to stderr.
    const dist = resolvePath(opts.dist);
    const { runStdioMcp } = await import("./serve/mcp.js");
    await runStdioMcp(dist, opts.server);
    log(`snapverse MCP server on stdio, reading ${dist}`);
  });

program
  .command("catalog")
  .description("validate catalog.yaml and list its pins")
  .action(async () => {
    const [{ loadCatalog }, { providers }] = await Promise.all([loadCatalogModule(), loadProviders()]);
    const catalog = loadCatalog(program.opts<{ catalog: string }>().catalog);
    // The list is the command's output (stdout, so it pipes); errors go to stderr.
    for (const p of catalog.pins)
      process.stdout.write(
        `${p.name.padEnd(20)} ${p.provider.padEnd(8)} g${p.generation}  ${p.apiVersion.padEnd(12)}` +
          ` files=${p.files}${providers.has(p.provider) ? "" : "  (no generator yet)"}\n`,
      );
  });

/**
 * Scheduled regeneration inside `serve --live`: each run is a child `snapverse live` process, so the
 * server keeps answering (from the build before) while the new one is made.
 */
/**
 * The live hosts' scheduler, each slot's job in its own process. Stopping it stops a job under way too:
 * a server stopped by SIGTERM alone (a supervisor, the bench) must not leave a job behind that keeps
 * building, and holding the server's output, after the server is gone. The job switches a build in only
 * once it is complete, so a stopped one leaves nothing served.
 */
async function startLive(dist: string, listenPort: number): Promise<{ stop(): void }> {
  const [{ loadCatalog }, { LiveScheduler }, { liveSettings, scheduleText }, { readCurrent }] = await Promise.all([
    loadCatalogModule(),
    import("./live/schedule.js"),
    import("./live/settings.js"),
    import("./format/live.js"),
  ]);
  const catalogFile = program.opts<{ catalog: string }>().catalog;
  const settings = liveSettings(loadCatalog(catalogFile));
  const jobs = new Set<ChildProcess>();
  const scheduler = new LiveScheduler({
    settings,
    now: () => Date.now(),
    serving: () => readCurrent(dist)?.build,
    log,
    run: (slot) =>
      new Promise<void>((resolve, reject) => {
        // tsx by its resolved URL: a bare `--import tsx` would be looked up from the working directory.
        const args = [
          "--import",
          import.meta.resolve("tsx"),
          fileURLToPath(new URL("./cli.ts", import.meta.url)),
          "--catalog",
          catalogFile,
          "live",
          "--dist",
          dist,
          "--now",
          new Date(slot).toISOString(),
          "--origin",
          `http://localhost:${listenPort}/{pin}`,
        ];
        const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
        jobs.add(child);
        child.on("error", reject);
        child.on("exit", (code) => {
          jobs.delete(child);
          if (code === 0) resolve();
          else reject(new Error(`snapverse live exited with ${code}`));
        });
      }),
  });
  log(`live: regenerating ${scheduleText(settings)} into ${dist}/live/`);
  scheduler.start();
  return {
    stop: () => {
      scheduler.stop();
      for (const job of jobs) job.kill("SIGTERM");
    },
  };
}

/** The build's progress: a bar on a terminal, else a line per world and per pin. */
async function progressReporter(): Promise<{ on: (e: PoolEvent) => void; stop: () => void; onPlan: (plan: BuildPlan) => void }> {
  if (!process.stderr.isTTY) {
    return {
      on: (e: PoolEvent) => {
        if (e.kind === "world") log(`world generation ${e.generation} (build worker ${e.worker + 1})`);
        if (e.kind === "built")
          log(
            `pin   ${e.summary.pin}: ${e.summary.files} resources in ${e.summary.written} files, ${(e.summary.bytes / 1e6).toFixed(1)} MB`,
          );
      },
      stop: () => {},
      onPlan: () => {},
    };
  }
  const { default: cliProgress } = await import("cli-progress");
  const bar = new cliProgress.SingleBar(
    { format: "{bar} {value}/{total} pins | {pin}", hideCursor: true, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  return {
    onPlan: (plan) => bar.start(plan.jobs.length, 0, { pin: "" }),
    on: (e: PoolEvent) => {
      if (e.kind === "world") bar.update({ pin: `world g${e.generation}` });
      if (e.kind === "started") bar.update({ pin: e.pin });
      if (e.kind === "built") bar.increment(1, { pin: e.summary.pin });
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
    log(
      error.code === "EADDRINUSE"
        ? `port ${listenPort} is in use: stop what listens there, or pick another with PORT=<n> (or --port)`
        : `cannot listen on port ${listenPort}: ${error.message}`,
    );
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
  const [{ CatalogError }, { SelectionError }, { LiveJobError }] = await Promise.all([
    loadCatalogModule(),
    loadBuild(),
    import("./live/job.js"),
  ]);
  if (error instanceof CatalogError) log(`catalog error: ${error.message}`);
  else if (error instanceof UsageError || error instanceof SelectionError || error instanceof LiveJobError)
    log(`snapverse: ${error.message}`);
  else if (error instanceof CommanderError) log(error.message);
  else throw error;
  process.exit(2);
}
