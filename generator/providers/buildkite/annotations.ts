import type { JsonValue } from "../../core/provider.js";
import { type BkBuild, type BkContext, bkTime } from "./context.js";

/**
 * Annotations (pages/apis/rest_api/annotations.md): a failed build carries the summary its failing
 * jobs post (`context: failures`, style `error`), and a build whose tests ran carries their
 * report (`context: junit`, style `success` or `error`). All are build-scoped.
 */
export function buildAnnotations(bk: BkContext, b: BkBuild): JsonValue[] {
  const out: JsonValue[] = [];
  const failed = b.run.jobs.filter((j) => j.conclusion === "failure");
  const test = b.run.jobs.find((j) => j.name === "test" && j.status === "completed");
  if (failed.length) {
    const at = Math.max(...failed.map((j) => j.completedAt ?? j.startedAt));
    const items = failed.map((j) => {
      const step = j.steps.find((s) => s.conclusion === "failure");
      return (
        `<li><strong>${escape(j.name)}</strong>: ` +
        `<code>${escape(step?.name.replace(/^Run /, "") ?? j.name)}</code> exited with status 1</li>`
      );
    });
    out.push(
      annotation(
        bk,
        b,
        "failures",
        "error",
        5,
        `<p>${failed.length} job${failed.length === 1 ? "" : "s"} failed on ` +
          `<code>${b.run.headSha.slice(0, 7)}</code></p>\n<ul>${items.join("")}</ul>`,
        at,
      ),
    );
  }
  if (test?.completedAt !== undefined) {
    const ok = test.conclusion === "success";
    const suite = test.steps.find(
      (s) => s.name.startsWith("Run ") && !s.name.startsWith("Run actions/") && s.conclusion === (ok ? "success" : "failure"),
    );
    const body = ok
      ? `<p>All tests passed in <code>${escape(suite?.name.replace(/^Run /, "") ?? "test")}</code></p>`
      : `<details><summary>Test failures in ` +
        `<code>${escape(suite?.name.replace(/^Run /, "") ?? "test")}</code></summary>\n<p>See the JUnit ` +
        `report uploaded by the <strong>test</strong> job.</p></details>`;
    out.push(annotation(bk, b, "junit", ok ? "success" : "error", 3, body, test.completedAt));
  }
  return out;
}

function annotation(bk: BkContext, b: BkBuild, context: string, style: string, priority: number, bodyHtml: string, at: number): JsonValue {
  return {
    id: bk.uuid(`annotation/${b.id}/${context}`),
    context,
    style,
    scope: "build",
    job_id: null,
    priority,
    body_html: bodyHtml,
    created_at: bkTime(at),
    updated_at: bkTime(at),
  };
}

function escape(s: string): string {
  return s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
