import type { Resource } from "../../core/provider.js";
import type { DevinSession } from "../../world/types.js";
import type { DevinContext } from "./context.js";

/**
 * `GET /v1/attachments/{uuid}/{name}`: a file Devin attached to a session (a plan, a report), as raw
 * bytes. Devin answers this with a 307 to a presigned storage URL that lives 60 seconds; the pin serves
 * the file itself at the API's URL instead (a client that follows redirects reads the same bytes), since
 * a frozen pin has no second host and a redirect target would be one more name for one file.
 */
export function* attachmentResources(d: DevinContext, s: DevinSession): Generator<Resource> {
  for (const a of s.attachments) {
    // text/plain: the pins serve text files through a static file server that types them by extension.
    yield { path: d.attachmentPath(a), body: { raw: a.content, contentType: "text/plain; charset=utf-8" } };
  }
}
