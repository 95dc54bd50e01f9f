import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compareShapes, shapeOf, total, type Fidelity, type Shape } from "./shape.js";

/**
 * Issue 32's harness, shared by the providers: recorded real bodies (test/fidelity/recordings, each with
 * its provenance) compared key path by key path with the same endpoint on a pin or live host, reported
 * per endpoint and in total, and held to a floor that may only rise.
 */
export interface Recording {
  source: { repository: string; commit: string; path: string; license: string; rows: number };
  url: string;
  items: unknown[];
}

/** A recorded sample (a path under test/fidelity/recordings/). */
export function recording(path: string): Recording {
  return JSON.parse(readFileSync(join("test", "fidelity", "recordings", path), "utf8")) as Recording;
}

/** The shape of an answer, as items: a list's items, or the one object (so either lines up with recorded items). */
export function itemShape(body: unknown): Shape {
  return shapeOf(Array.isArray(body) ? body : [body]);
}

export interface Row {
  endpoint: string;
  status: number;
  f: Fidelity;
  /** Real paths left out of the count, each with why. */
  skipped: string[];
}

/** Why a real path is not counted (a field the real service shows only in a case this universe never has), or undefined. */
export type Skip = (path: string) => string | undefined;

/**
 * One endpoint: the recorded items' shape against ours (nothing, when ours is not a 200). `whole`: each
 * recording is a whole answer (a list is one array), so ours counts as one answer too, not as its items.
 */
export function compareEndpoint(
  endpoint: string,
  real: unknown[],
  answer: { status: number; body: unknown },
  options: { skip?: Skip; whole?: boolean } = {},
): Row {
  const skip = options.skip ?? (() => undefined);
  const ours = answer.status !== 200 ? new Map<string, never>() : options.whole ? shapeOf([answer.body]) : itemShape(answer.body);
  const skipped: string[] = [];
  const f = compareShapes(shapeOf(real), ours, (path) => {
    const why = skip(path);
    if (why) skipped.push(`${path} (${why})`);
    return why !== undefined;
  });
  return { endpoint, status: answer.status, f, skipped };
}

/** The report's lines and the total's percentages. */
export function report(title: string, rows: Row[]): { present: number; sameType: number; lines: string } {
  const sum = total(rows.map((r) => r.f));
  const pct = (n: number) => Math.round((1000 * n) / Math.max(1, sum.real)) / 10;
  const lines = [
    `${title} (${rows.length} endpoints, ${sum.real} real key paths): present ${pct(sum.present)} %, same type ${pct(sum.sameType)} %, same nullability ${pct(sum.sameNullability)} %`,
    ...rows.map((r) => `  ${r.status} ${r.endpoint}: ${r.f.present}/${r.f.real} present, ${r.f.sameType} same type`),
    `  missing: ${sum.missing.join(", ")}`,
    `  mistyped: ${sum.mistyped.join(", ")}`,
    `  skipped: ${rows.flatMap((r) => r.skipped).join(", ")}`,
  ].join("\n");
  return { present: pct(sum.present), sameType: pct(sum.sameType), lines };
}
