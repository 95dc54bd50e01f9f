import type { JsonValue } from "../../core/provider.js";

/**
 * Atlassian Document Format, the rich text of REST v3: descriptions, comment bodies and worklog comments
 * are `{type: "doc", version: 1, content: [...]}`. A paragraph is a list of inline nodes; a piece of text
 * may carry a link mark.
 */
export type Inline = string | { text: string; href: string } | { code: string };

export function paragraph(...parts: Inline[]): JsonValue {
  return {
    type: "paragraph",
    content: parts
      .filter((p) => typeof p !== "string" || p !== "")
      .map((p): JsonValue => {
        if (typeof p === "string") return { type: "text", text: p };
        if ("href" in p) return { type: "text", text: p.text, marks: [{ type: "link", attrs: { href: p.href } }] };
        return { type: "text", text: p.code, marks: [{ type: "code" }] };
      }),
  };
}

export function doc(...blocks: JsonValue[]): JsonValue {
  return { type: "doc", version: 1, content: blocks };
}

/** The plain text of a document, paragraphs joined by newlines (what renderedFields and tests compare). */
export function plainText(node: unknown): string {
  const n = node as { type?: string; text?: string; content?: unknown[] };
  if (n.type === "text") return n.text ?? "";
  const inner = (n.content ?? []).map(plainText);
  return n.type === "doc" ? inner.join("\n") : inner.join("");
}
