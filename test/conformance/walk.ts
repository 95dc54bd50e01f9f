import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PinStore, type PinData } from "../../generator/serve/pin-store.js";
import { resolve, type Answer } from "../../generator/serve/resolve.js";

/** Answers requests straight from a built dist/ through the resolver, without HTTP: fast enough to walk every link. */
export class DistClient {
  readonly store: PinStore;

  constructor(readonly dist: string, readonly baseUrl: string) {
    this.store = new PinStore(dist);
  }

  pin(name: string): PinData {
    const pin = this.store.pin(name);
    if (!pin) throw new Error(`pin ${name} is not built in ${this.dist}`);
    return pin;
  }

  /** Resolves an absolute URL under baseUrl (or a path) and reads the answer. */
  get(urlOrPath: string, method = "GET"): { answer: Answer; status: number; headers: Record<string, string>; text: string } {
    const url = new URL(urlOrPath, this.baseUrl);
    const answer = resolve(
      // A client sends credentials; providers that insist on them (ServingProfile.auth) accept any.
      { method, path: url.pathname, query: [...url.searchParams], headers: { authorization: "Bearer snapverse-conformance" } },
      { catalog: this.store.catalog(), pin: (n) => this.store.pin(n) },
    );
    const text = answer.kind === "body" ? answer.body : answer.kind === "file" ? readFileSync(join(this.dist, this.pin(answer.label).dir, answer.file), "utf8") : "";
    // (Computed and sliced answers are exercised over HTTP, in test/serve and the SDK tests.)
    return { answer, status: answer.kind === "compute" || answer.kind === "list" ? 0 : answer.status, headers: answer.headers, text };
  }
}
