// What the app believes about a visitor behind a proxy (TRUST_PROXY, docs/deploy.md): the
// address and the scheme come from the last entry of X-Forwarded-For / X-Forwarded-Proto, the
// one our own proxy set; the entries before it are whatever the client claimed.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp, clientProtocol } from "../../server/client-ip";

function request(
  headers: IncomingMessage["headers"],
  socket: { remoteAddress?: string; encrypted?: boolean },
) {
  return { headers, socket } as unknown as IncomingMessage;
}

describe("clientIp", () => {
  it("is the socket's address without TRUST_PROXY, whatever the headers say", () => {
    const req = request({ "x-forwarded-for": "203.0.113.9" }, { remoteAddress: "::ffff:127.0.0.1" });
    expect(clientIp(req, false)).toBe("127.0.0.1");
  });

  it("is the last X-Forwarded-For entry with TRUST_PROXY, not the client's claims before it", () => {
    const req = request({ "x-forwarded-for": "203.0.113.9, 198.51.100.7" }, { remoteAddress: "127.0.0.1" });
    expect(clientIp(req, true)).toBe("198.51.100.7");
  });
});

describe("clientProtocol", () => {
  it("is the socket's scheme without TRUST_PROXY", () => {
    expect(clientProtocol(request({ "x-forwarded-proto": "https" }, {}), false)).toBe("http");
    expect(clientProtocol(request({}, { encrypted: true }), false)).toBe("https");
  });

  it("is https behind a proxy that ended TLS, from the last X-Forwarded-Proto entry", () => {
    expect(clientProtocol(request({ "x-forwarded-proto": "https" }, {}), true)).toBe("https");
    expect(clientProtocol(request({ "x-forwarded-proto": "http, HTTPS" }, {}), true)).toBe("https");
    expect(clientProtocol(request({ "x-forwarded-proto": "https, http" }, {}), true)).toBe("http");
  });

  it("falls back to the socket when the proxy sent no usable scheme", () => {
    expect(clientProtocol(request({}, {}), true)).toBe("http");
    expect(clientProtocol(request({ "x-forwarded-proto": "gopher" }, {}), true)).toBe("http");
  });
});
