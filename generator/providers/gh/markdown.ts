import { Marked, type Tokens } from "marked";

/**
 * GitHub-flavoured Markdown as GitHub's API renders it (issue 37), with `marked` (GFM) underneath and
 * GitHub's own touches on top, as recorded answers show them:
 *
 * - Comment bodies (`body_html`, GraphQL `bodyHTML`): blocks carry `dir="auto"` (`<p dir="auto">`,
 *   `<h2 dir="auto">`, `<ul dir="auto">`), a line break inside a paragraph is `<br>` (comments keep
 *   newlines), inline code is `<code class="notranslate">`, links to other sites get `rel="nofollow"`,
 *   `@login` of an account the pin holds links to its profile (`user-mention notranslate`) and `#n` of an
 *   issue or pull request of the same repository links to it (`issue-link js-issue-link`, with its id and
 *   hovercard type). Text is escaped as GitHub does it: `&`, `<` and `>` only, quotes stay.
 * - Files (`application/vnd.github.html` on contents and the README): the same blocks, newlines kept
 *   as soft breaks, headings in GitHub's `markdown-heading` wrapper with their `user-content-` anchor.
 * - `body_text` is the rendered HTML's text: tags dropped, entities decoded, the newlines between blocks
 *   kept, trimmed at both ends (a list or quote stands between blank lines, as in GitHub's answers).
 *
 * Not reproduced: syntax highlighting of fenced code (GitHub's `pl-*` spans), emoji shortcodes, commit
 * SHA and cross-repository references, image proxying (camo). The output is a pure function of the
 * Markdown and the references given, so the same request always gets the same bytes.
 */

/** What `#n` of the repository refers to. */
export interface IssueRef {
  id: number;
  pull: boolean;
}

export interface RenderContext {
  /** The repository's web URL (its `html_url`), which issue links are built on. */
  repoHtml?: string;
  /** The web origin profiles live under (`https://github.<domain>`). */
  web: string;
  issues: ReadonlyMap<number, IssueRef>;
  users: ReadonlySet<string>;
}

const MENTION = /(^|[^\w`/@.-])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(?![\w-])/g;
const ISSUE = /(^|[^\w&/#])#(\d+)\b/g;

/** The `@login`s and `#n`s a Markdown text names, outside code, for the caller to look up. */
export function references(markdown: string): { logins: string[]; numbers: number[] } {
  const prose = markdown.replace(/```[\s\S]*?(```|$)/g, "").replace(/`[^`\n]*`/g, "");
  const logins = new Set<string>();
  const numbers = new Set<number>();
  for (const m of prose.matchAll(MENTION)) logins.add(m[2]!);
  for (const m of prose.matchAll(ISSUE)) numbers.add(Number(m[2]));
  return { logins: [...logins].sort(), numbers: [...numbers].sort((a, b) => a - b) };
}

/** GitHub escapes text for HTML with `&`, `<` and `>` only. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

/** Mentions and issue references in an already escaped run of text. */
function linkify(html: string, ctx: RenderContext): string {
  const withIssues = html.replace(ISSUE, (all, before: string, n: string) => {
    const ref = ctx.issues.get(Number(n));
    if (!ref || !ctx.repoHtml) return all;
    const url = `${ctx.repoHtml}/issues/${n}`;
    const kind = ref.pull ? "pull" : "issues";
    const path = new URL(ctx.repoHtml).pathname;
    return (
      `${before}<a class="issue-link js-issue-link" data-error-text="Failed to load title" data-id="${ref.id}" ` +
      `data-permission-text="Title is private" data-url="${url}" data-hovercard-type="${ref.pull ? "pull_request" : "issue"}" ` +
      `data-hovercard-url="${path}/${kind}/${n}/hovercard" href="${ctx.repoHtml}/${kind}/${n}">#${n}</a>`
    );
  });
  return withIssues.replace(MENTION, (all, before: string, login: string) => {
    if (!ctx.users.has(login.toLowerCase())) return all;
    return (
      `${before}<a class="user-mention notranslate" data-hovercard-type="user" data-hovercard-url="/users/${login}/hovercard" ` +
      `data-octo-click="hovercard-link-click" data-octo-dimensions="link_type:self" href="${ctx.web}/${login}">@${login}</a>`
    );
  });
}

