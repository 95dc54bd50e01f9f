import { readFileSync } from "node:fs";
import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Node, type YAMLMap } from "yaml";
import { CatalogError } from "./errors.js";
import { parsePinName } from "./pin-name.js";
import type { Catalog, Generation, LiveSettings, Pin } from "./types.js";

const DAY_MS = 86_400_000;
const LIVE_KEYS = ["seed", "generation", "epoch", "regenerate_at", "regenerate_every", "keep"];
const PIN_KEYS = ["name", "provider", "generation", "api_version", "files", "published"];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;
const DOMAIN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*\.[a-z]{2,}$/;

export function loadCatalog(path = "catalog.yaml"): Catalog {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    // A missing or unreadable catalog is reported like any other catalog problem, not as a stack trace.
    throw new CatalogError(`cannot read the catalog (${(error as NodeJS.ErrnoException).code ?? String(error)})`, path, undefined);
  }
  return parseCatalog(text, path);
}

/** Parses and validates catalog text. Every failure names the entry and its line. */
export function parseCatalog(text: string, file = "catalog.yaml"): Catalog {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const lineOf = (node: Node | null | undefined): number | undefined => (node?.range ? lines.linePos(node.range[0]).line : undefined);
  const fail = (message: string, node?: Node | null): never => {
    throw new CatalogError(message, file, lineOf(node));
  };

  const firstError = doc.errors[0];
  if (firstError) {
    // With prettyErrors off, yaml never fills in linePos: take the line from the error's offset.
    const line = firstError.linePos?.[0]?.line ?? lines.linePos(firstError.pos[0]).line;
    throw new CatalogError(`YAML syntax error: ${firstError.message.split("\n")[0]}`, file, line);
  }
  const root = doc.contents;
  if (!isMap(root)) return fail("the catalog must be a mapping with service_domain, generations, live_prefixes and pins", root);

  const field = (map: YAMLMap, key: string, where: string): Node => {
    const node = map.get(key, true) as Node | undefined;
    if (node === undefined || node === null) return fail(`${where}: missing field '${key}'`, map);
    return node;
  };
  const str = (node: Node, where: string): string => {
    if (!isScalar(node) || typeof node.value !== "string" || node.value === "") return fail(`${where} must be a non-empty string`, node);
    return node.value;
  };

  const serviceDomain = str(field(root, "service_domain", "catalog"), "service_domain");
  if (!DOMAIN.test(serviceDomain)) fail(`service_domain '${serviceDomain}' is not a domain name`, root.get("service_domain", true) as Node);

  const prefixesNode = field(root, "live_prefixes", "catalog");
  if (!isSeq(prefixesNode)) return fail("live_prefixes must be a list", prefixesNode);
  const livePrefixes: string[] = [];
  for (const item of prefixesNode.items as Node[]) {
    const prefix = str(item, "live_prefixes entry");
    if (!/^[a-z][a-z0-9]*$/.test(prefix)) fail(`live prefix '${prefix}' must be lower-case letters and digits`, item);
    if (livePrefixes.includes(prefix)) fail(`live prefix '${prefix}' is listed twice`, item);
    livePrefixes.push(prefix);
  }

  const gensNode = field(root, "generations", "catalog");
  if (!isMap(gensNode)) return fail("generations must be a mapping from generation number to {seed, start, as_of}", gensNode);
  const generations = new Map<number, Generation>();
  for (const pair of gensNode.items) {
    const keyNode = pair.key as Node;
    const id = isScalar(keyNode) ? Number(keyNode.value) : NaN;
    if (!Number.isInteger(id) || id < 1)
      fail(`generation '${String((keyNode as { value?: unknown })?.value)}' must be a positive integer`, keyNode);
    const where = `generation ${id}`;
    const value = pair.value as Node;
    if (!isMap(value)) return fail(`${where} must be a mapping with seed, start and as_of`, value);
    const seed = str(field(value, "seed", where), `${where}: seed`);
    const start = instant(value, "start", where);
    const asOf = instant(value, "as_of", where);
    // Compare instants, not text: "…00Z" sorts after "…00.500Z" as a string.
    if (Date.parse(start) >= Date.parse(asOf)) fail(`${where}: start ${start} must come before as_of ${asOf}`, value);
    generations.set(id, { id, seed, start, asOf });
  }

  function instant(map: YAMLMap, key: string, where: string): string {
    const node = field(map, key, where);
    // YAML may have typed an unquoted timestamp already; we only accept the exact ISO text.
    const raw = isScalar(node) ? (node.source ?? String(node.value)) : undefined;
    const text = typeof raw === "string" ? raw : undefined;
    if (!text || !ISO_INSTANT.test(text)) return fail(`${where}: ${key} must be an ISO instant in UTC like 2026-03-01T00:00:00Z`, node);
    // The shape alone lets through impossible dates (2026-13-01, 2026-02-30, 24:00:00): they must round-trip.
    const ms = Date.parse(text);
    const canonical = text.length === 20 ? `${text.slice(0, 19)}.000Z` : text;
    if (Number.isNaN(ms) || new Date(ms).toISOString() !== canonical)
      return fail(`${where}: ${key} ${text} is not a real date and time`, node);
    return text;
  }

  const pinsNode = field(root, "pins", "catalog");
  if (!isSeq(pinsNode)) return fail("pins must be a list", pinsNode);
  const pins: Pin[] = [];
  const seen = new Map<string, number | undefined>();
  (pinsNode.items as Node[]).forEach((item, index) => {
    if (!isMap(item)) return fail(`pins[${index}] must be a mapping`, item);
    const nameNode = item.get("name", true) as Node | undefined;
    const name = nameNode ? str(nameNode, `pins[${index}].name`) : fail(`pins[${index}]: missing field 'name'`, item);
    const where = `pin '${name}'`;
    // An unknown key is most likely a typo (`publshed: true` would leave a pin unprotected).
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      if (!PIN_KEYS.includes(key)) fail(`${where}: unknown field '${key}' (known: ${PIN_KEYS.join(", ")})`, pair.key as Node);
    }
    const provider = str(field(item, "provider", where), `${where}: provider`);
    if (!livePrefixes.includes(provider))
      fail(
        `${where}: provider '${provider}' is not one of the live prefixes (${livePrefixes.join(", ")})`,
        item.get("provider", true) as Node,
      );
    const genNode = field(item, "generation", where);
    const generation = isScalar(genNode) ? Number(genNode.value) : NaN;
    if (!generations.has(generation))
      fail(`${where}: generation '${String((genNode as { value?: unknown }).value)}' is not defined under generations`, genNode);
    const apiNode = field(item, "api_version", where);
    // Unquoted, YAML reads 2.0 as the number 2 and 7.10 as 7.1: refuse rather than silently change the version.
    if (isScalar(apiNode) && typeof apiNode.value === "number")
      fail(
        `${where}: api_version ${apiNode.source ?? String(apiNode.value)} must be quoted, or YAML ` +
          `reads it as the number ${String(apiNode.value)}`,
        apiNode,
      );
    const apiVersion = str(apiNode, `${where}: api_version`);
    const filesNode = field(item, "files", where);
    if (!isScalar(filesNode) || typeof filesNode.value !== "boolean") fail(`${where}: files must be true or false`, filesNode);
    const files = (filesNode as { value: boolean }).value;
    const publishedNode = item.get("published", true) as Node | undefined;
    if (publishedNode && (!isScalar(publishedNode) || typeof publishedNode.value !== "boolean"))
      fail(`${where}: published must be true or false`, publishedNode);
    const published = publishedNode ? (publishedNode as { value: boolean }).value : false;

    const parsed = parsePinName(name, livePrefixes);
    if (!parsed) fail(`${where}: the name must look like <prefix>-<api_version_slug>[-g<generation>] with a known prefix`, nameNode);
    if (parsed && parsed.prefix !== provider)
      fail(`${where}: the name's prefix '${parsed.prefix}' does not match provider '${provider}'`, nameNode);
    if (parsed?.generation !== undefined && parsed.generation !== generation)
      fail(`${where}: the name says generation ${parsed.generation} but the entry says ${generation}`, nameNode);
    if (generation === 1 && files) fail(`${where}: generation 1 has no repository files (files: false)`, filesNode);
    if (generation >= 5 && !files) fail(`${where}: a generation ${generation} pin must serve files (files: true)`, filesNode);
    if (seen.has(name)) fail(`${where} is listed twice (first on line ${seen.get(name)})`, nameNode);
    seen.set(name, lineOf(nameNode));
    pins.push({ name, provider, generation, apiVersion, files, published });
  });

  const liveNode = root.get("live", true) as Node | undefined;
  const live = liveNode === undefined ? undefined : parseLive(liveNode);

  function parseLive(node: Node): LiveSettings {
    if (!isMap(node))
      return fail("live must be a mapping with seed, generation, epoch, regenerate_at, keep and optionally regenerate_every", node);
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      if (!LIVE_KEYS.includes(key)) fail(`live: unknown field '${key}' (known: ${LIVE_KEYS.join(", ")})`, pair.key as Node);
    }
    const seed = str(field(node, "seed", "live"), "live: seed");
    const genNode = field(node, "generation", "live");
    const generation = isScalar(genNode) ? Number(genNode.value) : NaN;
    if (!Number.isInteger(generation) || generation < 1) fail("live: generation must be a positive integer", genNode);
    if (generations.has(generation))
      fail(`live: generation ${generation} is a pinned generation; the live universe needs a number of its own`, genNode);
    if ([...generations.values()].some((g) => g.seed === seed))
      fail(`live: seed '${seed}' is a pinned generation's seed; live data must never equal a pin's`, field(node, "seed", "live"));
    const epoch = instant(node, "epoch", "live");
    const atNode = field(node, "regenerate_at", "live");
    const regenerateAt = str(atNode, "live: regenerate_at");
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(regenerateAt))
      fail(`live: regenerate_at '${regenerateAt}' must be a UTC time of day like 02:00`, atNode);
    const regenerateEvery = parseEvery(node.get("regenerate_every", true) as Node | undefined);
    const keepNode = field(node, "keep", "live");
    const keep = isScalar(keepNode) ? Number(keepNode.value) : NaN;
    if (!Number.isInteger(keep) || keep < 2)
      fail("live: keep must be an integer of at least 2 (the build serving and the one before)", keepNode);
    return { seed, generation, epoch, regenerateAt, regenerateEvery, keep };
  }

  /** `6h`, `30m`: a whole divisor of a day, at least 15 minutes; a day when absent. */
  function parseEvery(node: Node | undefined): number {
    if (node === undefined) return DAY_MS;
    const text = isScalar(node) ? String(node.value) : "";
    const m = /^(\d+)(h|m)$/.exec(text);
    const ms = m ? Number(m[1]) * (m[2] === "h" ? 3_600_000 : 60_000) : NaN;
    if (!(ms >= 15 * 60_000) || DAY_MS % ms !== 0)
      fail(`live: regenerate_every '${text}' must be hours or minutes that divide a day evenly, at least 15m (like 6h, 12h or 30m)`, node);
    return ms;
  }

  return { serviceDomain, generations, livePrefixes, pins, ...(live ? { live } : {}) };
}
