// Debian's nginx in front of a system-test server, run from the operator's own files in deploy/:
// the site deploy/nginx/lernhaus.conf with only its ports, certificate and folder paths swapped
// for loopback ones, a certificate made by deploy/nginx/self-signed-cert.sh, and the app's
// environment read from deploy/lernhaus.env.example. nginx runs in the foreground as a child
// process, with its pid, logs and temporary files in a folder of its own.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import fs from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import http2 from "node:http2";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { ConnectionOptions as TLSConnectionOptions, TLSSocket } from "node:tls";
import { REPO_ROOT, waitUntil } from "./server-process";

export const NGINX = "/usr/sbin/nginx";
export const SITE_CONFIG = path.join(REPO_ROOT, "deploy/nginx/lernhaus.conf");
export const CERT_SCRIPT = path.join(REPO_ROOT, "deploy/nginx/self-signed-cert.sh");
export const ENV_EXAMPLE = path.join(REPO_ROOT, "deploy/lernhaus.env.example");
export const CLI_WRAPPER = path.join(REPO_ROOT, "deploy/lernhaus-cli");
export const BACKUP_JOB = path.join(REPO_ROOT, "deploy/cron/lernhaus-backup");

/** deploy/lernhaus.env.example as an operator fills it in: each `NAME=` line given here gets
 * the value (every one must be in the example). */
export function installedEnvironmentFile(values: Record<string, string>): string {
  let text = fs.readFileSync(ENV_EXAMPLE, "utf8");
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, "m");
    if (!line.test(text)) throw new Error(`deploy/lernhaus.env.example has no ${name}= line`);
    text = text.replace(line, `${name}=${value}`);
  }
  return text;
}

/** Fails (never skips) with what to install when nginx or openssl is missing. */
export function requireNginxAndOpenssl() {
  const missing: string[] = [];
  if (!fs.existsSync(NGINX)) missing.push(`nginx (${NGINX})`);
  if (spawnSync("openssl", ["version"]).status !== 0) missing.push("openssl");
  if (missing.length > 0) {
    throw new Error(
      `the deployment test runs the app behind Debian's nginx with a self-signed certificate, but ${missing.join(" and ")} is missing: apt-get install nginx openssl`,
    );
  }
}

/* ------------------------------------------------------------------ the environment file */

/** The VARIABLE=value lines of an environment file, read as systemd's EnvironmentFile= reads
 * the simple form the example uses: comments and blank lines skipped, one pair of surrounding
 * quotes removed. */
export function readEnvironmentFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`${path.relative(REPO_ROOT, file)}: not VARIABLE=value: ${raw}`);
    const value = match[2]!;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    env[match[1]!] = quoted ? quoted[2]! : value;
  }
  return env;
}

/* ------------------------------------------------------------------ the site configuration */

export interface ProxyPorts {
  http: number;
  https: number;
  /** The app's port, or several: one `server` line each in the upstream (nginx's round robin). */
  app: number | readonly number[];
}

export interface ProxyOptions {
  /** Adds `X-Upstream: 127.0.0.1:<port>` to every proxied answer, so that a test can tell
   * which instance answered (the shipped site sends no such header). */
  revealUpstream?: boolean;
}

interface SitePaths {
  certFile: string;
  keyFile: string;
  acmeRoot: string;
  accessLog: string;
}

/** deploy/nginx/lernhaus.conf with loopback ports and the test's files. Each swap must find its
 * text: when the shipped file changes, this fails and names what it no longer contains. */
