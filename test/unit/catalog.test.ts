import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CatalogError, loadCatalog, parseCatalog, parsePinName } from "../../generator/catalog/index.js";
import { latestSlot, nextSlot, scheduleText } from "../../generator/live/settings.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CATALOG = join(ROOT, "catalog.yaml");

/** DESIGN.md §1, in the documented order. */
const LIVE_PREFIXES = [
  "gh",
  "slack",
  "sentry",
  "circleci",
  "zendesk",
  "gl",
  "bb",
  "ado",
  "jira",
  "linear",
  "anthropic",
  "cursor",
  "devin",
  "openai",
  "chatgpt",
  "graph",
  "pd",
  "sf",
  "hubspot",
  "buildkite",
  "statuspage",
];

/** DESIGN.md §1's pin table, one row per pin: name, provider, generation, api_version, files. */
const CONTRACT_PINS: [string, string, number, string, boolean][] = [
  ["gh-2026-03-g5", "gh", 5, "2026-03-10", true],
  ["gh-2026-03", "gh", 1, "2026-03-10", false],
  ["gl-v4-g5", "gl", 5, "v4", true],
  ["gl-v4", "gl", 1, "v4", false],
  ["bb-v2-g5", "bb", 5, "2.0", true],
  ["bb-v2", "bb", 1, "2.0", false],
  ["ado-7-1-g5", "ado", 5, "7.1", true],
  ["ado-7-1", "ado", 1, "7.1", false],
  ["jira-v3-g5", "jira", 5, "v3", true],
  ["jira-v3", "jira", 1, "v3", false],
  ["linear-2026-08-g5", "linear", 5, "unversioned", true],
  ["linear-2026-08", "linear", 1, "unversioned", false],
  ["hubspot-v3", "hubspot", 5, "v3", true],
  ["openai-2020-10", "openai", 5, "2020-10-01", true],
  ["devin-v1", "devin", 5, "v1", true],
];

const byName = <T extends { 0: string }>(rows: T[]): T[] => [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/**
 * A small valid catalog; the line of each entry is written beside it. Extra pins start on line 15.
 */
const BASE = [
  "service_domain: snapverse.dev", // 1
  "generations:", // 2
  "  1:", // 3
  "    seed: test/generation-1", // 4
  "    start: 2026-03-01T00:00:00Z", // 5
  "    as_of: 2026-08-31T18:00:00Z", // 6
  "  5:", // 7
  "    seed: test/generation-5", // 8
  "    start: 2026-04-01T00:00:00Z", // 9
  "    as_of: 2026-09-30T18:00:00Z", // 10
  "live_prefixes: [gh, bb, ado]", // 11
  "pins:", // 12
  '  - { name: gh-2026-03-g5, provider: gh, generation: 5, api_version: "2026-03-10", files: true }', // 13
  '  - { name: gh-2026-03, provider: gh, generation: 1, api_version: "2026-03-10", files: false }', // 14
];
const withPins = (...lines: string[]): string => [...BASE, ...lines, ""].join("\n");
const lines = (...ls: string[]): string => [...ls, ""].join("\n");

/** Parses text that must fail, and returns the CatalogError it fails with. */
function catalogError(text: string, file = "test.yaml"): CatalogError {
  let thrown: unknown;
  try {
    parseCatalog(text, file);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CatalogError);
  return thrown as CatalogError;
}

describe("catalog.yaml holds the DESIGN.md §1 contract", () => {
  const catalog = loadCatalog(CATALOG);

  it("has exactly the 15 pins of the table, with provider, generation, api_version and files", () => {
    const actual = byName(
      catalog.pins.map((p): [string, string, number, string, boolean] => [p.name, p.provider, p.generation, p.apiVersion, p.files]),
    );
    expect(catalog.pins).toHaveLength(15);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(byName(CONTRACT_PINS)));
  });

  it("lists the 21 live prefixes in the documented order", () => {
    expect(JSON.stringify(catalog.livePrefixes)).toBe(JSON.stringify(LIVE_PREFIXES));
  });

  it("defines generations 1 and 5, each with a seed and start before as_of", () => {
    expect(JSON.stringify([...catalog.generations.keys()].sort((a, b) => a - b))).toBe("[1,5]");
    for (const id of [1, 5]) {
      const g = catalog.generations.get(id);
      expect(g?.id).toBe(id);
      expect(typeof g?.seed).toBe("string");
      expect(g?.seed.length).toBeGreaterThan(0);
      expect(Date.parse(g?.start ?? "")).toBeLessThan(Date.parse(g?.asOf ?? ""));
    }
  });

  it("sets the service domain", () => {
    expect(catalog.serviceDomain).toBe("snapverse.dev");
  });

  it("gives hubspot, openai and devin no generation-1 pin", () => {
    const gen1Providers = catalog.pins.filter((p) => p.generation === 1).map((p) => p.provider);
    for (const provider of ["hubspot", "openai", "devin"]) expect(gen1Providers).not.toContain(provider);
    expect(JSON.stringify([...gen1Providers].sort())).toBe(JSON.stringify(["ado", "bb", "gh", "gl", "jira", "linear"]));
  });

  it("gives generation-1 pins no -g suffix and no files", () => {
    for (const p of catalog.pins.filter((pin) => pin.generation === 1)) {
      expect(p.name).not.toMatch(/-g\d+$/);
      expect(parsePinName(p.name, catalog.livePrefixes)?.generation).toBeUndefined();
      expect(p.files).toBe(false);
    }
  });

  it("gives every generation-5 pin files: true", () => {
    const gen5 = catalog.pins.filter((p) => p.generation === 5);
    expect(gen5).toHaveLength(9);
    for (const p of gen5) expect(`${p.name} files=${p.files}`).toBe(`${p.name} files=true`);
  });

  it("gives each pin a name whose prefix is its provider and whose suffix, if any, is its generation", () => {
    for (const p of catalog.pins) {
      const parsed = parsePinName(p.name, catalog.livePrefixes);
      expect(parsed?.prefix).toBe(p.provider);
      if (parsed?.generation !== undefined) expect(parsed.generation).toBe(p.generation);
    }
    const unsuffixedGen5 = catalog.pins.filter((p) => p.generation === 5 && !p.name.endsWith("-g5")).map((p) => p.name);
    expect(JSON.stringify(unsuffixedGen5.sort())).toBe(JSON.stringify(["devin-v1", "hubspot-v3", "openai-2020-10"]));
  });
});

