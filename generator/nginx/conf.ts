/**
 * The nginx configuration that fronts `snapverse serve` (decision 0018): njs answers what the route
 * table proves it may from disk, and everything else is proxied to the companion server. A whole
 * nginx.conf, so that `nginx -p <out> -c nginx.conf` runs it; its paths are all under `<out>`.
 */
/** Where Debian's libnginx-mod-http-js puts njs (scripts/install-system-deps.sh njs). */
export const DEBIAN_NJS_MODULE = "/usr/lib/nginx/modules/ngx_http_js_module.so";

export interface NginxSettings {
  /** The folder the files are written to (absolute): nginx's prefix. */
  out: string;
  /** host:port nginx listens on. */
  listen: string;
  /** host:port of `snapverse serve`. */
  upstream: string;
  /** The njs module's shared object; empty when nginx has njs built in. */
  module: string;
  /** The user worker processes run as (only when nginx starts as root). */
  user?: string;
  /** Number of map entries: sizes nginx's hash. */
  entries: number;
}

export function nginxConf(s: NginxSettings): string {
  // nginx looks for a table size at which no bucket overflows: 512-byte buckets hold about eight keys
  // (40 hex digits and a pointer each), so a table as large as the entries always has room.
  let hashSize = 1024;
  while (hashSize < s.entries) hashSize *= 2;
  return `# Written by \`snapverse nginx\`: run with  nginx -p ${s.out} -c nginx.conf
# Rewritten (with routes.map) after every build: then \`nginx -p ${s.out} -c nginx.conf -s reload\`.
${s.module ? `load_module ${s.module};\n` : ""}${s.user ? `user ${s.user};\n` : ""}worker_processes auto;
pid ${s.out}/nginx.pid;
error_log ${s.out}/error.log warn;

events {
  worker_connections 4096;
}

http {
  # $upstream_addr is "-" for an answer nginx gave from disk.
  log_format snapverse '$remote_addr "$request" $status $body_bytes_sent $upstream_addr $request_time';
  access_log ${s.out}/access.log snapverse;
  client_body_temp_path ${s.out}/temp/body;
  proxy_temp_path ${s.out}/temp/proxy;
  fastcgi_temp_path ${s.out}/temp/fastcgi;
  uwsgi_temp_path ${s.out}/temp/uwsgi;
  scgi_temp_path ${s.out}/temp/scgi;
  server_tokens off;
  # The companion server answers oversized requests in the provider's own shape (serve/limits.ts).
  client_max_body_size 0;
  large_client_header_buffers 4 64k;
  # The companion server negotiates the encoding of what it answers; nginx never re-encodes (its gzip would
  # weaken the ETag and drop Accept-Ranges). What njs answers from disk is sent identity.
  gzip off;

  js_path ${s.out};
  js_import snapverse from snapverse.js;
  js_var $snapverse_key;
  map_hash_max_size ${hashSize};
  map_hash_bucket_size 512;
  map $snapverse_key $snapverse_entry {
    volatile;
    include ${s.out}/routes.map;
  }

  upstream snapverse_companion {
    server ${s.upstream};
    keepalive 64;
  }

  server {
    listen ${s.listen};
    location / {
      js_content snapverse.answer;
    }
    location @snapverse {
      proxy_pass http://snapverse_companion$request_uri;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The scheme the client came in on: answers name the request's origin (decision 0027).
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`;
}