export function siteConfigForTest(
  source: string,
  ports: ProxyPorts,
  paths: SitePaths,
  options: ProxyOptions = {},
): string {
  const appPorts = typeof ports.app === "number" ? [ports.app] : ports.app;
  if (appPorts.length === 0) throw new Error("siteConfigForTest: no app port for the upstream");
  const upstreamServers = appPorts.map((port) => `server 127.0.0.1:${port};`).join("\n    ");
  const swaps: [string | RegExp, string][] = [
    // No IPv6 listeners: the test talks to 127.0.0.1 only.
    [/^[ \t]*listen \[::\]:(?:80|443)\b[^;]*;\n/gm, ""],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["server 127.0.0.1:3000;", upstreamServers],
    // The redirect names the HTTPS port, which is not the default one here.
    ["https://$host$request_uri", `https://$host:${ports.https}$request_uri`],
    ["/etc/letsencrypt/live/lernhaus.example/fullchain.pem", paths.certFile],
    ["/etc/letsencrypt/live/lernhaus.example/privkey.pem", paths.keyFile],
    ["/var/www/letsencrypt", paths.acmeRoot],
    ["/var/log/nginx/lernhaus.access.log", paths.accessLog],
  ];
  if (options.revealUpstream) {
    // Server level: inherited by every location that adds no header of its own (all proxied ones).
    swaps.push([
      "proxy_set_header X-Request-Id $request_id;",
      "proxy_set_header X-Request-Id $request_id;\n    add_header X-Upstream $upstream_addr always;",
    ]);
  }
  let config = source;
  for (const [from, to] of swaps) {
    const next = typeof from === "string" ? config.replaceAll(from, to) : config.replace(from, to);
    if (next === config) {
      throw new Error(
        `deploy/nginx/lernhaus.conf no longer contains ${String(from)}: update ${import.meta.filename}`,
      );
    }
    config = next;
  }
  return config;
}

/** The main nginx.conf around the site: Debian's defaults that matter here (mime types, gzip,
 * workers as www-data when started as root), with every file nginx writes in `dir`. */
function mainConfig(dir: string, siteFile: string) {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? "user www-data;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events {
    worker_connections 512;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    gzip on;
    include ${siteFile};
}
`;
}

/* ------------------------------------------------------------------ nginx */

export class NginxProxy {
  output = "";
  exited = false;
  private constructor(
    readonly child: ChildProcess,
    readonly dir: string,
    readonly ports: ProxyPorts,
    /** The self-signed certificate (PEM), for clients to trust. */
    readonly ca: Buffer,
    /** certbot's webroot: files here are served under /.well-known/acme-challenge/. */
    readonly acmeRoot: string,
  ) {
    child.stdout?.on("data", (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
    });
    child.on("close", () => {
      this.exited = true;
    });
  }

  get httpsUrl() {
    return `https://127.0.0.1:${this.ports.https}`;
  }

  get httpUrl() {
    return `http://127.0.0.1:${this.ports.http}`;
  }

  /** Writes the configuration, checks it with `nginx -t`, starts nginx and waits until both
   * ports accept connections. */
  static async start(ports: ProxyPorts, options: ProxyOptions = {}): Promise<NginxProxy> {
    requireNginxAndOpenssl();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-nginx-"));
    // Workers started by root run as www-data, which must reach the temporary folders.
    fs.chmodSync(dir, 0o755);
    const keyFile = path.join(dir, "lernhaus.key");
    const certFile = path.join(dir, "lernhaus.crt");
    const acmeRoot = path.join(dir, "acme");
    fs.mkdirSync(path.join(acmeRoot, ".well-known/acme-challenge"), { recursive: true });
    execFileSync(CERT_SCRIPT, ["127.0.0.1", keyFile, certFile, "1"], { stdio: "pipe" });

    const siteFile = path.join(dir, "lernhaus.conf");
    fs.writeFileSync(
      siteFile,
      siteConfigForTest(
        fs.readFileSync(SITE_CONFIG, "utf8"),
        ports,
        {
          certFile,
          keyFile,
          acmeRoot,
          accessLog: path.join(dir, "lernhaus.access.log"),
        },
        options,
      ),
    );
    const mainFile = path.join(dir, "nginx.conf");
    fs.writeFileSync(mainFile, mainConfig(dir, siteFile));
    const args = ["-p", dir, "-c", mainFile, "-e", "stderr"];
    const check = spawnSync(NGINX, ["-t", ...args], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

    const proxy = new NginxProxy(
      spawn(NGINX, args, { stdio: ["ignore", "pipe", "pipe"] }),
      dir,
      ports,
      fs.readFileSync(certFile),
      acmeRoot,
    );
    await waitUntil(
      async () => {
        if (proxy.exited) throw new Error(`nginx exited at start:\n${proxy.output}`);
        return (await accepts(ports.https)) && (await accepts(ports.http));
      },
      15_000,
      "nginx listens",
    );
    return proxy;
  }

  /** Fast shutdown (SIGTERM), then the folder is removed. */
  async stop() {
    if (!this.exited) {
      this.child.kill("SIGTERM");
      await waitUntil(() => this.exited, 10_000, "nginx has stopped").catch(() => this.child.kill("SIGKILL"));
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/* ------------------------------------------------------------------ clients */

export interface ProxyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The TLS connection's negotiated protocol (h2, http/1.1), when over TLS. */
  alpn?: string | false | null;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body chunked, without a Content-Length. */
  chunked?: boolean;
  /** The client's own address on loopback (127.0.0.2, …): the address nginx sees. */
  localAddress?: string;
  timeoutMs?: number;
}

/** One HTTP/1.1 request over TLS on a fresh connection, trusting `ca`. An answer that arrives
 * while the body is still going out is read and returned; the connection ending afterwards is
 * not an error. A connection that ends before any answer is (a reset, not a clean refusal). */
export function httpsRequest(url: string, ca: Buffer, options: RequestOptions = {}): Promise<ProxyAnswer> {
  const { method = "GET", timeoutMs = 30_000 } = options;
  const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
  const headers: Record<string, string> = { ...options.headers };
  if (body && !options.chunked) headers["Content-Length"] = String(body.length);
  if (body && options.chunked) headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    let answered = false;
    // ALPN offered, so that the negotiated protocol can be checked (a TLS option https passes on).
    const requestOptions: https.RequestOptions & TLSConnectionOptions = {
      method,
      headers,
      ca,
      agent: false,
      localAddress: options.localAddress,
      ALPNProtocols: ["http/1.1"],
    };
    const request = https.request(url, requestOptions);
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    request.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(new Error(`${method} ${url}: the connection failed before an answer: ${error.message}`));
    });
    request.on("response", (response) => {
      answered = true;
      const alpn = (response.socket as TLSSocket).alpnProtocol;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          alpn,
        });
        request.destroy();
      };
      response.on("end", done);
      response.on("error", done);
    });
    if (!body) {
      request.end();
      return;
    }
    // In pieces, so that an early answer stops the upload.
    void (async () => {
      const piece = 256 * 1024;
      for (let offset = 0; offset < body.length && !answered && !request.destroyed; offset += piece) {
        if (!request.write(body.subarray(offset, offset + piece))) {
          await firstOf(request, ["drain", "close", "response"]);
        }
      }
      if (!answered && !request.destroyed) request.end();
    })();
  });
}

