import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.APP_URL).toBe("http://localhost:3000");
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it("names the variable and its value when one is invalid", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow(/^Invalid PORT="abc"/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => parseConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
    expect(() => parseConfig({ SCHOOL_INBOX: "not-an-email" })).toThrow(/SCHOOL_INBOX/);
  });

  it("requires AUTH_SECRET in production with an external database only", () => {
    const external = { NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db/lernhaus" } as const;
    expect(() => parseConfig(external)).toThrow(/AUTH_SECRET.*required/);
    expect(() => parseConfig({ ...external, AUTH_SECRET: "x".repeat(32) })).not.toThrow();
    expect(() => parseConfig({ NODE_ENV: "production" })).not.toThrow();
  });

  it("caps live-update streams: 1000 in all and 20 per IP by default, positive whole numbers only", () => {
    expect(parseConfig({}).LIVE_STREAMS_MAX).toBe(1000);
    expect(parseConfig({}).LIVE_STREAMS_PER_IP).toBe(20);
    expect(parseConfig({ LIVE_STREAMS_MAX: "200", LIVE_STREAMS_PER_IP: "5" })).toMatchObject({
      LIVE_STREAMS_MAX: 200,
      LIVE_STREAMS_PER_IP: 5,
    });
    expect(() => parseConfig({ LIVE_STREAMS_MAX: "0" })).toThrow(/^Invalid LIVE_STREAMS_MAX="0"/);
    expect(() => parseConfig({ LIVE_STREAMS_PER_IP: "many" })).toThrow(/^Invalid LIVE_STREAMS_PER_IP/);
  });

  it("sizes each process's database pool: 10 by default, 1 to 1000", () => {
    expect(parseConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(parseConfig({ DATABASE_POOL_MAX: "" }).DATABASE_POOL_MAX).toBe(10);
    expect(parseConfig({ DATABASE_POOL_MAX: "25" }).DATABASE_POOL_MAX).toBe(25);
    for (const bad of ["0", "1001", "2.5", "many"]) {
      expect(() => parseConfig({ DATABASE_POOL_MAX: bad })).toThrow(/^Invalid DATABASE_POOL_MAX/);
    }
  });

  it("paces newsletter sends: 60 mails a minute by default, 1 to 100 000 (ADR 029)", () => {
    expect(parseConfig({}).NEWSLETTER_MAILS_PER_MINUTE).toBe(60);
    expect(parseConfig({ NEWSLETTER_MAILS_PER_MINUTE: "" }).NEWSLETTER_MAILS_PER_MINUTE).toBe(60);
    expect(parseConfig({ NEWSLETTER_MAILS_PER_MINUTE: "600" }).NEWSLETTER_MAILS_PER_MINUTE).toBe(600);
    for (const bad of ["0", "100001", "1.5", "fast"]) {
      expect(() => parseConfig({ NEWSLETTER_MAILS_PER_MINUTE: bad })).toThrow(
        /^Invalid NEWSLETTER_MAILS_PER_MINUTE/,
      );
    }
  });

  it("reads LOG_LEVEL: info by default, pino's level names in any case, nothing else (ADR 016)", () => {
    expect(parseConfig({}).LOG_LEVEL).toBe("info");
    expect(parseConfig({ LOG_LEVEL: "" }).LOG_LEVEL).toBe("info");
    expect(parseConfig({ LOG_LEVEL: " WARN " }).LOG_LEVEL).toBe("warn");
    expect(parseConfig({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
    expect(() => parseConfig({ LOG_LEVEL: "verbose" })).toThrow(/^Invalid LOG_LEVEL="verbose"/);
  });

  it("rejects half-configured identity providers", () => {
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => parseConfig({ OIDC_ISSUER: "https://id.example" })).toThrow(/OIDC_ISSUER/);
  });

  it("derives APP_URL from PORT and trims a trailing slash", () => {
    expect(parseConfig({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
    expect(parseConfig({ APP_URL: "https://lernhaus.edu.vn/" }).APP_URL).toBe("https://lernhaus.edu.vn");
  });

  it("never prints a secret or a password from a URL in its error", () => {
    expect(() => parseConfig({ AUTH_SECRET: "too-short-secret" })).toThrow('Invalid AUTH_SECRET="***"');
    expect(() => parseConfig({ DATABASE_URL: "postgress://app:TopSecret@db/x" })).toThrow(
      'Invalid DATABASE_URL="postgress://app:***@db/x"',
    );
  });

  it("takes a METRICS_TOKEN of 32 characters or more, and never prints a refused one", () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: "m".repeat(32) }).METRICS_TOKEN).toBe("m".repeat(32));
    expect(() => parseConfig({ METRICS_TOKEN: "scrape-me-if-you-can" })).toThrow(
      'Invalid METRICS_TOKEN="***": must be at least 32 characters',
    );
  });

  it("reads the boolean flags", () => {
    expect(parseConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });
});
