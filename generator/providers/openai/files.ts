import type { JsonObject, Resource } from "../../core/provider.js";
import { HOUR, MINUTE, isoDay } from "../../world/clock.js";
import type { Person, Team } from "../../world/types.js";
import { chatCompletion, parseChat, planChat } from "./completions.js";
import { type OaiContext, sec } from "./context.js";
import { cursorList, filesPagination } from "./lists.js";
import type { FineTunedModel } from "./models.js";

/**
 * Files the engineers uploaded to their team's project, small and derived from the world:
 * - `fine-tune`: a triage classifier's training and validation JSONL, one example per bug report of
 *   the team (title → priority and labels), and the model it was fine-tuned into (listed by /v1/models);
 * - `batch`: a batch of chat requests that summarize the team's stories, and its `batch_output`, whose
 *   bodies are what POST /v1/chat/completions answers for the same requests (with the batch's ids);
 * - `assistants`: the README.md of each of the team's repositories at the head of main, byte for byte
 *   (generation 5 serves repository files).
 * Each file is uploaded on a day its uploader used the API, during their working hours.
 */
export interface OaiFile {
  id: string;
  filename: string;
  purpose: "fine-tune" | "batch" | "batch_output" | "assistants";
  createdAt: number;
  content: Buffer;
}

export const PURPOSES = [
  "assistants",
  "assistants_output",
  "batch",
  "batch_output",
  "fine-tune",
  "fine-tune-results",
  "vision",
  "user_data",
] as const;

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

function uploaders(oai: OaiContext, team: Team): Person[] {
  const people = oai.keys
    .map((k) => k.user.person)
    .filter((p) => p.teamId === team.id)
    .sort((a, b) => a.id - b.id);
  const lead = people.find((p) => p.id === team.leadId);
  return lead ? [lead, ...people.filter((p) => p !== lead)] : people;
}

/** A moment on one of the person's days of usage (a fraction through them), in their working hours. */
function momentOf(oai: OaiContext, p: Person, fraction: number, salt: string): number {
  const days = oai.usageByPerson.get(p.id)!;
  const day = days[Math.min(days.length - 1, Math.floor(days.length * fraction))]!.day;
  const hours = oai.workHours(p, day);
  const r = oai.rng(`openai/files/${p.id}/${salt}`);
  return Math.min(day + r.pick(hours) * HOUR + r.int(0, 59) * MINUTE, oai.asOf);
}

