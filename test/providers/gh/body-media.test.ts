import { createHash } from "node:crypto";
import { Octokit } from "@octokit/rest";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

type Any = Record<string, any>;
const KINDS = ["raw", "text", "html", "full"] as const;

/** Where GitHub puts the body fields of each media type: in `body`'s place, html before text before body. */
const BODY_KEYS: Record<(typeof KINDS)[number], string[]> = {
  raw: ["body"],
  text: ["body_text"],
  html: ["body_html"],
  full: ["body_html", "body_text", "body"],
};

/** The words of a Markdown body without its block markers (`## `, `- `, `1. `): what its plain text must read. */
function words(markdown: string): string[] {
  return markdown
    .split("\n")
    .map((line) => line.replace(/^\s*(#{1,6}|[-*+]|\d+\.)\s+/, ""))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean);
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * GitHub's comment-body media types (issue 37) on both GitHub pins: for each of a plain issue, a pull
 * request, an issue comment, a review comment and a release, every media type in both spellings answers
 * GitHub's headers, the body fields in `body`'s place and every other field byte for byte as the plain
 * JSON has it; the text reads the body's words without Markdown, and `#n` links carry the id REST gives
 * that issue. Expected values come from the plain REST answers, not from the renderer.
 */
describe.each(["gh-2026-03-g5", "gh-2026-03"])("comment-body media types on %s", (pin) => {
  const base = `${baseUrl}/${pin}`;
  const get = (path: string, accept?: string) => fetch(`${base}/${path}`, accept ? { headers: { accept } } : {});
  const json = async (path: string): Promise<Any> => (await get(path)).json() as Promise<Any>;

  /** The API path of one resource of each kind, the release one whose notes reference a pull request. */
  async function samples(): Promise<{ repo: string; paths: string[] }> {
    const org = ((await json("user/orgs")) as unknown as Any[])[0]!.login as string;
    const repos = (await json(`orgs/${org}/repos?per_page=100`)) as unknown as Any[];
    for (const r of repos) {
      const repo = `repos/${r.full_name}`;
      const releases = (await json(`${repo}/releases`)) as unknown as Any[];
      const release = Array.isArray(releases) ? releases.find((x) => /#\d+/.test(String(x.body))) : undefined;
      const issues = (await json(`${repo}/issues?state=all&per_page=100`)) as unknown as Any[];
      const plain = issues.find((i) => !i.pull_request && i.body);
      const pull = issues.find((i) => i.pull_request && i.body);
      const comment = ((await json(`${repo}/issues/comments`)) as unknown as Any[])[0];
      const review = ((await json(`${repo}/pulls/comments`)) as unknown as Any[])[0];
      if (!release || !plain || !pull || !comment || !review) continue;
      return {
        repo,
        paths: [
          `${repo}/issues/${plain.number}`,
          `${repo}/pulls/${pull.number}`,
          `${repo}/issues/comments/${comment.id}`,
          `${repo}/pulls/comments/${review.id}`,
          `${repo}/releases/${release.id}`,
        ],
      };
    }
    throw new Error(`no repository of ${pin} has every kind of body`);
  }

  it("answers each media type with GitHub's headers, keys in GitHub's order and everything else unchanged", async () => {
    const { paths } = await samples();
    for (const path of paths) {
      const plainText = await (await get(path)).text();
      const plain = JSON.parse(plainText) as Any;
      expect(typeof plain.body, path).toBe("string");
      const rendered: Any = {};
      for (const kind of KINDS) {
        // Octokit's `mediaType: { format }` sends the last spelling, without `+json`.
        for (const accept of [
          `application/vnd.github.${kind}+json`,
          `application/vnd.github.v3.${kind}+json`,
          `application/vnd.github.v3.${kind}`,
        ]) {
          const res = await get(path, accept);
          expect(res.status, `${path} ${accept}`).toBe(200);
          expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
          expect(res.headers.get("x-github-media-type")).toBe(`github.v3; param=${kind}; format=json`);
          const text = await res.text();
          const body = JSON.parse(text) as Any;
          const expectedKeys = Object.keys(plain).flatMap((k) => (k === "body" ? BODY_KEYS[kind] : [k]));
          expect(JSON.stringify(Object.keys(body)), `${path} ${kind}`).toBe(JSON.stringify(expectedKeys));
          const rest = (o: Any) => JSON.stringify(Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith("body"))));
          expect(rest(body)).toBe(rest(plain));
          if (kind === "raw") expect(text).toBe(plainText);
          // The same request, the same bytes.
          expect(sha(await (await get(path, accept)).text())).toBe(sha(text));
          rendered[kind] = body;
        }
      }
      const full = rendered.full as Any;
      expect(full.body).toBe(plain.body);
      expect(rendered.html.body_html).toBe(full.body_html);
      expect(rendered.text.body_text).toBe(full.body_text);
      expect(full.body_html).toMatch(/^<(p|h\d|ul|ol) dir="auto">/);
      expect(full.body_text.split("\n").some((line: string) => /^(#+|-) /.test(line))).toBe(false);
      expect(words(full.body_text)).toStrictEqual(words(plain.body));
    }
  });

  it("links `#n` to that issue or pull request with the id and kind REST gives it", async () => {
    const { repo, paths } = await samples();
    const release = paths.find((p) => p.includes("/releases/"))!;
    const full = (await (await get(release, "application/vnd.github.full+json")).json()) as Any;
    const n = Number(/#(\d+)/.exec(String(full.body))![1]);
    const target = await json(`${repo}/issues/${n}`);
    const kind = target.pull_request ? "pull" : "issues";
    expect(full.body_html).toContain(
      `data-id="${target.id}" data-permission-text="Title is private" data-url="${String(target.html_url).replace("/pull/", "/issues/")}" ` +
        `data-hovercard-type="${target.pull_request ? "pull_request" : "issue"}"`,
    );
    expect(full.body_html).toContain(`href="${target.html_url}">#${n}</a>`);
    expect(target.html_url).toContain(`/${kind}/${n}`);
  });

  it("answers what the pin does not hold with GitHub's 404, and leaves other Accept values alone", async () => {
    const { repo, paths } = await samples();
    const missing = await get(`${repo}/issues/999999`, "application/vnd.github.full+json");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Any).message).toBe("Not Found");
    const plain = await get(paths[0]!, "application/vnd.github+json");
    expect(plain.headers.get("x-github-media-type")).toBe("github.v3; format=json");
    expect(Object.keys((await plain.json()) as Any)).not.toContain("body_html");
  });

  it("serves Octokit's mediaType format full on issues.get and pulls.get", async () => {
    const { repo, paths } = await samples();
    const [, owner, name] = repo.split("/") as [string, string, string];
    const octokit = new Octokit({ baseUrl: base, request: { retries: 0 } });
    const issueNumber = Number(paths[0]!.split("/").pop());
    const pullNumber = Number(paths[1]!.split("/").pop());
    const issue = await octokit.rest.issues.get({ owner, repo: name, issue_number: issueNumber, mediaType: { format: "full" } });
    const pull = await octokit.rest.pulls.get({ owner, repo: name, pull_number: pullNumber, mediaType: { format: "full" } });
    for (const [res, path] of [
      [issue, paths[0]!],
      [pull, paths[1]!],
    ] as const) {
      expect(res.headers["x-github-media-type"]).toBe("github.v3; param=full; format=json");
      const plain = await json(path);
      const data = res.data as Any;
      expect(data.body).toBe(plain.body);
      expect(data.body_html).toMatch(/<\/(p|h\d|ul|ol)>$/);
      expect(words(String(data.body_text))).toStrictEqual(words(String(plain.body)));
    }
  });

  it("answers GraphQL's bodyHTML and bodyText as REST's body_html and body_text", async () => {
    const { repo, paths } = await samples();
    const [, owner, name] = repo.split("/") as [string, string, string];
    const issueNumber = Number(paths[0]!.split("/").pop());
    const pullNumber = Number(paths[1]!.split("/").pop());
    const query = `query($o: String!, $r: String!, $i: Int!, $p: Int!) { repository(owner: $o, name: $r) {
      issue(number: $i) { body bodyHTML bodyText comments(first: 1) { nodes { databaseId bodyHTML bodyText } } }
      pullRequest(number: $p) { body bodyHTML bodyText } } }`;
    const res = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { authorization: "bearer x" },
      body: JSON.stringify({ query, variables: { o: owner, r: name, i: issueNumber, p: pullNumber } }),
    });
    const answer = (await res.json()) as Any;
    expect(answer.errors).toBeUndefined();
    const full = async (path: string) => (await (await get(path, "application/vnd.github.full+json")).json()) as Any;
    for (const [node, path] of [
      [answer.data.repository.issue, paths[0]!],
      [answer.data.repository.pullRequest, paths[1]!],
    ] as const) {
      const rest = await full(path);
      expect(node.bodyHTML).toBe(rest.body_html);
      expect(node.bodyText).toBe(rest.body_text);
    }
    const comment = answer.data.repository.issue.comments.nodes[0];
    if (comment) {
      const rest = await full(`${repo}/issues/comments/${comment.databaseId}`);
      expect(comment.bodyHTML).toBe(rest.body_html);
      expect(comment.bodyText).toBe(rest.body_text);
    }
  });
});

describe("the html media type on contents", () => {
  const base = `${baseUrl}/gh-2026-03-g5`;
  const get = (path: string, accept?: string) => fetch(`${base}/${path}`, accept ? { headers: { accept } } : {});

  it("renders the README and Markdown files in GitHub's wrappers, and answers other files with their JSON", async () => {
    const org = ((await (await get("user/orgs")).json()) as Any[])[0]!.login as string;
    const repos = (await (await get(`orgs/${org}/repos`)).json()) as Any[];
    const repo = `repos/${repos[0]!.full_name}`;
    const readme = (await (await get(`${repo}/readme`)).json()) as Any;
    const markdown = Buffer.from(String(readme.content), "base64").toString("utf8");
    const title = /^# (.+)$/m.exec(markdown)![1]!;
    for (const accept of ["application/vnd.github.html", "application/vnd.github.v3.html", "application/vnd.github.html+json"]) {
      for (const [path, wrapper] of [
        [`${repo}/readme`, "readme"],
        [`${repo}/contents/${readme.path}`, "file"],
      ] as const) {
        const res = await get(path, accept);
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(res.headers.get("x-github-media-type")).toBe("github.v3; param=html");
        const html = await res.text();
        expect(
          html.startsWith(
            `<div id="${wrapper}" class="md" data-path="${readme.path}"><article class="markdown-body entry-content container-lg" itemprop="text">`,
          ),
        ).toBe(true);
        expect(html.endsWith("</article></div>")).toBe(true);
        expect(html).toContain(`dir="auto">${title}</h1>`);
        expect(html).not.toContain(`# ${title}`);
      }
    }
    const listing = (await (await get(`${repo}/contents`)).json()) as Any[];
    const other = listing.find((e) => e.type === "file" && !/\.md$/i.test(String(e.path)));
    if (other) {
      const res = await get(`${repo}/contents/${other.path}`, "application/vnd.github.html");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await res.text()).toBe(await (await get(`${repo}/contents/${other.path}`)).text());
    }
  });

  it("answers GitHub's 404 where the pin holds no files", async () => {
    const org = ((await (await fetch(`${baseUrl}/gh-2026-03/user/orgs`)).json()) as Any[])[0]!.login as string;
    const repos = (await (await fetch(`${baseUrl}/gh-2026-03/orgs/${org}/repos`)).json()) as Any[];
    const res = await fetch(`${baseUrl}/gh-2026-03/repos/${repos[0]!.full_name}/readme`, {
      headers: { accept: "application/vnd.github.html" },
    });
    expect(res.status).toBe(404);
  });
});
