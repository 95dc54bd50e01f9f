import type { AiSeat, ModelUsage } from "./usage.js";
import type { ChatGptPart } from "./chatgpt.js";
import type { ClaudePart } from "./claude.js";
import type { CursorPart } from "./cursor.js";
import type { DevinPart } from "./devin.js";

export type { AiSeat, AiTool, ModelUsage, SeatTool } from "./usage.js";
export type { ChatGptConversation, ChatGptGpt, ChatGptProject, ChatGptWorkspace } from "./chatgpt.js";
export type { ClaudeCodeDay, ClaudeProduction } from "./claude.js";
export type { CursorAutomation, CursorDay, CursorEvent } from "./cursor.js";
export type { DevinSession } from "./devin.js";

/** The AI-tools domain's part of the world. */
export interface AiPart {
  /** Its engineers' use of AI tools, on the days they are active. */
  ai: AiActivity;
}

/**
 * The company's AI use: a neutral core (seats, and tokens per person, model and day: usage.ts), and each
 * tool's own part beside it, from its own file.
 */
export interface AiActivity extends ClaudePart, CursorPart, ChatGptPart, DevinPart {
  /** Seats on the tools licensed per person (Claude, Cursor, ChatGPT Enterprise), oldest first. */
  seats: AiSeat[];
  /**
   * Model usage per tool, person, model, product and UTC day: the OpenAI API under the team's project, the
   * Claude API under the team's workspace and Claude Code. Each tool's rows in its own order (by day, person,
   * the API before the agent, model), the tools one after the other.
   */
  usage: ModelUsage[];
}
