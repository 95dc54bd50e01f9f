/*
 * nginx's JavaScript module (njs 0.7, Debian's libnginx-mod-http-js): the self-hosting front of
 * `snapverse serve`. It answers a request for a pre-rendered file from disk when the request is one the
 * export proved canonical (generator/nginx/export.ts): the route's status, headers and bytes, exactly as
 * the companion server would. Everything else (computed list variants, permuted queries, errors, 304s,
 * ranges, writes, live hosts) goes to the companion server, which answers it with the one resolver.
 *
 * njs 0.7 has no destructuring, classes, Map or state shared between requests: the route table is an
 * nginx map (`$snapverse_entry`, looked up by setting `$snapverse_key`), loaded once per reload.
 * Not TypeScript: nginx loads this file as it is.
 */
var crypto = require("crypto");
var fs = require("fs");

function entry(r, key) {
  r.variables.snapverse_key = key;
  var value = r.variables.snapverse_entry;
  return value ? value : undefined;
}

function decoded(b64) {
  return JSON.parse(Buffer.from(b64, "base64").toString());
}

function header(r, name) {
  var value = r.headersIn[name];
  return value === undefined ? undefined : String(value);
}

/** The label and provider path a request aims at (serve/resolve.ts target), or undefined. */
function aim(r, domain, rawPath) {
  var host = (header(r, "Host") || "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  var path = rawPath.replace(/^\/+/, "");
  if (domain && host.slice(-domain.length - 1) === "." + domain) {
    var sub = host.slice(0, -domain.length - 1);
    if (sub.slice(-5) === ".snap" && sub.slice(0, -5).indexOf(".") === -1) return { label: sub.slice(0, -5), path: path, host: true };
    if (sub.indexOf(".") === -1) return { label: sub, path: path, host: true };
    return undefined;
  }
  var slash = path.indexOf("/");
  if (slash === -1) return undefined;
  return { label: path.slice(0, slash), path: path.slice(slash + 1) };
}

/** A Host a URL can carry as it is (answer/origin.ts HOST); any other is the companion server's to answer. */
var HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin the request came in on (answer/origin.ts requestOrigin), or undefined. */
function requestOrigin(r, label, hostStyle) {
  var host = header(r, "Host");
  if (!host || !HOST.test(host)) return undefined;
  return r.variables.scheme + "://" + host + (hostStyle ? "" : "/" + label);
}

/** What the request carries that resolve() checks before it looks a route up: all must pass. */
function admitted(r, gate, path, query) {
  var version = gate.version;
  if (version) {
    var given = header(r, version.header);
    if (given === undefined ? version.required : version.supported.indexOf(given) === -1) return false;
  }
  var auth = gate.auth;
  if (!auth || (auth.except && new RegExp(auth.except).test(path))) return true;
  for (var i = 0; i < auth.rules.length; i++) {
    var rule = auth.rules[i];
    var credential = rule.header !== undefined ? header(r, rule.header) : queryValue(query, rule.query);
    if (new RegExp(rule.pattern).test(credential === undefined ? "" : credential)) return true;
  }
  return false;
}

function queryValue(query, name) {
  var pairs = query ? query.split("&") : [];
  for (var i = 0; i < pairs.length; i++) {
    var eq = pairs[i].indexOf("=");
    if ((eq === -1 ? pairs[i] : pairs[i].slice(0, eq)) === name) return eq === -1 ? "" : pairs[i].slice(eq + 1);
  }
  return undefined;
}

/** serve/resolve.ts requestId: derived from the pin and the route key, so the same request repeats it. */
function requestId(label, key) {
  var h = crypto
    .createHash("sha256")
    .update(label + "\u0000" + key)
    .digest("hex")
    .toUpperCase();
  return h.slice(0, 4) + ":" + h.slice(4, 8) + ":" + h.slice(8, 14) + ":" + h.slice(14, 21) + ":" + h.slice(21, 29);
}

/** The answer from disk, or undefined when the companion server must answer. */
function fromDisk(r) {
  if (r.method !== "GET" && r.method !== "HEAD") return undefined;
  if (header(r, "Range") !== undefined || header(r, "If-None-Match") !== undefined || header(r, "If-Modified-Since") !== undefined)
    return undefined;
  var uri = r.variables.request_uri;
  var q = uri.indexOf("?");
  var rawPath = q === -1 ? uri : uri.slice(0, q);
  var query = q === -1 ? "" : uri.slice(q + 1);
  // Only keys the export wrote as they travel: anything encoded or doubled is the resolver's to read.
  if (rawPath.indexOf("%") !== -1 || rawPath.indexOf("//") !== -1 || rawPath.slice(-1) === "/") return undefined;
  var site = entry(r, "site");
  if (!site) return undefined;
  var target = aim(r, site, rawPath);
  if (!target || !target.path) return undefined;
  var gateValue = entry(r, "gate " + target.label);
  if (!gateValue) return undefined;
  var gate = decoded(gateValue);
  if (!admitted(r, gate, target.path, query)) return undefined;
  // A media type the pin computes (GitHub's diff of a pull request) is the companion server's answer.
  if (gate.accept) {
    var wanted = header(r, "Accept") || "";
    for (var a = 0; a < gate.accept.length; a++) if (new RegExp(gate.accept[a]).test(wanted)) return undefined;
  }
  var key = query ? target.path + "?" + query : target.path;
  var route = entry(
    r,
    crypto
      .createHash("sha1")
      .update(target.label + " " + key)
      .digest("hex")
  );
  if (!route) return undefined;
  var fields = route.split(" ");
  var template = entry(r, "headers " + target.label + " " + fields[2]);
  if (!template) return undefined;
  var body;
  try {
    body = fs.readFileSync(gate.dir + "/" + decodeURIComponent(fields[3]));
  } catch (e) {
    // The build the export named is gone (rebuilt since): the companion server serves the new one.
    return undefined;
  }
  var headers = decoded(template);
  // A file or header list naming the pin's canonical origin names the request's instead (decision 0027).
  if (fields[4] === "splice") {
    var origin = requestOrigin(r, target.label, target.host === true);
    if (origin === undefined) return undefined;
    if (origin !== gate.origin) {
      body = body.toString().split(gate.origin).join(origin);
      for (var h = 0; h < headers.length; h++) headers[h][1] = headers[h][1].split(gate.origin).join(origin);
    }
  }
  if (fields[1] !== "-") headers.push(["ETag", '"' + fields[1] + '"']);
  if (gate.requestIdHeader) headers.push([gate.requestIdHeader, requestId(target.label, key)]);
  return { status: Number(fields[0]), headers: headers, body: body };
}

function answer(r) {
  var found;
  try {
    found = fromDisk(r);
  } catch (e) {
    r.error("snapverse: " + e);
    found = undefined;
  }
  if (!found) {
    r.internalRedirect("@snapverse");
    return;
  }
  // njs drops a header set to '' (GitLab's empty X-Next-Page on a last page): a lone space is the same
  // field value to HTTP, which strips the whitespace around it.
  for (var i = 0; i < found.headers.length; i++) r.headersOut[found.headers[i][0]] = found.headers[i][1] === "" ? " " : found.headers[i][1];
  r.return(found.status, found.body);
}

export default { answer };
