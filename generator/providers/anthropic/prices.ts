/**
 * Anthropic's published list prices, in US cents per million tokens, so every price is a whole number and
 * every cost an exact decimal: https://platform.claude.com/docs/en/about-claude/pricing ("Model pricing":
 * base input, 5-minute cache writes, 1-hour cache writes, cache hits, output), as published in 2026.
 * Web search is $10 per 1,000 searches: one cent a search (same page, "Web search tool").
 *
 * Costs are tokens × price, kept in micro-cents (1e-6 ¢) as integers, and written as decimal strings of
 * cents (the cost report's `amount`) or as numbers of cents (Claude Code's `estimated_cost.amount`).
 */
export interface Price {
  /** Uncached input, 5-minute and 1-hour cache writes, cache reads (hits and refreshes), output: ¢ per MTok. */
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  output: number;
}

const price = (input: number, cacheWrite5m: number, cacheWrite1h: number, cacheRead: number, output: number): Price => ({
  input,
  cacheWrite5m,
  cacheWrite1h,
  cacheRead,
  output,
});

export const PRICES_SOURCE = "https://platform.claude.com/docs/en/about-claude/pricing";

/** By model id (aliases resolve to these first). */
export const PRICES: Readonly<Record<string, Price>> = {
  "claude-fable-5": price(1000, 1250, 2000, 100, 5000),
  "claude-opus-5": price(500, 625, 1000, 50, 2500),
  "claude-opus-4-8": price(500, 625, 1000, 50, 2500),
  "claude-opus-4-7": price(500, 625, 1000, 50, 2500),
  "claude-opus-4-6": price(500, 625, 1000, 50, 2500),
  "claude-opus-4-5-20251101": price(500, 625, 1000, 50, 2500),
  "claude-sonnet-5": price(200, 250, 400, 20, 1000),
  "claude-sonnet-4-6": price(300, 375, 600, 30, 1500),
  "claude-sonnet-4-5-20250929": price(300, 375, 600, 30, 1500),
  "claude-haiku-4-5-20251001": price(100, 125, 200, 10, 500),
};

/** Web search: 1,000 searches for $10. */
export const WEB_SEARCH_CENTS = 1;

export function priceOf(model: string): Price {
  const p = PRICES[model];
  if (!p) throw new Error(`no published price for ${model}`);
  return p;
}

/** tokens × ¢/MTok, in micro-cents: an exact integer. */
export function microCents(tokens: number, centsPerMTok: number): bigint {
  return BigInt(tokens) * BigInt(centsPerMTok);
}

/** Micro-cents as a decimal string of cents without trailing zeros: `123.78912`, `12`. */
export function centsString(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** What a set of token counts costs at a model's prices, in micro-cents. */
export function tokenCost(
  model: string,
  t: { uncached: number; cacheWrite5m: number; cacheWrite1h: number; cacheRead: number; output: number },
): bigint {
  const p = priceOf(model);
  return (
    microCents(t.uncached, p.input) +
    microCents(t.cacheWrite5m, p.cacheWrite5m) +
    microCents(t.cacheWrite1h, p.cacheWrite1h) +
    microCents(t.cacheRead, p.cacheRead) +
    microCents(t.output, p.output)
  );
}
