import { isoDay } from "../clock.js";
import type { AiContext, ModelUsage } from "./usage.js";
import { OPENAI_MODELS } from "../vocabulary.js";

/**
 * The OpenAI API's usage: daily requests and tokens per person and model, under their team's project, on
 * the days they were active (`active`, usage.ts activeDays). Keyed per person and per person and day.
 */
export function buildOpenAi(c: AiContext, active: Map<number, Set<number>>): ModelUsage[] {
  const openai: ModelUsage[] = [];
  for (const person of c.people) {
    const r = c.rng(`ai/openai/user/${person.id}`);
    if (!r.chance(0.65)) continue;
    const favourite = r.weighted(OPENAI_MODELS);
    for (const day of [...(active.get(person.id) ?? [])].sort((a, b) => a - b)) {
      const d = c.rng(`ai/openai/user/${person.id}/day/${isoDay(day)}`);
      const models = d.chance(0.3) ? [...new Set([favourite, d.weighted(OPENAI_MODELS)])].sort() : [favourite];
      for (const model of models) {
        const requests = d.int(3, 180);
        const embeddings = model.startsWith("text-embedding");
        const prompt = requests * d.int(embeddings ? 200 : 600, embeddings ? 900 : 4_000);
        // Drawn in this order: the cached share, then the output.
        const cached = embeddings ? 0 : Math.floor((prompt * d.int(0, 40)) / 100);
        openai.push({
          tool: "openai",
          product: "api",
          day,
          personId: person.id,
          teamId: person.teamId,
          model,
          requests,
          inputTokens: prompt - cached,
          cacheWriteTokens: 0,
          cacheReadTokens: cached,
          outputTokens: embeddings ? 0 : requests * d.int(80, 900),
          webSearches: 0,
        });
      }
    }
  }
  return openai.sort((a, b) => a.day - b.day || a.personId - b.personId || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}
