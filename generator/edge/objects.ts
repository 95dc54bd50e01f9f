/**
 * Where the edge reads a published tree from: an R2 binding, or any S3-compatible bucket over plain
 * HTTP (a public-read bucket, or one behind a signing proxy). Keys are relative to the published prefix.
 */
export interface ObjectReader {
  get(key: string): Promise<Uint8Array | undefined>;
}

/** The subset of Cloudflare's R2Bucket binding the edge uses. */
export interface R2Like {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

export function r2Reader(bucket: R2Like, prefix = ""): ObjectReader {
  const base = prefix.replace(/^\/+|\/+$/g, "");
  return {
    async get(key) {
      const object = await bucket.get(base ? `${base}/${key}` : key);
      return object ? new Uint8Array(await object.arrayBuffer()) : undefined;
    },
  };
}

/** `base`: the bucket and prefix as a URL, path-style (`https://s3.example.com/bucket/prefix`). */
export function httpReader(base: string, fetcher: typeof fetch = fetch): ObjectReader {
  const root = base.replace(/\/+$/, "");
  return {
    async get(key) {
      const url = `${root}/${key.split("/").map(encodeURIComponent).join("/")}`;
      // A dropped connection or a 5xx is tried again twice: every object but the pointers is immutable.
      let res: Response | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          res = await fetcher(url);
          if (res.status < 500 || attempt === 2) break;
          await res.arrayBuffer();
        } catch (error) {
          if (attempt === 2) throw error;
        }
      }
      res = res!;
      if (res.status === 404 || res.status === 403) {
        await res.arrayBuffer();
        return undefined;
      }
      if (!res.ok) throw new Error(`the bucket answered ${res.status} for ${key}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
