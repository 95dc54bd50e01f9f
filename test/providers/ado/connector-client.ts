import { expect } from "vitest";

/** The HTTP side both Azure DevOps connector replays share: a PAT as basic auth, JSON bodies, query strings. */
export type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; headers: Headers; body: Item };

export async function get(url: string): Promise<Answer> {
  // Both connectors authenticate with a PAT as basic auth (user name and token).
  const res = await fetch(url, { headers: { authorization: `Basic ${Buffer.from(":pat").toString("base64")}`, accept: "application/json" } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Item };
}

export async function ok(url: string): Promise<Answer> {
  const r = await get(url);
  expect(r.status, url).toBe(200);
  return r;
}

export const q = (params: Record<string, string | number>) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&");