describe("parsePinName", () => {
  const { livePrefixes, pins } = loadCatalog(CATALOG);

  it("parses gh-2026-03-g11 as a valid shape that is not in the catalog", () => {
    expect(JSON.stringify(parsePinName("gh-2026-03-g11", livePrefixes))).toBe(
      JSON.stringify({ prefix: "gh", versionSlug: "2026-03", generation: 11 }),
    );
    expect(pins.map((p) => p.name)).not.toContain("gh-2026-03-g11");
  });

  it("leaves the generation undefined when the name has no suffix", () => {
    const parsed = parsePinName("gh-2026-03", livePrefixes);
    expect(parsed?.prefix).toBe("gh");
    expect(parsed?.versionSlug).toBe("2026-03");
    expect(parsed !== undefined && "generation" in parsed).toBe(true);
    expect(parsed?.generation).toBeUndefined();
  });

  it("splits ado-7-1-g5 into slug 7-1 and generation 5", () => {
    expect(JSON.stringify(parsePinName("ado-7-1-g5", livePrefixes))).toBe(
      JSON.stringify({ prefix: "ado", versionSlug: "7-1", generation: 5 }),
    );
  });

  it("parses every catalog pin name", () => {
    for (const p of pins)
      expect(`${p.name}: ${parsePinName(p.name, livePrefixes) === undefined ? "rejected" : "ok"}`).toBe(`${p.name}: ok`);
  });

  it.each([
    ["an unknown prefix", "xx-2026-03"],
    ["a live prefix missing from the given list", "gh-2026-03"],
    ["upper case", "GH-2026-03"],
    ["upper case in the slug", "gh-V4"],
    ["an underscore", "GH_2026"],
    ["an empty slug", "gh-"],
    ["no slug at all", "gh"],
    ["an empty slug segment", "gh--x"],
    ["a trailing dash", "gh-2026-03-"],
    ["generation 0", "gh-2026-03-g0"],
    ["a leading zero in the generation", "gh-2026-03-g05"],
    ["a -g with no number", "gh-2026-03-g"],
    ["two generation suffixes", "gh-2026-03-g5-g5"],
    ["a dot in the slug", "bb-2.0"],
    ["an empty name", ""],
  ])("rejects %s (%s)", (_why, name) => {
    const prefixes = name === "gh-2026-03" ? livePrefixes.filter((p) => p !== "gh") : livePrefixes;
    expect(parsePinName(name, prefixes)).toBeUndefined();
  });
});

