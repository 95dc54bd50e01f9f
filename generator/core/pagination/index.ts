import type { MechanismName } from "../provider.js";
import { afterId } from "./after-id.js";
import { bodyLinks } from "./body-links.js";
import { continuationToken } from "./continuation-token.js";
import { cursorLink } from "./cursor-link.js";
import { linkHeader } from "./link-header.js";
import type { Mechanism } from "./mechanism.js";
import { offset } from "./offset.js";
import { pageFields } from "./page-fields.js";
import { pageHeaders } from "./page-headers.js";
import { startAt } from "./start-at.js";

export type { ListView, Mechanism, PageAt, PageMarkers } from "./mechanism.js";

/** Every pagination mechanism, by the name a profile gives. */
export const mechanisms: Record<MechanismName, Mechanism> = {
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
