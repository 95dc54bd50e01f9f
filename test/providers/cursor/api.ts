import { expect, inject } from "vitest";
import type { World } from "../../../generator/world/types.js";
import { PREFIX, basicAuth } from "./world.js";

/** Plain fetch against the live host, as Cursor's curl examples do (`-u KEY:`, JSON bodies on POST). */
export const base = `${inject("baseUrl")}/${PREFIX}`;

export type Any = Record<string, any>;

export async function get(path: string, headers: Record<string, string> = basicAuth()): Promise<Response> {
  return fetch(`${base}/${path}`, { headers });
}

export async function post(path: string, body: unknown, headers: Record<string, string> = basicAuth()): Promise<Response> {
  return fetch(`${base}/${path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function getJson(path: string): Promise<Any> {
  const res = await get(path);
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as Any;
}

export async function postJson(path: string, body: unknown): Promise<Any> {
  const res = await post(path, body);
  const text = await res.text();
  expect(res.status, `POST ${path} ${JSON.stringify(body)}: ${text.slice(0, 200)}`).toBe(200);
  return JSON.parse(text) as Any;
}

/** `<status> <body>` of a request, for comparing error answers as bytes. */
export async function answer(res: Promise<Response>): Promise<string> {
  const r = await res;
  return `${r.status} ${await r.text()}`;
}

/**
 * Cursor's published prices, restated here from its docs (not imported from the generator) in
 * thousandths of a dollar per million tokens: input, cache write, cache read, output, and whether the
 * Cursor Token Rate ($0.25 per million tokens) applies. Sources: cursor.com/docs/models#model-pricing,
 * cursor.com/docs/account/pricing#auto, openai.com/api/pricing (GPT-5), cursor.com/help/models-and-usage/token-rate.
 */
export const PUBLISHED: Record<string, [number, number, number, number, boolean]> = {
  "claude-4.5-sonnet": [3000, 3750, 300, 15000, true],
  "gpt-5": [1250, 1250, 125, 10000, true],
  "composer-1": [1250, 1250, 125, 10000, false],
  auto: [1250, 1250, 250, 6000, false],
};

export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

/** Model cost and token fee in 1e-7 cents, as exact integers: tokens times the published price. */
export function units(model: string, t: TokenCounts): { model: bigint; fee: bigint } {
  const [i, w, r, o, fee] = PUBLISHED[model]!;
  const b = BigInt;
  const cost = b(t.inputTokens) * b(i) + b(t.cacheWriteTokens) * b(w) + b(t.cacheReadTokens) * b(r) + b(t.outputTokens) * b(o);
  const all = b(t.inputTokens + t.outputTokens + t.cacheWriteTokens + t.cacheReadTokens);
  return { model: cost, fee: fee ? all * 250n : 0n };
}

/** 1e-7 cents as the decimal number of cents, exactly (no trailing zeros). */
export function decimal(u: bigint): string {
  const whole = u / 10_000_000n;
  const frac = (u % 10_000_000n).toString().padStart(7, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** People by id, and the Cursor seat holders. */
export function directory(world: World) {
  const person = (id: number) => world.people[id - 1]!;
  const seats = world.ai.seats.filter((s) => s.tool === "cursor");
  const byEmail = new Map(world.people.map((p) => [p.email, p]));
  return { person, seats, byEmail };
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
