import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

/** What git itself names these bytes. */
function blobSha(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

type FileJson = Record<string, string | number | boolean> & { content: string; file_name: string; blob_id: string; size: number };

/**
 * GitLab's raw endpoints (issue 37): `repository/files/:file_path/raw` and `repository/blobs/:sha/raw`
 * answer the file's bytes with the headers GitLab's API sends (API::Helpers#send_git_blob): text as
 * `text/plain; charset=utf-8`, `Content-Disposition` inline (with the file's name for a file, none for
 * a blob read by SHA), and for a file the `X-Gitlab-*` headers of every field of its JSON form. Expected
 * values come from the JSON answers of the same files and from git's own hashing of the bytes.
 */
describe("GitLab raw files and blobs on gl-v4-g5", () => {
  const api = `${baseUrl}/gl-v4-g5/api/v4`;

  it("answers every file of a project's tree raw, byte for byte its JSON form's content, with GitLab's headers", async () => {
    const projects = (await (await fetch(`${api}/projects?per_page=100&order_by=id&sort=asc`)).json()) as Array<{ id: number }>;
    const id = projects[0]!.id;
    const tree = (await (await fetch(`${api}/projects/${id}/repository/tree?recursive=true&per_page=100`)).json()) as Array<{
      type: string;
      path: string;
      id: string;
    }>;
    const blobs = tree.filter((e) => e.type === "blob");
    expect(blobs.length).toBeGreaterThan(2);
    for (const entry of blobs) {
      const encoded = encodeURIComponent(entry.path);
      const json = (await (await fetch(`${api}/projects/${id}/repository/files/${encoded}?ref=main`)).json()) as FileJson;
      const raw = await fetch(`${api}/projects/${id}/repository/files/${encoded}/raw?ref=main`);
      expect(raw.status, entry.path).toBe(200);
      const bytes = Buffer.from(await raw.arrayBuffer());
      expect(bytes.equals(Buffer.from(json.content, "base64")), entry.path).toBe(true);
      expect(blobSha(bytes)).toBe(entry.id);
      expect(raw.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(raw.headers.get("content-disposition")).toBe(`inline; filename="${json.file_name}"; filename*=UTF-8''${json.file_name}`);
      for (const [field, value] of Object.entries(json)) {
        if (field === "content") continue;
        expect(raw.headers.get(`x-gitlab-${field.replace(/_/g, "-")}`), `${entry.path} ${field}`).toBe(String(value));
      }
      // `ref` defaults to the default branch.
      const bare = Buffer.from(await (await fetch(`${api}/projects/${id}/repository/files/${encoded}/raw`)).arrayBuffer());
      expect(bare.equals(bytes)).toBe(true);

      const blob = await fetch(`${api}/projects/${id}/repository/blobs/${entry.id}/raw`);
      expect(blob.status).toBe(200);
      expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
      expect(blob.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(blob.headers.get("content-disposition")).toBe("inline");
      expect(blob.headers.get("x-gitlab-file-name")).toBeNull();
    }
  });

  it("answers a file or blob the project does not hold with GitLab's 404 bodies", async () => {
    const projects = (await (await fetch(`${api}/projects?per_page=1`)).json()) as Array<{ id: number }>;
    const id = projects[0]!.id;
    const file = await fetch(`${api}/projects/${id}/repository/files/no%2Fsuch%2Ffile.txt/raw?ref=main`);
    expect(file.status).toBe(404);
    expect(await file.text()).toBe('{"message":"404 File Not Found"}');
    const blob = await fetch(`${api}/projects/${id}/repository/blobs/${"0".repeat(40)}/raw`);
    expect(blob.status).toBe(404);
    expect(await blob.text()).toBe('{"message":"404 Blob Not Found"}');
    expect(blob.headers.get("content-type")).toBe("application/json");
  });
});
