import type { Resource } from "../../core/provider.js";
import type { OaiContext } from "./context.js";
import { sec } from "./context.js";
import { snapshotOf } from "./models.js";

/**
 * The frozen per-day usage every usage and cost answer is computed from: one row per person, model and
 * UTC day of `world.ai.openai`, with the ids the admin API names them by. It is served as a CSV, like
 * the usage export of OpenAI's dashboard, at a path of snapverse's own (OpenAI has no such endpoint), and
 * the usage handlers read it with `input.read(USAGE_DATA_KEY)`.
 */
export const USAGE_DATA_KEY = "v1/organization/usage/daily.csv";

const COLUMNS = [
  "day",
  "project_id",
  "user_id",
  "api_key_id",
  "model",
  "batch",
  "service_tier",
  "num_model_requests",
  "input_tokens",
  "input_cached_tokens",
  "output_tokens",
  "hours",
] as const;

export interface UsageRow {
  /** The UTC day, unix seconds. */
  day: number;
  projectId: string;
  userId: string;
  apiKeyId: string;
  /** The snapshot the alias resolved to (`gpt-4.1-2025-04-14`). */
  model: string;
  batch: boolean;
  serviceTier: string;
  requests: number;
  input: number;
  cached: number;
  output: number;
  /** The UTC hours of the day in which the requests were made (the person's working day). */
  hours: number[];
}

export function usageRows(oai: OaiContext): UsageRow[] {
  return oai.world.ai.usage
    .filter((u) => u.tool === "openai")
    .map((u) => {
      const person = oai.person(u.personId);
      return {
        day: sec(u.day),
        projectId: oai.teamProject(u.teamId).id,
        userId: oai.userIdOf(person),
        apiKeyId: oai.key(u.personId)!.id,
        model: snapshotOf(u.model),
        batch: false,
        serviceTier: "default",
        requests: u.requests,
        input: u.inputTokens + u.cacheReadTokens,
        cached: u.cacheReadTokens,
        output: u.outputTokens,
        hours: oai.workHours(person, u.day),
      };
    });
}

export function usageCsv(rows: UsageRow[]): string {
  const lines = rows.map((r) =>
    [
      r.day,
      r.projectId,
      r.userId,
      r.apiKeyId,
      r.model,
      r.batch,
      r.serviceTier,
      r.requests,
      r.input,
      r.cached,
      r.output,
      r.hours.join(";"),
    ].join(","),
  );
  return `${COLUMNS.join(",")}\n${lines.join("\n")}\n`;
}

export function parseUsageCsv(text: string): UsageRow[] {
  return text
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((line) => {
      const f = line.split(",");
      return {
        day: Number(f[0]),
        projectId: f[1]!,
        userId: f[2]!,
        apiKeyId: f[3]!,
        model: f[4]!,
        batch: f[5] === "true",
        serviceTier: f[6]!,
        requests: Number(f[7]),
        input: Number(f[8]),
        cached: Number(f[9]),
        output: Number(f[10]),
        hours: f[11]!.split(";").map(Number),
      };
    });
}

export function* usageDataResources(oai: OaiContext): Generator<Resource> {
  yield { path: USAGE_DATA_KEY, body: { raw: usageCsv(usageRows(oai)), contentType: "text/csv; charset=utf-8" } };
}
