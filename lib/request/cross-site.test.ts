import { describe, expect, it } from "vitest";

import { isCrossSiteRequest } from "./cross-site";

const site = "https://cipher.example";

function post(headers: Record<string, string>, method = "POST") {
  return new Request("http://127.0.0.1:3000/api/bots/import", {
    method,
    headers: { host: "cipher.example", ...headers },
  });
}

describe("isCrossSiteRequest", () => {
  it("refuses what another site's page sends, by Sec-Fetch-Site", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }), site)).toBe(
      true,
    );
    // A sibling subdomain is another origin, possibly someone else's.
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-site" }), site)).toBe(true);
    // Sec-Fetch-Site wins over an Origin that looks right.
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site", origin: site }), site)).toBe(true);
  });

  it("passes the site's own pages and what the user typed", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-origin", origin: site }), site)).toBe(false);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "none" }), site)).toBe(false);
  });

  it("without Sec-Fetch-Site, compares Origin with SITE_URL and the host the request was sent to", () => {
    expect(isCrossSiteRequest(post({ origin: "https://evil.example" }), site)).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "null" }), site)).toBe(true);
    expect(isCrossSiteRequest(post({ origin: site }), site)).toBe(false);
    expect(isCrossSiteRequest(post({ origin: "http://cipher.example" }), site)).toBe(false);
    const local = new Request("http://localhost:3100/x", { method: "POST", headers: { host: "localhost:3100" } });
    expect(
      isCrossSiteRequest(
        new Request(local, { headers: { host: "localhost:3100", origin: "http://localhost:3100" } }),
        site,
      ),
    ).toBe(false);
    expect(
      isCrossSiteRequest(
        new Request(local, { headers: { host: "localhost:3100", origin: "http://localhost:3101" } }),
        site,
      ),
    ).toBe(true);
  });

  it("leaves requests with neither header (not sent by a browser page) and safe methods alone", () => {
    expect(isCrossSiteRequest(post({}), site)).toBe(false);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site" }, "GET"), site)).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site" }, method), site)).toBe(true);
    }
  });
});
