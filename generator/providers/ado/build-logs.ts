import { errorReply, jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput, JsonObject, JsonValue } from "../../core/provider.js";

/**
 * A build's logs, computed from its frozen timeline (nothing more is stored): every timeline record with a
 * `log` (each job and each step that ran) has one. `GET build/builds/{id}/logs` lists them (BuildLog: id,
 * type, url, lineCount, createdOn, lastChangedOn, in log id order); `GET …/logs/{logId}` answers the
 * text as `text/plain` (the SDK's getBuildLog, curl), or its lines as `{count, value}` when the client
 * asks for `application/json` only (getBuildLogLines). The text is what an agent writes around a task:
 * a section start, the task's name and times, the result, a section end; a failed step ends with the
 * error its timeline issue names. `startLine`/`endLine` cut the lines, 1-based and inclusive.
 */

const JSON_TYPE = "application/json; charset=utf-8; api-version=7.1";

interface TimelineRecord {
  name: string;
  type: string;
  startTime: string | null;
  finishTime: string | null;
  result: string | null;
  issues?: Array<{ type: string; message: string }>;
  log: { id: number; type: string; url: string } | null;
}

/** .NET's round-trip format, seven fractional digits, as agents stamp each log line. */
function stamp(iso: string | null): string {
  if (!iso) return "";
  const m = /^(.+T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(iso);
  return m ? `${m[1]}.${(m[2] ?? "").padEnd(7, "0")}Z` : iso;
}

/** The log of one record, line by line. */
export function logLines(record: TimelineRecord): string[] {
  const start = stamp(record.startTime);
  const end = stamp(record.finishTime ?? record.startTime);
  const rule = "=".repeat(78);
  const lines = [`${start} ##[section]Starting: ${record.name}`, `${start} ${rule}`];
  if (record.type === "Job") {
    lines.push(`${start} Agent name: 'Hosted Agent'`, `${start} Agent pool: 'Azure Pipelines'`);
  } else {
    lines.push(`${start} Task         : Command line`, `${start} Description  : ${record.name}`);
  }
  lines.push(`${start} ${rule}`);
  for (const issue of record.issues ?? []) lines.push(`${end} ##[${issue.type}]${issue.message}`);
  if (record.result) lines.push(`${end} Result: ${record.result}`);
  lines.push(`${end} ##[section]Finishing: ${record.name}`);
  return lines;
}

function notFound(input: ComputeInput) {
  return errorReply(input.serving.errors.notFound, JSON_TYPE);
}

async function recordsOf(input: ComputeInput, build: string): Promise<TimelineRecord[] | undefined> {
  const timeline = await readResource<JsonObject>(input, `${build}/timeline`);
  if (!timeline) return undefined;
  const records = (timeline.records as unknown as TimelineRecord[]).filter((r) => r.log !== null);
  return records.sort((a, b) => a.log!.id - b.log!.id);
}

export const buildLogs: ComputeHandler = async (input) => {
  const m = /^(.+\/_apis\/build\/builds\/\d+)\/logs(?:\/(\d+))?$/.exec(input.path);
  const records = m ? await recordsOf(input, m[1]!) : undefined;
  if (!m || !records) return notFound(input);
  if (m[2] === undefined) {
    const value: JsonValue[] = records.map((r) => ({
      lineCount: logLines(r).length,
      createdOn: r.startTime,
      lastChangedOn: r.finishTime ?? r.startTime,
      id: r.log!.id,
      type: r.log!.type,
      url: r.log!.url,
    }));
    return jsonReply(200, { count: value.length, value }, { contentType: JSON_TYPE });
  }
  const record = records.find((r) => r.log!.id === Number(m[2]));
  if (!record) return notFound(input);
  const q = new Map(input.query.map(([k, v]) => [k.toLowerCase(), v]));
  const all = logLines(record);
  const from = Math.max(1, Number(q.get("startline") ?? "1") || 1);
  const to = Math.min(all.length, Number(q.get("endline") ?? String(all.length)) || all.length);
  const lines = all.slice(from - 1, to);
  const accept = (input.headers.accept ?? "").toLowerCase();
  if (accept.includes("application/json") && !accept.includes("text/plain"))
    return jsonReply(200, { count: lines.length, value: lines }, { contentType: JSON_TYPE });
  return { status: 200, body: lines.join("\r\n"), headers: { "content-type": "text/plain; charset=utf-8; api-version=7.1" } };
};
