import { createHash } from "node:crypto";
import { hexAsUuid } from "../../world/ids.js";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { DevinSession, Person, Repo, World } from "../../world/types.js";

/**
 * What every Devin renderer needs: the pin's origin, Devin's naming and ids, and lookups into the world.
 * API URLs start with the pin's origin and `/v1`. Web URLs use hosts under the service domain, as the
 * other providers do: Devin's own app (`https://app.devin.<domain>/sessions/<id>`) and GitHub's, where
 * the sessions' pull requests live (`https://github.<domain>/<org>/<repo>/pull/<n>`, the html_url the gh
 * pins serve for the same pull request).
 */
export class DevinContext extends WorldContext {
  /** `https://<pin>.snap.<domain>/v1` */
  readonly api: string;
  /** Devin's web app, where a session is viewed. */
  readonly app: string;
  /** GitHub's web host, for pull request links. */
  readonly github: string;
  readonly org: string;
  private readonly repos: Map<number, Repo>;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.api = `${pin.origin}/v1`;
    this.app = `https://app.devin.${pin.catalog.serviceDomain}`;
    this.github = `https://github.${pin.catalog.serviceDomain}`;
    this.org = world.company.slug;
    this.repos = new Map(world.repos.map((r) => [r.id, r]));
  }

  repo(id: number): Repo {
    const r = this.repos.get(id);
    if (!r) throw new Error(`no repository ${id}`);
    return r;
  }

  requester(s: DevinSession): Person {
    return this.person(s.personId);
  }

  /** `https://github.<domain>/<org>/<repo>/pull/<n>`: the gh pin's html_url of the same pull request. */
  pullUrl(pull: { repoId: number; number: number }): string {
    return `${this.github}/${this.org}/${this.repo(pull.repoId).name}/pull/${pull.number}`;
  }

  /** The world's attachment ids are `devin-<32 hex>`; Devin names an attachment by a UUID. */
  attachmentUuid(id: string): string {
    return uuid(id.replace(/^devin-/, ""));
  }

  /** The resource path (a key holds decoded segments). */
  attachmentPath(a: { id: string; name: string }): string {
    return `v1/attachments/${this.attachmentUuid(a.id)}/${a.name}`;
  }

  /** `GET /v1/attachments/{uuid}/{name}`: where Devin serves a session's file. */
  attachmentUrl(a: { id: string; name: string }): string {
    return `${this.api}/attachments/${this.attachmentUuid(a.id)}/${encodeURIComponent(a.name)}`;
  }

  /** Devin's user ids (`user-<uuid>`), stable per person and generation. */
  userId(p: Person): string {
    return `user-${uuid(hash(`${this.world.generation.seed}\u0000devin/user/${p.id}`))}`;
  }

  /** Message event ids (`event-<uuid>`), stable per session and position. */
  eventId(s: DevinSession, index: number): string {
    return `event-${uuid(hash(`${s.id}\u0000event/${index}`))}`;
  }
}

/** Devin's timestamps: Python's isoformat of an aware UTC datetime, `2026-04-02T09:14:00.123000+00:00`. */
export function ts(ms: number): string {
  return isoMillis(ms).replace(/Z$/, "000+00:00");
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** 32 hex digits (or more) as a UUID's 8-4-4-4-12 groups. */
export const uuid = hexAsUuid;
