import { afterId } from "./after-id.js";
import { bodyLinks } from "./body-links.js";
import { continuationToken } from "./continuation-token.js";
import { cursorLink } from "./cursor-link.js";
import { linkHeader } from "./link-header.js";
import type { Mechanism } from "./mechanism.js";
import { offset } from "./offset.js";
import { pageFields } from "./page-fields.js";
import { pageHeaders } from "./page-headers.js";
import type { ContributedPaging, CoreMechanismName, MechanismName, PagingOf } from "./paging.js";
import { startAt } from "./start-at.js";

export type { ListView, Mechanism, PageAt, PageMarkers } from "./mechanism.js";
export type { ContributedPaging, CoreMechanismName, MechanismName, Pagination, PagingBase, PagingOf } from "./paging.js";

/** Every pagination mechanism of core, by the name a profile gives. */
export const mechanisms: { [N in CoreMechanismName]: Mechanism<PagingOf<N>> } = {
  "link-header": linkHeader,
  "page-headers": pageHeaders,
  "body-links": bodyLinks,
  "page-fields": pageFields,
  offset,
  "start-at": startAt,
  "continuation-token": continuationToken,
  "after-id": afterId,
  "cursor-link": cursorLink,
};

/**
 * Mechanisms a provider contributes (`<provider>/<name>`), registered by the composition roots (cli.ts,
 * worker.ts, the test setup: registerMechanisms in core/define-provider.ts): a pagination that only one
 * provider writes lives in its folder, and core still never imports a provider.
 */
const contributed = new Map<string, Mechanism<ContributedPaging>>();

export function registerMechanism(name: `${string}/${string}`, mechanism: Mechanism<ContributedPaging>): void {
  const known = contributed.get(name);
  if (known && known !== mechanism) throw new Error(`the pagination mechanism '${name}' is registered twice`);
  contributed.set(name, mechanism);
}

/** Whether a mechanism is known: a core one, or one a composition root registered. */
export function hasMechanism(name: string): boolean {
  return Object.hasOwn(mechanisms, name) || contributed.has(name);
}

/** The mechanism a pagination names; an unknown name is a bug in the profile, said as such. */
export function mechanismOf(name: MechanismName): Mechanism {
  const m = (mechanisms as Record<string, Mechanism>)[name] ?? contributed.get(name);
  if (!m)
    throw new Error(
      `no pagination mechanism '${name}': a provider's mechanism must be registered by the composition root (registerMechanisms)`,
    );
  return m;
}
