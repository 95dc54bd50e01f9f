import type { JsonObject, Resource } from "../../core/provider.js";
import { parseInstant } from "../../world/clock.js";
import { modelPages } from "./lists.js";

/**
 * The models `GET /v1/models` lists: every model Anthropic's models overview and deprecation table
 * (platform.claude.com/docs/en/about-claude/models/overview, …/model-deprecations) name as active, with
 * its release day (a year before its earliest retirement), context window and output limit. Models
 * released after as-of are not there yet; retired ones are not listed. Newest first, as the API lists them.
 * Claude Sonnet 4.5 reaches end of life on 2026-11-30 (@anthropic-ai/sdk's deprecated-models table); the
 * day it was deprecated is not published: it is taken as 2026-09-29, its earliest retirement date in the
 * deprecation table of August 2026.
 *
 * Capabilities follow the models overview: extended thinking (`enabled`) up to the 4.6 generation,
 * adaptive thinking from 4.6, effort from Opus 4.5, `xhigh` effort and context compaction on the 5 family.
 */
interface ModelSpec {
  id: string;
  name: string;
  released: string;
  line: "haiku" | "sonnet" | "opus" | "fable";
  maxInput: number;
  maxOutput: number;
  /** The generation, for capabilities: 4.5, 4.6, 4.7, 4.8 or 5. */
  gen: number;
  /** The dateless alias that points at a dated id (models before the 4.6 generation). */
  alias?: string;
  /** When the model was deprecated and when it retires (days). */
  deprecated?: string;
  retires?: string;
}

export const MODELS: readonly ModelSpec[] = [
  {
    id: "claude-sonnet-4-5-20250929",
    alias: "claude-sonnet-4-5",
    name: "Claude Sonnet 4.5",
    released: "2025-09-29",
    line: "sonnet",
    maxInput: 200_000,
    maxOutput: 64_000,
    gen: 4.5,
    deprecated: "2026-09-29",
    retires: "2026-11-30",
  },
  {
    id: "claude-haiku-4-5-20251001",
    alias: "claude-haiku-4-5",
    name: "Claude Haiku 4.5",
    released: "2025-10-15",
    line: "haiku",
    maxInput: 200_000,
    maxOutput: 64_000,
    gen: 4.5,
  },
  {
    id: "claude-opus-4-5-20251101",
    alias: "claude-opus-4-5",
    name: "Claude Opus 4.5",
    released: "2025-11-24",
    line: "opus",
    maxInput: 200_000,
    maxOutput: 64_000,
    gen: 4.5,
  },
  {
    id: "claude-opus-4-6",
    name: "Claude Opus 4.6",
    released: "2026-02-05",
    line: "opus",
    maxInput: 1_000_000,
    maxOutput: 128_000,
    gen: 4.6,
  },
  {
    id: "claude-sonnet-4-6",
    name: "Claude Sonnet 4.6",
    released: "2026-02-17",
    line: "sonnet",
    maxInput: 1_000_000,
    maxOutput: 64_000,
    gen: 4.6,
  },
  {
    id: "claude-opus-4-7",
    name: "Claude Opus 4.7",
    released: "2026-04-16",
    line: "opus",
    maxInput: 1_000_000,
    maxOutput: 128_000,
    gen: 4.7,
  },
  {
    id: "claude-opus-4-8",
    name: "Claude Opus 4.8",
    released: "2026-05-28",
    line: "opus",
    maxInput: 1_000_000,
    maxOutput: 128_000,
    gen: 4.8,
  },
  { id: "claude-fable-5", name: "Claude Fable 5", released: "2026-06-09", line: "fable", maxInput: 1_000_000, maxOutput: 128_000, gen: 5 },
  {
    id: "claude-sonnet-5",
    name: "Claude Sonnet 5",
    released: "2026-06-30",
    line: "sonnet",
    maxInput: 1_000_000,
    maxOutput: 128_000,
    gen: 5,
  },
  { id: "claude-opus-5", name: "Claude Opus 5", released: "2026-07-24", line: "opus", maxInput: 1_000_000, maxOutput: 128_000, gen: 5 },
];