export function filesOf(oai: OaiContext): { files: OaiFile[]; models: FineTunedModel[] } {
  return oai.once("files", () => {
    const files: OaiFile[] = [];
    const models: FineTunedModel[] = [];
    const fileId = (path: string) => `file-${oai.b62(`file/${path}`, 22)}`;
    for (const team of oai.world.teams) {
      const people = uploaders(oai, team);
      if (people.length === 0) continue;
      const [first, second = first] = [people[0]!, people[1]];
      const items = oai.world.workItems.filter((w) => w.teamId === team.id).sort((a, b) => a.number - b.number);

      const trainAt = momentOf(oai, first, 0.3, `${team.slug}/train`);
      const bugs = items.filter((w) => w.type === "Bug" && w.createdAt < trainAt).slice(-40);
      if (bugs.length >= 5) {
        const system = `You triage bug reports for the ${team.name} team. Answer with the priority and the labels.`;
        const example = (w: (typeof bugs)[number]) =>
          line({
            messages: [
              { role: "system", content: system },
              { role: "user", content: w.title },
              { role: "assistant", content: `${w.priority}; ${w.labels.length ? w.labels.join(", ") : "no labels"}` },
            ],
          });
        const cut = Math.ceil(bugs.length * 0.8);
        files.push({
          id: fileId(`${team.slug}/train`),
          filename: `${team.slug}-triage-train.jsonl`,
          purpose: "fine-tune",
          createdAt: trainAt,
          content: Buffer.from(bugs.slice(0, cut).map(example).join("")),
        });
        files.push({
          id: fileId(`${team.slug}/valid`),
          filename: `${team.slug}-triage-valid.jsonl`,
          purpose: "fine-tune",
          createdAt: trainAt + 3 * MINUTE,
          content: Buffer.from(bugs.slice(cut).map(example).join("")),
        });
        const r = oai.rng(`openai/fine-tune/${team.slug}`);
        models.push({
          id: `ft:gpt-4.1-mini-2025-04-14:${oai.orgName}:${team.slug}-triage:${oai.b62(`fine-tune/${team.slug}`, 8)}`,
          created: sec(Math.min(trainAt + r.int(2, 6) * HOUR + r.int(0, 59) * MINUTE, oai.asOf)),
          ownedBy: oai.orgId,
        });
      }

      const batchAt = momentOf(oai, second, 0.7, `${team.slug}/batch`);
      const stories = items.filter((w) => w.type === "Story" && w.createdAt < batchAt).slice(-12);
      if (stories.length > 0) {
        const batchId = `batch_${oai.hex(`batch/${team.slug}`, 32)}`;
        const requests = stories.map((w) => ({
          custom_id: w.key,
          method: "POST",
          url: "/v1/chat/completions",
          body: {
            model: "gpt-4.1-mini",
            messages: [
              { role: "system", content: "Summarize the work item in one sentence." },
              { role: "user", content: `${w.key}: ${w.title}\n\n${w.description}` },
            ],
            max_tokens: 200,
          },
        }));
        files.push({
          id: fileId(`${team.slug}/batch`),
          filename: `batch-${team.slug}-summaries-${isoDay(batchAt)}.jsonl`,
          purpose: "batch",
          createdAt: batchAt,
          content: Buffer.from(requests.map(line).join("")),
        });
        const doneAt = Math.min(batchAt + oai.rng(`openai/batch/${team.slug}`).int(20, 180) * MINUTE, oai.asOf);
        const output = requests.map((req, i) => {
          const body = req.body as unknown as JsonObject;
          const chat = parseChat(body);
          if ("error" in chat) throw new Error(`batch request ${req.custom_id} is not a chat request`);
          const p = planChat(chat, body, {
            org: oai.orgName,
            asOf: sec(oai.asOf),
            created: sec(doneAt) - (requests.length - i) * 3,
            salt: batchId,
          });
          return line({
            id: `batch_req_${oai.hex(`batch/${team.slug}/${req.custom_id}`, 32)}`,
            custom_id: req.custom_id,
            response: {
              status_code: 200,
              request_id: `req_${oai.hex(`batch/${team.slug}/${req.custom_id}/request`, 32)}`,
              body: chatCompletion(p, 1),
            },
            error: null,
          });
        });
        files.push({
          id: fileId(`${team.slug}/batch-output`),
          filename: `${batchId}_output.jsonl`,
          purpose: "batch_output",
          createdAt: doneAt,
          content: Buffer.from(output.join("")),
        });
      }

      if (oai.files) {
        const readmeAt = momentOf(oai, first, 0.5, `${team.slug}/readme`);
        for (const repo of oai.world.repos.filter((x) => x.teamId === team.id).sort((a, b) => a.id - b.id)) {
          const head = [...repo.mainCommits].reverse().find((c) => c.committedAt <= readmeAt) ?? repo.mainCommits[0]!;
          const readme = [...repo.objects.walk(head.treeSha)].find(([path, e]) => path === "README.md" && e.type === "blob");
          if (!readme) continue;
          files.push({
            id: fileId(`${team.slug}/readme/${repo.name}`),
            filename: `${repo.name}-README.md`,
            purpose: "assistants",
            createdAt: readmeAt + repo.id * MINUTE,
            content: repo.objects.blobs.get(readme[1].sha)!,
          });
        }
      }
    }
    files.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { files, models };
  });
}

export function fileObject(f: OaiFile): JsonObject {
  return {
    id: f.id,
    object: "file",
    bytes: f.content.length,
    created_at: sec(f.createdAt),
    filename: f.filename,
    purpose: f.purpose,
    status: "processed",
  };
}

/**
 * `GET /v1/files` (newest first by default; `order=asc`; `purpose` filters; `limit` 10,000 by default and
 * at most, so one page holds them all; any other size is computed), `GET /v1/files/{id}` and `GET /v1/files/{id}/content` (the bytes).
 */
export function* fileResources(oai: OaiContext): Generator<Resource> {
  const { files } = filesOf(oai);
  // 10,000 is the default and the maximum: one page holds every file. Other sizes are computed.
  const p = filesPagination(oai.pin.origin);
  const oldest = files.map(fileObject);
  const newest = [...oldest].reverse();
  yield* cursorList(p, "v1/files", newest);
  yield* cursorList(p, "v1/files", oldest, [["order", "asc"]]);
  for (const purpose of PURPOSES) {
    yield* cursorList(
      p,
      "v1/files",
      newest.filter((f) => f.purpose === purpose),
      [["purpose", purpose]],
    );
    yield* cursorList(
      p,
      "v1/files",
      oldest.filter((f) => f.purpose === purpose),
      [
        ["purpose", purpose],
        ["order", "asc"],
      ],
    );
  }
  for (const f of files) {
    yield { path: `v1/files/${f.id}`, body: fileObject(f) };
    yield { path: `v1/files/${f.id}/content`, body: { raw: f.content, contentType: "application/octet-stream" } };
  }
}
