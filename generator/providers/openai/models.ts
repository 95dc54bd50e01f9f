import type { JsonObject, Resource } from "../../core/provider.js";

/**
 * The models the organization can use, as `GET /v1/models` lists them: id, `created` (unix seconds, as
 * OpenAI reports it for each model) and `owned_by`. Aliases (`gpt-4.1`) and their dated snapshots
 * (`gpt-4.1-2025-04-14`) are separate models, as on OpenAI; requests name an alias and answers and usage
 * name the snapshot it points at.
 */
export const MODEL_CATALOG: ReadonlyArray<readonly [id: string, created: number, ownedBy: string]> = [
  ["gpt-4o", 1715367049, "system"],
  ["gpt-4o-2024-08-06", 1722814719, "system"],
  ["gpt-4o-mini", 1721172741, "system"],
  ["gpt-4o-mini-2024-07-18", 1721172717, "system"],
  ["gpt-4.1", 1744316542, "system"],
  ["gpt-4.1-2025-04-14", 1744315746, "system"],
  ["gpt-4.1-mini", 1744318173, "system"],
  ["gpt-4.1-mini-2025-04-14", 1744317547, "system"],
  ["gpt-4.1-nano", 1744321707, "system"],
  ["gpt-4.1-nano-2025-04-14", 1744321025, "system"],
  ["o3", 1744225308, "system"],
  ["o3-2025-04-16", 1744133301, "system"],
  ["o4-mini", 1744225351, "system"],
  ["o4-mini-2025-04-16", 1744133506, "system"],
  ["gpt-5", 1754425777, "system"],
  ["gpt-5-2025-08-07", 1754425867, "system"],
  ["gpt-5-mini", 1754425928, "system"],
  ["gpt-5-mini-2025-08-07", 1754425867, "system"],
  ["gpt-5-nano", 1754426384, "system"],
  ["gpt-5-nano-2025-08-07", 1754426303, "system"],
  ["gpt-3.5-turbo", 1677610602, "openai"],
  ["gpt-3.5-turbo-0125", 1706048358, "system"],
  ["text-embedding-3-small", 1705948997, "system"],
  ["text-embedding-3-large", 1705953180, "system"],
  ["text-embedding-ada-002", 1671217299, "openai-internal"],
  ["omni-moderation-latest", 1731689265, "system"],
  ["whisper-1", 1677532384, "openai-internal"],
  ["tts-1", 1681940951, "openai-internal"],
  ["dall-e-3", 1698785189, "system"],
];

/** The snapshot an alias points at; a snapshot (or a model without one) is itself. */
export const SNAPSHOT: Readonly<Record<string, string>> = {
  "gpt-4o": "gpt-4o-2024-08-06",
  "gpt-4o-mini": "gpt-4o-mini-2024-07-18",
  "gpt-4.1": "gpt-4.1-2025-04-14",
  "gpt-4.1-mini": "gpt-4.1-mini-2025-04-14",
  "gpt-4.1-nano": "gpt-4.1-nano-2025-04-14",
  o3: "o3-2025-04-16",
  "o4-mini": "o4-mini-2025-04-16",
  "gpt-5": "gpt-5-2025-08-07",
  "gpt-5-mini": "gpt-5-mini-2025-08-07",
  "gpt-5-nano": "gpt-5-nano-2025-08-07",
  "gpt-3.5-turbo": "gpt-3.5-turbo-0125",
};

export function snapshotOf(model: string): string {
  return SNAPSHOT[model] ?? model;
}

/** Models that answer chat completions and responses: the GPT and o-series families and their fine-tunes. */
export function isChatModel(model: string): boolean {
  return /^(ft:)?(gpt-(3\.5|4|5)|o\d)/.test(model);
}

/** Reasoning models spend reasoning tokens before they answer. */
export function isReasoningModel(model: string): boolean {
  return /^(ft:)?(o\d|gpt-5)/.test(model);
}

/**
 * The price table the costs endpoint applies to usage: US dollars per million tokens, OpenAI's published
 * standard-tier prices for these models (uncached input, cached input, output). Fine-tuned models are
 * billed at their base model's price here.
 */
export const PRICES: Readonly<Record<string, { input: number; cached: number; output: number }>> = {
  "gpt-4o-2024-08-06": { input: 2.5, cached: 1.25, output: 10 },
  "gpt-4o-mini-2024-07-18": { input: 0.15, cached: 0.075, output: 0.6 },
  "gpt-4.1-2025-04-14": { input: 2, cached: 0.5, output: 8 },
  "gpt-4.1-mini-2025-04-14": { input: 0.4, cached: 0.1, output: 1.6 },
  "gpt-4.1-nano-2025-04-14": { input: 0.1, cached: 0.025, output: 0.4 },
  "o3-2025-04-16": { input: 2, cached: 0.5, output: 8 },
  "o4-mini-2025-04-16": { input: 1.1, cached: 0.275, output: 4.4 },
  "gpt-5-2025-08-07": { input: 1.25, cached: 0.125, output: 10 },
  "gpt-5-mini-2025-08-07": { input: 0.25, cached: 0.025, output: 2 },
  "gpt-5-nano-2025-08-07": { input: 0.05, cached: 0.005, output: 0.4 },
  "text-embedding-3-small": { input: 0.02, cached: 0, output: 0 },
  "text-embedding-3-large": { input: 0.13, cached: 0, output: 0 },
};

export function priceOf(model: string): { input: number; cached: number; output: number } {
  const base = model.startsWith("ft:") ? model.split(":")[1]! : model;
  return PRICES[snapshotOf(base)] ?? { input: 0, cached: 0, output: 0 };
}

export interface FineTunedModel {
  id: string;
  created: number;
  ownedBy: string;
}

function model(id: string, created: number, ownedBy: string): JsonObject {
  return { id, object: "model", created, owned_by: ownedBy };
}

/** `GET /v1/models` (one list, no paging) and `GET /v1/models/{model}`; models newer than as-of are not there yet. */
export function* modelResources(asOfSeconds: number, fineTuned: FineTunedModel[]): Generator<Resource> {
  const all = [
    ...MODEL_CATALOG.filter(([, created]) => created <= asOfSeconds).map(([id, created, owner]) => model(id, created, owner)),
    ...fineTuned.map((m) => model(m.id, m.created, m.ownedBy)),
  ];
  yield { path: "v1/models", body: { object: "list", data: all } };
  for (const m of all) yield { path: `v1/models/${String(m.id)}`, body: m };
}
