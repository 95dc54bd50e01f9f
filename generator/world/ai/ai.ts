import { buildChatGpt } from "./chatgpt.js";
import { buildClaude } from "./claude.js";
import { buildCursor } from "./cursor.js";
import { buildDevin } from "./devin.js";
import { buildOpenAi } from "./openai.js";
import type { AiActivity } from "./types.js";
import { type AiContext, activeDays, buildSeats, codeDays } from "./usage.js";

/**
 * Engineers' use of AI tools, attributed to the people who do the work, on the days they do it. Each tool
 * draws from keyed streams of its own (`ai/<tool>/…`), so adding one changed no earlier stream. A person
 * uses a tool licensed per seat only from the day their seat starts, and only on UTC days they committed,
 * opened a pull request or reviewed; the numbers they produce there are bounded by what they did in the
 * repositories that day.
 */
export function buildAi(c: AiContext): AiActivity {
  const code = codeDays(c);
  const seats = buildSeats(c);
  const openai = buildOpenAi(c, activeDays(c));
  const { usage: claude, ...claudePart } = buildClaude(c, seats, code);
  return {
    seats,
    usage: [...openai, ...claude],
    ...claudePart,
    ...buildCursor(c, seats, code),
    chatgpt: buildChatGpt(c, seats, code),
    devin: buildDevin(c),
  };
}
