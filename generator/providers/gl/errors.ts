import type { ErrorDoc } from "../../core/provider.js";

/**
 * GitLab's REST API answers `Content-Type: application/json`, without a charset (Grape's JSON formatter);
 * python-gitlab before 3.14 parsed a body only when the type was exactly that (python-gitlab#2503). Every
 * JSON answer of the pin carries it: the profile's headers for files and lists, each error's own here.
 */
export const JSON_TYPE = "application/json";
const json = { "content-type": JSON_TYPE };

/**
 * GitLab's error bodies. A missing resource is `{"message":"404 <Thing> Not Found"}`; one body has to
 * stand for every unknown path, so it is GitLab's generic `404 Not found`.
 */
export const notFound: ErrorDoc = { status: 404, body: { message: "404 Not found" }, headers: json };

/** Any write: what GitLab answers a token that may read but not write. The pin never changes. */
export const methodNotAllowed: ErrorDoc = { status: 403, body: { message: "403 Forbidden" }, headers: json };

/** What GitLab answers for a file or blob that is not in the repository (the raw endpoints, computed). */
export const fileNotFound: ErrorDoc = { status: 404, body: { message: "404 File Not Found" }, headers: json };
export const blobNotFound: ErrorDoc = { status: 404, body: { message: "404 Blob Not Found" }, headers: json };

/**
 * An epic the group does not have (every epic: the company made none). The Epics API authorizes
 * `read_epic` on the epic it looked up (`EpicsHelpers#authorize_can_read!`, `authorize!(:read_epic, epic)`),
 * and a missing epic fails that check: 403, not 404.
 */
export const noEpic: ErrorDoc = { status: 403, body: { message: "403 Forbidden" }, headers: json };