/** One plain-HTTP GET (the port-80 side). */
export function httpGet(url: string): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
  });
}

/** An HTTP/2 session to the proxy, trusting `ca`; fails unless ALPN chose h2. */
export async function connectHttp2(url: string, ca: Buffer): Promise<http2.ClientHttp2Session> {
  const session = http2.connect(url, { ca });
  await new Promise<void>((resolve, reject) => {
    session.once("connect", () => resolve());
    session.once("error", reject);
  });
  return session;
}

/** One request on an HTTP/2 session: status, headers and body. */
export function http2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: Buffer,
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(
      { ...headers, ...(body ? { "content-length": body.length } : {}) },
      {
        endStream: !body,
      },
    );
    let answer: http2.IncomingHttpHeaders | undefined;
    const chunks: Buffer[] = [];
    stream.on("response", (responseHeaders) => {
      answer = responseHeaders;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = () => {
      if (!answer) {
        reject(new Error(`${headers[":path"]}: the stream ended without an answer (a reset)`));
        return;
      }
      resolve({
        status: Number(answer[":status"]),
        headers: answer,
        text: Buffer.concat(chunks).toString("utf8"),
      });
    };
    stream.on("end", done);
    // nginx may end the stream (RST_STREAM NO_ERROR) once it answered a body it refuses.
    stream.on("error", () =>
      answer ? done() : reject(new Error(`${headers[":path"]}: stream error before an answer`)),
    );
    if (body) {
      void (async () => {
        const piece = 256 * 1024;
        for (let offset = 0; offset < body.length && !answer && !stream.destroyed; offset += piece) {
          if (!stream.write(body.subarray(offset, offset + piece))) {
            await firstOf(stream, ["drain", "close", "response"]);
          }
        }
        if (!answer && !stream.destroyed) stream.end();
      })();
    }
  });
}

/** Resolves on the first of `events`, leaving no listener behind. */
function firstOf(emitter: EventEmitter, events: string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.on(event, done);
  });
}

/** A random AUTH_SECRET, as `openssl rand -base64 48` makes one. */
export function authSecret() {
  return randomBytes(48).toString("base64");
}
