import type { ComputeInput } from "../../core/provider.js";

/**
 * What computed answers share: a method's arguments read the way Slack reads them (query string, then a
 * form-encoded or JSON body, as @slack/web-api sends them), and the JSON reply with Slack's headers.
 */
export function argsOf(input: ComputeInput): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of input.query) out.set(k, v);
  const text = input.body?.toString("utf8") ?? "";
  if (text.trim() === "") return out;
  if ((input.headers["content-type"] ?? "").includes("application/json")) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        for (const [k, v] of Object.entries(parsed))
          if (v !== null && v !== undefined) out.set(k, typeof v === "string" ? v : JSON.stringify(v));
      }
    } catch {
      out.set("__invalid_json", "1");
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(text)) out.set(k, v);
  return out;
}

export const SLACK_JSON = "application/json; charset=utf-8";

export function reply(
  body: unknown,
  headers: Record<string, string> = {},
): { status: number; headers: Record<string, string>; body: string } {
  return { status: 200, headers: { "content-type": SLACK_JSON, ...headers }, body: JSON.stringify(body) };
}
