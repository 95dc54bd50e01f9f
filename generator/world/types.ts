import type { IdRegistry } from "./ids.js";
import type { Generation } from "../catalog/types.js";
import type { OrgPart } from "./org/types.js";
import type { CodePart } from "./code/types.js";
import type { WorkPart } from "./work/types.js";
import type { CommercePart } from "./commerce/types.js";
import type { AiPart } from "./ai/types.js";
import type { OperationsPart } from "./operations/types.js";

export type * from "./org/types.js";
export type * from "./code/types.js";
export type * from "./work/types.js";
export type * from "./delivery/types.js";
export type * from "./commerce/types.js";
export type * from "./operations/types.js";
export type * from "./ai/types.js";

/**
 * The provider-neutral universe of one software company, composed of its domains' parts. Instants are UTC
 * milliseconds.
 */
export interface World extends OrgPart, CodePart, WorkPart, CommercePart, AiPart, OperationsPart {
  generation: Generation;
  /** The universe's id registry (world/ids.ts), sealed once the world is built: providers take a child for ids of their own. */
  readonly ids: IdRegistry;
  start: number;
  asOf: number;
}
