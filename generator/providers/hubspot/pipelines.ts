import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import { DEAL_STAGES } from "../../world/commerce/commerce.js";
import type { DealStage } from "../../world/types.js";
import type { HsContext } from "./context.js";

/**
 * HubSpot's two default pipelines, as every portal has them: the deals' "Sales Pipeline" (`default`,
 * the world's deal stages with their win probabilities) and the tickets' "Support Pipeline" (`0`,
 * stages `1`-`4`). Both date from the portal's creation.
 */
export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  meeting: "Appointment Scheduled",
  qualified: "Qualified To Buy",
  presentation: "Presentation Scheduled",
  decision: "Decision Maker Bought-In",
  contract: "Contract Sent",
  won: "Closed Won",
  lost: "Closed Lost",
};

/** The default pipeline's stage id of each of the world's deal stages. */
export const DEAL_STAGE_IDS: Record<DealStage, string> = {
  meeting: "appointmentscheduled",
  qualified: "qualifiedtobuy",
  presentation: "presentationscheduled",
  decision: "decisionmakerboughtin",
  contract: "contractsent",
  won: "closedwon",
  lost: "closedlost",
};

export const TICKET_STAGES = [
  { id: "1", label: "New", open: true },
  { id: "2", label: "Waiting on contact", open: true },
  { id: "3", label: "Waiting on us", open: true },
  { id: "4", label: "Closed", open: false },
] as const;

interface Stage {
  id: string;
  label: string;
  metadata: Record<string, string>;
}

function pipelineStages(kind: "deals" | "tickets"): Stage[] {
  if (kind === "deals") {
    return DEAL_STAGES.map(([stage, p]) => ({
      id: DEAL_STAGE_IDS[stage],
      label: DEAL_STAGE_LABELS[stage],
      metadata: { isClosed: String(stage === "won" || stage === "lost"), probability: p === 0 || p === 1 ? `${p}.0` : String(p) },
    }));
  }
  return TICKET_STAGES.map((s) => ({
    id: s.id,
    label: s.label,
    metadata: { ticketState: s.open ? "OPEN" : "CLOSED", isClosed: String(!s.open) },
  }));
}

function stageJson(hs: HsContext, s: Stage, order: number): JsonValue {
  const at = hs.iso(hs.portalCreated);
  return asJson({
    label: s.label,
    displayOrder: order,
    metadata: s.metadata,
    id: s.id,
    createdAt: at,
    updatedAt: at,
    archived: false,
    writePermissions: "CRM_PERMISSIONS_ENFORCEMENT",
  });
}

export const PIPELINES = { deals: { id: "default", label: "Sales Pipeline" }, tickets: { id: "0", label: "Support Pipeline" } } as const;

/** `crm/v3/pipelines/{deals,tickets}`, each pipeline, its stages and each stage. */
export function* pipelineResources(hs: HsContext): Generator<Resource> {
  const at = hs.iso(hs.portalCreated);
  for (const kind of ["deals", "tickets"] as const) {
    const p = PIPELINES[kind];
    const stages = pipelineStages(kind).map((s, i) => stageJson(hs, s, i));
    const pipeline = asJson({ label: p.label, displayOrder: 0, id: p.id, stages, createdAt: at, updatedAt: at, archived: false });
    const base = `crm/v3/pipelines/${kind}`;
    yield { path: base, body: { results: [pipeline] } };
    yield { path: `${base}/${p.id}`, body: pipeline };
    yield { path: `${base}/${p.id}/stages`, body: { results: stages } };
    for (const [i, s] of pipelineStages(kind).entries()) yield { path: `${base}/${p.id}/stages/${s.id}`, body: stages[i]! };
  }
}
