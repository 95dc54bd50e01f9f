import type { ComputeHandler, Resource } from "../../core/provider.js";
import type { PdContext } from "./context.js";
import { ME_WITH_ACCOUNT_KEY, invalidInput } from "./errors.js";
import { errorReply } from "./http.js";
import { user } from "./people.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `GET /users/me` answers for the user a token belongs to. An OAuth token (`Authorization: Bearer …`)
 * is a user's: the account owner's here. A REST API key (`Token token=…`) is taken for an account-level
 * key, which has no user: PagerDuty's 400.
 */
export const ME_DATA = "_snapverse/pd/me.json";

export function* meResources(pd: PdContext): Generator<Resource> {
  yield { path: ME_DATA, body: { user: user(pd, pd.owner) } };
}

const me: ComputeHandler = async (input) => {
  if (!/^bearer\s+\S/i.test(input.headers.authorization ?? "")) return errorReply(invalidInput, ME_WITH_ACCOUNT_KEY);
  const text = await input.read(ME_DATA);
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: text ?? "{}" };
};

export const meRoutes: ComputedRoute[] = ["GET", "HEAD"].map((method) => ({ method, path: "^users/me$", handler: "me", run: me }));