const at = (day: string) => parseInstant(`${day}T00:00:00Z`);

/** A model's lifecycle at `asOf`. */
export function lifecycleAt(m: ModelSpec, asOf: number): "active" | "deprecated" | "retired" {
  if (m.retires && at(m.retires) <= asOf) return "retired";
  return m.deprecated && at(m.deprecated) <= asOf ? "deprecated" : "active";
}

/** The models released by `asOf` and not retired: what the API lists and answers. */
export function modelsAt(asOf: number): ModelSpec[] {
  return MODELS.filter((m) => at(m.released) <= asOf && lifecycleAt(m, asOf) !== "retired");
}

/** A requested model name as the id it stands for (an alias resolves to its dated id), if it is one. */
export function resolveModel(name: string, asOf: number): ModelSpec | undefined {
  return modelsAt(asOf).find((m) => m.id === name || m.alias === name);
}

const yes = { supported: true };
const no = { supported: false };
const flag = (b: boolean) => (b ? yes : no);

function capabilities(m: ModelSpec): JsonObject {
  const adaptive = m.gen >= 4.6;
  const extended = m.gen <= 4.6;
  const effort = m.gen >= 4.6 || (m.line === "opus" && m.gen >= 4.5);
  return {
    batch: yes,
    citations: yes,
    code_execution: yes,
    context_management: {
      clear_thinking_20251015: yes,
      clear_tool_uses_20250919: yes,
      compact_20260112: m.gen >= 4.6 ? yes : null,
      supported: true,
    },
    effort: {
      high: flag(effort),
      low: flag(effort),
      max: flag(effort && m.gen >= 4.6),
      medium: flag(effort),
      supported: effort,
      xhigh: m.gen >= 5 ? yes : null,
    },
    image_input: yes,
    pdf_input: yes,
    server_tools: { code_execution: yes, supported: true, web_search: yes },
    structured_outputs: yes,
    thinking: {
      supported: true,
      types: { adaptive: flag(adaptive), between_tools: yes, disabled: flag(m.line !== "fable"), enabled: flag(extended) },
    },
  };
}

export function modelInfo(m: ModelSpec, asOf: number): JsonObject {
  const lifecycle = lifecycleAt(m, asOf);
  return {
    type: "model",
    id: m.id,
    display_name: m.name,
    created_at: `${m.released}T00:00:00Z`,
    capabilities: capabilities(m),
    deprecated_at: lifecycle === "active" ? null : `${m.deprecated}T00:00:00Z`,
    lifecycle,
    line: m.line,
    max_input_tokens: m.maxInput,
    max_tokens: m.maxOutput,
    retires_at: lifecycle === "active" || !m.retires ? null : `${m.retires}T00:00:00Z`,
  };
}

/** `GET /v1/models` (newest first, paged) and `GET /v1/models/{id}`; aliases are served by serving aliases. */
export function* modelResources(origin: string, asOf: number): Generator<Resource> {
  const models = modelsAt(asOf).sort((a, b) => (a.released < b.released ? 1 : a.released > b.released ? -1 : a.id < b.id ? -1 : 1));
  yield* modelPages(
    origin,
    models.map((m) => modelInfo(m, asOf)),
  );
  for (const m of models) yield { path: `v1/models/${m.id}`, body: modelInfo(m, asOf) };
}

/** `GET /v1/models/claude-sonnet-4-5` answers as `GET /v1/models/claude-sonnet-4-5-20250929`. */
export function modelAliases(asOf: number): Array<{ from: string; to: string }> {
  return modelsAt(asOf)
    .filter((m) => m.alias)
    .map((m) => ({ from: `^v1/models/${m.alias!.replace(/\./g, "\\.")}$`, to: `v1/models/${m.id}` }));
}
