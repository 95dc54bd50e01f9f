import type { JsonValue } from "../../core/provider.js";
import type { JiraContext } from "./context.js";

/**
 * The platform API v2 (`/rest/api/2`), as Jira Cloud serves it beside v3: the same resources, but rich
 * text is Jira wiki markup (a string) where v3 writes an Atlassian Document Format document, and links
 * name `/rest/api/2/`. A v2 body is derived from the v3 one by `toV2`, so the two can never disagree on
 * anything else.
 */

/**
 * Characters that open wiki markup where they stand (`[` a link, `{` a macro, `|` a table cell, a backslash an
 * escape), escaped with a backslash as Jira's ADF-to-wiki conversion writes them. Emphasis characters
 * (`*`, `_`, `-`, `+`) only count around words and are left as they are.
 */
function escapeWiki(text: string): string {
  return text.replace(/[\\[\]{}|]/g, (c) => `\\${c}`);
}

interface AdfNode {
  type?: string;
  text?: string;
  content?: AdfNode[];
  marks?: Array<{ type: string; attrs?: { href?: string } }>;
}

function inline(node: AdfNode): string {
  if (node.type !== "text") return (node.content ?? []).map(inline).join("");
  const text = node.text ?? "";
  const link = node.marks?.find((m) => m.type === "link");
  if (link?.attrs?.href !== undefined) return `[${escapeWiki(text)}|${link.attrs.href}]`;
  if (node.marks?.some((m) => m.type === "code")) return `{{${text}}}`;
  return escapeWiki(text);
}

/** An ADF document as Jira wiki markup: paragraphs separated by a blank line, links `[text|url]`, code `{{code}}`. */
export function wiki(doc: unknown): string {
  const d = doc as AdfNode;
  return (d.content ?? [])
    .map((block) => (block.type === "paragraph" ? (block.content ?? []).map(inline).join("") : inline(block)))
    .join("\n\n");
}

function isDoc(v: unknown): boolean {
  const o = v as { type?: unknown; version?: unknown } | null;
  return !!o && typeof o === "object" && !Array.isArray(o) && o.type === "doc" && o.version === 1;
}

/** A v3 body as v2 writes it: documents become wiki markup, `/rest/api/3/` links become `/rest/api/2/`. */
export function toV2(jc: JiraContext, value: JsonValue): JsonValue {
  const v3 = `${jc.site}/rest/api/3/`;
  const v2 = `${jc.site}/rest/api/2/`;
  const walk = (x: JsonValue | undefined): JsonValue | undefined => {
    if (x === undefined || x === null) return x;
    if (typeof x === "string") return x.startsWith(v3) ? v2 + x.slice(v3.length) : x;
    if (Array.isArray(x)) return x.map((e) => walk(e) as JsonValue);
    if (typeof x === "object") {
      if (isDoc(x)) return wiki(x);
      const out: { [k: string]: JsonValue | undefined } = {};
      for (const [k, e] of Object.entries(x)) out[k] = walk(e);
      return out;
    }
    return x;
  };
  return walk(value) as JsonValue;
}
