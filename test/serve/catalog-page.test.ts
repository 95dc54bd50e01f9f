import packagedChromium from "@sparticuz/chromium";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { liveHostRecords } from "../../generator/catalog/records.js";
import { manifests, providers } from "../../generator/providers/index.js";

const NAMES = Object.fromEntries([...manifests].map(([id, m]) => [id, m.name]));

/**
 * The human catalog page, in a real browser: the Chromium build that the @sparticuz/chromium package ships
 * inside its npm tarball (so `npm ci` is the whole set-up; Playwright's own browser download cannot reach
 * its CDN from these machines), driven by playwright-core. CHROMIUM_PATH picks another binary. The
 * expectations come from catalog.yaml and the provider registry, not from the served HTML.
 */
// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this
// machine's closed network refuses.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const baseUrl = inject("baseUrl");
const origin = new URL(baseUrl).origin;
const pageUrl = `${baseUrl}/catalog/`;
const catalog = loadCatalog("catalog.yaml");
const available = (provider: string) => providers.has(provider);

interface Opened {
  context: BrowserContext;
  page: Page;
  response: Response;
  /** Every URL the page requested, the document included. */
  requests: string[];
  /** Uncaught exceptions and console errors (a CSP violation is one). */
  problems: string[];
}

describe("the catalog page in headless Chromium", () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The package unpacks its binary (and the libraries it needs) into the temporary folder on first use.
    const executablePath = process.env.CHROMIUM_PATH ?? (await packagedChromium.executablePath());
    browser = await chromium.launch({ executablePath, args: FLAGS });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function open(setup: (context: BrowserContext) => Promise<unknown> = async () => {}): Promise<Opened> {
    const context = await browser!.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    await setup(context);
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // Before the first live build the live status answers 404, which Chromium logs: not the page's fault.
      const noLiveBuild = message.location().url.endsWith("/catalog/v1/live") && message.text().includes("404");
      if (message.type() === "error" && !noLiveBuild) problems.push(`console: ${message.text()}`);
    });
    const response = await page.goto(pageUrl, { waitUntil: "load" });
    if (!response) throw new Error(`no response for ${pageUrl}`);
    return { context, page, response, requests, problems };
  }

  /** The pin table as the reader sees it: one object per row, keyed by column heading. */
  async function pinRows(page: Page): Promise<Array<Record<string, string>>> {
    return page.$$eval("#pins", ([table]) => {
      const t = table as HTMLTableElement;
      const heads = Array.from(t.tHead!.rows[0]!.cells).map((c) =>
        c.innerText
          .replace(/[\u25B2\u25BC]/g, "")
          .trim()
          .toLowerCase(),
      );
      return Array.from(t.tBodies[0]!.rows).map((row) =>
        Object.fromEntries(Array.from(row.cells).map((c, i) => [heads[i], c.innerText.trim()])),
      );
    });
  }

  async function snippet(page: Page, pin: string): Promise<string> {
    return page.locator(`#snippet-${pin} pre code`).innerText();
  }

  it("answers 200 with an HTML page titled 'snapverse catalog', with no error in the console", async () => {
    const { page, response, problems } = await open();
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/html\b/);
    expect(await page.title()).toBe("snapverse catalog");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("snapverse catalog");
    expect(problems.join("\n")).toBe("");
    if (process.env.CATALOG_PAGE_SCREENSHOT) await page.screenshot({ path: process.env.CATALOG_PAGE_SCREENSHOT, fullPage: true });
  });

  it("lists every pin with its provider, generation, API version, files and availability", async () => {
    const { page } = await open();
    const rows = await pinRows(page);
    const seen = rows.map((r) => [r.provider, r.pin, r.generation, r["api version"], r.files, r.status].join(" | "));
    const expected = catalog.pins.map((p) =>
      [
        `${NAMES[p.provider]} ${p.provider}`,
        p.name,
        String(p.generation),
        p.apiVersion,
        p.files ? "yes" : "no",
        available(p.provider) ? "Available" : "Not served",
      ].join(" | "),
    );
    expect(catalog.pins.length).toBe(15);
    expect(seen.join("\n")).toBe(expected.join("\n"));
  });

  it("gives each available pin its base URL and a snippet; pins without a generator get neither", async () => {
    const { page } = await open();
    const rows = await pinRows(page);
    for (const pin of catalog.pins) {
      const row = rows.find((r) => r.pin === pin.name)!;
      const url = `${baseUrl}/${pin.name}`;
      const articles = await page.locator(`article.snippet[data-pin="${pin.name}"]`).count();
      if (available(pin.provider)) {
        expect(row["base url"], pin.name).toContain(url);
        expect(articles, pin.name).toBe(1);
        expect(await snippet(page, pin.name)).toContain(`"${url}"`);
      } else {
        expect(row["base url"], pin.name).toBe("not served yet");
        expect(row["base url"], pin.name).not.toContain(baseUrl);
        expect(articles, pin.name).toBe(0);
      }
    }
    expect(await snippet(page, "gh-2026-03-g5")).toBe(
      `import { Octokit } from "@octokit/rest";\nconst octokit = new Octokit({ baseUrl: "${baseUrl}/gh-2026-03-g5" });`,
    );
    // The human page and the machine-readable record agree on where the SDK points.
    const record = (await (await fetch(`${baseUrl}/catalog/v1/snapshots/gh-2026-03-g5`)).json()) as { base_url: string };
    expect(await snippet(page, "gh-2026-03-g5")).toContain(`"${record.base_url}"`);
  });

  it("lists every live host with its prefix, provider name, host, base URL and the live status's last and next build", async () => {
    const { page, problems } = await open();
    // What the page must show: the catalog's live status as the server answers it (404 before any build).
    const answer = await fetch(`${baseUrl}/catalog/v1/live`);
    const status = answer.ok ? ((await answer.json()) as { as_of: string; hosts: string[] }) : undefined;
    const every = catalog.live!.regenerateEvery;
    await expect.poll(() => page.locator("#live tbody tr[data-status]").count()).toBe(catalog.livePrefixes.length);
    const seen = await page.$$eval("#live tbody tr", (rows) =>
      rows.map((r) =>
        Array.from((r as HTMLTableRowElement).cells)
          .map((c) => c.innerText.replace(/\s+/g, " ").trim())
          .join(" | "),
      ),
    );
    const expected = liveHostRecords(catalog, NAMES, (prefix) => `${baseUrl}/${prefix}`).map((l) => {
      const serving = status?.hosts.includes(l.prefix);
      const next = serving ? new Date(Date.parse(status!.as_of) + every).toISOString().replace(".000Z", "Z") : "unknown";
      const last = serving ? status!.as_of : status ? "not in the build serving" : "no live build yet";
      return [l.prefix, l.provider_name, l.host, `${l.base_url} SDK snippet`, last, next].join(" | ");
    });
    expect(expected.length).toBe(21);
    expect(seen.join("\n")).toBe(expected.join("\n"));
    expect(problems.join("\n")).toBe("");
  });

  it("gives every live host a snippet on its own base URL, and Azure DevOps' snippets name an organization that answers", async () => {
    const { page } = await open();
    for (const prefix of catalog.livePrefixes)
      expect(await page.locator(`#live-snippet-${prefix} pre code`).innerText(), prefix).toContain(`${baseUrl}/${prefix}`);
    // The snippet's organization is the universe's own: the URL it builds answers the projects list.
    for (const pin of catalog.pins.filter((p) => p.provider === "ado")) {
      const text = await snippet(page, pin.name);
      const organization = /\/([a-z0-9-]+)`, azdev/.exec(text)?.[1];
      expect(text).not.toContain("<organization>");
      const res = await fetch(`${baseUrl}/${pin.name}/${organization}/_apis/projects`, { headers: { authorization: "Basic OmFueQ==" } });
      expect(`${pin.name} ${organization} ${res.status}`).toBe(`${pin.name} ${organization} 200`);
    }
  });

  it("sorts the pin table by a column, and back into provider groups", async () => {
    const { page } = await open();
    const generation = page.getByRole("columnheader", { name: "Generation" });
    await generation.getByRole("button").click();
    expect(await generation.getAttribute("aria-sort")).toBe("ascending");
    const byGeneration = (await pinRows(page)).map((r) => Number(r.generation));
    expect(byGeneration.join(",")).toBe([...byGeneration].sort((a, b) => a - b).join(","));
    await generation.getByRole("button").click();
    expect(await generation.getAttribute("aria-sort")).toBe("descending");
    expect((await pinRows(page))[0]!.generation).toBe("5");
    const provider = page.getByRole("columnheader", { name: "Provider" });
    await provider.getByRole("button").click();
    const names = (await pinRows(page)).map((r) => r.provider);
    expect(names.join(",")).toBe([...names].sort().join(","));
    // Each provider's pins are together, in catalog order within the group.
    const pins = (await pinRows(page)).map((r) => r.pin);
    for (const prefix of new Set(catalog.pins.map((p) => p.provider))) {
      const mine = pins.filter((p) => catalog.pins.find((c) => c.name === p)!.provider === prefix);
      expect(mine.join(","), prefix).toBe(
        catalog.pins
          .filter((p) => p.provider === prefix)
          .map((p) => p.name)
          .join(","),
      );
    }
  });

  it("Copy puts the snippet on the clipboard", async () => {
    const { page, problems } = await open((context) => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin }));
    const button = page.getByRole("button", { name: "Copy the SDK snippet for gh-2026-03-g5" });
    await button.click();
    await expect.poll(() => button.getAttribute("data-copied")).toBe("clipboard");
    expect(await button.innerText()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet(page, "gh-2026-03-g5"));
    expect(await page.getByRole("status").innerText()).toContain("Copied");
    expect(problems.join("\n")).toBe("");
  });

  it("Copy selects the snippet where the clipboard API is unavailable", async () => {
    const { page, problems } = await open((context) =>
      context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
      }),
    );
    expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();
    const button = page.getByRole("button", { name: "Copy the SDK snippet for gh-2026-03", exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute("data-copied")).toMatch(/^(exec|selected)$/);
    expect(await page.evaluate(() => window.getSelection()!.toString())).toBe(await snippet(page, "gh-2026-03"));
    expect(problems.join("\n")).toBe("");
  });

  it("requests nothing from any other origin, and nothing but the page itself and the catalog's live status", async () => {
    const { page, requests, problems } = await open();
    await page.getByRole("button", { name: "Pin", exact: true }).click();
    await page.locator("a[href^='#snippet-']").first().click();
    await page.waitForLoadState("networkidle");
    const network = requests.filter((u) => !u.startsWith("data:"));
    expect(network.filter((u) => new URL(u).origin !== origin).join("\n")).toBe("");
    expect(network.join("\n")).toBe([pageUrl, `${baseUrl}/catalog/v1/live`].join("\n"));
    expect(problems.join("\n")).toBe("");
  });
});