describe("parseCatalog reports each problem with the entry and its line", () => {
  it("accepts the small base catalog the failure cases are built on", () => {
    const catalog = parseCatalog(withPins(), "test.yaml");
    expect(JSON.stringify(catalog.pins.map((p) => p.name))).toBe(JSON.stringify(["gh-2026-03-g5", "gh-2026-03"]));
  });

  it("reports a YAML syntax error with its line", () => {
    const err = catalogError(
      lines(
        "service_domain: snapverse.dev", // 1
        "live_prefixes: [gh, bb", // 2: unclosed
        "pins: []", // 3: where yaml notices the missing ]
      ),
    );
    expect(err.message).toMatch(/^test\.yaml:3: YAML syntax error: .*\]/);
    expect(err.line).toBe(3);
    expect(err.file).toBe("test.yaml");
  });

  it("reports a duplicate key as a YAML error on the line of the second key", () => {
    const err = catalogError(lines("service_domain: snapverse.dev", "service_domain: other.dev"));
    expect(err.message).toBe("test.yaml:2: YAML syntax error: Map keys must be unique");
  });

  it("reports a pin name of the wrong shape", () => {
    const err = catalogError(withPins("  - { name: GH_2026, provider: gh, generation: 1, api_version: v1, files: false }"));
    expect(err.message).toMatch(/^test\.yaml:15: pin 'GH_2026': the name must look like <prefix>-<api_version_slug>\[-g<generation>\]/);
    expect(err.line).toBe(15);
  });

  it("reports a provider that is not a live prefix", () => {
    const err = catalogError(withPins("  - { name: gh-v9, provider: github, generation: 1, api_version: v9, files: false }"));
    expect(err.message).toMatch(/^test\.yaml:15: pin 'gh-v9': provider 'github' is not one of the live prefixes \(gh, bb, ado\)$/);
  });

  it("reports a name whose prefix is not its provider", () => {
    const err = catalogError(withPins("  - { name: bb-v2, provider: gh, generation: 1, api_version: v2, files: false }"));
    expect(err.message).toBe("test.yaml:15: pin 'bb-v2': the name's prefix 'bb' does not match provider 'gh'");
  });

  it("reports a generation-5 pin with files: false on the line of files", () => {
    const err = catalogError(
      withPins(
        "  - name: bb-v2-g5", // 15
        "    provider: bb", // 16
        "    generation: 5", // 17
        '    api_version: "2.0"', // 18
        "    files: false", // 19
      ),
    );
    expect(err.message).toBe("test.yaml:19: pin 'bb-v2-g5': a generation 5 pin must serve files (files: true)");
  });

  it("reports a duplicate pin with both lines", () => {
    const err = catalogError(
      withPins(
        '  - { name: bb-v2, provider: bb, generation: 1, api_version: "2.0", files: false }', // 15
        "", // 16
        '  - { name: gh-2026-03, provider: gh, generation: 1, api_version: "2026-03-10", files: false }', // 17
      ),
    );
    expect(err.message).toBe("test.yaml:17: pin 'gh-2026-03' is listed twice (first on line 14)");
  });

  it("reports a name suffix that disagrees with the generation", () => {
    const err = catalogError(
      lines(
        "service_domain: snapverse.dev", // 1
        "generations:", // 2
        "  1: { seed: a, start: 2026-03-01T00:00:00Z, as_of: 2026-08-31T18:00:00Z }", // 3
        "  5: { seed: b, start: 2026-04-01T00:00:00Z, as_of: 2026-09-30T18:00:00Z }", // 4
        "live_prefixes: [gh]", // 5
        "pins:", // 6
        '  - { name: gh-2026-03-g5, provider: gh, generation: 1, api_version: "2026-03-10", files: false }', // 7
      ),
    );
    expect(err.message).toBe("test.yaml:7: pin 'gh-2026-03-g5': the name says generation 5 but the entry says 1");
  });

  it("reports a pin that refers to an undefined generation", () => {
    const err = catalogError(
      withPins(
        "  - name: ado-7-1-g3", // 15
        "    provider: ado", // 16
        "    generation: 3", // 17
        '    api_version: "7.1"', // 18
        "    files: true", // 19
      ),
    );
    expect(err.message).toBe("test.yaml:17: pin 'ado-7-1-g3': generation '3' is not defined under generations");
  });

  it("reports a generation whose start is not before its as_of", () => {
    const err = catalogError(
      lines(
        "service_domain: snapverse.dev", // 1
        "generations:", // 2
        "  1:", // 3
        "    seed: a", // 4
        "    start: 2026-08-31T18:00:00Z", // 5
        "    as_of: 2026-08-31T18:00:00Z", // 6
        "live_prefixes: [gh]", // 7
        "pins: []", // 8
      ),
    );
    expect(err.message).toBe("test.yaml:4: generation 1: start 2026-08-31T18:00:00Z must come before as_of 2026-08-31T18:00:00Z");
  });

  it("compares start and as_of as instants, not as text", () => {
    // As text "…00Z" sorts after "…00.500Z", although it is half a second earlier.
    const catalog = parseCatalog(
      lines(
        "service_domain: snapverse.dev",
        "generations:",
        "  1: { seed: a, start: 2026-03-01T00:00:00Z, as_of: 2026-03-01T00:00:00.500Z }",
        "live_prefixes: [gh]",
        "pins: []",
      ),
      "test.yaml",
    );
    expect(catalog.generations.get(1)?.asOf).toBe("2026-03-01T00:00:00.500Z");
  });

  it.each([
    ["a date without a time", "2026-08-31"],
    ["an offset instead of Z", "2026-08-31T18:00:00+02:00"],
    ["a space instead of T", "'2026-08-31 18:00:00Z'"],
    ["no seconds", "2026-08-31T18:00Z"],
  ])("reports an as_of that is not an ISO UTC instant: %s", (_why, asOf) => {
    const err = catalogError(
      lines(
        "service_domain: snapverse.dev", // 1
        "generations:", // 2
        "  1:", // 3
        "    seed: a", // 4
        "    start: 2026-03-01T00:00:00Z", // 5
        `    as_of: ${asOf}`, // 6
        "live_prefixes: [gh]", // 7
        "pins: []", // 8
      ),
    );
    expect(err.message).toBe("test.yaml:6: generation 1: as_of must be an ISO instant in UTC like 2026-03-01T00:00:00Z");
  });

  it.each([
    ["month 13", "2026-13-01T00:00:00Z"],
    ["February 30", "2026-02-30T00:00:00Z"],
    ["hour 24", "2026-03-01T24:00:00Z"],
  ])("reports an instant of the right shape that is not a real date: %s", (_why, start) => {
    const err = catalogError(
      lines(
        "service_domain: snapverse.dev", // 1
        "generations:", // 2
        "  1:", // 3
        "    seed: a", // 4
        `    start: ${start}`, // 5
        "    as_of: 2026-08-31T18:00:00Z", // 6
        "live_prefixes: [gh]", // 7
        "pins: []", // 8
      ),
    );
    expect(err.message).toBe(`test.yaml:5: generation 1: start ${start} is not a real date and time`);
  });

  it("reports a missing top-level field", () => {
    const err = catalogError(
      lines(
        "# a comment", // 1
        "service_domain: snapverse.dev", // 2: the catalog mapping starts here
        "generations:", // 3
        "  1: { seed: a, start: 2026-03-01T00:00:00Z, as_of: 2026-08-31T18:00:00Z }", // 4
        "live_prefixes: [gh]", // 5
      ),
    );
    expect(err.message).toBe("test.yaml:2: catalog: missing field 'pins'");
  });

  it("reports a pin with a missing field", () => {
    const err = catalogError(withPins("  - { name: gh-v9, provider: gh, generation: 1, files: false }"));
    expect(err.message).toBe("test.yaml:15: pin 'gh-v9': missing field 'api_version'");
  });

  it("refuses an unquoted api_version that YAML would read as a number", () => {
    const err = catalogError(withPins("  - { name: bb-v2, provider: bb, generation: 1, api_version: 2.0, files: false }"));
    expect(err.message).toBe("test.yaml:15: pin 'bb-v2': api_version 2.0 must be quoted, or YAML reads it as the number 2");
  });

  it("refuses an empty api_version", () => {
    const err = catalogError(withPins("  - { name: bb-v2, provider: bb, generation: 1, api_version: , files: false }"));
    expect(err.message).toBe("test.yaml:15: pin 'bb-v2': api_version must be a non-empty string");
  });

  it("refuses a catalog that is not a mapping", () => {
    const err = catalogError("- just\n- a list\n");
    expect(err.message).toMatch(/^test\.yaml:1: the catalog must be a mapping/);
  });

  it("reports a catalog file that cannot be read as a CatalogError naming the file", () => {
    const missing = join(tmpdir(), "snapverse-no-such-catalog.yaml");
    let thrown: unknown;
    try {
      loadCatalog(missing);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CatalogError);
    expect((thrown as Error).message).toBe(`${missing}: cannot read the catalog (ENOENT)`);
  });
});