/** GitHub's anchor name of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

function renderer(ctx: RenderContext, file: boolean): Marked {
  const marked = new Marked({ gfm: true, breaks: !file, async: false });
  const slugs = new Map<string, number>();
  marked.use({
    renderer: {
      text(token: Tokens.Text | Tokens.Escape) {
        if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
        return token.type === "escape" ? escapeText(token.text) : linkify(escapeText(token.text), ctx);
      },
      paragraph({ tokens }: Tokens.Paragraph) {
        return `<p dir="auto">${this.parser.parseInline(tokens)}</p>\n`;
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (!file) return `<h${depth} dir="auto">${inner}</h${depth}>\n`;
        const base = slug(this.parser.parseInline(tokens, this.parser.textRenderer));
        const seen = slugs.get(base) ?? 0;
        slugs.set(base, seen + 1);
        const id = seen ? `${base}-${seen}` : base;
        const label = escapeAttr(this.parser.parseInline(tokens, this.parser.textRenderer));
        return (
          `<div class="markdown-heading" dir="auto"><h${depth} tabindex="-1" class="heading-element" dir="auto">${inner}</h${depth}>` +
          `<a id="user-content-${id}" class="anchor" aria-label="Permalink: ${label}" href="#${id}"></a></div>\n`
        );
      },
      list(token: Tokens.List) {
        const tag = token.ordered ? "ol" : "ul";
        const start = token.ordered && token.start !== 1 && token.start !== "" ? ` start="${token.start}"` : "";
        const attrs = token.items.some((i) => i.task) ? ` class="contains-task-list"` : ` dir="auto"`;
        return `<${tag}${start}${attrs}>\n${token.items.map((i) => this.listitem(i)).join("")}</${tag}>\n`;
      },
      listitem(item: Tokens.ListItem) {
        const inner = this.parser.parse(item.tokens);
        return item.task ? `<li class="task-list-item">${inner}</li>\n` : `<li>${inner}</li>\n`;
      },
      checkbox({ checked }: Tokens.Checkbox) {
        return (
          `<input type="checkbox" id="" disabled="" class="task-list-item-checkbox" ` +
          `aria-label="${checked ? "Completed" : "Incomplete"} task"${checked ? ` checked=""` : ""}> `
        );
      },
      // GitHub ends a line break with the newline it stood for (body_text keeps it as one).
      br() {
        return "<br>\n";
      },
      codespan({ text }: Tokens.Codespan) {
        return `<code class="notranslate">${escapeText(text)}</code>`;
      },
      code({ text, lang }: Tokens.Code) {
        const body = escapeText(text.replace(/\n$/, ""));
        const language = (lang ?? "").split(/\s/)[0];
        if (!language) return `<pre class="notranslate"><code class="notranslate">${body}\n</code></pre>\n`;
        return (
          `<div class="highlight highlight-source-${escapeAttr(language)} notranslate position-relative overflow-auto" dir="auto">` +
          `<pre>${body}</pre></div>\n`
        );
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const internal = href.startsWith(ctx.web) || href.startsWith("#") || href.startsWith("/");
        return (
          `<a href="${escapeAttr(href)}"${title ? ` title="${escapeAttr(title)}"` : ""}${internal ? "" : ` rel="nofollow"`}>` +
          `${inner}</a>`
        );
      },
      image({ href, text }: Tokens.Image) {
        const src = escapeAttr(href);
        return (
          `<a target="_blank" rel="noopener noreferrer nofollow" href="${src}">` +
          `<img src="${src}" alt="${escapeAttr(text)}" style="max-width: 100%;"></a>`
        );
      },
    },
  });
  return marked;
}

/** A comment body's `body_html` (GraphQL `bodyHTML`). */
export function bodyHtml(markdown: string, ctx: RenderContext): string {
  return (renderer(ctx, false).parse(markdown.replace(/\r\n?/g, "\n")) as string).replace(/\n+$/, "");
}

/** A Markdown file as the contents API's `html` media type renders it, inside GitHub's file wrapper. */
export function fileHtml(markdown: string, path: string, ctx: RenderContext, wrapper: "file" | "readme"): string {
  const html = (renderer(ctx, true).parse(markdown.replace(/\r\n?/g, "\n")) as string).replace(/\n+$/, "");
  return (
    `<div id="${wrapper}" class="md" data-path="${escapeAttr(path)}">` +
    `<article class="markdown-body entry-content container-lg" itemprop="text">${html}</article></div>`
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: "\u00a0" };

/** The text of rendered HTML, as GitHub's `body_text` (GraphQL `bodyText`) gives it. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .trim();
}
