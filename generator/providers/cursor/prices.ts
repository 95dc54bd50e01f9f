/**
 * What Cursor charges for a metered request: the model's list API price per million tokens, by token
 * class, plus the Cursor Token Rate on third-party models. Prices are in thousandths of a dollar per
 * million tokens, so every cost is an integer count of 1e-7 cents and the cents Cursor reports (with its
 * fractional precision) are that integer over 10^7, exactly.
 *
 * Sources (as published in 2025–2026):
 * - claude-4.5-sonnet, composer-1: https://cursor.com/docs/models#model-pricing ("All prices are per
 *   million tokens": Claude 4.5 Sonnet $3 / $3.75 / $0.3 / $15, Composer 1 $1.25 / $1.25 / $0.125 / $10 for
 *   input / cache write / cache read / output).
 * - gpt-5: the same page lists GPT-5.1 at $1.25 / $1.25 / $0.125 / $10, the price of GPT-5 on
 *   https://openai.com/api/pricing/ (input $1.25, cached input $0.125, output $10; OpenAI bills no cache
 *   write, which Cursor lists at the input price).
 * - auto: https://cursor.com/docs/account/pricing#auto ("Input + Cache Write: $1.25 per 1M tokens,
 *   Output: $6.00 per 1M tokens, Cache Read: $0.25 per 1M tokens").
 * - Cursor Token Rate: https://cursor.com/help/models-and-usage/token-rate ("$0.25 per million tokens on
 *   all non-Auto agent requests", on input, output and cached tokens); the Admin API docs add that
 *   first-party Cursor models (Composer) carry no fee.
 * Max Mode is billed at the same per-token prices (it only sends more context), as the token-based plans
 * of 2026 price it.
 */
export interface ModelPrice {
  /** Thousandths of a dollar per million tokens. */
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  /** Whether the Cursor Token Rate applies (third-party models, not Auto or Cursor's own models). */
  tokenFee: boolean;
}

export const PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-4.5-sonnet": { input: 3_000, cacheWrite: 3_750, cacheRead: 300, output: 15_000, tokenFee: true },
  "gpt-5": { input: 1_250, cacheWrite: 1_250, cacheRead: 125, output: 10_000, tokenFee: true },
  "composer-1": { input: 1_250, cacheWrite: 1_250, cacheRead: 125, output: 10_000, tokenFee: false },
  auto: { input: 1_250, cacheWrite: 1_250, cacheRead: 250, output: 6_000, tokenFee: false },
};

/** The Cursor Token Rate: $0.25 per million tokens, in the same unit as the prices. */
export const TOKEN_FEE = 250;

/** 1e-7 cents per unit: thousandths of a dollar per million tokens, times tokens. */
export const UNITS_PER_CENT = 10_000_000;

export interface Tokens {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

export function priceOf(model: string): ModelPrice {
  const p = PRICES[model];
  if (!p) throw new Error(`no Cursor price for model ${model}`);
  return p;
}

/** The model cost of a request, in 1e-7 cents: tokens times the list price of each class. */
export function modelUnits(model: string, t: Tokens): number {
  const p = priceOf(model);
  return t.inputTokens * p.input + t.cacheWriteTokens * p.cacheWrite + t.cacheReadTokens * p.cacheRead + t.outputTokens * p.output;
}

/** The Cursor Token Rate of a request, in 1e-7 cents (0 for Auto and Cursor's own models). */
export function feeUnits(model: string, t: Tokens): number {
  return priceOf(model).tokenFee ? (t.inputTokens + t.outputTokens + t.cacheWriteTokens + t.cacheReadTokens) * TOKEN_FEE : 0;
}

/** Units as the cents Cursor reports: the exact decimal (a correctly rounded double prints as it). */
export function cents(units: number): number {
  return units / UNITS_PER_CENT;
}