describe("snapverse catalog (CLI)", () => {
  const dir = mkdtempSync(join(tmpdir(), "snapverse-catalog-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "generator/cli.ts", ...args], { cwd: ROOT, encoding: "utf8" });

  it("reports a malformed catalog with file:line, exit code 2 and no stack trace", () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, withPins("  - { name: gh-v9, provider: github, generation: 1, api_version: v9, files: false }"));
    const result = run("--catalog", bad, "catalog");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("catalog error:");
    expect(result.stderr).toContain(`${bad}:15: pin 'gh-v9': provider 'github'`);
    expect(result.stderr).not.toContain("    at ");
  });

  it("reports a YAML syntax error the same way", () => {
    const bad = join(dir, "syntax.yaml");
    writeFileSync(bad, lines("service_domain: snapverse.dev", "live_prefixes: [gh, bb", "pins: []"));
    const result = run("--catalog", bad, "catalog");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`catalog error: ${bad}:3: YAML syntax error`);
    expect(result.stderr).not.toContain("    at ");
  });

  it("reports a missing catalog file without a stack trace", () => {
    const result = run("--catalog", join(dir, "missing.yaml"), "catalog");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`catalog error: ${join(dir, "missing.yaml")}: cannot read the catalog`);
    expect(result.stderr).not.toContain("    at ");
  });

  it("lists all 15 pins of the real catalog and exits 0", () => {
    const result = run("--catalog", CATALOG, "catalog");
    expect(result.status).toBe(0);
    const listed = result.stdout
      .split("\n")
      .map((line) => line.split(/\s+/)[0])
      .filter((name) => name !== undefined && name !== "");
    expect(JSON.stringify([...listed].sort())).toBe(JSON.stringify(CONTRACT_PINS.map((row) => row[0]).sort()));
  });
});

