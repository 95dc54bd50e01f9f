import { describe, expect, it } from "vitest";
import { bodyHtml, fileHtml, htmlText, references } from "../../../generator/providers/gh/markdown.js";

const WEB = "https://github.example.test";
const ctx = {
  web: WEB,
  repoHtml: `${WEB}/acme/api`,
  issues: new Map([
    [11, { id: 4011, pull: true }],
    [12, { id: 4012, pull: false }],
  ]),
  users: new Set(["gweber"]),
};

/**
 * The renderer behind body_html/body_text and the contents html media type (issue 37), held to the
 * shapes recorded GitHub answers have (a facebook/react issue's bodyHTML/bodyText pair for the text rule).
 */
describe("GitHub's Markdown rendering", () => {
  it("renders blocks with dir=auto, notranslate code and GitHub's line breaks, escaping only & < >", () => {
    const html = bodyHtml('React version: 18.2.0\n\n## Steps To Reproduce\n\n1. Set a `defaultValue` on "x".\n2. Read it\nback & go', ctx);
    expect(html).toBe(
      '<p dir="auto">React version: 18.2.0</p>\n<h2 dir="auto">Steps To Reproduce</h2>\n<ol dir="auto">\n' +
        '<li>Set a <code class="notranslate">defaultValue</code> on "x".</li>\n<li>Read it<br>\nback &amp; go</li>\n</ol>',
    );
  });

  it("gives body_text as GitHub does: the HTML's text, blocks on their own lines, lists between blank lines", () => {
    const html =
      '<p dir="auto">React version: 18.2.0</p>\n<h2 dir="auto">Steps To Reproduce</h2>\n<ol dir="auto">\n' +
      '<li>Set a  <code class="notranslate">defaultValue</code> on a <code class="notranslate">&lt;select /&gt;</code> element.</li>\n' +
      '<li>After.</li>\n</ol>\n<p dir="auto">TypeScript</p>';
    expect(htmlText(html)).toBe(
      "React version: 18.2.0\nSteps To Reproduce\n\nSet a  defaultValue on a <select /> element.\nAfter.\n\nTypeScript",
    );
    expect(htmlText(bodyHtml("> quoted\n\nafter", ctx))).toBe("quoted\n\nafter");
  });

  it("links mentions of known accounts and references to the repository's issues and pull requests only", () => {
    const html = bodyHtml("ping @gweber and @nobody about #11, #12 and #13; not `@gweber #11`", ctx);
    expect(html).toContain(
      `<a class="user-mention notranslate" data-hovercard-type="user" data-hovercard-url="/users/gweber/hovercard" ` +
        `data-octo-click="hovercard-link-click" data-octo-dimensions="link_type:self" href="${WEB}/gweber">@gweber</a>`,
    );
    expect(html).toContain(
      `data-id="4011" data-permission-text="Title is private" data-url="${WEB}/acme/api/issues/11" data-hovercard-type="pull_request" ` +
        `data-hovercard-url="/acme/api/pull/11/hovercard" href="${WEB}/acme/api/pull/11">#11</a>`,
    );
    expect(html).toContain(
      `data-hovercard-type="issue" data-hovercard-url="/acme/api/issues/12/hovercard" href="${WEB}/acme/api/issues/12">#12</a>`,
    );
    expect(html).toContain(" @nobody ");
    expect(html).toContain(" and #13;");
    expect(html).toContain('<code class="notranslate">@gweber #11</code>');
    expect(references("a @gweber b #11 `@x #5`\n```\n#6 @y\n```")).toStrictEqual({ logins: ["gweber"], numbers: [11] });
  });

  it("marks external links nofollow, renders task lists as GitHub does, and is deterministic", () => {
    const md = "[docs](https://docs.example.com/a?b=1&c=2) and [here](#top)\n\n- [x] done\n- [ ] todo";
    const html = bodyHtml(md, ctx);
    expect(html).toContain('<a href="https://docs.example.com/a?b=1&amp;c=2" rel="nofollow">docs</a>');
    expect(html).toContain('<a href="#top">here</a>');
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain('aria-label="Completed task" checked=""> done</li>');
    expect(html).toContain('aria-label="Incomplete task"> todo</li>');
    expect(bodyHtml(md, ctx)).toBe(html);
  });

  it("wraps a rendered file in GitHub's file or readme container, headings with unique anchors", () => {
    const html = fileHtml("# Title\n\nSome text\nmore\n\n## Set up & run\n\n## Set up & run", "docs/README.md", ctx, "file");
    expect(
      html.startsWith(
        '<div id="file" class="md" data-path="docs/README.md"><article class="markdown-body entry-content container-lg" itemprop="text">',
      ),
    ).toBe(true);
    expect(html.endsWith("</article></div>")).toBe(true);
    expect(html).toContain('<h1 tabindex="-1" class="heading-element" dir="auto">Title</h1><a id="user-content-title" class="anchor"');
    expect(html).toContain('<p dir="auto">Some text\nmore</p>');
    expect(html).toContain('id="user-content-set-up--run" class="anchor" aria-label="Permalink: Set up &amp; run" href="#set-up--run"');
    expect(html).toContain('id="user-content-set-up--run-1"');
  });
});