describe("parseCatalog refuses what would silently weaken a pin", () => {
  const base = (pinLine: string) =>
    [
      "service_domain: snapverse.dev",
      "generations:",
      "  1: { seed: a, start: 2026-01-01T00:00:00Z, as_of: 2026-02-01T00:00:00Z }",
      "live_prefixes: [gh]",
      "pins:",
      pinLine,
    ].join("\n");

  it("an unknown field, such as a misspelt 'published', names the pin and the line", () => {
    expect(() =>
      parseCatalog(base('  - { name: gh-2026-03, provider: gh, generation: 1, api_version: "x", files: false, publshed: true }'), "t.yaml"),
    ).toThrow(/^t\.yaml:6: pin 'gh-2026-03': unknown field 'publshed'/);
  });

  it("a generation-1 pin that claims files", () => {
    expect(() =>
      parseCatalog(base('  - { name: gh-2026-03, provider: gh, generation: 1, api_version: "x", files: true }'), "t.yaml"),
    ).toThrow(/^t\.yaml:6: pin 'gh-2026-03': generation 1 has no repository files/);
  });
});

describe("the live section", () => {
  const live = (...ls: string[]) => withPins("live:", ...ls);
  const ok = ["  seed: test/live", "  generation: 9", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "02:00"', "  keep: 3"];

  it("parses seed, generation, epoch, regenerate_at and keep", () => {
    const parsed = parseCatalog(live(...ok)).live!;
    expect(`${parsed.seed} ${parsed.generation} ${parsed.epoch} ${parsed.regenerateAt} ${parsed.regenerateEvery} ${parsed.keep}`).toBe(
      "test/live 9 2026-08-01T00:00:00Z 02:00 86400000 3",
    );
  });

  it("parses regenerate_every, and places the slots from regenerate_at at that interval every day", () => {
    const settings = parseCatalog(live(...ok, "  regenerate_every: 6h")).live!;
    expect(settings.regenerateEvery).toBe(6 * 3_600_000);
    const at = (iso: string) => new Date(latestSlot(settings, Date.parse(iso))).toISOString();
    expect(
      [
        at("2026-11-27T01:59:59Z"),
        at("2026-11-27T02:00:00Z"),
        at("2026-11-27T07:59:59Z"),
        at("2026-11-27T08:00:00Z"),
        at("2026-11-27T23:59:00Z"),
      ].join(" "),
    ).toBe("2026-11-26T20:00:00.000Z 2026-11-27T02:00:00.000Z 2026-11-27T02:00:00.000Z 2026-11-27T08:00:00.000Z 2026-11-27T20:00:00.000Z");
    expect(new Date(nextSlot(settings, Date.parse("2026-11-27T21:00:00Z"))).toISOString()).toBe("2026-11-28T02:00:00.000Z");
    expect(scheduleText(settings)).toBe("every 6 h from 02:00 UTC");
    const nightly = parseCatalog(live(...ok)).live!;
    expect(new Date(latestSlot(nightly, Date.parse("2026-11-27T01:59:59Z"))).toISOString()).toBe("2026-11-26T02:00:00.000Z");
    expect(scheduleText(nightly)).toBe("nightly at 02:00 UTC");
  });

  it.each([
    [
      ["  seed: test/live", "  generation: 5", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "02:00"', "  keep: 3"],
      "live: generation 5 is a pinned generation; the live universe needs a number of its own",
      17,
    ],
    [
      ["  seed: test/generation-1", "  generation: 9", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "02:00"', "  keep: 3"],
      "live: seed 'test/generation-1' is a pinned generation's seed; live data must never equal a pin's",
      16,
    ],
    [
      ["  seed: test/live", "  generation: 9", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "2am"', "  keep: 3"],
      "live: regenerate_at '2am' must be a UTC time of day like 02:00",
      19,
    ],
    [
      ["  seed: test/live", "  generation: 9", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "02:00"', "  keep: 1"],
      "live: keep must be an integer of at least 2 (the build serving and the one before)",
      20,
    ],
    [
      ["  seed: test/live", "  generation: 9", "  epoch: 2026-08-01", '  regenerate_at: "02:00"', "  keep: 3"],
      "live: epoch must be an ISO instant in UTC like 2026-03-01T00:00:00Z",
      18,
    ],
    [
      [...["  seed: test/live", "  generation: 9", "  epoch: 2026-08-01T00:00:00Z", '  regenerate_at: "02:00"', "  keep: 3"], "  keeps: 3"],
      "live: unknown field 'keeps' (known: seed, generation, epoch, regenerate_at, regenerate_every, keep)",
      21,
    ],
    [
      [...ok, "  regenerate_every: 5h"],
      "live: regenerate_every '5h' must be hours or minutes that divide a day evenly, at least 15m (like 6h, 12h or 30m)",
      21,
    ],
    [
      [...ok, "  regenerate_every: 10m"],
      "live: regenerate_every '10m' must be hours or minutes that divide a day evenly, at least 15m (like 6h, 12h or 30m)",
      21,
    ],
    [
      [...ok, "  regenerate_every: six hours"],
      "live: regenerate_every 'six hours' must be hours or minutes that divide a day evenly, at least 15m (like 6h, 12h or 30m)",
      21,
    ],
  ])("refuses %j", (entry, message, line) => {
    const error = catalogError(live(...(entry as string[])));
    expect(error.message).toBe(`test.yaml:${line}: ${message}`);
  });
});
